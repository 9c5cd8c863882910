//! Turns in an order: "each robot in priority order", "each robot by its
//! card's priority number", as one cursor.

use super::{run_inline, Resolve};
use crate::ids::PlayerId;
use crate::pipeline::StepFlow;
use serde::{Deserialize, Serialize};

/// Where a round of turns stands: the first seat of the order and how
/// many turns are done. Small and `Copy`, so an edition's task carries it
/// (it saves as `{"first": .., "done": ..}`).
///
/// ```
/// use robo_core::agenda::{TurnOrder, Turns};
/// use robo_core::PlayerId;
/// // Three seats, clockwise from seat 2.
/// let order = TurnOrder::Clockwise { seats: 3 };
/// let mut turns = Turns::from(PlayerId(2));
/// let mut seen = Vec::new();
/// while let Some(p) = turns.player(order) {
///     seen.push(p.0);
///     turns = turns.next();
/// }
/// assert_eq!(seen, [2, 0, 1]);
/// // An explicit order (classic: by the cards' priority numbers).
/// let listed = [PlayerId(1), PlayerId(0)];
/// assert_eq!(Turns::from(PlayerId(0)).player(TurnOrder::Listed(&listed)), Some(PlayerId(1)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Turns {
    /// The seat that acts first (for a clockwise order).
    pub first: PlayerId,
    /// Turns taken so far.
    pub done: u8,
}

/// The order turns are taken in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnOrder<'a> {
    /// Every seat once, clockwise from [`Turns::first`].
    Clockwise {
        /// Number of seats.
        seats: usize,
    },
    /// These seats, in this order ([`Turns::first`] is not used).
    Listed(&'a [PlayerId]),
}

impl Turns {
    /// No turn taken yet, starting with `first`.
    #[must_use]
    pub const fn from(first: PlayerId) -> Turns {
        Turns { first, done: 0 }
    }

    /// Whose turn it is, `None` once every turn is taken.
    #[must_use]
    pub fn player(self, order: TurnOrder<'_>) -> Option<PlayerId> {
        let k = usize::from(self.done);
        match order {
            TurnOrder::Clockwise { seats } => {
                if k >= seats {
                    return None;
                }
                let i = self.first.index() + k;
                // Below 2 * seats for any seat in the game: a subtraction.
                let i = if i < seats {
                    i
                } else if i < 2 * seats {
                    i - seats
                } else {
                    i % seats
                };
                Some(PlayerId(i as u8))
            }
            TurnOrder::Listed(list) => list.get(k).copied(),
        }
    }

    /// The cursor after this turn.
    #[must_use]
    pub const fn next(self) -> Turns {
        Turns {
            first: self.first,
            done: self.done.saturating_add(1),
        }
    }
}

/// Runs turns in `order` from `turns`, inline (see [`run_inline`]):
/// `turn(r, player)` takes one player's turn and says whether it set
/// something off; `resume(turns)` is the edition's task that takes the
/// turns from there. `order` is asked before each turn, so an order that
/// changes as turns are taken is followed.
pub fn run_turns<R, O, F>(
    r: &mut R,
    turns: Turns,
    order: O,
    mut turn: F,
    resume: impl FnOnce(Turns) -> R::Task,
) -> StepFlow
where
    R: Resolve + ?Sized,
    O: for<'a> Fn(&'a R) -> TurnOrder<'a>,
    F: FnMut(&mut R, PlayerId) -> StepFlow,
{
    run_inline(
        r,
        turns,
        |r, t| {
            let p = t.player(order(r))?;
            Some((turn(r, p), t.next()))
        },
        resume,
    )
}
