//! The text format of boards (see `docs/board-format.md`).
//!
//! A board of `w` x `h` cells is `2h + 1` lines. Even lines hold the
//! horizontal edges, odd lines the cells and the vertical edges between
//! them:
//!
//! ```text
//! +--+--+--+
//! |.. ..|.. |
//! +  +  +vv+
//! |.. .. .. >
//! +--+--+--+
//! ```
//!
//! Every cell is [`Glyph::WIDTH`] characters chosen by the edition; a glyph of
//! only spaces is a void cell. Edge characters: space (open), `|` or `-` (a
//! wall), and an arrow (`> < v ^`) for a one-way wall that lets things cross
//! only in the arrow's direction. Corners are always `+`. An optional `ids` block
//! after the grid gives each cell's board id as one character (`0-9a-z`, `.`
//! for void).

use super::{Board, BoardId, Wall};
use crate::geom::{Dir, Pos};
use std::fmt;
use thiserror::Error;

/// An edition's tile legend: how a tile is written in a text board.
///
/// ```
/// use robo_core::board::{Board, Glyph};
/// #[derive(Clone, Debug, PartialEq, Default)]
/// enum Tile { #[default] Floor, Pit }
/// impl Glyph for Tile {
///     const WIDTH: usize = 1;
///     fn write_glyph(&self, out: &mut String) {
///         out.push(match self { Tile::Floor => '.', Tile::Pit => 'O' });
///     }
///     fn parse_glyph(s: &str) -> Option<Self> {
///         match s { "." => Some(Tile::Floor), "O" => Some(Tile::Pit), _ => None }
///     }
/// }
/// let text = "+-+-+\n|. O|\n+-+-+\n";
/// let board: Board<Tile> = Board::parse(text).unwrap();
/// assert_eq!(board.print(), text);
/// ```
pub trait Glyph: Sized {
    /// Characters per cell; every glyph has exactly this many.
    const WIDTH: usize;
    /// Appends this tile's glyph (exactly [`Glyph::WIDTH`] characters, not all spaces).
    fn write_glyph(&self, out: &mut String);
    /// The tile a glyph names, `None` for an unknown glyph.
    fn parse_glyph(s: &str) -> Option<Self>;
}

/// What went wrong while reading a text board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    /// No grid at all.
    #[error("the text holds no board")]
    Empty,
    /// The first line does not have the length of a wall line.
    #[error("a wall line must be 1 + width x {cell} characters long; this one is {len}")]
    BadWidth {
        /// Characters per cell including its edge.
        cell: usize,
        /// Length found.
        len: usize,
    },
    /// A line is longer than the first line of the grid.
    #[error("the line is {found} characters long, more than the {expected} of the first line")]
    LineTooLong {
        /// Expected length.
        expected: usize,
        /// Length found.
        found: usize,
    },
    /// A grid has an even number of lines.
    #[error("the grid must end with a wall line")]
    MissingWallLine,
    /// An unknown tile glyph.
    #[error("unknown tile `{0}`")]
    UnknownGlyph(String),
    /// A character that is not an edge.
    #[error("`{found}` is not a {what}")]
    BadEdge {
        /// The character found.
        found: char,
        /// What kind of edge was expected.
        what: &'static str,
    },
    /// A horizontal edge whose characters disagree.
    #[error("the characters of one edge must all be the same, found `{0}`")]
    MixedEdge(String),
    /// A bad line in the `ids` block.
    #[error("bad board id `{0}` (use 0-9, a-z, or `.` for void)")]
    BadId(char),
    /// The `ids` block disagrees with the grid.
    #[error("the ids block must have one line of {width} ids per row ({height} rows)")]
    IdsShape {
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// Void in the grid but not in the ids block, or the other way round.
    #[error("the ids block and the grid disagree on whether this cell is void")]
    VoidMismatch,
    /// Text after the board.
    #[error("unexpected text after the board")]
    Trailing,
    /// The grid is too big.
    #[error("boards are at most {0} cells on a side")]
    TooBig(usize),
}

/// A text board that could not be read, with the 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// 1-based line in the text.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What was wrong.
    pub kind: ParseErrorKind,
}

const IDS_HEADER: &str = "ids";

fn id_char(id: Option<BoardId>) -> char {
    match id {
        None => '.',
        Some(BoardId(n)) if n < 10 => char::from(b'0' + n),
        Some(BoardId(n)) if n < 36 => char::from(b'a' + n - 10),
        Some(_) => '?',
    }
}

