//! The description of a game before it starts, and why one is refused.

use crate::faction::{Faction, Leader};
use crate::map::{MapError, MapSource};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Robots each player owns (the leader excluded) unless a setup says
/// otherwise.
pub const DEFAULT_ROBOTS: u8 = 50;
/// Robots each player places during setup (the leader excluded).
pub const DEFAULT_SETUP_ROBOTS: u8 = 30;
/// Rounds (days) in a game.
pub const DEFAULT_ROUNDS: u8 = 6;

/// An unchecked game description, the form written to files.
/// [`crate::Conquest::new`](robo_core::Game::new) validates it.
///
/// Seat [`first`](Setup::first) (0 unless given) is the first player (the
/// youngest, by the rules): it claims first in setup and begins every
/// round; play goes clockwise in seat order from there.
///
/// ```
/// use variant_conquest::{Leader, Setup};
/// let s = Setup::new(vec![Leader::OptimusPrime, Leader::Megatron]);
/// assert_eq!(s.rounds, 6);
/// assert!(!s.leader_d8);
/// assert!(!s.sides, "every player for themselves unless asked");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The leader of each seat, in seat order (2 to 4, all different).
    pub leaders: Vec<Leader>,
    /// The map (the default Cybertron unless given).
    #[serde(default)]
    pub map: MapSource,
    /// Leaders who fight roll an eight-sided die (as in the published 2007
    /// edition). Off by default: every die has six sides.
    #[serde(default)]
    pub leader_d8: bool,
    /// Four players play as two sides, Autobots against Decepticons:
    /// allies never attack each other, their zones are counted together and
    /// they win together. Off by default: every player plays for themselves
    /// and one player wins. Only for four players.
    #[serde(default)]
    pub sides: bool,
    /// Robots each player owns, the leader excluded (the finite supply).
    #[serde(default = "default_robots")]
    pub robots: u8,
    /// Robots each player places during setup, the leader excluded (the
    /// robot that starts with the leader counts).
    #[serde(default = "default_setup_robots")]
    pub setup_robots: u8,
    /// Rounds before the game is scored.
    #[serde(default = "default_rounds")]
    pub rounds: u8,
    /// The seat that plays first (the youngest player, by the rules):
    /// it claims the first zone in setup and begins every round. Seat 0
    /// unless given; rotate it over many games for fair statistics.
    #[serde(default)]
    pub first: u8,
}

fn default_robots() -> u8 {
    DEFAULT_ROBOTS
}
fn default_setup_robots() -> u8 {
    DEFAULT_SETUP_ROBOTS
}
fn default_rounds() -> u8 {
    DEFAULT_ROUNDS
}

impl Setup {
    /// A setup on the default map with the default counts.
    #[must_use]
    pub fn new(leaders: Vec<Leader>) -> Self {
        Setup {
            leaders,
            map: MapSource::Cybertron,
            leader_d8: false,
            sides: false,
            robots: DEFAULT_ROBOTS,
            setup_robots: DEFAULT_SETUP_ROBOTS,
            rounds: DEFAULT_ROUNDS,
            first: 0,
        }
    }

    /// The usual seating for `players` (2 to 4): Optimus Prime, Megatron,
    /// then Bumblebee and Barricade (three players: Optimus Prime, Megatron,
    /// Barricade). Other counts give a setup that [`robo_core::Game::new`]
    /// refuses.
    #[must_use]
    pub fn for_players(players: usize) -> Self {
        use Leader::*;
        let leaders = match players {
            2 => vec![OptimusPrime, Megatron],
            3 => vec![OptimusPrime, Megatron, Barricade],
            4 => vec![OptimusPrime, Megatron, Bumblebee, Barricade],
            n => vec![OptimusPrime; n],
        };
        Setup::new(leaders)
    }

    /// Checks the players, counts and rounds (not the map).
    ///
    /// # Errors
    /// The first failed check.
    pub fn check(&self) -> Result<(), SetupError> {
        let n = self.leaders.len();
        if !(2..=4).contains(&n) {
            return Err(SetupError::Players(n));
        }
        for (i, l) in self.leaders.iter().enumerate() {
            if self.leaders[..i].contains(l) {
                return Err(SetupError::DuplicateLeader(*l));
            }
        }
        let autobots = self
            .leaders
            .iter()
            .filter(|l| l.faction() == Faction::Autobots)
            .count();
        if autobots == 0 {
            return Err(SetupError::MissingFaction(Faction::Autobots));
        }
        if autobots == n {
            return Err(SetupError::MissingFaction(Faction::Decepticons));
        }
        if n == 3 && autobots != 1 {
            return Err(SetupError::ThreePlayers);
        }
        if self.sides && n != 4 {
            return Err(SetupError::Sides(n));
        }
        if self.setup_robots == 0 || self.setup_robots >= self.robots {
            return Err(SetupError::Robots {
                robots: self.robots,
                setup_robots: self.setup_robots,
            });
        }
        if self.rounds == 0 || self.rounds > MAX_ROUNDS {
            return Err(SetupError::Rounds(self.rounds));
        }
        if usize::from(self.first) >= n {
            return Err(SetupError::First {
                first: self.first,
                players: n,
            });
        }
        Ok(())
    }
}

