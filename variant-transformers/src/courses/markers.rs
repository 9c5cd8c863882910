//! What a Transformers course lays on its maps besides checkpoints:
//! Energon cubes, the advanced tokens (mines and space bridges), start
//! spaces barred by their red X, and the player counts the course suits.
//! In file form ([`MarkerSpec`]) they name printed cells of boards; on a
//! course ([`Markers`]) they are course cells.

use super::Course;
use crate::tiles::Tile;
use robo_core::geom::Pos;
use robo_core::race::course::{CourseError, CourseExtras, ExtrasSpec, Layout, Spot};
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// Energon cubes beyond the players' trackers (the box holds 15; 6 track
/// the players' Energon).
pub const CUBE_SUPPLY: u8 = 9;

/// The player counts a course is made for, and the counts it plays best
/// with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerRange {
    /// Fewest players.
    pub min: u8,
    /// Most players.
    pub max: u8,
    /// The counts it plays best with (inside `min..=max`), if the course
    /// says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<(u8, u8)>,
}

impl Default for PlayerRange {
    fn default() -> Self {
        PlayerRange {
            min: 2,
            max: 6,
            best: None,
        }
    }
}

impl PlayerRange {
    /// Is `n` players inside the range?
    #[must_use]
    pub fn allows(self, n: usize) -> bool {
        (usize::from(self.min)..=usize::from(self.max)).contains(&n)
    }
}

impl fmt::Display for PlayerRange {
    /// `2-6 (best with 2-4)`.
    ///
    /// ```
    /// use variant_transformers::courses::PlayerRange;
    /// let r = PlayerRange { min: 3, max: 5, best: Some((4, 4)) };
    /// assert_eq!(r.to_string(), "3-5 (best with 4)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.min, self.max)?;
        match self.best {
            Some((a, b)) if a == b => write!(f, " (best with {a})"),
            Some((a, b)) => write!(f, " (best with {a}-{b})"),
            None => Ok(()),
        }
    }
}

/// A space bridge token and its colour (bridges of one colour lead to each
/// other).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bridge {
    /// Its cell.
    pub at: Pos,
    /// Its colour, a small number.
    pub colour: u8,
}

/// The Transformers markers of a built course.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Markers {
    /// Energon cubes at the start of the race: one entry per cube (a cell
    /// listed twice holds two).
    #[serde(default)]
    pub energon: Vec<Pos>,
    /// Mines at the start of the race.
    #[serde(default)]
    pub mines: Vec<Pos>,
    /// Space bridges.
    #[serde(default)]
    pub bridges: Vec<Bridge>,
    /// Start spaces no robot may choose on this course.
    #[serde(default)]
    pub barred_starts: Vec<Pos>,
    /// The player counts the course is made for.
    #[serde(default)]
    pub players: PlayerRange,
}

/// Transformers markers in a course spec.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkerSpec {
    /// Energon cubes, one entry per cube.
    #[serde(default)]
    pub energon: Vec<Spot>,
    /// Mines.
    #[serde(default)]
    pub mines: Vec<Spot>,
    /// Space bridges and their colours.
    #[serde(default)]
    pub bridges: Vec<(Spot, u8)>,
    /// Start spaces barred on this course (the red X of Starting Tile A).
    #[serde(default)]
    pub barred_starts: Vec<Spot>,
    /// The player counts the course is made for.
    #[serde(default)]
    pub players: PlayerRange,
}

/// Transformers markers that do not fit their course.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MarkerError {
    /// A token on a cell that cannot hold one (an obstacle, a walkway,
    /// oil, a fire pit, a ramp, a building, a start space).
    #[error("the {what} at {at} lies where no token may")]
    BadTokenCell {
        /// Which token.
        what: &'static str,
        /// Its cell.
        at: Pos,
    },
    /// A mine or a space bridge on a checkpoint.
    #[error("the {what} at {at} lies on a checkpoint")]
    TokenOnCheckpoint {
        /// Which token.
        what: &'static str,
        /// Its cell.
        at: Pos,
    },
    /// Two mines or bridges on one cell, or a mine and a bridge together.
    #[error("two tokens share the cell {0}")]
    SharedCell(Pos),
    /// More cubes than the supply holds.
    #[error("{0} Energon cubes on the course; the supply holds {CUBE_SUPPLY}")]
    TooManyCubes(usize),
    /// A bridge with no other bridge of its colour to lead to.
    #[error("the space bridge at {0} has no other bridge of its colour")]
    LoneBridge(Pos),
    /// A barred start that is not a start space.
    #[error("{0} is not a start space, so it cannot be barred")]
    NotAStartSpace(Pos),
    /// Every start space is barred.
    #[error("every start space is barred; at least one must stay free")]
    NoFreeStart,
    /// A player range that is empty or outside 2 to 6, or whose best
    /// counts fall outside it.
    #[error("the player range {0} is not inside 2-6")]
    BadPlayers(PlayerRange),
}

