//! A tiny demonstration edition for tests, docs and edition authors: a tile
//! type with the shared elements and a world implementing [`Arena`] and
//! [`GridWorld`]. Compiled for tests and with the `proptest` feature.
//!
//! Glyphs are two characters: `..` floor, `[]` pit, `S.` a start space, `F1`..`F9` flags,
//! belts as an arrow then `.` (normal), `=` (express), `l`/`r` (normal,
//! curved from the left/right side), `L`/`R` (express, curved), gears `G<`
//! (left) and `G>` (right), push panels `P` + arrow (registers 1/3/5) or
//! `Q` + arrow (2/4), lasers `Z` + arrow (one beam), road corners `C` +
//! arrow, jump ramps `J` + arrow, `~~` water, `%%` oil, `**` fire pit,
//! `##` block.
//!
//! Besides robots, the world holds pieces of two other kinds
//! ([`ToyKind`]): virtual robots, which share cells with everything, and
//! flat pieces (moving flags, flat devices), which robots pass over. They
//! show how an edition answers [`Arena::blocker`] and [`Arena::meets`].

use crate::board::Board;
use crate::event::GridEvent;
use crate::geom::{Dir, Pos, Turn};
use crate::ids::RobotId;
use crate::motion::{Arena, Cause, Entry, Move, Stepped};
use crate::pipeline::{GridWorld, LaserHit, Robots};
use serde::{Deserialize, Serialize};

mod tiles;

pub mod moves;

pub use tiles::ToyTile;

#[cfg(test)]
mod tests;

/// What a piece of the toy world is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum ToyKind {
    /// A robot: it meets every other robot.
    #[default]
    Robot,
    /// A virtual robot: it meets nothing (shares any cell, pushes nobody
    /// and is pushed by nobody; belts and push panels still move it) and
    /// beams pass through it.
    Virtual,
    /// A flat piece (a moving flag): robots pass over it; it meets only
    /// other flat pieces. Belts and push panels move it; beams ignore it.
    Flat,
}

/// A toy robot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ToyRobot {
    /// Where it stands; `None` once it fell.
    pub pos: Option<Pos>,
    /// Its facing.
    pub facing: Dir,
    /// Laser hits taken.
    pub hits: u8,
}

/// A board and robots; falls into pits and off the floor remove robots.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToyWorld {
    /// The board.
    pub board: Board<ToyTile>,
    /// Robots by id.
    pub robots: Vec<ToyRobot>,
    /// What happened.
    pub log: Vec<GridEvent>,
    /// What each piece is, by id; ids past the end are robots.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<ToyKind>,
    /// Open edges stop robots like walls (as 2023's less deadly game).
    #[serde(default)]
    pub edge_walls: bool,
}

impl ToyWorld {
    /// A world on a parsed board with robots at `(x, y, facing)`.
    ///
    /// # Errors
    /// The board's parse error.
    pub fn new(board: &str, robots: &[(i16, i16, Dir)]) -> Result<Self, crate::board::ParseError> {
        Ok(ToyWorld {
            board: Board::parse(board)?,
            robots: robots
                .iter()
                .map(|&(x, y, facing)| ToyRobot {
                    pos: Some(Pos::new(x, y)),
                    facing,
                    hits: 0,
                })
                .collect(),
            log: Vec::new(),
            kinds: Vec::new(),
            edge_walls: false,
        })
    }

    /// The same world with piece `i` of kind `kind`.
    #[must_use]
    pub fn with_kind(mut self, i: u8, kind: ToyKind) -> Self {
        let i = usize::from(i);
        if self.kinds.len() <= i {
            self.kinds.resize(i + 1, ToyKind::Robot);
        }
        self.kinds[i] = kind;
        self
    }

    /// What piece `r` is.
    #[must_use]
    pub fn kind(&self, r: RobotId) -> ToyKind {
        self.kinds.get(r.index()).copied().unwrap_or_default()
    }

    /// The tile at `pos` (`None` off the floor).
    fn tile(&self, pos: Pos) -> Option<ToyTile> {
        self.board.tile(pos).copied()
    }

    /// Where robot `i` stands.
    #[must_use]
    pub fn pos(&self, i: u8) -> Option<Pos> {
        self.robots.get(i as usize).and_then(|r| r.pos)
    }

    /// Robot `i`'s facing.
    #[must_use]
    pub fn facing_of(&self, i: u8) -> Option<Dir> {
        self.robots.get(i as usize).map(|r| r.facing)
    }
}

