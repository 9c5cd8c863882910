//! The bodies of the lobby's HTTP routes (JSON in and out).

use crate::ids::MatchId;
use crate::protocol::{ErrorCode, SeatInfo};
use crate::store::Status;
use roborally::any::AnyOutcome;
use serde::{Deserialize, Serialize};

/// `POST /api/matches`: a new match.
///
/// ```json
/// {"edition":"2023","course":"Milk Run","seats":[{"person":"seat 1"},{"bot":"planner"}]}
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateMatch {
    /// The edition's name (`2023`, `conquest`, ...).
    pub edition: String,
    /// A built-in course (or map) by name; the edition's default when
    /// missing.
    #[serde(default)]
    pub course: Option<String>,
    /// One entry per seat.
    pub seats: Vec<SeatSpec>,
    /// Fields laid over the edition's default setup (the edition's own
    /// setup fields: for 2023 `{"options": {"act_fast": true}}`, for
    /// conquest `{"sides": true}`); a field the setup does not have is
    /// refused.
    #[serde(default)]
    pub setup: Option<serde_json::Value>,
    /// End after this many rounds (editions with a round cap).
    #[serde(default)]
    pub max_rounds: Option<u16>,
    /// A timer, in seconds: the programming timer (2023, with act fast;
    /// classic, On the Clock for the last player programming) or the turn
    /// timer (conquest). Refused (`no_timer`) for an edition without a
    /// timed rule (Transformers).
    #[serde(default)]
    pub timer: Option<f64>,
    /// Unlisted: reachable by its id only.
    #[serde(default)]
    pub private: bool,
    /// The game's seed, for reproductions and tests (by default a random
    /// one from the operating system, kept secret until the end). A
    /// match with a chosen seed says so in its public state.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// Who plays a seat of a new match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatSpec {
    /// A person, by name: their token comes back in the answer.
    Person(String),
    /// A bot of the edition, by registry name (`planner`, `random`,
    /// `greedy`).
    Bot(String),
    /// A seat left open for anyone to join (with an optional label).
    Open(Option<String>),
}

/// The answer to `POST /api/matches`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Created {
    /// The match's id.
    pub id: MatchId,
    /// One token per person seat.
    pub tokens: Vec<SeatToken>,
    /// The WebSocket's path.
    pub ws: String,
}

/// A person seat's secret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SeatToken {
    /// The seat's number.
    pub seat: u8,
    /// The person's name.
    pub name: String,
    /// The secret that plays the seat (128 random bits, in hex).
    pub token: String,
}

/// `POST /api/matches/{id}/join`: take an open seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Join {
    /// Your name (the seat's label, or `seat N`, by default).
    #[serde(default)]
    pub name: Option<String>,
    /// The seat to take (the first open one by default).
    #[serde(default)]
    pub seat: Option<u8>,
}

/// `POST /api/matches/{id}/leave`: give a seat up (its token stops
/// working and the seat is open again).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Leave {
    /// The seat's token.
    pub token: String,
}

/// `POST /api/matches/{id}/bot`: hand an abandoned seat (open, or whose
/// person is not connected) to a bot. Asked by a person seated in the
/// match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HandToBot {
    /// The asking person's token.
    pub token: String,
    /// The abandoned seat.
    pub seat: u8,
    /// The bot's registry name (the edition's default bot when missing).
    #[serde(default)]
    pub bot: Option<String>,
}

/// A match as everyone may see it (`GET /api/matches/{id}`, and the
/// entries of `GET /api/matches`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct MatchInfo {
    /// Its id.
    pub id: MatchId,
    /// The edition.
    pub edition: roborally::Edition,
    /// The course or map.
    pub setting: String,
    /// Open, running or finished.
    pub status: Status,
    /// Over.
    pub finished: bool,
    /// Unlisted.
    pub private: bool,
    /// The creator chose the seed.
    pub seeded: bool,
    /// The timer, in milliseconds.
    pub timer_ms: Option<u64>,
    /// Every seat, with presence.
    pub seats: Vec<SeatInfo>,
    /// The round being played.
    pub round: u16,
    /// Actions played.
    pub seq: u64,
    /// How it ended, once over.
    pub outcome: Option<AnyOutcome>,
    /// The winning seats, once over.
    pub winners: Vec<u8>,
    /// Created, Unix milliseconds.
    pub created_ms: i64,
}

/// A refused request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ApiErrorBody {
    /// What kind of refusal.
    pub error: ErrorCode,
    /// In words.
    pub message: String,
}

/// An edition the server plays (`GET /api/editions`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct EditionInfo {
    /// Its name.
    pub edition: roborally::Edition,
    /// Its bots, the default first.
    pub bots: Vec<String>,
    /// A race on a grid (its replay has an HTML viewer).
    pub grid: bool,
}
