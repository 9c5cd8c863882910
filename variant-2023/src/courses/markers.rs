//! The 2023 markers of a course: a reboot token per board but the docking
//! bay, start spaces covered by energy cubes, and the damage a reboot
//! costs. In file form ([`MarkerSpec`]) they name printed cells of boards;
//! on a course ([`Markers`]) they are course cells.

use super::{Course, Spot, TokenSpec};
use crate::tiles::Tile;
use robo_core::board::BoardId;
use robo_core::geom::{Dir, Pos};
use robo_core::race::course::{CourseError, CourseExtras, ExtrasSpec, Layout};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The 2023 markers of a built course.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Markers {
    /// Reboot token (cell, arrow) by [`BoardId`], one entry per board;
    /// `None` for the docking bay (and for boards without one, which only
    /// dynamic archiving allows).
    pub reboot_tokens: Vec<Option<(Pos, Dir)>>,
    /// Start spaces that may not be chosen, in row order.
    pub covered_starts: Vec<Pos>,
    /// Damage cards drawn when rebooting.
    pub reboot_damage: u8,
}

impl Markers {
    /// Reboot tokens as given (one entry per board, `None` where a board
    /// has none), no start space covered, reboot damage 2.
    #[must_use]
    pub fn with_tokens(reboot_tokens: Vec<Option<(Pos, Dir)>>) -> Self {
        Markers {
            reboot_tokens,
            covered_starts: Vec::new(),
            reboot_damage: DEFAULT_REBOOT_DAMAGE,
        }
    }

    /// The reboot token (cell, arrow) of a board; `None` for the docking
    /// bay (robots that fall from it reboot on their archive token) and for
    /// ids that are not boards of the course.
    ///
    /// ```
    /// use variant_2023::courses;
    /// let course = courses::course("Milk Run").unwrap();
    /// let markers = course.extras();
    /// assert_eq!(markers.reboot_token(course.docking_bay()), None);
    /// let (at, _) = markers.reboot_tokens.iter().flatten().next().copied().unwrap();
    /// assert!(markers.reboot_token(course.board().board_id(at).unwrap()).is_some());
    /// ```
    #[must_use]
    pub fn reboot_token(&self, board: BoardId) -> Option<(Pos, Dir)> {
        self.reboot_tokens
            .get(usize::from(board.0))
            .copied()
            .flatten()
    }

    /// The reboot token on `pos`: the board it serves and its arrow.
    #[must_use]
    pub fn reboot_token_at(&self, pos: Pos) -> Option<(BoardId, Dir)> {
        self.reboot_tokens.iter().enumerate().find_map(|(i, t)| {
            t.filter(|(p, _)| *p == pos)
                .map(|(_, d)| (BoardId(i as u8), d))
        })
    }
}

/// Damage cards drawn when rebooting, unless a course says otherwise.
pub const DEFAULT_REBOOT_DAMAGE: u8 = 2;

fn default_reboot_damage() -> u8 {
    DEFAULT_REBOOT_DAMAGE
}

/// The 2023 markers in a course spec.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkerSpec {
    /// One reboot token per board other than the docking bay.
    pub reboot_tokens: Vec<TokenSpec>,
    /// Start spaces covered by energy cubes (not to be chosen).
    #[serde(default)]
    pub covered_starts: Vec<Spot>,
    /// Damage cards drawn when rebooting (2 unless a course says otherwise).
    #[serde(default = "default_reboot_damage")]
    pub reboot_damage: u8,
}

/// 2023 markers that do not fit their course.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MarkerError {
    /// In a spec, a board other than the docking bay without exactly one
    /// reboot token.
    #[error("board `{0}` needs exactly one reboot token")]
    RebootTokens(String),
    /// Reboot tokens listed for more boards than the course has.
    #[error("the course has {boards} boards but reboot tokens for {tokens}")]
    TokenBoards {
        /// Boards of the course.
        boards: usize,
        /// Entries of the token list.
        tokens: usize,
    },
    /// A reboot token on the docking bay (robots that fall from the bay
    /// reboot on their archive token instead).
    #[error("the docking bay `{0}` takes no reboot token")]
    RebootTokenOnDockingBay(String),
    /// A reboot token off the board it serves.
    #[error("the reboot token of board `{board}` at {at} is not on that board")]
    RebootTokenOffBoard {
        /// The board.
        board: String,
        /// The course cell.
        at: Pos,
    },
    /// A reboot token on a pit.
    #[error("the reboot token of board `{board}` lies on a pit at {at}")]
    RebootTokenOnPit {
        /// The board.
        board: String,
        /// The course cell.
        at: Pos,
    },
    /// A reboot token on a checkpoint.
    #[error("the reboot token of board `{board}` at {at} lies on a checkpoint")]
    RebootTokenOnCheckpoint {
        /// The board.
        board: String,
        /// The course cell.
        at: Pos,
    },
    /// A covered start that is not a start space.
    #[error("{0} is not a start space, so it cannot be covered")]
    NotAStartSpace(Pos),
    /// One start space covered twice.
    #[error("the start space at {0} is covered twice")]
    CoveredTwice(Pos),
    /// Every start space is covered.
    #[error("every start space is covered; at least one must stay free")]
    NoFreeStart,
}

