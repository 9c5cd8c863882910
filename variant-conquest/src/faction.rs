//! Factions, leaders and their two modes.
//!
//! Each leader has an effect in robot mode and another in vehicle mode.
//! Robot-mode effects act in battles the leader fights in; vehicle-mode
//! effects act while the leader is on the map in vehicle mode.
//!
//! | leader | robot mode | vehicle mode |
//! |---|---|---|
//! | Optimus Prime | *Leadership*: his side's highest die gets +1 | *Convoy*: his player's backup move may go to any held zone joined to the start by a chain of held zones |
//! | Bumblebee | *Stinger*: his side wins ties | *Scout*: his player makes two backup moves instead of one |
//! | Megatron | *Fusion cannon*: the other side's highest die gets -1 | *Warlord*: his player gets 2 more reinforcements each turn |
//! | Barricade | *Interrogator*: his side's lowest die gets +1 | *Roadblock*: an attack on his zone rolls at most 2 dice |

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The two factions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Faction {
    /// Optimus Prime and Bumblebee.
    Autobots,
    /// Megatron and Barricade.
    Decepticons,
}

impl fmt::Display for Faction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Faction::Autobots => "Autobots",
            Faction::Decepticons => "Decepticons",
        })
    }
}

/// The four leaders. Each player leads one; no two players lead the same.
///
/// ```
/// use variant_conquest::{Faction, Leader};
/// let l: Leader = "optimus prime".parse().unwrap();
/// assert_eq!(l, Leader::OptimusPrime);
/// assert_eq!(l.faction(), Faction::Autobots);
/// assert_eq!(Leader::Barricade.to_string(), "Barricade");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Leader {
    /// Autobot leader.
    OptimusPrime,
    /// Autobot scout.
    Bumblebee,
    /// Decepticon leader.
    Megatron,
    /// Decepticon enforcer.
    Barricade,
}

impl Leader {
    /// Every leader, in index order.
    pub const ALL: [Leader; 4] = [
        Leader::OptimusPrime,
        Leader::Bumblebee,
        Leader::Megatron,
        Leader::Barricade,
    ];

    /// The leader's faction.
    #[must_use]
    pub const fn faction(self) -> Faction {
        match self {
            Leader::OptimusPrime | Leader::Bumblebee => Faction::Autobots,
            Leader::Megatron | Leader::Barricade => Faction::Decepticons,
        }
    }

    /// The leader's name as printed.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Leader::OptimusPrime => "Optimus Prime",
            Leader::Bumblebee => "Bumblebee",
            Leader::Megatron => "Megatron",
            Leader::Barricade => "Barricade",
        }
    }

    /// Index into per-leader arrays (the order of [`Leader::ALL`]).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Leader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a leader.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown leader `{0}` (known: Optimus Prime, Bumblebee, Megatron, Barricade)")]
pub struct UnknownLeader(pub String);

impl FromStr for Leader {
    type Err = UnknownLeader;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key: String = s
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        Leader::ALL
            .into_iter()
            .find(|l| {
                let name: String = l
                    .name()
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric())
                    .collect();
                name.eq_ignore_ascii_case(&key)
            })
            .ok_or_else(|| UnknownLeader(s.to_string()))
    }
}

/// A leader's form. Leaders start the game in robot mode.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Mode {
    /// Robot mode: the leader's battle effect.
    #[default]
    Robot,
    /// Vehicle mode: the leader's movement or supply effect.
    Vehicle,
}

impl Mode {
    /// The other mode.
    #[must_use]
    pub const fn other(self) -> Mode {
        match self {
            Mode::Robot => Mode::Vehicle,
            Mode::Vehicle => Mode::Robot,
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::Robot => "robot",
            Mode::Vehicle => "vehicle",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leader_names_parse_loosely_and_print_exactly() {
        for l in Leader::ALL {
            assert_eq!(l.name().parse::<Leader>(), Ok(l));
            assert_eq!(l.to_string().to_uppercase().parse::<Leader>(), Ok(l));
        }
        assert_eq!("optimus-prime".parse::<Leader>(), Ok(Leader::OptimusPrime));
        assert!("Starscream".parse::<Leader>().is_err());
        assert_eq!(
            Leader::ALL
                .iter()
                .filter(|l| l.faction() == Faction::Autobots)
                .count(),
            2
        );
        assert_eq!(Mode::Robot.other(), Mode::Vehicle);
    }
}
