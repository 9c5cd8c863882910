//! Courses: several boards placed side by side, each turned a number of
//! quarter turns, assembled into one grid.

use super::{Board, BoardId, Wall};
use crate::geom::{Dir, Pos, Turn};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A tile that can be turned with its board (arrows, belts and pushers turn;
/// floor does not).
pub trait Rotate {
    /// The tile after `quarters` quarter turns clockwise.
    #[must_use]
    fn rotated_cw(&self, quarters: u8) -> Self;
}

impl Rotate for () {
    fn rotated_cw(&self, _: u8) {}
}

impl Rotate for Dir {
    fn rotated_cw(&self, quarters: u8) -> Self {
        Dir::rotated_cw(*self, quarters)
    }
}

impl Rotate for Turn {
    /// A left turn stays a left turn however the board lies.
    fn rotated_cw(&self, _: u8) -> Self {
        *self
    }
}

/// One board of a course: where its top-left corner goes (after turning)
/// and how many quarter turns clockwise it is turned.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement<T> {
    /// A name for messages and for looking the board up (for example its
    /// printed name).
    pub name: String,
    /// The board as printed, before turning.
    pub board: Board<T>,
    /// Cell of the course that the turned board's top-left cell lands on.
    pub at: Pos,
    /// Quarter turns clockwise, 0 to 3.
    pub turns: u8,
}

impl<T: Rotate + Clone> Placement<T> {
    /// The board after its turns.
    #[must_use]
    pub fn turned(&self) -> Board<T> {
        let mut b = self.board.clone();
        for _ in 0..self.turns % 4 {
            b = b.rotated_cw();
        }
        b
    }

    /// Where a cell of the board as printed lands on the course.
    #[must_use]
    pub fn place(&self, local: Pos) -> Pos {
        let (mut p, mut h) = (local, self.board.height() as i16);
        let mut w = self.board.width() as i16;
        for _ in 0..self.turns % 4 {
            p = p.rotated_cw(h);
            std::mem::swap(&mut w, &mut h);
        }
        p + self.at
    }

    /// The course facing of a facing printed on this board.
    #[must_use]
    pub fn place_dir(&self, dir: Dir) -> Dir {
        dir.rotated_cw(self.turns % 4)
    }
}

/// A course that cannot be assembled.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CourseError {
    /// No boards.
    #[error("a course needs at least one board")]
    Empty,
    /// A board placed at a negative position.
    #[error("board `{name}` is placed at {at}; boards must be placed at non-negative positions")]
    NegativeOffset {
        /// The board.
        name: String,
        /// Where it was placed.
        at: Pos,
    },
    /// Two boards cover one cell.
    #[error("boards `{first}` and `{second}` both cover {pos}")]
    Overlap {
        /// The board placed first.
        first: String,
        /// The board placed second.
        second: String,
        /// A cell both cover.
        pos: Pos,
    },
    /// More boards than ids.
    #[error("a course has at most 36 boards, not {0}")]
    TooManyBoards(usize),
    /// The assembled course is too large.
    #[error("the course would be {0} cells on a side, more than a board may be")]
    TooBig(usize),
}

/// Boards placed together. [`Course::assemble`] makes one [`Board`] of them
/// where each cell's [`BoardId`] is the index of its placement.
///
/// ```
/// use robo_core::board::{Board, Course, Placement};
/// use robo_core::geom::Pos;
/// let a = Board::new(2, 2, ()).unwrap();
/// let course = Course::new(vec![
///     Placement { name: "A".into(), board: a.clone(), at: Pos::new(0, 0), turns: 0 },
///     Placement { name: "B".into(), board: a, at: Pos::new(2, 0), turns: 1 },
/// ]);
/// let grid = course.assemble().unwrap();
/// assert_eq!((grid.width(), grid.height()), (4, 2));
/// assert_eq!(grid.board_id(Pos::new(3, 1)).map(|b| b.0), Some(1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Course<T> {
    /// The boards, in id order.
    pub placements: Vec<Placement<T>>,
}

