//! The world as the motion kit sees it: robots, and the flags as pieces
//! numbered after the robots (they meet only each other: robots roll over
//! them, belts, currents and pushers move them); what crossing an edge
//! and entering a cell does.

use super::{Doom, Extra, Harm, World};
use crate::tiles::{Cell, Crossing, Tile};
use robo_core::board::Board;
use robo_core::element::LaserMount;
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::ids::RobotId;
use robo_core::motion::{Arena, Cause, Entry, Move, Stepped};
use robo_core::pipeline::{GridWorld, LaserHit, Robots};

/// Damage of a fall from a ledge.
pub const LEDGE_DAMAGE: u8 = 2;

impl World {
    /// The flag (index from 0) piece `id` names, if it is a flag.
    fn flag_piece(&self, id: RobotId) -> Option<usize> {
        id.index()
            .checked_sub(self.bodies.len())
            .filter(|&k| k < self.course().checkpoints().len())
    }

    /// The piece id of flag `k` (from 1).
    #[must_use]
    pub fn flag_id(&self, k: u8) -> RobotId {
        RobotId((self.bodies.len() + usize::from(k.saturating_sub(1))) as u8)
    }

    /// The flags as pieces, in order.
    #[must_use]
    pub fn flag_pieces(&self) -> Robots {
        let n = self.course().checkpoints().len() as u8;
        (1..=n).map(|k| self.flag_id(k)).collect()
    }

    /// The cell of the board on `pos`.
    fn cell(&self, pos: Pos) -> Option<Cell> {
        self.table().tile(pos)
    }
}

impl Arena for World {
    /// The real robot on `pos`: the one on the floor, else a flying one.
    fn robot_at(&self, pos: Pos) -> Option<RobotId> {
        // One pass over the robots, the cell compared first (most differ).
        // Under the High-Flying rule beams pass under flying robots.
        let high = self.high_flying;
        let mut flying = None;
        for (i, b) in self.bodies.as_slice().iter().enumerate() {
            if b.pos != pos || !b.on_board || b.extra.ghost || (high && b.extra.flying) {
                continue;
            }
            if !b.extra.flying {
                return Some(RobotId(i as u8));
            }
            flying = flying.or(Some(RobotId(i as u8)));
        }
        flying
    }
    #[inline]
    fn blocker(&self, pos: Pos, mover: RobotId) -> Option<RobotId> {
        let list = self.bodies.as_slice();
        if mover.index() >= list.len() && self.flag_piece(mover).is_some() {
            let n = self.course().checkpoints().len() as u8;
            return (1..=n)
                .find(|&k| self.flag(k) == Some(pos))
                .map(|k| self.flag_id(k))
                .filter(|&f| f != mover);
        }
        // A robot meets robots (real, on its own floor or in the air).
        let me = list
            .get(mover.index())
            .map_or_else(Default::default, |b| b.extra);
        self.robot_blocker(pos, mover.index(), me)
    }
    fn meets(&self, a: RobotId, b: RobotId) -> bool {
        match (self.flag_piece(a), self.flag_piece(b)) {
            (Some(_), Some(_)) => true,
            (None, None) => {
                let extra = |r: RobotId| {
                    self.bodies
                        .get(r)
                        .map_or_else(Default::default, |b| b.extra)
                };
                self.robots_meet(extra(a), extra(b))
            }
            _ => false,
        }
    }
    #[inline]
    fn robot_pos(&self, robot: RobotId) -> Option<Pos> {
        if robot.index() < self.bodies.len() {
            return self.bodies.on_board(robot).map(|b| b.pos);
        }
        self.flag_piece(robot).and_then(|k| self.flag(k as u8 + 1))
    }
    #[inline]
    fn set_robot_pos(&mut self, robot: RobotId, pos: Pos) {
        if robot.index() < self.bodies.len() {
            return self.bodies.set_pos(robot, pos);
        }
        match self.flag_piece(robot) {
            Some(k) => {
                self.memo.under = None;
                if self.flags.is_empty() {
                    self.flags = self.course().checkpoints().iter().copied().collect();
                }
                if let Some(f) = self.flags.get_mut(k) {
                    *f = pos;
                }
            }
            None => self.bodies.set_pos(robot, pos),
        }
    }
    #[inline]
    fn can_leave(&self, robot: RobotId, from: Pos, dir: Dir) -> bool {
        let crossing = self.crossing(from, dir);
        if robot.index() >= self.bodies.len() && self.flag_piece(robot).is_some() {
            // Flags keep to their level and are never lost.
            let to = self.cell(from.step(dir));
            return crossing == Crossing::Open
                && to.is_some_and(|c| {
                    c.tile.holds_flag()
                        && c.crusher.is_none()
                        && Some(c.level) == self.cell(from).map(|f| f.level)
                });
        }
        if !self.devices.is_empty() && self.held(robot, from) {
            return false;
        }
        crossing.passes() || self.soars(robot)
    }
    #[inline]
    fn step_cost(&self, m: &Move, from: Pos, step: u8) -> u8 {
        let e = self.elements();
        // Only water, oil and ramps make a step cost more.
        if m.cause != Cause::Move || !(e.water || e.oil || e.levels) {
            return 1;
        }
        let Some(cell) = self.cell(from) else {
            return 1;
        };
        if self.is_flying(m.robot) {
            return 1;
        }
        let water = u8::from(cell.tile.is_water());
        let oil = u8::from(step == 1 && cell.tile == Tile::Oil);
        let climb = u8::from(self.crossing(from, m.dir) == Crossing::Climb);
        1 + water + oil + climb
    }
    fn entered(&mut self, s: &Stepped) -> Entry {
        if s.robot.index() >= self.bodies.len() {
            if let Some(k) = self.flag_piece(s.robot) {
                self.flag_log.push((k as u8 + 1, s.to));
                return Entry::Continue;
            }
        }
        self.robot_entered(s)
    }
}

