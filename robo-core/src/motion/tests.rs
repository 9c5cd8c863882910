//! Push chains on the toy edition.

use super::*;
use crate::toy::ToyWorld;

const OPEN: &str = "
+--+--+--+--+--+--+
 .. .. .. .. .. ..
+--+--+--+--+--+--+
";

fn r(i: u8) -> RobotId {
    RobotId(i)
}

#[test]
fn a_push_of_several_cells_is_one_push_and_keeps_facing() {
    let mut w = ToyWorld::new(OPEN, &[(0, 0, Dir::E), (1, 0, Dir::N)]).unwrap();
    let out = move_robot(&mut w, Move::new(r(0), Dir::E, 2));
    assert_eq!(
        (w.pos(0), w.pos(1)),
        (Some(Pos::new(2, 0)), Some(Pos::new(3, 0)))
    );
    assert_eq!(out.pushes.len(), 1);
    assert_eq!(
        out.pushes[0],
        Push {
            mover: r(0),
            by: r(0),
            pushed: r(1),
            cells: 2
        }
    );
    assert_eq!(
        w.facing_of(1),
        Some(Dir::N),
        "pushed robots keep their facing"
    );
    assert_eq!(out.end, Some(MoveEnd::Done));
}

#[test]
fn a_line_of_robots_is_pushed_together() {
    let mut w = ToyWorld::new(OPEN, &[(0, 0, Dir::E), (1, 0, Dir::E), (2, 0, Dir::E)]).unwrap();
    let out = move_robot(&mut w, Move::new(r(0), Dir::E, 1));
    assert_eq!(
        [w.pos(0), w.pos(1), w.pos(2)],
        [1, 2, 3].map(|x| Some(Pos::new(x, 0)))
    );
    assert_eq!(
        out.pushes
            .iter()
            .map(|p| (p.by, p.pushed))
            .collect::<Vec<_>>(),
        vec![(r(0), r(1)), (r(1), r(2))]
    );
}

#[test]
fn a_chain_against_a_wall_stops_everyone_and_the_rest_is_lost() {
    let board = "
+--+--+--+--+--+
|.. .. .. ..|..|
+--+--+--+--+--+
";
    let mut w = ToyWorld::new(board, &[(0, 0, Dir::E), (2, 0, Dir::E)]).unwrap();
    let out = move_robot(&mut w, Move::new(r(0), Dir::E, 3));
    // 0 steps to (1,0), pushes 1 from (2,0) to (3,0), then the wall stops both.
    assert_eq!(
        (w.pos(0), w.pos(1)),
        (Some(Pos::new(2, 0)), Some(Pos::new(3, 0)))
    );
    assert_eq!(out.steps, 2);
    assert_eq!(out.end, Some(MoveEnd::Blocked));
    assert_eq!(out.pushes[0].cells, 1);
}

#[test]
fn pushing_into_a_wall_is_a_push_of_zero_cells() {
    let board = "
+--+--+--+
|.. ..|..|
+--+--+--+
";
    let mut w = ToyWorld::new(board, &[(0, 0, Dir::E), (1, 0, Dir::E)]).unwrap();
    let out = move_robot(&mut w, Move::new(r(0), Dir::E, 1));
    assert_eq!(
        (w.pos(0), w.pos(1)),
        (Some(Pos::new(0, 0)), Some(Pos::new(1, 0)))
    );
    assert_eq!(
        out.pushes.as_slice(),
        &[Push {
            mover: r(0),
            by: r(0),
            pushed: r(1),
            cells: 0
        }]
    );
    assert_eq!(out.steps, 0);
}

#[test]
fn a_pushed_robot_falls_into_a_pit_and_the_mover_goes_on() {
    let board = "
+--+--+--+--+--+
|.. .. [] .. ..|
+--+--+--+--+--+
";
    let mut w = ToyWorld::new(board, &[(0, 0, Dir::E), (1, 0, Dir::E)]).unwrap();
    let out = move_robot(&mut w, Move::new(r(0), Dir::E, 1));
    assert_eq!(w.pos(1), None, "fell into the pit");
    assert_eq!(w.pos(0), Some(Pos::new(1, 0)));
    assert_eq!(out.end, Some(MoveEnd::Done));
    // The mover itself falls on its next step and the move ends there.
    let out = move_robot(&mut w, Move::new(r(0), Dir::E, 3));
    assert_eq!(w.pos(0), None);
    assert_eq!((out.steps, out.end), (1, Some(MoveEnd::Removed)));
}

#[test]
fn robots_pushed_off_the_edge_are_removed() {
    let mut w = ToyWorld::new(OPEN, &[(4, 0, Dir::E), (5, 0, Dir::S)]).unwrap();
    move_robot(&mut w, Move::new(r(0), Dir::E, 1));
    assert_eq!(w.pos(1), None);
    assert_eq!(w.pos(0), Some(Pos::new(5, 0)));
}

