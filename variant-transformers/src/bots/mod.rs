//! A planner bot: it chooses its program and its mode together over every
//! distinct program of its hand in both modes, each simulated alone
//! register by register on the kit's prefix-tree search (`tree.rs`) with a
//! small `Copy` lone robot (`solo.rs`, which lists what it leaves out), and
//! every other choice (start space, corner, aim, coming back) by playing
//! out each option; it scores
//! where its robot ends with the kit's distance maps
//! ([`robo_core::race::plan::CourseMaps`]).
//!
//! ```
//! use robo_core::{Game, PlayerId, Policy};
//! use variant_transformers::bots::Planner;
//! use variant_transformers::{courses, Race, Setup};
//! let mut race = Race::new(Setup::new(courses::course("Spiral Mesa").unwrap(), 3), 1).unwrap();
//! let mut bot = Planner::new(1);
//! let p = race.pending().players()[0];
//! let action = bot.choose(&race, p).unwrap();
//! race.apply(p, action).unwrap();
//! ```

use crate::actions::{Action, Decision};
use crate::arena::Arena;
use crate::events::Event;
use crate::race::{Race, Waiting};
use robo_core::geom::{Dir, Pos};
use robo_core::race::plan::{CourseMaps, PlanCourse};
use robo_core::{Game, PlayerId, Policy, Rng, RobotId};
use std::sync::Arc;

#[cfg(test)]
mod reference;
mod solo;
mod tree;

/// Programs tried per planning decision.
const SAMPLES: usize = 48;
/// Answers a rollout makes at most before it is scored.
const ROLLOUT: usize = 400;

impl PlanCourse for Arena {
    type Tile = crate::tiles::Tile;

    fn board(&self) -> &robo_core::board::Board<Self::Tile> {
        Arena::board(self)
    }

    fn checkpoints(&self) -> &[Pos] {
        self.course().checkpoints()
    }

    fn can_stand(&self, pos: Pos) -> bool {
        self.tile(pos).is_some_and(|t| !t.is_solid())
    }

    fn can_leave(&self, from: Pos, dir: Dir) -> bool {
        !self.wall(from, dir)
    }

    fn same_course(&self, other: &Self) -> bool {
        self.course() == other.course()
    }
}

/// The planner. Deterministic for a seed.
#[derive(Debug)]
pub struct Planner {
    rng: Rng,
    maps: Option<CourseMaps<Arena>>,
    /// The lone robot's table of the course `maps` is for.
    table: Option<(Arc<Arena>, solo::SoloTable)>,
}

impl Planner {
    /// A planner drawing its candidate programs from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Planner {
            rng: Rng::from_seed(seed),
            maps: None,
            table: None,
        }
    }

    fn maps(&mut self, race: &Race) -> &CourseMaps<Arena> {
        let arena: &Arc<Arena> = &race.arena.0;
        if !self.maps.as_ref().is_some_and(|m| m.is_for(arena)) {
            self.maps = Some(CourseMaps::new(Arc::clone(arena)));
        }
        self.maps
            .get_or_insert_with(|| CourseMaps::new(Arc::clone(arena)))
    }

    /// How good `race` is for `me` (higher is better).
    fn score(&mut self, race: &Race, me: PlayerId) -> i64 {
        if let Some(o) = race.outcome() {
            if o.winner == Some(me) || o.team.contains(&me) {
                return 1_000_000;
            }
        }
        let Some(pl) = race.player(me) else {
            return 0;
        };
        let reached = usize::from(pl.checkpoints());
        let energon = i64::from(pl.energon());
        let damage = i64::try_from(pl.all_damage()).unwrap_or(0);
        let maps = self.maps(race);
        let total = race.checkpoints().len();
        let index = reached.min(total.saturating_sub(1));
        let effort = match (race.robot(me), pl.off()) {
            (Some((at, facing)), _) => i64::from(maps.effort(index, at, facing)),
            (None, Some(off)) => i64::from(maps.effort(index, off.at, Dir::N)) + 8,
            (None, None) => i64::from(maps.worst(index)) + 8,
        };
        reached as i64 * 1000 - effort * 10 + energon - damage * 3
    }

    /// `race` with only `me` on the course (the others' plans are hidden).
    fn alone(race: &Race, me: PlayerId) -> Race {
        let mut solo = race.clone();
        for i in 0..solo.players.len() {
            if i == me.index() {
                continue;
            }
            solo.bodies.remove(RobotId(i as u8));
            let pl = &mut solo.players[i];
            pl.off = None;
            pl.round.planned = true;
            pl.round.upgrades_done = true;
            for r in &mut pl.registers {
                r.cards.clear();
            }
        }
        solo
    }

    /// Plays `race` on from an answer of `me`, everyone taking the first
    /// option, to the end of the round (or the race), and scores it.
    fn rollout(&mut self, mut race: Race, me: PlayerId, action: Action) -> i64 {
        let round = race.round();
        let mut events: Vec<Event> = Vec::new();
        if race.apply_into(me, action, &mut events).is_err() {
            return i64::MIN;
        }
        let mut out = Vec::new();
        for _ in 0..ROLLOUT {
            if race.outcome().is_some() || race.round() != round {
                break;
            }
            let Some(&p) = race.pending().players().first() else {
                break;
            };
            let _ = race.legal_actions(p, &mut out);
            let Some(a) = out.first().cloned() else {
                break;
            };
            events.clear();
            if race.apply_into(p, a, &mut events).is_err() {
                break;
            }
        }
        self.score(&race, me)
    }

    /// The best of `options` for `me` by rollout; ties go to the first.
    fn best(&mut self, race: &Race, me: PlayerId, options: Vec<Action>) -> Option<Action> {
        let mut best: Option<(i64, Action)> = None;
        for a in options {
            let s = self.rollout(race.clone(), me, a.clone());
            if best.as_ref().is_none_or(|(b, _)| s > *b) {
                best = Some((s, a));
            }
        }
        best.map(|(_, a)| a)
    }
}

impl Policy<Race> for Planner {
    fn choose(&mut self, race: &Race, me: PlayerId) -> Option<Action> {
        match race.core.waiting {
            Waiting::All(Decision::Upgrades) => Some(Action::Done),
            Waiting::All(Decision::Planning) => {
                if let Some((plan, _)) = self.best_plan(race, me) {
                    return Some(plan);
                }
                let solo = Planner::alone(race, me);
                let mut plans = Vec::with_capacity(SAMPLES);
                for _ in 0..SAMPLES {
                    plans.extend(solo.sample_plan(me, &mut self.rng));
                }
                self.best(&solo, me, plans)
            }
            Waiting::One(p, d) if p == me => {
                let mut out = Vec::new();
                let _ = race.legal_actions(me, &mut out);
                if out.len() <= 1 || d == Decision::Window {
                    return out.first().cloned();
                }
                self.best(race, me, out)
            }
            _ => None,
        }
    }
}
