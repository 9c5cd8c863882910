//! The race as a [`Game`]: the protocol over the agenda, legal actions,
//! random plans, and the checks a save is read back through.

use crate::actions::{Action, Decision, Program, Reason, Slot};
use crate::cards::CardId;
use crate::events::Event;
use crate::mode::Mode;
use crate::race::{Race, Waiting};
use crate::robot::REGISTERS;
use crate::setup::{Outcome, Setup, SetupError};
use crate::task::Task;
use crate::view::View;
use robo_core::agenda;
use robo_core::protocol::{ActionError, Legal, Pending};
use robo_core::race::program::sample;
use robo_core::{Game, PlayerId, Rng};

impl Game for Race {
    type Setup = Setup;
    type SetupError = SetupError;
    type Action = Action;
    type Reason = Reason;
    type Decision = Decision;
    type Event = Event;
    type View = View;
    type Outcome = Outcome;

    fn new(setup: Setup, seed: u64) -> Result<Self, SetupError> {
        Race::create(setup, seed)
    }

    fn num_players(&self) -> usize {
        self.players.len()
    }

    fn pending(&self) -> Pending<Decision, Outcome> {
        agenda::pending(self)
    }

    fn apply_into(
        &mut self,
        player: PlayerId,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError<Reason>> {
        agenda::answer(self, player, action)?;
        agenda::advance(self);
        events.append(&mut self.scratch.events);
        Ok(())
    }

    fn view(&self, player: PlayerId) -> View {
        self.view_for(player)
    }

    fn legal_actions(&self, player: PlayerId, out: &mut Vec<Action>) -> Legal {
        out.clear();
        if self.outcome.is_some() || player.index() >= self.players.len() {
            return Legal::Complete;
        }
        match self.waiting {
            Waiting::All(Decision::Upgrades)
                if !self.players[player.index()].round.upgrades_done =>
            {
                self.upgrade_options(player, out);
            }
            Waiting::All(Decision::Planning) if !self.players[player.index()].round.planned => {
                out.extend(self.sample_plan(player, &mut Rng::from_seed(0)));
                return Legal::TooMany;
            }
            _ => agenda::options_of(self, player, out),
        }
        out.sort();
        out.dedup();
        Legal::Complete
    }

    fn sample_action(&self, player: PlayerId, rng: &mut Rng) -> Option<Action> {
        if matches!(self.waiting, Waiting::All(Decision::Planning)) {
            return self.sample_plan(player, rng);
        }
        let mut out = Vec::new();
        self.legal_actions(player, &mut out);
        let i = rng.index(out.len());
        (!out.is_empty()).then(|| out.swap_remove(i))
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.check()
    }
}

impl Race {
    /// A random legal plan for `p` (a random mode where both are allowed).
    #[must_use]
    pub fn sample_plan(&self, p: PlayerId, rng: &mut Rng) -> Option<Action> {
        let pl = self.players.get(p.index())?;
        if pl.round.planned || !matches!(self.waiting, Waiting::All(Decision::Planning)) {
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
        if usize::from(self.register) > REGISTERS {
            return Err(format!("register {}", self.register));
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
            .agenda
            .iter()
            .find(|t| t.seats().any(|p| p.index() >= n))
        {
            return Err(format!("{t:?} names a seat the race does not have"));
        }
        Ok(())
    }

    /// What the race waits for matches its agenda, and whoever it waits
    /// for has an answer.
    fn check_waiting(&self) -> Result<(), String> {
        if self.outcome.is_none() {
            match (self.waiting, self.agenda.last()) {
                (Waiting::All(Decision::Upgrades), Some(Task::Upgrades))
                | (Waiting::All(Decision::Planning), Some(Task::Planning)) => {}
                (Waiting::One(..), Some(_)) => {}
                (w, t) => return Err(format!("the race waits for {w:?} at {t:?}")),
            }
            let pending = agenda::pending(self);
            let mut out = Vec::new();
            for p in pending.players() {
                let legal = self.legal_actions(p, &mut out);
                if out.is_empty() && legal == Legal::Complete {
                    return Err(format!("the race waits for {p}, who has no action"));
                }
            }
        }
        Ok(())
    }
}
