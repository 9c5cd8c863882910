//! The motion primitives proven on the toy edition's elements: road
//! corners (a choice mid-move), jump ramps and teleporters (jumps), oil
//! (slides and a lost first step), water (step costs), fire pits
//! (a stop), blocks (can-leave and sight), and pieces that share cells.

use super::moves::{card_move, turn_corner, PausedMove, Progress};
use super::{ToyKind, ToyWorld};
use crate::geom::{Dir, Pos};
use crate::ids::RobotId;
use crate::motion::{jump, move_robot, slide, Arena, Cause, Jump, Move, MoveEnd, Push};
use crate::pipeline::{BoardLasers, ConveyorPass, GridWorld, PushPanels, Step};
use crate::ray::{cast_across, RayOptions, Stop};

fn r(i: u8) -> RobotId {
    RobotId(i)
}

fn at(x: i16, y: i16) -> Option<Pos> {
    Some(Pos::new(x, y))
}

fn corner(p: Progress) -> PausedMove {
    match p {
        Progress::Corner(paused) => paused,
        Progress::Done(out) => panic!("no corner: {out:?}"),
    }
}

fn done(p: Progress) -> crate::motion::MoveOutcome {
    match p {
        Progress::Done(out) => out,
        Progress::Corner(paused) => panic!("waits at a corner: {paused:?}"),
    }
}

const CORNER: &str = "
+--+--+--+--+--+
 .. .. Cv .. ..
+  +  +  +  +  +
 .. .. .. .. ..
+  +  +  +  +  +
 .. .. .. .. ..
+--+--+--+--+--+
";

#[test]
fn a_road_corner_pauses_the_move_and_the_player_picks_the_way_on() {
    let mut w = ToyWorld::new(CORNER, &[(0, 0, Dir::E)]).unwrap();
    let paused = corner(card_move(&mut w, Move::new(r(0), Dir::E, 4)));
    assert_eq!(w.pos(0), at(2, 0));
    assert_eq!(paused.so_far.end, Some(MoveEnd::Paused { left: 2 }));
    // The choice may wait across saves: the paused move is plain data.
    let json = serde_json::to_string(&paused).unwrap();
    let paused: PausedMove = serde_json::from_str(&json).unwrap();
    let (mut turned, mut straight) = (w.clone(), w);
    let out = done(turn_corner(&mut turned, paused.clone(), true));
    assert_eq!(
        (turned.pos(0), turned.facing_of(0)),
        (at(2, 2), Some(Dir::S))
    );
    assert_eq!((out.steps, out.end), (4, Some(MoveEnd::Done)));
    let out = done(turn_corner(&mut straight, paused, false));
    assert_eq!(
        (straight.pos(0), straight.facing_of(0)),
        (at(4, 0), Some(Dir::E))
    );
    assert_eq!(out.steps, 4);
}

#[test]
fn a_backward_move_turned_at_a_corner_goes_on_backwards() {
    let mut w = ToyWorld::new(CORNER, &[(3, 0, Dir::E)]).unwrap();
    let paused = corner(card_move(&mut w, Move::new(r(0), Dir::W, 2)));
    let out = done(turn_corner(&mut w, paused, true));
    // Facing south now, its backward step goes north: into the wall.
    assert_eq!((w.pos(0), w.facing_of(0)), (at(2, 0), Some(Dir::S)));
    assert_eq!(out.end, Some(MoveEnd::Blocked));
}

#[test]
fn a_corner_on_the_last_step_still_asks_and_pushes_stay_one_event() {
    // 0 pushes 1 onto the corner (no pause: pushed), then enters it itself.
    let mut w = ToyWorld::new(CORNER, &[(0, 0, Dir::E), (1, 0, Dir::E)]).unwrap();
    let paused = corner(card_move(&mut w, Move::new(r(0), Dir::E, 2)));
    assert_eq!((w.pos(0), w.pos(1)), (at(2, 0), at(3, 0)));
    assert_eq!(paused.so_far.end, Some(MoveEnd::Paused { left: 0 }));
    assert_eq!(paused.rest.steps, 0);
    let out = done(turn_corner(&mut w, paused, true));
    assert_eq!((w.pos(0), w.facing_of(0)), (at(2, 0), Some(Dir::S)));
    let push = |cells| Push {
        mover: r(0),
        by: r(0),
        pushed: r(1),
        cells,
    };
    assert_eq!(out.pushes.as_slice(), &[push(2)]);
    // Pushed on both sides of a corner taken straight: still one push.
    let mut w = ToyWorld::new(CORNER, &[(1, 0, Dir::E), (2, 0, Dir::N)]).unwrap();
    let paused = corner(card_move(&mut w, Move::new(r(0), Dir::E, 3)));
    assert_eq!(paused.so_far.pushes.as_slice(), &[push(1)]);
    let out = done(turn_corner(&mut w, paused, false));
    assert_eq!(
        (w.pos(0), w.pos(1)),
        (at(4, 0), None),
        "pushed off the edge"
    );
    assert_eq!(out.pushes.as_slice(), &[push(3)]);
}