impl World {
    /// The robot on `pos` that robot `mover` (seat index, in state `me`)
    /// meets there: [`Arena::blocker`] for a robot, inlined into the card
    /// moves' steps.
    #[inline(always)]
    pub(crate) fn robot_blocker(&self, pos: Pos, mover: usize, me: Extra) -> Option<RobotId> {
        if me.ghost {
            return None;
        }
        // One pass over the robots, the cell compared first (most differ).
        for (i, b) in self.bodies.as_slice().iter().enumerate() {
            if b.pos != pos || !b.on_board || i == mover {
                continue;
            }
            if self.robots_meet(me, b.extra) {
                return Some(RobotId(i as u8));
            }
        }
        None
    }

    /// A robot entered a cell: [`Arena::entered`] for a robot (logged,
    /// devices touched, the cell's entry effects), inlined into the card
    /// moves' steps.
    #[inline(always)]
    pub(crate) fn robot_entered(&mut self, s: &Stepped) -> Entry {
        self.log.push(GridEvent::from(s));
        if !self.devices.is_empty() && self.touch_devices(s) {
            // Caught in goo: it stops here (a portal still takes it away,
            // and then the goo does not hold it).
            return match self.entry_effects(s) {
                Entry::Continue if self.robot_pos(s.robot) == Some(s.to) => Entry::Stop,
                other => other,
            };
        }
        // Most cells do nothing to a robot entering them (and on a course
        // of one level nobody falls).
        let t = &self.arena.0;
        if !t.elements.levels {
            let plain = t.table.cell(s.to);
            if plain.is_some_and(|c| c.tile.is_some() && c.kinds & super::kind::ENTRY == 0) {
                return Entry::Continue;
            }
        }
        self.entry_effects(s)
    }
}

