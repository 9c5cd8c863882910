//! Resumable resolution: the agenda.
//!
//! A game that must stop for a player's choice in the middle of its rules
//! keeps its position in the rules in its state, as a stack of small
//! serialisable tasks (the top runs next). A task may push further tasks,
//! so "a register" becomes its steps, "a card" its maneuvers, "a laser hit"
//! a damage draw. A task that needs a choice returns [`Flow::Wait`]
//! *before changing anything*: it stays on the stack, the game reports the
//! decision, and the answer is checked against the task's options before
//! the task runs again with it.
//!
//! An edition keeps its own task enum and rules and implements [`Resolve`];
//! this module holds the promises every edition must keep, once:
//!
//! - [`advance`] runs tasks until a decision is needed or the game is over;
//!   a decision with one distinct option is taken without asking; one with
//!   no option at all passes ("the moment passes"); an agenda that runs out
//!   ends the game without a winner.
//! - [`answer`] checks an answer (not pending, wrong kind of decision, not
//!   one of the options) and leaves the game unchanged when it refuses.
//! - [`pending`] says what the game waits for, from what is stored.
//! - [`run_steps`], [`run_turns`] and [`run_inline`] run a sequence (the
//!   steps of a register, each robot's turn in an order) inline, one item
//!   after another, until one sets something off; the rest of the sequence
//!   then waits on the agenda under what it set off.
//! - [`advance_to`] runs to a [`Milestone`] (the start of a register, the
//!   end of the round, the end of the game) for benches, scenario runners
//!   and front ends.
//!
//! The toy edition (`robo_core::toy::race`) is a complete example.

mod milestone;
mod turns;

pub use milestone::{advance_to, Milestone, Milestones, Reached};
pub use turns::{run_turns, TurnOrder, Turns};

use crate::ids::PlayerId;
use crate::pipeline::{Step, StepFlow};
use crate::protocol::{ActionError, Pending, Players};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What running a task asks for next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow<D> {
    /// Go on with the next task.
    Next,
    /// Wait for this player's decision (nothing was changed).
    Wait(PlayerId, D),
    /// Wait for every player with something left to do (a simultaneous
    /// decision such as programming).
    WaitAll(D),
}

/// What a game waits for, as stored in its state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Waiting<D> {
    /// Nothing: while resolving, at the end, or resting at a milestone.
    Idle,
    /// Every player with something left to do.
    All(D),
    /// One player's choice.
    One(PlayerId, D),
}

/// A kind of decision that can tell whether an action is an answer to it
/// at all (whether or not that answer is allowed now).
pub trait Accepts<A> {
    /// Does `action` answer this kind of decision?
    fn accepts(&self, action: &A) -> bool;
}

/// A game resolved from an agenda of tasks. The game stores the agenda and
/// what it waits for; this trait lets the functions of this module run it.
pub trait Resolve {
    /// One unit of resolution (small, `Copy`, saved with the game).
    type Task: Copy;
    /// An answer.
    type Action: Clone + PartialEq;
    /// A kind of decision.
    type Decision: Copy + fmt::Display + Accepts<Self::Action>;
    /// Why an answer is refused (the edition's own reasons).
    type Reason;
    /// How a game ends.
    type Outcome: Clone;

