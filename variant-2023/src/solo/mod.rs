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

use crate::arena::{kind, Arena, RegisterStep};
use crate::cards::{Card, Haywire};
use crate::race::Race;
use crate::robot::{Body, MAX_ENERGY};
use crate::task::{card_ops, Op};
use crate::tiles::Tile;
use crate::upgrades::Upgrade;
use robo_core::board::Board;
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::motion::{Cause, Entry, Move, MoveEnd, Stepped};
use robo_core::pipeline::{Gears, GridWorld, PushPanels, Step};
use robo_core::race::plan::{SoloRules, SoloWorld, SOLO_ROBOT};
use robo_core::{PlayerId, RobotId};
use thiserror::Error;

/// What one program does to a robot alone on the course (the race kit's
/// [`robo_core::race::plan::SoloOutcome`]).
pub use robo_core::race::plan::SoloOutcome;

mod effect;
#[cfg(test)]
pub(crate) use effect::card_code;
pub(crate) use effect::{solo_key, EffectMemo, SoloKey};

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
#[derive(Clone, Copy)]
pub(crate) struct Solo<'a> {
    arena: &'a Arena,
    /// The card the register being run plays (an Again already replaced
    /// by the card it repeats; `None` for none, SPAM included).
    card: Option<Card>,
    /// The checkpoint (from 1) the robot stood on at the register's
    /// checkpoint step; 0 for none.
    touched: u8,
    less_deadly: bool,
    tokens: bool,
    hover: bool,
    lighter: bool,
    card_move: bool,
    last: Option<Card>,
    energy_now: u8,
    /// The pipeline runs the cards first and only then, and after them
    /// this many board laser steps: a robot whose cell has no element
    /// after its card takes only those beams (see [`run_register`]).
    /// `None` for a pipeline of another shape.
    lasers_after_cards: Option<u8>,
}

/// The number of board laser steps after the cards, if the pipeline runs
/// the cards first and only then.
fn lasers_after_cards(steps: &[RegisterStep]) -> Option<u8> {
    match steps {
        [RegisterStep::Cards, rest @ ..] if !rest.contains(&RegisterStep::Cards) => {
            let n = rest
                .iter()
                .filter(|s| **s == RegisterStep::BoardLasers)
                .count();
            u8::try_from(n).ok()
        }
        _ => None,
    }
}

/// One robot on the course with the 2023 rules.
pub(crate) type World<'a> = SoloWorld<Solo<'a>>;

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
    // Alone on the course: no chain to build, nobody to push.
    let end = w.move_alone(m);
    w.rules.card_move = false;
    if ram && end == Some(MoveEnd::Blocked) {
        w.out.damage = w.out.damage.saturating_add(1);
    }
    if w.on_board && w.rules.arena.tile(w.pos) == Some(Tile::Pit) {
        w.on_board = false;
    }
}

/// The card register `register` plays when `card` is in it, with `last`
/// the card the previous register played (updated): an Again repeats it
/// (nothing in register 1), SPAM plays nothing.
fn resolved(last: &mut Option<Card>, card: Card, register: u8) -> Option<Card> {
    match card {
        Card::Again if register > 1 => *last,
        Card::Spam | Card::Again => {
            *last = None;
            None
        }
        c => {
            *last = Some(c);
            Some(c)
        }
    }
}

/// Plays `card` (already resolved: not an Again, not SPAM).
fn play(w: &mut World<'_>, card: Card) {
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
        c => card_ops(c),
    };
    for &o in defaults {
        op(w, o);
    }
}

