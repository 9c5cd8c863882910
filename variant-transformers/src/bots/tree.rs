//! The planner's program search over every program and both modes: the
//! race kit's prefix-tree search ([`best_program_tree`]) over every
//! distinct program of the hand, once per mode the robot may take, each
//! register played by a small `Copy` lone robot ([`super::solo::Lone`])
//! over a table built once per course.

use super::solo::{Lone, LoneState, SoloSetup, SoloTable};
use super::Planner;
use crate::actions::{Action, Program, Slot};
use crate::arena::Arena;
use crate::cards::{Card, CardId};
use crate::damage::Effect;
use crate::mode::Mode;
use crate::race::Race;
use crate::robot::REGISTERS;
use crate::upgrades::{ModeNeed, Upgrade};
use robo_core::geom::{Dir, Pos};
use robo_core::race::plan::{
    assign, best_program_tree, CourseMaps, PlanEdition, PrefixPlan, SoloOutcome,
};
use robo_core::PlayerId;
use smallvec::SmallVec;
use std::sync::Arc;

/// The planner's score of an outcome: checkpoints reached first, then the
/// effort left to the next one (the course maps), then Energon gained and
/// damage taken.
pub(super) fn score_of(
    maps: &CourseMaps<Arena>,
    total: usize,
    start: u8,
    out: &SoloOutcome,
) -> f32 {
    if out.won {
        return 1_000_000.0;
    }
    let reached = usize::from(start + out.checkpoints);
    let index = reached.min(total.saturating_sub(1));
    let effort = match out.end {
        Some((at, facing)) => f32::from(maps.effort(index, at, facing)),
        None => f32::from(maps.worst(index)) + 8.0,
    };
    reached as f32 * 1000.0 - effort * 10.0 + f32::from(out.energy) - f32::from(out.damage) * 3.0
}

/// One mode's search: the lone robot resting before register 1.
pub(super) struct Search<'a> {
    pub(super) maps: &'a CourseMaps<Arena>,
    pub(super) start: Lone<'a>,
}

impl<'a> Search<'a> {
    /// The search for `me` in `mode` from where it stands.
    pub(super) fn new(
        maps: &'a CourseMaps<Arena>,
        setup: &'a SoloSetup<'a>,
        at: (Pos, Dir),
        mode: Mode,
        race: &Race,
        me: PlayerId,
    ) -> Option<Self> {
        let pl = race.player(me)?;
        let start = Lone::new(
            setup,
            at,
            mode,
            pl.energon(),
            pl.checkpoints(),
            pl.last.last().copied(),
        );
        Some(Search { maps, start })
    }
}

impl PlanEdition for Search<'_> {
    type Card = Card;
    type Error = ();

    fn simulate(&self, program: &[Card]) -> Result<SoloOutcome, ()> {
        let mut s = self.start;
        for (r, &c) in program.iter().enumerate() {
            if s.settled() {
                break;
            }
            s.run_register(r as u8 + 1, c);
        }
        Ok(self.outcome(&s))
    }

    fn score(&self, _program: &[Card], out: &SoloOutcome) -> f32 {
        let total = self.start.setup.checkpoints.len();
        score_of(self.maps, total, self.start.state.reached, out)
    }
}

impl<'a> PrefixPlan for Search<'a> {
    type State = Lone<'a>;
    type Key = LoneState;

    fn start(&self) -> Result<Lone<'a>, ()> {
        Ok(self.start)
    }

    fn run_register(&self, state: &mut Lone<'a>, register: u8, card: Card) {
        state.run_register(register, card);
    }

    fn settled(&self, state: &Lone<'a>) -> bool {
        state.settled()
    }

    fn outcome(&self, state: &Lone<'a>) -> SoloOutcome {
        let (s, s0) = (&state.state, &self.start.state);
        SoloOutcome {
            end: s.on.then_some((s.pos, s.facing)),
            fell_in: s.fell_in,
            checkpoints: s.reached.saturating_sub(s0.reached),
            won: s.won,
            damage: s.damage,
            energy: s.energon.saturating_sub(s0.energon),
        }
    }

    fn key(&self, state: &Lone<'a>) -> Option<LoneState> {
        Some(state.state)
    }
}

/// Does `p` have passive upgrade `u` working in `mode`?
fn has_in(race: &Race, p: PlayerId, u: Upgrade, mode: Mode) -> bool {
    let Some(pl) = race.player(p) else {
        return false;
    };
    pl.upgrades().mask() & u.bit() != 0
        && match u.mode() {
            ModeNeed::Any => true,
            ModeNeed::Bot => mode == Mode::Bot,
            ModeNeed::Alt => mode == Mode::Alt,
        }
}

impl Planner {
    /// The lone robot's table of the race's course, built once per course.
    fn solo_table(&mut self, race: &Race) {
        let arena = &race.arena.0;
        let fresh = self
            .table
            .as_ref()
            .is_some_and(|(a, _)| Arc::ptr_eq(a, arena) || **a == **arena);
        if !fresh {
            self.table = Some((Arc::clone(arena), SoloTable::new(arena)));
        }
    }

    /// What a decision for `me` in `mode` reads from the race.
    pub(super) fn setup<'a>(
        race: &'a Race,
        table: &'a SoloTable,
        me: PlayerId,
        mode: Mode,
    ) -> SoloSetup<'a> {
        let pl = race.player(me);
        SoloSetup {
            arena: &race.arena.0,
            table,
            checkpoints: race.checkpoints().iter().copied().collect(),
            cubes: race.cubes().iter().copied().collect(),
            mines: race.mines().iter().copied().collect(),
            fly: has_in(race, me, Upgrade::FlyGirl, mode),
            firewalker: has_in(race, me, Upgrade::Firewalker, mode),
            no_road_bonus: pl.is_some_and(|pl| pl.suffers(|e| e == Effect::NoRoadBonus)),
            move_penalty: pl.map_or(0, |pl| {
                pl.penalty(|e| match e {
                    Effect::MovePenalty(n) => Some(n),
                    _ => None,
                })
            }),
        }
    }

    /// The best plan for `me` over every distinct program of its hand and
    /// both modes (alt mode only where the robot may take it), each
    /// simulated on the lone robot register by register; `None` when the
    /// hand cannot fill the registers or the robot is off the course.
    #[must_use]
    pub fn best_plan(&mut self, race: &Race, me: PlayerId) -> Option<(Action, f32)> {
        let pl = race.player(me)?;
        let at = race.robot(me)?;
        let hand: SmallVec<[Card; 12]> = pl.hand.iter().map(|c| c.card()).collect();
        self.solo_table(race);
        self.maps(race);
        let (Some(maps), Some((_, table))) = (self.maps.as_ref(), self.table.as_ref()) else {
            return None;
        };
        let slots = [None; REGISTERS];
        let mut best: Option<(Action, f32)> = None;
        for mode in [Mode::Alt, Mode::Bot] {
            if mode == Mode::Alt && race.in_building(me) {
                continue;
            }
            let setup = Planner::setup(race, table, me, mode);
            let Some(search) = Search::new(maps, &setup, at, mode, race, me) else {
                continue;
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
