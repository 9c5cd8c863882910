//! Programming cards and damage cards, and the identity of every physical
//! card of a game.
//!
//! A game holds 40 damage cards (23 SPAM and 17 Haywire, one of each
//! Haywire effect) and one 20-card programming deck per robot. Every
//! physical card has a [`CardId`]; what it does is its [`Card`]. Ids make
//! conservation checks exact and let a view hide individual cards.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The 17 Haywire effects (one card each). Each one's effect is described
/// on its variant; [`Haywire::ALL`] is the card order of the damage deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Haywire {
    /// Move 2, then rotate right.
    MoveTwoTurnRight,
    /// Rotate right or left, the owner's choice.
    TurnEitherWay,
    /// Move 1, rotate left, move 1.
    JogLeft,
    /// Rotate to any facing, then move 1.
    FaceAnyMove,
    /// Install one of your uninstalled permanent upgrades for free, over the
    /// limit if need be; it is discarded at the end of the round.
    FreeUpgrade,
    /// Move 1 and take the priority token.
    GrabPriority,
    /// Pay 0 to 8 energy; move 2 spaces per energy paid.
    Overdrive,
    /// Move back 3.
    ReverseThree,
    /// Move back 1, then U-turn.
    BackFlip,
    /// Move 1, rotate right, move 1.
    JogRight,
    /// Move 2 to the left or to the right, keeping the facing.
    Sidestep,
    /// Move back 1, and remove a card of your discard pile from the game.
    Purge,
    /// Move 2, then rotate left.
    MoveTwoTurnLeft,
    /// Move 5; 1 damage if a wall stops the robot.
    Ram,
    /// Move 1; your lasers deal 1 extra damage this register.
    Supercharge,
    /// Reveal the top 2 programming cards of your deck and resolve both, in
    /// the order you choose.
    DoubleDraw,
    /// Move 3, then U-turn.
    MoveThreeUTurn,
}

impl Haywire {
    /// Every Haywire card, in damage-deck order.
    pub const ALL: [Haywire; 17] = [
        Haywire::MoveTwoTurnRight,
        Haywire::TurnEitherWay,
        Haywire::JogLeft,
        Haywire::FaceAnyMove,
        Haywire::FreeUpgrade,
        Haywire::GrabPriority,
        Haywire::Overdrive,
        Haywire::ReverseThree,
        Haywire::BackFlip,
        Haywire::JogRight,
        Haywire::Sidestep,
        Haywire::Purge,
        Haywire::MoveTwoTurnLeft,
        Haywire::Ram,
        Haywire::Supercharge,
        Haywire::DoubleDraw,
        Haywire::MoveThreeUTurn,
    ];

    /// A short description of the effect, in the engine's own words.
    #[must_use]
    pub const fn text(self) -> &'static str {
        match self {
            Haywire::MoveTwoTurnRight => "Move 2, rotate right",
            Haywire::TurnEitherWay => "Rotate left or right",
            Haywire::JogLeft => "Move 1, rotate left, move 1",
            Haywire::FaceAnyMove => "Face any way, move 1",
            Haywire::FreeUpgrade => "Free permanent upgrade this round",
            Haywire::GrabPriority => "Move 1, take priority",
            Haywire::Overdrive => "Spend energy: 2 spaces each",
            Haywire::ReverseThree => "Move back 3",
            Haywire::BackFlip => "Move back 1, U-turn",
            Haywire::JogRight => "Move 1, rotate right, move 1",
            Haywire::Sidestep => "Move 2 sideways",
            Haywire::Purge => "Move back 1, remove a discard",
            Haywire::MoveTwoTurnLeft => "Move 2, rotate left",
            Haywire::Ram => "Move 5, wall hurts",
            Haywire::Supercharge => "Move 1, lasers +1",
            Haywire::DoubleDraw => "Resolve the top 2 cards",
            Haywire::MoveThreeUTurn => "Move 3, U-turn",
        }
    }
}

