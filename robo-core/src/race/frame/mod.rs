//! The race frame: what makes a programmed grid race a game, written once.
//!
//! An edition composes a [`RaceCore`] (the spine every grid race holds:
//! round, register, round cap, the agenda and what it waits for, the
//! outcome, and the buffers of events and options)
//! and implements [`GridRace`]: only what differs between editions (how a
//! task runs and what its options are, the simultaneous decisions, the
//! register's steps and the element kinds each acts on, the view, the
//! edition's own invariants). The frame then provides, once for every
//! edition:
//!
//! - the protocol: [`Game`](crate::protocol::Game) (pending, apply, legal
//!   actions with the simultaneous decisions' special case, sampling, the
//!   invariants: the spine's checks, then the edition's), the agenda's
//!   [`Resolve`](crate::agenda::Resolve) and
//!   [`Milestones`](crate::agenda::Milestones), and the drivers' calls
//!   ([`GridRace::advance_to`], [`GridRace::answer`],
//!   [`GridRace::take_events`]);
//! - the register loop ([`GridRace::run_steps_from`]): the steps run
//!   inline, a step passed over while no robot stands on an element it
//!   acts on; and the turns clockwise from a seat
//!   ([`GridRace::seat_turns`]), both without the kit's generic cursor and
//!   its closures;
//! - saves read back through the same checks ([`checked_saves!`](crate::checked_saves)).
//!
//! The toy race (`robo_core::toy::race`) is the smallest complete edition
//! on the frame; `docs/architecture.md` walks through it.

mod protocol;
mod register;
mod saved;

pub use saved::checked;

use crate::agenda::{Accepts, Flow, Milestone, Reached, Waiting};
use crate::ids::PlayerId;
use crate::pipeline::StepFlow;
use crate::protocol::{ActionError, Legal, Outcome};
use crate::rng::Rng;
use crate::transient::Transient;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Element kinds as bits: which register steps can act on a robot
/// standing on a cell (an edition names its own bits).
pub type Kinds = u16;

/// The spine every grid race holds. An edition keeps it as a field
/// (`#[serde(flatten)]`, so a save keeps the field names `round`,
/// `register`, `max_rounds`, `agenda`, `waiting` and `outcome`) and gives
/// the frame access to it ([`GridRace::core`]).
///
/// The race's seeded generator stays an edition field: a flattened field
/// is read through serde's buffer, which cannot hold the generator's
/// 128-bit stream position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "", deserialize = ""))]
pub struct RaceCore<E: GridRace> {
    /// The round being played (0 before the first).
    pub round: u16,
    /// The register being resolved (0 outside the registers).
    pub register: u8,
    /// Rounds before the race ends without a winner.
    pub max_rounds: Option<u16>,
    /// The rules still to run; the last task runs next.
    pub agenda: Vec<E::Task>,
    /// What the race waits for.
    pub waiting: Waiting<E::Decision>,
    /// The outcome once the race is over.
    pub outcome: Option<E::Outcome>,
    /// The events of what resolved and not yet handed out, and a reused
    /// options buffer (never saved, never compared).
    #[serde(skip)]
    pub scratch: Transient<Buffers<E>>,
}

/// What a race keeps beside its spine while it resolves.
pub struct Buffers<E: GridRace> {
    /// Events not yet handed out.
    pub events: Vec<E::Event>,
    /// The options of a task, listed while answering (empty between uses).
    pub options: Vec<E::Action>,
    /// A break asked for between two steps of a register
    /// ([`Resolve::step_break`](crate::agenda::Resolve::step_break): a
    /// scenario run that stops after a step).
    pub step_break: Option<(u8, u8)>,
}

impl<E: GridRace> Default for Buffers<E> {
    fn default() -> Self {
        Buffers {
            events: Vec::new(),
            options: Vec::new(),
            step_break: None,
        }
    }
}

impl<E: GridRace> RaceCore<E> {
    /// A spine at round 0 with `first` on the agenda.
    #[must_use]
    pub fn new(max_rounds: Option<u16>, first: E::Task) -> Self {
        let mut agenda = Vec::with_capacity(32);
        agenda.push(first);
        RaceCore {
            round: 0,
            register: 0,
            max_rounds,
            agenda,
            waiting: Waiting::Idle,
            outcome: None,
            scratch: Transient::default(),
        }
    }

    /// Reports `e`.
    #[inline]
    pub fn emit(&mut self, e: E::Event) {
        self.scratch.events.push(e);
    }

    /// Puts `tasks` on the agenda to run next, in the order given.
    #[inline]
    pub fn then(&mut self, tasks: &[E::Task]) {
        self.agenda.extend(tasks.iter().rev().copied());
    }

    /// Puts `tasks` on the agenda to run next, in the order given, and
    /// says whether that set something off (any task at all).
    #[inline]
    pub fn set_off(&mut self, tasks: &[E::Task]) -> StepFlow {
        self.then(tasks);
        if tasks.is_empty() {
            StepFlow::Continue
        } else {
            StepFlow::SetOff
        }
    }

