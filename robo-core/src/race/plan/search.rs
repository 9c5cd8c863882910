//! The planner's search: every distinct program of the hand (fixed
//! registers kept), each simulated by the edition and scored, the first
//! best kept.

use super::{distinct_programs, SoloOutcome};
use smallvec::SmallVec;

/// An edition's half of the program search, for one decision of one
/// player: how to simulate a program and how to score what it does.
pub trait PlanEdition {
    /// The kind of a card (cards of one kind are interchangeable in a
    /// program).
    type Card: Ord + Copy;
    /// Why a program cannot be simulated (the robot is not placed, ...).
    type Error;
    /// What `program` (one card per register, fixed ones included) does to
    /// the robot alone on the course.
    ///
    /// # Errors
    /// When the robot cannot be simulated; the search then stops.
    fn simulate(&self, program: &[Self::Card]) -> Result<SoloOutcome, Self::Error>;
    /// How good that is (higher is better).
    fn score(&self, program: &[Self::Card], outcome: &SoloOutcome) -> f32;
}

/// The best program found, with what the simulation expects of it.
#[derive(Clone, Debug, PartialEq)]
pub struct BestProgram<C> {
    /// The card kind in each register (fixed ones included).
    pub cards: SmallVec<[C; 8]>,
    /// Its score.
    pub score: f32,
    /// What the simulation expects the program to do.
    pub expected: SoloOutcome,
    /// How many distinct programs were enumerated.
    pub considered: u64,
}

/// Every distinct program of `hand` for the registers `slots` (`Some` for
/// a fixed register), those that place every card of `must` in an open
/// register, simulated and scored by `edition`; the first best in
/// enumeration order (see [`distinct_programs`]) wins. `Ok(None)` when the
/// hand cannot fill the open registers.
///
/// # Errors
/// The first simulation error.
pub fn best_program<E: PlanEdition>(
    edition: &E,
    hand: &[E::Card],
    slots: &[Option<E::Card>],
    must: &[E::Card],
) -> Result<Option<BestProgram<E::Card>>, E::Error> {
    let mut best: Option<BestProgram<E::Card>> = None;
    let mut failed: Option<E::Error> = None;
    let considered = distinct_programs(hand, slots, |p| {
        if failed.is_some() || (!must.is_empty() && !programs_all(p, slots, must)) {
            return;
        }
        let out = match edition.simulate(p) {
            Ok(out) => out,
            Err(e) => {
                failed = Some(e);
                return;
            }
        };
        let score = edition.score(p, &out);
        if best.as_ref().is_none_or(|b| score > b.score) {
            best = Some(BestProgram {
                cards: SmallVec::from_slice(p),
                score,
                expected: out,
                considered: 0,
            });
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    Ok(best.map(|b| BestProgram { considered, ..b }))
}

/// Do the open registers of `cards` hold every card of `must` (as a
/// multiset)?
fn programs_all<C: Copy + PartialEq>(cards: &[C], slots: &[Option<C>], must: &[C]) -> bool {
    let mut free: SmallVec<[C; 8]> = cards
        .iter()
        .zip(slots)
        .filter(|(_, s)| s.is_none())
        .map(|(c, _)| *c)
        .collect();
    must.iter().all(|m| match free.iter().position(|c| c == m) {
        Some(i) => {
            free.swap_remove(i);
            true
        }
        None => false,
    })
}

/// The hand cards to place: for each open register (`None` in `slots`),
/// the first unused card of `hand` whose kind (`kind`) is the one chosen
/// for it in `cards`; `None` for fixed registers. `None` overall if the
/// hand lacks one.
///
/// ```
/// use robo_core::race::plan::assign;
/// // Cards 10 and 11 are both of kind 'm'.
/// let hand = [10, 11, 20];
/// let kind = |id: u8| if id < 20 { 'm' } else { 't' };
/// let placed = assign(&hand, kind, &['m', 'x', 'm'], &[None, Some('x'), None]).unwrap();
/// assert_eq!(placed.as_slice(), [Some(10), None, Some(11)]);
/// assert!(assign(&hand, kind, &['t', 't'], &[None, None]).is_none());
/// ```
pub fn assign<I: Copy + PartialEq, C: PartialEq>(
    hand: &[I],
    kind: impl Fn(I) -> C,
    cards: &[C],
    slots: &[Option<C>],
) -> Option<SmallVec<[Option<I>; 8]>> {
    let mut used: SmallVec<[I; 8]> = SmallVec::new();
    let mut out: SmallVec<[Option<I>; 8]> = SmallVec::new();
    for (card, slot) in cards.iter().zip(slots) {
        if slot.is_some() {
            out.push(None);
            continue;
        }
        let id = hand
            .iter()
            .copied()
            .find(|&id| kind(id) == *card && !used.contains(&id))?;
        used.push(id);
        out.push(Some(id));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn must_cards_go_in_open_registers() {
        assert!(programs_all(&[1, 2, 3], &[None, None, None], &[3, 1]));
        assert!(!programs_all(&[1, 2, 3], &[Some(1), None, None], &[1]));
        assert!(!programs_all(&[1, 1, 3], &[None, None, None], &[3, 3]));
    }
}
