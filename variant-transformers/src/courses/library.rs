//! The built-in maps, starting tiles and racecourses.
//!
//! The rulebook names its eight maps, the two sides of its starting tile
//! and eight racecourses, but their layouts are pictures: every map and
//! tile side here is our own design under the rulebook's name, and every
//! course keeps the rulebook's name, difficulty, maps, checkpoint count,
//! Energon cube count, tokens and player counts, with our own placement of
//! all of them. `docs/courses-transformers.md` shows them all.

use super::{CourseSpec, Difficulty, MarkerSpec, PlacedBoard, PlayerRange, Spot};
use crate::tiles::Tile;
use robo_core::geom::Pos;
use robo_core::race::course::{CourseEntry, Library};

/// The course a race uses when none is chosen: the rulebook's course for
/// first-time players.
pub const DEFAULT_COURSE: &str = "Twin Loop Warm-Up Lap";

const SPEEDIA: &str = "Speedia Qualifier";
const DIRT_BOSS: &str = "Dirt Boss Derby";
const RENEGADE: &str = "Renegade Run";
const VORTEX: &str = "Vortex Valley";
const DIABLO: &str = "Diablo Desert";
const DOWNTOWN: &str = "Downtown Delta";
const CRUMPLEZONE: &str = "The Crumplezone";
const MACCADAM: &str = "Maccadam's Motorway";
const TILE_A: &str = "Starting Tile A";
const TILE_B: &str = "Starting Tile B";

/// Built-in boards: name and text (the eight maps, then the starting tile's
/// two sides).
pub(super) const BOARDS: [(&str, &str); 10] = [
    (SPEEDIA, include_str!("../../boards/speedia-qualifier.txt")),
    (DIRT_BOSS, include_str!("../../boards/dirt-boss-derby.txt")),
    (RENEGADE, include_str!("../../boards/renegade-run.txt")),
    (VORTEX, include_str!("../../boards/vortex-valley.txt")),
    (DIABLO, include_str!("../../boards/diablo-desert.txt")),
    (DOWNTOWN, include_str!("../../boards/downtown-delta.txt")),
    (
        CRUMPLEZONE,
        include_str!("../../boards/the-crumplezone.txt"),
    ),
    (
        MACCADAM,
        include_str!("../../boards/maccadams-motorway.txt"),
    ),
    (TILE_A, include_str!("../../boards/starting-tile-a.txt")),
    (TILE_B, include_str!("../../boards/starting-tile-b.txt")),
];

type At = (&'static str, (i16, i16));

/// A built-in course as compact data (see [`library`]).
#[derive(Debug)]
pub struct CourseData {
    name: &'static str,
    difficulty: Difficulty,
    /// Board, top-left course cell, quarter turns.
    boards: &'static [(&'static str, (i16, i16), u8)],
    /// Board and printed cell, in order.
    checkpoints: &'static [At],
    energon: &'static [At],
    mines: &'static [At],
    /// Board, printed cell, colour.
    bridges: &'static [(&'static str, (i16, i16), u8)],
    barred: &'static [At],
    /// Fewest and most players, and the counts it plays best with.
    players: (u8, u8, Option<(u8, u8)>),
}

use Difficulty::{Advanced, Beginner, Intermediate};

