//! Bots: the kit's random policy, and a planner that simulates every
//! distinct program its hand allows (locked registers kept) with its robot
//! alone on the course, and takes the one that leaves it nearest its next
//! flag. It powers down when badly damaged.
//!
//! What the planner's lone-robot simulation ([`Solo`], [`SoloStep`])
//! leaves out, so its guess can differ from the game on these courses:
//! water (a card's step costs the same as on the floor), oil slicks (no
//! slide), portals and teleporters (the robot walks over them), currents
//! and repulsor fields (no push), crushers, flamers, radiation and waste
//! (no harm), board and robot lasers, chop shops and randomizers (the
//! card is the one it chose), and the other robots. It keeps walls,
//! one-way walls, ledges and ramps (the crossing rules of the game), pits,
//! drains and trap doors (taken as always open), belts, express belts,
//! pushers, gears and the flags where they stand when it plans. Its
//! distance maps know levels and the flags' cells; the exactness test
//! checks the prefix-tree search against the plain search over this same
//! simulation, not against the game.

use crate::cards::{Card, Kind};
use crate::courses::Course;
use crate::race::{Action, Race, REGISTERS};
use crate::tiles::{self, Cell, Tile};
use robo_core::board::Board;
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::ids::PlayerId;
use robo_core::motion::{move_robot, Cause, Entry, Move, Stepped};
use robo_core::pipeline::{ConveyorPass, Gears, GridWorld, Pipeline, PushPanels, Step, StepFlow};
use robo_core::protocol::Policy;
use robo_core::race::plan::{
    assign, best_program_tree, CourseMaps, PlanCourse, PlanEdition, PrefixPlan, SoloOutcome,
    SoloRules, SoloWorld, Weights,
};
use robo_core::rng::Rng;
use robo_core::Game;
use smallvec::SmallVec;
use std::sync::Arc;

mod options;

/// Damage at which the planner announces power down.
const POWER_DOWN_AT: u8 = 6;

/// The classic rules for one robot alone: walls, pits and the edge, and
/// the program it runs.
#[derive(Clone, Debug)]
pub struct Solo<'a> {
    board: &'a Board<Cell>,
    flags: &'a [Pos],
    program: SmallVec<[Kind; REGISTERS]>,
    /// The cells this register's move card goes instead of its own (an
    /// option's choice: Brakes, Fourth Gear, Reverse Gears).
    distance: Option<(u8, u8)>,
}

