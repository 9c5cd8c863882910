//! Exact battle odds, for plain dice and for every modifier the game
//! applies.
//!
//! * One roll: every face of every die is enumerated (6^5 = 7776 cases for
//!   three dice against two) and resolved by the same functions the game
//!   uses ([`crate::battle`]), so the table is exact: each outcome is a
//!   count of equally likely cases. [`one_roll`] for plain dice,
//!   [`OddsCache::one_roll`] with [`Modifiers`]: leaders' effects, the
//!   eight-sided leader die, cards, Roadblock and Blitz.
//! * A whole battle: `A` robots able to attack (the zone's robots but the
//!   one that stays; a fighting leader counts) against `D` defenders, both
//!   sides rolling the most dice allowed until one side has none left. This
//!   is an absorbing Markov chain on `(a, d)` and whether each side's
//!   leader still stands; its absorption probabilities are computed
//!   exactly from the one-roll counts (in `f64`, no sampling): [`battle`]
//!   for plain dice, [`Modifiers::battle`] and [`OddsCache`] otherwise.
//!   [`Modifiers`] says how the battle is played.
//!
//! ```
//! use variant_conquest::odds;
//! let roll = odds::one_roll(3, 2);
//! assert_eq!(roll.ways(0, 2), 2890); // out of 7776: the defender loses both
//! let b = odds::battle(3, 2);
//! assert!((b.capture - b.defenders_left[0]).abs() < 1e-15);
//! assert!((odds::battle(1, 1).capture - 15.0 / 36.0).abs() < 1e-15);
//! ```

mod chain;
mod modifiers;

pub use chain::{Chances, OddsCache};
pub use modifiers::{Modifiers, OddsError};

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
    /// The probability that the attacker's fighting leader falls (0 without
    /// one).
    #[serde(default)]
    pub attacker_leader_falls: f64,
    /// The probability that the defending leader falls (0 without one).
    #[serde(default)]
    pub defender_leader_falls: f64,
}

impl BattleOdds {
    /// No battle: captured exactly when there is nobody to defend.
    fn settled(attackers: u8, defenders: u8) -> BattleOdds {
        let (na, nd) = (usize::from(attackers), usize::from(defenders));
        BattleOdds {
            attackers,
            defenders,
            capture: if nd == 0 { 1.0 } else { 0.0 },
            attackers_left: (0..=na).map(|k| if k == na { 1.0 } else { 0.0 }).collect(),
            defenders_left: (0..=nd).map(|k| if k == nd { 1.0 } else { 0.0 }).collect(),
            attacker_leader_falls: 0.0,
            defender_leader_falls: 0.0,
        }
    }

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

/// The whole battle of `attackers` against `defenders` with plain dice,
/// exactly.
#[must_use]
pub fn battle(attackers: u8, defenders: u8) -> BattleOdds {
    Modifiers::NONE.battle(attackers, defenders)
}

impl Modifiers {
    /// The whole battle of `attackers` against `defenders` with these
    /// modifiers, exactly (a fresh [`OddsCache`]; keep one to ask many
    /// questions).
    #[must_use]
    pub fn battle(&self, attackers: u8, defenders: u8) -> BattleOdds {
        OddsCache::new().battle(attackers, defenders, self)
    }

    /// One roll with these modifiers (see [`OddsCache::one_roll`]).
    #[must_use]
    pub fn one_roll(&self, attacker_dice: u8, defender_dice: u8) -> RollOdds {
        OddsCache::new().one_roll(attacker_dice, defender_dice, self)
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
        CaptureTable::with_cache(max, &mut plain_cache().clone())
    }

    /// Computes the table including the one-roll enumeration (nothing
    /// reused): what the benchmark measures.
    #[must_use]
    pub fn from_scratch(max: u8) -> Self {
        CaptureTable::with_cache(max, &mut OddsCache::new())
    }

    fn with_cache(max: u8, cache: &mut OddsCache) -> Self {
        let m = usize::from(max);
        let values = chain::Values::new(cache.rolls_mut(), Modifiers::NONE, max, max);
        let mut p = vec![0f64; (m + 1) * (m + 1)];
        for a in 0..=max {
            for d in 0..=max {
                let s = Modifiers::NONE.start(a, d);
                p[usize::from(a) * (m + 1) + usize::from(d)] = values.capture(s);
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

/// A cache holding the plain one-roll tables (computed once).
fn plain_cache() -> &'static OddsCache {
    static CACHE: OnceLock<OddsCache> = OnceLock::new();
    CACHE.get_or_init(|| {
        let mut c = OddsCache::new();
        let _ = CaptureTable::with_cache(1, &mut c);
        c
    })
}

/// The plain capture probability from a shared table up to 64 (computed
/// once), or by a fresh chain beyond it.
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
