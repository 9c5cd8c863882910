//! The planner's program search over every program and both modes: the
//! race kit's prefix-tree search ([`best_program_tree`]) over every
//! distinct program of the hand, once per mode the robot may take, each
//! register simulated on the robot alone (the race's own register, the
//! others taken off the course), choices on the way answered with their
//! first option.

use super::Planner;
use crate::actions::{Action, Program, Slot};
use crate::arena::Arena;
use crate::cards::{Card, CardId};
use crate::mode::Mode;
use crate::race::Race;
use crate::robot::REGISTERS;
use robo_core::agenda::{self, Milestone, Reached};
use robo_core::geom::{Dir, Pos};
use robo_core::race::plan::{
    assign, best_program_tree, CourseMaps, PlanEdition, PrefixPlan, SoloOutcome,
};
use robo_core::{Game, PlayerId, RobotId};
use smallvec::SmallVec;

/// Decisions a simulated register answers at most (a loop ends it).
const ANSWERS: usize = 64;

/// One mode's search: the robot alone, resting before register 1.
struct Search<'a> {
    solo: Race,
    me: PlayerId,
    maps: &'a CourseMaps<Arena>,
    /// A card id of each kind in the hand.
    ids: SmallVec<[CardId; 12]>,
    /// Checkpoints reached before the program.
    start: u8,
    damage: usize,
    energon: u8,
}

/// What two simulations must share to play every later register alike.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    at: Option<(Pos, Dir)>,
    off: Option<(Pos, u8)>,
    mode: Mode,
    energon: u8,
    checkpoints: u8,
    last: Option<Card>,
    damage: u8,
    cubes: u16,
    mines: u16,
    over: bool,
}

impl Search<'_> {
    fn id_of(&self, card: Card) -> Option<CardId> {
        self.ids.iter().copied().find(|c| c.card() == card)
    }
}

impl PlanEdition for Search<'_> {
    type Card = Card;
    type Error = ();

    fn simulate(&self, program: &[Card]) -> Result<SoloOutcome, ()> {
        let mut s = self.start()?;
        for (r, &c) in program.iter().enumerate() {
            if self.settled(&s) {
                break;
            }
            self.run_register(&mut s, r as u8 + 1, c);
        }
        Ok(self.outcome(&s))
    }

    /// Checkpoints reached first, then the effort left to the next one
    /// (the course maps), then Energon and damage.
    fn score(&self, _program: &[Card], out: &SoloOutcome) -> f32 {
        if out.won {
            return 1_000_000.0;
        }
        let total = self.solo.checkpoints().len();
        let reached = usize::from(self.start + out.checkpoints);
        let index = reached.min(total.saturating_sub(1));
        let effort = match out.end {
            Some((at, facing)) => f32::from(self.maps.effort(index, at, facing)),
            None => f32::from(self.maps.worst(index)) + 8.0,
        };
        reached as f32 * 1000.0 - effort * 10.0 + f32::from(out.energy)
            - f32::from(out.damage) * 3.0
    }
}

impl PrefixPlan for Search<'_> {
    type State = Race;
    type Key = Key;

    fn start(&self) -> Result<Race, ()> {
        Ok(self.solo.clone())
    }

    fn run_register(&self, state: &mut Race, register: u8, card: Card) {
        let r = usize::from(register) - 1;
        let Some(id) = self.id_of(card) else {
            return;
        };
        let reg = &mut state.players[self.me.index()].registers[r];
        reg.cards.clear();
        reg.cards.push(id);
        let m = Milestone::RegisterEnd(register);
        for _ in 0..ANSWERS {
            match state.advance_to(m) {
                Reached::Decision {
                    player: Some(p), ..
                } => {
                    let mut out = std::mem::take(&mut state.scratch.options);
                    out.clear();
                    let _ = state.legal_actions(p, &mut out);
                    let first = out.first().cloned();
                    state.scratch.options = out;
                    let Some(a) = first else { return };
                    if agenda::answer(state, p, a).is_err() {
                        return;
                    }
                }
                _ => return,
            }
        }
    }

    fn settled(&self, state: &Race) -> bool {
        state.outcome().is_some() || state.robot(self.me).is_none()
    }

    fn outcome(&self, state: &Race) -> SoloOutcome {
        let pl = &state.players[self.me.index()];
        SoloOutcome {
            end: state.robot(self.me),
            fell_in: pl.off.map(|_| state.register()),
            checkpoints: pl.checkpoints.saturating_sub(self.start),
            won: state.outcome().is_some_and(|o| o.winner == Some(self.me)),
            damage: u8::try_from(pl.all_damage().saturating_sub(self.damage)).unwrap_or(u8::MAX),
            energy: pl.energon.saturating_sub(self.energon),
        }
    }

    fn key(&self, state: &Race) -> Option<Key> {
        let pl = &state.players[self.me.index()];
        Some(Key {
            at: state.robot(self.me),
            off: pl.off.map(|o| (o.at, o.back_after)),
            mode: state.mode(self.me),
            energon: pl.energon,
            checkpoints: pl.checkpoints,
            last: pl.last.last().copied(),
            damage: u8::try_from(pl.all_damage()).unwrap_or(u8::MAX),
            cubes: u16::try_from(state.cubes.len()).unwrap_or(u16::MAX),
            mines: u16::try_from(state.mines.len()).unwrap_or(u16::MAX),
            over: state.outcome().is_some(),
        })
    }
}

