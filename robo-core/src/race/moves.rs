//! Making a move and noting what it set off: who fell, who was pushed, and
//! which kind of move it was while it lasts (an edition's entry effects
//! and push triggers ask).

use crate::board::BoardId;
use crate::geom::{Dir, Pos};
use crate::ids::RobotId;
use crate::motion::{move_robot, Arena, Cause, Move, MoveOutcome, Push};
use smallvec::SmallVec;

/// What kind of move a robot is making, for the rules that care.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Part of the robot's own programming card (push upgrades and options
    /// that act "during your card" react).
    Card,
    /// A card's move whose stop against a wall costs the mover (2023's Ram).
    Ram,
    /// An upgrade's or option's move the robot makes itself.
    Upgrade,
    /// Made to move by something else: shoved by a weapon, pulled.
    Forced,
    /// Moved aside to make room (on a reboot space): not a push, so no push
    /// is noted.
    MakingRoom,
}

impl MoveKind {
    /// A move of the robot's own programming card.
    #[must_use]
    pub const fn is_card(self) -> bool {
        matches!(self, MoveKind::Card | MoveKind::Ram)
    }
}

/// A robot that left the grid during a move or an element step, waiting
/// for the edition to process its fall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lost {
    /// The robot.
    pub robot: RobotId,
    /// The board it fell from (or into).
    pub board: BoardId,
    /// Into a pit (not off the floor).
    pub pit: bool,
}

/// What moves and element steps set off, noted as they happen and taken
/// by the edition afterwards, and the move under way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveNotes {
    /// Robots lost, in the order they fell.
    pub lost: SmallVec<[Lost; 4]>,
    /// Pushes, one per pair of robots in contact, in the order they began.
    pub pushes: SmallVec<[Push; 8]>,
    current: Option<(RobotId, MoveKind)>,
}

impl MoveNotes {
    /// The move under way (made with [`make_move`]): who makes it, what kind.
    #[must_use]
    #[inline]
    pub fn current(&self) -> Option<(RobotId, MoveKind)> {
        self.current
    }

    /// The robot whose programming card is moving it now, if any.
    #[must_use]
    #[inline]
    pub fn card_mover(&self) -> Option<RobotId> {
        self.current.filter(|(_, k)| k.is_card()).map(|(r, _)| r)
    }

    /// Nothing lost, nothing pushed.
    #[must_use]
    #[inline]
    pub fn is_quiet(&self) -> bool {
        self.lost.is_empty() && self.pushes.is_empty()
    }

    /// Notes that `by` (the robot in contact) pushed `pushed` `cells` cells
    /// (0 for a push a wall stopped), adding to the same pair's push. The
    /// push's mover is the robot whose move this is. Nothing is noted while
    /// a robot makes room.
    #[inline]
    pub fn note_push(&mut self, by: RobotId, pushed: RobotId, cells: u8) {
        let mover = match self.current {
            Some((_, MoveKind::MakingRoom)) => return,
            Some((r, _)) => r,
            None => by,
        };
        match self
            .pushes
            .iter_mut()
            .find(|p| p.by == by && p.pushed == pushed)
        {
            Some(p) => p.cells = p.cells.saturating_add(cells),
            None => self.pushes.push(Push {
                mover,
                by,
                pushed,
                cells,
            }),
        }
    }

    /// Notes a robot lost.
    #[inline]
    pub fn note_lost(&mut self, robot: RobotId, board: BoardId, pit: bool) {
        self.lost.push(Lost { robot, board, pit });
    }

    /// The pushes noted so far, taken out.
    #[inline]
    pub fn take_pushes(&mut self) -> SmallVec<[Push; 8]> {
        std::mem::take(&mut self.pushes)
    }
}

/// A world that keeps [`MoveNotes`] (its [`Arena`] hooks note pushes and
/// falls there).
pub trait Noted: Arena {
    /// The notes.
    fn notes(&mut self) -> &mut MoveNotes;
}

/// Makes `m` as a move of `kind`: while it lasts, the world's notes say
/// who moves and how ([`MoveNotes::current`]), so the world's hooks can
/// tell a card's move from a forced one without flags set by hand.
pub fn make_move<W: Noted + ?Sized>(world: &mut W, m: Move, kind: MoveKind) -> MoveOutcome {
    let before = world.notes().current.replace((m.robot, kind));
    let out = move_robot(world, m);
    world.notes().current = before;
    out
}

