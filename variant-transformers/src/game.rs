//! Random plans, and the Transformers invariants (the frame reads saves
//! back through them, then checks what the race waits for).

use crate::actions::{Action, Decision, Program, Slot};
use crate::cards::CardId;
use crate::mode::Mode;
use crate::race::{Race, Waiting};
use crate::robot::REGISTERS;
use crate::task::Task;
use robo_core::race::program::sample;
use robo_core::{PlayerId, Rng};

impl Race {
    /// A random legal plan for `p` (a random mode where both are allowed).
    #[must_use]
    pub fn sample_plan(&self, p: PlayerId, rng: &mut Rng) -> Option<Action> {
        let pl = self.players.get(p.index())?;
        if pl.round.planned || !matches!(self.core.waiting, Waiting::All(Decision::Planning)) {
            return None;
        }
        let (regs, _) = sample(&pl.hand, &[false; REGISTERS], &[], rng);
        let mut program = Program::default();
        for (slot, c) in program.registers.iter_mut().zip(regs) {
            *slot = c.map_or(Slot::Empty, Slot::Card);
        }
        program.mode = if self.in_building(p) || rng.chance(1, 2) {
            Mode::Bot
        } else {
            Mode::Alt
        };
        Some(Action::Plan(program))
    }

    /// The checks a race (and a save read back) must pass.
    pub(crate) fn check(&self) -> Result<(), String> {
        self.check_state()?;
        self.check_waiting()
    }

    /// The checks of a race's pieces and cards (not what it waits for).
    pub(crate) fn check_state(&self) -> Result<(), String> {
        let n = self.players.len();
        if !(1..=6).contains(&n) || self.bodies.len() != n {
            return Err(format!("{n} players and {} robots", self.bodies.len()));
        }
        if self.priority.index() >= n {
            return Err(format!("{} holds the Cosmos token", self.priority));
        }
        if self.teams.as_ref().is_some_and(|t| t.len() != n) {
            return Err("teams do not match the seats".into());
        }
        if usize::from(self.core.register) > REGISTERS {
            return Err(format!("register {}", self.core.register));
        }
        // Every card is somewhere, once.
        let mut seen = vec![false; CardId::count(n)];
        let mut mark = |c: CardId| -> Result<(), String> {
            let i = usize::from(c.0);
            if i >= seen.len() || seen[i] {
                return Err(format!("card {c} is missing from its place or held twice"));
            }
            seen[i] = true;
            Ok(())
        };
        for c in self.damage.draw_pile().chain(self.damage.discard_pile()) {
            if !c.is_damage() {
                return Err(format!("{c} is in the damage deck"));
            }
            mark(*c)?;
        }
        for (i, pl) in self.players.iter().enumerate() {
            for c in pl.all_cards() {
                if c.owner().is_some_and(|o| o.index() != i) {
                    return Err(format!("P{i} holds {c} of another deck"));
                }
                mark(c)?;
            }
            if pl.energon > crate::robot::MAX_ENERGON {
                return Err(format!("P{i} has {} Energon", pl.energon));
            }
            if usize::from(pl.checkpoints) > self.checkpoints.len() {
                return Err(format!("P{i} reached {} checkpoints", pl.checkpoints));
            }
            let on = self.bodies.on_board(robo_core::RobotId(i as u8)).is_some();
            if on && pl.off.is_some() {
                return Err(format!("P{i} is both on and off the course"));
            }
        }
        if seen.iter().any(|s| !s) {
            return Err("a card is missing".into());
        }
        let mut cells = Vec::new();
        for (r, b) in self.bodies.placed() {
            if self.arena.tile(b.pos).is_none_or(|t| t.is_solid()) {
                return Err(format!("{r:?} stands where no robot may, at {}", b.pos));
            }
            if cells.contains(&b.pos) {
                return Err(format!("two robots on {}", b.pos));
            }
            cells.push(b.pos);
        }
        if let Some(t) = self
            .core
            .agenda
            .iter()
            .find(|t| t.seats().any(|p| p.index() >= n))
        {
            return Err(format!("{t:?} names a seat the race does not have"));
        }
        if let Some(t) = self.core.agenda.iter().find(
            |t| matches!(t, Task::Register { register } if !(1..=REGISTERS).contains(&usize::from(*register))),
        ) {
            return Err(format!("{t:?}: a race has registers 1 to {REGISTERS}"));
        }
        Ok(())
    }

    /// What the race waits for matches its agenda (the frame then checks
    /// that whoever it waits for has an answer).
    fn check_waiting(&self) -> Result<(), String> {
        if self.core.outcome.is_none() {
            match (self.core.waiting, self.core.agenda.last()) {
                (Waiting::All(Decision::Upgrades), Some(Task::Upgrades))
                | (Waiting::All(Decision::Planning), Some(Task::Planning)) => {}
                (Waiting::One(..), Some(_)) => {}
                (w, t) => return Err(format!("the race waits for {w:?} at {t:?}")),
            }
        }
        Ok(())
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
