//! Physical cards: every card of a game has an id, written `c17` in text
//! and in JSON so that a card is easy to find in a saved game or a view.
//!
//! An edition numbers its cards the same way, once ([`CardIds`]): the
//! damage deck first, then each seat's programming deck in seat order. It
//! names its scheme and writes its ids as [`CardId<Scheme>`]:
//!
//! ```
//! use robo_core::race::cards::{CardId, CardIds};
//! use robo_core::PlayerId;
//! #[derive(Clone, Copy, Debug, PartialEq)]
//! enum Card { Damage, Move, Turn }
//! /// Two damage cards, then three cards per seat, two seats at most.
//! enum Toy {}
//! impl CardIds for Toy {
//!     type Card = Card;
//!     const DAMAGE: u8 = 2;
//!     const DECK: u8 = 3;
//!     const MAX_SEATS: u8 = 2;
//!     const NAME: &'static str = "ToyCardId";
//!     const CARD_OF: [Card; 256] = {
//!         let mut t = [Card::Damage; 256];
//!         let mut i = 2;
//!         while i < 256 {
//!             t[i] = if (i - 2) % 3 == 0 { Card::Turn } else { Card::Move };
//!             i += 1;
//!         }
//!         t
//!     };
//! }
//! type Id = CardId<Toy>;
//! assert_eq!(Id::new(0).card(), Card::Damage);
//! assert_eq!(Id::new(5).card(), Card::Turn);
//! assert_eq!(Id::new(5).owner(), Some(PlayerId(1)));
//! assert!(Id::new(1).is_damage());
//! assert_eq!(Id::deck_of(PlayerId(1)).map(|c| c.0).collect::<Vec<_>>(), [5, 6, 7]);
//! assert_eq!(Id::count(2), 8);
//! assert_eq!(serde_json::to_string(&Id::new(7)).unwrap(), "\"c7\"");
//! assert_eq!(serde_json::from_str::<Id>("\"c7\"").unwrap(), Id::new(7));
//! assert!(serde_json::from_str::<Id>("\"c8\"").is_err(), "past the last seat's deck");
//! ```

use crate::ids::PlayerId;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

/// How an edition numbers its physical cards: ids `0..DAMAGE` are the
/// damage deck, then `DAMAGE + DECK * seat + k` card `k` of `seat`'s
/// programming deck.
pub trait CardIds: 'static {
    /// What a card does.
    type Card: Copy;
    /// Cards in the damage deck.
    const DAMAGE: u8;
    /// Cards in each seat's programming deck.
    const DECK: u8;
    /// The most seats a game has.
    const MAX_SEATS: u8;
    /// The id type's name in a JSON schema.
    const NAME: &'static str;
    /// What each id is (looked up on the register's hot path).
    const CARD_OF: [Self::Card; 256];
}

/// One physical card of a game, in the numbering of scheme `S`.
pub struct CardId<S>(pub u8, PhantomData<fn() -> S>);

impl<S: CardIds> CardId<S> {
    /// The card with id `id`.
    #[must_use]
    pub const fn new(id: u8) -> Self {
        CardId(id, PhantomData)
    }

    /// What the card does.
    #[must_use]
    #[inline]
    pub const fn card(self) -> S::Card {
        S::CARD_OF[self.0 as usize]
    }

    /// The seat whose programming deck the card belongs to; `None` for
    /// damage.
    #[must_use]
    pub const fn owner(self) -> Option<PlayerId> {
        if self.0 < S::DAMAGE {
            None
        } else {
            Some(PlayerId((self.0 - S::DAMAGE) / S::DECK))
        }
    }

    /// A damage card?
    #[must_use]
    pub const fn is_damage(self) -> bool {
        self.0 < S::DAMAGE
    }

    /// The programming cards of `seat`, in id order.
    pub fn deck_of(seat: PlayerId) -> impl Iterator<Item = Self> {
        let first = S::DAMAGE + seat.0.min(S::MAX_SEATS - 1) * S::DECK;
        (first..first + S::DECK).map(Self::new)
    }

    /// The damage cards, in id order.
    pub fn damage_cards() -> impl Iterator<Item = Self> {
        (0..S::DAMAGE).map(Self::new)
    }

    /// Number of ids in a game of `robots` robots.
    #[must_use]
    pub const fn count(robots: usize) -> usize {
        S::DAMAGE as usize + robots * S::DECK as usize
    }
}

impl<S> Clone for CardId<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for CardId<S> {}

impl<S> PartialEq for CardId<S> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<S> Eq for CardId<S> {}

impl<S> PartialOrd for CardId<S> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<S> Ord for CardId<S> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.cmp(&other.0)
    }
}

impl<S> Hash for CardId<S> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.0.hash(h);
    }
}

impl<S> Default for CardId<S> {
    fn default() -> Self {
        CardId(0, PhantomData)
    }
}

impl<S> fmt::Debug for CardId<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardId({})", self.0)
    }
}

impl<S> fmt::Display for CardId<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "c{}", self.0)
    }
}

impl<S> Serialize for CardId<S> {
    fn serialize<Se: Serializer>(&self, s: Se) -> Result<Se::Ok, Se::Error> {
        s.collect_str(self)
    }
}

impl<'de, S: CardIds> Deserialize<'de> for CardId<S> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.strip_prefix('c')
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|&n| usize::from(n) < Self::count(usize::from(S::MAX_SEATS)))
            .map(Self::new)
            .ok_or_else(|| {
                serde::de::Error::custom(format!("`{s}` is not a card id (c0, c1, ...)"))
            })
    }
}

#[cfg(feature = "schema")]
impl<S: CardIds> schemars::JsonSchema for CardId<S> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        S::NAME.into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A physical card: `c` and its number (its display form).",
            "type": "string",
            "pattern": "^c[0-9]{1,3}$"
        })
    }
}