const RAMP: &str = "
+--+--+--+--+--+--+--+
 .. .. .. J> **|[] ..
+  +  +  +  +  +  +  +
 .. .. J> .. ## .. ..
+--+--+--+--+--+--+--+
";

#[test]
fn a_jump_ramp_throws_its_mover_as_far_as_it_came_over_everything() {
    let mut w = ToyWorld::new(RAMP, &[(0, 0, Dir::E)]).unwrap();
    let out = done(card_move(&mut w, Move::new(r(0), Dir::E, 3)));
    // Three steps to the ramp, then a jump of three over the fire pit, the
    // wall and the pit.
    assert_eq!(w.pos(0), at(6, 0));
    assert_eq!((out.steps, out.end), (6, Some(MoveEnd::Done)));
    // Two steps to the ramp: a jump of two (the card's third step is
    // lost), onto a block, then a robot: it flies on to the next free cell.
    let mut w = ToyWorld::new(RAMP, &[(0, 1, Dir::E), (5, 1, Dir::N)]).unwrap();
    let out = done(card_move(&mut w, Move::new(r(0), Dir::E, 3)));
    assert_eq!((w.pos(0), out.steps), (at(6, 1), 6));
}

#[test]
fn ramps_are_entered_only_along_their_arrow_and_a_pushed_robot_does_not_jump() {
    let mut w = ToyWorld::new(RAMP, &[(3, 1, Dir::N), (2, 0, Dir::E), (1, 0, Dir::E)]).unwrap();
    let out = move_robot(&mut w, Move::new(r(0), Dir::N, 1));
    assert_eq!((w.pos(0), out.end), (at(3, 1), Some(MoveEnd::Blocked)));
    // Robot 2 pushes robot 1 up the ramp: 1 stays on it, 2 stops behind.
    let out = done(card_move(&mut w, Move::new(r(2), Dir::E, 1)));
    assert_eq!((w.pos(1), w.pos(2)), (at(3, 0), at(2, 0)));
    assert_eq!(out.end, Some(MoveEnd::Done));
}

#[test]
fn a_teleporter_jump_does_not_fire_onto_an_occupied_landing() {
    let mut w = ToyWorld::new(RAMP, &[(0, 1, Dir::E), (3, 1, Dir::N)]).unwrap();
    // A teleporter under robot 0 turns its Move 1 into a jump of 3.
    let out = jump(&mut w, Jump::new(r(0), Dir::E, 3));
    assert_eq!((w.pos(0), out.end), (at(0, 1), Some(MoveEnd::Obstructed)));
    // Nor onto a block; a free landing is taken, its entry effects apply.
    assert_eq!(
        jump(&mut w, Jump::new(r(0), Dir::E, 4)).end,
        Some(MoveEnd::Obstructed)
    );
    // A ramp may be landed on from any side, a fire pit stops its mover.
    let out = jump(&mut w, Jump::new(r(1), Dir::N, 1));
    assert_eq!((w.pos(1), out.end), (at(3, 0), Some(MoveEnd::Done)));
    let out = jump(&mut w, Jump::new(r(1), Dir::E, 1));
    assert_eq!((w.pos(1), out.end), (at(4, 0), Some(MoveEnd::Stopped)));
    let out = jump(&mut w, Jump::new(r(0), Dir::E, 7));
    assert_eq!(
        (w.pos(0), out.end),
        (None, Some(MoveEnd::Removed)),
        "off the board"
    );
}

const WET: &str = "
+--+--+--+--+--+--+--+
 ~~ .. %% %% .. .. ..
+  +  +  +  +  +  +  +
 .. .. ** .. %% %% ..
+--+--+--+--+--+--+--+
";

#[test]
fn water_costs_a_step_to_leave_and_pushed_robots_pay_nothing() {
    let mut w = ToyWorld::new(WET, &[(0, 0, Dir::E)]).unwrap();
    let out = move_robot(&mut w, Move::new(r(0), Dir::E, 1));
    assert_eq!(
        (w.pos(0), out.steps, out.end),
        (at(0, 0), 0, Some(MoveEnd::Spent))
    );
    let out = move_robot(&mut w, Move::new(r(0), Dir::S, 2));
    assert_eq!(
        (w.pos(0), out.steps, out.end),
        (at(0, 1), 1, Some(MoveEnd::Done))
    );
    // Pushed out of the water (off the board): a plain push.
    let mut w = ToyWorld::new(WET, &[(1, 0, Dir::W), (0, 0, Dir::E)]).unwrap();
    move_robot(&mut w, Move::new(r(0), Dir::W, 1));
    assert_eq!((w.pos(0), w.pos(1)), (at(0, 0), None));
}

