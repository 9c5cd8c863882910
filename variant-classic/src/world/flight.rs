//! Flying robots on the classic floor (the flying options: Frog Legs, Big
//! Jet, Retro-Rockets, Robo-Copter). A flying robot keeps its level; belts,
//! currents, drains, gears, oil, pits, randomizers, teleporters and water
//! leave it alone, and it takes no damage falling from a ledge; it still
//! pushes, is pushed and shoots as a robot on the floor does. Under the
//! High-Flying rule ([`World::high_flying`]) it also passes over walls,
//! crushers, flamers, pushers and board lasers, and meets (pushes, shoots)
//! only robots flying too (or standing a level above the floor under it).
//! When it lands it is on the floor again: landing on a pit, a drain or an
//! open trap door destroys it (see `docs/rulings.md`, "Classic options:
//! devices and flying").

use super::{Doom, Extra, Harm, World};
use crate::tiles::Tile;
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::RobotId;
use robo_core::motion::{jump, Jump, MoveEnd};

impl World {
    /// Is the High-Flying rule on?
    #[must_use]
    pub fn high_flying(&self) -> bool {
        self.high_flying
    }

    /// Turns the High-Flying rule on or off.
    pub fn set_high_flying(&mut self, on: bool) {
        self.high_flying = on;
    }

    /// Is robot `r` flying under the High-Flying rule (over walls and the
    /// robots on the floor)?
    #[must_use]
    pub fn soars(&self, r: RobotId) -> bool {
        self.high_flying && self.is_flying(r)
    }

    /// Do two robots with these states meet (push, stop, share no cell)?
    /// Virtual robots meet nobody; under the High-Flying rule a flying robot
    /// meets only flying robots.
    pub(crate) fn robots_meet(&self, a: Extra, b: Extra) -> bool {
        !a.ghost && !b.ghost && (!self.high_flying || a.flying == b.flying)
    }

    /// Does a flying robot `r` pass over an element of `tile` (for the
    /// register's element steps: trap doors, flamers, crushers)? Every
    /// flying robot passes over trap doors; only High-Flying ones over
    /// flamers and crushers.
    #[must_use]
    pub fn passes_over(&self, r: RobotId, tile: Tile, crusher: bool) -> bool {
        if !self.is_flying(r) {
            return false;
        }
        matches!(tile, Tile::TrapDoor(_) | Tile::Pit | Tile::Drain)
            || (self.high_flying && (crusher || matches!(tile, Tile::Flamer(_))))
    }

    /// May robot `shooter`'s laser hit robot `target`? Always, unless the
    /// High-Flying rule is on and one flies and the other does not: then
    /// only when the one on the floor stands a level above the floor under
    /// the flying one.
    #[must_use]
    pub fn in_sight(&self, shooter: RobotId, target: RobotId) -> bool {
        if !self.high_flying {
            return true;
        }
        let (a, b) = (self.is_flying(shooter), self.is_flying(target));
        if a == b {
            return true;
        }
        let (flier, grounded) = if a {
            (shooter, target)
        } else {
            (target, shooter)
        };
        let level = |r| self.at(r).map_or(0, |(p, _)| self.level(p));
        level(flier).checked_add(1) == Some(level(grounded))
    }

    /// Robot `r` flies `cells` cells towards `dir` over walls and robots
    /// (Big Jet, Retro-Rockets) and lands on the first cell along the way
    /// where nothing it meets stands. Returns the cell it landed on (`None`
    /// when it left the floor or was destroyed landing).
    pub fn fly(&mut self, r: RobotId, dir: Dir, cells: u8) -> Option<Pos> {
        self.at(r)?;
        let was = self.is_flying(r);
        self.set_flying(r, true);
        let out = jump(self, Jump::new(r, dir, cells).onward());
        if out.end == Some(MoveEnd::Removed) || self.at(r).is_none() {
            return None;
        }
        if !was {
            self.land(r);
        }
        self.at(r).map(|(p, _)| p)
    }

    /// Robot `r` lands where it is: on a pit, a drain or an open trap door
    /// it falls. Where a robot on the floor stands (under the High-Flying
    /// rule a flying robot passes over them) it lands on the next free
    /// cell the way it faces, over walls and robots, with that cell's
    /// entry effects (off the floor it falls).
    pub fn land(&mut self, r: RobotId) {
        if !self.is_flying(r) {
            return;
        }
        self.set_flying(r, false);
        let Some((at, facing)) = self.at(r) else {
            return;
        };
        if robo_core::motion::Arena::blocker(self, at, r).is_some() {
            let _ = jump(self, Jump::new(r, facing, 1).onward());
            return;
        }
        let doom = match self.tile(at) {
            Some(Tile::Pit) => Doom::Pit,
            Some(Tile::Drain) => Doom::Drain,
            Some(t @ Tile::TrapDoor(_)) if t.swallows(self.register) => Doom::TrapDoor,
            _ => return,
        };
        self.bodies.remove(r);
        self.log.push(GridEvent::Removed { robot: r, at });
        self.harm.push(Harm::Destroyed(r, doom));
    }
}
