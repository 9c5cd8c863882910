//! Dealing a classic game from its setup, and its invariants (the frame
//! reads saves back through them, then checks what the game waits for).

use super::{Decision, Outcome, Race, Robot, Setup, SetupError, StartRule, Task};
use crate::cards::Card;
use crate::world::World;
use robo_core::agenda::Waiting;
use robo_core::ids::{PlayerId, RobotId};
use robo_core::race::frame::{GridRace, RaceCore};
use robo_core::rng::Rng;
use robo_core::transient::Transient;
use smallvec::SmallVec;

impl Race {
    /// Validates `setup`, deals the game from `seed` and runs it on to its
    /// first decision.
    pub(super) fn deal_game(setup: Setup, seed: u64) -> Result<Race, SetupError> {
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
        let mut core = RaceCore::new(setup.max_rounds, Task::BeginTurn);
        core.agenda = agenda;
        let mut race = Race {
            core,
            world,
            robots,
            deck: Vec::new(),
            option_deck: Vec::new(),
            rng,
            order: SmallVec::new(),
            start: setup.start,
            on_the_clock: setup.on_the_clock,
            play_on: setup.play_on,
            variants: setup.variants,
            piles: super::Piles::default(),
            scratch: Transient::default(),
        };
        race.deal_options(setup.options);
        race.bio_bots_start();
        race.deal_piles();
        race.deluxe_asks();
        race.advance();
        race.flush_log();
        race.core.scratch.events.clear();
        Ok(race)
    }

    /// The classic invariants: robots and bodies match, damage and flags
    /// within their limits, every card and option in one place, robots on
    /// the floor and apart, tasks naming seats the game has, and what the
    /// game waits for matching its agenda. The frame checks after them
    /// that whoever it waits for can answer.
    pub(super) fn check(&self) -> Result<(), String> {
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
        if let Some(t) = self.core.agenda.iter().find(|t| !t.fits(n)) {
            return Err(format!(
                "{t:?} names a seat or register the game does not have"
            ));
        }
        // A robot still to take its dock has not been destroyed.
        if let Some(Task::Dock(p)) = self
            .core
            .agenda
            .iter()
            .find(|t| matches!(t, Task::Dock(p) if self.robots[p.index()].destroyed))
        {
            return Err(format!("{p} is destroyed before it takes its dock"));
        }
        match (self.core.waiting, self.core.agenda.last()) {
            (_, _) if self.core.outcome.is_some() => {}
            (Waiting::One(p, d), Some(t)) if t.asks() == Some((p, d)) => {}
            (Waiting::All(Decision::Program), Some(Task::Program)) => {}
            (w, t) => return Err(format!("the game waits for {w:?} at {t:?}")),
        }
        Ok(())
    }

    /// The result of a game that ends now without a winner.
    pub(super) fn no_winner_now(&self) -> Outcome {
        Outcome {
            winner: None,
            ..self.result()
        }
    }
}