    /// After an item of a sequence ran from agenda depth `depth` and said
    /// `flow`: `true`, with `resume` put under what the item set off, when
    /// the sequence must stop here (it set something off, or the race is
    /// over).
    #[inline(always)]
    pub fn stops(&mut self, depth: usize, flow: StepFlow, resume: E::Task) -> bool {
        if flow == StepFlow::SetOff || self.outcome.is_some() {
            let under = depth.min(self.agenda.len());
            self.agenda.insert(under, resume);
            return true;
        }
        false
    }
}

/// A programmed grid race: what differs between editions. Everything
/// else (the protocol, the register loop, saves read back through checks)
/// is the frame's, provided for every implementation.
///
/// The required methods are the edition's rules; the provided ones with a
/// default an edition may replace are hooks ([`GridRace::sample_all`],
/// [`GridRace::flush`], [`GridRace::ended_without_winner`],
/// [`GridRace::kinds_under_robots`]); the others are the frame's.
pub trait GridRace: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned {
    /// One unit of the edition's resolution (its own enum, saved).
    type Task: Copy + fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// An answer.
    type Action: Clone + fmt::Debug + Eq + Ord + Serialize + DeserializeOwned;
    /// A kind of decision.
    type Decision: Copy
        + fmt::Debug
        + fmt::Display
        + PartialEq
        + Serialize
        + DeserializeOwned
        + Accepts<Self::Action>;
    /// Why an answer is refused.
    type Reason: std::error::Error + Clone + PartialEq;
    /// What happened.
    type Event: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// How a race ends.
    type Outcome: Outcome;
    /// The unchecked description of a race.
    type Setup: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// Why a setup is refused.
    type SetupError: std::error::Error + Clone + PartialEq;
    /// What one player may see.
    type View: Clone + fmt::Debug + Serialize;
    /// A step of the register.
    type Step: Copy;

    /// The spine.
    fn core(&self) -> &RaceCore<Self>;
    /// The spine, to change.
    fn core_mut(&mut self) -> &mut RaceCore<Self>;

    /// Validates `setup` and deals the race from `seed`, run on to its
    /// first decision with no events kept.
    ///
    /// # Errors
    /// The edition's reason the setup is refused.
    fn create(setup: Self::Setup, seed: u64) -> Result<Self, Self::SetupError>;
    /// Number of seats.
    fn seats(&self) -> usize;
    /// Runs `task`, with the answer to its decision if it has one. A task
    /// that returns [`Flow::Wait`] must not have changed anything.
    fn run(&mut self, task: Self::Task, answer: Option<&Self::Action>) -> Flow<Self::Decision>;
    /// The options of a task that waits for one player, in any order,
    /// repeats allowed.
    fn options(&self, task: &Self::Task, out: &mut Vec<Self::Action>);
    /// Is `player` still asked the simultaneous `decision`?
    fn asked_all(&self, player: PlayerId, decision: Self::Decision) -> bool;
    /// Carries out `player`'s answer to the simultaneous `decision` (its
    /// kind checked already), or refuses it leaving the race unchanged.
    ///
    /// # Errors
    /// The edition's reason.
    fn answer_all(
        &mut self,
        player: PlayerId,
        decision: Self::Decision,
        action: Self::Action,
    ) -> Result<(), Self::Reason>;
    /// The legal answers of `player`, still asked the simultaneous
    /// `decision`, into `out` (empty), in the edition's order, and whether
    /// that is all of them ([`Legal::TooMany`] for a whole program).
    fn legal_all(
        &self,
        player: PlayerId,
        decision: Self::Decision,
        out: &mut Vec<Self::Action>,
    ) -> Legal;
    /// The reason an answer of the right kind that is not one of the
    /// waiting task's options is refused.
    fn not_an_option(action: Self::Action) -> Self::Reason;
    /// The outcome of a race that ends now without a winner.
    fn no_winner(&self) -> Self::Outcome;
    /// Does running `task` next mean the race stands at `milestone`? The
    /// frame answers [`Milestone::AfterStep`] itself (the task that runs
    /// the register's steps on from the next one, or the end of the
    /// register after the last step); the edition answers the others.
    fn marks(&self, task: &Self::Task, milestone: Milestone) -> bool;
    /// What `player` may see.
    fn view_of(&self, player: PlayerId) -> Self::View;
    /// The edition's own invariants (cards and pieces conserved, robots
    /// where robots may stand, seats the tasks name); the frame checks
    /// what the race waits for after them.
    ///
    /// # Errors
    /// The first broken invariant.
    fn invariants(&self) -> Result<(), String>;

    /// The register's steps in the rulebook's order, each with the
    /// [`Kinds`] of the elements it acts on: while no robot stands on one
    /// of them the step would do nothing, and the register passes it over.
    /// 0 for a step that always runs.
    fn steps(&self) -> &[(Self::Step, Kinds)];
    /// Carries out one step of register `register`, saying whether it set
    /// something off.
    fn step(&mut self, step: Self::Step, register: u8) -> StepFlow;
    /// The edition's task that runs the register's steps from `index`.
    fn resume_steps(&self, index: u8) -> Self::Task;

