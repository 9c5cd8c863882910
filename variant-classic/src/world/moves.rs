//! A robot's move card on the classic floor, on the motion kit: a
//! teleporter turns it into a jump, a repulsor field throws the robot (or
//! the robot it pushes) back, and robots that end on oil slide on.

use super::World;
use crate::tiles::{Crossing, Tile};
use robo_core::element::Elements;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::RobotId;
use robo_core::motion::{
    continue_move, jump, move_robot, slide, Arena, Cause, Entry, Jump, Move, MoveEnd, MoveOutcome,
    Push, Stepped,
};
use robo_core::pipeline::{ConveyorPass, GridWorld};
use smallvec::SmallVec;

/// Cells a teleporter adds to a forward move card.
pub const TELEPORT_EXTRA: u8 = 2;
/// Cells a teleporter sends a Back Up backwards.
pub const TELEPORT_BACK: u8 = 2;
/// The robots a move card's robot pushed itself.
pub type Rammed = SmallVec<[RobotId; 2]>;

/// The longest slide on oil (more than any course's oil is long).
const MAX_SLIDE: u8 = 32;

impl World {
    /// Robot `r` runs a move card of `steps` cells towards `dir` (`back`:
    /// a Back Up, towards the robot's back). Returns the robots it pushed
    /// itself (in contact with it; a push of zero cells counts), for
    /// Ramming Gear.
    pub fn card_move(&mut self, r: RobotId, dir: Dir, steps: u8, back: bool) -> Rammed {
        let rammed = Rammed::new();
        let Some(start) = self.robot_pos(r) else {
            return rammed;
        };
        let steps = if self.devices.is_empty() {
            steps
        } else {
            // Squares tried while goo holds the robot are spent on it.
            let spent = self.goo_tries(r, steps);
            if spent == steps {
                return rammed;
            }
            steps - spent
        };
        let elements = self.elements();
        let flying = self.is_flying(r);
        let teleporter = (elements.teleporters
            && matches!(self.tile(start), Some(Tile::Teleporter)))
            || (!self.devices.is_empty() && self.portable_teleporter(r, start));
        if teleporter && !flying {
            let cells = if back {
                TELEPORT_BACK
            } else {
                steps + TELEPORT_EXTRA
            };
            // A device that is not flat on the landing cell: no jump.
            let landing = (0..cells).fold(start, |p, _| p.step(dir));
            if self
                .devices
                .iter()
                .any(|d| d.at == landing && !d.kind.flat())
            {
                return self.card_move_plain(r, dir, steps);
            }
            let out = jump(self, Jump::new(r, dir, cells));
            // An occupied landing cell: the card is resolved normally.
            if out.end != Some(MoveEnd::Obstructed) {
                self.slide_on(r, dir);
                return rammed;
            }
        }
        self.card_move_plain(r, dir, steps)
    }

    /// [`World::card_move`] with no jump: the card's steps, pushes,
    /// repulsor fields and oil.
    #[inline]
    fn card_move_plain(&mut self, r: RobotId, dir: Dir, steps: u8) -> Rammed {
        let mut rammed = Rammed::new();
        let elements = self.elements();
        let out = self.card_steps(Move::new(r, dir, steps));
        if !out.pushes.is_empty() {
            rammed.extend(out.pushes.iter().filter(|p| p.by == r).map(|p| p.pushed));
        }
        if !self.devices.is_empty() {
            self.goo_after_card(r, steps, &out);
        }
        if elements.repulsors && out.end == Some(MoveEnd::Blocked) && self.repulse(r, dir, steps) {
            return rammed;
        }
        if !elements.oil {
            return rammed;
        }
        let pushed: SmallVec<[RobotId; 4]> = out
            .pushes
            .iter()
            .filter(|p| p.cells > 0)
            .map(|p| p.pushed)
            .collect();
        if out.steps > 0 {
            self.slide_on(r, dir);
        }
        for p in pushed {
            self.slide_on(p, dir);
        }
        rammed
    }

