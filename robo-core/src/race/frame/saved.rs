//! Saves read back through checks: a race is written as its fields and
//! read back only if it passes [`Game::check_invariants`], so a damaged or
//! hand-edited save is refused with a message instead of misbehaving
//! later.

use super::GridRace;
use crate::protocol::Game;

/// `race`, read from a save, if it passes its checks; the first broken
/// invariant as the deserialiser's error otherwise.
///
/// # Errors
/// The broken invariant, as `Er`'s custom error.
pub fn checked<E: GridRace, Er: serde::de::Error>(race: E) -> Result<E, Er> {
    race.check_invariants().map_err(Er::custom)?;
    Ok(race)
}

/// Writes a race's `Serialize` and `Deserialize` for a struct that
/// derives them with `#[serde(remote = "Self")]` (which makes the derived
/// code inherent functions): saved as derived, read back as derived and
/// then through [`checked`]. One line per edition, no second list of the
/// fields.
///
/// ```ignore
/// #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// #[serde(remote = "Self")]
/// pub struct Race { #[serde(flatten)] core: RaceCore<Race>, /* the edition's fields */ }
/// robo_core::checked_saves!(Race);
/// ```
#[macro_export]
macro_rules! checked_saves {
    ($race:ty) => {
        impl ::serde::Serialize for $race {
            fn serialize<S: ::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::std::result::Result<S::Ok, S::Error> {
                <$race>::serialize(self, serializer)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $race {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::std::result::Result<Self, D::Error> {
                $crate::race::frame::checked(<$race>::deserialize(deserializer)?)
            }
        }
    };
}
