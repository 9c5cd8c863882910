//! Exact battle odds.
//!
//! * One roll: every face of every die is enumerated (6^5 = 7776 cases for
//!   three dice against two) and resolved by the same function the game
//!   uses ([`crate::battle::resolve`]), so the table is exact: each outcome
//!   is a count of equally likely cases.
//! * A whole battle: `A` robots able to attack (the zone holds `A + 1`; one
//!   always stays behind) against `D` defenders, both sides rolling the
//!   most dice allowed (attacker `min(3, A)`, defender `min(2, D)`) until
//!   one side has none left. This is an absorbing Markov chain on `(a, d)`;
//!   its absorption probabilities are computed exactly from the one-roll
//!   counts (in `f64`, no sampling).
//!
//! ```
//! use variant_conquest::odds;
//! let roll = odds::one_roll(3, 2);
//! assert_eq!(roll.ways(0, 2), 2890); // out of 7776: the defender loses both
//! let b = odds::battle(3, 2);
//! assert!((b.capture - b.defenders_left[0]).abs() < 1e-15);
//! assert!((odds::battle(1, 1).capture - 15.0 / 36.0).abs() < 1e-15);
//! ```

use crate::battle::{compare, modify, Dice, SideRoll, MAX_DICE};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// One outcome of a roll and how many equally likely cases give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollOutcome {
    /// Robots the attacker loses.
    pub attacker_lost: u8,
    /// Robots the defender loses.
    pub defender_lost: u8,
    /// Cases (die faces) that give it.
    pub ways: u64,
}

/// The exact distribution of one roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollOdds {
    /// Attacking dice.
    pub attacker_dice: u8,
    /// Defending dice.
    pub defender_dice: u8,
    /// Outcomes with at least one case, attacker's losses descending.
    pub outcomes: Vec<RollOutcome>,
    /// All cases (the product of the dice's faces).
    pub total: u64,
}

impl RollOdds {
    /// Cases giving these losses.
    #[must_use]
    pub fn ways(&self, attacker_lost: u8, defender_lost: u8) -> u64 {
        self.outcomes
            .iter()
            .find(|o| o.attacker_lost == attacker_lost && o.defender_lost == defender_lost)
            .map_or(0, |o| o.ways)
    }

    /// The probability of these losses.
    #[must_use]
    pub fn probability(&self, attacker_lost: u8, defender_lost: u8) -> f64 {
        self.ways(attacker_lost, defender_lost) as f64 / self.total as f64
    }

