//! The validated [`Course`], its unchecked [`CourseParts`], the one
//! constructor that turns the second into the first, and the questions a
//! game asks of a course.

use super::{CourseError, CourseExtras, CourseTile};
use crate::board::{Board, BoardId};
use crate::geom::{Dir, Pos};
use serde::{Deserialize, Serialize};

/// The most checkpoints a course may have, so that a checkpoint's number
/// and a robot's count fit in a byte with room to spare.
pub const MAX_CHECKPOINTS: usize = 254;

/// A course's parts before they are checked: what [`Course::new`] takes
/// and [`Course::into_parts`] gives back (to change a course and check it
/// again). Start spaces are not a part: they are the start tiles of the
/// docking bay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CourseParts<T, X> {
    /// The course's name.
    pub name: String,
    /// The assembled grid; each cell's [`BoardId`] indexes `board_names`.
    pub board: Board<T>,
    /// Board names by [`BoardId`].
    pub board_names: Vec<String>,
    /// The board holding the start spaces.
    pub docking_bay: BoardId,
    /// Checkpoint cells in order (checkpoint 1 first).
    pub checkpoints: Vec<Pos>,
    /// The facing of robots placed on the start spaces.
    pub start_facing: Dir,
    /// The edition's markers.
    #[serde(flatten)]
    pub extras: X,
}

/// A validated course: one grid of boards, a docking bay with its start
/// spaces, checkpoints in order, and the edition's markers `X`.
///
/// Made only through [`Course::new`] (which a spec build and a save read
/// back go through too), so every `Course` keeps these promises:
/// - every cell of the grid belongs to a named board, and names differ
///   (case is ignored);
/// - the docking bay is a board of the grid with at least one start space;
///   the start spaces are exactly its start tiles, in row order;
/// - 1 to [`MAX_CHECKPOINTS`] checkpoints, each on a distinct cell that can
///   hold a marker and is not a start space;
/// - the markers pass [`CourseExtras::validate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Course<T, X> {
    name: String,
    board: Board<T>,
    board_names: Vec<String>,
    docking_bay: BoardId,
    checkpoints: Vec<Pos>,
    starts: Vec<Pos>,
    start_facing: Dir,
    extras: X,
}

/// The first name that appears twice (case ignored), if any.
pub(super) fn first_duplicate<'a>(names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let names: Vec<&str> = names.into_iter().collect();
    names
        .iter()
        .enumerate()
        .find(|(i, n)| names[..*i].iter().any(|m| super::same_name(m, n)))
        .map(|(_, n)| *n)
}

impl<T: CourseTile, X: CourseExtras<T>> Course<T, X> {
    /// Checks the parts and makes the course (the promises are listed on
    /// [`Course`]).
    ///
    /// ```
    /// use robo_core::board::{Board, BoardId};
    /// use robo_core::geom::{Dir, Pos};
    /// use robo_core::race::course::{Course, CourseError, CourseParts};
    /// use robo_core::toy::ToyTile;
    /// let board: Board<ToyTile> = Board::parse("+--+--+\n|.. S.|\n+--+--+\n").unwrap();
    /// let parts = CourseParts {
    ///     name: "Tiny".into(),
    ///     board,
    ///     board_names: vec!["Tiny".into()],
    ///     docking_bay: BoardId(0),
    ///     checkpoints: vec![Pos::new(0, 0)],
    ///     start_facing: Dir::W,
    ///     extras: (),
    /// };
    /// let course = Course::new(parts.clone()).unwrap();
    /// assert_eq!(course.starts(), [Pos::new(1, 0)]);
    /// let mut on_start = parts;
    /// on_start.checkpoints = vec![Pos::new(1, 0)];
    /// assert!(matches!(Course::new(on_start), Err(CourseError::CheckpointOnStart { number: 1, .. })));
    /// ```
    ///
    /// # Errors
    /// The first failed check, as a [`CourseError`]; the edition's own as
    /// [`CourseError::Extra`].
    pub fn new(parts: CourseParts<T, X>) -> Result<Self, CourseError<X::Error>> {
        let CourseParts {
            name,
            board,
            board_names,
            docking_bay,
            checkpoints,
            start_facing,
            extras,
        } = parts;
        if let Some(id) = board
            .positions()
            .filter_map(|p| board.board_id(p))
            .find(|id| usize::from(id.0) >= board_names.len())
        {
            return Err(CourseError::UnnamedBoard(id));
        }
        if let Some(n) = first_duplicate(board_names.iter().map(String::as_str)) {
            return Err(CourseError::DuplicateBoard(n.to_string()));
        }
        if !board.has_board(docking_bay) {
            return Err(CourseError::NoDockingBay(docking_bay));
        }
        let starts: Vec<Pos> = board
            .cells()
            .filter(|(p, t)| t.is_start() && board.board_id(*p) == Some(docking_bay))
            .map(|(p, _)| p)
            .collect();
        if starts.is_empty() {
            let bay = board_names.get(usize::from(docking_bay.0));
            return Err(CourseError::NoStarts(bay.cloned().unwrap_or_default()));
        }
        if checkpoints.is_empty() {
            return Err(CourseError::NoCheckpoints);
        }
        if checkpoints.len() > MAX_CHECKPOINTS {
            return Err(CourseError::TooManyCheckpoints(checkpoints.len()));
        }
        for (i, &at) in checkpoints.iter().enumerate() {
            let number = i + 1;
            match board.tile(at) {
                Some(t) if t.can_hold_marker() && !checkpoints[..i].contains(&at) => {
                    if t.is_start() {
                        return Err(CourseError::CheckpointOnStart { number, at });
                    }
                }
                _ => return Err(CourseError::BadCheckpoint { number, at }),
            }
        }
        let course = Course {
            name,
            board,
            board_names,
            docking_bay,
            checkpoints,
            starts,
            start_facing,
            extras,
        };
        X::validate(&course).map_err(CourseError::Extra)?;
        Ok(course)
    }