#[test]
fn a_move_started_on_oil_loses_its_first_step_and_ends_sliding() {
    let mut w = ToyWorld::new(WET, &[(2, 0, Dir::W)]).unwrap();
    let out = done(card_move(&mut w, Move::new(r(0), Dir::W, 1)));
    assert_eq!((w.pos(0), out.end), (at(2, 0), Some(MoveEnd::Spent)));
    // Move 2 west from oil: one cell, onto floor.
    done(card_move(&mut w, Move::new(r(0), Dir::W, 2)));
    assert_eq!(w.pos(0), at(1, 0));
    // Move 1 east onto oil: it slides over both oil cells and off them.
    done(card_move(&mut w, Move::new(r(0), Dir::E, 1)));
    assert_eq!(w.pos(0), at(4, 0));
}

#[test]
fn a_slide_pushes_robots_on_oil_and_stops_at_robots_off_it() {
    let oil = |w: &ToyWorld, p| w.board.tile(p) == Some(&super::ToyTile::Oil);
    let slip = |i| Move::new(r(i), Dir::E, u8::MAX).with_cause(Cause::Slide);
    // Robot 1 on oil ahead: pushed, and both go on until 1 is off the oil.
    let mut w = ToyWorld::new(WET, &[(2, 0, Dir::E), (3, 0, Dir::N)]).unwrap();
    let out = slide(&mut w, slip(0), oil);
    assert_eq!((w.pos(0), w.pos(1)), (at(3, 0), at(4, 0)));
    assert_eq!((out.steps, out.pushes.len()), (1, 1));
    assert_eq!(out.end, Some(MoveEnd::Obstructed), "1 is off the oil now");
    // Robot 1 off the oil ahead: no push, the slider stops.
    let mut w = ToyWorld::new(WET, &[(4, 1, Dir::E), (6, 1, Dir::N)]).unwrap();
    let out = slide(&mut w, slip(0), oil);
    assert_eq!((w.pos(0), w.pos(1)), (at(5, 1), at(6, 1)));
    assert!(out.pushes.is_empty());
    // Without pushing, a robot on oil stops it as well.
    let mut w = ToyWorld::new(WET, &[(4, 1, Dir::E), (5, 1, Dir::N)]).unwrap();
    let out = slide(&mut w, slip(0).without_pushing(), oil);
    assert_eq!((w.pos(0), out.end), (at(4, 1), Some(MoveEnd::Obstructed)));
}

#[test]
fn a_fire_pit_stops_its_mover_but_a_pushed_robot_goes_on() {
    // The pit answers its own mover `Entry::Stop`: the rest is lost.
    let mut w = ToyWorld::new(WET, &[(0, 1, Dir::E)]).unwrap();
    let out = move_robot(&mut w, Move::new(r(0), Dir::E, 3));
    assert_eq!(
        (w.pos(0), out.steps, out.end),
        (at(2, 1), 2, Some(MoveEnd::Stopped))
    );
    // Robot 1 is pushed into the pit and on out of it; the mover stops in it.
    let mut w = ToyWorld::new(WET, &[(0, 1, Dir::E), (1, 1, Dir::E)]).unwrap();
    let out = move_robot(&mut w, Move::new(r(0), Dir::E, 3));
    assert_eq!((w.pos(0), w.pos(1)), (at(2, 1), at(3, 1)));
    assert_eq!((out.steps, out.end), (2, Some(MoveEnd::Stopped)));
}

#[test]
fn a_block_stops_movement_and_sight_alike() {
    let board = "
+--+--+--+--+
 Z> .. ## ..
+  +  +  +  +
 Z> .. .. ..
+--+--+--+--+
";
    let mut w = ToyWorld::new(board, &[(1, 0, Dir::E), (3, 0, Dir::N), (3, 1, Dir::N)]).unwrap();
    let out = move_robot(&mut w, Move::new(r(0), Dir::E, 1));
    assert_eq!((w.pos(0), out.end), (at(1, 0), Some(MoveEnd::Blocked)));
    // Robot 0 gone, the block shields robot 1; robot 2 is hit.
    w.robots[0].pos = None;
    let _ = BoardLasers.run(&mut w, 1);
    let hits: Vec<u8> = w.robots.iter().map(|r| r.hits).collect();
    assert_eq!(hits, [0, 0, 1]);
    // A robot's weapon uses the same test through `cast_across`.
    let ray = cast_across(
        &w.board,
        Pos::new(0, 0),
        Dir::E,
        RayOptions::default(),
        |p| w.robot_at(p),
        |p, d| w.blocks_sight(p, d),
    );
    assert_eq!(ray.stop, Stop::Obstacle(Pos::new(2, 0)));
}