    /// The probability of these losses as a reduced fraction.
    #[must_use]
    pub fn fraction(&self, attacker_lost: u8, defender_lost: u8) -> (u64, u64) {
        let (n, d) = (self.ways(attacker_lost, defender_lost), self.total);
        let g = gcd(n, d).max(1);
        (n / g, d / g)
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// One roll of plain six-sided dice, enumerated exactly. Dice counts are
/// clamped to 1..=3.
#[must_use]
pub fn one_roll(attacker_dice: u8, defender_dice: u8) -> RollOdds {
    one_roll_with(
        &SideRoll::plain(attacker_dice),
        &SideRoll::plain(defender_dice),
        false,
    )
}

/// One roll with any dice and modifiers (a leader's eight-sided die, cards,
/// leader effects), enumerated exactly: every face of every die, each side
/// modified as in the game, then every pair of sides compared.
#[must_use]
pub fn one_roll_with(attack: &SideRoll, defence: &SideRoll, armor: bool) -> RollOdds {
    let sides_a = side_outcomes(attack);
    let sides_d = side_outcomes(defence);
    let mut counts = [[0u64; MAX_DICE + 1]; MAX_DICE + 1];
    for (da, ca) in &sides_a {
        for (dd, cd) in &sides_d {
            let (al, dl) = compare(da, dd, attack.wins_ties, armor);
            counts[usize::from(al)][usize::from(dl)] += ca * cd;
        }
    }
    let mut outcomes = Vec::new();
    for (al, row) in counts.iter().enumerate().rev() {
        for (dl, &ways) in row.iter().enumerate() {
            if ways > 0 {
                outcomes.push(RollOutcome {
                    attacker_lost: al as u8,
                    defender_lost: dl as u8,
                    ways,
                });
            }
        }
    }
    let total =
        sides_a.iter().map(|(_, c)| c).sum::<u64>() * sides_d.iter().map(|(_, c)| c).sum::<u64>();
    let dice = |s: &SideRoll| usize::from(s.dice).clamp(1, MAX_DICE) as u8;
    RollOdds {
        attacker_dice: dice(attack),
        defender_dice: dice(defence),
        outcomes,
        total,
    }
}

/// Every roll of one side after modifiers, with how many face tuples give it.
fn side_outcomes(side: &SideRoll) -> Vec<(Dice, u64)> {
    let n = usize::from(side.dice).clamp(1, MAX_DICE);
    let mut faces = [1u8; MAX_DICE];
    let mut all: Vec<(Dice, u64)> = Vec::new();
    'odometer: loop {
        all.push((modify(side, &faces[..n]), 1));
        for (face, &sides) in faces.iter_mut().zip(&side.sides).take(n) {
            if *face < sides.max(1) {
                *face += 1;
                continue 'odometer;
            }
            *face = 1;
        }
        break;
    }
    all.sort_unstable_by_key(|(d, _)| d.value);
    let mut merged: Vec<(Dice, u64)> = Vec::with_capacity(all.len());
    for (d, c) in all {
        match merged.last_mut() {
            Some((last, count)) if last.value == d.value => *count += c,
            _ => merged.push((d, c)),
        }
    }
    merged
}

/// The one-roll table: attacker 1-3 dice against defender 1-2 dice.
#[must_use]
pub fn one_roll_table() -> Vec<RollOdds> {
    (1..=3)
        .flat_map(|a| (1..=2).map(move |d| one_roll(a, d)))
        .collect()
}

/// Transition probabilities of the battle chain, `[attacker dice - 1][defender dice - 1]`.
type Transitions = [[Vec<(u8, u8, f64)>; 2]; 3];

fn transitions_from(table: &[RollOdds]) -> Transitions {
    let mut t: Transitions = Default::default();
    for r in table {
        let (a, d) = (
            usize::from(r.attacker_dice) - 1,
            usize::from(r.defender_dice) - 1,
        );
        if let Some(slot) = t.get_mut(a).and_then(|row| row.get_mut(d)) {
            *slot = r
                .outcomes
                .iter()
                .map(|o| {
                    (
                        o.attacker_lost,
                        o.defender_lost,
                        o.ways as f64 / r.total as f64,
                    )
                })
                .collect();
        }
    }
    t
}

fn transitions() -> &'static Transitions {
    static T: OnceLock<Transitions> = OnceLock::new();
    T.get_or_init(|| transitions_from(&one_roll_table()))
}

fn step(t: &Transitions, a: usize, d: usize) -> &[(u8, u8, f64)] {
    &t[a.min(3) - 1][d.min(2) - 1]
}

/// The exact outcome of a whole battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleOdds {
    /// Robots able to attack at the start.
    pub attackers: u8,
    /// Defenders at the start.
    pub defenders: u8,
    /// The probability that the zone is captured.
    pub capture: f64,
    /// `attackers_left[k]`: the probability that the battle ends with `k`
    /// robots still able to attack (0: the attack failed).
    pub attackers_left: Vec<f64>,
    /// `defenders_left[k]`: the probability that it ends with `k` defenders
    /// left (0: captured).
    pub defenders_left: Vec<f64>,
}

impl BattleOdds {
    /// Expected robots the attacker loses.
    #[must_use]
    pub fn expected_attacker_losses(&self) -> f64 {
        self.attackers_left
            .iter()
            .enumerate()
            .map(|(k, p)| (f64::from(self.attackers) - k as f64) * p)
            .sum()
    }

    /// Expected defenders lost.
    #[must_use]
    pub fn expected_defender_losses(&self) -> f64 {
        self.defenders_left
            .iter()
            .enumerate()
            .map(|(k, p)| (f64::from(self.defenders) - k as f64) * p)
            .sum()
    }
}

