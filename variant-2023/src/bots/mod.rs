//! Bots for the 2023 edition.
//!
//! [`Planner`] programs by search: it lists every distinct program its
//! hand allows, runs each one for its robot alone through the real
//! register pipeline ([`Race::simulate_solo`]), scores where the robot
//! ends against a distance map of the course, and hands in the best. Every
//! other decision gets a cheap fixed rule (below). It is deterministic:
//! the same game and seed give the same choices.
//!
//! For random play every edition uses [`robo_core::protocol::RandomPolicy`]; seed
//! it (and the planner) per seat with [`seat_seed`].
//!
//! ```
//! use robo_core::protocol::{play_out, PlayResult, Policy};
//! use robo_core::{Game, PlayerId};
//! use variant_2023::bots::{seat_seed, Planner};
//! use variant_2023::{courses, Race, Setup};
//!
//! let mut setup = Setup::new(courses::course("Milk Run").unwrap(), 2);
//! setup.max_rounds = Some(20);
//! let mut race = Race::new(setup, 5).unwrap();
//! let mut a = Planner::new(seat_seed(5, PlayerId(0)));
//! let mut b = Planner::new(seat_seed(5, PlayerId(1)));
//! let mut seats: Vec<&mut dyn Policy<Race>> = vec![&mut a, &mut b];
//! let result = play_out(&mut race, &mut seats, 10_000, &mut Vec::new(), |_| ()).unwrap();
//! assert!(matches!(result, PlayResult::Finished(_)));
//! ```
//!
//! ## The planner's rules for the other decisions
//!
//! | decision | choice |
//! |---|---|
//! | start space | the free one nearest checkpoint 1 (competitive mode: cover the farthest) |
//! | upgrade phase | use Recharge; install a helpful upgrade it can pay for without discarding one (Hover Unit, Firewall, Brakes, Deflector Shield, lasers, Spiky, Ramming Gear, Recharge); draw an upgrade when energy is 5 or more; then done |
//! | programming | shut down when the hand holds 5 SPAM and the best program does not win; else the best program |
//! | reboot facing, Haywire facings, turns, sideways moves, energy to spend, Drifting, Power Slide, Energy Conversion | whatever leaves the robot fewest moves and turns from its next checkpoint on the bare course, never into a pit |
//! | Brakes | brake a Move 1 that would fall |
//! | Deflector Shield | pay when 2 or more energy is left |
//! | remove a card (Self-Diagnostics, Haywire) | a SPAM, else a Haywire, else the least useful card |
//! | weapon | the main laser |
//! | Piercing Drill | use it (the pushed robot is not ours) |
//! | Magnetic, Modular Chassis, Lucky Booster, temporary upgrades around a card | decline |
//! | anything else | the first legal option |

mod choices;
#[cfg(test)]
mod exact;
mod maps;
mod search;
#[cfg(test)]
mod tests;

pub use search::PlannedProgram;

use crate::actions::{Action, Decision};
use crate::race::Race;
use maps::CourseMaps;
use robo_core::plan::Weights;
use robo_core::protocol::{Game, Legal, Pending, Policy};
use robo_core::{PlayerId, Rng};

/// The workspace's rule for seeding a seat's bot from the game's seed.
pub use robo_core::protocol::seat_seed;

/// A planning bot for the 2023 edition (see the [module documentation](self)).
#[derive(Clone, Debug)]
pub struct Planner {
    weights: Weights,
    /// Quarter turns still needed count as this many moves of distance.
    turn_weight: f32,
    /// Score for each SPAM card programmed.
    spam_credit: f32,
    /// For decisions the rules above do not cover (and that list no options).
    rng: Rng,
    maps: Option<CourseMaps>,
    /// Search every program one by one (the reference) instead of by
    /// shared register prefixes.
    plain: bool,
    /// What each register does from a cell, kept between decisions so its
    /// table is allocated once.
    memo: crate::solo::EffectMemo,
}

/// SPAM cards in hand from which a robot shuts down.
const SHUTDOWN_SPAM: usize = 5;

impl Planner {
    /// A planner with the default [`Weights`]; `seed` drives only the rare
    /// decisions it samples.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Planner {
            weights: Weights::default(),
            turn_weight: 0.75,
            spam_credit: 2.0,
            rng: Rng::from_seed(seed),
            maps: None,
            plain: false,
            memo: crate::solo::EffectMemo::default(),
        }
    }

    /// The same planner searching with the plain search, which simulates
    /// every program from the start
    /// ([`robo_core::race::plan::best_program`]): the reference the
    /// prefix-tree search it uses by default is tested against. Both choose
    /// the same program.
    #[must_use]
    pub fn plain_search(mut self) -> Self {
        self.plain = true;
        self
    }

    /// The same planner scoring programs with other weights.
    #[must_use]
    pub fn with_weights(mut self, weights: Weights) -> Self {
        self.weights = weights;
        self
    }

    /// The weights it scores programs with.
    #[must_use]
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Builds the distance maps of `race`'s course unless it has them.
    fn prepare(&mut self, race: &Race) {
        if !self.maps.as_ref().is_some_and(|m| m.is_for(&race.arena.0)) {
            self.maps = Some(CourseMaps::new(race.arena.0.clone()));
        }
    }

    /// The programming answer: a Memory Swap card to put back, Recharge,
    /// a shutdown, or the best program.
    fn program(&mut self, race: &Race, player: PlayerId, opts: &[Action]) -> Option<Action> {
        if let Some(a) = opts.iter().find(|a| matches!(a, Action::ReturnCard(_))) {
            return Some(a.clone());
        }
        if let Some(a) = choices::recharge(opts) {
            return Some(a);
        }
        let plan = self.best_program(race, player)?;
        let spam = race.player(player).map_or(0, |pl| {
            pl.hand()
                .iter()
                .filter(|c| c.card() == crate::cards::Card::Spam)
                .count()
        });
        if spam >= SHUTDOWN_SPAM && !plan.expected.won && opts.contains(&Action::ShutDown) {
            return Some(Action::ShutDown);
        }
        Some(Action::Program(plan.program))
    }
}

impl Policy<Race> for Planner {
    fn choose(&mut self, race: &Race, player: PlayerId) -> Option<Action> {
        let decision = match race.pending() {
            Pending::Simultaneous { decision, players } if players.contains(&player) => decision,
            Pending::Decision {
                decision,
                player: p,
            } if p == player => decision,
            _ => return None,
        };
        self.prepare(race);
        let mut opts = Vec::new();
        let legal = race.legal_actions(player, &mut opts);
        let chosen = match decision {
            Decision::Program => self.program(race, player, &opts),
            _ if legal == Legal::TooMany => None,
            _ => self
                .maps
                .as_ref()
                .and_then(|maps| choices::choose(maps, race, player, decision, &opts)),
        };
        chosen
            .or_else(|| opts.first().filter(|_| legal == Legal::Complete).cloned())
            .or_else(|| race.sample_action(player, &mut self.rng))
    }
}