    /// A random answer of `player`, still asked the simultaneous
    /// `decision`, from `rng`: one of [`GridRace::legal_all`]'s, uniformly,
    /// by default. An edition whose list is [`Legal::TooMany`] draws a
    /// whole answer here.
    fn sample_all(
        &self,
        player: PlayerId,
        decision: Self::Decision,
        rng: &mut Rng,
    ) -> Option<Self::Action> {
        let mut out = Vec::new();
        let _ = self.legal_all(player, decision, &mut out);
        let i = rng.index(out.len());
        (!out.is_empty()).then(|| out.swap_remove(i))
    }
    /// Moves what the edition logged on the side (a world's grid events)
    /// to the events handed out; called before events are handed out.
    /// Nothing by default.
    fn flush(&mut self) {}
    /// Reports that the race ended without a winner (the agenda ran out,
    /// only from a hand-edited save); the outcome is recorded already.
    /// Nothing by default.
    fn ended_without_winner(&mut self) {}
    /// The [`Kinds`] of the elements under the robots on the board, for
    /// the register to pass steps over (an edition keeps it in a
    /// [`Memo`](crate::race::body::Memo) keyed on its bodies'
    /// generation). Every kind by default: no step is passed over.
    fn kinds_under_robots(&mut self) -> Kinds {
        Kinds::MAX
    }

    /// Runs tasks until a decision is needed or the race is over (see
    /// [`crate::agenda::advance`]).
    fn advance(&mut self) {
        crate::agenda::advance(self);
    }

    /// Runs the race until it stands at `milestone`, or stops earlier when
    /// a player's decision is needed first (answer it with
    /// [`GridRace::answer`], then call this again) or the race ends.
    ///
    /// At a milestone the race *rests*: it waits for nothing, so
    /// [`pending`](crate::protocol::Game::pending) reports no decision and
    /// [`apply`](crate::protocol::Game::apply) is refused until it runs
    /// on. `advance_to(Milestone::GameEnd)` runs on to the next decision
    /// as `apply` does. What resolved on the way is kept for
    /// [`GridRace::take_events`].
    ///
    /// ```
    /// use robo_core::agenda::{Milestone, Reached};
    /// use robo_core::race::frame::GridRace;
    /// use robo_core::toy::race::{Action, Card, Race, Setup};
    /// use robo_core::{Game, PlayerId};
    /// let setup = Setup::on("+--+--+\n S. F1\n+--+--+\n", 1);
    /// let mut race = Race::new(setup, 1).unwrap();
    /// race.answer(PlayerId(0), Action::Play(Card::Right)).unwrap();
    /// let at = Milestone::RegisterEnd(1);
    /// assert_eq!(race.advance_to(at), Reached::Milestone(at));
    /// let mut events = Vec::new();
    /// race.take_events(&mut events);
    /// assert!(!events.is_empty());
    /// ```
    fn advance_to(&mut self, milestone: Milestone) -> Reached<Self::Decision> {
        let reached = crate::agenda::advance_to(self, milestone);
        self.flush();
        reached
    }

    /// Checks `player`'s answer and carries it out without running on (see
    /// [`GridRace::advance_to`]); [`Game::apply`](crate::protocol::Game::apply)
    /// is this and then a run to the next decision.
    ///
    /// # Errors
    /// As `apply`; the race is unchanged when the answer is refused.
    fn answer(
        &mut self,
        player: PlayerId,
        action: Self::Action,
    ) -> Result<(), ActionError<Self::Reason>> {
        crate::agenda::answer(self, player, action)?;
        self.flush();
        Ok(())
    }

    /// Moves the events of what resolved since the last call (or the last
    /// `apply`) to the end of `out`. An empty `out` with at least the
    /// race's room trades buffers with the race instead of copying the
    /// events.
    fn take_events(&mut self, out: &mut Vec<Self::Event>) {
        self.flush();
        let ours = &mut self.core_mut().scratch.events;
        if out.is_empty() && out.capacity() >= ours.capacity() {
            // Nothing in `out` to keep, and at least our room: the buffers
            // trade places.
            std::mem::swap(out, ours);
        } else {
            out.append(ours);
        }
    }

    /// Runs the register's steps ([`GridRace::steps`]) from `index` while
    /// they set nothing off, passing over a step whose element kinds no
    /// robot stands on. A step that sets something off has the edition's
    /// [`GridRace::resume_steps`] task put under what it set off, and
    /// [`StepFlow::SetOff`] is returned; [`StepFlow::Continue`] when the
    /// last step ran, so the caller ends the register at once.
    #[inline]
    fn run_steps_from(&mut self, index: u8) -> StepFlow {
        register::steps_from(self, index)
    }

    /// Takes the turns of `turns` clockwise from its first seat, inline:
    /// `turn` takes one and says whether it set something off; `resume` is
    /// the edition's task that takes the turns on from a cursor, put under
    /// what a turn set off.
    #[inline(always)]
    fn seat_turns(
        &mut self,
        turns: crate::agenda::Turns,
        turn: impl FnMut(&mut Self, PlayerId) -> StepFlow,
        resume: fn(crate::agenda::Turns) -> Self::Task,
    ) -> StepFlow {
        register::seat_turns(self, turns, turn, resume)
    }
}
