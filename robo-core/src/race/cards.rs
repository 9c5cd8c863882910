//! Physical cards: every card of a game has an id, written `c17` in text
//! and in JSON, so that a card is easy to find in a saved game or a view.
//!
//! Every edition numbers its cards the same way: the damage deck first,
//! then each seat's programming deck in seat order. [`card_ids!`](crate::card_ids) writes
//! an edition's id type and its whole numbering once, from what differs:
//! what each id is, and the sizes.
//!
//! ```
//! #[derive(Clone, Copy, Debug, PartialEq)]
//! pub enum Card { Damage, Move, Turn }
//! /// Two damage cards, then three cards per seat.
//! const fn card_of(i: u8) -> Card {
//!     if i < 2 { Card::Damage } else if (i - 2) % 3 == 0 { Card::Turn } else { Card::Move }
//! }
//! robo_core::card_ids! {
//!     /// One physical card of a toy game.
//!     pub struct CardId;
//!     card: Card = card_of, damage: 2, deck: 3, seats: 2, schema: "ToyCardId"
//! }
//! use robo_core::PlayerId;
//! assert_eq!(CardId(0).card(), Card::Damage);
//! assert_eq!(CardId(5).card(), Card::Turn);
//! assert_eq!(CardId(5).owner(), Some(PlayerId(1)));
//! assert!(CardId(1).is_damage());
//! assert_eq!(CardId::deck_of(PlayerId(1)).collect::<Vec<_>>(), [CardId(5), CardId(6), CardId(7)]);
//! assert_eq!(CardId::count(2), 8);
//! assert_eq!(CardId(7).to_string(), "c7");
//! assert_eq!(serde_json::to_string(&CardId(7)).unwrap(), "\"c7\"");
//! assert_eq!(serde_json::from_str::<CardId>("\"c7\"").unwrap(), CardId(7));
//! assert!(serde_json::from_str::<CardId>("\"c8\"").is_err(), "past the last seat's deck");
//! ```

/// Writes an edition's physical card id: a `u8` newtype with what each
/// id is (`card`, from a table built at compile time from the edition's
/// `const fn`), its owner, the decks' ids, and the `c17` text form for
/// `Display`, `Serialize`, `Deserialize` (ids past the last seat's deck
/// refused) and, with the edition's `schema` feature, a JSON schema named
/// `schema`. Ids `0..damage` are the damage deck, then
/// `damage + deck * seat + k` card `k` of `seat`'s programming deck.
#[macro_export]
macro_rules! card_ids {
    (
        $(#[$meta:meta])*
        pub struct $id:ident;
        card: $card:ty = $card_of:path, damage: $damage:expr, deck: $deck:expr,
        seats: $seats:expr, schema: $schema:literal
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
        pub struct $id(pub u8);

        impl $id {
            /// What each id is, looked up on the register's hot path.
            const CARD_OF: [$card; 256] = {
                let mut table = [$card_of(0); 256];
                let mut i = 0;
                while i < 256 {
                    table[i] = $card_of(i as u8);
                    i += 1;
                }
                table
            };

            /// What the card does.
            #[must_use]
            #[inline]
            pub const fn card(self) -> $card {
                Self::CARD_OF[self.0 as usize]
            }

            /// The seat whose programming deck the card belongs to; `None`
            /// for damage.
            #[must_use]
            pub const fn owner(self) -> Option<$crate::PlayerId> {
                if self.0 < $damage {
                    None
                } else {
                    Some($crate::PlayerId((self.0 - $damage) / $deck))
                }
            }

            /// A damage card?
            #[must_use]
            pub const fn is_damage(self) -> bool {
                self.0 < $damage
            }

            /// The programming cards of `seat`, in id order.
            pub fn deck_of(seat: $crate::PlayerId) -> impl Iterator<Item = $id> {
                let first = $damage + seat.0.min($seats - 1) * $deck;
                (first..first + $deck).map($id)
            }

            /// The damage cards, in id order.
            pub fn damage_cards() -> impl Iterator<Item = $id> {
                (0..$damage).map($id)
            }

            /// Number of ids in a game of `robots` robots.
            #[must_use]
            pub const fn count(robots: usize) -> usize {
                $damage as usize + robots * $deck as usize
            }
        }

        impl ::std::fmt::Display for $id {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, "c{}", self.0)
            }
        }

        impl ::serde::Serialize for $id {
            fn serialize<S: ::serde::Serializer>(
                &self,
                s: S,
            ) -> ::std::result::Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $id {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                d: D,
            ) -> ::std::result::Result<Self, D::Error> {
                let s = <String as ::serde::Deserialize>::deserialize(d)?;
                s.strip_prefix('c')
                    .and_then(|n| n.parse::<u8>().ok())
                    .filter(|&n| usize::from(n) < $id::count($seats as usize))
                    .map($id)
                    .ok_or_else(|| {
                        <D::Error as ::serde::de::Error>::custom(format!(
                            "`{s}` is not a card id (c0, c1, ...)"
                        ))
                    })
            }
        }

        #[cfg(feature = "schema")]
        impl ::schemars::JsonSchema for $id {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                $schema.into()
            }

            fn json_schema(_: &mut ::schemars::SchemaGenerator) -> ::schemars::Schema {
                ::schemars::json_schema!({
                    "description": "A physical card: `c` and its number (its display form).",
                    "type": "string",
                    "pattern": "^c[0-9]{1,3}$"
                })
            }
        }
    };
}