fn parse_id(c: char) -> Option<Option<BoardId>> {
    match c {
        '.' => Some(None),
        '0'..='9' => Some(Some(BoardId(c as u8 - b'0'))),
        'a'..='z' => Some(Some(BoardId(c as u8 - b'a' + 10))),
        _ => None,
    }
}

fn vertical_edge_char(w: Wall) -> char {
    match w {
        Wall::None => ' ',
        Wall::Both => '|',
        Wall::OneWay(d) => d.arrow(),
    }
}

fn horizontal_edge_char(w: Wall) -> char {
    match w {
        Wall::None => ' ',
        Wall::Both => '-',
        Wall::OneWay(d) => d.arrow(),
    }
}

fn parse_vertical_edge(c: char) -> Option<Wall> {
    match c {
        ' ' => Some(Wall::None),
        '|' => Some(Wall::Both),
        '>' => Some(Wall::OneWay(Dir::E)),
        '<' => Some(Wall::OneWay(Dir::W)),
        _ => None,
    }
}

fn parse_horizontal_edge(c: char) -> Option<Wall> {
    match c {
        ' ' => Some(Wall::None),
        '-' => Some(Wall::Both),
        'v' => Some(Wall::OneWay(Dir::S)),
        '^' => Some(Wall::OneWay(Dir::N)),
        _ => None,
    }
}

