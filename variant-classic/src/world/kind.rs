//! The kind bits of a cell in the course's table: which register steps
//! can act on a robot (or a flag) standing there. A step whose kind is
//! under no robot or flag is skipped
//! ([`World::kinds_under`](super::World::kinds_under)).

use crate::tiles::{Cell, Tile};
use robo_core::element::BeltSpeed;

/// A trap door.
pub const TRAP_DOOR: u16 = 1;
/// An express belt.
pub const EXPRESS: u16 = 1 << 1;
/// A belt of any speed.
pub const BELT: u16 = 1 << 2;
/// A current.
pub const CURRENT: u16 = 1 << 3;
/// A pusher.
pub const PUSHER: u16 = 1 << 4;
/// A gear.
pub const GEAR: u16 = 1 << 5;
/// A crusher (a tile or over another tile).
pub const CRUSHER: u16 = 1 << 6;
/// A flamer.
pub const FLAMER: u16 = 1 << 7;
/// Radioactive waste.
pub const WASTE: u16 = 1 << 8;
/// Radiation.
pub const RADIATION: u16 = 1 << 9;
/// A repair site (one or two tools).
pub const REPAIR: u16 = 1 << 10;
/// A randomizer.
pub const RANDOMIZER: u16 = 1 << 11;
/// A cell that does something to a robot entering it (a pit, a drain,
/// a trap door, a flamer, a portal).
pub const ENTRY: u16 = 1 << 12;

/// The kind bits of `cell`.
#[must_use]
pub fn of(cell: &Cell) -> u16 {
    let tile = match cell.tile {
        Tile::TrapDoor(_) => TRAP_DOOR,
        Tile::Belt(b) if b.speed == BeltSpeed::Express => EXPRESS | BELT,
        Tile::Belt(_) => BELT,
        Tile::Current(_) => CURRENT,
        Tile::Pusher(_) => PUSHER,
        Tile::Gear(_) => GEAR,
        Tile::Flamer(_) => FLAMER,
        Tile::Waste => WASTE,
        Tile::Radiation => RADIATION,
        Tile::Repair(_) => REPAIR,
        Tile::Randomizer => RANDOMIZER,
        _ => 0,
    };
    let entry = match cell.tile {
        Tile::Pit | Tile::Drain | Tile::TrapDoor(_) | Tile::Flamer(_) | Tile::Portal(_) => ENTRY,
        _ => 0,
    };
    tile | entry | if cell.crusher().is_some() { CRUSHER } else { 0 }
}
