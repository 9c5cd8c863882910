//! What happens on a grid, in words every grid edition shares, so that one
//! front end can animate any of them. Editions wrap these in their own event
//! type next to their edition-specific events (cards, damage, energy, ...).

use crate::geom::{Dir, Pos, Turn};
use crate::ids::RobotId;
use crate::motion::{Cause, Push, Stepped};
use crate::pipeline::LaserHit;
use serde::{Deserialize, Serialize};

/// A change on the grid, for animation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum GridEvent {
    /// A robot moved one cell.
    Moved {
        /// The robot.
        robot: RobotId,
        /// From.
        from: Pos,
        /// To (possibly off the board).
        to: Pos,
        /// Why.
        cause: Cause,
    },
    /// A robot turned in place.
    Turned {
        /// The robot.
        robot: RobotId,
        /// The turn.
        turn: Turn,
        /// Its new facing.
        facing: Dir,
        /// Why (a card, a gear, a conveyor curve).
        cause: Cause,
    },
    /// One push event (however far).
    Pushed(Push),
    /// A move was stopped by a wall or obstacle at `at`, facing `dir`.
    Blocked {
        /// The robot that could not go on.
        robot: RobotId,
        /// Where it stands.
        at: Pos,
        /// Where it tried to go.
        dir: Dir,
    },
    /// A board laser hit a robot.
    BoardLaser(LaserHit),
    /// A robot's weapon hit another robot.
    Shot {
        /// The shooter.
        from: RobotId,
        /// The target.
        target: RobotId,
        /// Direction of fire.
        dir: Dir,
    },
    /// A robot left the grid (a pit, the edge).
    Removed {
        /// The robot.
        robot: RobotId,
        /// The cell it was lost at.
        at: Pos,
    },
    /// A robot was put on the grid (start, reboot, teleport).
    Placed {
        /// The robot.
        robot: RobotId,
        /// Where.
        at: Pos,
        /// Facing.
        facing: Dir,
    },
}

impl From<&Stepped> for GridEvent {
    fn from(s: &Stepped) -> Self {
        GridEvent::Moved {
            robot: s.robot,
            from: s.from,
            to: s.to,
            cause: s.cause,
        }
    }
}
