//! The race on the kit's agenda: how each [`Task`] runs, what it asks and
//! which answers it takes ([`Resolve`]).

use crate::actions::{Action, Decision, Reason};
use crate::events::{Event, Phase};
use crate::race::{Race, Waiting};
use crate::setup::Outcome;
use crate::task::Task;
use robo_core::agenda::{self, Flow, Milestone, Milestones, Reached, Resolve};
use robo_core::PlayerId;

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

    fn run(&mut self, task: Task, answer: Option<&Action>) -> Flow<Decision> {
        match task {
            Task::Starts(turns) => {
                let _ = agenda::run_turns(
                    self,
                    turns,
                    Race::turn_order,
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
                let _ = agenda::run_turns(
                    self,
                    turns,
                    Race::turn_order,
                    Race::card_turn,
                    Task::CardTurns,
                );
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
                let _ = agenda::run_turns(
                    self,
                    turns,
                    Race::turn_order,
                    Race::bridge_turn,
                    Task::Bridges,
                );
            }
            Task::Bridge { player } => return self.bridge(player, answer),
            Task::PitStops(turns) => {
                let _ = agenda::run_turns(
                    self,
                    turns,
                    Race::turn_order,
                    Race::pit_turn,
                    Task::PitStops,
                );
            }
            Task::PitStop {
                player,
                done,
                gained,
            } => return self.pit_stop(player, done, gained, answer),
            Task::Weapons(turns) => {
                let _ = agenda::run_turns(
                    self,
                    turns,
                    Race::turn_order,
                    Race::weapon_turn,
                    Task::Weapons,
                );
            }
            Task::Fire { player } => return self.fire(player, answer),
            Task::Returns(turns) => {
                let _ = agenda::run_turns(
                    self,
                    turns,
                    Race::turn_order,
                    Race::return_turn,
                    Task::Returns,
                );
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

    fn options_buffer(&mut self) -> &mut Vec<Action> {
        &mut self.scratch.options
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

    fn not_an_option(action: Action) -> Reason {
        Reason::NotAnOption(action)
    }

    fn no_winner(&self) -> Outcome {
        Outcome {
            winner: None,
            team: smallvec::SmallVec::new(),
            rounds: self.round,
        }
    }

    fn end_without_winner(&mut self) {
        self.outcome = Some(self.no_winner());
        self.phase = Phase::Over;
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
                if usize::from(step) + 1 >= self.arena.pipeline().len() =>
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

impl Race {
    /// Runs the race until it stands at `milestone` (the start or end of a
    /// register, the end of the round or of the race), stopping earlier
    /// for a decision; for benches, scenario runners and front ends.
    ///
    /// ```
    /// use robo_core::agenda::{Milestone, Reached};
    /// use variant_transformers::scenario::{Scenario, ScenarioFile};
    /// let text = r#"{
    ///   "edition": "transformers",
    ///   "board": ["+---+---+---+---+", "| S   .   .   . |", "+---+---+---+---+"],
    ///   "checkpoints": [[2, 0]],
    ///   "robots": [{"at": [0, 0], "facing": "E", "energon": 0, "registers": ["Move 1", "Move 1"]},
    ///              {"at": [3, 0], "facing": "S", "energon": 0}]
    /// }"#;
    /// let file: ScenarioFile = serde_json::from_str(text).unwrap();
    /// let mut race = Scenario::new(&file).unwrap().position().unwrap();
    /// let m = Milestone::RegisterStart(2);
    /// assert_eq!(race.advance_to(m), Reached::Milestone(m));
    /// assert_eq!(race.robot(robo_core::PlayerId(0)).unwrap().0.x, 1);
    /// ```
    pub fn advance_to(&mut self, milestone: Milestone) -> Reached<Decision> {
        agenda::advance_to(self, milestone)
    }

    /// Moves the events reported so far into `out`, after what it holds.
    /// An empty `out` with at least the race's room trades buffers with
    /// the race instead of copying the events.
    ///
    /// ```
    /// use robo_core::agenda::Milestone;
    /// use variant_transformers::scenario::{Scenario, ScenarioFile};
    /// let text = r#"{
    ///   "edition": "transformers",
    ///   "board": ["+---+---+---+---+", "| S   .   .   . |", "+---+---+---+---+"],
    ///   "checkpoints": [[2, 0]],
    ///   "robots": [{"at": [0, 0], "facing": "E", "energon": 0, "registers": ["Move 1", "Move 1"]},
    ///              {"at": [3, 0], "facing": "S", "energon": 0}]
    /// }"#;
    /// let file: ScenarioFile = serde_json::from_str(text).unwrap();
    /// let mut race = Scenario::new(&file).unwrap().position().unwrap();
    /// let mut copy = race.clone();
    /// let m = Milestone::RegisterStart(2);
    /// let _ = race.advance_to(m);
    /// let _ = copy.advance_to(m);
    /// // Into an empty, roomy buffer (traded) and into one without room
    /// // (copied): the same events.
    /// let (mut traded, mut copied) = (Vec::with_capacity(1024), Vec::new());
    /// race.take_events(&mut traded);
    /// copy.take_events(&mut copied);
    /// assert!(!traded.is_empty());
    /// assert_eq!(traded, copied);
    /// // They were moved out: a second take adds nothing.
    /// race.take_events(&mut traded);
    /// assert_eq!(traded, copied);
    /// ```
    pub fn take_events(&mut self, out: &mut Vec<crate::events::Event>) {
        let ours = &mut self.scratch.events;
        if out.is_empty() && out.capacity() >= ours.capacity() {
            // Nothing in `out` to keep, and at least our room: the buffers
            // trade places instead of the events being copied over.
            std::mem::swap(out, ours);
        } else {
            out.append(ours);
        }
    }
}
