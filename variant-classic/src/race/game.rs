//! The classic game as a [`Game`]: the protocol over the agenda, its
//! milestones, and the checks a save is read back through.

use super::{
    register_pipeline, Action, Decision, Event, Outcome, Race, Reason, Robot, Setup, SetupError,
    StartRule, Task, View,
};
use crate::cards::Card;
use crate::world::World;
use robo_core::agenda::{self, Milestone, Milestones, Waiting};
use robo_core::ids::{PlayerId, RobotId};
use robo_core::protocol::{ActionError, Game, Legal, Pending};
use robo_core::rng::Rng;
use robo_core::transient::Transient;
use serde::Deserialize;
use smallvec::SmallVec;

/// A game as saved, before it is checked.
#[derive(Deserialize)]
pub(super) struct SavedRace {
    world: World,
    robots: Vec<Robot>,
    deck: Vec<Card>,
    #[serde(default)]
    option_deck: Vec<crate::options::OptionCard>,
    rng: Rng,
    round: u16,
    register: u8,
    order: SmallVec<[PlayerId; 8]>,
    max_rounds: Option<u16>,
    #[serde(default)]
    start: StartRule,
    #[serde(default)]
    on_the_clock: bool,
    #[serde(default)]
    play_on: bool,
    #[serde(default)]
    variants: super::Variants,
    #[serde(default)]
    piles: super::Piles,
    outcome: Option<Outcome>,
    agenda: Vec<Task>,
    waiting: Waiting<Decision>,
}

impl TryFrom<SavedRace> for Race {
    type Error = String;
    fn try_from(s: SavedRace) -> Result<Race, String> {
        let race = Race {
            world: s.world,
            robots: s.robots,
            deck: s.deck,
            option_deck: s.option_deck,
            rng: s.rng,
            round: s.round,
            register: s.register,
            order: s.order,
            max_rounds: s.max_rounds,
            start: s.start,
            on_the_clock: s.on_the_clock,
            play_on: s.play_on,
            variants: s.variants,
            piles: s.piles,
            outcome: s.outcome,
            agenda: s.agenda,
            waiting: s.waiting,
            pipeline: register_pipeline(),
            scratch: Transient::default(),
        };
        race.check_invariants()?;
        Ok(race)
    }
}

impl Milestones for Race {
    fn marks(&self, task: &Task, milestone: Milestone) -> bool {
        match (milestone, *task) {
            // After the last step is the end of the register.
            (Milestone::AfterStep { register, step }, _)
                if usize::from(step) + 1 >= self.pipeline.len() =>
            {
                self.marks(task, Milestone::RegisterEnd(register))
            }
            (Milestone::AfterStep { register, step }, Task::Steps { register: r, from }) => {
                register == r && from == step + 1
            }
            (Milestone::RegisterStart(n), Task::Register(r))
            | (Milestone::RegisterEnd(n), Task::RegisterEnd(r)) => n == r,
            (Milestone::RoundEnd, Task::BeginTurn) => self.round > 0,
            _ => false,
        }
    }
}

impl Race {
    /// Runs the game to `milestone` (see [`agenda::advance_to`]).
    pub fn advance_to(&mut self, milestone: Milestone) -> agenda::Reached<Decision> {
        let reached = agenda::advance_to(self, milestone);
        self.flush();
        reached
    }

    /// Answers a decision without running on (for drivers that stop at
    /// milestones: [`Race::advance_to`] runs on after it).
    ///
    /// # Errors
    /// The action is refused; the game is unchanged.
    pub fn answer(&mut self, player: PlayerId, action: Action) -> Result<(), ActionError<Reason>> {
        agenda::answer(self, player, action)?;
        self.flush();
        Ok(())
    }

    /// Takes the events reported since the last call.
    pub fn take_events(&mut self) -> Vec<Event> {
        self.flush();
        std::mem::take(&mut self.scratch.events)
    }

