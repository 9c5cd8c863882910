//! Bots: the kit's random policy, and a planner that simulates every
//! distinct program its hand allows (locked registers kept) with its robot
//! alone on the course, and takes the one that leaves it nearest its next
//! flag. It powers down when badly damaged.

use crate::cards::{Card, Kind};
use crate::courses::Course;
use crate::race::{Action, Race, REGISTERS};
use crate::tiles::Tile;
use robo_core::board::Board;
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::ids::PlayerId;
use robo_core::motion::{move_robot, Cause, Entry, Move, Stepped};
use robo_core::pipeline::{ConveyorPass, Gears, GridWorld, Pipeline, PushPanels, Step, StepFlow};
use robo_core::protocol::Policy;
use robo_core::race::plan::{
    assign, best_program, CourseMaps, PlanEdition, SoloOutcome, SoloRules, SoloWorld, Weights,
};
use robo_core::rng::Rng;
use robo_core::Game;
use smallvec::SmallVec;
use std::sync::Arc;

/// Damage at which the planner announces power down.
const POWER_DOWN_AT: u8 = 6;

/// The classic rules for one robot alone: walls, pits and the edge, and
/// the program it runs.
#[derive(Clone, Debug)]
pub struct Solo<'a> {
    board: &'a Board<Tile>,
    flags: &'a [Pos],
    program: SmallVec<[Kind; REGISTERS]>,
}

impl SoloRules for Solo<'_> {
    type Tile = Tile;
    fn board(&self) -> &Board<Tile> {
        self.board
    }
    fn can_leave(&self, from: Pos, dir: Dir) -> bool {
        !self.board.blocks(from, dir)
    }
    fn entered(&mut self, step: &Stepped) -> Entry {
        match self.board.tile(step.to) {
            // Trap doors count as open: the planner keeps off them.
            None | Some(Tile::Pit | Tile::Drain | Tile::TrapDoor(_)) => Entry::Removed,
            Some(_) => Entry::Continue,
        }
    }
}

/// The steps of a register a lone robot meets (no lasers: the planner
/// counts them as they come).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoloStep {
    /// Its card.
    Card,
    /// Express belts, all belts, pushers, gears.
    Elements,
    /// Flags touched.
    Touch,
}

impl<'a> Step<SoloWorld<Solo<'a>>> for SoloStep {
    fn run(&self, w: &mut SoloWorld<Solo<'a>>, register: u8) -> StepFlow {
        match self {
            SoloStep::Card => {
                let Some(&kind) = w.rules.program.get(usize::from(register.saturating_sub(1)))
                else {
                    return StepFlow::Continue;
                };
                let r = robo_core::race::plan::SOLO_ROBOT;
                let facing = w.facing;
                match kind {
                    Kind::UTurn => w.turn_robot(r, Turn::UTurn, Cause::Move),
                    Kind::RotateLeft => w.turn_robot(r, Turn::Left, Cause::Move),
                    Kind::RotateRight => w.turn_robot(r, Turn::Right, Cause::Move),
                    Kind::BackUp => drop(move_robot(w, Move::new(r, facing.opposite(), 1))),
                    k => drop(move_robot(
                        w,
                        Move::new(r, facing, k.steps().unsigned_abs()),
                    )),
                }
            }
            SoloStep::Elements => {
                if w.on_board {
                    let _ = ConveyorPass::EXPRESS.run(w, register);
                }
                if w.on_board {
                    let _ = ConveyorPass::ALL.run(w, register);
                }
                if w.on_board {
                    let _ = PushPanels.run(w, register);
                    let _ = Gears.run(w, register);
                }
            }
            SoloStep::Touch => {
                if let Some(i) = w.rules.flags.iter().position(|&f| f == w.pos) {
                    w.touch_checkpoint(i as u8 + 1);
                }
            }
        }
        StepFlow::Continue
    }
}

/// One robot's program search.
struct Search<'a> {
    maps: &'a CourseMaps<Course>,
    course: &'a Course,
    pos: Pos,
    facing: Dir,
    reached: u8,
    weights: Weights,
}