impl Planner {
    /// The best plan for `me` over every distinct program of its hand and
    /// both modes (alt mode only where the robot may take it), each
    /// simulated alone register by register; `None` when the hand cannot
    /// fill the registers or the robot is off the course.
    #[must_use]
    pub fn best_plan(&mut self, race: &Race, me: PlayerId) -> Option<(Action, f32)> {
        let pl = race.player(me)?;
        race.robot(me)?;
        let hand: SmallVec<[Card; 12]> = pl.hand.iter().map(|c| c.card()).collect();
        let mut ids: SmallVec<[CardId; 12]> = SmallVec::new();
        for &c in &pl.hand {
            if !ids.iter().any(|i| i.card() == c.card()) {
                ids.push(c);
            }
        }
        let mut solo = Planner::alone(race, me);
        // Nothing the registers do draws from these: a lighter clone.
        for (i, q) in solo.players.iter_mut().enumerate() {
            q.hand.clear();
            q.deck = robo_core::Deck::from_top(Vec::new());
            q.slots.uninstalled.clear();
            if i != me.index() {
                q.damage.clear();
            }
        }
        solo.upgrades = robo_core::Deck::from_top(Vec::new());
        // Nobody reads the copies' events.
        solo.quiet = true;
        solo.agenda.clear();
        solo.agenda
            .push(crate::task::Task::Register { register: 1 });
        solo.waiting = agenda::Waiting::Idle;
        solo.phase = crate::events::Phase::Activation;
        for q in &mut solo.players {
            q.round.planned = true;
        }
        let maps = self.maps(race);
        let slots = [None; REGISTERS];
        let mut best: Option<(Action, f32)> = None;
        for mode in [Mode::Alt, Mode::Bot] {
            if mode == Mode::Alt && race.in_building(me) {
                continue;
            }
            let mut s = solo.clone();
            if let Some(m) = s.bodies.extra_mut(RobotId::of(me)) {
                *m = mode;
            }
            let search = Search {
                solo: s,
                me,
                maps,
                ids: ids.clone(),
                start: pl.checkpoints,
                damage: pl.all_damage(),
                energon: pl.energon,
            };
            let Ok(Some(found)) = best_program_tree(&search, &hand, &slots, &[]) else {
                continue;
            };
            if best.as_ref().is_some_and(|(_, b)| *b >= found.score) {
                continue;
            }
            let placed = assign(&pl.hand, CardId::card, &found.cards, &slots)?;
            let mut program = Program {
                mode,
                ..Program::default()
            };
            for (slot, id) in program.registers.iter_mut().zip(placed) {
                if let Some(id) = id {
                    *slot = Slot::Card(id);
                }
            }
            best = Some((Action::Plan(program), found.score));
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Scenario, ScenarioFile};

    #[test]
    fn the_planner_searches_every_program_and_mode_and_finds_the_win() {
        // The checkpoint is past a walkway: alt mode cannot drive onto it
        // on its own; in bot mode a Move 2 ends on it and it carries the
        // robot onto the checkpoint.
        let text = r#"{
          "edition": "transformers",
          "board": ["+---+---+---+---+", "| S   .  w>   . |", "+---+---+---+---+",
                    "| .   .   .   . |", "+---+---+---+---+"],
          "checkpoints": [[3, 0]],
          "start": "planning",
          "robots": [
            {"at": [0, 0], "facing": "E", "hand": ["Turn Left", "Turn Right", "U-Turn", "Move 2", "Power Up", "Turn Left", "Move Back", "Drift Left", "Turn Right"]},
            {"at": [0, 1], "facing": "N", "hand": ["Turn Left", "Turn Left", "Turn Left", "Turn Right", "Turn Right"]}
          ]
        }"#;
        let file: ScenarioFile = serde_json::from_str(text).unwrap();
        let mut race = Scenario::new(&file).unwrap().race().unwrap();
        let me = PlayerId(0);
        let (plan, score) = Planner::new(1).best_plan(&race, me).expect("a plan");
        assert!(score >= 1_000_000.0, "{score}");
        let Action::Plan(p) = &plan else {
            panic!("{plan:?}")
        };
        assert_eq!(p.mode, Mode::Bot, "{p}");
        race.apply(me, plan).unwrap();
        let other = race
            .sample_plan(PlayerId(1), &mut robo_core::Rng::from_seed(1))
            .unwrap();
        race.apply(PlayerId(1), other).unwrap();
        while !race.pending().is_terminal() {
            let q = race.pending().players()[0];
            let mut out = Vec::new();
            let _ = race.legal_actions(q, &mut out);
            race.apply(q, out[0].clone()).unwrap();
            if race.round() > 1 {
                break;
            }
        }
        assert_eq!(race.outcome().and_then(|o| o.winner), Some(me));
    }
}
