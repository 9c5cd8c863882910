//! A world of one robot alone on the course, for simulating a program
//! fast: the edition gives its rules ([`SoloRules`]) and its register
//! steps (`Step<SoloWorld<R>>`), the world does the rest (it is a motion
//! [`Arena`] and a [`GridWorld`], so the shared board-element steps run
//! on it unchanged) and [`SoloWorld::run`] is the register loop.

use super::SoloResult;
use crate::board::Board;
use crate::element::Elements;
use crate::geom::{Dir, Pos, Turn};
use crate::ids::RobotId;
use crate::motion::{Arena, Cause, Entry, Move, MoveEnd, Stepped};
use crate::pipeline::{GridWorld, LaserHit, Pipeline, Robots, Step};
use serde::{Deserialize, Serialize};

/// What one program does to a robot alone on the course.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SoloOutcome {
    /// Where it ended and its facing; `None` if it fell.
    pub end: Option<(Pos, Dir)>,
    /// The register in which it fell.
    pub fell_in: Option<u8>,
    /// Checkpoints reached during the program.
    pub checkpoints: u8,
    /// It reached the final checkpoint.
    pub won: bool,
    /// Damage it would take.
    pub damage: u8,
    /// Energy it would gain (up to the cap).
    pub energy: u8,
}

impl SoloOutcome {
    /// The outcome in the terms every grid edition's planner scores, with
    /// the distance to the next checkpoint measured by the caller (ignored
    /// when the robot fell).
    ///
    /// ```
    /// use robo_core::race::plan::SoloOutcome;
    /// let fell = SoloOutcome::default();
    /// assert!(fell.result(Some(3)).fell);
    /// assert_eq!(fell.result(Some(3)).distance, None);
    /// ```
    #[must_use]
    pub fn result(&self, distance: Option<u16>) -> SoloResult {
        SoloResult {
            checkpoints: self.checkpoints,
            won: self.won,
            distance: if self.end.is_some() { distance } else { None },
            fell: self.end.is_none(),
            damage: self.damage,
            energy: self.energy,
        }
    }
}

impl SoloOutcome {
    /// Where this simulated outcome disagrees with `engine`, what the real
    /// game did to the same robot alone from the same position: `None`
    /// when they agree on what a simulation promises. Who won; unless
    /// someone won, whether the robot fell; unless it fell, where it ended,
    /// the damage and the energy; and always the checkpoints reached. (The
    /// register it fell in is not compared: an engine reports a fall, not
    /// always its register.) For each edition's differential test of its
    /// simulation against its engine.
    ///
    /// ```
    /// use robo_core::geom::{Dir, Pos};
    /// use robo_core::race::plan::SoloOutcome;
    /// let sim = SoloOutcome { end: Some((Pos::new(1, 1), Dir::N)), damage: 1, ..SoloOutcome::default() };
    /// assert_eq!(sim.disagreement(&sim), None);
    /// let engine = SoloOutcome { damage: 2, ..sim };
    /// assert_eq!(sim.disagreement(&engine).as_deref(), Some("damage: simulated 1, engine 2"));
    /// let fell = SoloOutcome { end: None, damage: 5, ..sim };
    /// assert!(sim.disagreement(&fell).unwrap().starts_with("fell"));
    /// ```
    #[must_use]
    pub fn disagreement(&self, engine: &SoloOutcome) -> Option<String> {
        fn differ<V: PartialEq + std::fmt::Debug>(what: &str, sim: V, engine: V) -> Option<String> {
            (sim != engine).then(|| format!("{what}: simulated {sim:?}, engine {engine:?}"))
        }
        let fell = engine.end.is_none();
        differ("won", self.won, engine.won)
            .or_else(|| {
                (!engine.won)
                    .then(|| differ("fell", self.end.is_none(), fell))
                    .flatten()
            })
            .or_else(|| {
                (!engine.won && !fell)
                    .then(|| differ("end", self.end, engine.end))
                    .flatten()
            })
            .or_else(|| {
                (!fell)
                    .then(|| differ("damage", self.damage, engine.damage))
                    .flatten()
            })
            .or_else(|| {
                (!fell)
                    .then(|| differ("energy", self.energy, engine.energy))
                    .flatten()
            })
            .or_else(|| differ("checkpoints", self.checkpoints, engine.checkpoints))
    }
}