/// Row order: top row first, west to east within a row.
fn row_order(p: &Pos) -> (i16, i16) {
    (p.y, p.x)
}

impl CourseExtras<Tile> for Markers {
    type Error = MarkerError;

    /// Checks: a token entry per board at most; no token on the docking
    /// bay, off its own board, on a pit or on a checkpoint; covered starts
    /// are distinct start spaces and leave one free.
    fn validate(c: &Course) -> Result<(), MarkerError> {
        let m = c.extras();
        let boards = c.board_names().len();
        if m.reboot_tokens.len() > boards {
            return Err(MarkerError::TokenBoards {
                boards,
                tokens: m.reboot_tokens.len(),
            });
        }
        for (k, token) in m.reboot_tokens.iter().enumerate() {
            let Some((at, _)) = *token else { continue };
            let id = BoardId(k as u8);
            let board = c.board_name(id).unwrap_or_default().to_string();
            if id == c.docking_bay() {
                return Err(MarkerError::RebootTokenOnDockingBay(board));
            }
            if c.board().board_id(at) != Some(id) {
                return Err(MarkerError::RebootTokenOffBoard { board, at });
            }
            if c.board().tile(at) == Some(&Tile::Pit) {
                return Err(MarkerError::RebootTokenOnPit { board, at });
            }
            if c.checkpoint_at(at).is_some() {
                return Err(MarkerError::RebootTokenOnCheckpoint { board, at });
            }
        }
        for (i, &at) in m.covered_starts.iter().enumerate() {
            if !c.is_start(at) {
                return Err(MarkerError::NotAStartSpace(at));
            }
            if m.covered_starts[..i].contains(&at) {
                return Err(MarkerError::CoveredTwice(at));
            }
        }
        if m.covered_starts.len() >= c.starts().len() {
            return Err(MarkerError::NoFreeStart);
        }
        Ok(())
    }

    fn covers(&self, start: Pos) -> bool {
        self.covered_starts.contains(&start)
    }

    /// Covered start spaces as ` x `, reboot tokens as `R` and their arrow.
    fn marks(&self, mark: &mut dyn FnMut(Pos, &str)) {
        for &p in &self.covered_starts {
            mark(p, " x ");
        }
        for (pos, dir) in self.reboot_tokens.iter().flatten() {
            mark(*pos, &format!("R{} ", dir.arrow()));
        }
    }

    fn serialize_course<S: serde::Serializer>(c: &Course, s: S) -> Result<S::Ok, S::Error> {
        super::saved::serialize(c, s)
    }

    fn deserialize_course<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Course, D::Error> {
        super::saved::deserialize(d)
    }
}

impl ExtrasSpec<Tile> for MarkerSpec {
    type Built = Markers;

    /// Finds the spots; each board but the docking bay has exactly one
    /// reboot token. The rest is checked on the course.
    fn place(&self, layout: &Layout<'_, Tile>) -> Result<Markers, CourseError<MarkerError>> {
        let mut reboot_tokens: Vec<Option<(Pos, Dir)>> = vec![None; layout.boards()];
        for token in &self.reboot_tokens {
            let (k, at) = layout.locate(&token.spot, "reboot token")?;
            let slot = &mut reboot_tokens[usize::from(k.0)];
            if slot.is_some() {
                let name = layout.board_name(k).to_string();
                return Err(CourseError::Extra(MarkerError::RebootTokens(name)));
            }
            *slot = Some((at, layout.place_dir(k, token.dir)));
        }
        let bay = layout.docking_bay();
        if let Some(k) = (0..layout.boards())
            .map(|k| BoardId(k as u8))
            .find(|&k| k != bay && reboot_tokens[usize::from(k.0)].is_none())
        {
            let name = layout.board_name(k).to_string();
            return Err(CourseError::Extra(MarkerError::RebootTokens(name)));
        }
        let mut covered_starts = self
            .covered_starts
            .iter()
            .map(|s| layout.locate(s, "covered start").map(|(_, at)| at))
            .collect::<Result<Vec<Pos>, _>>()?;
        // Covered twice is reported by the course check; keep the duplicate.
        covered_starts.sort_by_key(row_order);
        Ok(Markers {
            reboot_tokens,
            covered_starts,
            reboot_damage: self.reboot_damage,
        })
    }
}