impl SoloRules for Solo<'_> {
    type Tile = Cell;
    fn board(&self) -> &Board<Cell> {
        self.board
    }
    fn can_leave(&self, from: Pos, dir: Dir) -> bool {
        tiles::crossing(self.board, from, dir).passes()
    }
    fn entered(&mut self, step: &Stepped) -> Entry {
        match self.board.tile(step.to).map(|c| c.tile) {
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
                let cells = match w.rules.distance {
                    Some((at, n)) if at == register => Some(n),
                    _ => None,
                };
                match kind {
                    Kind::UTurn => w.turn_robot(r, Turn::UTurn, Cause::Move),
                    Kind::RotateLeft => w.turn_robot(r, Turn::Left, Cause::Move),
                    Kind::RotateRight => w.turn_robot(r, Turn::Right, Cause::Move),
                    Kind::BackUp => drop(move_robot(
                        w,
                        Move::new(r, facing.opposite(), cells.unwrap_or(1)),
                    )),
                    k => drop(move_robot(
                        w,
                        Move::new(r, facing, cells.unwrap_or(k.steps().unsigned_abs())),
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

/// The course as the planner's distance maps see it: levels (ledges are
/// walls from below, falls from above, ramps climb) and the flags where
/// they stand now (belts and pushers move them).
#[derive(Debug)]
pub struct PlanMap {
    course: Course,
    flags: Vec<Pos>,
}

impl PlanMap {
    fn of(race: &Race) -> Self {
        PlanMap {
            course: race.course().clone(),
            flags: race.world().flags().collect(),
        }
    }
}

impl PlanCourse for PlanMap {
    type Tile = Cell;
    fn board(&self) -> &Board<Cell> {
        self.course.board()
    }
    fn checkpoints(&self) -> &[Pos] {
        &self.flags
    }
    fn can_stand(&self, pos: Pos) -> bool {
        self.course
            .board()
            .tile(pos)
            .is_some_and(robo_core::race::course::CourseTile::can_stand)
    }
    fn can_leave(&self, from: Pos, dir: Dir) -> bool {
        tiles::crossing(self.course.board(), from, dir).passes()
    }
    fn same_course(&self, other: &Self) -> bool {
        self.flags == other.flags && self.course == other.course
    }
}

/// One robot's program search.
struct Search<'a> {
    maps: &'a CourseMaps<PlanMap>,
    course: &'a Course,
    flags: &'a [Pos],
    pos: Pos,
    facing: Dir,
    reached: u8,
    weights: Weights,
    /// The steps of a lone robot's register, built once per decision.
    pipeline: Pipeline<SoloStep>,
}

impl<'a> Search<'a> {
    /// The search for a robot at `pos` facing `facing`, `reached` flags
    /// touched, on the course of `maps` with its flags at `flags` now.
    fn new(
        maps: &'a CourseMaps<PlanMap>,
        course: &'a Course,
        flags: &'a [Pos],
        at: (Pos, Dir),
        reached: u8,
    ) -> Self {
        Search {
            maps,
            course,
            flags,
            pos: at.0,
            facing: at.1,
            reached,
            weights: Weights::default(),
            pipeline: Pipeline::new(vec![SoloStep::Card, SoloStep::Elements, SoloStep::Touch]),
        }
    }

    /// The robot alone on the course before register 1, to run `program`.
    fn world(&self, program: &[Kind]) -> SoloWorld<Solo<'a>> {
        let flags = self.flags;
        let rules = Solo {
            board: self.course.board(),
            flags,
            program: program.iter().copied().collect(),
            distance: None,
        };
        SoloWorld::new(
            rules,
            self.pos,
            self.facing,
            self.reached,
            flags.len() as u8,
        )
    }
}

impl PlanEdition for Search<'_> {
    type Card = Kind;
    type Error = std::convert::Infallible;
    fn simulate(&self, program: &[Kind]) -> Result<SoloOutcome, Self::Error> {
        Ok(self.world(program).run(&self.pipeline, REGISTERS as u8))
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

/// The prefix-tree search ([`best_program_tree`]): registers run one at a
/// time on a copy of the lone robot, its program filled in as they come.
/// States are never merged (the default key): the classic search is small
/// and exactness is simplest to see.
impl<'a> PrefixPlan for Search<'a> {
    type State = SoloWorld<Solo<'a>>;
    type Key = ();
    fn start(&self) -> Result<Self::State, Self::Error> {
        Ok(self.world(&[]))
    }
    fn run_register(&self, state: &mut Self::State, register: u8, card: Kind) {
        // Register `register` reads the card at its index; the cards before
        // it were run already and are not read again.
        let i = usize::from(register.saturating_sub(1));
        let program = &mut state.rules.program;
        program.truncate(i);
        while program.len() <= i {
            program.push(card);
        }
        state.run_register(&self.pipeline, register);
    }
    fn settled(&self, state: &Self::State) -> bool {
        state.settled()
    }
    fn outcome(&self, state: &Self::State) -> SoloOutcome {
        state.outcome()
    }
}

/// A planning bot.
pub struct Planner {
    rng: Rng,
    maps: Option<CourseMaps<PlanMap>>,
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

    fn maps(&mut self, race: &Race) -> &CourseMaps<PlanMap> {
        let fresh = |m: &CourseMaps<PlanMap>| {
            m.course().course == *race.course()
                && m.course().flags.iter().copied().eq(race.world().flags())
        };
        if self.maps.as_ref().is_some_and(|m| !fresh(m)) {
            self.maps = None;
        }
        self.maps
            .get_or_insert_with(|| CourseMaps::new(Arc::new(PlanMap::of(race))))
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
        let flags: SmallVec<[Pos; 8]> = race.world().flags().collect();
        let maps = self.maps(race);
        let mut search = Search::new(maps, course, &flags, (pos, facing), robot.flags);
        search.weights = weights;
        let best = best_program_tree(&search, &hand, &slots, &[])
            .ok()
            .flatten()?;
        let ids = assign(&robot.hand, |c: Card| c.kind, &best.cards, &slots)?;
        ids.into_iter().flatten().next()
    }

    /// The facing that leaves the robot nearest its next flag.
    fn facing(&mut self, race: &Race, p: PlayerId) -> Dir {
        let Some(robot) = race.robot(p) else {
            return Dir::N;
        };
        let (at, next) = (robot.archive, usize::from(robot.flags));
        let maps = self.maps(race);
        Dir::ALL
            .into_iter()
            .min_by_key(|&d| maps.turns_needed(next, at, d))
            .unwrap_or(Dir::N)
    }
}

/// The planner's answer to a run-time option's question: the Superior
/// Archive Copy always (re-entering undamaged), Recompile with a hand of
/// five cards or fewer (too few to pick from, and the token costs little),
/// never the Abort Switch (the planned program is the one to run).
fn use_option(race: &Race, player: PlayerId) -> bool {
    use crate::options::OptionCard;
    let asked = match race.pending() {
        robo_core::protocol::Pending::Decision {
            decision: crate::race::Decision::UseOption(card),
            ..
        } => card,
        _ => return false,
    };
    match asked {
        OptionCard::SuperiorArchiveCopy => true,
        OptionCard::Recompile => race
            .robot(player)
            .is_some_and(|r| r.hand.len() <= 5 && r.damage < 4),
        _ => false,
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
            Action::Chop(_) => Some(Action::Chop(crate::race::Chop::Draw)),
            // The lowest-numbered free dock (the options come in dock order).
            Action::Dock(at) => Some(Action::Dock(at)),
            Action::Enter { .. } => Some(Action::Enter {
                facing: self.facing(race, player),
                down: false,
            }),
            Action::Face(_) => Some(Action::Face(self.facing(race, player))),
            Action::Prevent(_) => Some(options::prevent(race, player, &legal)),
            // The distance that leaves it best placed (see `options`).
            Action::Distance(_) => self.distance(race, player, &legal),
            // The option it gained last.
            Action::LoseOption(_) => legal.last().copied(),
            Action::Fire(_) => Some(options::weapon(race, player, &legal)),
            // A run-time option: see [`use_option`].
            Action::UseOption(_) => Some(Action::UseOption(use_option(race, player))),
            // The option the pushed robot gained last.
            Action::Reengineer(_) => legal.last().copied(),
            // The first option dealt.
            Action::KeepOption(_) => legal.first().copied(),
            // The repairs while damaged, else an option.
            Action::TakeOption(_) => Some(Action::TakeOption(damage == 0)),
            // Fire Control: the damage token.
            Action::Aim(_) => Some(Action::Aim(crate::race::Aim::Damage)),
            // Parking comes after announcing in the list: not reached.
            Action::Park { .. } => None,
            // The buzz bomb's cards come after announcing in the list too.
            Action::Bomb(_) => None,
            // Fly when the floor ahead would swallow the robot.
            Action::Hop(_) => Some(Action::Hop(race.hop_helps(player))),
            Action::TimeUp => None,
            // Scavenger Hunt: the option worth most to it.
            Action::Scavenge(_) => Some(options::scavenge(race, player, &legal)),
            // Listed after the cards and the announcement: not first.
            Action::Set { .. } | Action::Stack { .. } | Action::Gadget { .. } => None,
        };
        match action.filter(|a| legal.contains(a)) {
            Some(a) => Some(a),
            None => legal.get(self.rng.index(legal.len())).copied(),
        }
    }
}

#[cfg(test)]
mod tests {
    //! The prefix-tree search against the plain one on seeded hands across
    //! every built-in classic course, with locked registers (as damage
    //! locks them, from register 5 down) in about half of them.
    //! `ROBORALLY_PLANNER_HANDS` sets how many (default 120).

    use super::*;
    use crate::cards::deck;
    use crate::courses;
    use robo_core::race::plan::best_program;
    use robo_core::testing::planner_hands;

    #[test]
    fn the_prefix_tree_search_chooses_what_the_plain_search_chooses() {
        let names: Vec<&str> = courses::course_names().collect();
        let courses: Vec<Course> = names
            .iter()
            .map(|n| courses::course(n).expect("a built-in course"))
            .collect();
        let maps: Vec<CourseMaps<PlanMap>> = courses
            .iter()
            .map(|c| {
                CourseMaps::new(Arc::new(PlanMap {
                    course: c.clone(),
                    flags: c.checkpoints().to_vec(),
                }))
            })
            .collect();
        let kinds: Vec<Kind> = deck().iter().map(|c| c.kind).collect();
        let hands = planner_hands(120) as usize;
        let (mut checked, mut locked_hands) = (0, 0);
        let mut per_course = vec![0usize; names.len()];
        for seed in 0..(hands as u64) {
            let c = (seed as usize) % names.len();
            let course = &courses[c];
            let mut rng = Rng::from_seed(seed);
            let cells: Vec<Pos> = course
                .board()
                .cells()
                .filter(|(_, t)| !matches!(t.tile, Tile::Pit | Tile::Drain))
                .map(|(p, _)| p)
                .collect();
            let at = (cells[rng.index(cells.len())], Dir::ALL[rng.index(4)]);
            let reached = rng.index(course.checkpoints().len()) as u8;
            let search = Search::new(&maps[c], course, course.checkpoints(), at, reached);
            // Up to four locked registers, each with a card from the deck;
            // a robot with locked registers is dealt fewer cards.
            let locked = if rng.below(2) == 0 {
                0
            } else {
                1 + rng.index(4)
            };
            let mut slots = [None; REGISTERS];
            for s in slots.iter_mut().skip(REGISTERS - locked) {
                *s = Some(kinds[rng.index(kinds.len())]);
            }
            let hand: Vec<Kind> = (0..9 - locked)
                .map(|_| kinds[rng.index(kinds.len())])
                .collect();
            let plain = best_program(&search, &hand, &slots, &[])
                .unwrap_or_else(|e| match e {})
                .expect("a hand of 9 - locked cards fills the open registers");
            let tree = best_program_tree(&search, &hand, &slots, &[])
                .unwrap_or_else(|e| match e {})
                .expect("the same hand");
            assert_eq!(tree, plain, "seed {seed} on {}", names[c]);
            assert_eq!(tree.score.to_bits(), plain.score.to_bits());
            assert!(plain.considered > 0);
            locked_hands += usize::from(locked > 0);
            per_course[c] += 1;
            checked += 1;
        }
        assert_eq!(checked, hands);
        assert!(locked_hands * 4 >= checked, "{locked_hands} of {checked}");
        assert!(
            hands < names.len() || per_course.iter().all(|&n| n > 0),
            "{per_course:?}"
        );
    }
}
