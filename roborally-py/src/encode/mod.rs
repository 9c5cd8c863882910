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
}

/// What the binding needs of an edition's game to encode it.
pub trait Encode {
    /// The shape of this game's observations (fixed for a course and a
    /// number of seats).
    fn layout(&self) -> Layout;

    /// The planes that never change during a game (the course), written
    /// once per game into the start of every observation.
    fn static_planes(&self) -> Vec<f32>;

    /// Writes the observation of `seat` into `out` (`layout.len()`
    /// numbers); `layout` and `statics` are [`Encode::layout`] and
    /// [`Encode::static_planes`] of this game, kept by the caller; `full`
    /// shows every seat's cards.
    fn encode(&self, seat: PlayerId, full: bool, layout: &Layout, statics: &[f32], out: &mut [f32]);

    /// The game as text: the board (or map) and the standings.
    fn text(&self) -> String;
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
