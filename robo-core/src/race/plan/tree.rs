//! The prefix-tree search: the programs of a hand form a tree (register 1's
//! card, then register 2's, ...), and programs that share their first
//! registers share the simulation of those registers. The search walks the
//! tree depth-first, runs each register once per prefix on a clone of the
//! small solo state, stops simulating a branch whose robot fell or won
//! (later registers change nothing), skips a prefix whose state and
//! remaining cards an earlier prefix already reached (its programs score
//! exactly as the earlier prefix's do, and come later in enumeration order),
//! and runs a register once per (state, register, card): a prefix that
//! reaches a state an earlier prefix reached with other cards left reuses
//! the states that followed it (a transposition table of register runs).
//!
//! It returns exactly what the plain search ([`best_program`]) returns: the
//! same programs are scored in the same order, and the first best wins. The
//! plain search stays as the reference the tests compare it against.
//!
//! [`best_program`]: super::best_program

use super::search::{BestProgram, PlanEdition};
use super::SoloOutcome;
use smallvec::SmallVec;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// An edition whose solo simulation runs one register at a time, so the
/// prefix-tree search ([`best_program_tree`]) can share the registers that
/// programs have in common.
///
/// Running `start`, then [`PrefixPlan::run_register`] for registers 1, 2,
/// ... until [`PrefixPlan::settled`], then [`PrefixPlan::outcome`] must give
/// what [`PlanEdition::simulate`] gives for the same program.
pub trait PrefixPlan: PlanEdition {
    /// The simulation between two registers: cloned once per prefix, so
    /// keep it small and free of allocations.
    type State: Clone;
    /// What makes two states the same for every later register (see
    /// [`PrefixPlan::key`]).
    type Key: Copy + Eq + Hash;
    /// The robot before register 1.
    ///
    /// # Errors
    /// When the robot cannot be simulated; the search then stops.
    fn start(&self) -> Result<Self::State, Self::Error>;
    /// Runs register `register` (from 1) with `card` in it.
    fn run_register(&self, state: &mut Self::State, register: u8, card: Self::Card);
    /// Nothing later registers do changes the outcome (the robot fell or
    /// won).
    fn settled(&self, state: &Self::State) -> bool;
    /// What the registers run so far did to the robot.
    fn outcome(&self, state: &Self::State) -> SoloOutcome;
    /// A key equal for two states exactly when every later register does
    /// the same to both and they lead to the same outcome; `None` (the
    /// default) never merges. Merging is exact only if
    /// [`PlanEdition::score`] depends on the program through the outcome
    /// and the multiset of cards in the open registers, not their order:
    /// an edition whose score reads the order returns `None`.
    fn key(&self, state: &Self::State) -> Option<Self::Key> {
        let _ = state;
        None
    }
    /// Should the search keep its table of register runs (a register run
    /// from a state whose key it has met, with the same card, is copied
    /// from the first run instead of run again)? Yes by default; an
    /// edition whose [`PrefixPlan::run_register`] already looks up what a
    /// register does says no, and saves the table's hashing and copies.
    fn memo_runs(&self) -> bool {
        true
    }
}