/// Frees `at` for a robot coming back there: a robot standing on it (and
/// any robots in line beyond it) moves one cell towards `arrow`; if that is
/// blocked, the next directions clockwise are tried. Not a push. `false`
/// when the cell could not be freed.
pub fn make_room<W: Noted + ?Sized>(world: &mut W, at: Pos, arrow: Dir) -> bool {
    let Some(occupant) = world.robot_at(at) else {
        return true;
    };
    for k in 0..4 {
        let dir = arrow.rotated_cw(k);
        let m = Move::new(occupant, dir, 1).with_cause(Cause::Placed);
        if make_move(world, m, MoveKind::MakingRoom).steps > 0 {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::motion::{Entry, Stepped};

    /// Robots on a line of floor `0..len`, walls nowhere.
    struct Line {
        robots: Vec<Option<Pos>>,
        len: i16,
        notes: MoveNotes,
        card_moves_seen: Vec<RobotId>,
    }

    impl Arena for Line {
        fn robot_at(&self, pos: Pos) -> Option<RobotId> {
            self.robots
                .iter()
                .position(|r| *r == Some(pos))
                .map(|i| RobotId(i as u8))
        }
        fn robot_pos(&self, robot: RobotId) -> Option<Pos> {
            self.robots.get(robot.index()).copied().flatten()
        }
        fn set_robot_pos(&mut self, robot: RobotId, pos: Pos) {
            self.robots[robot.index()] = Some(pos);
        }
        fn can_leave(&self, _: RobotId, from: Pos, dir: Dir) -> bool {
            let to = from.step(dir);
            to.y == 0 && (0..self.len).contains(&to.x)
        }
        fn try_push(&mut self, robot: RobotId, pusher: RobotId, _: Dir) -> bool {
            self.notes.note_push(pusher, robot, 0);
            true
        }
        fn entered(&mut self, s: &Stepped) -> Entry {
            if let Cause::Push { by: Some(by) } = s.cause {
                self.notes.note_push(by, s.robot, 1);
            }
            if let Some(r) = self.notes.card_mover() {
                self.card_moves_seen.push(r);
            }
            Entry::Continue
        }
    }

    impl Noted for Line {
        fn notes(&mut self) -> &mut MoveNotes {
            &mut self.notes
        }
    }

    fn line(robots: &[i16]) -> Line {
        Line {
            robots: robots.iter().map(|&x| Some(Pos::new(x, 0))).collect(),
            len: 5,
            notes: MoveNotes::default(),
            card_moves_seen: Vec::new(),
        }
    }

    #[test]
    fn a_card_move_is_known_as_such_only_while_it_lasts_and_pushes_name_the_mover() {
        let mut w = line(&[0, 1]);
        let out = make_move(&mut w, Move::new(RobotId(0), Dir::E, 2), MoveKind::Card);
        assert_eq!(out.steps, 2);
        assert_eq!(w.notes.current(), None, "over once the move is made");
        assert!(w.card_moves_seen.iter().all(|r| *r == RobotId(0)));
        assert!(!w.card_moves_seen.is_empty());
        let pushes = w.notes.take_pushes();
        assert_eq!(pushes.len(), 1);
        assert_eq!(
            (pushes[0].mover, pushes[0].pushed, pushes[0].cells),
            (RobotId(0), RobotId(1), 2)
        );
        let seen = w.card_moves_seen.len();
        let _ = make_move(&mut w, Move::new(RobotId(1), Dir::W, 1), MoveKind::Forced);
        assert_eq!(w.card_moves_seen.len(), seen, "a forced move is no card's");
    }

    #[test]
    fn making_room_moves_the_occupant_without_a_push_and_turns_clockwise_at_the_edge() {
        // The occupant at the east end cannot go east; south and west are
        // tried in turn (south is off the line), and west frees the cell.
        let mut w = line(&[4, 2]);
        assert!(make_room(&mut w, Pos::new(4, 0), Dir::E));
        assert_eq!(w.robots[0], Some(Pos::new(3, 0)));
        assert!(w.notes.is_quiet(), "no push noted");
        assert!(
            make_room(&mut w, Pos::new(0, 0), Dir::E),
            "an empty cell is free"
        );
        let mut full = line(&[0]);
        full.len = 1;
        assert!(!make_room(&mut full, Pos::new(0, 0), Dir::N));
    }
}
