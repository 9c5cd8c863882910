//! Small courses built from one text board, for tests, examples and
//! scenarios that do not need the built-in boards.
//!
//! A text board may hold several boards through its `ids` block (see the
//! board text format); the board that holds the start tiles is the docking
//! bay.

use crate::courses::{Course, CourseError, Markers};
use robo_core::geom::{Dir, Pos};

/// A course from one text board: checkpoints in order, reboot tokens as
/// (board id, cell, arrow), and the facing of robots on the starts;
/// checked like every course (boards are named `board 0`, `board 1`, ...).
///
/// # Errors
/// The board's parse error or the failed check, as a [`CourseError`].
///
/// ```
/// use robo_core::geom::{Dir, Pos};
/// use variant_2023::testkit::course_from_text;
/// let text = "\
/// +---+---+---+
/// | .   .   . |
/// +   +   +   +
/// | S   S   S |
/// +---+---+---+
/// ";
/// let c = course_from_text(text, &[Pos::new(1, 0)], &[], Dir::N).unwrap();
/// assert_eq!(c.starts().len(), 3);
/// ```
pub fn course_from_text(
    text: &str,
    checkpoints: &[Pos],
    tokens: &[(u8, Pos, Dir)],
    start_facing: Dir,
) -> Result<Course, CourseError> {
    robo_core::race::course::course_from_text(text, checkpoints, start_facing, |board| {
        let mut reboot_tokens = vec![None; board.id_count().max(1)];
        for &(b, at, dir) in tokens {
            if let Some(slot) = reboot_tokens.get_mut(usize::from(b)) {
                *slot = Some((at, dir));
            }
        }
        Markers::with_tokens(reboot_tokens)
    })
}

/// A small two-board course: a 6x6 factory floor (board 1, reboot token at
/// (2,2) pointing east) above a 6x2 docking bay (board 0) with six starts;
/// checkpoint 1 at (1,1), checkpoint 2 at (4,3). It has a pit, a battery,
/// a green and a blue belt, a gear and a board laser.
#[must_use]
pub fn simple_course() -> Course {
    course_from_text(
        SIMPLE,
        &[Pos::new(1, 1), Pos::new(4, 3)],
        &[(1, Pos::new(2, 2), Dir::E)],
        Dir::N,
    )
    .expect("the built-in test course parses (checked by its test)")
}

const SIMPLE: &str = "\
+---+---+---+---+---+---+
|L>1  .   .   .  [ ]  . |
+   +   +   +   +   +   +
| .   .   .   .   .  g^ |
+   +   +   +   +   +   +
| .   E   .  (R)  .  g^ |
+   +   +   +   +   +   +
| .   .   .   .   .  g^ |
+   +   +   +---+   +   +
|b>  b>  b>  b>   .   . |
+   +   +   +   +   +   +
| .   .   .   .   .   . |
+   +   +   +   +   +   +
| S   S   S   S   S   S |
+   +   +   +   +   +   +
| .   .   .   .   .   . |
+---+---+---+---+---+---+
ids
111111
111111
111111
111111
111111
111111
000000
000000
";

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::board::BoardId;

    #[test]
    fn the_simple_course_parses_with_two_boards() {
        let c = course_from_text(
            SIMPLE,
            &[Pos::new(1, 1)],
            &[(1, Pos::new(2, 2), Dir::E)],
            Dir::N,
        )
        .unwrap();
        assert_eq!(c.starts().len(), 6);
        assert_eq!(c.docking_bay(), BoardId(0));
        assert_eq!(
            c.extras().reboot_tokens,
            vec![None, Some((Pos::new(2, 2), Dir::E))]
        );
        assert_eq!(simple_course().checkpoints().len(), 2);
    }
}
