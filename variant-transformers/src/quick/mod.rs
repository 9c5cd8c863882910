//! A card's move made without the motion core when nothing on its way can
//! act: the lone robot's fast path (as variant-2023's `quick.rs`).
//!
//! Most card moves meet no robot and cross only cells that do nothing to
//! a robot passing through (floor, straight roads, oil, pushers, start
//! spaces, pit stops, and in bot mode walkways). Such a move is a few
//! steps in a line: the robot is set on each cell in turn and each step
//! reported, exactly as [`robo_core::motion::move_robot`] with the
//! race's [`robo_core::motion::Arena`] rules would do it, without its
//! step engine and its outcome. A wall, a cell the mode may not enter,
//! or a line of robots that cannot be pushed on (against a wall or a cell
//! the last of them may not enter) ends the move there, as it ends a
//! general move. Anything else on the way (robots that would be pushed,
//! the edge, a mine, an Energon cube, a fire pit, a ramp, a road corner, a
//! building) and any upgrade in play (the mover's, or a pushed robot's)
//! sends the whole move down the general path before anything is changed.

mod fire;

use crate::cards::Card;
use crate::events::Event;
use crate::mode::Mode;
use crate::race::Race;
use crate::tiles::Tile;
use robo_core::agenda;
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::motion::Cause;
use robo_core::pipeline::{GridWorld, StepFlow};
use robo_core::{PlayerId, RobotId};

/// What a robot making its own plain move finds on a floor cell it
/// steps towards along `dir`.
enum Way {
    /// It may not enter (the move ends before it, as a blocked step).
    Closed,
    /// It enters and goes on; entering does nothing but move it.
    Plain,
    /// Entering may do something: the general path decides.
    Busy,
}

/// A cell's way for a robot in mode `alt` (alt mode or not) moving on
/// its own along `dir`, with no upgrade armed (so no Bike Lane): the
/// race's rules of entry (`Race::may_enter`) and of what an own card move
/// entering it sets off (`Arena::entered` for [`Race`]).
fn way(t: Tile, alt: bool, dir: Dir) -> Way {
    match t {
        _ if t.is_solid() => Way::Closed,
        Tile::Ramp(d) if d != dir => Way::Closed,
        Tile::Building { .. } | Tile::Walkway(_) if alt => Way::Closed,
        Tile::Ramp(_) | Tile::Building { .. } | Tile::FirePit => Way::Busy,
        Tile::Corner { .. } if alt => Way::Busy,
        _ => Way::Plain,
    }
}

/// Is a robot in mode `alt`, pushed along `dir`, barred from a floor
/// cell holding `t` (`Race::may_enter` for a robot not moving on its own)?
fn closed_to_pushed(t: Tile, alt: bool, dir: Dir) -> bool {
    match t {
        _ if t.is_solid() => true,
        Tile::Ramp(d) => d != dir,
        Tile::Building { .. } => alt,
        _ => false,
    }
}

impl Race {
    /// Does the line of robots from `first` on along `dir` stand against
    /// something none of them can be pushed through (a wall, or a cell the
    /// last one may not enter), with no upgrade in play among them (King
    /// of the Road could refuse a push)? A move pushing it then moves
    /// nobody and ends, and the pushes it notes are of no cells, which
    /// nothing acts on.
    fn stuck_line(&self, first: Pos, dir: Dir) -> bool {
        let mut at = first;
        while let Some(q) = self.bodies.at(at) {
            let Some(pl) = self.players.get(q.index()) else {
                return false;
            };
            if !pl.plain() {
                return false;
            }
            if self.arena.wall(at, dir) {
                return true;
            }
            let next = at.step(dir);
            let Some(t) = self.arena.tile(next) else {
                return false;
            };
            if closed_to_pushed(t, self.mode(PlayerId::of(q)) == Mode::Alt, dir) {
                return true;
            }
            at = next;
        }
        false
    }

