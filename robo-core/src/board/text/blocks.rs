//! The blocks after the grid: board ids, the edition's layers, cell notes.

use super::{parse_id, Glyph, ParseErrorKind, CELLS_HEADER, IDS_HEADER};
use crate::board::Board;
use crate::geom::Pos;

/// A block after the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Block {
    Ids,
    Layer(usize),
    Cells,
}

/// The block a header line opens, if it is one.
pub(super) fn block_of<T: Glyph>(line: &str) -> Option<Block> {
    let h = line.trim();
    if h == IDS_HEADER {
        Some(Block::Ids)
    } else if h == CELLS_HEADER {
        Some(Block::Cells)
    } else {
        T::LAYERS.iter().position(|l| l.name == h).map(Block::Layer)
    }
}

/// A problem at a 0-based line and column.
pub(super) type At = (usize, usize, ParseErrorKind);

/// Reads the `ids` block's rows from line `li`; the line after it.
pub(super) fn read_ids<T>(b: &mut Board<T>, lines: &[&str], mut li: usize) -> Result<usize, At> {
    let (width, height) = (b.width as usize, b.height as usize);
    for y in 0..height {
        let shape = |li| (li, 0, ParseErrorKind::IdsShape { width, height });
        let line = lines.get(li).ok_or_else(|| shape(li))?;
        let chars: Vec<char> = line.trim_end().chars().collect();
        if chars.len() != width {
            return Err(shape(li));
        }
        for (x, c) in chars.into_iter().enumerate() {
            let id = parse_id(c).ok_or((li, x, ParseErrorKind::BadId(c)))?;
            let i = y * width + x;
            if id.is_none() != b.ids[i].is_none() {
                return Err((li, x, ParseErrorKind::VoidMismatch));
            }
            b.ids[i] = id;
        }
        li += 1;
    }
    Ok(li)
}

/// Reads layer `k`'s rows from line `li`; the line after it. Void cells'
/// characters are not read.
pub(super) fn read_layer<T: Glyph>(
    b: &mut Board<T>,
    k: usize,
    lines: &[&str],
    mut li: usize,
) -> Result<usize, At> {
    let (width, height) = (b.width as usize, b.height as usize);
    let layer = T::LAYERS[k];
    for y in 0..height {
        let shape = |li| {
            (
                li,
                0,
                ParseErrorKind::LayerShape {
                    layer: layer.name,
                    width,
                    height,
                },
            )
        };
        let line = lines.get(li).ok_or_else(|| shape(li))?;
        let mut chars: Vec<char> = line.trim_end().chars().collect();
        // A row ending in blanks may lose them to an editor, as may a row
        // of blank characters that are spaces.
        if chars.len() > width {
            return Err(shape(li));
        }
        chars.resize(width, layer.blank);
        for (x, c) in chars.into_iter().enumerate() {
            let i = y * width + x;
            if b.ids[i].is_none() {
                continue;
            }
            if !b.tiles[i].set_layer(k, c) {
                return Err((
                    li,
                    x,
                    ParseErrorKind::BadLayer {
                        layer: layer.name,
                        found: c,
                    },
                ));
            }
        }
        li += 1;
    }
    Ok(li)
}

/// Reads `x,y: note` lines from line `li` up to a blank line, another
/// block or the end; the line after them.
pub(super) fn read_notes<T: Glyph>(
    b: &mut Board<T>,
    lines: &[&str],
    mut li: usize,
) -> Result<usize, At> {
    let mut noted: Vec<usize> = Vec::new();
    while let Some(line) = lines.get(li) {
        if line.trim().is_empty() || block_of::<T>(line).is_some() {
            break;
        }
        let bad = (li, 0, ParseErrorKind::NoteCell);
        let (cell, note) = line.split_once(':').ok_or(bad.clone())?;
        let (x, y) = cell.split_once(',').ok_or(bad.clone())?;
        let (Ok(x), Ok(y)) = (x.trim().parse::<i16>(), y.trim().parse::<i16>()) else {
            return Err(bad);
        };
        let p = Pos::new(x, y);
        let i = b.index(p).filter(|&i| b.ids[i].is_some()).ok_or(bad)?;
        if noted.contains(&i) {
            return Err((li, 0, ParseErrorKind::DuplicateNote(p)));
        }
        noted.push(i);
        let column = cell.chars().count() + 1 + (note.len() - note.trim_start().len());
        b.tiles[i]
            .parse_note(note.trim())
            .map_err(|m| (li, column, ParseErrorKind::BadNote(m)))?;
        li += 1;
    }
    Ok(li)
}