/// The edition's half of a one-robot world: its board and the questions
/// whose answers differ between editions.
pub trait SoloRules {
    /// The edition's tile type.
    type Tile: Elements;
    /// The assembled course.
    fn board(&self) -> &Board<Self::Tile>;
    /// May the robot leave `from` towards `dir` (walls, and whatever else
    /// the edition says stops a robot: ledges, buildings, invisible edges)?
    fn can_leave(&self, from: Pos, dir: Dir) -> bool;
    /// The robot entered a cell: [`Entry::Removed`] when it falls there
    /// (the world then takes it off the board).
    fn entered(&mut self, step: &Stepped) -> Entry;
    /// Does the element on `pos` work?
    fn element_active(&self, pos: Pos) -> bool {
        let _ = pos;
        true
    }
}

/// The robot of a solo world.
pub const SOLO_ROBOT: RobotId = RobotId(0);

/// One robot on the course with the edition's rules `R`, and what has
/// happened to it so far. Board lasers that reach it count one damage per
/// beam.
#[derive(Clone, Debug)]
pub struct SoloWorld<R> {
    /// The edition's rules and state.
    pub rules: R,
    /// The robot's cell (meaningless once it fell).
    pub pos: Pos,
    /// The robot's facing.
    pub facing: Dir,
    /// The robot is on the board (it has not fallen).
    pub on_board: bool,
    /// Checkpoints the robot had reached, counting those of this program.
    pub reached: u8,
    /// Checkpoints on the course.
    pub checkpoints: u8,
    /// What happened so far.
    pub out: SoloOutcome,
}

impl<R> SoloWorld<R> {
    /// The robot at `pos` facing `facing`, having reached `reached` of the
    /// course's `checkpoints`.
    #[must_use]
    pub fn new(rules: R, pos: Pos, facing: Dir, reached: u8, checkpoints: u8) -> Self {
        SoloWorld {
            rules,
            pos,
            facing,
            on_board: true,
            reached,
            checkpoints,
            out: SoloOutcome::default(),
        }
    }

    /// The robot ends a register on checkpoint `number` (from 1): counted
    /// when it is the next one, and the last one wins.
    pub fn touch_checkpoint(&mut self, number: u8) {
        if number == self.reached.saturating_add(1) && !self.out.won {
            self.reached = number;
            self.out.checkpoints += 1;
            self.out.won = self.reached >= self.checkpoints;
        }
    }

    /// Runs registers `1..=registers` through `pipeline`, each register's
    /// steps in order; stops when the robot falls (the rest of the program
    /// is lost) or wins.
    pub fn run<S: Step<Self>>(mut self, pipeline: &Pipeline<S>, registers: u8) -> SoloOutcome {
        for register in 1..=registers {
            self.run_register(pipeline, register);
            if self.settled() {
                break;
            }
        }
        self.outcome()
    }

    /// Runs one register's steps through `pipeline`, noting the register
    /// if the robot falls in it. The prefix-tree search
    /// ([`super::best_program_tree`]) runs a program this way, one
    /// register at a time, cloning the world between registers.
    pub fn run_register<S: Step<Self>>(&mut self, pipeline: &Pipeline<S>, register: u8) {
        pipeline.run_all(self, register);
        if !self.on_board && self.out.fell_in.is_none() {
            self.out.fell_in = Some(register);
        }
    }

    /// Nothing later registers do changes the outcome: the robot fell or
    /// won.
    #[must_use]
    pub fn settled(&self) -> bool {
        !self.on_board || self.out.won
    }

    /// What has happened so far, with where the robot stands (`end` is
    /// `None` if it fell).
    #[must_use]
    pub fn outcome(&self) -> SoloOutcome {
        SoloOutcome {
            end: self.on_board.then_some((self.pos, self.facing)),
            ..self.out
        }
    }
}

