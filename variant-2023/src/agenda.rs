//! Resumable resolution: the race on the kit's frame
//! ([`robo_core::race::frame`]).
//!
//! The game holds a stack of small tasks (the top runs next; the tasks are
//! [`Task`]). A task may push further tasks, so "a register" becomes its
//! steps, "a card" becomes its maneuvers, "a laser hit" becomes a damage
//! draw. A task that needs a player's choice returns [`Flow::Wait`]
//! *before changing anything*; it stays on the stack and the game reports
//! the decision. The answer is checked against the task's options and the
//! task runs again with it. A decision with a single option is taken
//! without asking. The runner and the protocol are the frame's; this
//! module says how each task runs and what its options are, and the rest
//! of what is this edition's own ([`GridRace`]).

use crate::actions::{Action, Decision, Reason};
use crate::arena::{RegisterStep, STEPS};
use crate::events::Event;
use crate::race::Race;
use crate::setup::{Outcome, Setup, SetupError};
use crate::task::{Flow, Task};
use crate::view::View;
use robo_core::agenda::{Accepts, Milestone};
use robo_core::geom::Dir;
use robo_core::pipeline::{Step, StepFlow};
use robo_core::protocol::Legal;
use robo_core::race::frame::{GridRace, Kinds, RaceCore};
use robo_core::{PlayerId, Rng};

impl Accepts<Action> for Decision {
    fn accepts(&self, action: &Action) -> bool {
        Decision::accepts(self, action)
    }
}

impl GridRace for Race {
    type Task = Task;
    type Action = Action;
    type Decision = Decision;
    type Reason = Reason;
    type Event = Event;
    type Outcome = Outcome;
    type Setup = Setup;
    type SetupError = SetupError;
    type View = View;
    type Step = RegisterStep;

    #[inline]
    fn core(&self) -> &RaceCore<Race> {
        &self.core
    }

    #[inline]
    fn core_mut(&mut self) -> &mut RaceCore<Race> {
        &mut self.core
    }

    fn create(setup: Setup, seed: u64) -> Result<Race, SetupError> {
        Race::create(setup, seed)
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
            rounds: self.core.round,
        }
    }

    fn ended_without_winner(&mut self) {
        self.emit(Event::GameOver { winner: None });
    }

    fn legal_all(&self, player: PlayerId, decision: Decision, out: &mut Vec<Action>) -> Legal {
        self.simultaneous_options(player, decision, out)
    }

    fn sample_all(&self, player: PlayerId, decision: Decision, rng: &mut Rng) -> Option<Action> {
        self.sample_simultaneous(player, decision, rng)
    }

    fn view_of(&self, player: PlayerId) -> View {
        Race::view_of(self, player)
    }

    fn invariants(&self) -> Result<(), String> {
        self.check()
    }

    fn steps(&self) -> &[(RegisterStep, Kinds)] {
        &STEPS
    }

    #[inline(always)]
    fn step(&mut self, step: RegisterStep, register: u8) -> StepFlow {
        step.run(self, register)
    }

    fn resume_steps(&self, index: u8) -> Task {
        Task::Step { index }
    }

    #[inline]
    fn kinds_under_robots(&mut self) -> Kinds {
        Kinds::from(self.kinds_under())
    }

    fn marks(&self, task: &Task, milestone: Milestone) -> bool {
        match (milestone, *task) {
            (Milestone::RegisterStart(n), Task::Register { register }) => register == n,
            // A register ends by putting the next one, or the end of the
            // round, on the agenda.
            (Milestone::RegisterEnd(n), Task::Register { register }) => {
                register == n.wrapping_add(1)
            }
            (Milestone::RegisterEnd(n), Task::EndRound) => self.core.register == n,
            (Milestone::RoundEnd, Task::BeginRound) => true,
            _ => false,
        }
    }
}
