//! Robots on the grid: where each stands and faces, and a generation
//! counter that caches of "what stands where" key on.

use crate::geom::{Dir, Pos, Turn};
use crate::ids::RobotId;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// Where a robot is, with the edition's own per-robot state `X` beside it
/// (a Transformers mode, a classic level; nothing in 2023). `X` at its
/// default is not written in saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(bound(
    serialize = "X: Serialize + Default + PartialEq",
    deserialize = "X: Deserialize<'de> + Default"
))]
pub struct Body<X = ()> {
    /// Its cell (meaningless while off the board).
    pub pos: Pos,
    /// Its facing.
    pub facing: Dir,
    /// On the board (not rebooting, not yet placed).
    pub on_board: bool,
    /// The edition's own state.
    #[serde(default, skip_serializing_if = "is_default")]
    pub extra: X,
}

fn is_default<X: Default + PartialEq>(x: &X) -> bool {
    *x == X::default()
}

impl<X: Default> Body<X> {
    /// A body at `pos` facing `facing`, on the board or not.
    #[must_use]
    pub fn new(pos: Pos, facing: Dir, on_board: bool) -> Self {
        Body {
            pos,
            facing,
            on_board,
            extra: X::default(),
        }
    }
}

/// The robots of a race, by [`RobotId`], and a **generation** counter that
/// every change of where a robot is (its cell, or being on the board)
/// advances. A cache of something that depends only on where robots stand
/// (the element kinds under them, the lasers that can reach them) keys on
/// the generation with a [`Memo`], so it cannot go stale: there is no way
/// to move a robot without advancing it. Turning a robot does not advance it.
///
/// Saved as the list of bodies alone; the generation plays no part in
/// equality.
///
/// ```
/// use robo_core::geom::{Dir, Pos, Turn};
/// use robo_core::race::body::{Bodies, Body, Memo};
/// use robo_core::RobotId;
/// let mut bodies: Bodies = Bodies::new([Body::new(Pos::new(0, 0), Dir::N, true)]);
/// let mut under = Memo::default();
/// let g = bodies.generation();
/// assert_eq!(under.get(g, || 7), 7);
/// assert_eq!(under.get(g, || 8), 7, "kept while nobody moves");
/// bodies.turn(RobotId(0), Turn::Left);
/// assert_eq!(bodies.generation(), g, "turning is not moving");
/// bodies.set_pos(RobotId(0), Pos::new(1, 0));
/// assert_eq!(under.get(bodies.generation(), || 8), 8, "recomputed after a move");
/// assert_eq!(bodies.at(Pos::new(1, 0)), Some(RobotId(0)));
/// ```
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(transparent)]
#[serde(bound(
    serialize = "X: Serialize + Default + PartialEq",
    deserialize = "X: Deserialize<'de> + Default"
))]
pub struct Bodies<X = ()> {
    list: SmallVec<[Body<X>; 6]>,
    #[serde(skip)]
    generation: u64,
}

impl<X: PartialEq> PartialEq for Bodies<X> {
    fn eq(&self, other: &Self) -> bool {
        self.list == other.list
    }
}

impl<X: Eq> Eq for Bodies<X> {}

impl<X> Default for Bodies<X> {
    fn default() -> Self {
        Bodies {
            list: SmallVec::new(),
            generation: 0,
        }
    }
}

impl<X> FromIterator<Body<X>> for Bodies<X> {
    fn from_iter<I: IntoIterator<Item = Body<X>>>(iter: I) -> Self {
        Bodies {
            list: iter.into_iter().collect(),
            generation: 0,
        }
    }
}

impl<X> Bodies<X> {
    /// These bodies, robot 0 first.
    #[must_use]
    pub fn new(bodies: impl IntoIterator<Item = Body<X>>) -> Self {
        bodies.into_iter().collect()
    }

    /// Number of robots.
    #[must_use]
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// No robots.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Advanced by every change of where a robot is.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Every body, robot 0 first.
    #[must_use]
    pub fn as_slice(&self) -> &[Body<X>] {
        &self.list
    }

    /// Every body, robot 0 first.
    pub fn iter(&self) -> impl Iterator<Item = &Body<X>> + Clone {
        self.list.iter()
    }

    /// The robots on the board and their bodies, in robot order.
    pub fn placed(&self) -> impl Iterator<Item = (RobotId, &Body<X>)> + Clone {
        self.list
            .iter()
            .enumerate()
            .filter(|(_, b)| b.on_board)
            .map(|(i, b)| (RobotId(i as u8), b))
    }

