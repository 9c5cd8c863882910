//! Resumable resolution: the race as a [`robo_core::agenda::Resolve`].
//!
//! The game holds a stack of small tasks (the top runs next; the tasks are
//! [`Task`]). A task may push further tasks, so "a register" becomes its
//! steps, "a card" becomes its maneuvers, "a laser hit" becomes a damage
//! draw. A task that needs a player's choice returns [`Flow::Wait`]
//! *before changing anything*; it stays on the stack and the game reports
//! the decision. The answer is checked against the task's options and the
//! task runs again with it. A decision with a single option is taken
//! without asking. The runner is core's ([`robo_core::agenda`]); this
//! module says how each task runs and what its options are.

use crate::actions::{Action, Decision, Reason};
use crate::events::Event;
use crate::race::{Race, Waiting};
use crate::setup::Outcome;
use crate::task::{Flow, Task};
use robo_core::agenda::{self, Accepts, Milestone, Milestones, Reached, Resolve};
use robo_core::geom::Dir;
use robo_core::protocol::ActionError;
use robo_core::PlayerId;

impl Accepts<Action> for Decision {
    fn accepts(&self, action: &Action) -> bool {
        Decision::accepts(self, action)
    }
}

/// Milestones: tools for benches, scenario runners and front ends that
/// run a race part of the way.
impl Race {
    /// Runs the race until it stands at `milestone`, or stops earlier when
    /// a player's decision is needed first (answer it with
    /// [`Race::answer`], then call this again) or the race ends.
    ///
    /// At a milestone the race *rests*: it waits for nothing, so
    /// [`pending`](robo_core::Game::pending) reports no decision and
    /// [`apply`](robo_core::Game::apply) is refused until it runs on.
    /// `advance_to(Milestone::GameEnd)` runs on to the next decision like
    /// `apply` does. What resolved on the way is kept for
    /// [`Race::take_events`].
    ///
    /// ```
    /// use robo_core::{Game, PlayerId};
    /// use robo_core::geom::{Dir, Pos};
    /// use variant_2023::position::{Position, RobotSpec, StartAt};
    /// use variant_2023::testkit::simple_course;
    /// use variant_2023::{Card, Milestone, Reached, Race, Setup};
    /// let mut me = RobotSpec::at(Pos::new(0, 6), Dir::N);
    /// me.registers = [Card::Move1, Card::Move2, Card::Move1, Card::RotateRight, Card::RotateLeft].map(|c| vec![c]);
    /// let mut other = RobotSpec::at(Pos::new(5, 6), Dir::N);
    /// other.registers = [Card::RotateRight, Card::RotateLeft, Card::RotateRight, Card::RotateLeft, Card::RotateRight].map(|c| vec![c]);
    /// let mut position = Position::new(Setup::new(simple_course(), 2), vec![me, other]);
    /// position.start = StartAt::Register(1);
    /// let mut race = Race::resting_at(position).unwrap();
    /// assert_eq!(race.advance_to(Milestone::RegisterStart(2)), Reached::Milestone(Milestone::RegisterStart(2)));
    /// assert_eq!(race.robot(PlayerId(0)), Some((Pos::new(0, 5), Dir::N)), "register 1 moved it");
    /// assert_eq!(race.advance_to(Milestone::RegisterEnd(2)), Reached::Milestone(Milestone::RegisterEnd(2)));
    /// assert_eq!(race.robot(PlayerId(0)), Some((Pos::new(0, 3), Dir::N)));
    /// let mut events = Vec::new();
    /// race.take_events(&mut events);
    /// assert!(!events.is_empty());
    /// // On to the next decision (the next round's programming).
    /// assert!(matches!(race.advance_to(Milestone::GameEnd), Reached::Decision { .. }));
    /// assert!(race.pending().is_waiting_for(PlayerId(0)));
    /// ```
    pub fn advance_to(&mut self, milestone: Milestone) -> Reached<Decision> {
        agenda::advance_to(self, milestone)
    }

