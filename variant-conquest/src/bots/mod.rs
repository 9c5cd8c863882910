//! Bots: [`RandomBot`] plays uniformly random legal actions; [`GreedyBot`]
//! attacks when the exact odds favour it, reinforces its borders and holds
//! the Launch Pad.

mod greedy;

pub use greedy::GreedyBot;

use crate::action::Action;
use crate::state::Conquest;
use robo_core::{Game, PlayerId, Policy, Rng};
use serde::{Deserialize, Serialize};

/// Plays a uniformly random legal action from its own seed (never the
/// game's generator), without listing the actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    /// A random bot with its own seed.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: Rng::from_seed(seed),
        }
    }
}

impl Policy<Conquest> for RandomBot {
    fn choose(&mut self, game: &Conquest, player: PlayerId) -> Option<Action> {
        game.sample_action(player, &mut self.rng)
    }
}