/// [`super::best_program`] by the prefix-tree search: the same answer
/// (the first best program in enumeration order, with its score and
/// outcome, and the same count of programs considered), with each register
/// prefix simulated once.
///
/// # Errors
/// The error of [`PrefixPlan::start`].
pub fn best_program_tree<E: PrefixPlan>(
    edition: &E,
    hand: &[E::Card],
    slots: &[Option<E::Card>],
    must: &[E::Card],
) -> Result<Option<BestProgram<E::Card>>, E::Error> {
    let kinds = kinds_of(hand);
    let open = slots.iter().filter(|s| s.is_none()).count();
    let considered = count_programs(&kinds, open);
    // How many of each kind must still go in an open register.
    let mut need: SmallVec<[u8; 16]> = kinds.iter().map(|_| 0).collect();
    for m in must {
        match kinds.iter().position(|(k, _)| k == m) {
            Some(i) => need[i] += 1,
            None => return Ok(None),
        }
    }
    if considered == 0 || need.iter().zip(&kinds).any(|(n, (_, c))| n > c) || must.len() > open {
        return Ok(None);
    }
    let start = edition.start()?;
    let merge = kinds.len() <= 16 && kinds.iter().all(|(_, c)| *c < 16);
    // At most one entry per prefix that has children.
    let prefixes = (1..open).map(|d| count_programs(&kinds, d)).sum::<u64>();
    let capacity = if merge {
        usize::try_from(prefixes.min(1 << 16)).unwrap_or(0)
    } else {
        0
    };
    let runs = if merge && edition.memo_runs() {
        usize::try_from((prefixes + considered).min(1 << 16) / 2).unwrap_or(0)
    } else {
        0
    };
    let filler = slots
        .iter()
        .flatten()
        .next()
        .copied()
        .or_else(|| kinds.first().map(|k| k.0));
    let mut search = Search {
        edition,
        slots,
        program: filler.map_or_else(Vec::new, |f| vec![f; slots.len()]),
        must_left: must.len(),
        need: need.to_vec(),
        kinds: kinds.to_vec(),
        merge,
        memo_runs: edition.memo_runs(),
        seen: HashSet::with_capacity_and_hasher(capacity, BuildHasherDefault::default()),
        runs: HashMap::with_capacity_and_hasher(runs, BuildHasherDefault::default()),
        best: None,
    };
    let settled = edition.settled(&start);
    let key = if merge { edition.key(&start) } else { None };
    search.visit(0, &start, key, settled, open);
    Ok(search.best.map(|b| BestProgram { considered, ..b }))
}

/// The hand grouped into (card, count), sorted by card.
fn kinds_of<C: Ord + Copy>(hand: &[C]) -> SmallVec<[(C, u8); 16]> {
    let mut sorted: SmallVec<[C; 16]> = hand.iter().copied().collect();
    sorted.sort_unstable();
    let mut kinds: SmallVec<[(C, u8); 16]> = SmallVec::new();
    for c in sorted {
        match kinds.last_mut() {
            Some((k, n)) if *k == c => *n = n.saturating_add(1),
            _ => kinds.push((c, 1)),
        }
    }
    kinds
}

/// How many distinct sequences of `len` cards the multiset `kinds` gives:
/// adding a kind of `c` cards to sequences of the kinds before, `j` of them
/// go into `k` places in `C(k, j)` ways.
fn count_programs<C>(kinds: &[(C, u8)], len: usize) -> u64 {
    let mut ways = vec![0u64; len + 1];
    ways[0] = 1;
    for &(_, c) in kinds {
        let before = ways.clone();
        for (k, w) in ways.iter_mut().enumerate() {
            *w = (0..=usize::from(c).min(k))
                .map(|j| before[k - j].saturating_mul(binomial(k, j)))
                .fold(0u64, u64::saturating_add);
        }
    }
    ways[len]
}

fn binomial(n: usize, k: usize) -> u64 {
    (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i + 1) as u64)
}

/// The table of register runs: (key before, register, card code) to the
/// state after.
type Runs<E> =
    HashMap<(<E as PrefixPlan>::Key, u8, u8), <E as PrefixPlan>::State, BuildHasherDefault<Fx>>;

/// The depth-first walk of one decision.
struct Search<'a, E: PrefixPlan> {
    edition: &'a E,
    slots: &'a [Option<E::Card>],
    kinds: Vec<(E::Card, u8)>,
    /// Per kind: how many must still go in an open register.
    need: Vec<u8>,
    must_left: usize,
    program: Vec<E::Card>,
    merge: bool,
    /// Keep the table of register runs ([`PrefixPlan::memo_runs`]).
    memo_runs: bool,
    /// States already expanded: (key, remaining cards, depth).
    seen: HashSet<(E::Key, u64, u8), BuildHasherDefault<Fx>>,
    /// Registers already run: (key before, register, card code) to the
    /// state after. The card code is the card's index in `kinds`, or
    /// [`FIXED`] for the fixed card of that register.
    runs: Runs<E>,
    best: Option<BestProgram<E::Card>>,
}