/// The whole battle of `attackers` against `defenders`, exactly.
#[must_use]
pub fn battle(attackers: u8, defenders: u8) -> BattleOdds {
    let t = transitions();
    let (na, nd) = (usize::from(attackers), usize::from(defenders));
    let w = nd + 1;
    let mut mass = vec![0f64; (na + 1) * w];
    mass[na * w + nd] = 1.0;
    // Every roll removes at least one robot: sweep the states by falling a + d.
    for s in (2..=na + nd).rev() {
        for a in 1..=na.min(s - 1) {
            let d = s - a;
            if d == 0 || d > nd {
                continue;
            }
            let m = mass[a * w + d];
            if m == 0.0 {
                continue;
            }
            for &(la, ld, p) in step(t, a, d) {
                mass[(a - usize::from(la)) * w + (d - usize::from(ld))] += m * p;
            }
        }
    }
    let mut attackers_left = vec![0f64; na + 1];
    let mut defenders_left = vec![0f64; nd + 1];
    for a in 1..=na {
        attackers_left[a] = mass[a * w];
    }
    defenders_left[1..].copy_from_slice(&mass[1..=nd]);
    let capture: f64 = attackers_left[1..].iter().sum();
    attackers_left[0] = defenders_left[1..].iter().sum();
    defenders_left[0] = capture;
    if na == 0 || nd == 0 {
        // No battle: captured exactly when there is nobody to defend.
        let c = if nd == 0 { 1.0 } else { 0.0 };
        return BattleOdds {
            attackers,
            defenders,
            capture: c,
            attackers_left: (0..=na).map(|k| if k == na { 1.0 } else { 0.0 }).collect(),
            defenders_left: (0..=nd).map(|k| if k == nd { 1.0 } else { 0.0 }).collect(),
        };
    }
    BattleOdds {
        attackers,
        defenders,
        capture,
        attackers_left,
        defenders_left,
    }
}

/// Capture probabilities for every `A` and `D` from 1 to `max`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CaptureTable {
    max: u8,
    p: Vec<f64>,
}

impl CaptureTable {
    /// Computes the table by one pass of the chain (each state once).
    #[must_use]
    pub fn new(max: u8) -> Self {
        CaptureTable::with_transitions(max, transitions())
    }

    /// Computes the table including the one-roll enumeration (nothing
    /// cached): what the benchmark measures.
    #[must_use]
    pub fn from_scratch(max: u8) -> Self {
        CaptureTable::with_transitions(max, &transitions_from(&one_roll_table()))
    }

    fn with_transitions(max: u8, t: &Transitions) -> Self {
        let m = usize::from(max);
        let w = m + 1;
        let mut p = vec![0f64; w * w];
        for a in 0..=m {
            p[a * w] = 1.0; // nobody left to defend
        }
        for s in 2..=2 * m {
            for a in 1..=m.min(s - 1) {
                let d = s - a;
                if d == 0 || d > m {
                    continue;
                }
                p[a * w + d] = step(t, a, d)
                    .iter()
                    .map(|&(la, ld, q)| q * p[(a - usize::from(la)) * w + d - usize::from(ld)])
                    .sum();
            }
        }
        CaptureTable { max, p }
    }

    /// The largest `A` and `D`.
    #[must_use]
    pub fn max(&self) -> u8 {
        self.max
    }

    /// The probability that `attackers` capture a zone of `defenders`
    /// (`None` beyond the table).
    #[must_use]
    pub fn get(&self, attackers: u8, defenders: u8) -> Option<f64> {
        if attackers > self.max || defenders > self.max {
            return None;
        }
        let w = usize::from(self.max) + 1;
        self.p
            .get(usize::from(attackers) * w + usize::from(defenders))
            .copied()
    }
}

/// The capture probability from a shared table up to 64 (computed once),
/// or by a fresh chain beyond it.
#[must_use]
pub fn capture_probability(attackers: u8, defenders: u8) -> f64 {
    static TABLE: OnceLock<CaptureTable> = OnceLock::new();
    TABLE
        .get_or_init(|| CaptureTable::new(64))
        .get(attackers, defenders)
        .unwrap_or_else(|| battle(attackers, defenders).capture)
}

#[cfg(test)]
mod tests;
