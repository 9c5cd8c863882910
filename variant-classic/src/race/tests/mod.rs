//! Tests of the setup variants, the turn's rules and the hooks the
//! option cards use.

mod bombs;
mod cards;
mod damping;
mod devices;
mod finish;
mod flight;
mod gadgets;
mod gadgets_flat;
mod hooks;
mod options;
mod policy;
mod program;
mod quiet;
mod runtime;
mod scavenge;
mod settings;
mod setup;
mod stacked;
mod turn;
mod variants;
mod views;
mod weapons;

use super::{Action, Decision, Race, Setup};
use crate::courses::{self, Course, DEFAULT_COURSE};
use crate::scenario::{Scenario, ScenarioFile};
use robo_core::ids::PlayerId;
use robo_core::protocol::Pending;
use robo_core::race::frame::GridRace;
use robo_core::Game;

/// The default course.
fn course() -> Course {
    courses::course(DEFAULT_COURSE).unwrap()
}

/// The player asked and the decision, for a decision of one player.
fn asked(race: &Race) -> Option<(PlayerId, Decision)> {
    match race.pending() {
        Pending::Decision { player, decision } => Some((player, decision)),
        _ => None,
    }
}

/// Answers every one-player decision with its first option until the
/// game asks everyone at once (or ends); returns who was asked, in order.
fn first_options(race: &mut Race) -> Vec<(PlayerId, Decision)> {
    let mut seen = Vec::new();
    let mut legal = Vec::new();
    while let Some((p, d)) = asked(race) {
        seen.push((p, d));
        race.legal_actions(p, &mut legal);
        race.apply(p, legal[0]).unwrap();
    }
    seen
}

/// Every programmer puts its first cards in and announces no power down.
fn program_all(race: &mut Race) {
    let mut legal = Vec::new();
    while let Pending::Simultaneous {
        players,
        decision: Decision::Program,
    } = race.pending()
    {
        let p = players[0];
        race.legal_actions(p, &mut legal);
        let a = match legal[0] {
            Action::Program(c) => Action::Program(c),
            _ => Action::Announce(false),
        };
        race.apply(p, a).unwrap();
    }
}

/// The race a scenario file (JSON) sets up, at rest before its first task.
fn scenario_race(json: &str) -> (Race, Scenario) {
    let file: ScenarioFile = serde_json::from_str(json).unwrap();
    let s = Scenario::new(&file).unwrap();
    (s.race().unwrap(), s)
}

/// A new game of `setup` with seed `seed`.
fn new_race(setup: Setup, seed: u64) -> Race {
    Race::new(setup, seed).unwrap()
}

impl Race {
    /// The events since the last call, as a vector.
    pub(crate) fn events_now(&mut self) -> Vec<super::Event> {
        let mut out = Vec::new();
        self.take_events(&mut out);
        out
    }
}