impl<R: SoloRules> SoloWorld<R> {
    /// Makes move `m` of the robot alone on the course and says how it
    /// ended: what [`move_robot`](crate::motion::move_robot) on the world
    /// returns as [`MoveOutcome::end`](crate::motion::MoveOutcome), step for
    /// step the same (the same [`Stepped`] reach [`SoloRules::entered`]),
    /// without the motion core's chain and outcome: nobody is ever in the
    /// way of a lone robot. The solo simulations run a card's move this way
    /// tens of thousands of times a decision.
    ///
    /// ```
    /// # use robo_core::race::plan::{SoloRules, SoloWorld, SOLO_ROBOT};
    /// # use robo_core::board::Board;
    /// # use robo_core::geom::{Dir, Pos};
    /// # use robo_core::motion::{Entry, Move, MoveEnd, Stepped};
    /// // A 3 x 1 floor, no walls: leaving it is a fall.
    /// struct Floor(Board<()>);
    /// impl SoloRules for Floor {
    ///     type Tile = ();
    ///     fn board(&self) -> &Board<()> { &self.0 }
    ///     fn can_leave(&self, _: Pos, _: Dir) -> bool { true }
    ///     fn entered(&mut self, s: &Stepped) -> Entry {
    ///         if self.0.contains(s.to) { Entry::Continue } else { Entry::Removed }
    ///     }
    ///     fn element_active(&self, _: Pos) -> bool { true }
    /// }
    /// let mut w = SoloWorld::new(Floor(Board::new(3, 1, ()).unwrap()), Pos::new(0, 0), Dir::E, 0, 1);
    /// assert_eq!(w.move_alone(Move::new(SOLO_ROBOT, Dir::E, 2)), Some(MoveEnd::Done));
    /// assert_eq!(w.pos, Pos::new(2, 0));
    /// assert_eq!(w.move_alone(Move::new(SOLO_ROBOT, Dir::E, 3)), Some(MoveEnd::Removed));
    /// assert!(!w.on_board);
    /// ```
    #[inline]
    pub fn move_alone(&mut self, m: Move) -> Option<MoveEnd> {
        let mut left = m.steps;
        let mut step = 0u8;
        while left > 0 {
            if !self.on_board {
                return Some(MoveEnd::Removed);
            }
            let from = self.pos;
            // A step costs one here (the world's `step_cost`).
            step = step.saturating_add(1);
            left -= 1;
            if !self.rules.can_leave(from, m.dir) {
                return Some(MoveEnd::Blocked);
            }
            let to = from.step(m.dir);
            self.pos = to;
            let stepped = Stepped {
                robot: m.robot,
                from,
                to,
                dir: m.dir,
                cause: m.cause,
                mover: m.robot,
                step,
                last: left == 0,
            };
            match self.entered(&stepped) {
                Entry::Continue => {}
                Entry::Stop => return Some(MoveEnd::Stopped),
                Entry::Pause => return Some(MoveEnd::Paused { left }),
                Entry::Removed => return Some(MoveEnd::Removed),
            }
        }
        (m.steps > 0).then_some(MoveEnd::Done)
    }
}

impl<R: SoloRules> Arena for SoloWorld<R> {
    fn robot_at(&self, pos: Pos) -> Option<RobotId> {
        (self.on_board && self.pos == pos).then_some(SOLO_ROBOT)
    }
    fn robot_pos(&self, _: RobotId) -> Option<Pos> {
        self.on_board.then_some(self.pos)
    }
    fn set_robot_pos(&mut self, _: RobotId, pos: Pos) {
        self.pos = pos;
    }
    fn can_leave(&self, _: RobotId, from: Pos, dir: Dir) -> bool {
        self.rules.can_leave(from, dir)
    }
    fn entered(&mut self, step: &Stepped) -> Entry {
        let entry = self.rules.entered(step);
        if entry == Entry::Removed {
            self.on_board = false;
        }
        entry
    }
}

impl<R: SoloRules> GridWorld for SoloWorld<R> {
    type Tile = R::Tile;
    fn board(&self) -> &Board<R::Tile> {
        self.rules.board()
    }
    fn robots_on_grid(&self) -> Robots {
        let mut r = Robots::new();
        if self.on_board {
            r.push(SOLO_ROBOT);
        }
        r
    }
    fn facing(&self, _: RobotId) -> Option<Dir> {
        Some(self.facing)
    }
    fn turn_robot(&mut self, _: RobotId, turn: Turn, _: Cause) {
        self.facing = self.facing.turn(turn);
    }
    fn element_active(&self, pos: Pos) -> bool {
        self.rules.element_active(pos)
    }
    fn laser_hit(&mut self, hit: LaserHit) {
        self.out.damage = self.out.damage.saturating_add(hit.beams);
    }
}