    /// A plain player's whole card move: no upgrade in play, nothing
    /// armed and no damage in play, so the move's length is the card's,
    /// the road bonus and the oil penalty alone (`Race::card_steps`), and
    /// no upgrade acts before or after it (Eat My Dust, Homefield
    /// Advantage, extra spaces). Made on the fast path when it can be
    /// (`true`), with what follows every card move (the oil slide, the
    /// pushes it made, what it set off); `false`, nothing changed,
    /// otherwise.
    pub(crate) fn plain_card_move(
        &mut self,
        p: PlayerId,
        card: Card,
        facing: Dir,
        dir: Dir,
    ) -> bool {
        let Some(pl) = self.players.get(p.index()) else {
            return false;
        };
        if self.general() {
            return false;
        }
        if pl.reg.armed != 0 || pl.reg.turbo != 0 || !pl.plain() || !pl.damage.is_empty() {
            return false;
        }
        let r = RobotId::of(p);
        let Some((start, alt)) = self
            .bodies
            .on_board(r)
            .map(|b| (b.pos, b.extra == Mode::Alt))
        else {
            return false;
        };
        let tile = self.arena.tile(start);
        let mut steps = if card.is_drift() {
            1
        } else {
            card.move_steps()
        };
        if matches!(card, Card::Move1 | Card::Move2 | Card::Move3)
            && alt
            && tile.and_then(Tile::road_arrow) == Some(facing)
        {
            steps += 1;
        }
        if tile == Some(Tile::Oil) {
            steps = steps.saturating_sub(1);
        }
        if steps == 0 {
            self.card_moved(p, card);
            return true;
        }
        if !self.quick_steps(r, start, alt, dir, steps) {
            return false;
        }
        self.scratch.mover = Some(r);
        self.scratch.card_move = true;
        self.scratch.jump = None;
        self.card_moved(p, card);
        self.slide_on_oil(r, dir);
        self.after_pushes();
        self.end_move();
        let _ = self.flush_follow();
        true
    }

    /// A plain player's lone card played whole when it asks nothing and
    /// sets nothing off: a turn, or a Move or Drift card's move on the
    /// fast path that does not end on oil. The same as
    /// [`Race::play`] and what follows it (see [`Race::plain_card_move`]),
    /// without the agenda's watch and with the robot looked up once.
    /// `None`, nothing changed, when the general way must play it.
    ///
    /// The caller has checked the player: no upgrade in play, nothing
    /// armed, no damage in play; its robot stands on `start` facing
    /// `facing` (in alt mode or not).
    pub(crate) fn plain_play(
        &mut self,
        p: PlayerId,
        card: Card,
        start: Pos,
        facing: Dir,
        alt: bool,
    ) -> Option<StepFlow> {
        let r = RobotId::of(p);
        let (dir, steps) = match card {
            Card::TurnLeft | Card::TurnRight | Card::UTurn => {
                let turn = match card {
                    Card::TurnLeft => Turn::Left,
                    Card::TurnRight => Turn::Right,
                    _ => Turn::UTurn,
                };
                self.played(p, card, facing);
                self.turn_robot(r, turn, Cause::Move);
                return Some(StepFlow::Continue);
            }
            Card::Move1 | Card::Move2 | Card::Move3 => (facing, card.move_steps()),
            Card::MoveBack => (facing.opposite(), 1),
            Card::DriftLeft => (facing.left(), 1),
            Card::DriftRight => (facing.right(), 1),
            _ => return None,
        };
        let tile = self.arena.tile(start);
        let mut steps = steps;
        if dir == facing
            && alt
            && tile.and_then(Tile::road_arrow) == Some(facing)
            && !card.is_drift()
        {
            steps += 1;
        }
        if tile == Some(Tile::Oil) {
            steps = steps.saturating_sub(1);
        }
        if steps > 0 && !self.quick_steps(r, start, alt, dir, steps) {
            return None;
        }
        self.played(p, card, facing);
        self.card_moved(p, card);
        let on_oil = steps > 0
            && self
                .bodies
                .pos(r)
                .is_some_and(|at| self.arena.tile(at) == Some(Tile::Oil));
        if !on_oil && self.scratch.follow.is_empty() {
            // No slide, no push, nothing set off: what `plain_card_move`
            // does after the steps comes to ending the move.
            self.end_move();
            return Some(StepFlow::Continue);
        }
        Some(agenda::watch(self, |race| {
            race.scratch.mover = Some(r);
            race.scratch.card_move = true;
            race.scratch.jump = None;
            race.slide_on_oil(r, dir);
            race.after_pushes();
            race.end_move();
            let _ = race.flush_follow();
        }))
    }

