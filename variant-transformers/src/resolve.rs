//! The race on the frame: how each [`Task`] runs, what it asks and which
//! answers it takes, the register's steps, and the simultaneous decisions
//! ([`GridRace`]; the frame provides the protocol over them).

use crate::actions::{Action, Decision, Reason};
use crate::arena::RegisterStep;
use crate::events::{Event, Phase};
use crate::race::Race;
use crate::setup::{Outcome, Setup, SetupError};
use crate::task::Task;
use crate::view::View;
use robo_core::agenda::{Flow, Milestone};
use robo_core::pipeline::{Step, StepFlow};
use robo_core::protocol::Legal;
use robo_core::race::frame::{GridRace, Kinds, RaceCore};
use robo_core::{PlayerId, Rng};

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

    fn run(&mut self, task: Task, answer: Option<&Action>) -> Flow<Decision> {
        match task {
            Task::Starts(turns) => {
                let _ = self.seat_turns(
                    turns,
                    |r, p| r.set_off(&[Task::ChooseStart { player: p }]),
                    Task::Starts,
                );
            }
            Task::ChooseStart { player } => return self.choose_start(player, answer),
            Task::BeginRound => self.begin_round(),
            Task::Upgrades => {
                if self.players.iter().any(|p| !p.round.upgrades_done) {
                    return Flow::WaitAll(Decision::Upgrades);
                }
            }
            Task::BeginPlanning => self.begin_planning(),
            Task::Planning => {
                if self.players.iter().any(|p| !p.round.planned) {
                    return Flow::WaitAll(Decision::Planning);
                }
            }
            Task::Register { register } => self.begin_register(register),
            Task::Step { index } => self.steps(index),
            Task::EndRegister => self.end_register(),
            Task::EndRound => self.end_round(),
            Task::CardTurns(turns) => {
                let _ = self.seat_turns(turns, Race::card_turn, Task::CardTurns);
            }
            Task::Window { player } => return self.window(player, answer),
            Task::Card { player, card } => self.play(player, card),
            Task::Corner { player } => return self.corner(player, answer),
            Task::Damage {
                player,
                amount,
                source,
            } => self.damage(player, amount, source),
            Task::Fall { player } => self.fall(player),
            Task::Bridges(turns) => {
                let _ = self.seat_turns(turns, Race::bridge_turn, Task::Bridges);
            }
            Task::Bridge { player } => return self.bridge(player, answer),
            Task::PitStops(turns) => {
                let _ = self.seat_turns(turns, Race::pit_turn, Task::PitStops);
            }
            Task::PitStop {
                player,
                done,
                gained,
            } => return self.pit_stop(player, done, gained, answer),
            Task::Weapons(turns) => {
                let _ = self.seat_turns(turns, Race::weapon_turn, Task::Weapons);
            }
            Task::Fire { player } => return self.fire(player, answer),
            Task::Returns(turns) => {
                let _ = self.seat_turns(turns, Race::return_turn, Task::Returns);
            }
            Task::Return { player } => return self.come_back(player, answer),
            Task::After { player } => return self.after(player, answer),
            Task::Hit { player, by, amount } => return self.hit(player, by, amount, answer),
            Task::Blast { player, target } => return self.blast(player, target, answer),
        }
        Flow::Next
    }

    fn options(&self, task: &Task, out: &mut Vec<Action>) {
        match *task {
            Task::ChooseStart { player } => self.start_options(player, out),
            Task::Window { player } => self.window_options(player, out),
            Task::Corner { .. } => out.extend([Action::Corner(true), Action::Corner(false)]),
            Task::Bridge { player } => self.bridge_options(player, out),
            Task::PitStop {
                player,
                done,
                gained,
            } => self.pit_options(player, done, gained, out),
            Task::After { player } => self.use_after_options(player, out),
            Task::Hit { player, amount, .. } => self.react_options(player, amount, out),
            Task::Blast { player, target } => self.blast_options(player, target, out),
            Task::Fire { player } => self.fire_options(player, out),
            Task::Return { player } => self.return_options(player, out),
            _ => {}
        }
    }

    fn asked_all(&self, player: PlayerId, decision: Decision) -> bool {
        let Some(pl) = self.players.get(player.index()) else {
            return false;
        };
        match decision {
            Decision::Upgrades => !pl.round.upgrades_done,
            Decision::Planning => !pl.round.planned,
            _ => false,
        }
    }

    fn answer_all(
        &mut self,
        player: PlayerId,
        decision: Decision,
        action: Action,
    ) -> Result<(), Reason> {
        match decision {
            Decision::Upgrades => self.upgrade_action(player, action),
            _ => self.plan(player, action),
        }
    }

    /// The upgrade phase's answers, sorted and unique; a plan is too many
    /// to list (one random plan stands for them).
    fn legal_all(&self, player: PlayerId, decision: Decision, out: &mut Vec<Action>) -> Legal {
        if decision == Decision::Planning {
            out.extend(self.sample_plan(player, &mut Rng::from_seed(0)));
            return Legal::TooMany;
        }
        self.upgrade_options(player, out);
        out.sort();
        out.dedup();
        Legal::Complete
    }

    fn sample_all(&self, player: PlayerId, decision: Decision, rng: &mut Rng) -> Option<Action> {
        if decision == Decision::Planning {
            return self.sample_plan(player, rng);
        }
        let mut out = Vec::new();
        let _ = self.legal_all(player, decision, &mut out);
        let i = rng.index(out.len());
        (!out.is_empty()).then(|| out.swap_remove(i))
    }

    fn not_an_option(action: Action) -> Reason {
        Reason::NotAnOption(action)
    }

    fn no_winner(&self) -> Outcome {
        Outcome {
            winner: None,
            team: smallvec::SmallVec::new(),
            rounds: self.core.round,
        }
    }

    fn ended_without_winner(&mut self) {
        self.phase = Phase::Over;
        self.emit(Event::GameOver { winner: None });
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

    fn view_of(&self, player: PlayerId) -> View {
        self.view_for(player)
    }

    fn invariants(&self) -> Result<(), String> {
        self.check()
    }

    fn steps(&self) -> &[(RegisterStep, Kinds)] {
        &crate::arena::STEPS
    }

    #[inline]
    fn step(&mut self, step: RegisterStep, register: u8) -> StepFlow {
        step.run(self, register)
    }

    fn resume_steps(&self, index: u8) -> Task {
        Task::Step { index }
    }
}
