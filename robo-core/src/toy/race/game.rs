//! Dealing a toy race, and its own invariants (the frame checks what the
//! race waits for after them).

use super::{Card, Race, Setup, SetupError, Task, ToyWorld};
use crate::geom::Dir;
use crate::race::frame::{GridRace, RaceCore};

impl Race {
    /// Validates `setup` and builds the race, run on to its first decision.
    pub(super) fn deal(setup: Setup) -> Result<Race, SetupError> {
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
            core: RaceCore::new(Some(setup.max_rounds), Task::BeginRound),
            world,
            starts: setup.starts,
            cards: vec![None; n],
        };
        race.flag().ok_or(SetupError::NoFlag)?;
        race.advance();
        race.core.scratch.events.clear();
        race.world.log.clear();
        Ok(race)
    }

    /// The toy's own invariants: robots, starts and card slots match, no
    /// two robots share a cell, the round is below the cap, the tasks
    /// name seats the race has and a decision of one player waits at the
    /// task that asks it.
    pub(super) fn check(&self) -> Result<(), String> {
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
        let core = &self.core;
        if core
            .outcome
            .as_ref()
            .is_some_and(|o| o.winner.is_some_and(|w| w.index() >= n))
        {
            return Err("the winner is not a player".into());
        }
        // A race still running plays a round below the cap (the round that
        // reaches it ends the race as it begins).
        let over = core.outcome.is_some();
        let cap = core.max_rounds.unwrap_or(u16::MAX);
        if core.round > cap || (!over && core.round == cap) {
            return Err(format!("round {} is past the cap of {cap}", core.round));
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
        if let Some(t) = core.agenda.iter().find(|t| !t.fits(n)) {
            return Err(format!("{t:?} names a seat the race does not have"));
        }
        match (core.waiting, core.agenda.last()) {
            (_, _) if over => {}
            (crate::agenda::Waiting::One(p, d), Some(t)) if t.asks() == Some((p, d)) => {}
            (crate::agenda::Waiting::All(super::Decision::Program), Some(Task::Program)) => {}
            (w, t) => return Err(format!("the race waits for {w:?} at {t:?}")),
        }
        Ok(())
    }
}

/// Every card, in the order they are offered.
pub(super) const CARDS: [Card; 5] = [
    Card::Move1,
    Card::Move2,
    Card::Back,
    Card::Left,
    Card::Right,
];
