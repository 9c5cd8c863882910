//! Simulating one program for one robot alone on the course, for planning
//! bots: the same register pipeline, on a small world that holds just that
//! robot, with no allocation and no randomness.
//!
//! Defaults where the real game would draw a card or ask a question:
//! - SPAM, and Again in register 1, resolve as nothing (the card that would
//!   replace them is unknown); so does the Haywire that resolves the top two
//!   cards of the deck.
//! - Brakes are never used; Drifting, Power Slide and temporary upgrades are
//!   not used; Hover Unit works.
//! - Haywire choices: rotate right; keep the facing, then move 1; move
//!   sideways to the right; spend no energy; install nothing; remove nothing.
//! - Damage is counted, not drawn: one per board laser beam that reaches the
//!   robot (it is alone, so every beam on its cell hits it), and 1 for a Move
//!   5 Haywire stopped by a wall. Deflector Shield is not used. Robot weapons
//!   do nothing (there are no other robots).
//! - A robot waiting to reboot starts on its reboot space with its facing.
//! - Falling ends the simulation (the rest of the program is cancelled).

use crate::arena::{Arena, RegisterStep};
use crate::cards::{Card, Haywire};
use crate::race::Race;
use crate::robot::{Body, MAX_ENERGY};
use crate::task::{card_ops, Op};
use crate::tiles::Tile;
use crate::upgrades::Upgrade;
use robo_core::board::Board;
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::motion::{move_robot, Arena as MotionArena, Cause, Entry, Move, MoveEnd, Stepped};
use robo_core::pipeline::{Gears, GridWorld, LaserHit, PushPanels, Robots, Step, StepFlow};
use robo_core::plan::SoloResult;
use robo_core::{PlayerId, RobotId};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// What one program does to a robot alone on the course.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The outcome in the terms every grid edition's planner uses, with the
    /// distance to the next checkpoint measured by the caller.
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

/// A simulation that cannot be run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum SoloError {
    /// No such seat.
    #[error("{0} is not a player of this race")]
    UnknownPlayer(PlayerId),
    /// The robot is neither on the board nor waiting to reboot.
    #[error("{0}'s robot has not been placed yet")]
    NotPlaced(PlayerId),
}

/// One robot on the course.
pub(crate) struct Solo<'a> {
    arena: &'a Arena,
    program: &'a [Card; 5],
    body: Body,
    less_deadly: bool,
    tokens: bool,
    hover: bool,
    lighter: bool,
    card_move: bool,
    last: Option<Card>,
    energy_now: u8,
    reached: u8,
    out: SoloOutcome,
}

const ME: RobotId = RobotId(0);

impl MotionArena for Solo<'_> {
    fn robot_at(&self, pos: Pos) -> Option<RobotId> {
        (self.body.on_board && self.body.pos == pos).then_some(ME)
    }
    fn robot_pos(&self, _: RobotId) -> Option<Pos> {
        self.body.on_board.then_some(self.body.pos)
    }
    fn set_robot_pos(&mut self, _: RobotId, pos: Pos) {
        self.body.pos = pos;
    }
    fn can_leave(&self, _: RobotId, from: Pos, dir: Dir) -> bool {
        self.arena.can_leave(from, dir, self.less_deadly)
    }
    fn entered(&mut self, step: &Stepped) -> Entry {
        match self.arena.tile(step.to) {
            None => {
                self.body.on_board = false;
                Entry::Removed
            }
            Some(Tile::Pit)
                if !(self.hover && self.card_move && !step.last && step.cause == Cause::Move) =>
            {
                self.body.on_board = false;
                Entry::Removed
            }
            _ => Entry::Continue,
        }
    }
}

impl GridWorld for Solo<'_> {
    type Tile = Tile;
    fn board(&self) -> &Board<Tile> {
        self.arena.board()
    }
    fn robots_on_grid(&self) -> Robots {
        let mut r = Robots::new();
        if self.body.on_board {
            r.push(ME);
        }
        r
    }
    fn facing(&self, _: RobotId) -> Option<Dir> {
        Some(self.body.facing)
    }
    fn turn_robot(&mut self, _: RobotId, turn: Turn, _: Cause) {
        self.body.facing = self.body.facing.turn(turn);
    }
    fn element_active(&self, pos: Pos) -> bool {
        self.arena.element_active(pos, self.tokens)
    }
    fn laser_hit(&mut self, hit: LaserHit) {
        self.out.damage = self.out.damage.saturating_add(hit.beams);
    }
}

impl Solo<'_> {
    fn gain(&mut self, n: u8) {
        if !self.lighter && self.energy_now < MAX_ENERGY {
            let g = n.min(MAX_ENERGY - self.energy_now);
            self.energy_now += g;
            self.out.energy += g;
        }
    }

    fn op(&mut self, op: Op) {
        if !self.body.on_board {
            return;
        }
        let facing = self.body.facing;
        match op {
            Op::Move { rel, steps } => self.card_move(Move::new(ME, rel.of(facing), steps), false),
            Op::Ram => self.card_move(Move::new(ME, facing, 5), true),
            Op::Turn { turn, .. } => self.body.facing = facing.turn(turn),
            Op::Face(d) => self.body.facing = d,
            Op::PowerUp => self.gain(1),
            _ => {}
        }
    }

    fn card_move(&mut self, m: Move, ram: bool) {
        self.card_move = true;
        let out = move_robot(self, m);
        self.card_move = false;
        if ram && out.end == Some(MoveEnd::Blocked) {
            self.out.damage = self.out.damage.saturating_add(1);
        }
        if self.body.on_board && self.arena.tile(self.body.pos) == Some(Tile::Pit) {
            self.body.on_board = false;
        }
    }

    fn resolve(&mut self, card: Card, register: u8) {
        let card = match card {
            Card::Again if register > 1 => match self.last {
                Some(c) => c,
                None => return,
            },
            c => c,
        };
        self.last = Some(card);
        let defaults: &[Op] = match card {
            Card::Haywire(Haywire::TurnEitherWay) => &[Op::Turn {
                turn: Turn::Right,
                maneuver: true,
            }],
            Card::Haywire(Haywire::FaceAnyMove) => &[Op::Move {
                rel: crate::actions::Rel::Forward,
                steps: 1,
            }],
            Card::Haywire(Haywire::Sidestep) => &[Op::Move {
                rel: crate::actions::Rel::Right,
                steps: 2,
            }],
            Card::Spam | Card::Again => {
                self.last = None;
                &[]
            }
            c => card_ops(c),
        };
        for &op in defaults {
            self.op(op);
        }
    }
}

