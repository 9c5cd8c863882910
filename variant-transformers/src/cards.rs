//! Planning cards and damage cards, and the identity of every physical
//! card of a race.
//!
//! A race holds 40 damage cards (24 SCRAP and 16 special damage cards,
//! whose faces are data: [`crate::damage`]) and one 22-card planning deck
//! per robot. Every physical card has a [`CardId`]; what it does is its
//! [`Card`].

use crate::damage::{SpecialFace, SPECIAL_CARDS};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the 16 special damage cards, by its place in the special deck
/// (`0..16`); its face is [`Special::face`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersSpecial")
)]
pub struct Special(pub u8);

impl Special {
    /// What the card says.
    #[must_use]
    pub fn face(self) -> &'static SpecialFace {
        crate::damage::face(self)
    }
}

/// What a card does: the eleven planning cards, SCRAP, and the special
/// damage cards.
///
/// ```
/// use variant_transformers::cards::Card;
/// assert_eq!(Card::DriftLeft.to_string(), "Drift Left");
/// assert!(Card::MoveBack.is_move() && Card::UTurn.is_turn() && Card::DriftRight.is_drift());
/// assert!(Card::Scrap.is_damage() && !Card::Again.is_damage());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersCard")
)]
pub enum Card {
    /// Move 1 space ahead.
    Move1,
    /// Move 2 spaces ahead.
    Move2,
    /// Move 3 spaces ahead.
    Move3,
    /// Move 1 space back, keeping the facing.
    MoveBack,
    /// A quarter turn clockwise.
    TurnRight,
    /// A quarter turn anticlockwise.
    TurnLeft,
    /// A half turn.
    UTurn,
    /// 1 space to the right, keeping the facing.
    DriftRight,
    /// 1 space to the left, keeping the facing.
    DriftLeft,
    /// Gain 1 Energon.
    PowerUp,
    /// Repeat the planning card(s) of the previous register.
    Again,
    /// Damage that goes to the hand; planned, it does nothing and the
    /// robot holds fire.
    Scrap,
    /// A special damage card (resolved when drawn).
    Special(Special),
}

impl Card {
    /// The eleven planning cards, one of each.
    pub const PLANNING: [Card; 11] = [
        Card::Move1,
        Card::Move2,
        Card::Move3,
        Card::MoveBack,
        Card::TurnRight,
        Card::TurnLeft,
        Card::UTurn,
        Card::DriftRight,
        Card::DriftLeft,
        Card::PowerUp,
        Card::Again,
    ];

    /// A damage card (SCRAP or special)?
    #[must_use]
    pub const fn is_damage(self) -> bool {
        matches!(self, Card::Scrap | Card::Special(_))
    }

    /// A "Move" card (Move 1, 2, 3 or Move Back).
    #[must_use]
    pub const fn is_move(self) -> bool {
        matches!(
            self,
            Card::Move1 | Card::Move2 | Card::Move3 | Card::MoveBack
        )
    }

    /// A "Turn" card (Turn Left, Turn Right or U-Turn).
    #[must_use]
    pub const fn is_turn(self) -> bool {
        matches!(self, Card::TurnRight | Card::TurnLeft | Card::UTurn)
    }

    /// A "Drift" card.
    #[must_use]
    pub const fn is_drift(self) -> bool {
        matches!(self, Card::DriftRight | Card::DriftLeft)
    }

    /// The spaces a Move card moves (Move Back: 1), 0 for other cards.
    #[must_use]
    pub const fn move_steps(self) -> u8 {
        match self {
            Card::Move1 | Card::MoveBack => 1,
            Card::Move2 => 2,
            Card::Move3 => 3,
            _ => 0,
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Card::Move1 => "Move 1",
            Card::Move2 => "Move 2",
            Card::Move3 => "Move 3",
            Card::MoveBack => "Move Back",
            Card::TurnRight => "Turn Right",
            Card::TurnLeft => "Turn Left",
            Card::UTurn => "U-Turn",
            Card::DriftRight => "Drift Right",
            Card::DriftLeft => "Drift Left",
            Card::PowerUp => "Power Up",
            Card::Again => "Again",
            Card::Scrap => "SCRAP",
            Card::Special(s) => s.face().name,
        })
    }
}

/// The 22 cards of a robot's planning deck, in id order.
pub const PLANNING_DECK: [Card; 22] = [
    Card::Move1,
    Card::Move1,
    Card::Move1,
    Card::Move1,
    Card::Move2,
    Card::Move2,
    Card::Move2,
    Card::Move3,
    Card::MoveBack,
    Card::TurnRight,
    Card::TurnRight,
    Card::TurnRight,
    Card::TurnLeft,
    Card::TurnLeft,
    Card::TurnLeft,
    Card::UTurn,
    Card::DriftRight,
    Card::DriftRight,
    Card::DriftLeft,
    Card::DriftLeft,
    Card::PowerUp,
    Card::Again,
];

