//! One roll of a battle: dice, modifiers, comparisons and losses.
//!
//! Each side rolls one die per fighting robot. Dice are sorted high to
//! low, then modifiers apply: a side's highest die and lowest die may be
//! raised or lowered (leaders' robot-mode effects and cards), never below
//! 0; the dice are sorted again. The highest dice are compared, then the
//! second highest, as long as both sides have dice. Each comparison is lost
//! by the lower die; a tie is lost by the attacker unless the attacker wins
//! ties. Armor Plating cancels the defender's first lost comparison.
//!
//! [`dice`] turns a roll as declared (each side's dice, fighting leader and
//! card) into the two [`SideRoll`]s: the game rolls with it and the exact
//! [`crate::odds`] count with it, so both apply the same modifiers.

use crate::card::Card;
use crate::faction::{Leader, Mode};
use robo_core::Rng;
use serde::{Deserialize, Serialize};

/// The most dice one side rolls.
pub const MAX_DICE: usize = 3;

/// One side's dice in a roll, as rolled and after modifiers (high to low).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Dice {
    /// As rolled, high to low (only the first `len` count).
    pub rolled: [u8; MAX_DICE],
    /// After modifiers, high to low (only the first `len` count).
    pub value: [u8; MAX_DICE],
    /// Number of dice.
    pub len: u8,
}

impl Dice {
    /// The rolled dice.
    #[must_use]
    pub fn rolled(&self) -> &[u8] {
        &self.rolled[..usize::from(self.len).min(MAX_DICE)]
    }

    /// The dice after modifiers.
    #[must_use]
    pub fn values(&self) -> &[u8] {
        &self.value[..usize::from(self.len).min(MAX_DICE)]
    }
}

/// How one side rolls and what modifies its dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SideRoll {
    /// Faces of each die (6, or 8 for a fighting leader with the d8 option).
    pub sides: [u8; MAX_DICE],
    /// Number of dice, 1 to 3.
    pub dice: u8,
    /// Added to the side's highest die (may be negative).
    pub highest: i8,
    /// Added to the side's lowest die (may be negative).
    pub lowest: i8,
    /// This side wins tied comparisons (only matters for the attacker).
    pub wins_ties: bool,
}

impl SideRoll {
    /// `dice` plain six-sided dice.
    #[must_use]
    pub const fn plain(dice: u8) -> Self {
        SideRoll {
            sides: [6; MAX_DICE],
            dice,
            highest: 0,
            lowest: 0,
            wins_ties: false,
        }
    }

    fn count(&self) -> usize {
        usize::from(self.dice).clamp(1, MAX_DICE)
    }
}

/// A leader in a battle, and the mode it is in.
///
/// ```
/// use variant_conquest::battle::Fighter;
/// use variant_conquest::{Leader, Mode};
/// assert!(Fighter::new(Leader::Barricade, Mode::Vehicle).roadblock());
/// assert!(!Fighter::new(Leader::Barricade, Mode::Robot).roadblock());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Fighter {
    /// Who.
    pub leader: Leader,
    /// Robot mode gives the leader's battle effect; vehicle mode none
    /// (but Barricade's Roadblock on the zone he stands in).
    pub mode: Mode,
}

impl Fighter {
    /// A leader in a mode.
    #[must_use]
    pub const fn new(leader: Leader, mode: Mode) -> Self {
        Fighter { leader, mode }
    }

    /// Is this the leader's robot-mode effect in play?
    const fn is(self, leader: Leader) -> bool {
        self.leader as u8 == leader as u8 && matches!(self.mode, Mode::Robot)
    }

    /// Barricade in vehicle mode: attacks on his zone roll at most 2 dice.
    #[must_use]
    pub const fn roadblock(self) -> bool {
        matches!(self.leader, Leader::Barricade) && matches!(self.mode, Mode::Vehicle)
    }
}

/// The most dice an attack may roll against a zone defended by `leader`
/// (3, or 2 against Barricade's Roadblock).
#[must_use]
pub fn max_attack_dice(leader: Option<Fighter>) -> u8 {
    if leader.is_some_and(Fighter::roadblock) {
        2
    } else {
        MAX_DICE as u8
    }
}

/// The most dice a defence may roll against an attack played with
/// `attack_card` (2, or 1 against Blitz).
#[must_use]
pub fn max_defence_dice(attack_card: Option<Card>) -> u8 {
    if attack_card == Some(Card::Blitz) {
        1
    } else {
        2
    }
}

/// One side of a roll as declared: its dice, its leader if the leader is
/// among them, and the card it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Side {
    /// Dice (fighting robots, the leader included), 1 to 3.
    pub dice: u8,
    /// The side's leader, when it fights in this roll.
    pub leader: Option<Fighter>,
    /// The card played with this roll.
    pub card: Option<Card>,
}