const COURSES: [CourseData; 8] = [
    CourseData {
        name: "Twin Loop Warm-Up Lap",
        difficulty: Beginner,
        boards: &[(SPEEDIA, (0, 0), 0), (TILE_A, (0, 10), 0)],
        checkpoints: &[(SPEEDIA, (3, 1)), (SPEEDIA, (8, 6))],
        energon: &[
            (SPEEDIA, (0, 1)),
            (SPEEDIA, (9, 8)),
            (SPEEDIA, (2, 7)),
            (SPEEDIA, (7, 2)),
            (SPEEDIA, (5, 9)),
        ],
        mines: &[],
        bridges: &[],
        barred: &[],
        players: (2, 6, Some((2, 4))),
    },
    CourseData {
        name: "Burning Bot Challenge",
        difficulty: Intermediate,
        boards: &[(DIRT_BOSS, (0, 0), 0), (TILE_B, (0, 10), 0)],
        checkpoints: &[
            (DIRT_BOSS, (4, 1)),
            (DIRT_BOSS, (9, 4)),
            (DIRT_BOSS, (1, 2)),
        ],
        energon: &[
            (DIRT_BOSS, (6, 0)),
            (DIRT_BOSS, (0, 2)),
            (DIRT_BOSS, (9, 2)),
            (DIRT_BOSS, (2, 9)),
            (DIRT_BOSS, (6, 8)),
            (DIRT_BOSS, (5, 5)),
        ],
        mines: &[],
        bridges: &[],
        barred: &[],
        players: (2, 5, Some((3, 5))),
    },
    CourseData {
        name: "Switchback Trials",
        difficulty: Intermediate,
        boards: &[(RENEGADE, (0, 0), 0), (TILE_A, (0, 10), 0)],
        checkpoints: &[(RENEGADE, (9, 6)), (RENEGADE, (2, 2)), (RENEGADE, (7, 9))],
        energon: &[
            (RENEGADE, (0, 7)),
            (RENEGADE, (9, 2)),
            (RENEGADE, (4, 2)),
            (RENEGADE, (2, 8)),
            (RENEGADE, (6, 4)),
            (RENEGADE, (9, 9)),
        ],
        mines: &[],
        bridges: &[],
        barred: &[],
        players: (2, 5, Some((4, 5))),
    },
    CourseData {
        name: "Spiral Mesa",
        difficulty: Intermediate,
        boards: &[(VORTEX, (0, 0), 0), (TILE_B, (0, 10), 0)],
        checkpoints: &[(VORTEX, (1, 8)), (VORTEX, (8, 1)), (VORTEX, (3, 4))],
        energon: &[
            (VORTEX, (1, 1)),
            (VORTEX, (8, 6)),
            (VORTEX, (5, 8)),
            (VORTEX, (3, 6)),
            (VORTEX, (6, 4)),
            (VORTEX, (1, 5)),
        ],
        mines: &[],
        bridges: &[],
        barred: &[],
        players: (3, 5, None),
    },
    CourseData {
        name: "Longhaul Speedway",
        difficulty: Intermediate,
        boards: &[
            (DOWNTOWN, (0, 0), 0),
            (DIABLO, (0, 10), 0),
            (TILE_B, (0, 20), 0),
        ],
        checkpoints: &[
            (DIABLO, (7, 4)),
            (DOWNTOWN, (3, 1)),
            (DOWNTOWN, (9, 8)),
            (DIABLO, (2, 6)),
        ],
        energon: &[
            (DIABLO, (3, 9)),
            (DIABLO, (9, 0)),
            (DOWNTOWN, (6, 3)),
            (DOWNTOWN, (3, 7)),
            (DOWNTOWN, (9, 3)),
            (DIABLO, (0, 9)),
        ],
        mines: &[],
        bridges: &[(DIABLO, (9, 9), 1), (DOWNTOWN, (0, 0), 1)],
        barred: &[],
        players: (4, 6, Some((6, 6))),
    },
    CourseData {
        name: "Chaos Junction",
        difficulty: Intermediate,
        boards: &[(CRUMPLEZONE, (0, 0), 0), (TILE_B, (0, 10), 0)],
        checkpoints: &[
            (CRUMPLEZONE, (3, 3)),
            (CRUMPLEZONE, (8, 2)),
            (CRUMPLEZONE, (0, 8)),
        ],
        energon: &[
            (CRUMPLEZONE, (4, 3)),
            (CRUMPLEZONE, (0, 0)),
            (CRUMPLEZONE, (9, 9)),
            (CRUMPLEZONE, (5, 6)),
            (CRUMPLEZONE, (3, 9)),
            (CRUMPLEZONE, (9, 2)),
        ],
        mines: &[],
        bridges: &[],
        barred: &[],
        players: (3, 5, None),
    },
    CourseData {
        name: "Circle of Death",
        difficulty: Intermediate,
        boards: &[(MACCADAM, (0, 0), 0), (TILE_A, (0, 10), 0)],
        checkpoints: &[(MACCADAM, (3, 2)), (MACCADAM, (6, 7)), (MACCADAM, (2, 5))],
        energon: &[
            (MACCADAM, (0, 1)),
            (MACCADAM, (9, 1)),
            (MACCADAM, (4, 6)),
            (MACCADAM, (5, 3)),
            (MACCADAM, (0, 9)),
            (MACCADAM, (9, 9)),
        ],
        mines: &[],
        bridges: &[],
        barred: &[],
        players: (3, 5, Some((4, 4))),
    },
    CourseData {
        name: "Triple Threat Grand Prix",
        difficulty: Advanced,
        boards: &[
            (DIRT_BOSS, (0, 0), 0),
            (CRUMPLEZONE, (10, 0), 0),
            (VORTEX, (20, 0), 0),
            (TILE_A, (10, 10), 0),
        ],
        checkpoints: &[(DIRT_BOSS, (5, 2)), (VORTEX, (8, 1)), (CRUMPLEZONE, (3, 3))],
        energon: &[
            (DIRT_BOSS, (0, 0)),
            (DIRT_BOSS, (9, 9)),
            (CRUMPLEZONE, (0, 9)),
            (CRUMPLEZONE, (7, 6)),
            (VORTEX, (1, 8)),
            (VORTEX, (8, 6)),
            (VORTEX, (5, 8)),
        ],
        mines: &[
            (CRUMPLEZONE, (5, 3)),
            (CRUMPLEZONE, (2, 6)),
            (DIRT_BOSS, (6, 5)),
            (VORTEX, (6, 1)),
        ],
        bridges: &[
            (DIRT_BOSS, (0, 9), 1),
            (CRUMPLEZONE, (9, 9), 1),
            (VORTEX, (1, 1), 1),
        ],
        barred: &[(TILE_A, (3, 1)), (TILE_A, (6, 1))],
        players: (5, 6, None),
    },
];

fn spots(list: &[At]) -> Vec<Spot> {
    list.iter()
        .map(|&(board, (x, y))| Spot::new(board, x, y))
        .collect()
}

impl CourseEntry for CourseData {
    type Extras = MarkerSpec;

    fn name(&self) -> &'static str {
        self.name
    }

    fn spec(&self) -> CourseSpec {
        let (min, max, best) = self.players;
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
            checkpoints: spots(self.checkpoints),
            extras: MarkerSpec {
                energon: spots(self.energon),
                mines: spots(self.mines),
                bridges: self
                    .bridges
                    .iter()
                    .map(|&(board, (x, y), c)| (Spot::new(board, x, y), c))
                    .collect(),
                barred_starts: spots(self.barred),
                players: PlayerRange { min, max, best },
            },
        }
    }
}

static LIBRARY: Library<Tile, CourseData> = Library::new(&BOARDS, &COURSES);

/// The built-in boards and courses.
#[must_use]
pub fn library() -> &'static Library<Tile, CourseData> {
    &LIBRARY
}
