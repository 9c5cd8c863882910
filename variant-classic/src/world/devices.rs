//! Devices on the floor as robots meet them: a robot on the floor
//! crossing or stopping on a mine sets it off; a robot running into a
//! missile or a buzz bomb sets it off; one coming within a square of a
//! proximity mine sets that off; goo holds a robot on the floor that
//! crosses or stops on it. (The devices themselves are
//! [`crate::race::Device`]s.)

use super::World;
use crate::pieces::{DeviceKind, DEVICE_BLAST, GOO_HOLD};
use robo_core::element::Elements;
use robo_core::geom::Pos;
use robo_core::ids::RobotId;
use robo_core::motion::Stepped;

impl World {
    /// The devices on the board.
    #[must_use]
    pub fn devices(&self) -> &[crate::pieces::Device] {
        &self.devices
    }

    /// Robot `s.robot` entered `s.to`: the devices there it sets off blow
    /// up. Whether goo there caught it (it stops on the goo).
    pub(crate) fn touch_devices(&mut self, s: &Stepped) -> bool {
        let flying = self.is_flying(s.robot);
        let mut caught = false;
        let mut i = 0;
        while i < self.devices.len() {
            let d = self.devices[i];
            let own = d.fresh && d.owner.index() == s.robot.index();
            let near = d.kind == DeviceKind::ProximityMine && !flying && self.beside(d.at, s.to);
            if (d.at != s.to && !near) || own {
                i += 1;
                continue;
            }
            let sets_off = match d.kind {
                DeviceKind::Mine | DeviceKind::ProximityMine => !flying,
                DeviceKind::Missile | DeviceKind::BuzzBomb => true,
                DeviceKind::Goo => {
                    caught |= !flying;
                    false
                }
                _ => false,
            };
            if sets_off {
                self.devices.remove(i);
                self.explode(d.at, DEVICE_BLAST, Some(d.id));
            } else {
                i += 1;
            }
        }
        if caught {
            self.set_goo(s.robot, GOO_HOLD);
        }
        caught
    }

    /// Is `b` one square from `a` as a robot walks (a cell beside it on
    /// its level, no wall between)?
    fn beside(&self, a: Pos, b: Pos) -> bool {
        robo_core::geom::Dir::ALL.into_iter().any(|dir| {
            a.step(dir) == b
                && self.level(a) == self.level(b)
                && (self.crossing(a, dir).passes() || self.crossing(b, dir.opposite()).passes())
        })
    }

    /// Does a portable teleporter live for robot `r` lie on `at` (one
    /// laid this register by its own robot is not, until the robot
    /// lasers' step)?
    pub(crate) fn portable_teleporter(&self, r: RobotId, at: Pos) -> bool {
        self.devices.iter().any(|d| {
            d.kind == DeviceKind::PortableTeleporter
                && d.at == at
                && !(d.fresh && d.owner.index() == r.index())
        })
    }

    /// Is robot `r`, on `from`, held there by goo?
    #[must_use]
    pub fn held(&self, r: RobotId, from: Pos) -> bool {
        self.bodies.get(r).is_some_and(|b| b.extra.goo > 0)
            && self
                .devices
                .iter()
                .any(|d| d.kind == DeviceKind::Goo && d.at == from)
    }

    /// Robot `r` tries to move `squares` squares: as many as goo still
    /// holds it for are spent on the goo; returns how many were.
    pub(crate) fn goo_tries(&mut self, r: RobotId, squares: u8) -> u8 {
        let Some((at, _)) = self.at(r) else {
            return 0;
        };
        if !self.held(r, at) {
            return 0;
        }
        let left = self.bodies.get(r).map_or(0, |b| b.extra.goo);
        let spent = left.min(squares);
        self.set_goo(r, left - spent);
        spent
    }

    /// Robot `r` must still try `n` squares to leave goo.
    fn set_goo(&mut self, r: RobotId, n: u8) {
        if let Some(b) = self.bodies.get(r).copied() {
            let extra = super::Extra { goo: n, ..b.extra };
            self.bodies
                .set(r, robo_core::race::body::Body { extra, ..b });
        }
    }
}

impl World {
    /// After robot `r`'s card move of `steps` squares: a robot the card
    /// pushed while goo held it tried one square; a card that ran into
    /// goo spends the squares it had left on that goo.
    pub(crate) fn goo_after_card(
        &mut self,
        r: RobotId,
        steps: u8,
        out: &robo_core::motion::MoveOutcome,
    ) {
        for p in &out.pushes {
            if p.cells == 0 {
                let _ = self.goo_tries(p.pushed, 1);
            }
        }
        if out.end == Some(robo_core::motion::MoveEnd::Stopped) {
            let _ = self.goo_tries(r, steps.saturating_sub(out.steps));
        }
    }
}

impl World {
    /// The pushers of `register` pushed: each robot goo holds on an
    /// active pusher tried one square.
    pub(crate) fn goo_pushed(&mut self, register: u8) {
        if !self.devices.iter().any(|d| d.kind == DeviceKind::Goo) {
            return;
        }
        for i in 0..self.bodies.len() {
            let r = RobotId(i as u8);
            let pushed = self.at(r).is_some_and(|(at, _)| {
                self.tile(at)
                    .and_then(|t| t.push_panel())
                    .is_some_and(|p| p.registers.contains(register))
            });
            if pushed {
                let _ = self.goo_tries(r, 1);
            }
        }
    }
}