impl<T: Glyph> Board<T> {
    /// Writes the board in the text format. `Board::parse(&b.print()) == Ok(b)`.
    #[must_use]
    pub fn print(&self) -> String {
        let (w, h, g) = (self.width, self.height, T::WIDTH);
        let mut out = String::with_capacity((2 * h as usize + 1) * (1 + w as usize * (g + 1) + 1));
        let mut line = String::new();
        for y in 0..=h {
            // Wall line north of row y (the south border after the last row).
            line.clear();
            line.push('+');
            for x in 0..w {
                let wall = if y < h {
                    self.wall(Pos::new(x, y), Dir::N)
                } else {
                    self.wall(Pos::new(x, y - 1), Dir::S)
                };
                let c = horizontal_edge_char(wall);
                line.extend(std::iter::repeat_n(c, g));
                line.push('+');
            }
            out.push_str(line.trim_end());
            out.push('\n');
            if y == h {
                break;
            }
            line.clear();
            line.push(vertical_edge_char(self.wall(Pos::new(0, y), Dir::W)));
            for x in 0..w {
                let p = Pos::new(x, y);
                match self.tile(p) {
                    Some(t) => t.write_glyph(&mut line),
                    None => line.extend(std::iter::repeat_n(' ', g)),
                }
                line.push(vertical_edge_char(self.wall(p, Dir::E)));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        let uniform = self
            .ids
            .iter()
            .all(|id| id.is_none() || *id == Some(BoardId(0)));
        if !uniform {
            out.push_str(IDS_HEADER);
            out.push('\n');
            for y in 0..h {
                for x in 0..w {
                    out.push(id_char(self.board_id(Pos::new(x, y))));
                }
                out.push('\n');
            }
        }
        out
    }

    /// Reads a board in the text format. Leading and trailing blank lines
    /// are ignored and lines may lose their trailing spaces.
    ///
    /// # Errors
    /// A [`ParseError`] with the line and column of the first problem.
    pub fn parse(text: &str) -> Result<Self, ParseError>
    where
        T: Clone + Default,
    {
        let lines: Vec<&str> = text.lines().collect();
        let first = lines
            .iter()
            .position(|l| !l.trim().is_empty())
            .ok_or(ParseError {
                line: 1,
                column: 1,
                kind: ParseErrorKind::Empty,
            })?;
        let err = |line: usize, column: usize, kind| ParseError {
            line: line + 1,
            column: column + 1,
            kind,
        };
        let g = T::WIDTH;
        let top: Vec<char> = lines[first].trim_end().chars().collect();
        if top.len() < g + 2 || (top.len() - 1) % (g + 1) != 0 {
            return Err(err(
                first,
                0,
                ParseErrorKind::BadWidth {
                    cell: g + 1,
                    len: top.len(),
                },
            ));
        }
        let width = (top.len() - 1) / (g + 1);
        let line_len = top.len();
        // The grid: a wall line, then (row line, wall line) pairs. Wall lines
        // start with a corner `+`, which no row line can; a row of void
        // cells may print as an empty line.
        let is_wall_line = |i: usize| lines.get(i).is_some_and(|l| l.starts_with('+'));
        let mut end = first + 1;
        while end < lines.len() && is_wall_line(end + 1) {
            end += 2;
        }
        if lines
            .get(end)
            .is_some_and(|l| !l.trim().is_empty() && l.trim() != IDS_HEADER)
        {
            // A row line without the wall line that must close it.
            return Err(err(end, 0, ParseErrorKind::MissingWallLine));
        }
        let height = (end - first) / 2;
        if height == 0 {
            return Err(err(first, 0, ParseErrorKind::MissingWallLine));
        }
        if width > Self::MAX_SIDE || height > Self::MAX_SIDE {
            return Err(err(first, 0, ParseErrorKind::TooBig(Self::MAX_SIDE)));
        }
        let mut tiles: Vec<Option<T>> = Vec::with_capacity(width * height);
        let mut row: Vec<char> = Vec::with_capacity(line_len);
        let mut vwalls = vec![Wall::None; (width + 1) * height];
        let mut hwalls = vec![Wall::None; width * (height + 1)];
        for (k, li) in (first..end).enumerate() {
            row.clear();
            row.extend(lines[li].chars());
            while row.last() == Some(&' ') && row.len() > line_len {
                row.pop();
            }
            if row.len() > line_len {
                return Err(err(
                    li,
                    line_len,
                    ParseErrorKind::LineTooLong {
                        expected: line_len,
                        found: row.len(),
                    },
                ));
            }
            row.resize(line_len, ' ');
            if k % 2 == 0 {
                let y = k / 2;
                for x in 0..width {
                    let col = 1 + x * (g + 1);
                    let seg = &row[col..col + g];
                    let c = seg[0];
                    if seg.iter().any(|&d| d != c) {
                        return Err(err(
                            li,
                            col,
                            ParseErrorKind::MixedEdge(seg.iter().collect()),
                        ));
                    }
                    let wall = parse_horizontal_edge(c).ok_or_else(|| {
                        err(
                            li,
                            col,
                            ParseErrorKind::BadEdge {
                                found: c,
                                what: "horizontal edge (space - v ^)",
                            },
                        )
                    })?;
                    hwalls[y * width + x] = wall;
                }
                for x in 0..=width {
                    let col = x * (g + 1);
                    if row[col] != '+' {
                        return Err(err(
                            li,
                            col,
                            ParseErrorKind::BadEdge {
                                found: row[col],
                                what: "corner (+)",
                            },
                        ));
                    }
                }
            } else {
                let y = k / 2;
                for x in 0..=width {
                    let col = x * (g + 1);
                    let c = row[col];
                    let wall = parse_vertical_edge(c).ok_or_else(|| {
                        err(
                            li,
                            col,
                            ParseErrorKind::BadEdge {
                                found: c,
                                what: "vertical edge (space | > <)",
                            },
                        )
                    })?;
                    vwalls[y * (width + 1) + x] = wall;
                }
                for x in 0..width {
                    let col = 1 + x * (g + 1);
                    let glyph: String = row[col..col + g].iter().collect();
                    if glyph.chars().all(|c| c == ' ') {
                        tiles.push(None);
                    } else {
                        let t = T::parse_glyph(&glyph).ok_or_else(|| {
                            err(li, col, ParseErrorKind::UnknownGlyph(glyph.clone()))
                        })?;
                        tiles.push(Some(t));
                    }
                }
            }
        }
        let fill = T::default();
        let mut b = Board::new(width, height, fill)
            .map_err(|_| err(first, 0, ParseErrorKind::TooBig(Self::MAX_SIDE)))?;
        for (i, t) in tiles.into_iter().enumerate() {
            match t {
                Some(t) => b.tiles[i] = t,
                None => b.ids[i] = None,
            }
        }
        for y in 0..height {
            for x in 0..=width {
                let w = vwalls[y * (width + 1) + x];
                if w != Wall::None {
                    let (p, d) = if x < width {
                        (Pos::new(x as i16, y as i16), Dir::W)
                    } else {
                        (Pos::new(x as i16 - 1, y as i16), Dir::E)
                    };
                    let _ = b.set_wall(p, d, w);
                }
            }
        }
        for y in 0..=height {
            for x in 0..width {
                let w = hwalls[y * width + x];
                if w != Wall::None {
                    let (p, d) = if y < height {
                        (Pos::new(x as i16, y as i16), Dir::N)
                    } else {
                        (Pos::new(x as i16, y as i16 - 1), Dir::S)
                    };
                    let _ = b.set_wall(p, d, w);
                }
            }
        }
        // Optional ids block.
        let mut li = end;
        if li < lines.len() && lines[li].trim() == IDS_HEADER {
            li += 1;
            for y in 0..height {
                let Some(line) = lines.get(li) else {
                    return Err(err(li, 0, ParseErrorKind::IdsShape { width, height }));
                };
                let chars: Vec<char> = line.trim_end().chars().collect();
                if chars.len() != width {
                    return Err(err(li, 0, ParseErrorKind::IdsShape { width, height }));
                }
                for (x, c) in chars.into_iter().enumerate() {
                    let id = parse_id(c).ok_or_else(|| err(li, x, ParseErrorKind::BadId(c)))?;
                    let i = y * width + x;
                    if id.is_none() != b.ids[i].is_none() {
                        return Err(err(li, x, ParseErrorKind::VoidMismatch));
                    }
                    b.ids[i] = id;
                }
                li += 1;
            }
        }
        if let Some(extra) = lines[li.min(lines.len())..]
            .iter()
            .position(|l| !l.trim().is_empty())
        {
            return Err(err(li + extra, 0, ParseErrorKind::Trailing));
        }
        Ok(b)
    }
}

impl<T: Glyph> fmt::Display for Board<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.print())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::ToyTile;