impl<T: Rotate + Clone> Course<T> {
    /// A course of the given placements.
    #[must_use]
    pub fn new(placements: Vec<Placement<T>>) -> Self {
        Course { placements }
    }

    /// One grid of all the boards. Walls printed on both sides of a seam
    /// merge into one wall; cells no board covers are void.
    ///
    /// # Errors
    /// A [`CourseError`] for an empty course, negative offsets, overlapping
    /// boards or too many boards.
    pub fn assemble(&self) -> Result<Board<T>, CourseError> {
        let first = self.placements.first().ok_or(CourseError::Empty)?;
        if self.placements.len() > 36 {
            return Err(CourseError::TooManyBoards(self.placements.len()));
        }
        let turned: Vec<Board<T>> = self.placements.iter().map(Placement::turned).collect();
        let (mut w, mut h) = (0usize, 0usize);
        for (p, b) in self.placements.iter().zip(&turned) {
            if p.at.x < 0 || p.at.y < 0 {
                return Err(CourseError::NegativeOffset {
                    name: p.name.clone(),
                    at: p.at,
                });
            }
            w = w.max(p.at.x as usize + b.width());
            h = h.max(p.at.y as usize + b.height());
        }
        let side = w.max(h);
        let fill = first.board.tiles[0].clone();
        let mut out = Board::new(w, h, fill).map_err(|_| CourseError::TooBig(side))?;
        out.ids.iter_mut().for_each(|id| *id = None);
        let mut owner: Vec<Option<usize>> = vec![None; w * h];
        for (k, (p, b)) in self.placements.iter().zip(&turned).enumerate() {
            for local in b.positions() {
                let Some(t) = b.tile(local) else { continue };
                let q = local + p.at;
                let i = q.y as usize * w + q.x as usize;
                if let Some(prev) = owner[i] {
                    return Err(CourseError::Overlap {
                        first: self.placements[prev].name.clone(),
                        second: p.name.clone(),
                        pos: q,
                    });
                }
                owner[i] = Some(k);
                out.tiles[i] = t.clone();
                out.ids[i] = Some(BoardId(k as u8));
            }
        }
        for (p, b) in self.placements.iter().zip(&turned) {
            for local in b.positions() {
                if !b.contains(local) {
                    continue;
                }
                for d in Dir::ALL {
                    let wall = b.wall(local, d);
                    if wall != Wall::None {
                        out.merge_wall(local + p.at, d, wall);
                    }
                }
            }
        }
        Ok(out)
    }

