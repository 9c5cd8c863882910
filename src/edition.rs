//! Picking an edition at run time.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The editions of the family.
///
/// ```
/// use roborally::Edition;
/// let e: Edition = "2023".parse().unwrap();
/// assert_eq!(e, Edition::V2023);
/// assert_eq!(e.to_string(), "2023");
/// assert!("chess".parse::<Edition>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Edition {
    /// RoboRally classic, Ultimate Collection rules.
    #[serde(rename = "classic")]
    Classic,
    /// Robo Rally, 2023 edition.
    #[serde(rename = "2023")]
    V2023,
    /// Robo Rally: Transformers.
    #[serde(rename = "transformers")]
    Transformers,
    /// Transformers zone conquest.
    #[serde(rename = "conquest")]
    Conquest,
}

impl Edition {
    /// Every edition.
    pub const ALL: [Edition; 4] = [
        Edition::Classic,
        Edition::V2023,
        Edition::Transformers,
        Edition::Conquest,
    ];

    /// The short name used in files and on command lines.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Edition::Classic => variant_classic::EDITION,
            Edition::V2023 => variant_2023::EDITION,
            Edition::Transformers => variant_transformers::EDITION,
            Edition::Conquest => variant_conquest::EDITION,
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not an edition.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown edition `{0}` (known: classic, 2023, transformers, conquest)")]
pub struct UnknownEdition(pub String);

impl FromStr for Edition {
    type Err = UnknownEdition;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Edition::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownEdition(s.to_string()))
    }
}
