//! How a game ends.

use robo_core::protocol::Outcome;
use robo_core::PlayerId;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::fmt;

/// Why the winner won. [`Display`](fmt::Display) says it in plain words.
///
/// ```
/// use variant_conquest::Victory;
/// assert_eq!(Victory::LaunchPad.to_string(), "tied for the most zones and held the Launch Pad");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Victory {
    /// Every enemy was wiped out.
    Elimination,
    /// Most zones after the last round.
    MostZones,
    /// Tied for most zones; holds the Launch Pad.
    LaunchPad,
    /// Tied for zones, the Launch Pad elsewhere; most robots on the map.
    MostRobots,
    /// Still tied: the tied player (or side) first in the turn order.
    TurnOrder,
}

impl fmt::Display for Victory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Victory::Elimination => "wiped out every enemy",
            Victory::MostZones => "held the most zones",
            Victory::LaunchPad => "tied for the most zones and held the Launch Pad",
            Victory::MostRobots => {
                "tied for the most zones, the Launch Pad held by someone else, and had the most robots on the map"
            }
            Victory::TurnOrder => {
                "tied for the most zones and robots, the Launch Pad held by someone else, and came first in the turn order"
            }
        })
    }
}

/// The result of a finished game; [`Display`](fmt::Display) tells it in
/// plain words.
///
/// ```
/// use robo_core::PlayerId;
/// use smallvec::smallvec;
/// use variant_conquest::{ConquestOutcome, Victory};
/// let o = ConquestOutcome {
///     winners: smallvec![PlayerId(1)],
///     victory: Victory::MostZones,
///     zones: smallvec![9, 15],
///     round: 6,
/// };
/// assert_eq!(
///     o.to_string(),
///     "P1 won in round 6 with 15 zones: held the most zones (zones: P0 9, P1 15)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ConquestOutcome {
    /// The winners, in seat order: one player, or with sides
    /// ([`crate::Setup::sides`]) the allies of the winning side.
    pub winners: SmallVec<[PlayerId; 4]>,
    /// Why.
    pub victory: Victory,
    /// Zones each seat held at the end.
    pub zones: SmallVec<[u8; 4]>,
    /// The round the game ended in.
    pub round: u8,
}

impl ConquestOutcome {
    /// Zones the winners held at the end, together.
    #[must_use]
    pub fn winning_zones(&self) -> u32 {
        self.winners
            .iter()
            .filter_map(|w| self.zones.get(w.index()))
            .map(|&z| u32::from(z))
            .sum()
    }
}

impl Outcome for ConquestOutcome {
    fn winners(&self) -> SmallVec<[PlayerId; 4]> {
        self.winners.clone()
    }
}

impl fmt::Display for ConquestOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.winners.iter().map(ToString::to_string).collect();
        let zones: Vec<String> = self
            .zones
            .iter()
            .enumerate()
            .map(|(i, z)| format!("{} {z}", PlayerId(i as u8)))
            .collect();
        write!(
            f,
            "{} won in round {} with {} zones: {} (zones: {})",
            names.join(" and "),
            self.round,
            self.winning_zones(),
            self.victory,
            zones.join(", ")
        )
    }
}