impl World {
    /// What entering its cell does to a robot (see [`Arena::entered`]): a
    /// fall from a ledge, the floor's end, a pit, a drain, an open trap
    /// door, a flamer, a portal. Kept out of line: most cells do nothing.
    #[inline(never)]
    fn entry_effects(&mut self, s: &Stepped) -> Entry {
        let fell = self.elements().levels
            && self.level(s.from) > self.level(s.to)
            && self.cell(s.to).is_some()
            && self.crossing(s.from, s.dir) == Crossing::Fall
            && !self.is_flying(s.robot);
        if fell {
            self.harm.push(Harm::Damage(s.robot, LEDGE_DAMAGE));
        }
        let doom = match self.tile(s.to) {
            None => Doom::Edge,
            // Most cells do nothing to a robot entering them.
            Some(t)
                if !matches!(
                    t,
                    Tile::Pit | Tile::Drain | Tile::TrapDoor(_) | Tile::Flamer(_) | Tile::Portal(_)
                ) =>
            {
                return Entry::Continue
            }
            Some(t) if t.swallows(self.register.max(1)) && self.is_flying(s.robot) => {
                return Entry::Continue
            }
            Some(Tile::Pit) => Doom::Pit,
            Some(Tile::Drain) => Doom::Drain,
            Some(t @ Tile::TrapDoor(_)) if t.swallows(self.register) => Doom::TrapDoor,
            Some(Tile::Flamer(regs))
                if self.register > 0
                    && regs.contains(self.register)
                    && !self.soars(s.robot)
                    && matches!(s.cause, Cause::Move | Cause::Push { by: Some(_) }) =>
            {
                self.harm.push(Harm::Damage(s.robot, 1));
                return Entry::Continue;
            }
            Some(Tile::Portal(_)) => {
                self.through_portal(s);
                return Entry::Continue;
            }
            Some(_) => return Entry::Continue,
        };
        self.bodies.remove(s.robot);
        self.log.push(GridEvent::Removed {
            robot: s.robot,
            at: s.to,
        });
        self.harm.push(Harm::Destroyed(s.robot, doom));
        Entry::Removed
    }
}

impl World {
    /// A robot entered a portal: it comes out of the other portal of the
    /// colour, facing as it was, unless a robot it meets stands there.
    fn through_portal(&mut self, s: &Stepped) {
        let Some(to) = self.portal_partner(s.to) else {
            return;
        };
        if self.blocker(to, s.robot).is_some() {
            return;
        }
        self.bodies.set_pos(s.robot, to);
        let facing = self.bodies.get(s.robot).map_or(s.dir, |b| b.facing);
        self.log.push(GridEvent::Placed {
            robot: s.robot,
            at: to,
            facing,
        });
    }
}

impl GridWorld for World {
    type Tile = Cell;
    fn board(&self) -> &Board<Cell> {
        if self.flowing {
            &self.arena.0.currents
        } else {
            self.course().board()
        }
    }
    fn robots_on_grid(&self) -> Robots {
        // High-Flying robots pass over pushers and gears.
        let high = self.high_flying;
        self.bodies
            .placed()
            .filter(|(_, b)| !(high && b.extra.flying))
            .map(|(r, _)| r)
            .collect()
    }
    fn facing(&self, robot: RobotId) -> Option<Dir> {
        self.bodies.get(robot).map(|b| b.facing)
    }
    fn turn_robot(&mut self, robot: RobotId, turn: Turn, cause: Cause) {
        // A Gyroscopic Stabilizer switched on: elements do not turn it; gears
        // (the only turns not of the robot's own card) leave a flying robot
        // alone.
        if cause != Cause::Move
            && (self.steady & (1 << (robot.0 & 7)) != 0 || self.is_flying(robot))
        {
            return;
        }
        if let Some(facing) = self.bodies.turn(robot, turn) {
            self.log.push(GridEvent::Turned {
                robot,
                turn,
                facing,
                cause,
            });
        }
    }
    fn laser_mounts(&self) -> Option<&[(Pos, LaserMount)]> {
        Some(self.table().mounts())
    }
    fn blocks_sight(&self, from: Pos, dir: Dir) -> bool {
        self.blocks_shot(from, dir)
    }
    fn laser_hit(&mut self, hit: LaserHit) {
        self.log.push(GridEvent::BoardLaser(hit));
        let harm = self.shot(hit.robot, hit.beams, hit.dir, None);
        self.harm.push(harm);
    }
}