/// The dice both sides roll, with every modifier the rules apply: the
/// fighting leaders' robot-mode effects, the cards, and (with
/// `leader_d8`) a fighting leader's eight-sided die. Returns the
/// attacker's roll, the defender's roll and whether Armor Plating protects
/// the defender.
///
/// ```
/// use variant_conquest::battle::{dice, Fighter, Side};
/// use variant_conquest::{Card, Leader, Mode};
/// let optimus = Fighter::new(Leader::OptimusPrime, Mode::Robot);
/// let attack = Side { dice: 3, leader: Some(optimus), card: Some(Card::TargetingScanner) };
/// let defence = Side { dice: 2, leader: None, card: Some(Card::Smokescreen) };
/// let (a, d, armor) = dice(&attack, &defence, true);
/// assert_eq!((a.sides, a.highest, a.wins_ties), ([8, 6, 6], 0, true)); // +1 Optimus, -1 Smokescreen
/// assert_eq!((d.sides, d.highest, armor), ([6, 6, 6], 0, false));
/// ```
#[must_use]
pub fn dice(attack: &Side, defence: &Side, leader_d8: bool) -> (SideRoll, SideRoll, bool) {
    let has = |side: &Side, who: Leader| side.leader.is_some_and(|f| f.is(who));
    let sides = |side: &Side| {
        if side.leader.is_some() && leader_d8 {
            [8, 6, 6]
        } else {
            [6; MAX_DICE]
        }
    };
    let a = SideRoll {
        sides: sides(attack),
        dice: attack.dice,
        highest: i8::from(has(attack, Leader::OptimusPrime))
            + i8::from(attack.card == Some(Card::IonBlaster))
            - i8::from(has(defence, Leader::Megatron))
            - i8::from(defence.card == Some(Card::Smokescreen)),
        lowest: i8::from(has(attack, Leader::Barricade)),
        wins_ties: has(attack, Leader::Bumblebee) || attack.card == Some(Card::TargetingScanner),
    };
    let d = SideRoll {
        sides: sides(defence),
        dice: defence.dice,
        highest: i8::from(has(defence, Leader::OptimusPrime))
            + i8::from(defence.card == Some(Card::ForceField))
            - i8::from(has(attack, Leader::Megatron)),
        lowest: i8::from(has(defence, Leader::Barricade)),
        wins_ties: false,
    };
    (a, d, defence.card == Some(Card::ArmorPlating))
}

/// The result of one roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollResult {
    /// The attacker's dice.
    pub attack: Dice,
    /// The defender's dice.
    pub defence: Dice,
    /// Comparisons the attacker lost.
    pub attacker_lost: u8,
    /// Comparisons the defender lost (after Armor Plating).
    pub defender_lost: u8,
}

pub(crate) fn modify(side: &SideRoll, rolled: &[u8]) -> Dice {
    let n = rolled.len().min(MAX_DICE);
    let mut d = Dice {
        len: n as u8,
        ..Dice::default()
    };
    d.rolled[..n].copy_from_slice(&rolled[..n]);
    d.rolled[..n].sort_unstable_by(|a, b| b.cmp(a));
    d.value = d.rolled;
    if n > 0 {
        let bump = |v: u8, by: i8| (i16::from(v) + i16::from(by)).clamp(0, 255) as u8;
        d.value[0] = bump(d.value[0], side.highest);
        d.value[n - 1] = bump(d.value[n - 1], side.lowest);
        d.value[..n].sort_unstable_by(|a, b| b.cmp(a));
    }
    d
}

/// Resolves given dice (as rolled, any order). `armor`: the defender's
/// first lost comparison is cancelled.
///
/// ```
/// use variant_conquest::battle::{resolve, SideRoll};
/// // 6-3-1 against 5-3: the attacker wins the first, the tie goes to the defender.
/// let r = resolve(&SideRoll::plain(3), &SideRoll::plain(2), &[3, 6, 1], &[5, 3], false);
/// assert_eq!((r.attacker_lost, r.defender_lost), (1, 1));
/// ```
#[must_use]
pub fn resolve(
    attack: &SideRoll,
    defence: &SideRoll,
    rolled_a: &[u8],
    rolled_d: &[u8],
    armor: bool,
) -> RollResult {
    let a = modify(attack, rolled_a);
    let d = modify(defence, rolled_d);
    let (attacker_lost, defender_lost) = compare(&a, &d, attack.wins_ties, armor);
    RollResult {
        attack: a,
        defence: d,
        attacker_lost,
        defender_lost,
    }
}

