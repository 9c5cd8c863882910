//! A course drawn as text (4 characters a cell, a line of walls between
//! rows of cells) with glyphs put over its cells: the robots of the race
//! log and of the terminal board.

use robo_core::geom::{Dir, Pos};
use robo_core::PlayerId;
use std::fmt::Write as _;

/// A text picture of a course whose cells can be written over.
///
/// Cell `(x, y)` is the 3 characters from column `1 + 4x` of line
/// `2y + 1`, as the board text format draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TextBoard {
    lines: Vec<Vec<char>>,
}

impl TextBoard {
    /// The picture of a course as its renderer drew it.
    pub(crate) fn new(rendered: &str) -> Self {
        TextBoard {
            lines: rendered.lines().map(|l| l.chars().collect()).collect(),
        }
    }

    /// Writes up to 3 characters of `glyph` over the cell at `pos`; a
    /// cell outside the picture is left alone.
    pub(crate) fn put(&mut self, pos: Pos, glyph: &str) {
        let (Ok(x), Ok(y)) = (usize::try_from(pos.x), usize::try_from(pos.y)) else {
            return;
        };
        let Some(line) = self.lines.get_mut(2 * y + 1) else {
            return;
        };
        let start = 1 + 4 * x;
        if line.len() < start + 3 {
            line.resize(start + 3, ' ');
        }
        for (k, c) in glyph.chars().take(3).enumerate() {
            line[start + k] = c;
        }
    }

    /// Draws a robot over its cell as a mark, its seat (`0` to `9`, then
    /// `a` to `z`) and its facing arrow: ` 2>`, `*0^`.
    pub(crate) fn put_robot(&mut self, seat: PlayerId, (pos, facing): (Pos, Dir), mark: char) {
        let label = std::char::from_digit(u32::from(seat.0) % 36, 36).unwrap_or('?');
        self.put(pos, &format!("{mark}{label}{}", facing.arrow()));
    }

    /// The lines, without trailing spaces.
    pub(crate) fn lines(&self) -> impl Iterator<Item = String> + '_ {
        self.lines.iter().map(|l| {
            let s: String = l.iter().collect();
            s.trim_end().to_string()
        })
    }
    /// The picture with column numbers on top and row numbers on the
    /// left, for a board `width` cells wide, so that a cell `(x,y)` is easy
    /// to find.
    pub(crate) fn numbered(&self, width: usize) -> String {
        let mut out = String::from("   ");
        for x in 0..width {
            let _ = write!(out, "{x:>3} ");
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
        for (i, line) in self.lines().enumerate() {
            if i % 2 == 1 {
                let _ = write!(out, "{:>2} ", i / 2);
            } else {
                out.push_str("   ");
            }
            out.push_str(&line);
            out.push('\n');
        }
        out
    }
}

/// A compact picture of a `width` x `height` board, 2 characters a cell
/// (`cell` gives them), with column numbers on top (tens over units when
/// wider than 10) and row numbers on the left, no walls.
pub(crate) fn compact_grid(width: usize, height: usize, cell: impl Fn(Pos) -> String) -> String {
    let mut out = String::new();
    if width > 10 {
        out.push_str("   ");
        for x in 0..width {
            if x >= 10 {
                let _ = write!(out, "{} ", x / 10);
            } else {
                out.push_str("  ");
            }
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out.push_str("   ");
    for x in 0..width {
        let _ = write!(out, "{} ", x % 10);
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    for y in 0..height {
        let mut line = format!("{y:>2} ");
        for x in 0..width {
            line.push_str(&cell(Pos::new(x as i16, y as i16)));
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

/// A robot in 2 characters: its seat (`0` to `9`, then `a` to `z`) and
/// its facing arrow.
pub(crate) fn compact_robot(seat: PlayerId, facing: Dir) -> String {
    let label = std::char::from_digit(u32::from(seat.0) % 36, 36).unwrap_or('?');
    format!("{label}{}", facing.arrow())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_go_over_their_cells_and_nowhere_else() {
        let mut b = TextBoard::new("+---+---+\n| .   . |\n+---+---+\n");
        b.put(Pos::new(1, 0), " 0>");
        b.put(Pos::new(-1, 0), "xxx");
        b.put(Pos::new(0, 5), "xxx");
        b.put(Pos::new(3, 0), "*1^");
        let lines: Vec<String> = b.lines().collect();
        assert_eq!(lines, ["+---+---+", "| .   0>|    *1^", "+---+---+"]);
    }
}
