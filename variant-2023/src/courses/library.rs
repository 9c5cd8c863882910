//! The built-in boards and courses.
//!
//! The rulebook names its boards and courses but prints no layouts in a
//! form we may copy, so every board here is our own design under the
//! rulebook's name, and every course takes the rulebook's name, difficulty
//! and board list with our own placement of boards, checkpoints, reboot
//! tokens and covered start spaces. `docs/courses-2023.md` shows them all.

use super::{CourseSpec, Difficulty, GameLength, MarkerSpec, PlacedBoard, Spot, TokenSpec};
use crate::tiles::Tile;
use robo_core::geom::{Dir, Pos};
use robo_core::race::course::{CourseEntry, Library};

/// The course a race uses when none is chosen: the rulebook's starter course.
pub const DEFAULT_COURSE: &str = "Milk Run";

const BAY_A: &str = "Docking Bay A";
const BAY_B: &str = "Docking Bay B";
const IN_AND_OUT: &str = "In & Out";
const THE_KEEP: &str = "The Keep";
const STEPS: &str = "Steps";
const TEMPEST: &str = "Tempest";
const CACTUS: &str = "Cactus";
const MISDIRECTION: &str = "Misdirection";
const SIDEWINDER: &str = "Sidewinder";
const ENERGIZE: &str = "Energize";

/// Built-in boards: name and text.
pub(super) const BOARDS: [(&str, &str); 10] = [
    (BAY_A, include_str!("../../boards/docking-bay-a.txt")),
    (BAY_B, include_str!("../../boards/docking-bay-b.txt")),
    (IN_AND_OUT, include_str!("../../boards/in-and-out.txt")),
    (THE_KEEP, include_str!("../../boards/the-keep.txt")),
    (STEPS, include_str!("../../boards/steps.txt")),
    (TEMPEST, include_str!("../../boards/tempest.txt")),
    (CACTUS, include_str!("../../boards/cactus.txt")),
    (MISDIRECTION, include_str!("../../boards/misdirection.txt")),
    (SIDEWINDER, include_str!("../../boards/sidewinder.txt")),
    (ENERGIZE, include_str!("../../boards/energize.txt")),
];

/// A built-in course as compact data (see [`library`]).
#[derive(Debug)]
pub struct CourseData {
    name: &'static str,
    difficulty: Difficulty,
    /// How long the rulebook says a race takes (`None` where it does not say).
    length: Option<GameLength>,
    /// Board, top-left course cell, quarter turns.
    boards: &'static [(&'static str, (i16, i16), u8)],
    /// Board and printed cell, in order.
    checkpoints: &'static [(&'static str, (i16, i16))],
    /// Board, printed cell and printed arrow.
    reboot_tokens: &'static [(&'static str, (i16, i16), Dir)],
    /// Board and printed cell.
    covered: &'static [(&'static str, (i16, i16))],
    reboot_damage: u8,
}

use Difficulty::{Advanced, Beginner, Intermediate, Starter};
use Dir::{E, N, S, W};
use GameLength::{Long, Medium, Short};