    /// The cells of the robots on the board, in robot order.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + Clone + '_ {
        self.list.iter().filter(|b| b.on_board).map(|b| b.pos)
    }

    /// A robot's body, on the board or not.
    #[must_use]
    pub fn get(&self, robot: RobotId) -> Option<&Body<X>> {
        self.list.get(robot.index())
    }

    /// A robot's body if it is on the board.
    #[must_use]
    pub fn on_board(&self, robot: RobotId) -> Option<&Body<X>> {
        self.get(robot).filter(|b| b.on_board)
    }

    /// Where a robot stands; `None` off the board.
    #[must_use]
    pub fn pos(&self, robot: RobotId) -> Option<Pos> {
        self.on_board(robot).map(|b| b.pos)
    }

    /// The robot on the board at `pos`.
    #[must_use]
    pub fn at(&self, pos: Pos) -> Option<RobotId> {
        self.list
            .iter()
            // The cell first: most robots stand elsewhere.
            .position(|b| b.pos == pos && b.on_board)
            .map(|i| RobotId(i as u8))
    }

    fn moved(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Moves a robot to `pos` (on the board or not, as it was).
    pub fn set_pos(&mut self, robot: RobotId, pos: Pos) {
        if let Some(b) = self.list.get_mut(robot.index()) {
            b.pos = pos;
            self.moved();
        }
    }

    /// Puts a robot on the board at `pos`, facing `facing`.
    pub fn place(&mut self, robot: RobotId, pos: Pos, facing: Dir) {
        if let Some(b) = self.list.get_mut(robot.index()) {
            b.pos = pos;
            b.facing = facing;
            b.on_board = true;
            self.moved();
        }
    }

    /// Takes a robot off the board (it keeps its last cell and facing).
    pub fn remove(&mut self, robot: RobotId) {
        if let Some(b) = self.list.get_mut(robot.index()) {
            b.on_board = false;
            self.moved();
        }
    }

    /// Replaces a robot's body.
    pub fn set(&mut self, robot: RobotId, body: Body<X>) {
        if let Some(b) = self.list.get_mut(robot.index()) {
            *b = body;
            self.moved();
        }
    }

    /// Turns a robot; its new facing.
    pub fn turn(&mut self, robot: RobotId, turn: Turn) -> Option<Dir> {
        let b = self.list.get_mut(robot.index())?;
        b.facing = b.facing.turn(turn);
        Some(b.facing)
    }

    /// Sets a robot's facing.
    pub fn set_facing(&mut self, robot: RobotId, facing: Dir) {
        if let Some(b) = self.list.get_mut(robot.index()) {
            b.facing = facing;
        }
    }

    /// A robot's edition state, to change (not a move).
    pub fn extra_mut(&mut self, robot: RobotId) -> Option<&mut X> {
        self.list.get_mut(robot.index()).map(|b| &mut b.extra)
    }
}

/// A value that depends only on where robots stand, kept until the
/// [`Bodies::generation`] it was computed at changes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Memo<T> {
    at: Option<(u64, T)>,
}

impl<T: Copy> Memo<T> {
    /// The value kept for `generation`, or `compute()` (then kept).
    #[inline]
    pub fn get(&mut self, generation: u64, compute: impl FnOnce() -> T) -> T {
        match self.at {
            Some((g, v)) if g == generation => v,
            _ => {
                let v = compute();
                self.at = Some((generation, v));
                v
            }
        }
    }

    /// Forgets the value.
    pub fn clear(&mut self) {
        self.at = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_change_of_place_advances_the_generation_and_nothing_else_does() {
        let mut b: Bodies = Bodies::new([
            Body::new(Pos::new(0, 0), Dir::N, true),
            Body::new(Pos::new(2, 2), Dir::E, false),
        ]);
        let mut g = b.generation();
        let mut moved = |b: &Bodies, expect: bool| {
            assert_eq!(b.generation() != g, expect);
            g = b.generation();
        };
        b.turn(RobotId(0), Turn::Right);
        b.set_facing(RobotId(1), Dir::S);
        let _ = b.extra_mut(RobotId(0));
        moved(&b, false);
        b.set_pos(RobotId(0), Pos::new(0, 1));
        moved(&b, true);
        b.place(RobotId(1), Pos::new(3, 3), Dir::W);
        moved(&b, true);
        b.remove(RobotId(0));
        moved(&b, true);
        b.set(RobotId(0), Body::new(Pos::new(1, 1), Dir::N, true));
        moved(&b, true);
        b.set_pos(RobotId(9), Pos::new(0, 0));
        moved(&b, false);
        assert_eq!(b.at(Pos::new(3, 3)), Some(RobotId(1)));
        assert_eq!(b.pos(RobotId(1)), Some(Pos::new(3, 3)));
        assert_eq!(b.placed().count(), 2);
    }

    #[test]
    fn saves_are_the_bodies_alone_and_the_generation_is_not_compared() {
        let mut a: Bodies = Bodies::new([Body::new(Pos::new(0, 0), Dir::N, true)]);
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(
            json,
            r#"[{"pos":{"x":0,"y":0},"facing":"N","on_board":true}]"#
        );
        let back: Bodies = serde_json::from_str(&json).unwrap();
        a.set_pos(RobotId(0), Pos::new(0, 0));
        assert_ne!(a.generation(), back.generation());
        assert_eq!(a, back);
        // An edition's state is written when it is not the default.
        let mut m: Bodies<u8> = Bodies::new([Body::new(Pos::new(0, 0), Dir::N, true)]);
        *m.extra_mut(RobotId(0)).unwrap() = 2;
        let json = serde_json::to_string(&m).unwrap();
        assert!(json.contains(r#""extra":2"#), "{json}");
        let back: Bodies<u8> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, m);
    }
}
