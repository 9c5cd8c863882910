//! The world as the motion kit sees it: robots, and the flags as pieces
//! numbered after the robots (they meet only each other: robots roll over
//! them, belts, currents and pushers move them); what crossing an edge
//! and entering a cell does.

use super::{Doom, Harm, World};
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
        // Under the High-Flying rule beams pass under flying robots.
        let high = self.high_flying;
        let mut real = self
            .bodies
            .placed()
            .filter(|(_, b)| b.pos == pos && !b.extra.ghost && !(high && b.extra.flying));
        let first = real.next()?;
        if !first.1.extra.flying {
            return Some(first.0);
        }
        Some(real.find(|(_, b)| !b.extra.flying).unwrap_or(first).0)
    }
    fn blocker(&self, pos: Pos, mover: RobotId) -> Option<RobotId> {
        if self.flag_piece(mover).is_some() {
            let n = self.course().checkpoints().len() as u8;
            return (1..=n)
                .find(|&k| self.flag(k) == Some(pos))
                .map(|k| self.flag_id(k))
                .filter(|&f| f != mover);
        }
        // A robot meets robots (real, on its own floor or in the air).
        let me = self
            .bodies
            .get(mover)
            .map_or_else(Default::default, |b| b.extra);
        if me.ghost {
            return None;
        }
        self.bodies
            .placed()
            .find(|&(r, b)| b.pos == pos && r != mover && self.robots_meet(me, b.extra))
            .map(|(r, _)| r)
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
    fn robot_pos(&self, robot: RobotId) -> Option<Pos> {
        match self.flag_piece(robot) {
            Some(k) => self.flag(k as u8 + 1),
            None => self.bodies.on_board(robot).map(|b| b.pos),
        }
    }
    fn set_robot_pos(&mut self, robot: RobotId, pos: Pos) {
        match self.flag_piece(robot) {
            Some(k) => {
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
    fn can_leave(&self, robot: RobotId, from: Pos, dir: Dir) -> bool {
        let crossing = self.crossing(from, dir);
        if self.flag_piece(robot).is_some() {
            // Flags keep to their level and are never lost.
            let to = self.cell(from.step(dir));
            return crossing == Crossing::Open
                && to.is_some_and(|c| {
                    c.tile.holds_flag()
                        && c.crusher.is_none()
                        && Some(c.level) == self.cell(from).map(|f| f.level)
                });
        }
        crossing.passes() || self.soars(robot)
    }
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
        if let Some(k) = self.flag_piece(s.robot) {
            self.flag_log.push((k as u8 + 1, s.to));
            return Entry::Continue;
        }
        self.log.push(GridEvent::from(s));
        if !self.devices.is_empty() {
            self.touch_devices(s);
        }
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
        // Gears (the only turns not of the robot's own card) leave a
        // flying robot alone.
        if cause != Cause::Move && self.is_flying(robot) {
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
        self.harm.push(Harm::Damage(hit.robot, hit.beams));
    }
}
