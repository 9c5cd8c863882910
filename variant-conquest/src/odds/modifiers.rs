//! What shapes the rolls of a battle besides the robot counts.

use crate::battle::{self, Fighter, Side, SideRoll};
use crate::card::{Card, CardKind};
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// Everything besides the robot counts that shapes the rolls of a battle,
/// applied as the game applies it ([`battle::dice`], [`battle::max_attack_dice`],
/// [`battle::max_defence_dice`]).
///
/// The odds are those of one way of playing the whole battle:
///
/// * both sides roll the most dice they may in every roll (the attacker
///   3, or 2 against Barricade's Roadblock; the defender 2, or 1 against
///   Blitz);
/// * a leader given here fights in every roll while it stands, and falls
///   as the game says: only when every die of its side in that roll loses;
/// * the cards go with the first roll only (the game spends a card on the
///   roll it is played with); the rolls after it have no card.
///
/// Roadblock needs no flag: it is Barricade defending in vehicle mode.
///
/// ```
/// use variant_conquest::battle::Fighter;
/// use variant_conquest::odds::Modifiers;
/// use variant_conquest::{Card, Leader, Mode};
/// let m = Modifiers {
///     attacker_leader: Some(Fighter::new(Leader::OptimusPrime, Mode::Robot)),
///     attack_card: Some(Card::IonBlaster),
///     ..Modifiers::NONE
/// };
/// assert!(m.check().is_ok());
/// assert!(m.battle(5, 5).capture > variant_conquest::odds::battle(5, 5).capture);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Modifiers {
    /// The attacker's leader, fighting in every roll while it stands.
    pub attacker_leader: Option<Fighter>,
    /// The defender's leader, in the defended zone and fighting in every
    /// roll while it stands.
    pub defender_leader: Option<Fighter>,
    /// Fighting leaders roll an eight-sided die (the setup's `leader_d8`).
    pub leader_d8: bool,
    /// The attack card played with the first roll.
    pub attack_card: Option<Card>,
    /// The defence card played with the first roll.
    pub defence_card: Option<Card>,
}

/// Modifiers that cannot occur in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum OddsError {
    /// Only attack cards go with an attack.
    #[error("{0} is not an attack card (Ion Blaster, Targeting Scanner, Blitz)")]
    NotAnAttackCard(Card),
    /// Only defence cards go with a defence.
    #[error("{0} is not a defence card (Force Field, Armor Plating, Smokescreen)")]
    NotADefenceCard(Card),
    /// The two leaders of a battle belong to different players.
    #[error("{0} cannot fight on both sides of a battle")]
    SameLeader(crate::Leader),
}

/// A state of the battle: robots able to attack (a fighting leader
/// included), defenders (the defending leader included), and whether each
/// side's leader still stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    pub a: u8,
    pub d: u8,
    pub la: bool,
    pub ld: bool,
}

impl Modifiers {
    /// Plain six-sided dice, no leader, no card.
    pub const NONE: Modifiers = Modifiers {
        attacker_leader: None,
        defender_leader: None,
        leader_d8: false,
        attack_card: None,
        defence_card: None,
    };

    /// Checks that these modifiers can occur in a game.
    ///
    /// # Errors
    /// A card of the wrong kind, or one leader on both sides.
    pub fn check(&self) -> Result<(), OddsError> {
        if let Some(c) = self.attack_card.filter(|c| c.kind() != CardKind::Attack) {
            return Err(OddsError::NotAnAttackCard(c));
        }
        if let Some(c) = self.defence_card.filter(|c| c.kind() != CardKind::Defence) {
            return Err(OddsError::NotADefenceCard(c));
        }
        if let (Some(a), Some(d)) = (self.attacker_leader, self.defender_leader) {
            if a.leader == d.leader {
                return Err(OddsError::SameLeader(a.leader));
            }
        }
        Ok(())
    }

    /// The same modifiers for the rolls after the first: no cards.
    #[must_use]
    pub const fn without_cards(self) -> Modifiers {
        Modifiers {
            attack_card: None,
            defence_card: None,
            ..self
        }
    }

    /// The most dice the attacker rolls in the first roll.
    #[must_use]
    pub fn max_attack_dice(&self) -> u8 {
        battle::max_attack_dice(self.defender_leader)
    }

    /// The most dice the defender rolls in the first roll.
    #[must_use]
    pub fn max_defence_dice(&self) -> u8 {
        battle::max_defence_dice(self.attack_card)
    }

    pub(crate) fn start(&self, attackers: u8, defenders: u8) -> State {
        State {
            a: attackers,
            d: defenders,
            la: self.attacker_leader.is_some(),
            ld: self.defender_leader.is_some(),
        }
    }

    /// The dice of a roll of `attack_dice` against `defence_dice` (each
    /// capped by the rules) with the leaders standing as in `s`; `first`:
    /// with the cards.
    pub(crate) fn roll(
        &self,
        attack_dice: u8,
        defence_dice: u8,
        la: bool,
        ld: bool,
        first: bool,
    ) -> (SideRoll, SideRoll, bool) {
        let attack_leader = self.attacker_leader.filter(|_| la);
        let defence_leader = self.defender_leader.filter(|_| ld);
        let attack_card = self.attack_card.filter(|_| first);
        let attack = Side {
            dice: attack_dice.min(battle::max_attack_dice(defence_leader)),
            leader: attack_leader,
            card: attack_card,
        };
        let defence = Side {
            dice: defence_dice.min(battle::max_defence_dice(attack_card)),
            leader: defence_leader,
            card: self.defence_card.filter(|_| first),
        };
        battle::dice(&attack, &defence, self.leader_d8)
    }
}

impl fmt::Display for Modifiers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        let leader = |who: &str, l: Fighter| format!("{who} {} ({} mode)", l.leader, l.mode);
        if let Some(l) = self.attacker_leader {
            parts.push(leader("attacking with", l));
        }
        if let Some(l) = self.defender_leader {
            parts.push(leader("defended by", l));
        }
        if self.leader_d8 {
            parts.push("leaders roll eight-sided dice".into());
        }
        if let Some(c) = self.attack_card {
            parts.push(format!("{c} on the first roll"));
        }
        if let Some(c) = self.defence_card {
            parts.push(format!("{c} against the first roll"));
        }
        if parts.is_empty() {
            f.write_str("plain six-sided dice")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}
