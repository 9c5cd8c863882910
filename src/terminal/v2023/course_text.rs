//! A 2023 course as text for a terminal of a given width: the full
//! picture (4 characters a cell, walls between) with column and row
//! numbers when it fits, else a compact one (2 characters a cell, no
//! walls) with a note; and what the robots stand on, which their glyphs
//! hide.

use crate::textboard::{compact_grid, compact_robot, TextBoard};
use robo_core::element::BeltSpeed;
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::PlayerId;
use std::fmt::Write as _;
use variant_2023::courses::Course;
use variant_2023::tiles::Tile;

/// A robot on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Its seat.
    pub seat: PlayerId,
    /// Its cell and facing.
    pub at: (Pos, Dir),
    /// Whether it is the reader's own robot (drawn starred).
    pub yours: bool,
}

/// Columns the full picture of `course` takes, row numbers included.
#[must_use]
pub fn full_width(course: &Course) -> usize {
    3 + 4 * course.board().width() + 1
}

/// What stands on a cell besides its tile, or the tile itself when it is
/// not plain floor: `checkpoint 2`, `a reboot token`, `a blue belt`.
#[must_use]
pub fn under(course: &Course, pos: Pos) -> Option<String> {
    if let Some(i) = course.checkpoints().iter().position(|&c| c == pos) {
        return Some(format!("checkpoint {}", i + 1));
    }
    if course
        .extras()
        .reboot_tokens
        .iter()
        .flatten()
        .any(|&(p, _)| p == pos)
    {
        return Some("a reboot token".into());
    }
    Some(
        match course.board().tile(pos)? {
            Tile::Floor => return None,
            Tile::Pit => "a pit",
            Tile::Start => "a start space",
            Tile::Battery => "a battery",
            Tile::Gear(_) => "a gear",
            Tile::Belt(c) if c.speed == BeltSpeed::Express => "a blue belt",
            Tile::Belt(_) => "a green belt",
            Tile::PushPanel(_) => "a push panel",
            Tile::Laser(_) => "a board laser",
        }
        .to_string(),
    )
}

/// The course with `robots` on it, in the full picture when `columns` is
/// 0 or wide enough, else compact. Under the board, a line names the
/// checkpoints and reboot tokens that robots stand on (their glyphs hide
/// them).
///
/// ```
/// use robo_core::geom::{Dir, Pos};
/// use robo_core::PlayerId;
/// use roborally::terminal::{course_text, Standing};
/// let course = variant_2023::courses::course("Dangerous Curves").unwrap();
/// let on = course.checkpoints()[0];
/// let robots = [Standing { seat: PlayerId(1), at: (on, Dir::N), yours: false }];
/// let wide = course_text(&course, &robots, &[], 0);
/// assert!(wide.contains(" 1^"));
/// assert!(wide.contains("P1 stands on checkpoint 1"));
/// let narrow = course_text(&course, &robots, &[], 60);
/// assert!(narrow.contains("compact board"));
/// assert!(narrow.lines().all(|l| l.chars().count() <= 60), "{narrow}");
/// ```
#[must_use]
pub fn course_text(course: &Course, robots: &[Standing], cubes: &[Pos], columns: usize) -> String {
    let mut out = if columns == 0 || full_width(course) <= columns {
        full(course, robots, cubes)
    } else {
        compact(course, robots, cubes, columns)
    };
    let hidden: Vec<String> = robots
        .iter()
        .filter_map(|r| {
            let what = under(course, r.at.0)?;
            (what.starts_with("checkpoint") || what.contains("reboot"))
                .then(|| format!("{} stands on {what}", r.seat))
        })
        .collect();
    if !hidden.is_empty() {
        let _ = writeln!(out, "Under the robots: {}.", hidden.join("; "));
    }
    out
}

fn full(course: &Course, robots: &[Standing], cubes: &[Pos]) -> String {
    let mut board = TextBoard::new(&course.render());
    for &p in cubes {
        board.put(p, " x ");
    }
    for r in robots {
        board.put_robot(r.seat, r.at, if r.yours { '*' } else { ' ' });
    }
    board.numbered(course.board().width())
}

