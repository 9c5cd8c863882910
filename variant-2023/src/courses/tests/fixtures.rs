//! Small boards and a valid spec that the builder tests start from.

use crate::courses::{CourseSpec, Difficulty, MarkerSpec, PlacedBoard, Spot, TokenSpec};
use robo_core::geom::{Dir, Pos};

/// A 3x2 docking bay: front row of floor, two start spaces behind.
pub const BAY: &str = "\
+   +   +   +
  .   .   .
+   +   +   +
  S   S   .
+   +   +   +
";

/// A 3x3 factory board with a pit at (1,0) and a void cell at (2,0).
pub const FLOOR: &str = "\
+   +   +   +
  .  [ ]
+   +   +   +
  .   .   .
+   +   +   +
  .   .   .
+   +   +   +
";

pub fn inline(name: &str, text: &str, at: (i16, i16), turns: u8) -> PlacedBoard {
    PlacedBoard {
        name: name.into(),
        text: Some(text.into()),
        at: Pos::new(at.0, at.1),
        turns,
    }
}

pub fn spot(board: &str, x: i16, y: i16) -> Spot {
    Spot {
        board: board.into(),
        at: Pos::new(x, y),
    }
}

pub fn token(board: &str, x: i16, y: i16, dir: Dir) -> TokenSpec {
    TokenSpec {
        spot: spot(board, x, y),
        dir,
    }
}

/// A valid spec: the factory board on top, the bay below it.
pub fn spec() -> CourseSpec {
    CourseSpec {
        name: "Test".into(),
        difficulty: Difficulty::Starter,
        boards: vec![
            inline("Floor", FLOOR, (0, 0), 0),
            inline("Bay", BAY, (0, 3), 0),
        ],
        checkpoints: vec![spot("Floor", 0, 0), spot("Floor", 2, 2)],
        extras: MarkerSpec {
            reboot_tokens: vec![token("Floor", 1, 1, Dir::S)],
            covered_starts: vec![],
            reboot_damage: 2,
        },
    }
}
