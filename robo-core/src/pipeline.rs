//! The order of a round and of a register, as data.
//!
//! An edition lists its steps once, in the rulebook's order, as a
//! [`Pipeline`] of its own step type; each step implements [`Step`] for the
//! edition's world. The steps several editions share are here, with
//! parameters: [`ConveyorPass`], [`PushPanels`], [`Gears`], [`BoardLasers`].
//! They work on any world that implements [`GridWorld`].

use crate::board::Board;
use crate::conveyance::{order_front_first, resolve_with, Proposal, Proposals};
use crate::element::{BeltSpeed, Elements, LaserMount};
use crate::geom::{Dir, Pos, Turn};
use crate::ids::RobotId;
use crate::motion::{move_robot, Arena, Cause, Move, Stepped};
use crate::ray::{first_robot_across, RayOptions};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// Robots of a grid, few enough to stay on the stack.
pub type Robots = SmallVec<[RobotId; 8]>;

/// What a step left behind: whether the next step may run at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[must_use]
pub enum StepFlow {
    /// Nothing to do in between: the next step runs at once.
    Continue,
    /// The step set something off (a task on the edition's agenda, a
    /// choice, the end of the game): the next step waits under it (see
    /// [`crate::agenda::run_steps`]).
    SetOff,
}

/// One step of a round or register, run against an edition's world `W`.
pub trait Step<W: ?Sized> {
    /// Carries the step out in register `register` (from 1) and says
    /// whether it set something off. The shared steps of this module only
    /// call the world's hooks and return [`StepFlow::Continue`]; an
    /// edition whose hooks put tasks on its agenda wraps them and reports
    /// what they did.
    fn run(&self, world: &mut W, register: u8) -> StepFlow;
}

/// Steps in the order the rulebook gives them.
///
/// ```
/// use robo_core::pipeline::{Pipeline, Step, StepFlow};
/// struct Log(Vec<&'static str>);
/// #[derive(Clone, Copy)]
/// enum S { Cards, Lasers }
/// impl Step<Log> for S {
///     fn run(&self, w: &mut Log, _register: u8) -> StepFlow {
///         w.0.push(match self { S::Cards => "cards", S::Lasers => "lasers" });
///         StepFlow::Continue
///     }
/// }
/// let p = Pipeline::new(vec![S::Cards, S::Lasers]);
/// let mut log = Log(vec![]);
/// p.run_all(&mut log, 1);
/// assert_eq!(log.0, ["cards", "lasers"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pipeline<S> {
    steps: Vec<S>,
}

impl<S> Pipeline<S> {
    /// A pipeline of these steps, in this order.
    #[must_use]
    pub fn new(steps: Vec<S>) -> Self {
        Pipeline { steps }
    }

    /// The steps in order.
    #[must_use]
    pub fn steps(&self) -> &[S] {
        &self.steps
    }

    /// Step `i` (from 0), if there is one. An edition's agenda keeps `i`.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<&S> {
        self.steps.get(i)
    }

    /// Number of steps.
    #[must_use]
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// No steps.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Runs every step in order, whatever they set off (for editions whose
    /// steps never wait for a player's choice; others run the steps from
    /// their agenda with [`crate::agenda::run_steps`]).
    pub fn run_all<W: ?Sized>(&self, world: &mut W, register: u8)
    where
        S: Step<W>,
    {
        for s in &self.steps {
            let _ = s.run(world, register);
        }
    }
}

/// A board laser hit: which robot, from which mount, how many beams.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LaserHit {
    /// The robot hit.
    pub robot: RobotId,
    /// The mount's cell.
    pub source: Pos,
    /// Firing direction.
    pub dir: Dir,
    /// Beams of the mount.
    pub beams: u8,
}

