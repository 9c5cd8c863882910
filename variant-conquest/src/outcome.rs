//! How a game ends.

use robo_core::protocol::Outcome;
use robo_core::PlayerId;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::fmt;

/// Why the winners won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Victory {
    /// Every enemy was wiped out.
    Elimination,
    /// Most zones after the last round.
    MostZones,
    /// Tied for most zones; holds the Launch Pad.
    LaunchPad,
    /// Tied for zones, the Launch Pad elsewhere; most robots on the map.
    MostRobots,
    /// Still tied: every tied side shares the win.
    Shared,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConquestOutcome {
    /// The winners, seat order (allies win together).
    pub winners: SmallVec<[PlayerId; 4]>,
    /// Why.
    pub victory: Victory,
    /// Zones each seat held at the end.
    pub zones: SmallVec<[u8; 4]>,
    /// The round the game ended in.
    pub round: u8,
}

impl Outcome for ConquestOutcome {
    fn winners(&self) -> SmallVec<[PlayerId; 4]> {
        self.winners.clone()
    }
}

impl fmt::Display for ConquestOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.winners.iter().map(ToString::to_string).collect();
        write!(
            f,
            "{} won ({:?}) in round {}; zones {:?}",
            names.join(" and "),
            self.victory,
            self.round,
            &self.zones[..]
        )
    }
}