    /// [`move_robot`] for a card's move `m`, its lone steps and its pushes
    /// of one robot made here: while nobody stands in the cell ahead, the
    /// mover steps as the motion core steps a robot alone (the step's
    /// cost, the edge it crosses, the cell it enters), with the world's
    /// lookups inlined; a robot ahead with a free cell behind it that it
    /// may move into is pushed as the core pushes a chain of one
    /// ([`World::push_one`]). From the first step that meets anything else
    /// (a line of robots, a pushed robot against a wall) the rest of the
    /// move goes through the motion core ([`continue_move`], its steps
    /// numbered on). Most card moves meet nobody.
    pub(crate) fn card_steps(&mut self, m: Move) -> MoveOutcome {
        let mut out = MoveOutcome::default();
        let i = m.robot.index();
        if i >= self.bodies.len() {
            // Not a robot: the core moves it.
            return continue_move(self, m, out);
        }
        let mut left = m.steps;
        while left > 0 {
            let b = self.bodies.as_slice()[i];
            if !b.on_board {
                out.end = Some(MoveEnd::Removed);
                return out;
            }
            let start = b.pos;
            let next = start.step(m.dir);
            let front = self.robot_blocker(next, i, b.extra);
            if let Some(front) = front {
                // Only a lone robot that may step on is pushed here.
                let lone = m.pushing
                    && self.can_leave(front, next, m.dir)
                    && self.blocker(next.step(m.dir), front).is_none();
                if !lone {
                    return continue_move(self, m.rest(m.dir, left), out);
                }
            }
            let step = out.steps.saturating_add(1);
            let cost = self.step_cost(&m, start, step).max(1);
            if cost > left {
                out.end = Some(MoveEnd::Spent);
                return out;
            }
            left -= cost;
            // `Arena::can_leave` for a robot.
            if !(self.crossing(start, m.dir).passes() || (self.high_flying && b.extra.flying)) {
                out.end = Some(MoveEnd::Blocked);
                return out;
            }
            if let Some(front) = front {
                match self.push_one(&m, front, start, (step, left == 0), &mut out) {
                    None => continue,
                    Some(MoveEnd::Paused { .. }) => out.end = Some(MoveEnd::Paused { left }),
                    Some(end) => out.end = Some(end),
                }
                return out;
            }
            self.bodies.set_pos(m.robot, next);
            out.steps = step;
            let entry = self.robot_entered(&Stepped {
                robot: m.robot,
                from: start,
                to: next,
                dir: m.dir,
                cause: m.cause,
                mover: m.robot,
                step,
                last: left == 0,
            });
            out.end = match entry {
                Entry::Continue => continue,
                Entry::Stop => Some(MoveEnd::Stopped),
                Entry::Pause => Some(MoveEnd::Paused { left }),
                Entry::Removed => Some(MoveEnd::Removed),
            };
            return out;
        }
        if m.steps > 0 {
            out.end = Some(MoveEnd::Done);
        }
        out
    }

    /// Step `step` of the mover of `m` from `start` (`last`: its last
    /// step), pushing robot `front` one cell ahead of it: the motion
    /// core's chain of one, for [`World::card_steps`], which has checked
    /// that `front` may leave its cell and that nobody stands beyond it.
    /// The pushed robot enters its cell first. How the move ends, if it
    /// does (a pause with no steps left: the caller knows how many).
    fn push_one(
        &mut self,
        m: &Move,
        front: RobotId,
        start: Pos,
        (step, last): (u8, bool),
        out: &mut MoveOutcome,
    ) -> Option<MoveEnd> {
        let next = start.step(m.dir);
        if !self.try_push(front, m.robot, m.dir) {
            note_push(out, m.robot, front, 0);
            return Some(MoveEnd::Obstructed);
        }
        let beyond = next.step(m.dir);
        // The front first, so a cell is always vacated before it is entered.
        self.set_robot_pos(front, beyond);
        self.set_robot_pos(m.robot, next);
        note_push(out, m.robot, front, 1);
        out.steps = step;
        let pushed = Stepped {
            robot: front,
            from: next,
            to: beyond,
            dir: m.dir,
            cause: Cause::Push { by: Some(m.robot) },
            mover: m.robot,
            step,
            last,
        };
        let mut end = match self.entered(&pushed) {
            Entry::Stop => Some(MoveEnd::Stopped),
            Entry::Pause => Some(MoveEnd::Paused { left: 0 }),
            Entry::Continue | Entry::Removed => None,
        };
        let mover = Stepped {
            robot: m.robot,
            from: start,
            to: next,
            cause: m.cause,
            ..pushed
        };
        match self.entered(&mover) {
            Entry::Continue => {}
            Entry::Stop => {
                if matches!(end, None | Some(MoveEnd::Paused { .. })) {
                    end = Some(MoveEnd::Stopped);
                }
            }
            Entry::Pause => end = end.or(Some(MoveEnd::Paused { left: 0 })),
            Entry::Removed => end = Some(MoveEnd::Removed),
        }
        end
    }