impl Markers {
    /// Energon cubes on `pos` at the start of the race.
    #[must_use]
    pub fn cubes_at(&self, pos: Pos) -> usize {
        self.energon.iter().filter(|&&p| p == pos).count()
    }

    /// The bridge on `pos`.
    #[must_use]
    pub fn bridge_at(&self, pos: Pos) -> Option<Bridge> {
        self.bridges.iter().copied().find(|b| b.at == pos)
    }
}

fn token_cell(c: &Course, what: &'static str, at: Pos) -> Result<(), MarkerError> {
    let ok = c
        .board()
        .tile(at)
        .is_some_and(robo_core::race::course::CourseTile::can_hold_marker);
    if ok && !c.is_start(at) {
        Ok(())
    } else {
        Err(MarkerError::BadTokenCell { what, at })
    }
}

impl CourseExtras<Tile> for Markers {
    type Error = MarkerError;

    /// Checks: every token on a cell that can hold one; mines and bridges
    /// off checkpoints, one token of those per cell; at most
    /// [`CUBE_SUPPLY`] cubes; each bridge colour at least twice; barred
    /// starts are distinct start spaces and leave one free; the player
    /// range inside 2 to 6.
    fn validate(c: &Course) -> Result<(), MarkerError> {
        let m = c.extras();
        for &at in &m.energon {
            token_cell(c, "Energon cube", at)?;
        }
        if m.energon.len() > usize::from(CUBE_SUPPLY) {
            return Err(MarkerError::TooManyCubes(m.energon.len()));
        }
        let tokens = m
            .mines
            .iter()
            .map(|&p| ("mine", p))
            .chain(m.bridges.iter().map(|b| ("space bridge", b.at)));
        let mut seen: Vec<Pos> = Vec::new();
        for (what, at) in tokens {
            token_cell(c, what, at)?;
            if c.checkpoint_at(at).is_some() {
                return Err(MarkerError::TokenOnCheckpoint { what, at });
            }
            if seen.contains(&at) {
                return Err(MarkerError::SharedCell(at));
            }
            seen.push(at);
        }
        for b in &m.bridges {
            if !m
                .bridges
                .iter()
                .any(|o| o.colour == b.colour && o.at != b.at)
            {
                return Err(MarkerError::LoneBridge(b.at));
            }
        }
        for (i, &at) in m.barred_starts.iter().enumerate() {
            if !c.is_start(at) || m.barred_starts[..i].contains(&at) {
                return Err(MarkerError::NotAStartSpace(at));
            }
        }
        if m.barred_starts.len() >= c.starts().len() {
            return Err(MarkerError::NoFreeStart);
        }
        let r = m.players;
        let inside = |a: u8, b: u8| 2 <= a && a <= b && b <= 6;
        let best_ok = r
            .best
            .is_none_or(|(a, b)| a <= b && r.min <= a && b <= r.max);
        if !inside(r.min, r.max) || !best_ok {
            return Err(MarkerError::BadPlayers(r));
        }
        Ok(())
    }

    fn covers(&self, start: Pos) -> bool {
        self.barred_starts.contains(&start)
    }

    /// Barred starts as ` x `, cubes as ` e ` (`e2 ` for two), mines as
    /// ` * `, bridges as `B` and their colour.
    fn marks(&self, mark: &mut dyn FnMut(Pos, &str)) {
        for &p in &self.barred_starts {
            mark(p, " x ");
        }
        let mut done: Vec<Pos> = Vec::new();
        for &p in &self.energon {
            if done.contains(&p) {
                continue;
            }
            done.push(p);
            match self.cubes_at(p) {
                1 => mark(p, " e "),
                n => mark(p, &format!("e{} ", n.min(9))),
            }
        }
        for &p in &self.mines {
            mark(p, " * ");
        }
        for b in &self.bridges {
            mark(b.at, &format!("B{} ", b.colour.min(9)));
        }
    }
}

impl ExtrasSpec<Tile> for MarkerSpec {
    type Built = Markers;

    /// Finds the spots; everything else is checked on the course.
    fn place(&self, layout: &Layout<'_, Tile>) -> Result<Markers, CourseError<MarkerError>> {
        let cells = |spots: &[Spot], what| -> Result<Vec<Pos>, CourseError<MarkerError>> {
            spots
                .iter()
                .map(|s| layout.locate(s, what).map(|(_, at)| at))
                .collect()
        };
        let bridges = self
            .bridges
            .iter()
            .map(|(s, colour)| {
                layout.locate(s, "space bridge").map(|(_, at)| Bridge {
                    at,
                    colour: *colour,
                })
            })
            .collect::<Result<Vec<Bridge>, _>>()?;
        let mut barred_starts = cells(&self.barred_starts, "barred start")?;
        barred_starts.sort_by_key(|p| (p.y, p.x));
        Ok(Markers {
            energon: cells(&self.energon, "Energon cube")?,
            mines: cells(&self.mines, "mine")?,
            bridges,
            barred_starts,
            players: self.players,
        })
    }
}
