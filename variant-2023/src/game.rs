//! The protocol: [`Race`] as a [`robo_core::Game`].

use crate::actions::{Action, Decision, Reason};
use crate::cards::CardId;
use crate::events::Event;
use crate::race::{Race, Waiting};
use crate::robot::{ProgramStatus, MAX_ENERGY};
use crate::setup::{Outcome, Setup, SetupError};
use crate::upgrades::Upgrade;
use crate::view::View;
use robo_core::agenda;
use robo_core::protocol::{ActionError, Legal, Pending};
use robo_core::{Game, PlayerId, Rng};

impl Race {
    /// `player` is asked for a program now (not for cards to return): the
    /// answers are too many to list.
    fn programs_now(&self, player: PlayerId) -> bool {
        self.outcome.is_none()
            && self.waiting == Waiting::All(Decision::Program)
            && self.pending_all(player)
            && !matches!(
                self.players[player.index()].round.program,
                ProgramStatus::Returning(_)
            )
    }
}

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
        self.advance();
        events.append(&mut self.scratch.events);
        Ok(())
    }

    fn view(&self, player: PlayerId) -> View {
        self.view_of(player)
    }

    fn legal_actions(&self, player: PlayerId, out: &mut Vec<Action>) -> Legal {
        out.clear();
        if self.outcome.is_some() || player.index() >= self.players.len() {
            return Legal::Complete;
        }
        match self.waiting {
            Waiting::All(Decision::Upgrades) if self.pending_all(player) => {
                self.upgrade_options(player, out)
            }
            Waiting::All(Decision::Program) if self.pending_all(player) => {
                let pl = &self.players[player.index()];
                if !self.programs_now(player) {
                    out.extend(
                        pl.hand
                            .iter()
                            .filter(|c| !pl.must_program.contains(c))
                            .map(|&c| Action::ReturnCard(c)),
                    );
                } else {
                    out.push(Action::ShutDown);
                    self.programming_uses(player, out);
                    if self.options.act_fast {
                        out.push(Action::TimeUp(crate::actions::Program::default()));
                    }
                    out.sort();
                    out.dedup();
                    return Legal::TooMany;
                }
            }
            Waiting::One(p, _) if p == player => {
                if let Some(task) = self.agenda.last() {
                    self.task_options(task, out);
                }
            }
            _ => {}
        }
        out.sort();
        out.dedup();
        Legal::Complete
    }

    /// Programming: a random program (see the crate docs for how programs
    /// are drawn), or now and then one of the other answers. Elsewhere a
    /// uniformly random legal action.
    fn sample_action(&self, player: PlayerId, rng: &mut Rng) -> Option<Action> {
        let mut out = Vec::new();
        // A program's other answers (never none: shutting down is one)
        // are listed only when one of them is drawn.
        if self.programs_now(player) && !rng.chance(1, 12) {
            return Some(Action::Program(self.sample_program(player, rng)));
        }
        match self.legal_actions(player, &mut out) {
            Legal::Complete => {
                let i = rng.index(out.len());
                (!out.is_empty()).then(|| out.swap_remove(i))
            }
            // The chance above was drawn: one of the other answers.
            Legal::TooMany => {
                let i = rng.index(out.len());
                (!out.is_empty()).then(|| out.swap_remove(i))
            }
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        let n = self.players.len();
        let mut seen = vec![0u8; CardId::count(n)];
        let mut note = |c: CardId| -> Result<(), String> {
            let slot = seen
                .get_mut(usize::from(c.0))
                .ok_or_else(|| format!("card {c} does not belong to this game"))?;
            *slot += 1;
            Ok(())
        };
        for pl in &self.players {
            for c in pl.all_cards() {
                note(c)?;
            }
        }
        for &c in self
            .damage
            .draw_pile()
            .chain(self.damage.discard_pile())
            .chain(self.removed.iter())
        {
            note(c)?;
        }
        if let Some(i) = seen.iter().position(|&k| k != 1) {
            return Err(format!("card c{i} is held {} times", seen[i]));
        }
        let mut ups = [0u8; 40];
        let all = self.players.iter().flat_map(|pl| pl.all_upgrades());
        for u in all
            .chain(self.upgrades.draw_pile().copied())
            .chain(self.upgrades.discard_pile().copied())
        {
            ups[u as usize] += 1;
        }
        if let Some(i) = ups.iter().position(|&k| k != 1) {
            return Err(format!(
                "upgrade {} is held {} times",
                Upgrade::ALL[i],
                ups[i]
            ));
        }
        for (i, a) in self.bodies.iter().enumerate().filter(|(_, b)| b.on_board) {
            if !self.arena.can_stand(a.pos) {
                return Err(format!("robot {i} stands on {} which is not floor", a.pos));
            }
            if self
                .bodies
                .iter()
                .skip(i + 1)
                .any(|b| b.on_board && b.pos == a.pos)
            {
                return Err(format!("two robots share {}", a.pos));
            }
        }
        let board = self.arena.course().board();
        for (i, pl) in self.players.iter().enumerate() {
            let at = pl.archive.0;
            // Before its start space is chosen a robot has no archive token.
            let unplaced = self.phase == crate::events::Phase::Setup
                && self.bodies.on_board(robo_core::RobotId(i as u8)).is_none();
            if !unplaced && !self.arena.can_stand(at) {
                return Err(format!(
                    "robot {i}'s archive token is on {at}, which is not floor"
                ));
            }
            // The robot's status and its body agree on where it is.
            let placed = self.bodies.on_board(robo_core::RobotId(i as u8)).is_some();
            if !unplaced && placed != pl.status.on_board() {
                return Err(format!(
                    "robot {i} is {} the board but its status says {:?}",
                    if placed { "on" } else { "off" },
                    pl.status
                ));
            }
            if let Some(b) = pl.status.fell_from() {
                if !board.has_board(b) {
                    return Err(format!(
                        "robot {i} fell from board {b}, which the course lacks"
                    ));
                }
            }
            if pl.checkpoints > self.arena.checkpoints() {
                return Err(format!(
                    "robot {i} has reached more checkpoints than there are"
                ));
            }
        }
        if let Some(pl) = self.players.iter().find(|pl| pl.energy > MAX_ENERGY) {
            return Err(format!("energy {} above the cap", pl.energy));
        }
        if self.outcome.is_none() && self.waiting == Waiting::Idle {
            return Err("the game waits for nothing".into());
        }
        // Whoever the game waits for has something to answer.
        let pending = self.pending();
        let asked = pending.players();
        if asked.is_empty() && !pending.is_terminal() {
            return Err("a simultaneous decision waits for nobody".into());
        }
        let mut rng = Rng::from_seed(0);
        if let Some(p) = asked
            .into_iter()
            .find(|&p| self.sample_action(p, &mut rng).is_none())
        {
            return Err(format!("the game waits for {p}, who has no action"));
        }
        Ok(())
    }
}