/// A world the shared board-element steps can act on: a board of tiles that
/// know their [`Elements`], and robots with facings.
pub trait GridWorld: Arena {
    /// The edition's tile type.
    type Tile: Elements;
    /// The assembled course.
    fn board(&self) -> &Board<Self::Tile>;
    /// Robots on the grid, in the order in which simultaneous effects are
    /// reported.
    fn robots_on_grid(&self) -> Robots;
    /// A robot's facing.
    fn facing(&self, robot: RobotId) -> Option<Dir>;
    /// Turns a robot in place.
    fn turn_robot(&mut self, robot: RobotId, turn: Turn, cause: Cause);
    /// Whether the element on `pos` works (2023: not under a checkpoint).
    fn element_active(&self, pos: Pos) -> bool {
        let _ = pos;
        true
    }
    /// Board laser mounts; `None` makes the laser step scan the board. An
    /// edition may build the list once with [`laser_mounts`].
    fn laser_mounts(&self) -> Option<&[(Pos, LaserMount)]> {
        None
    }
    /// Whether something besides a wall stops a beam crossing from `from`
    /// towards `dir`: the sight half of a world's can-leave test (a
    /// building entered from outside, a grandstand, a ledge seen from the
    /// level below, a repulsor field). Board lasers ask it; robot weapons
    /// pass it to [`crate::ray::cast_across`]. No by default.
    fn blocks_sight(&self, from: Pos, dir: Dir) -> bool {
        let _ = (from, dir);
        false
    }
    /// A board laser hit a robot. The edition deals damage (or queues it).
    fn laser_hit(&mut self, hit: LaserHit);
}

/// Every laser mount of a board, in row order.
#[must_use]
pub fn laser_mounts<T: Elements>(board: &Board<T>) -> Vec<(Pos, LaserMount)> {
    board
        .cells()
        .filter_map(|(p, t)| t.laser().map(|m| (p, m)))
        .collect()
}

/// Which belts a conveyor pass moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ConveyorPass {
    /// Move robots on normal belts.
    pub normal: bool,
    /// Move robots on express belts.
    pub express: bool,
}

impl ConveyorPass {
    /// Only express belts.
    pub const EXPRESS: ConveyorPass = ConveyorPass {
        normal: false,
        express: true,
    };
    /// Only normal belts.
    pub const NORMAL: ConveyorPass = ConveyorPass {
        normal: true,
        express: false,
    };
    /// Every belt.
    pub const ALL: ConveyorPass = ConveyorPass {
        normal: true,
        express: true,
    };

    /// Does this pass move robots on belts of `speed`?
    #[must_use]
    pub fn carries(self, speed: BeltSpeed) -> bool {
        match speed {
            BeltSpeed::Normal => self.normal,
            BeltSpeed::Express => self.express,
        }
    }

    /// The conveyance this pass would make for `robots` (all of them, or one
    /// robot alone for effects that run the belts for a single robot),
    /// resolved but not applied. A belt moves a robot only where the world's
    /// [`Arena::can_leave`] lets it leave its cell.
    pub fn plan<W: GridWorld + ?Sized>(self, world: &W, robots: &[RobotId]) -> Proposals {
        let board = world.board();
        let mut proposals = Proposals::new();
        for &r in robots {
            let Some(from) = world.robot_pos(r) else {
                continue;
            };
            let Some(c) = board.tile(from).and_then(Elements::conveyor) else {
                continue;
            };
            // The world says what stops a robot leaving its cell (walls, and
            // whatever else its rules add, such as invisible edge walls).
            if !self.carries(c.speed)
                || !world.element_active(from)
                || !world.can_leave(r, from, c.dir)
            {
                continue;
            }
            let to = from.step(c.dir);
            let turn = board
                .tile(to)
                .filter(|_| world.element_active(to))
                .and_then(Elements::conveyor)
                .and_then(|next| next.turn_on_entry(c.dir));
            proposals.push(Proposal {
                robot: r,
                from,
                to,
                turn,
            });
        }
        resolve_with(
            &mut proposals,
            |p, r| world.blocker(p, r),
            |a, b| world.meets(a, b),
        );
        order_front_first(&mut proposals);
        proposals
    }