/// Runs one register of the solo world (its card resolved in
/// `rules.card`): the steps of the real register pipeline in its order, each dispatched here in one loop (the planner
/// runs this tens of thousands of times a decision). The element kinds
/// under the robot are read again only when it has moved; a step with
/// nothing to act on there is not run. Every step but the cards and the
/// board lasers acts only on a robot standing on its kind of element, so
/// when the card leaves the robot on a cell with none, the rest of the
/// register is its beams (the common case, done without the loop).
fn run_register(w: &mut World<'_>, register: u8) {
    let arena = w.rules.arena;
    let kinds_at = |p: Pos| arena.table().cell(p).map_or(0, |c| c.kinds);
    let mut steps = arena.pipeline().steps();
    if let (Some(lasers), true) = (w.rules.lasers_after_cards, w.on_board) {
        if let Some(card) = w.rules.card {
            play(w, card);
        }
        steps = steps.get(1..).unwrap_or_default();
        if w.on_board && kinds_at(w.pos) == 0 {
            let beams = arena.beams_at(w.pos).saturating_mul(lasers);
            w.out.damage = w.out.damage.saturating_add(beams);
            steps = &[];
        }
    }
    let mut at = w.pos;
    let mut here = kinds_at(at);
    for step in steps {
        if !w.on_board {
            break;
        }
        if w.pos != at {
            at = w.pos;
            here = kinds_at(at);
        }
        match *step {
            RegisterStep::Cards => {
                if let Some(card) = w.rules.card {
                    play(w, card);
                }
            }
            RegisterStep::Conveyors(pass) => {
                if here & (kind::EXPRESS_BELT | kind::NORMAL_BELT) != 0 {
                    let _ = pass.run(w, register);
                }
            }
            RegisterStep::PushPanels => {
                if here & kind::PUSH_PANEL != 0 {
                    let _ = PushPanels.run(w, register);
                }
            }
            RegisterStep::Gears => {
                if here & kind::GEAR != 0 {
                    let _ = Gears.run(w, register);
                }
            }
            // Alone, the robot is the nearest robot of every beam that reaches it.
            RegisterStep::BoardLasers => {
                w.out.damage = w.out.damage.saturating_add(arena.beams_at(w.pos));
            }
            // Alone, no robot weapon has a target.
            RegisterStep::RobotWeapons => {}
            RegisterStep::Batteries => {
                if here & kind::BATTERY != 0 && w.element_active(w.pos) {
                    gain(w, 1);
                }
            }
            RegisterStep::Checkpoints => {
                if here & kind::CHECKPOINT != 0 {
                    if let Some(n) = arena.checkpoint_at(w.pos) {
                        w.rules.touched = n;
                    }
                }
            }
        }
    }
    // Alone, nothing is set off: the solo world keeps no agenda. The
    // checkpoint touched is counted by `effect::apply`.
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
        let mut world = self.solo_world(player)?;
        for register in 1..=5 {
            let card = program.get(usize::from(register) - 1).copied();
            self.solo_register(&mut world, register, card);
            if world.settled() {
                break;
            }
        }
        Ok(world.outcome())
    }

    /// Runs register `register` of a solo world with `card` in it.
    pub(crate) fn solo_register(&self, world: &mut World<'_>, register: u8, card: Option<Card>) {
        let card = card.and_then(|c| resolved(&mut world.rules.last, c, register));
        world.rules.card = card;
        let effect = effect::effect(world, register);
        effect::apply(world, effect, register);
    }

    /// [`Race::solo_register`] with the effects of registers already run
    /// from the same cell, facing and register with the same card read
    /// from `memo` (and new ones written to it).
    #[inline]
    pub(crate) fn solo_register_memo(
        &self,
        world: &mut World<'_>,
        register: u8,
        card: Card,
        memo: &mut EffectMemo,
    ) {
        let card = resolved(&mut world.rules.last, card, register);
        world.rules.card = card;
        let effect = memo.effect(world, register);
        effect::apply(world, effect, register);
    }

    /// `player`'s robot alone on the course, from where it stands now (a
    /// robot waiting to reboot on its reboot space), before register 1.
    pub(crate) fn solo_world(&self, player: PlayerId) -> Result<World<'_>, SoloError> {
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
        } else if pl.rebooting().is_some() {
            let (pos, _) = self
                .reboot_spot(player)
                .ok_or(SoloError::NotPlaced(player))?;
            Body::new(pos, body.facing, true)
        } else {
            return Err(SoloError::NotPlaced(player));
        };
        let rules = Solo {
            arena: &self.arena,
            card: None,
            less_deadly: self.options.less_deadly,
            tokens: !self.options.dynamic_archiving,
            hover: self.has(player, Upgrade::HoverUnit),
            lighter: self.options.lighter,
            card_move: false,
            touched: 0,
            last: None,
            energy_now: pl.energy,
            lasers_after_cards: lasers_after_cards(self.arena.pipeline().steps()),
        };
        Ok(SoloWorld::new(
            rules,
            body.pos,
            body.facing,
            pl.checkpoints,
            self.arena.checkpoints(),
        ))
    }
}

/// Turns off the shortcut of [`run_register`] for cells without elements
/// (the differential test runs both ways).
#[cfg(test)]
pub(crate) fn without_shortcut(w: &mut World<'_>) {
    w.rules.lasers_after_cards = None;
}
