//! The planner's pieces on a toy course: a one-robot world running toy
//! register steps, the search with fixed registers, and distance maps that
//! respect a world's own "cannot leave" rule.

use super::*;
use crate::board::Board;
use crate::geom::{Dir, Pos, Turn};
use crate::motion::{move_robot, Cause, Entry, Move, Stepped};
use crate::pipeline::{ConveyorPass, Gears, GridWorld, Pipeline, Step, StepFlow};
use crate::race::course::{course_from_text, Course};
use crate::toy::race::Card;
use crate::toy::ToyTile;
use std::sync::Arc;

type ToyCourse = Course<ToyTile, ()>;

/// The toy rules for a robot alone: pits and the edge swallow it.
#[derive(Clone, Copy)]
struct ToySolo<'a> {
    course: &'a ToyCourse,
    /// The card of the register being run.
    card: Option<Card>,
}

impl SoloRules for ToySolo<'_> {
    type Tile = ToyTile;
    fn board(&self) -> &Board<ToyTile> {
        self.course.board()
    }
    fn can_leave(&self, from: Pos, dir: Dir) -> bool {
        !self.course.board().blocks(from, dir)
    }
    fn entered(&mut self, step: &Stepped) -> Entry {
        match self.course.board().tile(step.to) {
            Some(t) if *t != ToyTile::Pit => Entry::Continue,
            _ => Entry::Removed,
        }
    }
}

/// A toy register: the card, belts, gears, then checkpoints.
#[derive(Clone, Copy)]
enum ToyStep {
    Card,
    Belts(ConveyorPass),
    Gears,
    Checkpoints,
}

type World<'a> = SoloWorld<ToySolo<'a>>;

impl<'a> Step<World<'a>> for ToyStep {
    fn run(&self, w: &mut World<'a>, register: u8) -> StepFlow {
        if !w.on_board {
            return StepFlow::Continue;
        }
        match *self {
            ToyStep::Card => {
                let Some(card) = w.rules.card else {
                    return StepFlow::Continue;
                };
                let facing = w.facing;
                let (dir, steps) = match card {
                    Card::Move1 => (facing, 1),
                    Card::Move2 => (facing, 2),
                    Card::Back => (facing.opposite(), 1),
                    Card::Left | Card::Right => {
                        let turn = if card == Card::Left {
                            Turn::Left
                        } else {
                            Turn::Right
                        };
                        w.turn_robot(SOLO_ROBOT, turn, Cause::Move);
                        return StepFlow::Continue;
                    }
                };
                let _ = move_robot(w, Move::new(SOLO_ROBOT, dir, steps));
            }
            ToyStep::Belts(pass) => return pass.run(w, register),
            ToyStep::Gears => return Gears.run(w, register),
            ToyStep::Checkpoints => {
                if let Some(n) = w.rules.course.checkpoint_at(w.pos) {
                    w.touch_checkpoint(u8::try_from(n).unwrap_or(u8::MAX));
                }
            }
        }
        StepFlow::Continue
    }
}

fn pipeline() -> Pipeline<ToyStep> {
    Pipeline::new(vec![
        ToyStep::Card,
        ToyStep::Belts(ConveyorPass::ALL),
        ToyStep::Gears,
        ToyStep::Checkpoints,
    ])
}

/// One decision of a toy planner.
struct ToyPlan {
    maps: CourseMaps<ToyCourse>,
    pipeline: Pipeline<ToyStep>,
    at: (Pos, Dir),
    weights: Weights,
}

impl PlanEdition for ToyPlan {
    type Card = Card;
    type Error = std::convert::Infallible;
    fn simulate(&self, program: &[Card]) -> Result<SoloOutcome, Self::Error> {
        let mut world = self.start()?;
        for (r, &card) in program.iter().enumerate() {
            self.run_register(&mut world, u8::try_from(r + 1).unwrap_or(u8::MAX), card);
            if world.settled() {
                break;
            }
        }
        Ok(world.outcome())
    }
    fn score(&self, cards: &[Card], out: &SoloOutcome) -> f32 {
        let next = usize::from(out.checkpoints);
        let distance = out.end.and_then(|(p, _)| self.maps.distance(next, p));
        // A small credit per Back card played (through the multiset of
        // cards, as the 2023 SPAM credit).
        let backs = cards.iter().filter(|c| **c == Card::Back).count();
        self.weights
            .score(&out.result(distance), self.maps.worst(next))
            + 0.5 * backs as f32
    }
}