#[test]
fn a_rail_gun_pierces_robots_and_walls_but_not_what_blocks_sight() {
    let board = "
+--+--+--+--+--+--+
 .. ..|.. .. ## ..
+--+--+--+--+--+--+
";
    let w = ToyWorld::new(board, &[(0, 0, Dir::E), (1, 0, Dir::E), (3, 0, Dir::E)])
        .unwrap()
        .with_kind(2, ToyKind::Virtual);
    let robot_at = |p| w.robot_at(p);
    let sight = |p, d| w.blocks_sight(p, d);
    let laser = cast_across(
        &w.board,
        Pos::new(0, 0),
        Dir::E,
        RayOptions::default(),
        robot_at,
        sight,
    );
    assert_eq!(laser.first_hit(), Some(r(1)));
    let rail = RayOptions {
        pierce: true,
        through_walls: true,
        ..RayOptions::default()
    };
    let ray = cast_across(&w.board, Pos::new(0, 0), Dir::E, rail, robot_at, sight);
    // Through robot 1 and the wall; the virtual robot 2 is not hit.
    assert_eq!(ray.hits.iter().map(|h| h.0).collect::<Vec<_>>(), [r(1)]);
    assert_eq!(ray.stop, Stop::Obstacle(Pos::new(4, 0)));
}

const LANE: &str = "
+--+--+--+--+--+
 P> .. .. >. ..
+  +  +  +  +  +
 .. >. .. <. ..
+--+--+--+--+--+
";

#[test]
fn virtual_robots_share_cells_and_push_nobody() {
    let robots = [(0, 0, Dir::E), (1, 0, Dir::E), (2, 0, Dir::N)];
    let mut w = ToyWorld::new(LANE, &robots)
        .unwrap()
        .with_kind(0, ToyKind::Virtual);
    // The push panel moves the virtual robot onto robot 1's cell, no push.
    let _ = PushPanels.run(&mut w, 1);
    assert_eq!((w.pos(0), w.pos(1)), (at(1, 0), at(1, 0)));
    // It walks on through robot 2 without pushing it.
    let out = move_robot(&mut w, Move::new(r(0), Dir::E, 2));
    assert_eq!(
        (w.pos(0), w.pos(2), out.pushes.len()),
        (at(3, 0), at(2, 0), 0)
    );
    // Robot 1 pushes robot 2 through the virtual robot's cell and stops on it.
    let out = move_robot(&mut w, Move::new(r(1), Dir::E, 2));
    assert_eq!(
        (w.pos(0), w.pos(1), w.pos(2)),
        (at(3, 0), at(3, 0), at(4, 0))
    );
    assert_eq!(
        out.pushes
            .iter()
            .map(|p| (p.pushed, p.cells))
            .collect::<Vec<_>>(),
        [(r(2), 2)]
    );
    // Belts carry the virtual robot and a robot onto one cell: they do not
    // cancel each other.
    w.set_robot_pos(r(0), Pos::new(1, 1));
    w.set_robot_pos(r(1), Pos::new(3, 1));
    let _ = ConveyorPass::ALL.run(&mut w, 1);
    assert_eq!((w.pos(0), w.pos(1)), (at(2, 1), at(2, 1)));
}

#[test]
fn flat_pieces_ride_belts_and_panels_and_robots_pass_over_them() {
    // Piece 0 is flat (a moving flag) on a push panel; robots 1 and 2.
    let robots = [(0, 0, Dir::N), (1, 0, Dir::E), (4, 0, Dir::N)];
    let mut w = ToyWorld::new(LANE, &robots)
        .unwrap()
        .with_kind(0, ToyKind::Flat);
    let _ = PushPanels.run(&mut w, 1);
    assert_eq!((w.pos(0), w.pos(1)), (at(1, 0), at(1, 0)), "not a push");
    // Robot 1 walks over it and pushes robot 2 off the board.
    move_robot(&mut w, Move::new(r(1), Dir::E, 3));
    assert_eq!((w.pos(0), w.pos(1), w.pos(2)), (at(1, 0), at(4, 0), None));
    // The belt carries the flat piece onto robot 1's cell; the robot
    // standing there does not stop it.
    w.set_robot_pos(r(0), Pos::new(3, 0));
    let _ = ConveyorPass::ALL.run(&mut w, 1);
    assert_eq!(w.pos(0), at(4, 0));
    // Two flat pieces converging cancel each other.
    let robots = [(1, 1, Dir::N), (3, 1, Dir::N)];
    let mut w = ToyWorld::new(LANE, &robots)
        .unwrap()
        .with_kind(0, ToyKind::Flat)
        .with_kind(1, ToyKind::Flat);
    let _ = ConveyorPass::ALL.run(&mut w, 1);
    assert_eq!((w.pos(0), w.pos(1)), (at(1, 1), at(3, 1)));
}
