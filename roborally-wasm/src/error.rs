//! Why the package refused a call: each variant carries the engine's own
//! message, which becomes the JavaScript error's message.

use roborally::any::{AnyReason, AnySetupError};
use roborally::bots::UnknownBot;
use roborally::core::protocol::ActionError;
use roborally::editions::NewGameError;
use roborally::race::ReplayDocError;
use roborally::UnknownEdition;
use thiserror::Error;

/// A refused call. The game it was made on is unchanged.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum Error {
    /// The text is not JSON of the expected shape.
    #[error("this is not {what}: {message}")]
    Json {
        /// What was expected (`an action`, `a setup`, ...).
        what: &'static str,
        /// serde's message (where and why).
        message: String,
    },
    /// No edition of that name.
    #[error(transparent)]
    Edition(#[from] UnknownEdition),
    /// The edition refused the setup.
    #[error(transparent)]
    Setup(#[from] AnySetupError),
    /// A new game that cannot be started (course, options, edition).
    #[error(transparent)]
    NewGame(#[from] NewGameError),
    /// The engine refused the action.
    #[error(transparent)]
    Action(#[from] ActionError<AnyReason>),
    /// A record whose setup or actions the engine refuses.
    #[error("the record does not replay: {0}")]
    Replay(String),
    /// The edition has no such bot.
    #[error(transparent)]
    Bot(#[from] UnknownBot),
    /// The bot has no answer (another edition's game, or a seat with
    /// nothing to decide).
    #[error("the {bot} bot has no answer for seat {seat} of this {edition} game")]
    NoAnswer {
        /// The bot's name.
        bot: &'static str,
        /// The seat asked.
        seat: u8,
        /// The game's edition.
        edition: roborally::Edition,
    },
    /// A game loaded from a save keeps no actions.
    #[error("this game was loaded from a save, which keeps no actions: load a record (setup, seed, actions) to replay it")]
    NoRecord,
    /// The edition has no picture or replay page.
    #[error(transparent)]
    Picture(#[from] ReplayDocError),
    /// An answer checked before it is sent, refused (the reason).
    #[error("{0}")]
    Refused(String),
    /// A seed that is not a whole number from 0 to 2^64 - 1.
    #[error("a seed is a whole number from 0 to 18446744073709551615, not {0}")]
    Seed(String),
}

impl Error {
    /// A serde error reading `what`.
    pub(crate) fn json(what: &'static str, e: &serde_json::Error) -> Error {
        Error::Json {
            what,
            message: e.to_string(),
        }
    }
}

/// JSON text of a value the engine made (its types always serialise).
pub(crate) fn to_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_string())
}
