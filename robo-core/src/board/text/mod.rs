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
//! for void). An edition whose cells hold more than a glyph can show adds
//! named *layers* (one character per cell, such as `levels`) and a `cells`
//! block of *notes* (`x,y: words`, such as `3,4: crusher 2/4`); see
//! [`Glyph::LAYERS`] and [`Glyph::write_note`].

mod blocks;
mod error;

pub use error::{ParseError, ParseErrorKind};

use super::{Board, BoardId, Wall};
use crate::geom::{Dir, Pos};
use blocks::{block_of, read_ids, read_layer, read_notes, Block};
use std::fmt;

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

    /// Named layers: each is a block after the grid, headed by its name,
    /// with one character per cell (a floor level, for instance). A layer
    /// is printed only when some floor cell differs from its blank. None by
    /// default.
    const LAYERS: &'static [Layer] = &[];

    /// This tile's character in layer `layer` (an index into
    /// [`Glyph::LAYERS`]); the layer's blank by default.
    fn layer_char(&self, layer: usize) -> char {
        Self::LAYERS.get(layer).map_or(' ', |l| l.blank)
    }

    /// Sets this tile's value in layer `layer` from its character; `false`
    /// for a character the layer does not know (the text is then refused).
    fn set_layer(&mut self, layer: usize, c: char) -> bool {
        let _ = (layer, c);
        false
    }

    /// Appends what this tile holds beyond its glyph and layers, in the
    /// edition's words (one line, no line breaks); nothing when the glyph
    /// says it all (the default). Cells with a note are listed in a `cells`
    /// block after the grid as `x,y: note`.
    fn write_note(&self, out: &mut String) {
        let _ = out;
    }

    /// Adds a note (as [`Glyph::write_note`] writes it) to a tile read from
    /// its glyph and layers, or says what is wrong with it.
    ///
    /// # Errors
    /// A message saying what the note should be; by default every note is
    /// refused.
    fn parse_note(&mut self, note: &str) -> Result<(), String> {
        let _ = note;
        Err("this edition's cells take no notes".to_string())
    }
}

/// A named layer of a text board: one character per cell in a block after
/// the grid (see [`Glyph::LAYERS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layer {
    /// The block's header line.
    pub name: &'static str,
    /// The character of a cell with nothing in this layer; void cells are
    /// printed with it too.
    pub blank: char,
}

const IDS_HEADER: &str = "ids";
const CELLS_HEADER: &str = "cells";

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
        self.print_layers(&mut out);
        self.print_notes(&mut out);
        out
    }

    /// The edition's layer blocks, each only when some floor cell is not blank.
    fn print_layers(&self, out: &mut String) {
        for (k, layer) in T::LAYERS.iter().enumerate() {
            if !self.cells().any(|(_, t)| t.layer_char(k) != layer.blank) {
                continue;
            }
            out.push_str(layer.name);
            out.push('\n');
            for y in 0..self.height {
                for x in 0..self.width {
                    let c = self
                        .tile(Pos::new(x, y))
                        .map_or(layer.blank, |t| t.layer_char(k));
                    out.push(c);
                }
                out.push('\n');
            }
        }
    }

    /// The `cells` block: every floor cell with a note, in row order.
    fn print_notes(&self, out: &mut String) {
        let mut note = String::new();
        let mut header = false;
        for (p, t) in self.cells() {
            note.clear();
            t.write_note(&mut note);
            if note.is_empty() {
                continue;
            }
            if !header {
                out.push_str(CELLS_HEADER);
                out.push('\n');
                header = true;
            }
            out.push_str(&format!("{},{}: {}\n", p.x, p.y, note));
        }
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
            .is_some_and(|l| !l.trim().is_empty() && block_of::<T>(l).is_none())
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
        // Optional blocks: ids, the edition's layers, cell notes.
        let mut li = end;
        let mut seen: Vec<Block> = Vec::new();
        while let Some(skip) = lines[li.min(lines.len())..]
            .iter()
            .position(|l| !l.trim().is_empty())
        {
            li += skip;
            let Some(block) = block_of::<T>(lines[li]) else {
                return Err(err(li, 0, ParseErrorKind::Trailing));
            };
            if seen.contains(&block) {
                return Err(err(
                    li,
                    0,
                    ParseErrorKind::DuplicateBlock(lines[li].trim().to_string()),
                ));
            }
            seen.push(block);
            li += 1;
            li = match block {
                Block::Ids => read_ids(&mut b, &lines, li).map_err(|(l, c, k)| err(l, c, k))?,
                Block::Layer(k) => {
                    read_layer(&mut b, k, &lines, li).map_err(|(l, c, k)| err(l, c, k))?
                }
                Block::Cells => read_notes(&mut b, &lines, li).map_err(|(l, c, k)| err(l, c, k))?,
            };
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
mod tests;