    /// The course changed by `change` and checked again (a shorthand for
    /// [`Course::into_parts`], a change, then [`Course::new`]).
    ///
    /// ```
    /// use robo_core::board::Wall;
    /// use robo_core::geom::{Dir, Pos};
    /// use robo_core::race::course::course_from_text;
    /// use robo_core::toy::ToyTile;
    /// let c = course_from_text::<ToyTile, ()>("+--+--+\n|.. S.|\n+--+--+\n", &[Pos::new(0, 0)], Dir::W, |_| ()).unwrap();
    /// let walled = c.clone().edit(|p| p.board.set_wall(Pos::new(0, 0), Dir::E, Wall::Both).unwrap()).unwrap();
    /// assert!(walled.board().blocks(Pos::new(1, 0), Dir::W));
    /// assert!(c.edit(|p| p.checkpoints.clear()).is_err());
    /// ```
    ///
    /// # Errors
    /// As [`Course::new`].
    pub fn edit(
        self,
        change: impl FnOnce(&mut CourseParts<T, X>),
    ) -> Result<Self, CourseError<X::Error>> {
        let mut parts = self.into_parts();
        change(&mut parts);
        Course::new(parts)
    }
}

impl<T, X> Course<T, X> {
    /// The parts, to change and check again with [`Course::new`].
    #[must_use]
    pub fn into_parts(self) -> CourseParts<T, X> {
        CourseParts {
            name: self.name,
            board: self.board,
            board_names: self.board_names,
            docking_bay: self.docking_bay,
            checkpoints: self.checkpoints,
            start_facing: self.start_facing,
            extras: self.extras,
        }
    }

    /// The course's name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The assembled grid.
    #[must_use]
    pub fn board(&self) -> &Board<T> {
        &self.board
    }

    /// Board names by [`BoardId`].
    #[must_use]
    pub fn board_names(&self) -> &[String] {
        &self.board_names
    }

    /// The name of a board of the course; `None` for an id that is not one.
    #[must_use]
    pub fn board_name(&self, board: BoardId) -> Option<&str> {
        self.board_names
            .get(usize::from(board.0))
            .map(String::as_str)
    }

    /// The board holding the start spaces.
    #[must_use]
    pub fn docking_bay(&self) -> BoardId {
        self.docking_bay
    }

    /// Checkpoint cells in order (checkpoint 1 first).
    #[must_use]
    pub fn checkpoints(&self) -> &[Pos] {
        &self.checkpoints
    }

    /// The number (from 1) of the checkpoint on `pos`, if any.
    #[must_use]
    pub fn checkpoint_at(&self, pos: Pos) -> Option<usize> {
        self.checkpoints
            .iter()
            .position(|&c| c == pos)
            .map(|i| i + 1)
    }

    /// The start spaces (covered or not), in row order.
    #[must_use]
    pub fn starts(&self) -> &[Pos] {
        &self.starts
    }

    /// Is `pos` a start space of the docking bay (covered or not)?
    #[must_use]
    pub fn is_start(&self, pos: Pos) -> bool {
        self.starts.contains(&pos)
    }

    /// The facing of robots placed on the start spaces.
    #[must_use]
    pub fn start_facing(&self) -> Dir {
        self.start_facing
    }

    /// The edition's markers.
    #[must_use]
    pub fn extras(&self) -> &X {
        &self.extras
    }
}

impl<T, X: CourseExtras<T>> Course<T, X> {
    /// Start spaces a robot may choose (those the markers do not cover),
    /// in row order.
    pub fn free_starts(&self) -> impl Iterator<Item = Pos> + '_ {
        self.starts
            .iter()
            .copied()
            .filter(|&p| !self.extras.covers(p))
    }
}