    /// The agenda; the last task runs next.
    fn agenda(&self) -> &[Self::Task];
    /// The agenda, to change.
    fn agenda_mut(&mut self) -> &mut Vec<Self::Task>;
    /// What the game waits for.
    fn waiting(&self) -> Waiting<Self::Decision>;
    /// Records what the game waits for.
    fn set_waiting(&mut self, waiting: Waiting<Self::Decision>);
    /// The outcome once the game is over.
    fn outcome(&self) -> Option<&Self::Outcome>;
    /// Number of seats.
    fn seats(&self) -> usize;
    /// Runs `task`, with the answer to its decision if it has one. A task
    /// that returns [`Flow::Wait`] must not have changed anything.
    fn run(&mut self, task: Self::Task, answer: Option<&Self::Action>) -> Flow<Self::Decision>;
    /// The options of a task that waits for one player, in any order,
    /// repeats allowed (enough to count them or to check an answer).
    fn options(&self, task: &Self::Task, out: &mut Vec<Self::Action>);
    /// A buffer the options are listed into, kept by the game so that
    /// answering allocates nothing (empty between uses).
    fn options_buffer(&mut self) -> &mut Vec<Self::Action>;
    /// Is `player` still asked the simultaneous `decision`?
    fn asked_all(&self, player: PlayerId, decision: Self::Decision) -> bool;
    /// Carries out `player`'s answer to the simultaneous `decision` (the
    /// kind of answer is checked already), or refuses it leaving the game
    /// unchanged.
    ///
    /// # Errors
    /// The edition's reason for refusing.
    fn answer_all(
        &mut self,
        player: PlayerId,
        decision: Self::Decision,
        action: Self::Action,
    ) -> Result<(), Self::Reason>;
    /// The reason an answer of the right kind that is not one of the
    /// waiting task's options is refused.
    fn not_an_option(action: Self::Action) -> Self::Reason;
    /// The outcome of a game that ends now without a winner.
    fn no_winner(&self) -> Self::Outcome;
    /// Ends the game without a winner (the agenda ran out: only a
    /// hand-edited save can get there). Records [`Resolve::no_winner`]
    /// and reports it as the edition does.
    fn end_without_winner(&mut self);
    /// A break asked for between two steps of a register: `(register,
    /// step)` stops [`run_steps`] before it runs step `step` (from 0) of
    /// register `register` inline, leaving the task that resumes there on
    /// the agenda, so that [`Milestone::AfterStep`] can be reached. None by
    /// default (an edition keeps it beside its state, never in a save).
    fn step_break(&self) -> Option<(u8, u8)> {
        None
    }
    /// Asks for (or, with `None`, drops) a break between two steps
    /// ([`Resolve::step_break`]); [`advance_to`] asks for one while it
    /// runs to a [`Milestone::AfterStep`]. Ignored by default.
    fn set_step_break(&mut self, at: Option<(u8, u8)>) {
        let _ = at;
    }
}

/// Runs tasks until a decision is needed or the game is over. An agenda
/// that runs out ends the game without a winner instead of waiting for
/// nothing.
pub fn advance<R: Resolve + ?Sized>(r: &mut R) {
    advance_until(r, |_, _| false);
    if r.outcome().is_none() && matches!(r.waiting(), Waiting::Idle) {
        r.end_without_winner();
    }
}

/// Runs tasks until a decision is needed, the game is over, or `stop`
/// picks the task about to run: it then stays on the agenda, not run, and
/// the game rests waiting for nothing until it is advanced again. `true`
/// when stopped by `stop`. An agenda that runs out just returns `false`
/// (see [`advance`]).
pub fn advance_until<R: Resolve + ?Sized>(
    r: &mut R,
    mut stop: impl FnMut(&R, &R::Task) -> bool,
) -> bool {
    r.set_waiting(Waiting::Idle);
    while r.outcome().is_none() {
        let Some(&task) = r.agenda().last() else {
            return false;
        };
        if stop(r, &task) {
            return true;
        }
        r.agenda_mut().pop();
        match r.run(task, None) {
            Flow::Next => {}
            Flow::WaitAll(d) => {
                r.agenda_mut().push(task);
                r.set_waiting(Waiting::All(d));
                return false;
            }
            Flow::Wait(p, d) => {
                let mut opts = std::mem::take(r.options_buffer());
                opts.clear();
                r.options(&task, &mut opts);
                // One distinct option is taken without asking.
                let first = opts.first();
                let single = first.filter(|a| opts.iter().all(|b| b == *a)).cloned();
                let many = single.is_none() && !opts.is_empty();
                opts.clear();
                *r.options_buffer() = opts;
                if let Some(a) = single {
                    // A task given its answer goes on without waiting.
                    let _ = r.run(task, Some(&a));
                } else if many {
                    r.agenda_mut().push(task);
                    r.set_waiting(Waiting::One(p, d));
                    return false;
                }
                // No option at all: the moment passes.
            }
        }
    }
    r.agenda_mut().clear();
    false
}