impl<'a> PrefixPlan for &'a ToyPlan {
    type State = World<'a>;
    type Key = (Pos, Dir, bool, u8, SoloOutcome);
    fn start(&self) -> Result<World<'a>, Self::Error> {
        let course = self.maps.course();
        let rules = ToySolo { course, card: None };
        let n = u8::try_from(course.checkpoints().len()).unwrap_or(u8::MAX);
        Ok(SoloWorld::new(rules, self.at.0, self.at.1, 0, n))
    }
    fn run_register(&self, w: &mut World<'a>, register: u8, card: Card) {
        w.rules.card = Some(card);
        w.run_register(&self.pipeline, register);
    }
    fn settled(&self, w: &World<'a>) -> bool {
        w.settled()
    }
    fn outcome(&self, w: &World<'a>) -> SoloOutcome {
        w.outcome()
    }
    fn key(&self, w: &World<'a>) -> Option<Self::Key> {
        Some((w.pos, w.facing, w.on_board, w.reached, w.out))
    }
}

impl PlanEdition for &ToyPlan {
    type Card = Card;
    type Error = std::convert::Infallible;
    fn simulate(&self, program: &[Card]) -> Result<SoloOutcome, Self::Error> {
        (**self).simulate(program)
    }
    fn score(&self, cards: &[Card], out: &SoloOutcome) -> f32 {
        (**self).score(cards, out)
    }
}

/// A 4x3 yard with a pit, walled but for its east edge; the start at the
/// bottom left.
const YARD: &str = "\
+--+--+--+--+
|.. .. .. ..
+  +  +  +  +
|.. [] .. ..
+  +  +  +  +
|S. .. .. ..
+--+--+--+--+
";

fn plan(at: (Pos, Dir)) -> ToyPlan {
    let course = course_from_text(YARD, &[Pos::new(2, 0)], Dir::N, |_| ()).unwrap();
    ToyPlan {
        maps: CourseMaps::new(Arc::new(course)),
        pipeline: pipeline(),
        at,
        weights: Weights::default(),
    }
}

const HAND: [Card; 5] = [
    Card::Move1,
    Card::Move2,
    Card::Back,
    Card::Left,
    Card::Right,
];

#[test]
fn the_planner_reaches_the_checkpoint() {
    let p = plan((Pos::new(0, 1), Dir::N));
    let best = best_program(&p, &HAND, &[None; 3], &[]).unwrap().unwrap();
    assert_eq!(best.considered, 5 * 4 * 3);
    assert!(best.expected.won, "{best:?}");
    assert_eq!(best.expected.checkpoints, 1);
    assert_eq!(
        best.cards.as_slice(),
        [Card::Move1, Card::Right, Card::Move2]
    );
    // Simulated again, the program ends on the checkpoint.
    assert_eq!(p.simulate(&best.cards).unwrap(), best.expected);
}

#[test]
fn the_planner_keeps_fixed_registers_and_places_must_cards() {
    let p = plan((Pos::new(0, 1), Dir::N));
    // Register 2 is locked with a Right.
    let slots = [None, Some(Card::Right), None];
    let best = best_program(&p, &HAND, &slots, &[]).unwrap().unwrap();
    assert_eq!(best.cards[1], Card::Right);
    assert!(best.expected.won);
    assert_eq!(best.considered, 5 * 4);
    // Forced to program Back, it cannot win in three registers.
    let best = best_program(&p, &HAND, &[None; 3], &[Card::Back])
        .unwrap()
        .unwrap();
    assert!(best.cards.contains(&Card::Back));
    assert!(!best.expected.won);
    // Too few cards for the open registers: no program.
    assert!(best_program(&p, &HAND[..2], &[None; 3], &[])
        .unwrap()
        .is_none());
}

#[test]
fn the_solo_world_falls_into_pits_and_off_the_board() {
    let p = plan((Pos::new(1, 2), Dir::N));
    let out = p.simulate(&[Card::Move1, Card::Move1]).unwrap();
    assert_eq!(out.end, None);
    assert_eq!(out.fell_in, Some(1));
    assert!(out.result(Some(1)).fell);
    let out = p
        .simulate(&[Card::Right, Card::Move2, Card::Move2])
        .unwrap();
    assert_eq!(out.fell_in, Some(3), "off the open east edge");
    let out = p.simulate(&[Card::Left, Card::Move2, Card::Back]).unwrap();
    assert_eq!(
        out.end,
        Some((Pos::new(1, 2), Dir::W)),
        "a wall stops the Move 2, then it backs off"
    );
}