/// SCRAP cards in the damage deck.
pub const SCRAP_CARDS: u8 = 24;
/// Cards in the damage deck (24 SCRAP + 16 special).
pub const DAMAGE_CARDS: u8 = SCRAP_CARDS + SPECIAL_CARDS;
/// Cards in each planning deck.
pub const DECK_CARDS: u8 = 22;
/// The most robots a race can have.
pub const MAX_ROBOTS: usize = 6;

const fn card_of(i: u8) -> Card {
    if i < SCRAP_CARDS {
        Card::Scrap
    } else if i < DAMAGE_CARDS {
        Card::Special(Special(i - SCRAP_CARDS))
    } else {
        PLANNING_DECK[((i - DAMAGE_CARDS) % DECK_CARDS) as usize]
    }
}

robo_core::card_ids! {
    /// One physical card of a race.
    ///
    /// Ids `0..24` are the SCRAP cards, `24..40` the special damage cards in
    /// their deck order, and `40 + 22 * seat + k` card `k` of the planning
    /// deck of `seat` (see [`PLANNING_DECK`]). An id is written `c17`, in
    /// text and in JSON.
    ///
    /// ```
    /// use robo_core::PlayerId;
    /// use variant_transformers::cards::{Card, CardId, Special};
    /// assert_eq!(CardId(3).card(), Card::Scrap);
    /// assert_eq!(CardId(24).card(), Card::Special(Special(0)));
    /// assert_eq!(CardId(40 + 22 + 21).card(), Card::Again);
    /// assert_eq!(CardId(40 + 22).owner(), Some(PlayerId(1)));
    /// assert_eq!(CardId(7).to_string(), "c7");
    /// ```
    pub struct CardId;
    card: Card = card_of, damage: DAMAGE_CARDS, deck: DECK_CARDS,
    seats: MAX_ROBOTS as u8, schema: "TransformersCardId"
}

impl CardId {
    /// The id of a special damage card.
    #[must_use]
    pub const fn special(s: Special) -> CardId {
        CardId(SCRAP_CARDS + s.0)
    }
}

/// A card as shown to a player: its identity and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersShown")
)]
pub struct Shown {
    /// The physical card.
    pub id: CardId,
    /// What it does.
    pub card: Card,
}

impl From<CardId> for Shown {
    fn from(id: CardId) -> Self {
        Shown {
            id,
            card: id.card(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::PlayerId;

    #[test]
    fn the_damage_deck_is_24_scrap_and_16_special_cards() {
        let cards: Vec<Card> = CardId::damage_cards().map(CardId::card).collect();
        assert_eq!(cards.len(), 40);
        assert_eq!(cards.iter().filter(|c| **c == Card::Scrap).count(), 24);
        let special: Vec<Card> = cards
            .iter()
            .copied()
            .filter(|c| *c != Card::Scrap)
            .collect();
        assert_eq!(special.len(), 16);
        for (k, c) in special.iter().enumerate() {
            assert_eq!(*c, Card::Special(Special(k as u8)));
            assert_eq!(CardId::special(Special(k as u8)).card(), *c);
        }
    }

    #[test]
    fn every_planning_deck_has_the_rulebook_counts() {
        for seat in 0..6 {
            let deck: Vec<Card> = CardId::deck_of(PlayerId(seat)).map(CardId::card).collect();
            let count = |c: Card| deck.iter().filter(|d| **d == c).count();
            assert_eq!(deck.len(), 22);
            let counts = [4, 3, 1, 1, 3, 3, 1, 2, 2, 1, 1];
            for (c, n) in Card::PLANNING.iter().zip(counts) {
                assert_eq!(count(*c), n, "{c}");
            }
            assert!(CardId::deck_of(PlayerId(seat)).all(|c| c.owner() == Some(PlayerId(seat))));
        }
        assert_eq!(CardId::count(6), 172);
    }

    #[test]
    fn card_ids_serialise_as_tagged_strings_and_bad_ones_are_refused() {
        let json = serde_json::to_string(&vec![CardId(1), CardId(171)]).unwrap();
        assert_eq!(json, r#"["c1","c171"]"#);
        let back: Vec<CardId> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, vec![CardId(1), CardId(171)]);
        for bad in [r#""x1""#, r#""c999""#, r#""c172""#] {
            assert!(serde_json::from_str::<CardId>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_card_table_is_the_card_rule_for_every_id() {
        for i in 0..=u8::MAX {
            assert_eq!(CardId(i).card(), card_of(i), "c{i}");
        }
    }
}