    /// What [`Race::play`] notes of every card before its effect.
    fn played(&mut self, p: PlayerId, card: Card, facing: Dir) {
        let pl = &mut self.players[p.index()];
        pl.this.push(card);
        pl.reg.before = Some(facing);
    }

    /// Makes `p`'s card move of `steps` along `dir` on the fast path when
    /// it can (see the module's doc): `true` when it did, the move then
    /// over but for what follows every card move (the caller's
    /// `finish_move` part: oil, pushes, Homefield Advantage); `false`,
    /// with nothing changed, when the general path must make it.
    pub(crate) fn quick_move(&mut self, p: PlayerId, dir: Dir, steps: u8) -> bool {
        let Some(pl) = self.players.get(p.index()) else {
            return false;
        };
        if self.general() {
            return false;
        }
        if pl.reg.armed != 0 || !pl.plain() {
            return false;
        }
        let r = RobotId::of(p);
        let Some(start) = self.bodies.on_board(r).map(|b| b.pos) else {
            return false;
        };
        let alt = self.mode(p) == Mode::Alt;
        self.quick_steps(r, start, alt, dir, steps)
    }

    /// The steps of [`Race::quick_move`] for robot `r` on `start` (in alt
    /// mode or not), once its player is known to have no upgrade in play.
    fn quick_steps(&mut self, r: RobotId, start: Pos, alt: bool, dir: Dir, steps: u8) -> bool {
        // The cells the robot will enter, checked before anything changes.
        // Each cell is read once from the table: its tile for entering
        // it, its exits for leaving it (`Arena::wall`) on the next step.
        let table = self.arena.table();
        let wall = 1u8 << dir.index();
        let Some(mut exits) = table.cell(start).map(|c| c.exits) else {
            return false;
        };
        let mut path = [Pos::default(); 8];
        let mut n = 0;
        let mut at = start;
        while n < usize::from(steps) && n < path.len() {
            if exits & wall != 0 {
                break;
            }
            let to = at.step(dir);
            let Some((t, out)) = table.cell(to).and_then(|c| c.tile.map(|t| (t, c.exits))) else {
                return false;
            };
            exits = out;
            match way(t, alt, dir) {
                Way::Closed => break,
                Way::Busy => return false,
                Way::Plain => {}
            }
            if self.bodies.at(to).is_some() {
                if self.stuck_line(to, dir) {
                    // Pushing a line of robots that cannot move: the move
                    // ends here, as at a wall.
                    break;
                }
                return false;
            }
            if self.mines.contains(&to) || self.cubes.contains(&to) {
                return false;
            }
            path[n] = to;
            n += 1;
            at = to;
        }
        if n == path.len() && n < usize::from(steps) {
            return false;
        }
        #[cfg(test)]
        {
            self.scratch.quick_moves += 1;
        }
        let mut from = start;
        for &to in &path[..n] {
            self.bodies.set_pos(r, to);
            self.emit(Event::Grid(GridEvent::Moved {
                robot: r,
                from,
                to,
                cause: Cause::Move,
            }));
            from = to;
        }
        true
    }
}

#[cfg(test)]
mod tests;
