//! The race as a grid world: robots on the course, as the core's motion,
//! conveyance and board-element steps see them.
//!
//! Falls are noted here (the robot leaves the grid at once) and processed
//! as [`Task::Fall`](crate::task::Task) tasks after the move or step;
//! pushes and laser hits are collected for the step that caused them.
//! The core calls [`Arena::try_push`] before every push, blocked ones
//! included, which is where pushes of zero cells are seen.

use crate::events::Event;
use crate::race::Race;
use crate::tiles::Tile;
use crate::upgrades::Upgrade;
use robo_core::board::Board;
use robo_core::element::LaserMount;
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::motion::{Arena, Cause, Entry, Stepped};
use robo_core::pipeline::{GridWorld, LaserHit, Robots};
use robo_core::race::moves::{MoveNotes, Noted};
use robo_core::{PlayerId, RobotId};

impl Race {
    /// Removes a robot that entered `to` from `from` (a pit, or no floor).
    pub(crate) fn lose(&mut self, robot: RobotId, from: Pos, to: Pos, pit: bool) {
        let board = self.arena.board();
        let on = if pit { to } else { from };
        let id = board
            .board_id(on)
            .or_else(|| board.board_id(from))
            .unwrap_or(self.arena.course().docking_bay());
        self.bodies.remove(robot);
        if let Some(pl) = self.players.get_mut(robot.index()) {
            pl.status = crate::robot::Status::Fallen(id);
        }
        self.scratch.notes.note_lost(robot, id, pit);
        self.emit(Event::Grid(GridEvent::Removed { robot, at: to }));
    }

    /// Is the move a Hover Unit robot crossing a pit during its own card?
    fn hovers(&self, step: &Stepped) -> bool {
        !step.last
            && step.cause == Cause::Move
            && self.scratch.notes.card_mover() == Some(step.robot)
            && self.has(PlayerId::of(step.robot), Upgrade::HoverUnit)
    }
}

impl Arena for Race {
    fn robot_at(&self, pos: Pos) -> Option<RobotId> {
        self.bodies.at(pos)
    }

    fn robot_pos(&self, robot: RobotId) -> Option<Pos> {
        self.bodies.pos(robot)
    }

    fn set_robot_pos(&mut self, robot: RobotId, pos: Pos) {
        self.bodies.set_pos(robot, pos);
    }

    fn can_leave(&self, _robot: RobotId, from: Pos, dir: Dir) -> bool {
        self.arena.can_leave(from, dir, self.options.less_deadly)
    }

    fn try_push(&mut self, robot: RobotId, pusher: RobotId, _dir: Dir) -> bool {
        // Pushes are noted when the core tries one, so a push that moves
        // nobody (a wall) is seen too.
        self.scratch.notes.note_push(pusher, robot, 0);
        true
    }

    fn entered(&mut self, step: &Stepped) -> Entry {
        if let Cause::Push { by: Some(by) } = step.cause {
            self.scratch.notes.note_push(by, step.robot, 1);
        }
        self.emit(Event::Grid(GridEvent::from(step)));
        match self.arena.tile(step.to) {
            None => {
                self.lose(step.robot, step.from, step.to, false);
                Entry::Removed
            }
            Some(Tile::Pit) if !self.hovers(step) => {
                self.lose(step.robot, step.from, step.to, true);
                Entry::Removed
            }
            _ => Entry::Continue,
        }
    }
}

impl GridWorld for Race {
    type Tile = Tile;

    fn board(&self) -> &Board<Tile> {
        self.arena.board()
    }

    fn robots_on_grid(&self) -> Robots {
        self.bodies.placed().map(|(r, _)| r).collect()
    }

    fn facing(&self, robot: RobotId) -> Option<Dir> {
        self.bodies.get(robot).map(|b| b.facing)
    }

    fn turn_robot(&mut self, robot: RobotId, turn: Turn, cause: Cause) {
        let Some(facing) = self.bodies.turn(robot, turn) else {
            return;
        };
        self.emit(Event::Grid(GridEvent::Turned {
            robot,
            turn,
            facing,
            cause,
        }));
    }

    fn element_active(&self, pos: Pos) -> bool {
        self.arena
            .element_active(pos, !self.options.dynamic_archiving)
    }

    /// Only the mounts whose beams reach a robot's cell (set by the laser
    /// step just before it fires): the others cannot hit anything.
    fn laser_mounts(&self) -> Option<&[(Pos, LaserMount)]> {
        Some(self.scratch.live_mounts.as_slice())
    }

    fn laser_hit(&mut self, hit: LaserHit) {
        self.scratch.hits.push(hit);
    }
}

impl Noted for Race {
    fn notes(&mut self) -> &mut MoveNotes {
        &mut self.scratch.notes
    }
}