    /// Checks `player`'s answer and carries it out without running on (see
    /// [`Race::advance_to`]); [`Game::apply`](robo_core::Game::apply) is
    /// this and then a run to the next decision.
    ///
    /// # Errors
    /// As `apply`; the race is unchanged when the answer is refused.
    pub fn answer(&mut self, player: PlayerId, action: Action) -> Result<(), ActionError<Reason>> {
        agenda::answer(self, player, action)
    }

    /// Moves the events of what resolved since the last call (or the last
    /// `apply`) into `out`.
    pub fn take_events(&mut self, out: &mut Vec<Event>) {
        out.append(&mut self.scratch.events);
    }

    /// Runs tasks until a decision is needed or the game is over.
    pub(crate) fn advance(&mut self) {
        agenda::advance(self);
    }

    /// The options of a task that waits for one player, sorted and unique.
    pub(crate) fn task_options(&self, task: &Task, out: &mut Vec<Action>) {
        Resolve::options(self, task, out);
        if out.len() > 1 {
            out.sort();
            out.dedup();
        }
    }
}

impl Resolve for Race {
    type Task = Task;
    type Action = Action;
    type Decision = Decision;
    type Reason = Reason;
    type Outcome = Outcome;

    fn agenda(&self) -> &[Task] {
        &self.agenda
    }

    fn agenda_mut(&mut self) -> &mut Vec<Task> {
        &mut self.agenda
    }

    fn waiting(&self) -> Waiting {
        self.waiting
    }