const COURSES: [CourseData; 12] = [
    CourseData {
        name: "Milk Run",
        difficulty: Starter,
        length: Some(Short),
        boards: &[(IN_AND_OUT, (0, 0), 0), (BAY_B, (0, 10), 0)],
        checkpoints: &[(IN_AND_OUT, (6, 3))],
        reboot_tokens: &[(IN_AND_OUT, (2, 5), E)],
        covered: &[(BAY_B, (0, 1)), (BAY_B, (9, 1))],
        reboot_damage: 2,
    },
    CourseData {
        name: "Castle Tour",
        difficulty: Beginner,
        length: Some(Short),
        boards: &[(THE_KEEP, (0, 0), 0), (BAY_A, (0, 10), 0)],
        checkpoints: &[(THE_KEEP, (5, 4)), (THE_KEEP, (8, 1))],
        reboot_tokens: &[(THE_KEEP, (1, 5), N)],
        covered: &[(BAY_A, (0, 2)), (BAY_A, (9, 2))],
        reboot_damage: 2,
    },
    CourseData {
        name: "Rush Hour",
        difficulty: Beginner,
        length: None,
        boards: &[(STEPS, (0, 0), 0), (BAY_A, (10, 0), 3)],
        checkpoints: &[
            (STEPS, (5, 7)),
            (STEPS, (3, 1)),
            (STEPS, (1, 7)),
            (STEPS, (7, 4)),
        ],
        reboot_tokens: &[(STEPS, (4, 6), W)],
        covered: &[(BAY_A, (1, 1)), (BAY_A, (8, 1))],
        reboot_damage: 2,
    },
    CourseData {
        name: "River Run",
        difficulty: Intermediate,
        length: Some(Medium),
        boards: &[(BAY_B, (0, 0), 1), (TEMPEST, (3, 0), 0)],
        checkpoints: &[(TEMPEST, (8, 2)), (TEMPEST, (4, 6)), (TEMPEST, (1, 9))],
        reboot_tokens: &[(TEMPEST, (1, 3), S)],
        covered: &[(BAY_B, (4, 2)), (BAY_B, (5, 2))],
        reboot_damage: 2,
    },
    CourseData {
        name: "The Cactus Cup",
        difficulty: Intermediate,
        length: Some(Long),
        boards: &[(CACTUS, (0, 0), 2), (BAY_B, (0, 10), 0)],
        checkpoints: &[
            (CACTUS, (6, 2)),
            (CACTUS, (1, 4)),
            (CACTUS, (7, 6)),
            (CACTUS, (4, 1)),
            (CACTUS, (3, 8)),
            (CACTUS, (4, 4)),
        ],
        reboot_tokens: &[(CACTUS, (7, 8), W)],
        covered: &[(BAY_B, (0, 1)), (BAY_B, (9, 1))],
        reboot_damage: 2,
    },
    CourseData {
        name: "Dangerous Curves",
        difficulty: Intermediate,
        length: Some(Medium),
        boards: &[
            (CACTUS, (0, 0), 0),
            (MISDIRECTION, (10, 0), 1),
            (BAY_A, (0, 10), 0),
        ],
        checkpoints: &[
            (MISDIRECTION, (2, 2)),
            (CACTUS, (8, 8)),
            (MISDIRECTION, (4, 5)),
        ],
        reboot_tokens: &[(CACTUS, (2, 6), N), (MISDIRECTION, (7, 7), W)],
        covered: &[(BAY_A, (1, 1)), (BAY_A, (8, 1))],
        reboot_damage: 2,
    },
    CourseData {
        name: "Twist & Shout",
        difficulty: Intermediate,
        length: Some(Medium),
        boards: &[
            (SIDEWINDER, (0, 0), 0),
            (BAY_B, (0, 10), 0),
            (ENERGIZE, (0, 13), 2),
        ],
        checkpoints: &[(SIDEWINDER, (5, 3)), (ENERGIZE, (6, 5))],
        reboot_tokens: &[(SIDEWINDER, (2, 6), E), (ENERGIZE, (3, 4), S)],
        covered: &[(BAY_B, (4, 2)), (BAY_B, (5, 2))],
        reboot_damage: 2,
    },
    CourseData {
        name: "Treachery",
        difficulty: Intermediate,
        length: Some(Long),
        boards: &[
            (THE_KEEP, (0, 0), 0),
            (CACTUS, (10, 0), 1),
            (MISDIRECTION, (10, 10), 0),
            (BAY_A, (0, 10), 0),
        ],
        checkpoints: &[(CACTUS, (2, 2)), (MISDIRECTION, (5, 7)), (THE_KEEP, (4, 5))],
        reboot_tokens: &[
            (THE_KEEP, (8, 3), S),
            (CACTUS, (7, 7), N),
            (MISDIRECTION, (1, 3), E),
        ],
        covered: &[(BAY_A, (0, 2)), (BAY_A, (9, 2))],
        reboot_damage: 2,
    },
    CourseData {
        name: "Cry Havoc",
        difficulty: Advanced,
        length: Some(Long),
        boards: &[(ENERGIZE, (0, 0), 0), (BAY_A, (0, 10), 0)],
        checkpoints: &[
            (ENERGIZE, (2, 1)),
            (ENERGIZE, (8, 7)),
            (ENERGIZE, (3, 5)),
            (ENERGIZE, (6, 2)),
            (BAY_A, (2, 1)),
        ],
        reboot_tokens: &[(ENERGIZE, (5, 6), W)],
        covered: &[(BAY_A, (4, 2)), (BAY_A, (5, 2))],
        reboot_damage: 3,
    },
    CourseData {
        name: "Intensity",
        difficulty: Advanced,
        length: Some(Long),
        boards: &[
            (TEMPEST, (0, 0), 0),
            (STEPS, (10, 0), 3),
            (BAY_A, (10, 10), 0),
        ],
        checkpoints: &[
            (TEMPEST, (8, 4)),
            (STEPS, (8, 3)),
            (TEMPEST, (1, 7)),
            (STEPS, (2, 5)),
        ],
        reboot_tokens: &[(TEMPEST, (1, 3), S), (STEPS, (5, 2), W)],
        covered: &[(BAY_A, (0, 2)), (BAY_A, (9, 2))],
        reboot_damage: 2,
    },
    CourseData {
        name: "Ride the Lightning",
        difficulty: Advanced,
        length: Some(Long),
        boards: &[
            (STEPS, (0, 0), 0),
            (SIDEWINDER, (10, 0), 2),
            (MISDIRECTION, (20, 0), 1),
            (BAY_B, (10, 10), 0),
        ],
        checkpoints: &[
            (STEPS, (6, 2)),
            (MISDIRECTION, (8, 6)),
            (SIDEWINDER, (5, 1)),
        ],
        reboot_tokens: &[
            (STEPS, (3, 6), N),
            (SIDEWINDER, (2, 5), S),
            (MISDIRECTION, (2, 7), E),
        ],
        covered: &[(BAY_B, (0, 1)), (BAY_B, (9, 1))],
        reboot_damage: 2,
    },
    CourseData {
        name: "For the Glory",
        difficulty: Advanced,
        length: Some(Long),
        boards: &[
            (IN_AND_OUT, (3, 0), 0),
            (TEMPEST, (13, 0), 1),
            (ENERGIZE, (3, 10), 2),
            (SIDEWINDER, (13, 10), 3),
            (BAY_B, (0, 5), 1),
        ],
        checkpoints: &[
            (TEMPEST, (7, 4)),
            (SIDEWINDER, (5, 7)),
            (IN_AND_OUT, (7, 8)),
            (ENERGIZE, (2, 5)),
        ],
        reboot_tokens: &[
            (IN_AND_OUT, (2, 5), E),
            (TEMPEST, (1, 3), S),
            (ENERGIZE, (3, 6), N),
            (SIDEWINDER, (2, 1), E),
        ],
        covered: &[(BAY_B, (4, 2)), (BAY_B, (5, 2))],
        reboot_damage: 2,
    },
];