    /// Applies resolved conveyance: moves, then turns, then entry effects.
    pub fn apply<W: GridWorld + ?Sized>(world: &mut W, moves: &Proposals) {
        for m in moves {
            world.set_robot_pos(m.robot, m.to);
        }
        for m in moves {
            if let Some(t) = m.turn {
                world.turn_robot(m.robot, t, Cause::Conveyed);
            }
        }
        for m in moves {
            let dir = m.from.direction_to(m.to).unwrap_or(Dir::N);
            let s = Stepped {
                robot: m.robot,
                from: m.from,
                to: m.to,
                dir,
                cause: Cause::Conveyed,
                mover: m.robot,
                step: 1,
                last: true,
            };
            world.entered(&s);
        }
    }
}

impl<W: GridWorld + ?Sized> Step<W> for ConveyorPass {
    fn run(&self, world: &mut W, _register: u8) -> StepFlow {
        let robots = world.robots_on_grid();
        let moves = self.plan(world, &robots);
        ConveyorPass::apply(world, &moves);
        StepFlow::Continue
    }
}

/// Push panels push the robot on them (and any robots in front) one cell,
/// in the registers printed on them. Panels act in the order of the robots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PushPanels;

impl<W: GridWorld + ?Sized> Step<W> for PushPanels {
    fn run(&self, world: &mut W, register: u8) -> StepFlow {
        let robots = world.robots_on_grid();
        // Which robots stand on an active panel, decided before anyone moves.
        let mut pushes: SmallVec<[(RobotId, Pos, Dir); 8]> = SmallVec::new();
        for &r in &robots {
            let Some(p) = world.robot_pos(r) else {
                continue;
            };
            let Some(panel) = world.board().tile(p).and_then(Elements::push_panel) else {
                continue;
            };
            if panel.registers.contains(register) && world.element_active(p) {
                pushes.push((r, p, panel.dir));
            }
        }
        for (r, at, dir) in pushes {
            // A robot an earlier panel pushed off its own panel is not pushed again.
            if world.robot_pos(r) == Some(at) {
                let _ = move_robot(
                    world,
                    Move::new(r, dir, 1).with_cause(Cause::Push { by: None }),
                );
            }
        }
        StepFlow::Continue
    }
}

/// Gears turn the robots on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Gears;

impl<W: GridWorld + ?Sized> Step<W> for Gears {
    fn run(&self, world: &mut W, _register: u8) -> StepFlow {
        let robots = world.robots_on_grid();
        for r in robots {
            let Some(p) = world.robot_pos(r) else {
                continue;
            };
            let Some(turn) = world.board().tile(p).and_then(Elements::gear) else {
                continue;
            };
            if world.element_active(p) {
                world.turn_robot(r, turn, Cause::Placed);
            }
        }
        StepFlow::Continue
    }
}

/// Board lasers fire: each mount hits the nearest robot in its line (its
/// own cell included); walls and [`GridWorld::blocks_sight`] stop the
/// beam. Hits are found first and reported afterwards, so they are
/// simultaneous.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoardLasers;

impl BoardLasers {
    /// The hits lasers would make now, in mount order.
    pub fn hits<W: GridWorld + ?Sized>(world: &W) -> SmallVec<[LaserHit; 8]> {
        let opts = RayOptions {
            include_start: true,
            ..RayOptions::default()
        };
        let mut hits = SmallVec::new();
        let mut fire = |source: Pos, m: LaserMount| {
            // Only the nearest robot matters: walk the line without recording it.
            let first = first_robot_across(
                world.board(),
                source,
                m.dir,
                opts,
                |p| world.robot_at(p),
                |p, d| world.blocks_sight(p, d),
            );
            if let Some((robot, _)) = first {
                hits.push(LaserHit {
                    robot,
                    source,
                    dir: m.dir,
                    beams: m.beams,
                });
            }
        };
        match world.laser_mounts() {
            Some(mounts) => mounts.iter().for_each(|&(p, m)| fire(p, m)),
            None => world
                .board()
                .cells()
                .filter_map(|(p, t)| t.laser().map(|m| (p, m)))
                .for_each(|(p, m)| fire(p, m)),
        }
        hits
    }
}