/// Two characters for a cell of the compact board.
fn compact_cell(course: &Course, pos: Pos, cubes: &[Pos]) -> String {
    if let Some(i) = course.checkpoints().iter().position(|&c| c == pos) {
        return if i < 9 {
            format!("#{}", i + 1)
        } else {
            format!("{:<2}", i + 1)
        };
    }
    if let Some(&(_, d)) = course
        .extras()
        .reboot_tokens
        .iter()
        .flatten()
        .find(|&&(p, _)| p == pos)
    {
        return format!("R{}", d.arrow());
    }
    if cubes.contains(&pos) || course.extras().covered_starts.contains(&pos) {
        return "x ".into();
    }
    match course.board().tile(pos) {
        None => "  ".into(),
        Some(Tile::Floor) => ". ".into(),
        Some(Tile::Pit) => "[]".into(),
        Some(Tile::Start) => "S ".into(),
        Some(Tile::Battery) => "E ".into(),
        Some(Tile::Gear(Turn::Right)) => "GR".into(),
        Some(Tile::Gear(_)) => "GL".into(),
        Some(Tile::Belt(c)) if c.speed == BeltSpeed::Express => format!("b{}", c.dir.arrow()),
        Some(Tile::Belt(c)) => format!("g{}", c.dir.arrow()),
        Some(Tile::PushPanel(p)) => format!("p{}", p.dir.arrow()),
        Some(Tile::Laser(m)) => format!("L{}", m.dir.arrow()),
    }
}

fn compact(course: &Course, robots: &[Standing], cubes: &[Pos], columns: usize) -> String {
    let (w, h) = (course.board().width(), course.board().height());
    let mut out = String::new();
    let _ = writeln!(
        out,
        "(compact board, 2 characters a cell: walls, belt curves and\n \
         push panel registers are not drawn; a terminal {} columns\n \
         wide shows the full board)",
        full_width(course)
    );
    out.push_str(&compact_grid(w, h, |pos| {
        match robots.iter().find(|r| r.at.0 == pos) {
            Some(r) => compact_robot(r.seat, r.at.1),
            None => compact_cell(course, pos, cubes),
        }
    }));
    if 3 + 2 * w > columns {
        let _ = writeln!(
            out,
            "(even the compact board is {} columns wide: widen the terminal)",
            3 + 2 * w
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wide_course_is_compact_in_a_narrow_terminal_and_full_otherwise() {
        let course = variant_2023::courses::course("Ride the Lightning").unwrap();
        assert!(full_width(&course) > 80);
        let robots = [Standing {
            seat: PlayerId(2),
            at: (Pos::new(3, 4), Dir::E),
            yours: true,
        }];
        let full_text = course_text(&course, &robots, &[], 0);
        assert!(full_text.contains("*2>"));
        assert!(full_text.lines().any(|l| l.chars().count() > 80));
        let small = course_text(&course, &robots, &[], 80);
        assert!(small.starts_with("(compact board"));
        assert!(small.lines().all(|l| l.chars().count() <= 80), "{small}");
        assert!(small.contains("2>"));
        assert_eq!(
            small
                .lines()
                .filter(|l| l.starts_with("   ") || l.trim_start().starts_with(char::is_numeric))
                .count(),
            course.board().height() + 2,
            "two header lines and a line a row"
        );
        // Every checkpoint is drawn.
        for i in 1..=course.checkpoints().len() {
            assert!(small.contains(&format!("#{i}")), "checkpoint {i}");
        }
    }

    #[test]
    fn what_a_robot_stands_on_is_named() {
        let course = variant_2023::courses::course("Milk Run").unwrap();
        let cp = course.checkpoints()[0];
        assert_eq!(under(&course, cp).as_deref(), Some("checkpoint 1"));
        let (token, _) = course
            .extras()
            .reboot_tokens
            .iter()
            .flatten()
            .next()
            .copied()
            .unwrap();
        assert_eq!(under(&course, token).as_deref(), Some("a reboot token"));
        let robots = [Standing {
            seat: PlayerId(0),
            at: (token, Dir::N),
            yours: false,
        }];
        let text = course_text(&course, &robots, &[], 0);
        assert!(
            text.ends_with("Under the robots: P0 stands on a reboot token.\n"),
            "{text}"
        );
    }
}