impl<E: PrefixPlan> Search<'_, E> {
    /// Visits the programs that extend `program[..depth]`, with `state`
    /// after those registers (`key`: its key, when merging; `settled`:
    /// later registers change nothing) and `open` open registers left to
    /// fill.
    fn visit(
        &mut self,
        depth: usize,
        state: &E::State,
        key: Option<E::Key>,
        settled: bool,
        open: usize,
    ) {
        let Some(&slot) = self.slots.get(depth) else {
            self.leaf(state);
            return;
        };
        if let Some(card) = slot {
            self.program[depth] = card;
            let step = Step { card, code: FIXED };
            self.child(depth, state, key, settled, step, open);
            return;
        }
        for k in 0..self.kinds.len() {
            let (card, left) = self.kinds[k];
            if left == 0 {
                continue;
            }
            let needed = self.need[k] > 0;
            // The must cards not placed yet need an open register each.
            if !needed && self.must_left >= open {
                continue;
            }
            self.kinds[k].1 -= 1;
            if needed {
                self.need[k] -= 1;
                self.must_left -= 1;
            }
            self.program[depth] = card;
            let step = Step {
                card,
                code: u8::try_from(k).unwrap_or(FIXED),
            };
            self.child(depth, state, key, settled, step, open - 1);
            if needed {
                self.need[k] += 1;
                self.must_left += 1;
            }
            self.kinds[k].1 += 1;
        }
    }

    /// Scores the whole program in `self.program`, `state` after its last
    /// register; the first best is kept.
    #[inline]
    fn leaf(&mut self, state: &E::State) {
        let out = self.edition.outcome(state);
        let score = self.edition.score(&self.program, &out);
        if self.best.as_ref().is_none_or(|b| score > b.score) {
            self.best = Some(BestProgram {
                cards: SmallVec::from_slice(&self.program),
                score,
                expected: out,
                considered: 0,
            });
        }
    }

    /// Runs register `depth + 1` with `step.card` from `state` (whose key
    /// is `key`) and visits what follows.
    fn child(
        &mut self,
        depth: usize,
        state: &E::State,
        key: Option<E::Key>,
        settled: bool,
        step: Step<E::Card>,
        open: usize,
    ) {
        if settled {
            self.visit(depth + 1, state, None, true, open);
            return;
        }
        let register = u8::try_from(depth + 1).unwrap_or(u8::MAX);
        let next = match key {
            Some(key) if self.memo_runs => {
                let edition = self.edition;
                self.runs
                    .entry((key, register, step.code))
                    .or_insert_with(|| {
                        let mut next = state.clone();
                        edition.run_register(&mut next, register, step.card);
                        next
                    })
                    .clone()
            }
            _ => {
                let mut next = state.clone();
                self.edition.run_register(&mut next, register, step.card);
                next
            }
        };
        let leaf = depth + 1 == self.slots.len();
        if leaf {
            self.leaf(&next);
            return;
        }
        let mut next_key = None;
        if self.merge {
            next_key = self.edition.key(&next);
            if let Some(key) = next_key {
                let rest = self
                    .kinds
                    .iter()
                    .fold(0u64, |code, &(_, n)| (code << 4) | u64::from(n));
                if !self.seen.insert((key, rest, register)) {
                    return;
                }
            }
        }
        let settled = self.edition.settled(&next);
        self.visit(depth + 1, &next, next_key, settled, open);
    }
}

/// The card code of a register's fixed card in the table of register runs.
const FIXED: u8 = u8::MAX;

/// One card to run in a register: the card and its code in the table of
/// register runs.
#[derive(Clone, Copy)]
struct Step<C> {
    card: C,
    code: u8,
}

/// A small fast hasher for the merge table (the keys are a few words; no
/// protection against crafted collisions is needed).
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }
    fn write_u16(&mut self, n: u16) {
        self.add(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_u128(&mut self, n: u128) {
        self.add(n as u64);
        self.add((n >> 64) as u64);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

impl Fx {
    #[inline]
    fn add(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::race::plan::distinct_programs;

    #[test]
    fn the_count_matches_the_enumeration() {
        for hand in [
            &[1, 2, 3, 4, 5, 6, 7, 8, 9][..],
            &[0, 0, 0, 0, 1, 2, 3, 4, 5],
            &[1, 1, 2, 2, 3],
            &[7],
            &[],
        ] {
            for len in 0..6 {
                let n = distinct_programs(hand, &vec![None; len], |_| ());
                assert_eq!(count_programs(&kinds_of(hand), len), n, "{hand:?} {len}");
            }
        }
    }
}