/// The most rounds a setup may ask for.
pub const MAX_ROUNDS: u8 = 60;

/// Why a setup is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum SetupError {
    /// The game is for 2 to 4 players.
    #[error("the game is for 2 to 4 players, not {0}")]
    Players(usize),
    /// Each leader can be chosen once.
    #[error("{0} is chosen by two players")]
    DuplicateLeader(Leader),
    /// Each faction needs at least one player.
    #[error("no player leads the {0}")]
    MissingFaction(Faction),
    /// With three players, one Autobot faces two Decepticons.
    #[error("with three players, one leads the Autobots and two lead Decepticons")]
    ThreePlayers,
    /// Sides (two allied pairs) need four players.
    #[error("sides play together only with four players (two Autobots, two Decepticons), not {0}")]
    Sides(usize),
    /// The setup robots must be fewer than the robots owned (one may mark
    /// the day) and at least one.
    #[error("{setup_robots} setup robots do not fit a supply of {robots} (need 1 <= setup robots < robots)")]
    Robots {
        /// Robots owned.
        robots: u8,
        /// Robots placed during setup.
        setup_robots: u8,
    },
    /// A player would run out of setup robots before every zone is held.
    #[error("{leader} must claim {needed} zones but places only {setup_robots} robots")]
    TooFewSetupRobots {
        /// Whose.
        leader: Leader,
        /// Zones (the start included) that player must claim.
        needed: usize,
        /// Robots the setup gives.
        setup_robots: u8,
    },
    /// Rounds out of range.
    #[error("rounds must be 1 to {MAX_ROUNDS}, not {0}")]
    Rounds(u8),
    /// The first player's seat is not a seat of the game.
    #[error("seat {first} cannot play first in a game of {players} players (seats 0 to {})", players - 1)]
    First {
        /// The seat asked for.
        first: u8,
        /// Players in the game.
        players: usize,
    },
    /// The map is refused.
    #[error("the map is refused: {0}")]
    Map(#[from] MapError),
}

#[cfg(test)]
mod tests {
    use super::*;
    use Leader::*;

    #[test]
    fn faction_constraints() {
        assert_eq!(Setup::for_players(2).check(), Ok(()));
        assert_eq!(Setup::for_players(3).check(), Ok(()));
        assert_eq!(Setup::for_players(4).check(), Ok(()));
        assert_eq!(Setup::for_players(1).check(), Err(SetupError::Players(1)));
        assert_eq!(Setup::for_players(5).check(), Err(SetupError::Players(5)));
        assert_eq!(
            Setup::new(vec![OptimusPrime, Bumblebee]).check(),
            Err(SetupError::MissingFaction(Faction::Decepticons))
        );
        assert_eq!(
            Setup::new(vec![Megatron, Barricade]).check(),
            Err(SetupError::MissingFaction(Faction::Autobots))
        );
        assert_eq!(
            Setup::new(vec![Megatron, Megatron]).check(),
            Err(SetupError::DuplicateLeader(Megatron))
        );
        assert_eq!(
            Setup::new(vec![OptimusPrime, Bumblebee, Megatron]).check(),
            Err(SetupError::ThreePlayers)
        );
        assert_eq!(
            Setup::new(vec![Barricade, OptimusPrime, Megatron]).check(),
            Ok(())
        );
    }

    #[test]
    fn sides_need_four_players() {
        let mut s = Setup::for_players(4);
        s.sides = true;
        assert_eq!(s.check(), Ok(()));
        for n in [2, 3] {
            let mut s = Setup::for_players(n);
            s.sides = true;
            assert_eq!(s.check(), Err(SetupError::Sides(n)));
        }
    }

    #[test]
    fn counts_are_checked() {
        let mut s = Setup::for_players(2);
        s.setup_robots = 50;
        assert!(matches!(s.check(), Err(SetupError::Robots { .. })));
        s.setup_robots = 0;
        assert!(matches!(s.check(), Err(SetupError::Robots { .. })));
        let mut s = Setup::for_players(2);
        s.rounds = 0;
        assert_eq!(s.check(), Err(SetupError::Rounds(0)));
    }

    #[test]
    fn optional_fields_default_when_read() {
        let s: Setup = serde_json::from_str(r#"{"leaders":["optimus-prime","megatron"]}"#).unwrap();
        assert_eq!(s, Setup::for_players(2));
    }
}
