//! The fixed-shape observation of one seat, per edition (documented in
//! `docs/python.md`): board planes, then a vector of public state and the
//! seat's own cards (every seat's cards with full information).

mod conquest;
mod grid;
mod hands;

pub use grid::{GridState, STATIC_PLANES};

use robo_core::PlayerId;

/// The shape of an observation: `planes` board planes of `height` x
/// `width` cells (row-major, plane after plane), then `vector` numbers.
/// The first `fixed` planes never change during a game (the course).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Board planes.
    pub planes: usize,
    /// Rows of the board.
    pub height: usize,
    /// Columns of the board.
    pub width: usize,
    /// Numbers after the planes.
    pub vector: usize,
    /// Planes at the start that never change during a game.
    pub fixed: usize,
}

impl Layout {
    /// Numbers in one observation.
    pub fn len(&self) -> usize {
        self.planes * self.height * self.width + self.vector
    }

    /// An observation with nothing in it.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Numbers in the board planes.
    pub fn board_len(&self) -> usize {
        self.planes * self.height * self.width
    }

    /// Numbers in the planes that never change during a game.
    pub fn fixed_len(&self) -> usize {
        self.fixed * self.height * self.width
    }
}

/// What the binding needs of an edition's game to encode it.
pub trait Encode {
    /// The shape of this game's observations (fixed for a course and a
    /// number of seats) and its planes that never change during the game
    /// (`layout.fixed_len()` numbers), written once per game.
    fn course_planes(&self) -> (Layout, Vec<f32>);

    /// Writes what changes of `seat`'s observation into `sink`: the
    /// moving planes, cell by cell, and the vector (zeroed before); `full`
    /// shows every seat's cards.
    fn encode(&self, seat: PlayerId, full: bool, layout: &Layout, sink: &mut Sink<'_>);

    /// The game as text: the board (or map) and the standings.
    fn text(&self) -> String;
}

/// Where [`Encode::encode`] writes: the moving planes, which it sets
/// cell by cell (each set number is remembered, so that the next write of
/// the same array clears just those), and the vector.
pub struct Sink<'a> {
    planes: &'a mut [f32],
    marks: &'a mut Vec<u32>,
    /// The numbers after the planes (all zero when the encoder starts).
    pub vector: &'a mut [f32],
}

impl Sink<'_> {
    /// Sets number `i` of the moving planes (plane after plane, row-major);
    /// out of range does nothing.
    pub fn set(&mut self, i: usize, x: f32) {
        if let Some(c) = self.planes.get_mut(i) {
            *c = x;
            self.marks.push(i as u32);
        }
    }
}

/// Writes `seat`'s observation of `game` into `out` (`layout.len()`
/// numbers). `whole`: everything is written (the fixed planes copied from
/// `statics`). Otherwise `out` must hold the seat's previous observation
/// of the same game, written with the same `marks`: only the numbers that
/// move are written, and the fixed planes are left as they are.
///
/// ```
/// use roborally_py::encode::{write, Encode};
/// use roborally::editions::{NewGame, Playable};
/// use robo_core::PlayerId;
/// let game = variant_2023::Race::new_game(&NewGame { players: 2, ..NewGame::default() }).unwrap();
/// let (layout, statics) = game.course_planes();
/// let (mut a, mut b) = (vec![0.0; layout.len()], vec![1.0; layout.len()]);
/// let mut marks = Vec::new();
/// write(&game, PlayerId(0), false, &layout, &statics, &mut a, &mut marks, true);
/// write(&game, PlayerId(0), false, &layout, &statics, &mut a, &mut marks, false);
/// write(&game, PlayerId(0), false, &layout, &statics, &mut b, &mut Vec::new(), true);
/// assert_eq!(a, b);
/// ```
#[allow(clippy::too_many_arguments)]
pub fn write<E: Encode + ?Sized>(
    game: &E,
    seat: PlayerId,
    full: bool,
    layout: &Layout,
    statics: &[f32],
    out: &mut [f32],
    marks: &mut Vec<u32>,
    whole: bool,
) {
    let (board, vector) = out.split_at_mut(layout.board_len());
    let (fixed, planes) = board.split_at_mut(layout.fixed_len());
    if whole {
        fixed.copy_from_slice(&statics[..fixed.len()]);
        planes.fill(0.0);
    } else {
        for &i in marks.iter() {
            if let Some(c) = planes.get_mut(i as usize) {
                *c = 0.0;
            }
        }
    }
    marks.clear();
    vector.fill(0.0);
    let mut sink = Sink {
        planes,
        marks,
        vector,
    };
    game.encode(seat, full, layout, &mut sink);
}

/// A seat's position among `n` seats as seen from `seat`: 0 for itself,
/// then the next seats in order.
pub(crate) fn relative(seat: PlayerId, other: usize, n: usize) -> usize {
    (other + n - seat.index() % n.max(1)) % n.max(1)
}

/// One-hot: sets `out[i]` when `i` is in range.
pub(crate) fn hot(out: &mut [f32], i: usize) {
    if let Some(x) = out.get_mut(i) {
        *x = 1.0;
    }
}