impl Arena for ToyWorld {
    fn robot_at(&self, pos: Pos) -> Option<RobotId> {
        (0..self.robots.len())
            .map(|i| RobotId(i as u8))
            .find(|&r| self.robot_pos(r) == Some(pos) && self.kind(r) == ToyKind::Robot)
    }
    fn blocker(&self, pos: Pos, mover: RobotId) -> Option<RobotId> {
        (0..self.robots.len())
            .map(|i| RobotId(i as u8))
            .find(|&r| r != mover && self.robot_pos(r) == Some(pos) && self.meets(mover, r))
    }
    fn meets(&self, a: RobotId, b: RobotId) -> bool {
        let kind = self.kind(a);
        kind == self.kind(b) && kind != ToyKind::Virtual
    }
    fn robot_pos(&self, robot: RobotId) -> Option<Pos> {
        self.robots.get(robot.index()).and_then(|r| r.pos)
    }
    fn set_robot_pos(&mut self, robot: RobotId, pos: Pos) {
        if let Some(r) = self.robots.get_mut(robot.index()) {
            r.pos = Some(pos);
        }
    }
    fn can_leave(&self, _robot: RobotId, from: Pos, dir: Dir) -> bool {
        // Blocks are entered from no side, ramps only along their arrow.
        !self.board.blocks(from, dir)
            && (!self.edge_walls || self.board.contains(from.step(dir)))
            && match self.tile(from.step(dir)) {
                Some(ToyTile::Block) => false,
                Some(ToyTile::Ramp(d)) => d == dir,
                _ => true,
            }
    }
    fn step_cost(&self, m: &Move, from: Pos, step: u8) -> u8 {
        // Only a robot's own move pays: leaving water, or its first step
        // from oil, costs one step more.
        match (m.cause, self.tile(from)) {
            (Cause::Move, Some(ToyTile::Water)) => 2,
            (Cause::Move, Some(ToyTile::Oil)) if step == 1 => 2,
            _ => 1,
        }
    }
    fn can_land(&self, robot: RobotId, pos: Pos) -> bool {
        self.tile(pos) != Some(ToyTile::Block) && self.blocker(pos, robot).is_none()
    }
    fn entered(&mut self, s: &Stepped) -> Entry {
        self.log.push(GridEvent::from(s));
        let own = s.cause == Cause::Move && s.robot == s.mover;
        match self.tile(s.to) {
            Some(ToyTile::Pit) | None => {
                if let Some(r) = self.robots.get_mut(s.robot.index()) {
                    r.pos = None;
                }
                self.log.push(GridEvent::Removed {
                    robot: s.robot,
                    at: s.to,
                });
                Entry::Removed
            }
            Some(ToyTile::Fire) if own => Entry::Stop,
            Some(ToyTile::Corner(_)) if own => Entry::Pause,
            // The jump itself is the caller's ([`moves`]): the move ends here.
            Some(ToyTile::Ramp(d)) if own && d == s.dir => Entry::Stop,
            _ => Entry::Continue,
        }
    }
}

impl GridWorld for ToyWorld {
    type Tile = ToyTile;
    fn board(&self) -> &Board<ToyTile> {
        &self.board
    }
    fn robots_on_grid(&self) -> Robots {
        (0..self.robots.len() as u8)
            .map(RobotId)
            .filter(|r| self.robot_pos(*r).is_some())
            .collect()
    }
    fn facing(&self, robot: RobotId) -> Option<Dir> {
        self.robots.get(robot.index()).map(|r| r.facing)
    }
    fn turn_robot(&mut self, robot: RobotId, turn: Turn, cause: Cause) {
        if let Some(r) = self.robots.get_mut(robot.index()) {
            r.facing = r.facing.turn(turn);
            self.log.push(GridEvent::Turned {
                robot,
                turn,
                facing: r.facing,
                cause,
            });
        }
    }
    fn blocks_sight(&self, from: Pos, dir: Dir) -> bool {
        self.tile(from.step(dir)) == Some(ToyTile::Block)
    }
    fn element_active(&self, pos: Pos) -> bool {
        // Flags switch off what is under them (there is nothing under a toy flag).
        !matches!(self.tile(pos), Some(ToyTile::Flag(_)))
    }
    fn laser_hit(&mut self, hit: LaserHit) {
        if let Some(r) = self.robots.get_mut(hit.robot.index()) {
            r.hits = r.hits.saturating_add(hit.beams);
        }
        self.log.push(GridEvent::BoardLaser(hit));
    }
}

pub mod race;