impl<W: GridWorld + ?Sized> Step<W> for BoardLasers {
    fn run(&self, world: &mut W, _register: u8) -> StepFlow {
        for hit in BoardLasers::hits(world) {
            world.laser_hit(hit);
        }
        StepFlow::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::ToyWorld;

    fn run<S: Step<ToyWorld>>(w: &mut ToyWorld, s: S, register: u8) {
        assert_eq!(s.run(w, register), StepFlow::Continue);
    }

    #[test]
    fn express_belts_move_in_express_passes_only() {
        let board = "
+--+--+--+--+--+
 >= >= >= >. ..
+--+--+--+--+--+
";
        let mut w = ToyWorld::new(board, &[(0, 0, Dir::N)]).unwrap();
        run(&mut w, ConveyorPass::EXPRESS, 1);
        run(&mut w, ConveyorPass::EXPRESS, 1);
        assert_eq!(w.pos(0), Some(Pos::new(2, 0)));
        run(&mut w, ConveyorPass::NORMAL, 1);
        assert_eq!(
            w.pos(0),
            Some(Pos::new(2, 0)),
            "a normal pass leaves express belts alone"
        );
        run(&mut w, ConveyorPass::EXPRESS, 1);
        run(&mut w, ConveyorPass::NORMAL, 1);
        assert_eq!(w.pos(0), Some(Pos::new(4, 0)));
    }

    #[test]
    fn conveyors_never_push_and_stop_at_walls() {
        let board = "
+--+--+--+--+
 >. >. ..|..
+--+--+--+--+
";
        let mut w = ToyWorld::new(board, &[(1, 0, Dir::N), (2, 0, Dir::N)]).unwrap();
        run(&mut w, ConveyorPass::ALL, 1);
        assert_eq!(
            (w.pos(0), w.pos(1)),
            (Some(Pos::new(1, 0)), Some(Pos::new(2, 0))),
            "no push"
        );
        let board = "
+--+--+--+
 >.|.. ..
+--+--+--+
";
        let mut w = ToyWorld::new(board, &[(0, 0, Dir::N)]).unwrap();
        run(&mut w, ConveyorPass::ALL, 1);
        assert_eq!(w.pos(0), Some(Pos::new(0, 0)), "a wall stops the belt");
    }

    #[test]
    fn a_belt_stops_where_the_world_says_a_robot_cannot_leave() {
        let board = "
+--+--+
 .. >.
+--+--+
";
        let mut w = ToyWorld::new(board, &[(1, 0, Dir::N)]).unwrap();
        w.edge_walls = true;
        run(&mut w, ConveyorPass::ALL, 1);
        assert_eq!(w.pos(0), Some(Pos::new(1, 0)), "the open edge is a wall");
        w.edge_walls = false;
        run(&mut w, ConveyorPass::ALL, 1);
        assert_eq!(w.pos(0), None, "carried off the open edge");
    }

    #[test]
    fn a_curve_turns_robots_carried_onto_it_from_its_curved_side() {
        // (0,0) carries east onto (1,0), which carries south and is curved
        // from its right side... the robot arrives from the west = the right
        // side of a south-going belt, and turns right.
        let board = "
+--+--+
 >. vr
+  +  +
 .. ..
+--+--+
";
        let mut w = ToyWorld::new(board, &[(0, 0, Dir::W)]).unwrap();
        run(&mut w, ConveyorPass::ALL, 1);
        assert_eq!(w.pos(0), Some(Pos::new(1, 0)));
        assert_eq!(
            w.facing_of(0),
            Some(Dir::N),
            "its leading side (the back) turned right"
        );
        // Moved onto a curve by other means: no turn.
        let mut w = ToyWorld::new(board, &[(0, 0, Dir::E)]).unwrap();
        move_robot(&mut w, Move::new(RobotId(0), Dir::E, 1));
        assert_eq!(w.facing_of(0), Some(Dir::E));
    }

    #[test]
    fn pushers_push_only_in_their_registers_and_push_lines() {
        let board = "
+--+--+--+--+
 P> .. .. ..
+--+--+--+--+
";
        let mut w = ToyWorld::new(board, &[(0, 0, Dir::N), (1, 0, Dir::N)]).unwrap();
        run(&mut w, PushPanels, 2);
        assert_eq!(w.pos(0), Some(Pos::new(0, 0)));
        run(&mut w, PushPanels, 3);
        assert_eq!(
            (w.pos(0), w.pos(1)),
            (Some(Pos::new(1, 0)), Some(Pos::new(2, 0)))
        );
    }

    #[test]
    fn a_robot_pushed_off_its_panel_by_another_panel_is_not_pushed_again() {
        // Robot 0 on a panel pushing east shoves robot 1 off a panel that
        // pushes south: robot 1 ends east of its panel, not south of it.
        let board = "
+--+--+--+--+
 P> Pv .. ..
+  +  +  +  +
 .. .. .. ..
+--+--+--+--+
";
        let mut w = ToyWorld::new(board, &[(0, 0, Dir::N), (1, 0, Dir::N)]).unwrap();
        run(&mut w, PushPanels, 1);
        assert_eq!(
            (w.pos(0), w.pos(1)),
            (Some(Pos::new(1, 0)), Some(Pos::new(2, 0)))
        );
    }

    #[test]
    fn gears_turn_and_lasers_hit_the_nearest_robot_behind_no_wall() {
        let board = "
+--+--+--+--+
 Z> .. .. G>
+--+--+--+--+
 Z> ..|.. ..
+--+--+--+--+
";
        let mut w =
            ToyWorld::new(board, &[(2, 0, Dir::N), (3, 0, Dir::N), (3, 1, Dir::N)]).unwrap();
        run(&mut w, Gears, 1);
        assert_eq!(w.facing_of(1), Some(Dir::E));
        run(&mut w, BoardLasers, 1);
        assert_eq!(
            w.robots.iter().map(|r| r.hits).collect::<Vec<_>>(),
            vec![1, 0, 0]
        );
        // A robot on the mount itself is hit.
        let mut w = ToyWorld::new(board, &[(0, 1, Dir::N)]).unwrap();
        run(&mut w, BoardLasers, 1);
        assert_eq!(w.robots[0].hits, 1);
    }

    #[test]
    fn elements_under_flags_are_inactive_by_the_worlds_rule() {
        let board = "
+--+--+
 F1 ..
+--+--+
";
        let mut w = ToyWorld::new(board, &[(0, 0, Dir::N)]).unwrap();
        assert!(!w.element_active(Pos::new(0, 0)));
        run(&mut w, Gears, 1);
        assert_eq!(w.facing_of(0), Some(Dir::N));
    }

    #[test]
    fn a_pipeline_runs_its_steps_in_order() {
        #[derive(Clone, Copy)]
        enum S {
            Express,
            Gears,
        }
        impl Step<ToyWorld> for S {
            fn run(&self, w: &mut ToyWorld, r: u8) -> StepFlow {
                match self {
                    S::Express => ConveyorPass::EXPRESS.run(w, r),
                    S::Gears => Gears.run(w, r),
                }
            }
        }
        let board = "
+--+--+
 >= G<
+--+--+
";
        let mut w = ToyWorld::new(board, &[(0, 0, Dir::N)]).unwrap();
        Pipeline::new(vec![S::Express, S::Gears]).run_all(&mut w, 1);
        assert_eq!(
            (w.pos(0), w.facing_of(0)),
            (Some(Pos::new(1, 0)), Some(Dir::W))
        );
        let mut w = ToyWorld::new(board, &[(0, 0, Dir::N)]).unwrap();
        Pipeline::new(vec![S::Gears, S::Express]).run_all(&mut w, 1);
        assert_eq!(
            w.facing_of(0),
            Some(Dir::N),
            "the gear acted before the robot arrived"
        );
    }
}
