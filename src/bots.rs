//! Bots by edition and name: one registry for every front end (the race
//! driver, batch runs, the terminal's other seats).
//!
//! Each playable edition lists its bots in its [`Playable`] impl
//! ([`Playable::BOTS`], the default first); [`by_name`] makes one for an
//! [`AnyGame`], [`typed`] for the edition's own game type. Names are read
//! without case. A bot's seed is usually
//! [`seat_seed`](robo_core::protocol::seat_seed)`(game seed, seat)`.
//!
//! ```
//! use roborally::bots;
//! use roborally::core::{Game, Policy};
//! use roborally::Edition;
//! let mut game = roborally::AnyGame::new(
//!     roborally::AnySetup::Conquest(roborally::conquest::Setup::for_players(2)),
//!     7,
//! )
//! .unwrap();
//! let mut bot = bots::by_name(Edition::Conquest, "Greedy", 1).unwrap();
//! let player = game.pending().players()[0];
//! let action = bot.choose(&game, player).unwrap();
//! game.apply(player, action).unwrap();
//! assert_eq!(bots::names(Edition::V2023), ["planner", "random"]);
//! assert!(bots::by_name(Edition::V2023, "greedy", 1).is_err());
//! ```

use crate::editions::{Playable, Visit};
use crate::{AnyGame, Edition};
use robo_core::{PlayerId, Policy};
use std::marker::PhantomData;
use thiserror::Error;

/// A bot name the edition does not have.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", unknown_message(*.edition, .name))]
pub struct UnknownBot {
    /// The edition asked for.
    pub edition: Edition,
    /// The name asked for.
    pub name: String,
}

fn unknown_message(edition: Edition, name: &str) -> String {
    match names(edition) {
        [] => format!("the {edition} edition cannot be played yet, so it has no bot `{name}`"),
        known => format!(
            "unknown policy `{name}` for the {edition} edition ({})",
            known.join(", ")
        ),
    }
}

/// The names of `edition`'s bots, the default first.
#[must_use]
pub fn names(edition: Edition) -> &'static [&'static str] {
    edition.bot_names()
}

/// The default bot of `edition` (`None` for an edition that cannot be
/// played yet).
#[must_use]
pub fn default_name(edition: Edition) -> Option<&'static str> {
    names(edition).first().copied()
}

/// `name` as the edition spells it, if it is one of its bots.
///
/// # Errors
/// [`UnknownBot`] when the edition has no bot of that name.
pub fn canonical(edition: Edition, name: &str) -> Result<&'static str, UnknownBot> {
    names(edition)
        .iter()
        .copied()
        .find(|n| n.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| UnknownBot {
            edition,
            name: name.to_string(),
        })
}

/// The bot called `name` for the edition's own game type.
///
/// # Errors
/// [`UnknownBot`] when the edition has no bot of that name.
pub fn typed<G: Playable>(name: &str, seed: u64) -> Result<Box<dyn Policy<G>>, UnknownBot> {
    let unknown = || UnknownBot {
        edition: G::EDITION,
        name: name.to_string(),
    };
    let name = canonical(G::EDITION, name)?;
    G::bot(name, seed).ok_or_else(unknown)
}

/// An edition's bot playing an [`AnyGame`] of its edition (it gives up
/// on a game of another edition).
struct Any<G: Playable> {
    bot: Box<dyn Policy<G>>,
    edition: PhantomData<G>,
}

impl<G: Playable> Policy<AnyGame> for Any<G> {
    fn choose(&mut self, game: &AnyGame, player: PlayerId) -> Option<crate::AnyAction> {
        let game = G::in_any(game)?;
        self.bot.choose(game, player).map(G::any_action)
    }
}

/// The typed bot, seen as a bot of [`AnyGame`].
#[must_use]
pub fn into_any<G: Playable>(bot: Box<dyn Policy<G>>) -> Box<dyn Policy<AnyGame>> {
    Box::new(Any {
        bot,
        edition: PhantomData,
    })
}

struct Make<'a> {
    name: &'a str,
    seed: u64,
}

impl Visit for Make<'_> {
    type Out = Result<Box<dyn Policy<AnyGame>>, UnknownBot>;
    fn visit<G: Playable>(self) -> Self::Out {
        typed::<G>(self.name, self.seed).map(into_any)
    }
}

/// The bot called `name` (any case) of `edition`, seeded with `seed`, for
/// games of that edition as an [`AnyGame`].
///
/// # Errors
/// [`UnknownBot`] when the edition has no bot of that name, or cannot be
/// played yet.
pub fn by_name(
    edition: Edition,
    name: &str,
    seed: u64,
) -> Result<Box<dyn Policy<AnyGame>>, UnknownBot> {
    edition.visit(Make { name, seed }).unwrap_or_else(|| {
        Err(UnknownBot {
            edition,
            name: name.to_string(),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::protocol::{play_out, seat_seed, PlayResult};
    use robo_core::Game;

    #[test]
    fn every_listed_bot_exists_and_plays_its_edition() {
        for edition in Edition::playable() {
            for name in names(edition) {
                let setup = crate::editions::NewGame {
                    players: 2,
                    seed: 3,
                    max_rounds: Some(3),
                    priority: 0,
                    ..Default::default()
                };
                let mut game = crate::any::new_game(edition, &setup).unwrap();
                let mut a = by_name(edition, name, seat_seed(3, PlayerId(0))).unwrap();
                let mut b =
                    by_name(edition, &name.to_uppercase(), seat_seed(3, PlayerId(1))).unwrap();
                let mut seats: [&mut dyn Policy<AnyGame>; 2] = [a.as_mut(), b.as_mut()];
                let result = play_out(&mut game, &mut seats, 200_000, &mut Vec::new(), |_| {})
                    .unwrap_or_else(|e| panic!("{edition} {name}: {e}"));
                assert!(
                    matches!(result, PlayResult::Finished(_)),
                    "{edition} {name}"
                );
                assert!(game.pending().is_terminal());
            }
        }
    }

    #[test]
    fn unknown_names_are_refused_with_the_known_ones() {
        let e = by_name(Edition::Conquest, "planner", 1).err().unwrap();
        assert_eq!(
            e.to_string(),
            "unknown policy `planner` for the conquest edition (greedy, random)"
        );
        let e = by_name(Edition::Transformers, "greedy", 1).err().unwrap();
        assert!(e.to_string().contains("planner, random"), "{e}");
        assert_eq!(canonical(Edition::V2023, " Planner "), Ok("planner"));
    }

    #[test]
    fn a_bot_gives_up_on_a_game_of_another_edition() {
        let mut bot = by_name(Edition::V2023, "random", 1).unwrap();
        let game = AnyGame::new(
            crate::AnySetup::Conquest(variant_conquest::Setup::for_players(2)),
            1,
        )
        .unwrap();
        assert_eq!(bot.choose(&game, PlayerId(0)), None);
    }
}