    /// A robot that stands on oil after its movement slides on towards
    /// `dir` until it is off the oil, pushing robots on oil before it.
    fn slide_on(&mut self, r: RobotId, dir: Dir) {
        if self.is_flying(r) || self.robot_pos(r).and_then(|p| self.tile(p)) != Some(Tile::Oil) {
            return;
        }
        let m = Move::new(r, dir, MAX_SLIDE).with_cause(Cause::Slide);
        let _ = slide(self, m, |w: &World, p: Pos| w.tile(p) == Some(Tile::Oil));
    }

    /// A move of `r` towards `dir` was blocked: if a repulsor field
    /// stopped it (or the robot it pushed), the robot at the front of the
    /// line is thrown back the card's `steps` cells, pushing the ones
    /// behind it. Whether it was a repulsor.
    fn repulse(&mut self, r: RobotId, dir: Dir, steps: u8) -> bool {
        let Some(mut at) = self.robot_pos(r) else {
            return false;
        };
        let mut front = r;
        while let Some(next) = self.blocker(at.step(dir), front) {
            front = next;
            at = at.step(dir);
        }
        if self.crossing(at, dir) != Crossing::Repulsor {
            return false;
        }
        let throw = Move::new(front, dir.opposite(), steps).with_cause(Cause::Push { by: None });
        let _ = move_robot(self, throw);
        true
    }
}

/// Notes that the mover of `out` pushed `pushed` `cells` cells, as the
/// motion core notes it (one entry per pushed robot, cells added up).
fn note_push(out: &mut MoveOutcome, mover: RobotId, pushed: RobotId, cells: u8) {
    match out.pushes.iter_mut().find(|p| p.pushed == pushed) {
        Some(p) => p.cells += cells,
        None => out.pushes.push(Push {
            mover,
            by: mover,
            pushed,
            cells,
        }),
    }
}

impl World {
    /// A conveyor pass over the robots and the flags (the currents' pass
    /// with the world's `flowing` flag set).
    pub fn convey(&mut self, pass: ConveyorPass) {
        // Only the robots on a conveyor of this pass can move
        // (`ConveyorPass::plan` passes over the others; those in the way
        // are found by `blocker`), so only they are handed to it. Flying robots are not carried.
        let board = self.board();
        let mut pieces: SmallVec<[RobotId; 16]> = self
            .bodies
            .placed()
            .filter(|(_, b)| {
                !b.extra.flying
                    && board
                        .tile(b.pos)
                        .and_then(Elements::conveyor)
                        .is_some_and(|c| pass.carries(c.speed))
            })
            .map(|(r, _)| r)
            .collect();
        // Flags move only from a conveyor of this pass; and they meet only
        // flags, so while none stands on one they are left out.
        let carried = |t: Option<Tile>| match t {
            Some(Tile::Belt(_)) => !self.flowing,
            Some(Tile::Current(_)) => self.flowing,
            _ => false,
        };
        if self.flag_cells().iter().any(|&f| carried(self.tile(f))) {
            pieces.extend(self.flag_pieces());
        }
        if pieces.is_empty() {
            return;
        }
        let moves = pass.plan(self, &pieces);
        ConveyorPass::apply(self, &moves);
    }

    /// The currents carry the robots and flags in them one cell.
    pub fn flow(&mut self) {
        self.flowing = true;
        self.convey(ConveyorPass::ALL);
        self.flowing = false;
    }

    /// Pushers of `register` push the flags on them one cell (after the
    /// robots: a flag never stops a robot).
    pub fn push_flags(&mut self, register: u8) {
        let n = self.course().checkpoints().len() as u8;
        for k in 1..=n {
            let Some(at) = self.flag(k) else { continue };
            let Some(panel) = self.tile(at).and_then(|t| t.push_panel()) else {
                continue;
            };
            if panel.registers.contains(register) {
                let m =
                    Move::new(self.flag_id(k), panel.dir, 1).with_cause(Cause::Push { by: None });
                let _ = move_robot(self, m);
            }
        }
    }
}
