//! The protocol every grid race speaks, provided by the frame: the
//! agenda's [`Resolve`] and [`Milestones`] over the spine, and [`Game`]
//! over the agenda (OpenSpiel's final `ApplyAction` calling the game's
//! `DoApplyAction`: the frame owns the checks and the bookkeeping, the
//! edition the rule).

use super::GridRace;
use crate::agenda::{self, Flow, Milestone, Milestones, Resolve, Waiting};
use crate::ids::PlayerId;
use crate::protocol::{ActionError, Game, Legal, Pending};
use crate::rng::Rng;

impl<E: GridRace> Resolve for E {
    type Task = E::Task;
    type Action = E::Action;
    type Decision = E::Decision;
    type Reason = E::Reason;
    type Outcome = E::Outcome;

    #[inline]
    fn agenda(&self) -> &[E::Task] {
        &self.core().agenda
    }

    #[inline]
    fn agenda_mut(&mut self) -> &mut Vec<E::Task> {
        &mut self.core_mut().agenda
    }

    #[inline]
    fn waiting(&self) -> Waiting<E::Decision> {
        self.core().waiting
    }

    #[inline]
    fn set_waiting(&mut self, waiting: Waiting<E::Decision>) {
        self.core_mut().waiting = waiting;
    }

    #[inline]
    fn outcome(&self) -> Option<&E::Outcome> {
        self.core().outcome.as_ref()
    }

    #[inline]
    fn seats(&self) -> usize {
        GridRace::seats(self)
    }

    #[inline]
    fn run(&mut self, task: E::Task, answer: Option<&E::Action>) -> Flow<E::Decision> {
        GridRace::run(self, task, answer)
    }

    #[inline]
    fn options(&self, task: &E::Task, out: &mut Vec<E::Action>) {
        GridRace::options(self, task, out);
    }

    #[inline]
    fn options_buffer(&mut self) -> &mut Vec<E::Action> {
        &mut self.core_mut().scratch.options
    }

    #[inline]
    fn asked_all(&self, player: PlayerId, decision: E::Decision) -> bool {
        GridRace::asked_all(self, player, decision)
    }

    fn answer_all(
        &mut self,
        player: PlayerId,
        decision: E::Decision,
        action: E::Action,
    ) -> Result<(), E::Reason> {
        GridRace::answer_all(self, player, decision, action)
    }

    fn not_an_option(action: E::Action) -> E::Reason {
        <E as GridRace>::not_an_option(action)
    }

    fn no_winner(&self) -> E::Outcome {
        GridRace::no_winner(self)
    }

    /// A running race always has a next task; only a hand-edited save can
    /// leave none. The race then ends there, without a winner, instead of
    /// waiting for nothing.
    fn end_without_winner(&mut self) {
        let outcome = GridRace::no_winner(self);
        self.core_mut().outcome = Some(outcome);
        self.ended_without_winner();
    }

    #[inline]
    fn step_break(&self) -> Option<(u8, u8)> {
        self.core().scratch.step_break
    }

    fn set_step_break(&mut self, at: Option<(u8, u8)>) {
        self.core_mut().scratch.step_break = at;
    }
}

impl<E: GridRace> Milestones for E {
    /// [`Milestone::AfterStep`] is the frame's: the race stands there when
    /// the task that runs the steps on from the next one is next (after the
    /// last step, at the end of the register); the rest is the edition's.
    #[inline]
    fn marks(&self, task: &E::Task, milestone: Milestone) -> bool {
        match milestone {
            Milestone::AfterStep { register, step } => {
                if usize::from(step) + 1 >= self.steps().len() {
                    GridRace::marks(self, task, Milestone::RegisterEnd(register))
                } else {
                    self.core().register == register
                        && *task == self.resume_steps(step.saturating_add(1))
                }
            }
            _ => GridRace::marks(self, task, milestone),
        }
    }
}

impl<E: GridRace> Game for E {
    type Setup = E::Setup;
    type SetupError = E::SetupError;
    type Action = E::Action;
    type Reason = E::Reason;
    type Decision = E::Decision;
    type Event = E::Event;
    type View = E::View;
    type Outcome = E::Outcome;

    fn new(setup: E::Setup, seed: u64) -> Result<Self, E::SetupError> {
        E::create(setup, seed)
    }

    fn num_players(&self) -> usize {
        GridRace::seats(self)
    }

    fn pending(&self) -> Pending<E::Decision, E::Outcome> {
        agenda::pending(self)
    }

    fn apply_into(
        &mut self,
        player: PlayerId,
        action: E::Action,
        events: &mut Vec<E::Event>,
    ) -> Result<(), ActionError<E::Reason>> {
        agenda::answer(self, player, action)?;
        agenda::advance(self);
        self.flush();
        events.append(&mut self.core_mut().scratch.events);
        Ok(())
    }

    fn view(&self, player: PlayerId) -> E::View {
        self.view_of(player)
    }

    /// Nothing once the race is over or for a seat it does not have; a
    /// simultaneous decision's answers as the edition lists them
    /// ([`GridRace::legal_all`]); else the options of the task waiting
    /// for `player`, sorted and unique.
    fn legal_actions(&self, player: PlayerId, out: &mut Vec<E::Action>) -> Legal {
        out.clear();
        if self.core().outcome.is_some() || player.index() >= GridRace::seats(self) {
            return Legal::Complete;
        }
        match self.core().waiting {
            Waiting::All(d) if GridRace::asked_all(self, player, d) => {
                self.legal_all(player, d, out)
            }
            Waiting::One(p, _) if p == player => {
                agenda::options_of(self, player, out);
                Legal::Complete
            }
            _ => Legal::Complete,
        }
    }

    /// A simultaneous decision's answer from [`GridRace::sample_all`];
    /// elsewhere a uniformly random legal action.
    fn sample_action(&self, player: PlayerId, rng: &mut Rng) -> Option<E::Action> {
        if let Waiting::All(d) = self.core().waiting {
            if self.core().outcome.is_none()
                && player.index() < GridRace::seats(self)
                && GridRace::asked_all(self, player, d)
            {
                return self.sample_all(player, d, rng);
            }
        }
        let mut out = Vec::new();
        self.legal_actions(player, &mut out);
        let i = rng.index(out.len());
        (!out.is_empty()).then(|| out.swap_remove(i))
    }

    /// The edition's [`GridRace::invariants`], then the spine's: a race
    /// still running waits for someone, a decision of one player waits
    /// at a task, and everyone it waits for has an answer.
    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()?;
        let core = self.core();
        if core.outcome.is_some() {
            return Ok(());
        }
        match core.waiting {
            Waiting::Idle => return Err("the race waits for nothing".into()),
            Waiting::One(p, _) if p.index() >= GridRace::seats(self) => {
                return Err(format!("the race waits for {p}, who has no seat"));
            }
            Waiting::One(p, d) if core.agenda.is_empty() => {
                return Err(format!("the race waits for {p} ({d}) at no task"));
            }
            _ => {}
        }
        let pending = self.pending();
        let asked = pending.players();
        if asked.is_empty() {
            return Err("the race waits for nobody".into());
        }
        let mut rng = Rng::from_seed(0);
        if let Some(p) = asked
            .into_iter()
            .find(|&p| self.sample_action(p, &mut rng).is_none())
        {
            return Err(format!("the race waits for {p}, who has no action"));
        }
        Ok(())
    }
}