    /// The same course turned a quarter turn clockwise as a whole: every
    /// board turns once more and moves to where the turn takes it.
    #[must_use]
    pub fn rotated_cw(&self) -> Course<T> {
        let height = self
            .placements
            .iter()
            .map(|p| {
                let b = p.turned();
                p.at.y as usize + b.height()
            })
            .max()
            .unwrap_or(0) as i16;
        let placements = self
            .placements
            .iter()
            .map(|p| {
                let bh = p.turned().height() as i16;
                // The turned board's bottom-left cell becomes its new top-left cell.
                let corner = Pos::new(p.at.x, p.at.y + bh - 1).rotated_cw(height);
                Placement {
                    name: p.name.clone(),
                    board: p.board.clone(),
                    at: corner,
                    turns: (p.turns + 1) % 4,
                }
            })
            .collect();
        Course { placements }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(w: usize, h: usize) -> Board<()> {
        Board::new(w, h, ()).unwrap()
    }

    #[test]
    fn seam_walls_printed_twice_are_one_wall() {
        let mut a = board(2, 1);
        a.set_wall(Pos::new(1, 0), Dir::E, Wall::Both).unwrap();
        let mut b = board(2, 1);
        b.set_wall(Pos::new(0, 0), Dir::W, Wall::Both).unwrap();
        let course = Course::new(vec![
            Placement {
                name: "a".into(),
                board: a.clone(),
                at: Pos::new(0, 0),
                turns: 0,
            },
            Placement {
                name: "b".into(),
                board: b,
                at: Pos::new(2, 0),
                turns: 0,
            },
        ]);
        let g = course.assemble().unwrap();
        assert_eq!(g.wall(Pos::new(1, 0), Dir::E), Wall::Both);
        assert_eq!(g.wall(Pos::new(2, 0), Dir::W), Wall::Both);
        // a wall printed on one board's edge only still blocks both ways
        let course = Course::new(vec![
            Placement {
                name: "a".into(),
                board: a,
                at: Pos::new(0, 0),
                turns: 0,
            },
            Placement {
                name: "c".into(),
                board: board(2, 1),
                at: Pos::new(2, 0),
                turns: 0,
            },
        ]);
        let g = course.assemble().unwrap();
        assert!(g.blocks(Pos::new(2, 0), Dir::W));
    }

    #[test]
    fn overlap_and_negative_offsets_are_errors() {
        let c = Course::new(vec![
            Placement {
                name: "a".into(),
                board: board(2, 2),
                at: Pos::new(0, 0),
                turns: 0,
            },
            Placement {
                name: "b".into(),
                board: board(2, 2),
                at: Pos::new(1, 1),
                turns: 0,
            },
        ]);
        assert!(
            matches!(c.assemble(), Err(CourseError::Overlap { pos, .. }) if pos == Pos::new(1, 1))
        );
        let c = Course::new(vec![Placement {
            name: "a".into(),
            board: board(2, 2),
            at: Pos::new(-1, 0),
            turns: 0,
        }]);
        assert!(matches!(
            c.assemble(),
            Err(CourseError::NegativeOffset { .. })
        ));
        assert_eq!(
            Course::<()>::new(vec![]).assemble(),
            Err(CourseError::Empty)
        );
    }

    #[test]
    fn uncovered_cells_are_void_and_ids_follow_placements() {
        let c = Course::new(vec![
            Placement {
                name: "a".into(),
                board: board(2, 2),
                at: Pos::new(0, 0),
                turns: 0,
            },
            Placement {
                name: "b".into(),
                board: board(1, 3),
                at: Pos::new(2, 0),
                turns: 0,
            },
        ]);
        let g = c.assemble().unwrap();
        assert_eq!((g.width(), g.height()), (3, 3));
        assert!(!g.contains(Pos::new(0, 2)));
        assert_eq!(g.board_id(Pos::new(2, 2)), Some(BoardId(1)));
        assert_eq!(g.board_id(Pos::new(1, 1)), Some(BoardId(0)));
    }

    #[test]
    fn placement_maps_printed_cells_and_facings() {
        let p = Placement {
            name: "a".into(),
            board: board(3, 2),
            at: Pos::new(5, 0),
            turns: 1,
        };
        // 3 wide, 2 high turned once: 2 wide, 3 high; printed top-left goes top-right
        assert_eq!(p.place(Pos::new(0, 0)), Pos::new(6, 0));
        assert_eq!(p.place(Pos::new(2, 1)), Pos::new(5, 2));
        assert_eq!(p.place_dir(Dir::N), Dir::E);
    }

    #[test]
    fn four_course_turns_give_the_same_course() {
        let mut a = board(3, 2);
        a.set_wall(Pos::new(0, 0), Dir::N, Wall::OneWay(Dir::S))
            .unwrap();
        let c = Course::new(vec![
            Placement {
                name: "a".into(),
                board: a,
                at: Pos::new(0, 0),
                turns: 0,
            },
            Placement {
                name: "b".into(),
                board: board(2, 4),
                at: Pos::new(3, 1),
                turns: 3,
            },
        ]);
        let g = c.assemble().unwrap();
        let once = c.rotated_cw();
        assert_eq!(once.assemble().unwrap(), g.rotated_cw());
        let four = once.rotated_cw().rotated_cw().rotated_cw();
        assert_eq!(four.assemble().unwrap(), g);
    }
}