/// Checks `player`'s answer and carries it out, without running on to the
/// next decision (call [`advance`] or [`advance_to`] for that; a game's
/// `apply` is this, then [`advance`]). Once accepted, the game rests
/// waiting for nothing until it is advanced, except that the other
/// players still asked a simultaneous decision may answer first.
///
/// # Errors
/// [`ActionError::GameOver`], [`ActionError::UnknownPlayer`],
/// [`ActionError::NotPending`] (not asked now),
/// [`ActionError::WrongDecision`] (an answer to another kind of decision),
/// or [`ActionError::Illegal`] with the edition's reason (not one of the
/// options). The game is unchanged when the answer is refused.
pub fn answer<R: Resolve + ?Sized>(
    r: &mut R,
    player: PlayerId,
    action: R::Action,
) -> Result<(), ActionError<R::Reason>> {
    if r.outcome().is_some() {
        return Err(ActionError::GameOver);
    }
    if player.index() >= r.seats() {
        return Err(ActionError::UnknownPlayer(player));
    }
    let wrong = |d: R::Decision| ActionError::WrongDecision {
        expected: d.to_string(),
    };
    match r.waiting() {
        Waiting::All(d) => {
            if !r.asked_all(player, d) {
                return Err(ActionError::NotPending(player));
            }
            if !d.accepts(&action) {
                return Err(wrong(d));
            }
            r.answer_all(player, d, action)
                .map_err(ActionError::Illegal)?;
            // The others still asked may answer before the game advances.
            if (0..r.seats()).any(|i| r.asked_all(PlayerId(i as u8), d)) {
                return Ok(());
            }
        }
        Waiting::One(p, d) => {
            if p != player {
                return Err(ActionError::NotPending(player));
            }
            if !d.accepts(&action) {
                return Err(wrong(d));
            }
            let Some(&task) = r.agenda().last() else {
                return Err(ActionError::NotPending(player));
            };
            // The options buffer is reused, so answering allocates nothing.
            let mut opts = std::mem::take(r.options_buffer());
            opts.clear();
            r.options(&task, &mut opts);
            let allowed = opts.contains(&action);
            opts.clear();
            *r.options_buffer() = opts;
            if !allowed {
                return Err(ActionError::Illegal(R::not_an_option(action)));
            }
            r.agenda_mut().pop();
            // The answered task goes on; what it asks next is found by `advance`.
            let _ = r.run(task, Some(&action));
        }
        Waiting::Idle => return Err(ActionError::NotPending(player)),
    }
    // Until it is advanced, the game rests: what it asks next is not known.
    r.set_waiting(Waiting::Idle);
    Ok(())
}

/// What the game waits for, from what it stores: its outcome once over;
/// else the players still asked a simultaneous decision, or the one
/// player asked. A game resting waiting for nothing (only between
/// [`advance_until`] and the next advance) reports [`Resolve::no_winner`].
pub fn pending<R: Resolve + ?Sized>(r: &R) -> Pending<R::Decision, R::Outcome> {
    if let Some(o) = r.outcome() {
        return Pending::Terminal(o.clone());
    }
    match r.waiting() {
        Waiting::All(decision) => {
            let players: Players = (0..r.seats())
                .map(|i| PlayerId(i as u8))
                .filter(|&p| r.asked_all(p, decision))
                .collect();
            Pending::Simultaneous { players, decision }
        }
        Waiting::One(player, decision) => Pending::Decision { player, decision },
        Waiting::Idle => Pending::Terminal(r.no_winner()),
    }
}