    type B = Board<ToyTile>;

    #[test]
    fn walls_one_way_walls_and_void_cells_read_and_print_back() {
        let text = "\
+--+--+--+
|.. >.|[]>
+  +vv+^^+
|F1      |
+--+--+--+
ids
001
0..
";
        let b: B = Board::parse(text).unwrap();
        assert_eq!(b.print(), text);
        assert_eq!(b.wall(Pos::new(1, 0), Dir::E), Wall::Both);
        assert_eq!(b.wall(Pos::new(2, 0), Dir::E), Wall::OneWay(Dir::E));
        assert!(b.blocks(Pos::new(1, 1), Dir::N) && !b.blocks(Pos::new(1, 0), Dir::S));
        assert!(!b.contains(Pos::new(1, 1)));
        assert_eq!(b.board_id(Pos::new(2, 0)), Some(BoardId(1)));
        assert_eq!(b.tile(Pos::new(0, 1)), Some(&ToyTile::Flag(1)));
    }

    #[test]
    fn trailing_spaces_may_be_trimmed_and_blank_lines_surround() {
        let text = "\n\n+--+--+\n .. ..\n+--+--+\n\n";
        let b: B = Board::parse(text).unwrap();
        assert_eq!(b.width(), 2);
        assert!(!b.blocks(Pos::new(1, 0), Dir::E));
    }

    fn err(text: &str) -> ParseError {
        B::parse(text).unwrap_err()
    }

    #[test]
    fn errors_give_line_and_column() {
        let e = err("+--+--+\n|.. xx|\n+--+--+\n");
        assert_eq!((e.line, e.column), (2, 5));
        assert_eq!(e.kind, ParseErrorKind::UnknownGlyph("xx".into()));
        assert!(e
            .to_string()
            .starts_with("line 2, column 5: unknown tile `xx`"));

        let e = err("+--+--+\n|.. ..#\n+--+--+\n");
        assert_eq!((e.line, e.column), (2, 7));
        assert!(matches!(e.kind, ParseErrorKind::BadEdge { found: '#', .. }));

        let e = err("+--+-=+\n|.. ..|\n+--+--+\n");
        assert_eq!((e.line, e.column), (1, 5));
        assert!(matches!(e.kind, ParseErrorKind::MixedEdge(_)));

        let e = err("+--+--+\n|.. ..|\n");
        assert_eq!(e.kind, ParseErrorKind::MissingWallLine);

        let e = err("+--+--\n");
        assert!(matches!(e.kind, ParseErrorKind::BadWidth { .. }));

        let e = err("+--+\n|..|\n+--+\nids\n7x\n");
        assert_eq!(
            e.kind,
            ParseErrorKind::IdsShape {
                width: 1,
                height: 1
            }
        );

        let e = err("+--+\n|..|\n+--+\n\nmore\n");
        assert_eq!((e.line, e.kind), (5, ParseErrorKind::Trailing));

        assert_eq!(err("  \n").kind, ParseErrorKind::Empty);
        let e = err("+--+--+\n|.. ..|  xx\n+--+--+\n");
        assert!(matches!(e.kind, ParseErrorKind::LineTooLong { .. }));
    }
}