    fn set_waiting(&mut self, waiting: Waiting) {
        self.waiting = waiting;
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn seats(&self) -> usize {
        self.players.len()
    }

    fn run(&mut self, task: Task, answer: Option<&Action>) -> Flow {
        match task {
            Task::BlockStart { player } => self.block_start(player, answer),
            Task::ChooseStart { player } => self.choose_start(player, answer),
            Task::BeginRound => self.begin_round(),
            Task::Upgrades => self.upgrade_phase(),
            Task::BeginProgramming => self.begin_programming(),
            Task::Programming => self.programming_phase(),
            Task::EndProgramming => self.end_programming(),
            Task::Register { register } => self.begin_register(register),
            Task::Step { index } => self.run_step(index),
            Task::EndRegister => self.end_register(),
            Task::EndRound => self.end_round(),
            Task::CardTurns(turns) => {
                let _ = self.card_turns(turns);
                Flow::Next
            }
            Task::ReEnter { player } => self.re_enter(player, answer),
            Task::Window { player, after } => self.window(player, after, answer),
            Task::ResolveSlot { player } => self.resolve_slot(player),
            Task::ResolveCard {
                player,
                card,
                fresh,
            } => self.resolve_card(player, card, fresh),
            Task::Brakes { player } => self.brakes(player, answer),
            Task::Effect {
                player,
                card,
                physical,
            } => self.effect(player, card, physical),
            Task::Op { player, op } => self.op(player, op),
            Task::Slide { player, upgrade } => self.slide(player, upgrade, answer),
            Task::HaywireChoice { player, haywire } => self.haywire_choice(player, haywire, answer),
            Task::Order { player, a, b } => self.order(player, a, b, answer),
            Task::Lucky { player, haywire } => self.lucky(player, haywire, answer),
            Task::Magnetic { player, dir, steps } => self.magnetic(player, dir, steps, answer),
            Task::Pierce { player, target } => self.pierce(player, target, answer),
            Task::Chassis { player, target } => self.chassis(player, target, answer),
            Task::Damage {
                player,
                amount,
                source,
            } => self.damage(player, amount, source, answer),
            Task::Fall { player, board, pit } => self.fall(player, board, pit),
            Task::Conversions(turns) => {
                let _ = self.conversions(turns);
                Flow::Next
            }
            Task::Conversion { player } => self.conversion(player, answer),
            Task::WeaponTurns(turns) => {
                let _ = self.weapon_turns(turns);
                Flow::Next
            }
            Task::Fire { player } => self.fire(player, answer),
            Task::Checkpoints(turns) => {
                let _ = self.checkpoints(turns);
                Flow::Next
            }
            Task::SelfDiagnostics { player } => self.self_diagnostics(player, answer),
        }
    }

    fn options(&self, task: &Task, out: &mut Vec<Action>) {
        match *task {
            Task::BlockStart { .. } => self.start_options(true, out),
            Task::ChooseStart { .. } => self.start_options(false, out),
            Task::ReEnter { .. } => out.extend(Dir::ALL.map(Action::Face)),
            Task::Window { player, after } => self.window_options(player, after, out),
            Task::Brakes { .. } => out.extend([Action::Brake(false), Action::Brake(true)]),
            Task::Slide { .. } => self.shift_options(task, out),
            Task::HaywireChoice { player, haywire } => self.haywire_options(player, haywire, out),
            Task::Order { a, b, .. } => out.extend([Action::First(a), Action::First(b)]),
            Task::Lucky { .. } => {
                out.extend([Action::PlayHaywire(false), Action::PlayHaywire(true)])
            }
            Task::Magnetic { .. } => out.extend([Action::Follow(false), Action::Follow(true)]),
            Task::Pierce { target, .. } => self.pierce_options(target, out),
            Task::Chassis { target, .. } => self.chassis_options(target, out),
            Task::Damage { player, .. } => self.shield_options(player, out),
            Task::Conversion { .. } => self.shift_options(task, out),
            Task::Fire { player } => self.weapon_options(player, out),
            Task::SelfDiagnostics { player } => self.diagnostics_options(player, out),
            _ => {}
        }
    }

    fn options_buffer(&mut self) -> &mut Vec<Action> {
        &mut self.scratch.options
    }

    fn asked_all(&self, player: PlayerId, _: Decision) -> bool {
        self.pending_all(player)
    }

    fn answer_all(
        &mut self,
        player: PlayerId,
        decision: Decision,
        action: Action,
    ) -> Result<(), Reason> {
        match decision {
            Decision::Upgrades => self.upgrade_action(player, &action),
            _ => self.program_action(player, &action),
        }
    }

    fn not_an_option(action: Action) -> Reason {
        Reason::NotAnOption(action)
    }

    fn no_winner(&self) -> Outcome {
        Outcome {
            winner: None,
            rounds: self.round,
        }
    }

    /// A running race always has a next task; only a hand-edited save can
    /// leave none. The race then ends there, without a winner, instead of
    /// waiting for nothing.
    fn end_without_winner(&mut self) {
        self.outcome = Some(self.no_winner());
        self.emit(Event::GameOver { winner: None });
    }

    fn step_break(&self) -> Option<(u8, u8)> {
        self.scratch.step_break
    }

    fn set_step_break(&mut self, at: Option<(u8, u8)>) {
        self.scratch.step_break = at;
    }
}

impl Milestones for Race {
    fn marks(&self, task: &Task, milestone: Milestone) -> bool {
        match (milestone, *task) {
            // After the last step is the end of the register.
            (Milestone::AfterStep { register, step }, _)
                if usize::from(step) + 1 >= crate::arena::STEPS.len() =>
            {
                self.marks(task, Milestone::RegisterEnd(register))
            }
            (Milestone::AfterStep { register, step }, Task::Step { index }) => {
                self.register == register && index == step + 1
            }
            (Milestone::RegisterStart(n), Task::Register { register }) => register == n,
            // A register ends by putting the next one, or the end of the
            // round, on the agenda.
            (Milestone::RegisterEnd(n), Task::Register { register }) => {
                register == n.wrapping_add(1)
            }
            (Milestone::RegisterEnd(n), Task::EndRound) => self.register == n,
            (Milestone::RoundEnd, Task::BeginRound) => true,
            _ => false,
        }
    }
}