    /// Moves the events reported since the last call to the end of `out`
    /// (the game keeps its buffer, so a running game does not allocate
    /// for them again).
    pub fn drain_events(&mut self, out: &mut Vec<Event>) {
        self.flush();
        out.append(&mut self.scratch.events);
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
        let course = super::setup::checked_course(&setup)?;
        let n = setup.players;
        // The start order comes from one card dealt to each robot, highest
        // priority first (docks, facings on a shared cell).
        let mut rng = Rng::from_seed(seed);
        let mut pile = crate::cards::deck();
        rng.shuffle(&mut pile);
        let mut start_order: SmallVec<[(u16, PlayerId); 8]> = (0..n)
            .map(|i| (pile[usize::from(i)].priority, PlayerId(i)))
            .collect();
        start_order.sort_by_key(|&(priority, _)| std::cmp::Reverse(priority));
        let course = super::setup::place_random_flags(&setup, course, &mut rng)?;
        // Until a robot takes its dock, its archive marker waits on the
        // first one (the robot is off the board).
        let archive = match setup.start {
            StartRule::Shared(at) => at,
            StartRule::Docks | StartRule::Gate => course.starts()[0],
        };
        let facing = course.start_facing();
        let mut world = World::new(course, usize::from(n));
        world.set_high_flying(setup.high_flying);
        if let StartRule::Shared(at) = setup.start {
            for i in 0..n {
                world.place(RobotId(i), at, facing, true);
            }
        }
        let robots = (0..n).map(|_| Robot::new(setup.lives, archive)).collect();
        // The agenda is a stack: the first to choose is on top.
        let choose = |p: PlayerId| match setup.start {
            StartRule::Docks => Some(Task::Dock(p)),
            StartRule::Shared(_) => Some(Task::Face(p)),
            StartRule::Gate => None,
        };
        let agenda = std::iter::once(Task::BeginTurn)
            .chain(start_order.iter().rev().filter_map(|&(_, p)| choose(p)))
            .collect();
        let mut race = Race {
            world,
            robots,
            deck: Vec::new(),
            option_deck: Vec::new(),
            rng,
            round: 0,
            register: 0,
            order: SmallVec::new(),
            max_rounds: setup.max_rounds,
            start: setup.start,
            on_the_clock: setup.on_the_clock,
            play_on: setup.play_on,
            variants: setup.variants,
            piles: super::Piles::default(),
            outcome: None,
            agenda,
            waiting: Waiting::Idle,
            pipeline: register_pipeline(),
            scratch: Transient::default(),
        };
        race.deal_options(setup.options);
        race.bio_bots_start();
        race.deal_piles();
        race.deluxe_asks();
        agenda::advance(&mut race);
        race.flush();
        race.scratch.events.clear();
        Ok(race)
    }

    fn num_players(&self) -> usize {
        self.robots.len()
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
        self.flush();
        events.append(&mut self.scratch.events);
        Ok(())
    }

    fn view(&self, player: PlayerId) -> View {
        self.view_of(player)
    }

    fn legal_actions(&self, player: PlayerId, out: &mut Vec<Action>) -> Legal {
        out.clear();
        match self.waiting {
            _ if self.outcome.is_some() => {}
            Waiting::All(Decision::Program) => self.program_options(player, out),
            _ => agenda::options_of(self, player, out),
        }
        Legal::Complete
    }

    fn check_invariants(&self) -> Result<(), String> {
        let n = self.robots.len();
        if !(1..=8).contains(&n) || self.world.bodies().len() != n {
            return Err(format!(
                "{n} robots and {} bodies",
                self.world.bodies().len()
            ));
        }
        let mut cards: Vec<Card> = self.deck.clone();
        for (i, r) in self.robots.iter().enumerate() {
            if r.damage > super::DEADLY_DAMAGE {
                return Err(format!("P{i} has {} damage tokens", r.damage));
            }
            if usize::from(r.flags) > self.course().checkpoints().len() {
                return Err(format!("P{i} touched {} flags", r.flags));
            }
            if !self.course().board().contains(r.archive) {
                return Err(format!("P{i}'s archive marker is off the floor"));
            }
            let on = self.world.at(RobotId(i as u8)).is_some();
            if on && (r.destroyed || r.lives == 0) {
                return Err(format!("P{i} is on the board though destroyed"));
            }
            // A finisher leaves the course with play on; without it the
            // game is over and the finishers stay where they finished.
            if on && r.place.is_some() && self.play_on {
                return Err(format!("P{i} finished but is still on the course"));
            }
            cards.extend(r.hand.iter().copied());
            cards.extend(r.program_cards());
        }
        let total = cards.len();
        cards.sort();
        cards.dedup();
        if cards.len() != total {
            return Err("a card is in two places".into());
        }
        self.options_in_one_place()?;
        self.piles.check(n, self.course().checkpoints().len())?;
        let mut seen = Vec::new();
        for (r, b) in self.world.bodies().placed() {
            if !self.course().board().contains(b.pos) {
                return Err(format!("{r:?} stands off the floor at {}", b.pos));
            }
            if !b.extra.ghost {
                if seen.contains(&(b.pos, b.extra.flying)) {
                    return Err(format!("two robots on {}", b.pos));
                }
                seen.push((b.pos, b.extra.flying));
            }
        }
        if let Some(t) = self.agenda.iter().find(|t| !t.fits(n)) {
            return Err(format!(
                "{t:?} names a seat or register the game does not have"
            ));
        }
        // A robot still to take its dock has not been destroyed.
        if let Some(Task::Dock(p)) = self
            .agenda
            .iter()
            .find(|t| matches!(t, Task::Dock(p) if self.robots[p.index()].destroyed))
        {
            return Err(format!("{p} is destroyed before it takes its dock"));
        }
        match (self.waiting, self.agenda.last()) {
            (_, _) if self.outcome.is_some() => {}
            (Waiting::One(p, d), Some(t)) if t.asks() == Some((p, d)) => {}
            (Waiting::All(Decision::Program), Some(Task::Program)) => {}
            (w, t) => return Err(format!("the game waits for {w:?} at {t:?}")),
        }
        if self.outcome.is_none() {
            let pending = self.pending();
            if pending.players().is_empty() {
                return Err("the game waits for nobody".into());
            }
            let mut out = Vec::new();
            for p in pending.players() {
                self.legal_actions(p, &mut out);
                if out.is_empty() {
                    return Err(format!("the game waits for {p}, who has no action"));
                }
            }
        }
        Ok(())
    }
}
