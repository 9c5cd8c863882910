//! Resumable resolution: the agenda.
//!
//! The game holds a stack of small tasks (the top runs next). A task may
//! push further tasks, so "a register" becomes its steps, "a card" becomes
//! its maneuvers, "a laser hit" becomes a damage draw. A task that needs a
//! player's choice returns [`Flow::Wait`] *before changing anything*; it
//! stays on the stack and the game reports the decision. The answer is
//! checked against the task's options and the task runs again with it.
//! A decision with a single option is taken without asking.

use crate::actions::Action;
use crate::events::Event;
use crate::race::{Race, Waiting};
use crate::task::{Flow, Task};
use robo_core::geom::Dir;

impl Race {
    /// Runs tasks until a decision is needed or the game is over.
    pub(crate) fn advance(&mut self) {
        self.advance_until(|_| false);
        if self.outcome.is_none() && self.waiting == Waiting::Idle {
            // A running race always has a next task; only a hand-edited
            // save can leave none. The race then ends there, without a
            // winner, instead of waiting for nothing.
            self.outcome = Some(crate::setup::Outcome {
                winner: None,
                rounds: self.round,
            });
            self.emit(Event::GameOver { winner: None });
        }
    }

    /// Runs tasks until a decision is needed, the game is over, or `stop`
    /// picks the task about to run (it stays on the agenda, not run; the
    /// race then waits for nothing until `advance` is called again). Tools
    /// use it to look at the state between registers; `true` when stopped.
    pub(crate) fn advance_until(&mut self, mut stop: impl FnMut(&Task) -> bool) -> bool {
        self.waiting = Waiting::Idle;
        while self.outcome.is_none() {
            let Some(&task) = self.agenda.last() else {
                return false;
            };
            if stop(&task) {
                return true;
            }
            self.agenda.pop();
            match self.run(task, None) {
                Flow::Next => {}
                Flow::WaitAll(d) => {
                    self.agenda.push(task);
                    self.waiting = Waiting::All(d);
                    return false;
                }
                Flow::Wait(p, d) => {
                    let mut opts = std::mem::take(&mut self.scratch.options);
                    opts.clear();
                    self.options_unsorted(&task, &mut opts);
                    // One distinct option is taken without asking.
                    let first = opts.first();
                    let single = first.filter(|a| opts.iter().all(|b| b == *a)).cloned();
                    let many = single.is_none() && !opts.is_empty();
                    opts.clear();
                    self.scratch.options = opts;
                    if let Some(a) = single {
                        self.run(task, Some(&a));
                    } else if many {
                        self.agenda.push(task);
                        self.waiting = Waiting::One(p, d);
                        return false;
                    }
                    // No option at all: the moment passes.
                }
            }
        }
        self.agenda.clear();
        false
    }

    /// Runs one task, with the answer to its decision if it has one.
    pub(crate) fn run(&mut self, task: Task, answer: Option<&Action>) -> Flow {
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
            Task::CardTurns { first, done } => self.card_turns(first, done),
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
            Task::Conversions { first, done } => self.conversions(first, done),
            Task::Conversion { player } => self.conversion(player, answer),
            Task::WeaponTurns { first, done } => self.weapon_turns(first, done),
            Task::Fire { player } => self.fire(player, answer),
            Task::Checkpoints { first, done } => self.checkpoints(first, done),
            Task::SelfDiagnostics { player } => self.self_diagnostics(player, answer),
        }
    }

    /// The options of a task that waits for one player, sorted and unique.
    pub(crate) fn task_options(&self, task: &Task, out: &mut Vec<Action>) {
        self.options_unsorted(task, out);
        if out.len() > 1 {
            out.sort();
            out.dedup();
        }
    }

    /// The options of a task that waits for one player, in the order found,
    /// possibly repeated (enough to count them or to check an answer).
    pub(crate) fn options_unsorted(&self, task: &Task, out: &mut Vec<Action>) {
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
}