#[test]
fn without_pushing_a_robot_stops_before_another() {
    let mut w = ToyWorld::new(OPEN, &[(0, 0, Dir::E), (3, 0, Dir::E)]).unwrap();
    let out = move_robot(&mut w, Move::new(r(0), Dir::E, 5).without_pushing());
    assert_eq!(w.pos(0), Some(Pos::new(2, 0)));
    assert_eq!(w.pos(1), Some(Pos::new(3, 0)));
    assert!(out.pushes.is_empty());
    assert_eq!(out.end, Some(MoveEnd::Obstructed));
}

#[test]
fn every_single_step_is_reported_in_order() {
    let mut w = ToyWorld::new(OPEN, &[(0, 0, Dir::E), (1, 0, Dir::E)]).unwrap();
    move_robot(&mut w, Move::new(r(0), Dir::E, 2));
    let moved: Vec<(RobotId, Pos)> = w
        .log
        .iter()
        .filter_map(|e| match e {
            crate::event::GridEvent::Moved { robot, to, .. } => Some((*robot, *to)),
            _ => None,
        })
        .collect();
    // Front of the chain first at each step.
    assert_eq!(
        moved,
        vec![
            (r(1), Pos::new(2, 0)),
            (r(0), Pos::new(1, 0)),
            (r(1), Pos::new(3, 0)),
            (r(0), Pos::new(2, 0))
        ]
    );
}

struct Sticky(ToyWorld);
impl Arena for Sticky {
    fn robot_at(&self, p: Pos) -> Option<RobotId> {
        self.0.robot_at(p)
    }
    fn robot_pos(&self, r: RobotId) -> Option<Pos> {
        self.0.robot_pos(r)
    }
    fn set_robot_pos(&mut self, r: RobotId, p: Pos) {
        self.0.set_robot_pos(r, p);
    }
    fn can_leave(&self, r: RobotId, p: Pos, d: Dir) -> bool {
        self.0.can_leave(r, p, d)
    }
    fn can_be_pushed(&self, r: RobotId, _: RobotId, _: Dir) -> bool {
        // Robot 1 holds its ground (as Transformers' King of the Road does
        // against weak cards): pushing it is refused, and still counts.
        r != RobotId(1)
    }
    fn entered(&mut self, s: &Stepped) -> Entry {
        // A "glue" cell at x = 3 stops whoever enters it (as a fire pit
        // stops its mover): the rest of the move is lost.
        if s.to.x == 3 {
            Entry::Stop
        } else {
            Entry::Continue
        }
    }
}

#[test]
fn editions_decide_who_can_be_pushed_and_where_moves_stop() {
    let mut w = Sticky(ToyWorld::new(OPEN, &[(0, 0, Dir::E), (1, 0, Dir::E)]).unwrap());
    let out = move_robot(&mut w, Move::new(r(0), Dir::E, 2));
    assert_eq!(out.end, Some(MoveEnd::Obstructed));
    assert_eq!(out.pushes[0].cells, 0, "an attempted push still counts");
    assert_eq!(w.0.pos(0), Some(Pos::new(0, 0)));
    let mut w = Sticky(ToyWorld::new(OPEN, &[(0, 0, Dir::E)]).unwrap());
    let out = move_robot(&mut w, Move::new(r(0), Dir::E, 5));
    assert_eq!((out.steps, out.end), (3, Some(MoveEnd::Stopped)));
}

/// Counts the pushes tried, through the `&mut self` hook.
struct Counting(ToyWorld, Vec<(RobotId, RobotId)>);
impl Arena for Counting {
    fn robot_at(&self, p: Pos) -> Option<RobotId> {
        self.0.robot_at(p)
    }
    fn robot_pos(&self, r: RobotId) -> Option<Pos> {
        self.0.robot_pos(r)
    }
    fn set_robot_pos(&mut self, r: RobotId, p: Pos) {
        self.0.set_robot_pos(r, p);
    }
    fn can_leave(&self, r: RobotId, p: Pos, d: Dir) -> bool {
        self.0.can_leave(r, p, d)
    }
    fn try_push(&mut self, r: RobotId, by: RobotId, _: Dir) -> bool {
        self.1.push((by, r));
        true
    }
    fn entered(&mut self, _: &Stepped) -> Entry {
        Entry::Continue
    }
}

#[test]
fn every_push_is_tried_through_the_mutable_hook() {
    let robots = [(0, 0, Dir::E), (1, 0, Dir::E), (2, 0, Dir::E)];
    let mut w = Counting(ToyWorld::new(OPEN, &robots).unwrap(), Vec::new());
    let out = move_robot(&mut w, Move::new(r(0), Dir::E, 2));
    assert_eq!(out.steps, 2);
    // Each step builds the chain again: 0 pushes 1, 1 pushes 2.
    assert_eq!(
        w.1,
        vec![(r(0), r(1)), (r(1), r(2)), (r(0), r(1)), (r(1), r(2))]
    );
    // A move that may not push never asks.
    w.1.clear();
    let _ = move_robot(&mut w, Move::new(r(0), Dir::E, 1).without_pushing());
    assert!(w.1.is_empty());
}
