//! Small courses from one text board, for tests, examples and scenarios
//! that do not need an edition's library.

use super::{Course, CourseError, CourseExtras, CourseParts, CourseTile};
use crate::board::{Board, BoardId};
use crate::geom::{Dir, Pos};

/// A course from one text board (which may hold several boards through
/// its `ids` block): the board holding the first start tile is the docking
/// bay; boards are named `board 0`, `board 1`, ... by id; checkpoints in
/// order, the facing of robots on the starts, and the edition's markers
/// (made from the parsed board, for markers that depend on it), all
/// checked by [`Course::new`].
///
/// # Errors
/// [`CourseError::Parse`] for a board that does not parse, or the failed
/// check of [`Course::new`].
///
/// ```
/// use robo_core::geom::{Dir, Pos};
/// use robo_core::race::course::{course_from_text, CourseError};
/// use robo_core::toy::ToyTile;
/// let text = "+--+--+--+\n|.. .. ..|\n+  +  +  +\n|S. S. S.|\n+--+--+--+\n";
/// let c = course_from_text::<ToyTile, ()>(text, &[Pos::new(1, 0)], Dir::N, |_| ()).unwrap();
/// assert_eq!(c.starts().len(), 3);
/// assert_eq!(c.board_name(c.docking_bay()), Some("board 0"));
/// let none = course_from_text::<ToyTile, ()>(text, &[], Dir::N, |_| ());
/// assert_eq!(none.unwrap_err(), CourseError::NoCheckpoints);
/// ```
pub fn course_from_text<T, X>(
    text: &str,
    checkpoints: &[Pos],
    start_facing: Dir,
    extras: impl FnOnce(&Board<T>) -> X,
) -> Result<Course<T, X>, CourseError<X::Error>>
where
    T: CourseTile,
    X: CourseExtras<T>,
{
    let board: Board<T> = Board::parse(text).map_err(|error| CourseError::Parse {
        board: "test course".into(),
        error,
    })?;
    let docking_bay = board
        .cells()
        .find(|(_, t)| t.is_start())
        .and_then(|(p, _)| board.board_id(p))
        .unwrap_or(BoardId(0));
    let boards = board.id_count().max(1);
    Course::new(CourseParts {
        name: "test course".into(),
        board_names: (0..boards).map(|i| format!("board {i}")).collect(),
        docking_bay,
        checkpoints: checkpoints.to_vec(),
        start_facing,
        extras: extras(&board),
        board,
    })
}
