//! The toy race as a [`Game`]: the protocol over the agenda, and the
//! checks a save is read back through.

use super::{register_pipeline, ToyWorld};
use super::{
    Action, Decision, Event, Race, RaceOutcome, Reason, Setup, SetupError, Task, View, CARDS,
};
use crate::agenda::{self, Waiting};
use crate::geom::Dir;
use crate::ids::PlayerId;
use crate::protocol::{ActionError, Game, Legal, Pending};
use crate::transient::Transient;

impl Game for Race {
    type Setup = Setup;
    type SetupError = SetupError;
    type Action = Action;
    type Reason = Reason;
    type Decision = Decision;
    type Event = Event;
    type View = View;
    type Outcome = RaceOutcome;

    fn new(setup: Setup, _seed: u64) -> Result<Self, SetupError> {
        let n = setup.starts.len();
        if !(1..=8).contains(&n) {
            return Err(SetupError::Players(n));
        }
        let robots: Vec<(i16, i16, Dir)> =
            setup.starts.iter().map(|p| (p.x, p.y, Dir::N)).collect();
        let world = ToyWorld::new(&setup.board, &robots)?;
        for (i, s) in setup.starts.iter().enumerate() {
            if !world.board.contains(*s) || setup.starts[..i].contains(s) {
                return Err(SetupError::Start(*s));
            }
        }
        let mut race = Race {
            world,
            starts: setup.starts,
            cards: vec![None; n],
            round: 0,
            max_rounds: setup.max_rounds,
            outcome: None,
            agenda: vec![Task::BeginRound],
            waiting: Waiting::Idle,
            pipeline: register_pipeline(),
            scratch: Transient::default(),
        };
        race.flag().ok_or(SetupError::NoFlag)?;
        agenda::advance(&mut race);
        race.scratch.events.clear();
        race.world.log.clear();
        Ok(race)
    }

    fn num_players(&self) -> usize {
        self.world.robots.len()
    }

    fn pending(&self) -> Pending<Decision, RaceOutcome> {
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
        View {
            robots: self.world.robots.clone(),
            my_card: self.cards.get(player.index()).copied().flatten(),
            programmed: self.cards.iter().map(Option::is_some).collect(),
        }
    }

    fn legal_actions(&self, player: PlayerId, out: &mut Vec<Action>) -> Legal {
        out.clear();
        match self.waiting {
            _ if self.outcome.is_some() => {}
            Waiting::All(Decision::Program) if self.cards.get(player.index()) == Some(&None) => {
                out.extend(CARDS.map(Action::Play));
            }
            _ => agenda::options_of(self, player, out),
        }
        Legal::Complete
    }

    fn check_invariants(&self) -> Result<(), String> {
        let n = self.world.robots.len();
        if !(1..=8).contains(&n) || self.starts.len() != n || self.cards.len() != n {
            return Err(format!(
                "{n} robots, {} starts and {} card slots do not match",
                self.starts.len(),
                self.cards.len()
            ));
        }
        if let Some(p) = self.starts.iter().find(|p| !self.world.board.contains(**p)) {
            return Err(format!("a start space off the floor at {p}"));
        }
        if self
            .outcome
            .as_ref()
            .is_some_and(|o| o.winner.is_some_and(|w| w.index() >= n))
        {
            return Err("the winner is not a player".into());
        }
        // A race still running plays a round below the cap (the round that
        // reaches it ends the race as it begins).
        let over = self.outcome.is_some();
        if self.round > self.max_rounds || (!over && self.round == self.max_rounds) {
            return Err(format!(
                "round {} is past the cap of {}",
                self.round, self.max_rounds
            ));
        }
        let mut seen = Vec::new();
        for r in &self.world.robots {
            if let Some(p) = r.pos {
                if seen.contains(&p) {
                    return Err(format!("two robots on {p}"));
                }
                if !self.world.board.contains(p) {
                    return Err(format!("a robot stands off the floor at {p}"));
                }
                seen.push(p);
            }
        }
        if let Some(t) = self.agenda.iter().find(|t| !t.fits(n)) {
            return Err(format!("{t:?} names a seat the race does not have"));
        }
        match (self.waiting, self.agenda.last()) {
            (_, _) if self.outcome.is_some() => {}
            (Waiting::One(p, d), Some(t)) if t.asks() == Some((p, d)) => {}
            (Waiting::All(Decision::Program), Some(Task::Program)) => {}
            (w, t) => return Err(format!("the race waits for {w:?} at {t:?}")),
        }
        if self.outcome.is_none() {
            // Whoever the race waits for has something to answer.
            let pending = self.pending();
            if pending.players().is_empty() {
                return Err("the race waits for nobody".into());
            }
            let mut out = Vec::new();
            for p in pending.players() {
                self.legal_actions(p, &mut out);
                if out.is_empty() {
                    return Err(format!("the race waits for {p}, who has no action"));
                }
            }
        }
        Ok(())
    }
}
