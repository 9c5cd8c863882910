//! The messages of the WebSocket and the bodies of the lobby's HTTP
//! routes, as Rust types. `docs/server-protocol.md` shows each one in
//! JSON; the TypeScript definitions and the JSON Schema are generated from
//! these types.
//!
//! Editions appear through the facade's `Any*` types, serialised under
//! the edition's name: an action of a 2023 race is `{"2023": ...}`, a
//! conquest view `{"conquest": ...}`.

use crate::ids::MatchId;
use roborally::any::AnyEvent;
pub use roborally::frame::{Asked, Clock, StateFrame};
use roborally::AnyAction;
use serde::{Deserialize, Serialize};

/// A message from a client over the WebSocket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: who is connecting. Without a token the
    /// connection watches as a spectator. With `since` (the last sequence
    /// number the client saw), the events after it are sent again first.
    Hello {
        /// The seat's secret, as the lobby gave it.
        #[serde(default)]
        token: Option<String>,
        /// The last sequence number seen.
        #[serde(default)]
        since: Option<u64>,
    },
    /// An answer to what the game waits for.
    Action {
        /// The action, under its edition's name.
        action: AnyAction,
        /// The seat it is meant for; when given, it must be the
        /// connection's own.
        #[serde(default)]
        seat: Option<u8>,
    },
    /// What the player has prepared so far (a partial program): played
    /// for them by the edition's timed rule if the time runs out first.
    Draft {
        /// The draft, under its edition's name.
        action: AnyAction,
    },
    /// Asks for a `pong`.
    Ping,
}

/// A message from the server over the WebSocket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `hello`: the seat (none for a spectator) and the
    /// sequence number now.
    Welcome {
        /// The match.
        match_id: MatchId,
        /// Its edition.
        edition: roborally::Edition,
        /// The connection's seat; `null` for a spectator.
        seat: Option<u8>,
        /// Actions played so far.
        seq: u64,
    },
    /// What one accepted action did, as the connection may see it.
    Events {
        /// The action's number, from 1.
        seq: u64,
        /// The seat that played it.
        by: u8,
        /// Its events.
        events: Vec<AnyEvent>,
    },
    /// The connection's view now and what the game waits for.
    State(Box<StateFrame>),
    /// Who plays each seat, and who is connected.
    Presence {
        /// Every seat.
        seats: Vec<SeatInfo>,
    },
    /// A refused message: nothing changed, and the connection stays open.
    Error {
        /// What kind of refusal.
        code: ErrorCode,
        /// In words.
        message: String,
    },
    /// The answer to `ping`.
    Pong,
}

/// Why a message or a request was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The frame is not JSON text (binary, or not JSON).
    NotJson,
    /// The frame is longer than the server takes.
    TooLarge,
    /// JSON, but not a message of the protocol (the message says where).
    BadMessage,
    /// The connection must say `hello` first.
    HelloFirst,
    /// `hello` was already said.
    AlreadyGreeted,
    /// No seat of this match has that token.
    BadToken,
    /// A spectator cannot act.
    Spectator,
    /// The action names another seat than the connection's.
    WrongSeat,
    /// The seat has nothing to decide now.
    NotPending,
    /// The action does not answer the pending decision, or the rules
    /// refuse it.
    Illegal,
    /// The game is over.
    GameOver,
    /// The match waits for its open seats to be taken.
    NotStarted,
    /// The seat was left; its token no longer plays it.
    SeatLeft,
    /// No match with that id.
    NoMatch,
    /// Another server process runs the match (see the message for where).
    Elsewhere,
    /// A request the lobby cannot take (the message says why).
    BadRequest,
    /// A timer was asked for an edition without a timed rule (classic
    /// until its engine fills late programs, Transformers).
    NoTimer,
    /// The request conflicts with the match's state (a taken seat, a
    /// connected seat, a match not over).
    Conflict,
    /// The server could not save the action; nothing changed.
    StoreFailed,
    /// Something failed on the server.
    Internal,
}

/// A seat as everyone may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SeatInfo {
    /// The seat's number.
    pub seat: u8,
    /// Who plays it.
    pub kind: SeatKind,
    /// The person's name or the seat's label.
    pub name: Option<String>,
    /// The bot's registry name.
    pub bot: Option<String>,
    /// A client of this seat is connected now.
    pub connected: bool,
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person holding the seat's token.
    Person,
    /// A bot on the server.
    Bot,
    /// Nobody yet: a person may join.
    Open,
}