impl Step<Solo<'_>> for RegisterStep {
    fn run(&self, w: &mut Solo<'_>, register: u8) -> StepFlow {
        if !w.body.on_board {
            return StepFlow::Continue;
        }
        match *self {
            RegisterStep::Cards => {
                let i = usize::from(register.saturating_sub(1)).min(4);
                w.resolve(w.program[i], register);
            }
            RegisterStep::Conveyors(pass) => {
                if matches!(w.arena.tile(w.body.pos), Some(Tile::Belt(_))) {
                    let _ = pass.run(w, register);
                }
            }
            RegisterStep::PushPanels => {
                let _ = PushPanels.run(w, register);
            }
            RegisterStep::Gears => {
                let _ = Gears.run(w, register);
            }
            // Alone, the robot is the nearest robot of every beam that reaches it.
            RegisterStep::BoardLasers => {
                w.out.damage = w.out.damage.saturating_add(w.arena.beams_at(w.body.pos))
            }
            RegisterStep::RobotWeapons => {}
            RegisterStep::Batteries => {
                if w.arena.tile(w.body.pos) == Some(Tile::Battery) && w.element_active(w.body.pos) {
                    w.gain(1);
                }
            }
            RegisterStep::Checkpoints => {
                if w.arena.checkpoint_at(w.body.pos) == Some(w.reached + 1) && !w.out.won {
                    w.reached += 1;
                    w.out.checkpoints += 1;
                    w.out.won = w.reached >= w.arena.checkpoints();
                }
            }
        }
        // Alone, nothing is set off: the solo world keeps no agenda.
        StepFlow::Continue
    }
}

impl Race {
    /// Runs `program` (registers 1 to 5) for `player`'s robot alone on the
    /// course, from where it stands now, through the real register
    /// pipeline. Allocation-free; see the module documentation for the
    /// defaults it takes where the game would draw or ask.
    ///
    /// # Errors
    /// [`SoloError`] for an unknown seat or a robot not placed yet.
    ///
    /// ```
    /// use robo_core::geom::{Dir, Pos};
    /// use robo_core::PlayerId;
    /// use variant_2023::position::{Position, RobotSpec};
    /// use variant_2023::testkit::simple_course;
    /// use variant_2023::{Card, Race, Setup};
    /// let robots = vec![RobotSpec::at(Pos::new(1, 4), Dir::N), RobotSpec::at(Pos::new(5, 7), Dir::N)];
    /// let race = Race::from_position(Position::new(Setup::new(simple_course(), 2), robots)).unwrap();
    /// let program = [Card::Move2, Card::Move1, Card::RotateLeft, Card::RotateRight, Card::PowerUp];
    /// let out = race.simulate_solo(PlayerId(0), &program).unwrap();
    /// assert_eq!(out.checkpoints, 1); // checkpoint 1 is at (1, 1)
    /// ```
    pub fn simulate_solo(
        &self,
        player: PlayerId,
        program: &[Card; 5],
    ) -> Result<SoloOutcome, SoloError> {
        let pl = self
            .players
            .get(player.index())
            .ok_or(SoloError::UnknownPlayer(player))?;
        let body = self
            .bodies
            .get(RobotId::of(player))
            .copied()
            .ok_or(SoloError::UnknownPlayer(player))?;
        let body = if body.on_board {
            body
        } else if pl.rebooting.is_some() {
            let (pos, _) = self
                .reboot_spot(player)
                .ok_or(SoloError::NotPlaced(player))?;
            Body::new(pos, body.facing, true)
        } else {
            return Err(SoloError::NotPlaced(player));
        };
        let mut w = Solo {
            arena: &self.arena,
            program,
            body,
            less_deadly: self.options.less_deadly,
            tokens: !self.options.dynamic_archiving,
            hover: self.has(player, Upgrade::HoverUnit),
            lighter: self.options.lighter,
            card_move: false,
            last: None,
            energy_now: pl.energy,
            reached: pl.checkpoints,
            out: SoloOutcome {
                end: None,
                fell_in: None,
                checkpoints: 0,
                won: false,
                damage: 0,
                energy: 0,
            },
        };
        for register in 1..=5u8 {
            for step in self.arena.pipeline().steps() {
                let _ = step.run(&mut w, register);
            }
            if !w.body.on_board {
                w.out.fell_in = Some(register);
                return Ok(w.out);
            }
            if w.out.won {
                break;
            }
        }
        w.out.end = Some((w.body.pos, w.body.facing));
        Ok(w.out)
    }
}