/// The options of the task waiting for `player`, sorted and unique; empty
/// when the game waits for someone else or for everyone.
pub fn options_of<R: Resolve + ?Sized>(r: &R, player: PlayerId, out: &mut Vec<R::Action>)
where
    R::Action: Ord,
{
    out.clear();
    if let (Waiting::One(p, _), Some(task)) = (r.waiting(), r.agenda().last()) {
        if p == player {
            r.options(task, out);
            out.sort();
            out.dedup();
        }
    }
}

/// Puts `tasks` on the agenda to run next, in the order given.
pub fn then<R: Resolve + ?Sized>(r: &mut R, tasks: &[R::Task]) {
    r.agenda_mut().extend(tasks.iter().rev().copied());
}

/// Puts `tasks` on the agenda to run next, in the order given, and says
/// whether that set something off (any task at all).
pub fn set_off<R: Resolve + ?Sized>(r: &mut R, tasks: &[R::Task]) -> StepFlow {
    then(r, tasks);
    if tasks.is_empty() {
        StepFlow::Continue
    } else {
        StepFlow::SetOff
    }
}

/// Runs `f` and says whether it set something off: put tasks on the
/// agenda, or ended the game. For a step or a turn made of rules that put
/// their follow-ups on the agenda as they go.
pub fn watch<R: Resolve + ?Sized>(r: &mut R, f: impl FnOnce(&mut R)) -> StepFlow {
    let depth = r.agenda().len();
    f(r);
    if r.agenda().len() != depth || r.outcome().is_some() {
        StepFlow::SetOff
    } else {
        StepFlow::Continue
    }
}

/// Runs the items of a sequence inline, from cursor `at`: `item` runs the
/// item at a cursor and returns whether it set something off and the
/// cursor after it, or `None` when there is no item left. While items set
/// nothing off, the next one runs at once. When one sets something off
/// (or the game ends), `resume(next)` is put on the agenda *under* what it
/// set off, so the sequence goes on after it; the result is then
/// [`StepFlow::SetOff`], and [`StepFlow::Continue`] when the sequence ran
/// to its end.
pub fn run_inline<R: Resolve + ?Sized, C: Copy>(
    r: &mut R,
    at: C,
    mut item: impl FnMut(&mut R, C) -> Option<(StepFlow, C)>,
    resume: impl FnOnce(C) -> R::Task,
) -> StepFlow {
    let mut at = at;
    loop {
        let depth = r.agenda().len();
        let Some((flow, next)) = item(r, at) else {
            return StepFlow::Continue;
        };
        if flow == StepFlow::SetOff || r.outcome().is_some() {
            let agenda = r.agenda_mut();
            let under = depth.min(agenda.len());
            agenda.insert(under, resume(next));
            return StepFlow::SetOff;
        }
        at = next;
    }
}

/// Runs the steps of a register inline from step `from` (see
/// [`run_inline`]): `step_at` gives step `i` (from 0), `None` past the
/// last; `resume(i)` is the edition's task that runs the steps from `i`.
/// [`StepFlow::Continue`] when every step ran, so the caller ends the
/// register at once.
pub fn run_steps<R: Resolve + ?Sized, S: Step<R>>(
    r: &mut R,
    from: u8,
    register: u8,
    step_at: impl Fn(&R, u8) -> Option<S>,
    resume: impl FnOnce(u8) -> R::Task,
) -> StepFlow {
    run_inline(
        r,
        from,
        |r, i| {
            if i != from && r.step_break() == Some((register, i)) {
                // A break between steps: the resume task is left on the
                // agenda as if the previous step had set something off.
                step_at(r, i)?;
                return Some((StepFlow::SetOff, i));
            }
            let step = step_at(r, i)?;
            Some((step.run(r, register), i.saturating_add(1)))
        },
        resume,
    )
}

#[cfg(test)]
mod tests;
