//! The built-in bots (planner, random, greedy) choosing for a seat of a
//! [`Session`]: the same registry as the race driver and the server
//! ([`roborally::bots`]).

use crate::error::{to_json, Error};
use crate::session::Session;
use roborally::core::{PlayerId, Policy};
use roborally::{bots, AnyGame, Edition};

/// A bot of one edition, by name, with its own seed.
pub struct Bot {
    policy: Box<dyn Policy<AnyGame>>,
    edition: Edition,
    name: &'static str,
}

impl std::fmt::Debug for Bot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bot")
            .field("edition", &self.edition)
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Bot {
    /// The bot called `name` (any case) of `edition`, seeded with `seed`
    /// (the server seeds a seat's bot with `seat_seed(seed, seat)`).
    ///
    /// ```
    /// use roborally_wasm::Bot;
    /// assert_eq!(Bot::new("2023", "Planner", 1).unwrap().name(), "planner");
    /// let err = Bot::new("conquest", "planner", 1).unwrap_err();
    /// assert_eq!(err.to_string(), "unknown policy `planner` for the conquest edition (greedy, random)");
    /// ```
    ///
    /// # Errors
    /// An unknown edition, or a name the edition has no bot of.
    pub fn new(edition: &str, name: &str, seed: u64) -> Result<Bot, Error> {
        let edition: Edition = edition.parse()?;
        let name = bots::canonical(edition, name)?;
        Ok(Bot {
            policy: bots::by_name(edition, name, seed)?,
            edition,
            name,
        })
    }

    /// The bot's name, as its edition spells it.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The action (JSON) the bot chooses for `seat`, which the game must
    /// be waiting for.
    ///
    /// # Errors
    /// [`Error::NoAnswer`] for a game of another edition or a seat with
    /// nothing to decide.
    pub fn choose(&mut self, session: &Session, seat: u8) -> Result<String, Error> {
        self.choose_action(session, seat).map(|a| to_json(&a))
    }

    /// The action the bot chooses for `seat`.
    ///
    /// # Errors
    /// As [`Bot::choose`].
    pub fn choose_action(
        &mut self,
        session: &Session,
        seat: u8,
    ) -> Result<roborally::AnyAction, Error> {
        let game = session.game();
        let waiting = roborally::core::Game::pending(game).is_waiting_for(PlayerId(seat));
        let no = || Error::NoAnswer {
            bot: self.name,
            seat,
            edition: game.edition(),
        };
        if !waiting || game.edition() != self.edition {
            return Err(no());
        }
        self.policy.choose(game, PlayerId(seat)).ok_or_else(no)
    }
}