fn spot((board, (x, y)): (&str, (i16, i16))) -> Spot {
    Spot {
        board: board.to_string(),
        at: Pos::new(x, y),
    }
}

impl CourseEntry for CourseData {
    type Extras = MarkerSpec;

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
            checkpoints: self.checkpoints.iter().copied().map(spot).collect(),
            extras: MarkerSpec {
                reboot_tokens: self
                    .reboot_tokens
                    .iter()
                    .map(|&(board, at, dir)| TokenSpec {
                        spot: spot((board, at)),
                        dir,
                    })
                    .collect(),
                covered_starts: self.covered.iter().copied().map(spot).collect(),
                reboot_damage: self.reboot_damage,
            },
        }
    }
}

impl CourseData {
    /// How long the rulebook says a race on this course takes, for 4
    /// players (`None` where it does not say).
    #[must_use]
    pub fn length(&self) -> Option<GameLength> {
        self.length
    }
}

/// How long the rulebook says a race on the built-in course `name` takes
/// (`None` for an unknown course or one whose length the rulebook leaves
/// out).
///
/// ```
/// use variant_2023::courses::{game_length, GameLength};
/// assert_eq!(game_length("Milk Run"), Some(GameLength::Short));
/// assert_eq!(game_length("Rush Hour"), None);
/// ```
#[must_use]
pub fn game_length(name: &str) -> Option<GameLength> {
    COURSES
        .iter()
        .find(|c| c.name == name)
        .and_then(|c| c.length)
}

static LIBRARY: Library<Tile, CourseData> = Library::new(&BOARDS, &COURSES);

/// The built-in boards and courses as a race-kit [`Library`]: lookups by
/// name, and [`Library::build`] for specs.
#[must_use]
pub fn library() -> &'static Library<Tile, CourseData> {
    &LIBRARY
}
