//! The race as a grid world: robots on the course, as the core's motion,
//! conveyance and element steps see them, with the Transformers rules of
//! entry (modes, ramps, buildings, walkways) and what entering a cell does
//! (the edge, Energon cubes, mines, fire pits, road corners, curved
//! arrows, ramps).
//!
//! Effects that take a decision or draw damage are noted as follow-up
//! tasks ([`crate::race::Scratch`]'s `follow`) and put on the agenda after
//! the move or step.

use crate::events::{Event, Source};
use crate::mode::Mode;
use crate::race::Race;
use crate::robot::Off;
use crate::task::Task;
use crate::tiles::Tile;
use robo_core::board::Board;
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::motion::{Arena, Cause, Entry, Stepped};
use robo_core::pipeline::{GridWorld, LaserHit, Robots};
use robo_core::race::moves::{MoveNotes, Noted};
use robo_core::{PlayerId, RobotId};

impl Race {
    /// Is `robot` making its own move now (not pushed, not carried)?
    pub(crate) fn own_move(&self, robot: RobotId) -> bool {
        self.scratch.mover == Some(robot)
    }

    /// May `robot` enter `to` (a floor cell) going `dir`, by the rules of
    /// its mode and of how it moves (walls aside)?
    pub(crate) fn may_enter(&self, robot: RobotId, to: Pos, dir: Dir) -> bool {
        let Some(t) = self.arena.tile(to) else {
            return true;
        };
        let p = PlayerId::of(robot);
        let alt = self.mode(p) == Mode::Alt;
        // Bike Lane: an alt-mode robot's own Move 1 or Drift may enter a
        // bot-only space.
        let bike = || self.own_move(robot) && self.armed(p, crate::upgrades::Upgrade::BikeLane);
        match t {
            _ if t.is_solid() => false,
            Tile::Ramp(d) => d == dir,
            Tile::Building { .. } => !alt || bike(),
            Tile::Walkway(_) => !(alt && self.own_move(robot)) || bike(),
            _ => true,
        }
    }

