//! A race as saved, read back through the checks of
//! [`robo_core::Game::check_invariants`], so a damaged save is refused.

use crate::arena::Shared;
use crate::cards::CardId;
use crate::events::Phase;
use crate::mode::Mode;
use crate::race::{Paused, Race, Waiting};
use crate::robot::Player;
use crate::setup::Outcome;
use crate::task::Task;
use crate::upgrades::Upgrade;
use robo_core::geom::Pos;
use robo_core::race::body::Bodies;
use robo_core::{Deck, PlayerId, Rng, Transient};
use serde::Deserialize;

/// The fields of a [`Race`], unchecked.
#[derive(Deserialize)]
pub(crate) struct Saved {
    arena: Shared,
    #[serde(default)]
    teams: Option<Vec<u8>>,
    #[serde(default)]
    max_rounds: Option<u16>,
    players: Vec<Player>,
    bodies: Bodies<Mode>,
    damage: Deck<CardId>,
    upgrades: Deck<Upgrade>,
    checkpoints: Vec<Pos>,
    cubes: Vec<Pos>,
    mines: Vec<Pos>,
    priority: PlayerId,
    round: u16,
    register: u8,
    phase: Phase,
    agenda: Vec<Task>,
    waiting: Waiting,
    paused: Option<Paused>,
    rng: Rng,
    outcome: Option<Outcome>,
}

impl TryFrom<Saved> for Race {
    type Error = String;

    fn try_from(s: Saved) -> Result<Race, String> {
        let race = Race {
            arena: s.arena,
            teams: s.teams,
            max_rounds: s.max_rounds,
            players: s.players,
            bodies: s.bodies,
            damage: s.damage,
            upgrades: s.upgrades,
            checkpoints: s.checkpoints,
            cubes: s.cubes,
            mines: s.mines,
            priority: s.priority,
            round: s.round,
            register: s.register,
            phase: s.phase,
            agenda: s.agenda,
            waiting: s.waiting,
            paused: s.paused,
            rng: s.rng,
            outcome: s.outcome,
            scratch: Transient::default(),
            quiet: false,
        };
        race.check()?;
        Ok(race)
    }
}