/// What a card does: the nine regular programming cards, SPAM, and the
/// Haywire effects.
///
/// ```
/// use variant_2023::cards::Card;
/// assert_eq!(Card::Move2.to_string(), "Move 2");
/// assert!(Card::Spam.is_damage());
/// assert!(Card::Again.is_regular());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "V2023Card")
)]
pub enum Card {
    /// Move 1 space forward.
    Move1,
    /// Move 2 spaces forward.
    Move2,
    /// Move 3 spaces forward.
    Move3,
    /// Rotate a quarter turn clockwise.
    RotateRight,
    /// Rotate a quarter turn counter-clockwise.
    RotateLeft,
    /// Rotate a half turn.
    UTurn,
    /// Move 1 space backwards, keeping the facing.
    MoveBack,
    /// Gain 1 energy.
    PowerUp,
    /// Repeat the card resolved last in the previous register.
    Again,
    /// Damage: replaced by the top programming card when revealed.
    Spam,
    /// Damage: a one-off effect.
    Haywire(Haywire),
}

impl Card {
    /// The nine regular programming cards, one of each, in deck order.
    pub const REGULAR: [Card; 9] = [
        Card::Move1,
        Card::Move2,
        Card::Move3,
        Card::RotateRight,
        Card::RotateLeft,
        Card::UTurn,
        Card::MoveBack,
        Card::PowerUp,
        Card::Again,
    ];

    /// A damage card (SPAM or Haywire)?
    #[must_use]
    pub const fn is_damage(self) -> bool {
        matches!(self, Card::Spam | Card::Haywire(_))
    }

    /// One of the nine regular programming cards?
    #[must_use]
    pub const fn is_regular(self) -> bool {
        !self.is_damage()
    }

    /// A Haywire card?
    #[must_use]
    pub const fn is_haywire(self) -> bool {
        matches!(self, Card::Haywire(_))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Card::Move1 => "Move 1",
            Card::Move2 => "Move 2",
            Card::Move3 => "Move 3",
            Card::RotateRight => "Rotate Right",
            Card::RotateLeft => "Rotate Left",
            Card::UTurn => "U-Turn",
            Card::MoveBack => "Move Back",
            Card::PowerUp => "Power Up",
            Card::Again => "Again",
            Card::Spam => "SPAM",
            Card::Haywire(h) => return write!(f, "Haywire: {}", h.text()),
        })
    }
}

/// The 20 cards of a robot's programming deck, in id order.
pub const PROGRAMMING_DECK: [Card; 20] = [
    Card::Move1,
    Card::Move1,
    Card::Move1,
    Card::Move1,
    Card::Move2,
    Card::Move2,
    Card::Move2,
    Card::Move3,
    Card::RotateRight,
    Card::RotateRight,
    Card::RotateRight,
    Card::RotateRight,
    Card::RotateLeft,
    Card::RotateLeft,
    Card::RotateLeft,
    Card::RotateLeft,
    Card::UTurn,
    Card::MoveBack,
    Card::PowerUp,
    Card::Again,
];

/// SPAM cards in the damage deck.
pub const SPAM_CARDS: u8 = 23;
/// Cards in the damage deck (23 SPAM + 17 Haywire).
pub const DAMAGE_CARDS: u8 = 40;
/// Cards in each programming deck.
pub const DECK_CARDS: u8 = 20;
/// The most robots a game can have.
pub const MAX_ROBOTS: usize = 6;

