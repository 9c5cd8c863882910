//! What a store keeps of a match.

use crate::ids::{MatchId, Token};
use roborally::Edition;
use serde::{Deserialize, Serialize};

/// Where a match is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Waiting for people to take its open seats; nothing is played yet.
    Open,
    /// Being played.
    Running,
    /// Over: its replay can be fetched.
    Finished,
}

impl Status {
    /// The name stored and shown.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Running => "running",
            Status::Finished => "finished",
        }
    }

    /// The status of a stored name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Status> {
        [Status::Open, Status::Running, Status::Finished]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// A seat as stored: who plays it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatRecord {
    /// A person, with the token that plays the seat.
    Person {
        /// Their name.
        name: String,
        /// Their secret.
        token: Token,
    },
    /// A bot of the edition's registry.
    Bot {
        /// Its registry name.
        bot: String,
        /// The person whose seat the bot plays while they are away: their
        /// token takes the seat back. `None`: the seat is the bot's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stands_in_for: Option<Absentee>,
    },
    /// Free for a person to join (`name`: the seat's label).
    Open {
        /// The seat's label, if the creator gave one.
        name: Option<String>,
    },
}

/// A person away from their seat while a bot plays it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Absentee {
    /// Their name.
    pub name: String,
    /// Their secret, which still plays the seat.
    pub token: Token,
}

impl SeatRecord {
    /// The token that plays this seat: a person's, or that of the person
    /// a bot stands in for.
    #[must_use]
    pub fn token(&self) -> Option<&Token> {
        match self {
            SeatRecord::Person { token, .. }
            | SeatRecord::Bot {
                stands_in_for: Some(Absentee { token, .. }),
                ..
            } => Some(token),
            _ => None,
        }
    }
}

/// A match as stored, apart from its log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchRecord {
    /// Its id.
    pub id: MatchId,
    /// The edition.
    pub edition: Edition,
    /// The course or map's name.
    pub setting: String,
    /// The setup (an `AnySetup`, as JSON).
    pub setup: String,
    /// The game's seed (secret until the match is over).
    pub seed: u64,
    /// The seed the bots' choices are drawn from.
    pub bot_seed: u64,
    /// The creator chose the seed.
    pub seeded: bool,
    /// One entry per seat.
    pub seats: Vec<SeatRecord>,
    /// Unlisted.
    pub private: bool,
    /// The programming or turn timer, in milliseconds.
    pub timer_ms: Option<u64>,
    /// Open, running or finished.
    pub status: Status,
    /// The outcome (an `AnyOutcome`, as JSON), once finished.
    pub outcome: Option<String>,
    /// The round being played (0 before the first).
    pub round: u16,
    /// Actions in the log.
    pub seq: u64,
    /// Created, Unix milliseconds.
    pub created_ms: i64,
    /// Last changed, Unix milliseconds.
    pub updated_ms: i64,
}

/// One accepted action of a match's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedAction {
    /// Its number, from 1.
    pub seq: u64,
    /// The seat that played it.
    pub player: u8,
    /// The action (an `AnyAction`, as JSON).
    pub action: String,
    /// The hash of the state after it ([`crate::hash::state_hash`]).
    pub hash: u64,
}