    /// The spaces adjacent to `at` in the rulebook's sense: the four
    /// orthogonal neighbours, but not through a wall (a building's
    /// door-less sides are walls). Every rule that says "adjacent" asks
    /// this: Eat My Dust, Double Trouble, Blasted's push, Sideswipe,
    /// Energon Heist, Minelayer, Dropship, Homefield Advantage's grandstand.
    pub(crate) fn adjacent(&self, at: Pos) -> impl Iterator<Item = (Dir, Pos)> + '_ {
        Dir::ALL
            .into_iter()
            .filter(move |&d| !self.arena.wall(at, d))
            .map(move |d| (d, at.step(d)))
    }

    /// The robots adjacent to `at` ([`Race::adjacent`]), with their side.
    pub(crate) fn adjacent_robots(&self, at: Pos) -> impl Iterator<Item = (Dir, RobotId)> + '_ {
        self.adjacent(at)
            .filter_map(|(d, c)| self.bodies.at(c).map(|r| (d, r)))
    }

    /// The side of `a` that `b` is on, when `b` is adjacent to `a`.
    pub(crate) fn side_of(&self, a: Pos, b: Pos) -> Option<Dir> {
        self.adjacent(a).find(|&(_, c)| c == b).map(|(d, _)| d)
    }

    /// Takes a robot off the course: it entered `to` (no floor) from `from`.
    fn lose(&mut self, robot: RobotId, from: Pos, to: Pos) {
        let board = self.arena.board();
        let id = board
            .board_id(from)
            .unwrap_or(self.arena.course().docking_bay());
        self.bodies.remove(robot);
        self.scratch.notes.note_lost(robot, id, false);
        let p = PlayerId::of(robot);
        if let Some(pl) = self.players.get_mut(p.index()) {
            pl.off = Some(Off {
                at: from,
                back_after: 0,
            });
        }
        self.emit(Event::Grid(GridEvent::Removed { robot, at: to }));
        self.emit(Event::Fell {
            player: p,
            at: from,
        });
        self.scratch.follow.push(Task::Fall { player: p });
    }

    /// A robot entered `to`: it takes the Energon cubes there.
    fn take_cubes(&mut self, p: PlayerId, to: Pos) {
        let before = self.cubes.len();
        self.cubes.retain(|&c| c != to);
        let n = u8::try_from(before - self.cubes.len()).unwrap_or(u8::MAX);
        if n > 0 {
            self.emit(Event::CubesTaken {
                player: p,
                at: to,
                cubes: n,
            });
            self.gain_energon(p, n);
        }
    }

    /// A robot entered a mine: 1 damage, and the mine leaves the game. A
    /// robot making its own move steps back one space the way it came (the
    /// space before the mine along its path: after a jump, the last space
    /// it flew over, not the ramp) when it can: no wall between, a space its
    /// mode may enter from that side, and no robot there (the step back
    /// never pushes). The step back is a move, so the space's own effects
    /// apply. Either way the rest of its move is lost. `true` when it went
    /// back.
    fn mine(&mut self, s: &Stepped) -> bool {
        let p = PlayerId::of(s.robot);
        self.mines.retain(|&m| m != s.to);
        self.emit(Event::MineTriggered {
            player: p,
            at: s.to,
        });
        self.scratch.follow.push(Task::Damage {
            player: p,
            amount: 1,
            source: Source::Mine,
        });
        let back = s.dir.opposite();
        if !self.own_move(s.robot)
            || self.bodies.at(s.to.step(back)).is_some()
            || !self.can_leave(s.robot, s.to, back)
            || self.arena.tile(s.to.step(back)).is_none()
        {
            return false;
        }
        // A step of its own, not a card's: no corner, arrow or ramp acts.
        let card_move = std::mem::replace(&mut self.scratch.card_move, false);
        let _ = robo_core::motion::move_robot(
            self,
            robo_core::motion::Move::new(s.robot, back, 1).without_pushing(),
        );
        self.scratch.card_move = card_move;
        self.scratch.bounced = Some(back);
        true
    }

    /// A robot entered a fire pit: 1 damage and its register 5 cards are
    /// discarded.
    fn fire_pit(&mut self, p: PlayerId) {
        self.scratch.follow.push(Task::Damage {
            player: p,
            amount: 1,
            source: Source::FirePit,
        });
        self.discard_register(p, crate::robot::REGISTERS - 1);
    }

    /// The facing a robot that entered the curved-arrow space `at` through
    /// its side `entered_from` may turn to: the space's other doorway.
    pub(crate) fn other_doorway(&self, at: Pos, entered_from: Dir) -> Option<Dir> {
        Dir::ALL.into_iter().find(|&d| {
            d != entered_from && !self.arena.wall(at, d) && self.arena.tile(at.step(d)).is_some()
        })
    }

    /// Does this step stop for a road corner's or a curved arrow's choice?
    fn pauses(&self, s: &Stepped, t: Tile) -> bool {
        if !(self.scratch.card_move && self.own_move(s.robot) && s.cause == Cause::Move) {
            return false;
        }
        let p = PlayerId::of(s.robot);
        match t {
            Tile::Corner { .. } => self.mode(p) == Mode::Alt,
            Tile::Building { arrow: true } => {
                let facing = self.bodies.get(s.robot).map(|b| b.facing);
                self.other_doorway(s.to, s.dir.opposite())
                    .is_some_and(|d| Some(d) != facing)
            }
            _ => false,
        }
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

    fn can_leave(&self, robot: RobotId, from: Pos, dir: Dir) -> bool {
        !self.arena.wall(from, dir) && self.may_enter(robot, from.step(dir), dir)
    }

    fn can_land(&self, robot: RobotId, pos: Pos) -> bool {
        if self.bodies.at(pos).is_some_and(|o| o != robot) {
            return false;
        }
        match self.arena.tile(pos) {
            None => true,
            Some(t) if t.is_solid() || t.is_building() => false,
            Some(Tile::Walkway(_)) => self.mode(PlayerId::of(robot)) == Mode::Bot,
            Some(_) => true,
        }
    }

    fn try_push(&mut self, robot: RobotId, pusher: RobotId, _dir: Dir) -> bool {
        if self.king_blocks(robot, pusher) {
            return false;
        }
        // Noted when tried, so a push that moves nobody (a wall) counts.
        self.scratch.notes.note_push(pusher, robot, 0);
        true
    }

    fn entered(&mut self, s: &Stepped) -> Entry {
        if let Cause::Push { by: Some(by) } = s.cause {
            self.scratch.notes.note_push(by, s.robot, 1);
        }
        self.emit(Event::Grid(GridEvent::from(s)));
        let p = PlayerId::of(s.robot);
        let Some(t) = self.arena.tile(s.to) else {
            self.lose(s.robot, s.from, s.to);
            return Entry::Removed;
        };
        let own = self.own_move(s.robot);
        if self.mines.contains(&s.to) {
            let back = self.mine(s);
            if back || own {
                return Entry::Stop;
            }
        }
        self.take_cubes(p, s.to);
        match t {
            Tile::FirePit => {
                if !self.armed(p, crate::upgrades::Upgrade::Firewalker) {
                    self.fire_pit(p);
                }
                // Only the robot whose move it is loses the rest of it.
                if own && s.cause == Cause::Move {
                    return Entry::Stop;
                }
            }
            Tile::Ramp(d)
                if d == s.dir
                    && own
                    && s.cause == Cause::Move
                    && self.scratch.card_move
                    && self.mode(p) == Mode::Alt =>
            {
                // The jump goes as far as the run-up (this step included).
                let fly = self.has(p, crate::upgrades::Upgrade::FlyGirl);
                self.scratch.jump = Some(s.step + u8::from(fly));
                return Entry::Stop;
            }
            _ if self.pauses(s, t) => return Entry::Pause,
            _ => {}
        }
        Entry::Continue
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

    /// A mine or a space bridge on an element covers it.
    fn element_active(&self, pos: Pos) -> bool {
        !self.mines.contains(&pos) && self.arena.bridge(pos).is_none()
    }

    /// Turrets are fired by the edition's own step.
    fn laser_mounts(&self) -> Option<&[(Pos, robo_core::element::LaserMount)]> {
        Some(&[])
    }

    fn laser_hit(&mut self, _hit: LaserHit) {}
}

impl Noted for Race {
    fn notes(&mut self) -> &mut MoveNotes {
        &mut self.scratch.notes
    }
}