impl PlanEdition for Search<'_> {
    type Card = Kind;
    type Error = std::convert::Infallible;
    fn simulate(&self, program: &[Kind]) -> Result<SoloOutcome, Self::Error> {
        let flags = self.course.checkpoints();
        let rules = Solo {
            board: self.course.board(),
            flags,
            program: program.iter().copied().collect(),
        };
        let world = SoloWorld::new(
            rules,
            self.pos,
            self.facing,
            self.reached,
            flags.len() as u8,
        );
        let pipeline = Pipeline::new(vec![SoloStep::Card, SoloStep::Elements, SoloStep::Touch]);
        Ok(world.run(&pipeline, REGISTERS as u8))
    }
    fn score(&self, _: &[Kind], out: &SoloOutcome) -> f32 {
        let next = usize::from(self.reached.saturating_add(out.checkpoints));
        let (distance, turns) = match out.end {
            Some((pos, facing)) if !out.won => (
                self.maps.distance(next, pos),
                self.maps.turns_needed(next, pos, facing),
            ),
            _ => (Some(0), 0),
        };
        self.weights
            .score(&out.result(distance), self.maps.worst(next))
            + self.weights.distance * 0.5 * f32::from(turns)
    }
}

/// A planning bot.
pub struct Planner {
    rng: Rng,
    maps: Option<CourseMaps<Course>>,
    weights: Weights,
}

impl Planner {
    /// A planner; `seed` breaks ties among equal choices.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Planner {
            rng: Rng::from_seed(seed),
            maps: None,
            weights: Weights::default(),
        }
    }

    fn maps(&mut self, course: &Course) -> &CourseMaps<Course> {
        if self.maps.as_ref().is_none_or(|m| m.course() != course) {
            self.maps = None;
        }
        self.maps
            .get_or_insert_with(|| CourseMaps::new(Arc::new(course.clone())))
    }

    /// The card to program next: the next card of the best program.
    fn next_card(&mut self, race: &Race, p: PlayerId) -> Option<Card> {
        let robot = race.robot(p)?;
        let (pos, facing) = race.world().at(robo_core::RobotId::of(p))?;
        let slots: SmallVec<[Option<Kind>; REGISTERS]> =
            robot.registers.iter().map(|c| c.map(|c| c.kind)).collect();
        let hand: SmallVec<[Kind; 9]> = robot.hand.iter().map(|c| c.kind).collect();
        let weights = self.weights;
        let course = race.course();
        let maps = self.maps(course);
        let search = Search {
            maps,
            course,
            pos,
            facing,
            reached: robot.flags,
            weights,
        };
        let best = best_program(&search, &hand, &slots, &[]).ok().flatten()?;
        let ids = assign(&robot.hand, |c: Card| c.kind, &best.cards, &slots)?;
        ids.into_iter().flatten().next()
    }

    /// The facing that leaves the robot nearest its next flag.
    fn facing(&mut self, race: &Race, p: PlayerId) -> Dir {
        let Some(robot) = race.robot(p) else {
            return Dir::N;
        };
        let (at, next) = (robot.archive, usize::from(robot.flags));
        let maps = self.maps(race.course());
        Dir::ALL
            .into_iter()
            .min_by_key(|&d| maps.turns_needed(next, at, d))
            .unwrap_or(Dir::N)
    }
}

impl Policy<Race> for Planner {
    fn choose(&mut self, race: &Race, player: PlayerId) -> Option<Action> {
        let mut legal = Vec::new();
        race.legal_actions(player, &mut legal);
        let first = *legal.first()?;
        let damage = race.robot(player).map_or(0, |r| r.damage);
        let action = match first {
            Action::Program(_) => self.next_card(race, player).map(Action::Program),
            Action::Announce(_) => Some(Action::Announce(damage >= POWER_DOWN_AT)),
            Action::StayDown(_) => Some(Action::StayDown(false)),
            // The lowest-numbered free dock (the options come in dock order).
            Action::Dock(at) => Some(Action::Dock(at)),
            Action::Enter { .. } => Some(Action::Enter {
                facing: self.facing(race, player),
                down: false,
            }),
        };
        match action.filter(|a| legal.contains(a)) {
            Some(a) => Some(a),
            None => legal.get(self.rng.index(legal.len())).copied(),
        }
    }
}