/// The toy yard with a ledge: a robot cannot leave (2,1) southwards.
struct Ledge(ToyCourse);

impl PlanCourse for Ledge {
    type Tile = ToyTile;
    fn board(&self) -> &Board<ToyTile> {
        self.0.board()
    }
    fn checkpoints(&self) -> &[Pos] {
        self.0.checkpoints()
    }
    fn can_stand(&self, pos: Pos) -> bool {
        PlanCourse::can_stand(&self.0, pos)
    }
    fn can_leave(&self, from: Pos, dir: Dir) -> bool {
        !(from == Pos::new(2, 1) && dir == Dir::S) && self.0.can_leave(from, dir)
    }
    fn same_course(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

#[test]
fn maps_ask_the_world_which_ways_a_cell_can_be_left() {
    let course = course_from_text(YARD, &[Pos::new(2, 2)], Dir::N, |_| ()).unwrap();
    let plain = CourseMaps::new(Arc::new(course.clone()));
    let ledge = CourseMaps::new(Arc::new(Ledge(course)));
    assert_eq!(plain.distance(0, Pos::new(2, 1)), Some(1));
    assert_eq!(
        ledge.distance(0, Pos::new(2, 1)),
        Some(3),
        "around the ledge"
    );
    assert_eq!(plain.turns_needed(0, Pos::new(2, 1), Dir::N), 2);
    assert_eq!(ledge.turns_needed(0, Pos::new(2, 1), Dir::N), 1);
    assert_eq!(ledge.walk(Pos::new(2, 0), Dir::S, 3), Some(Pos::new(2, 1)));
    assert_eq!(plain.walk(Pos::new(2, 0), Dir::S, 3), Some(Pos::new(2, 2)));
    assert_eq!(plain.walk(Pos::new(1, 0), Dir::S, 1), None, "into the pit");
    assert_eq!(plain.effort(0, Pos::new(1, 1), Dir::N), plain.worst(0) + 2);
    assert!(plain.is_for(&Arc::new(plain.course().clone())));
}

#[test]
fn the_prefix_tree_search_chooses_what_the_plain_search_chooses() {
    use crate::rng::Rng;
    let kinds = [
        Card::Move1,
        Card::Move2,
        Card::Back,
        Card::Left,
        Card::Right,
    ];
    let cells: Vec<Pos> = (0..4)
        .flat_map(|x| (0..3).map(move |y| Pos::new(x, y)))
        .filter(|&p| p != Pos::new(1, 1))
        .collect();
    let mut rng = Rng::from_seed(15);
    let mut large = false;
    for _ in 0..crate::testing::planner_hands(200) {
        let at = (cells[rng.index(cells.len())], Dir::ALL[rng.index(4)]);
        let p = plan(at);
        let hand: Vec<Card> = (0..rng.index(8))
            .map(|_| kinds[rng.index(kinds.len())])
            .collect();
        let slots: Vec<Option<Card>> = (0..rng.index(6))
            .map(|_| (rng.below(4) == 0).then(|| kinds[rng.index(kinds.len())]))
            .collect();
        let must: Vec<Card> = hand.iter().copied().filter(|_| rng.below(6) == 0).collect();
        let plain = best_program(&&p, &hand, &slots, &must).unwrap();
        let tree = best_program_tree(&&p, &hand, &slots, &must).unwrap();
        assert_eq!(tree, plain, "{at:?} {hand:?} {slots:?} {must:?}");
        if let Some(t) = &tree {
            assert!(must.iter().all(|m| t.cards.contains(m)));
            large |= t.considered > 100;
        }
    }
    assert!(large, "some hands give over a hundred programs");
}

#[test]
fn a_lone_move_ends_as_the_motion_core_ends_it() {
    let course = course_from_text(YARD, &[Pos::new(2, 0)], Dir::N, |_| ()).unwrap();
    let mut moves = 0;
    for (at, _) in course.board().cells() {
        for dir in Dir::ALL {
            for steps in 0..=4 {
                let rules = ToySolo {
                    course: &course,
                    card: None,
                };
                let mut alone = SoloWorld::new(rules, at, dir, 0, 1);
                let mut core = alone.clone();
                let m = Move::new(SOLO_ROBOT, dir, steps);
                let end = alone.move_alone(m);
                let out = move_robot(&mut core, m);
                assert_eq!(
                    (end, alone.pos, alone.on_board),
                    (out.end, core.pos, core.on_board),
                    "{m:?} from {at:?}"
                );
                moves += 1;
            }
        }
    }
    assert!(moves > 100);
}