/// Compares modified dice pairwise: (attacker's losses, defender's losses).
pub(crate) fn compare(a: &Dice, d: &Dice, attacker_wins_ties: bool, armor: bool) -> (u8, u8) {
    let (mut attacker_lost, mut defender_lost) = (0u8, 0u8);
    let mut armor_left = armor;
    for (x, y) in a.values().iter().zip(d.values()) {
        if x > y || (x == y && attacker_wins_ties) {
            if armor_left {
                armor_left = false;
            } else {
                defender_lost += 1;
            }
        } else {
            attacker_lost += 1;
        }
    }
    (attacker_lost, defender_lost)
}

/// Rolls both sides with `rng` (attacker's dice first, in order) and
/// resolves them.
pub fn roll(rng: &mut Rng, attack: &SideRoll, defence: &SideRoll, armor: bool) -> RollResult {
    let mut ra = [0u8; MAX_DICE];
    let mut rd = [0u8; MAX_DICE];
    let (na, nd) = (attack.count(), defence.count());
    for (i, v) in ra.iter_mut().take(na).enumerate() {
        *v = rng.die(attack.sides[i]);
    }
    for (i, v) in rd.iter_mut().take(nd).enumerate() {
        *v = rng.die(defence.sides[i]);
    }
    resolve(attack, defence, &ra[..na], &rd[..nd], armor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_go_to_the_defender_unless_the_attacker_wins_ties() {
        let plain = SideRoll::plain(1);
        let r = resolve(&plain, &plain, &[4], &[4], false);
        assert_eq!((r.attacker_lost, r.defender_lost), (1, 0));
        let ties = SideRoll {
            wins_ties: true,
            ..plain
        };
        let r = resolve(&ties, &plain, &[4], &[4], false);
        assert_eq!((r.attacker_lost, r.defender_lost), (0, 1));
    }

    #[test]
    fn only_as_many_comparisons_as_the_smaller_side() {
        let r = resolve(
            &SideRoll::plain(3),
            &SideRoll::plain(1),
            &[6, 6, 6],
            &[1],
            false,
        );
        assert_eq!((r.attacker_lost, r.defender_lost), (0, 1));
        let r = resolve(
            &SideRoll::plain(1),
            &SideRoll::plain(2),
            &[1],
            &[6, 6],
            false,
        );
        assert_eq!((r.attacker_lost, r.defender_lost), (1, 0));
    }

    #[test]
    fn modifiers_apply_to_highest_and_lowest_then_resort() {
        // Attacker 5-2 with +1 highest: 6-2. Defender 5-4 with +1 lowest: 5-5.
        let a = SideRoll {
            highest: 1,
            ..SideRoll::plain(2)
        };
        let d = SideRoll {
            lowest: 1,
            ..SideRoll::plain(2)
        };
        let r = resolve(&a, &d, &[2, 5], &[4, 5], false);
        assert_eq!(r.attack.values(), &[6, 2]);
        assert_eq!(r.defence.values(), &[5, 5]);
        assert_eq!((r.attacker_lost, r.defender_lost), (1, 1));
        // Lowering a highest die can reorder: 3-3 with -1 highest is 3-2.
        let m = SideRoll {
            highest: -1,
            ..SideRoll::plain(2)
        };
        let r = resolve(&m, &SideRoll::plain(1), &[3, 3], &[1], false);
        assert_eq!(r.attack.values(), &[3, 2]);
        // Never below zero.
        let r = resolve(
            &SideRoll {
                highest: -3,
                ..SideRoll::plain(1)
            },
            &SideRoll::plain(1),
            &[1],
            &[1],
            false,
        );
        assert_eq!(r.attack.values(), &[0]);
    }

    #[test]
    fn armor_cancels_the_first_lost_comparison() {
        let r = resolve(
            &SideRoll::plain(3),
            &SideRoll::plain(2),
            &[6, 6, 1],
            &[2, 1],
            true,
        );
        assert_eq!((r.attacker_lost, r.defender_lost), (0, 1));
    }

    #[test]
    fn rolls_use_the_sides_given() {
        let mut rng = Rng::from_seed(5);
        let a = SideRoll {
            sides: [8, 6, 6],
            ..SideRoll::plain(1)
        };
        let mut saw_high = false;
        for _ in 0..500 {
            let r = roll(&mut rng, &a, &SideRoll::plain(2), false);
            assert!((1..=8).contains(&r.attack.rolled[0]));
            assert!(r.defence.rolled().iter().all(|d| (1..=6).contains(d)));
            saw_high |= r.attack.rolled[0] > 6;
        }
        assert!(saw_high);
    }
}
