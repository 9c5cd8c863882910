//! Plain data the grid, the events and the rules all name: how a robot
//! was destroyed, the devices on the board, a chop shop's offer and what a
//! robot gives up to stop damage. A leaf below `world` and `race`, so that
//! neither needs the other to name them.

use crate::options::OptionCard;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::PlayerId;
use serde::{Deserialize, Serialize};

/// Damage of a mine's, a missile's or a buzz bomb's explosion, and of each
/// unused device of an explosive launcher destroyed.
pub const DEVICE_BLAST: u8 = 4;

/// Squares a robot caught in goo tries to move before it is free.
pub const GOO_HOLD: u8 = 4;

/// How a robot was destroyed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicDoom")
)]
pub enum Doom {
    /// It entered a pit.
    Pit,
    /// It entered a drain.
    Drain,
    /// It fell through an open trap door.
    TrapDoor,
    /// A crusher crushed it.
    Crusher,
    /// It left the floor.
    Edge,
    /// Its tenth damage token.
    Damage,
}

/// What a device is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicDeviceKind")
)]
pub enum DeviceKind {
    /// A mine (Mine Layer): a robot on the floor crossing or stopping on
    /// it sets off a 4-point explosion.
    Mine,
    /// A missile (Missile Launcher): flies 2 cells forward each register
    /// and explodes for 4 on a robot or a wall.
    Missile,
    /// A drone (Drone Launcher): flies 3 cells towards its mark each
    /// register and explodes for 2 on a robot, pushing it.
    Drone,
    /// A buzz bomb (Buzz Bomb): runs a program of its own, a card each
    /// register at the card's priority, and explodes for 4 on a robot or
    /// a wall.
    BuzzBomb,
    /// Goo (Goo Dropper): a robot on the floor crossing or stopping on it
    /// is held there until it has tried to move 4 squares.
    Goo,
    /// A bridge (Bridge Layer): its cell is plain floor for the rest of
    /// the game; nothing moves or removes it.
    Bridge,
    /// A proximity mine (Proximity Mine): a robot on the floor coming
    /// within 1 square of it (onto its cell or a cell beside it, no wall
    /// between) sets off a 4-point explosion on the mine's cell.
    ProximityMine,
    /// A portable teleporter (Portable Teleporter): a teleporter lying on
    /// the floor (a move card started on it jumps 2 cells further).
    PortableTeleporter,
    /// A scrambler bomb (Scrambler Bomb): at the start of the next turn it
    /// goes off and every robot within 6 squares runs random cards all
    /// that turn.
    ScramblerBomb,
    /// The Big One (The Big One): at the start of the next turn it
    /// explodes for 64. Not flat: pushers push it.
    BigOne,
}

impl DeviceKind {
    /// Does it fly (belts, pits and flat devices leave it alone)?
    #[must_use]
    pub fn flies(self) -> bool {
        matches!(
            self,
            DeviceKind::Missile | DeviceKind::Drone | DeviceKind::BuzzBomb
        )
    }

    /// Is it a flat device (lying on the floor: robots pass over it,
    /// pushers leave it, belts carry it)?
    #[must_use]
    pub fn flat(self) -> bool {
        matches!(
            self,
            DeviceKind::Mine | DeviceKind::Goo | DeviceKind::Bridge
        )
    }
}

/// A device on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicDevice")
)]
pub struct Device {
    /// Its number, unique in the game (events name it by this).
    pub id: u16,
    /// What it is.
    pub kind: DeviceKind,
    /// The robot whose option put it there.
    pub owner: PlayerId,
    /// Its cell.
    pub at: Pos,
    /// Its facing (the way a missile flies).
    pub facing: Dir,
    /// Laid this register: its own robot does not set it off until the
    /// robot lasers' step (the launcher rule).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fresh: bool,
    /// The cell a drone flies towards (`None`: it has no mark).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<Pos>,
}

/// A chop shop's offer to a robot that touches it: a free option if it
/// holds none, scrapping one of its options for a new draw, refilling the
/// payload of one, or nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicChop")
)]
pub enum Chop {
    /// Draw one option (the robot holds none).
    Draw,
    /// Scrap this one of its options (by index) and draw another.
    Scrap(u8),
    /// Refill the payload of this one of its options (by index).
    Refill(u8),
    /// Take nothing.
    Pass,
}

/// Something a robot gives up to stop one damage token: a spare part
/// (tests and positions set them up) or one of its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicGuard")
)]
pub enum Guard {
    /// A spare part (no card of the rulebook): given up, it stops one
    /// token.
    Spare,
    /// An option card, discarded.
    Option(OptionCard),
}
