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
use robo_core::motion::{move_robot, Cause, Entry, Move, MoveEnd, Stepped};
use robo_core::pipeline::{Gears, GridWorld, PushPanels, Step, StepFlow};
use robo_core::race::plan::{SoloRules, SoloWorld, SOLO_ROBOT};
use robo_core::{PlayerId, RobotId};
use thiserror::Error;

/// What one program does to a robot alone on the course (the race kit's
/// [`robo_core::race::plan::SoloOutcome`]).
pub use robo_core::race::plan::SoloOutcome;

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

/// The 2023 rules for one robot alone on the course.
pub(crate) struct Solo<'a> {
    arena: &'a Arena,
    program: &'a [Card],
    less_deadly: bool,
    tokens: bool,
    hover: bool,
    lighter: bool,
    card_move: bool,
    last: Option<Card>,
    energy_now: u8,
}

/// One robot on the course with the 2023 rules.
type World<'a> = SoloWorld<Solo<'a>>;

impl SoloRules for Solo<'_> {
    type Tile = Tile;
    fn board(&self) -> &Board<Tile> {
        self.arena.board()
    }
    fn can_leave(&self, from: Pos, dir: Dir) -> bool {
        self.arena.can_leave(from, dir, self.less_deadly)
    }
    fn entered(&mut self, step: &Stepped) -> Entry {
        match self.arena.tile(step.to) {
            None => Entry::Removed,
            Some(Tile::Pit)
                if !(self.hover && self.card_move && !step.last && step.cause == Cause::Move) =>
            {
                Entry::Removed
            }
            _ => Entry::Continue,
        }
    }
    fn element_active(&self, pos: Pos) -> bool {
        self.arena.element_active(pos, self.tokens)
    }
}

fn gain(w: &mut World<'_>, n: u8) {
    let rules = &mut w.rules;
    if !rules.lighter && rules.energy_now < MAX_ENERGY {
        let g = n.min(MAX_ENERGY - rules.energy_now);
        rules.energy_now += g;
        w.out.energy += g;
    }
}

fn op(w: &mut World<'_>, op: Op) {
    if !w.on_board {
        return;
    }
    let facing = w.facing;
    match op {
        Op::Move { rel, steps } => {
            card_move(w, Move::new(SOLO_ROBOT, rel.of(facing), steps), false)
        }
        Op::Ram => card_move(w, Move::new(SOLO_ROBOT, facing, 5), true),
        Op::Turn { turn, .. } => w.facing = facing.turn(turn),
        Op::Face(d) => w.facing = d,
        Op::PowerUp => gain(w, 1),
        _ => {}
    }
}

fn card_move(w: &mut World<'_>, m: Move, ram: bool) {
    w.rules.card_move = true;
    let out = move_robot(w, m);
    w.rules.card_move = false;
    if ram && out.end == Some(MoveEnd::Blocked) {
        w.out.damage = w.out.damage.saturating_add(1);
    }
    if w.on_board && w.rules.arena.tile(w.pos) == Some(Tile::Pit) {
        w.on_board = false;
    }
}

fn resolve(w: &mut World<'_>, card: Card, register: u8) {
    let card = match card {
        Card::Again if register > 1 => match w.rules.last {
            Some(c) => c,
            None => return,
        },
        c => c,
    };
    w.rules.last = Some(card);
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
            w.rules.last = None;
            &[]
        }
        c => card_ops(c),
    };
    for &o in defaults {
        op(w, o);
    }
}

impl<'a> Step<World<'a>> for RegisterStep {
    fn run(&self, w: &mut World<'a>, register: u8) -> StepFlow {
        if !w.on_board {
            return StepFlow::Continue;
        }
        let arena = w.rules.arena;
        match *self {
            RegisterStep::Cards => {
                let i = usize::from(register.saturating_sub(1)).min(4);
                if let Some(&card) = w.rules.program.get(i) {
                    resolve(w, card, register);
                }
            }
            RegisterStep::Conveyors(pass) => {
                if matches!(arena.tile(w.pos), Some(Tile::Belt(_))) {
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
                w.out.damage = w.out.damage.saturating_add(arena.beams_at(w.pos))
            }
            RegisterStep::RobotWeapons => {}
            RegisterStep::Batteries => {
                if arena.tile(w.pos) == Some(Tile::Battery) && w.element_active(w.pos) {
                    gain(w, 1);
                }
            }
            RegisterStep::Checkpoints => {
                if let Some(n) = arena.checkpoint_at(w.pos) {
                    w.touch_checkpoint(n);
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
        self.simulate_program(player, program)
    }

    /// [`Race::simulate_solo`] for a program given as a slice (one card
    /// per register; missing registers do nothing).
    pub(crate) fn simulate_program(
        &self,
        player: PlayerId,
        program: &[Card],
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
        let rules = Solo {
            arena: &self.arena,
            program,
            less_deadly: self.options.less_deadly,
            tokens: !self.options.dynamic_archiving,
            hover: self.has(player, Upgrade::HoverUnit),
            lighter: self.options.lighter,
            card_move: false,
            last: None,
            energy_now: pl.energy,
        };
        let world = SoloWorld::new(
            rules,
            body.pos,
            body.facing,
            pl.checkpoints,
            self.arena.checkpoints(),
        );
        Ok(world.run(self.arena.pipeline(), 5))
    }
}
