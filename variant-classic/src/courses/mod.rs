//! Boards and courses of the classic edition, on the race kit's courses
//! ([`robo_core::race::course`]).
//!
//! The rulebooks print no factory board we may copy: every board here is
//! an original design, kept as text in `variant-classic/boards/` (written
//! from the compact layouts in `boards/src/` by
//! `scripts/classic_board.py`). Flags are the course's checkpoints, in
//! order; the docking bay's numbered docks are its start spaces.
//!
//! ```
//! use variant_classic::courses::{self, DEFAULT_COURSE};
//! let course = courses::course(DEFAULT_COURSE).unwrap();
//! assert_eq!(course.starts().len(), 8);
//! assert!(course.checkpoints().len() >= 2);
//! assert_eq!(courses::course("RISKY EXCHANGE").unwrap().name(), "Risky Exchange");
//! ```

mod portals;

pub use portals::{check_portals, PortalError};

use crate::tiles::Cell;
use robo_core::geom::Pos;
use robo_core::race::course::{CourseEntry, Difficulty, Library, PlacedBoard, Spot};

#[cfg(test)]
mod tests;

/// A validated, assembled classic course.
pub type Course = robo_core::race::course::Course<Cell, ()>;
/// The unchecked description of a classic course.
pub type CourseSpec = robo_core::race::course::CourseSpec<()>;
/// A course description that does not make a playable course.
pub type CourseError = robo_core::race::course::CourseError<std::convert::Infallible>;

/// The course a game uses when none is chosen: the beginner course.
pub const DEFAULT_COURSE: &str = "Risky Exchange";

const BAY: &str = "Docking Bay";
const TANGLE: &str = "Tangle";
const CROSSING: &str = "Crossing";
const FOUNDRY: &str = "Foundry";
const WATERWORKS: &str = "Waterworks";
const MEZZANINE: &str = "Mezzanine";
const WARP_YARD: &str = "Warp Yard";
const FLAG_WORKS: &str = "Flag Works";

/// Built-in boards: name and text.
const BOARDS: [(&str, &str); 8] = [
    (BAY, include_str!("../../boards/docking-bay.txt")),
    (TANGLE, include_str!("../../boards/tangle.txt")),
    (CROSSING, include_str!("../../boards/crossing.txt")),
    (FOUNDRY, include_str!("../../boards/foundry.txt")),
    (WATERWORKS, include_str!("../../boards/waterworks.txt")),
    (MEZZANINE, include_str!("../../boards/mezzanine.txt")),
    (WARP_YARD, include_str!("../../boards/warp-yard.txt")),
    (FLAG_WORKS, include_str!("../../boards/flag-works.txt")),
];

/// A built-in course as compact data.
#[derive(Debug)]
pub struct CourseData {
    name: &'static str,
    difficulty: Difficulty,
    /// Board, top-left course cell, quarter turns.
    boards: &'static [(&'static str, (i16, i16), u8)],
    /// Flags in order: board and printed cell.
    flags: &'static [(&'static str, (i16, i16))],
}

const COURSES: [CourseData; 9] = [
    CourseData {
        name: "Risky Exchange",
        difficulty: Difficulty::Starter,
        boards: &[(TANGLE, (0, 0), 0), (BAY, (0, 12), 0)],
        flags: &[(TANGLE, (9, 7)), (TANGLE, (4, 2))],
    },
    CourseData {
        name: "Crossroads",
        difficulty: Difficulty::Beginner,
        boards: &[(CROSSING, (0, 0), 0), (BAY, (0, 12), 0)],
        flags: &[(CROSSING, (8, 10)), (CROSSING, (2, 4)), (CROSSING, (9, 1))],
    },
    CourseData {
        name: "Twin Factories",
        difficulty: Difficulty::Intermediate,
        boards: &[
            (CROSSING, (0, 0), 2),
            (TANGLE, (0, 12), 0),
            (BAY, (0, 24), 0),
        ],
        flags: &[(TANGLE, (6, 3)), (CROSSING, (3, 6)), (CROSSING, (9, 9))],
    },
    CourseData {
        name: "Hot Metal",
        difficulty: Difficulty::Intermediate,
        boards: &[(FOUNDRY, (0, 0), 0), (BAY, (0, 12), 0)],
        flags: &[(FOUNDRY, (2, 9)), (FOUNDRY, (10, 6)), (FOUNDRY, (4, 0))],
    },
    CourseData {
        name: "Meltdown",
        difficulty: Difficulty::Advanced,
        boards: &[
            (CROSSING, (0, 0), 1),
            (FOUNDRY, (0, 12), 0),
            (BAY, (0, 24), 0),
        ],
        flags: &[
            (FOUNDRY, (6, 9)),
            (FOUNDRY, (10, 2)),
            (CROSSING, (4, 4)),
            (CROSSING, (10, 10)),
        ],
    },
    CourseData {
        name: "Rising Tide",
        difficulty: Difficulty::Intermediate,
        boards: &[(WATERWORKS, (0, 0), 0), (BAY, (0, 12), 0)],
        flags: &[
            (WATERWORKS, (9, 10)),
            (WATERWORKS, (5, 4)),
            (WATERWORKS, (1, 2)),
        ],
    },
    CourseData {
        name: "High Ground",
        difficulty: Difficulty::Advanced,
        boards: &[(MEZZANINE, (0, 0), 0), (BAY, (0, 12), 0)],
        flags: &[
            (MEZZANINE, (8, 4)),
            (MEZZANINE, (2, 9)),
            (MEZZANINE, (5, 7)),
        ],
    },
    CourseData {
        name: "Moving Targets",
        difficulty: Difficulty::Advanced,
        boards: &[(FLAG_WORKS, (0, 0), 0), (BAY, (0, 12), 0)],
        flags: &[
            (FLAG_WORKS, (2, 1)),
            (FLAG_WORKS, (9, 8)),
            (FLAG_WORKS, (4, 4)),
        ],
    },
    CourseData {
        name: "Warp Drive",
        difficulty: Difficulty::Expert,
        boards: &[
            (WARP_YARD, (0, 0), 0),
            (MEZZANINE, (0, 12), 0),
            (BAY, (0, 24), 0),
        ],
        flags: &[
            (MEZZANINE, (7, 5)),
            (WARP_YARD, (10, 2)),
            (WARP_YARD, (4, 7)),
            (MEZZANINE, (1, 4)),
        ],
    },
];

impl CourseEntry for CourseData {
    type Extras = ();
    fn name(&self) -> &'static str {
        self.name
    }
    fn spec(&self) -> CourseSpec {
        CourseSpec {
            name: self.name.to_string(),
            difficulty: self.difficulty,
            boards: self
                .boards
                .iter()
                .map(|&(name, (x, y), turns)| PlacedBoard {
                    name: name.to_string(),
                    text: None,
                    at: Pos::new(x, y),
                    turns,
                })
                .collect(),
            checkpoints: self
                .flags
                .iter()
                .map(|&(b, (x, y))| Spot::new(b, x, y))
                .collect(),
            extras: (),
        }
    }
}

static LIBRARY: Library<Cell, CourseData> = Library::new(&BOARDS, &COURSES);

/// The built-in boards and courses.
#[must_use]
pub fn library() -> &'static Library<Cell, CourseData> {
    &LIBRARY
}

robo_core::course_door!(LIBRARY, Cell);