robo_core::card_ids! {
    /// One physical card of a game.
    ///
    /// Ids `0..23` are the SPAM cards, `23..40` the Haywire cards in
    /// [`Haywire::ALL`] order, and `40 + 20 * seat + k` card `k` of the
    /// programming deck of `seat` (see [`PROGRAMMING_DECK`]). An id is written
    /// `c17`, in text and in JSON, so that a card is easy to find in a saved
    /// game or view.
    ///
    /// ```
    /// use robo_core::PlayerId;
    /// use variant_2023::cards::{Card, CardId, Haywire};
    /// assert_eq!(CardId(3).card(), Card::Spam);
    /// assert_eq!(CardId(23).card(), Card::Haywire(Haywire::MoveTwoTurnRight));
    /// assert_eq!(CardId(40 + 20 + 19).card(), Card::Again);
    /// assert_eq!(CardId(40 + 20).owner(), Some(PlayerId(1)));
    /// assert_eq!(CardId(7).to_string(), "c7");
    /// ```
    pub struct CardId;
    card: Card = card_of, damage: DAMAGE_CARDS, deck: DECK_CARDS,
    seats: MAX_ROBOTS as u8, schema: "CardId"
}

/// What card id `i` is: SPAM, then the Haywires, then each seat's deck.
const fn card_of(i: u8) -> Card {
    if i < SPAM_CARDS {
        Card::Spam
    } else if i < DAMAGE_CARDS {
        Card::Haywire(Haywire::ALL[(i - SPAM_CARDS) as usize])
    } else {
        PROGRAMMING_DECK[((i - DAMAGE_CARDS) % DECK_CARDS) as usize]
    }
}

impl CardId {
    /// The id of a Haywire card.
    #[must_use]
    pub const fn haywire(h: Haywire) -> CardId {
        CardId(SPAM_CARDS + h as u8)
    }
}

/// A card as shown to a player: its identity and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
    fn the_damage_deck_is_23_spam_and_17_distinct_haywires() {
        let cards: Vec<Card> = CardId::damage_cards().map(CardId::card).collect();
        assert_eq!(cards.iter().filter(|c| **c == Card::Spam).count(), 23);
        let mut hay: Vec<Card> = cards.iter().copied().filter(|c| c.is_haywire()).collect();
        assert_eq!(hay.len(), 17);
        hay.dedup();
        assert_eq!(hay.len(), 17);
        for h in Haywire::ALL {
            assert_eq!(CardId::haywire(h).card(), Card::Haywire(h));
        }
    }

    #[test]
    fn every_programming_deck_has_the_rulebook_counts() {
        for seat in 0..6 {
            let deck: Vec<Card> = CardId::deck_of(PlayerId(seat)).map(CardId::card).collect();
            let count = |c: Card| deck.iter().filter(|d| **d == c).count();
            assert_eq!(deck.len(), 20);
            assert_eq!(count(Card::Move1), 4);
            assert_eq!(count(Card::Move2), 3);
            assert_eq!(count(Card::Move3), 1);
            assert_eq!(count(Card::RotateRight), 4);
            assert_eq!(count(Card::RotateLeft), 4);
            assert_eq!(count(Card::UTurn), 1);
            assert_eq!(count(Card::MoveBack), 1);
            assert_eq!(count(Card::PowerUp), 1);
            assert_eq!(count(Card::Again), 1);
            assert!(CardId::deck_of(PlayerId(seat)).all(|c| c.owner() == Some(PlayerId(seat))));
        }
    }

    #[test]
    fn card_ids_serialise_as_tagged_strings() {
        let json = serde_json::to_string(&vec![CardId(1), CardId(17)]).unwrap();
        assert_eq!(json, r#"["c1","c17"]"#);
        let back: Vec<CardId> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, vec![CardId(1), CardId(17)]);
        assert!(serde_json::from_str::<CardId>(r#""x1""#).is_err());
        assert!(serde_json::from_str::<CardId>(r#""c999""#).is_err());
    }

    #[test]
    fn the_card_table_is_the_card_rule_for_every_id() {
        for i in 0..=u8::MAX {
            assert_eq!(CardId(i).card(), card_of(i), "c{i}");
        }
        assert_eq!(CardId(SPAM_CARDS).card(), Card::Haywire(Haywire::ALL[0]));
    }
}
