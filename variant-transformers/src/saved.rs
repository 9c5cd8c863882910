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

#[cfg(test)]
mod tests {
    use crate::{courses, Race, Setup};
    use robo_core::Game;
    use serde_json::{json, Value};

    /// A new race's save with `task` put at the bottom of its agenda.
    fn with_task(task: Value) -> Value {
        let name = courses::course_names().next().unwrap();
        let setup = Setup::new(courses::course(name).unwrap(), 2);
        let race = <Race as Game>::new(setup, 7).unwrap();
        let mut save = serde_json::to_value(&race).unwrap();
        save["agenda"].as_array_mut().unwrap().insert(0, task);
        save
    }

    /// Found by the save_transformers fuzz target: a save whose agenda
    /// begins register 0 was read back, and the race panicked when it
    /// got there.
    #[test]
    fn a_save_with_a_register_outside_1_to_5_on_its_agenda_is_refused() {
        for register in [0, 6, 255] {
            let save = with_task(json!({"Register": {"register": register}}));
            let e = serde_json::from_value::<Race>(save).unwrap_err();
            assert!(e.to_string().contains("register"), "{register}: {e}");
        }
        let save = with_task(json!({"Register": {"register": 5}}));
        assert!(serde_json::from_value::<Race>(save).is_ok());
    }
}
