//! A 2023 course as saved: the fields in the order saves have always
//! had them (start spaces included), read back through the course's
//! validation.

use super::{Course, Markers};
use crate::tiles::Tile;
use robo_core::board::{Board, BoardId};
use robo_core::geom::{Dir, Pos};
use robo_core::race::course::CourseParts;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The save form, borrowed for writing.
#[derive(Serialize)]
struct SavedRef<'a> {
    name: &'a str,
    board: &'a Board<Tile>,
    board_names: &'a [String],
    docking_bay: BoardId,
    checkpoints: &'a [Pos],
    reboot_tokens: &'a [Option<(Pos, Dir)>],
    starts: &'a [Pos],
    covered_starts: &'a [Pos],
    start_facing: Dir,
    reboot_damage: u8,
}

/// The save form, read.
#[derive(Deserialize)]
struct Saved {
    name: String,
    board: Board<Tile>,
    board_names: Vec<String>,
    docking_bay: BoardId,
    checkpoints: Vec<Pos>,
    reboot_tokens: Vec<Option<(Pos, Dir)>>,
    starts: Vec<Pos>,
    covered_starts: Vec<Pos>,
    start_facing: Dir,
    reboot_damage: u8,
}

pub(super) fn serialize<S: Serializer>(c: &Course, s: S) -> Result<S::Ok, S::Error> {
    let m = c.extras();
    SavedRef {
        name: c.name(),
        board: c.board(),
        board_names: c.board_names(),
        docking_bay: c.docking_bay(),
        checkpoints: c.checkpoints(),
        reboot_tokens: &m.reboot_tokens,
        starts: c.starts(),
        covered_starts: &m.covered_starts,
        start_facing: c.start_facing(),
        reboot_damage: m.reboot_damage,
    }
    .serialize(s)
}

pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Course, D::Error> {
    use serde::de::Error;
    let s = Saved::deserialize(d)?;
    let course = Course::new(CourseParts {
        name: s.name,
        board: s.board,
        board_names: s.board_names,
        docking_bay: s.docking_bay,
        checkpoints: s.checkpoints,
        start_facing: s.start_facing,
        extras: Markers {
            reboot_tokens: s.reboot_tokens,
            covered_starts: s.covered_starts,
            reboot_damage: s.reboot_damage,
        },
    })
    .map_err(D::Error::custom)?;
    if course.starts() != s.starts {
        return Err(D::Error::custom(
            "the start spaces are not the start tiles of the docking bay",
        ));
    }
    Ok(course)
}
