//! Identities of players and robots. Never bare integers in an API.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table, counted from 0 in seat (clockwise) order.
///
/// ```
/// use robo_core::PlayerId;
/// assert_eq!(PlayerId(2).to_string(), "P2");
/// assert_eq!(PlayerId(2).index(), 2);
/// ```
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// The seat as an index into per-player arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The owner of `robot`, in editions with one robot per player
    /// (robots are numbered like their owners).
    ///
    /// ```
    /// use robo_core::{PlayerId, RobotId};
    /// assert_eq!(PlayerId::of(RobotId(3)), PlayerId(3));
    /// ```
    #[must_use]
    pub const fn of(robot: RobotId) -> PlayerId {
        PlayerId(robot.0)
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0)
    }
}

/// A robot on the grid. Editions with one robot per player number robots
/// like their owners.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RobotId(pub u8);

impl RobotId {
    /// The robot as an index into per-robot arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The robot of `player`, in editions with one robot per player
    /// (robots are numbered like their owners).
    ///
    /// ```
    /// use robo_core::{PlayerId, RobotId};
    /// assert_eq!(RobotId::of(PlayerId(3)), RobotId(3));
    /// ```
    #[must_use]
    pub const fn of(player: PlayerId) -> RobotId {
        RobotId(player.0)
    }
}

impl fmt::Display for RobotId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "R{}", self.0)
    }
}
