use super::*;
use crate::tiles::Crossing;
use robo_core::motion::{Arena, Cause, Move};
use robo_core::pipeline::GridWorld;
use robo_core::race::course::course_from_text;

/// A world on one row of cells (space-separated codes, `.` floor) with a
/// dock row below it, flags on `flags`, robots at `robots` facing east.
fn world(codes: &str, levels: Option<&str>, flags: &[(i16, i16)], robots: &[i16]) -> World {
    let glyphs: Vec<String> = codes
        .split_whitespace()
        .map(|g| match g {
            "." => " . ".to_string(),
            "pit" => "[ ]".to_string(),
            g if g.len() == 1 => format!(" {g} "),
            g => format!("{g:<3}"),
        })
        .collect();
    let n = glyphs.len();
    let line = "+".to_string() + &"---+".repeat(n);
    let docks = vec!["D1 ".to_string(); n].join(" ");
    let mut text = format!(
        "{line}\n|{}|\n{line}\n|{docks}|\n{line}\n",
        glyphs.join(" ")
    );
    if let Some(l) = levels {
        text.push_str(&format!("levels\n{l}\n{}\n", "0".repeat(n)));
    }
    let flags: Vec<Pos> = flags.iter().map(|&(x, y)| Pos::new(x, y)).collect();
    let course = course_from_text(&text, &flags, Dir::N, |_| ()).unwrap();
    let mut w = World::new(course, robots.len());
    for (i, &x) in robots.iter().enumerate() {
        w.place(RobotId(i as u8), Pos::new(x, 0), Dir::E, false);
    }
    w
}

#[test]
fn a_card_pays_for_leaving_water_for_starting_on_oil_and_for_climbing() {
    let w = world("~ o /> .", Some("0001"), &[(3, 0)], &[0]);
    let card = |dir| Move::new(RobotId(0), dir, 3);
    assert_eq!(w.step_cost(&card(Dir::E), Pos::new(0, 0), 1), 2, "water");
    assert_eq!(
        w.step_cost(&card(Dir::E), Pos::new(1, 0), 1),
        2,
        "oil, first step"
    );
    assert_eq!(
        w.step_cost(&card(Dir::E), Pos::new(1, 0), 2),
        1,
        "oil, later step"
    );
    assert_eq!(
        w.step_cost(&card(Dir::E), Pos::new(2, 0), 1),
        2,
        "up the ramp"
    );
    assert_eq!(
        w.step_cost(&card(Dir::W), Pos::new(3, 0), 1),
        1,
        "down the ramp"
    );
    let pushed = card(Dir::E).with_cause(Cause::Push { by: None });
    assert_eq!(
        w.step_cost(&pushed, Pos::new(0, 0), 1),
        1,
        "pushes are free"
    );
    assert_eq!(w.crossing(Pos::new(2, 0), Dir::E), Crossing::Climb);
}

#[test]
fn portals_pair_by_colour_only_two_at_a_time() {
    let w = world("O1 . O1 O2 O3 O3 O3", None, &[(1, 0)], &[1]);
    assert_eq!(w.portal_partner(Pos::new(0, 0)), Some(Pos::new(2, 0)));
    assert_eq!(w.portal_partner(Pos::new(2, 0)), Some(Pos::new(0, 0)));
    assert_eq!(w.portal_partner(Pos::new(3, 0)), None, "a lone portal");
    assert_eq!(w.portal_partner(Pos::new(4, 0)), None, "three of a colour");
}

#[test]
fn flags_are_pieces_that_meet_only_flags() {
    let mut w = world(". . .", None, &[(1, 0), (2, 0)], &[0]);
    let (f1, f2) = (w.flag_id(1), w.flag_id(2));
    assert_eq!(f1, RobotId(1));
    assert_eq!(w.robot_pos(f1), Some(Pos::new(1, 0)));
    assert!(w.meets(f1, f2) && !w.meets(RobotId(0), f1));
    assert_eq!(
        w.blocker(Pos::new(1, 0), RobotId(0)),
        None,
        "robots roll over flags"
    );
    assert_eq!(w.blocker(Pos::new(2, 0), f1), Some(f2));
    assert!(!w.robots_on_grid().contains(&f1), "flags are not shot at");
    w.set_robot_pos(f1, Pos::new(0, 0));
    assert_eq!(w.flag(1), Some(Pos::new(0, 0)));
    assert_eq!(w.flag_at(Pos::new(0, 0)), Some(1));
    assert_eq!(
        w.flags().collect::<Vec<_>>(),
        [Pos::new(0, 0), Pos::new(2, 0)]
    );
}

#[test]
fn flags_stay_out_of_pits_and_off_other_levels() {
    let w = world(". pit . X1 .", Some("00001"), &[(0, 0), (2, 0)], &[4]);
    let (f1, f2) = (w.flag_id(1), w.flag_id(2));
    assert!(!w.can_leave(f1, Pos::new(0, 0), Dir::E), "a pit");
    assert!(!w.can_leave(f2, Pos::new(2, 0), Dir::E), "a crusher");
    assert!(!w.can_leave(f1, Pos::new(0, 0), Dir::N), "off the floor");
    assert!(
        w.can_leave(RobotId(0), Pos::new(4, 0), Dir::W),
        "robots fall"
    );
}

#[test]
fn the_currents_pass_reads_the_currents_alone() {
    let mut w = world("c> y> .", None, &[(2, 0)], &[0, 1]);
    w.flow();
    assert_eq!(
        w.at(RobotId(0)).map(|a| a.0),
        Some(Pos::new(0, 0)),
        "blocked by robot 1"
    );
    w.place(RobotId(1), Pos::new(2, 0), Dir::E, false);
    w.flow();
    assert_eq!(w.at(RobotId(0)).map(|a| a.0), Some(Pos::new(1, 0)));
    w.flow();
    assert_eq!(
        w.at(RobotId(0)).map(|a| a.0),
        Some(Pos::new(1, 0)),
        "a belt is no current"
    );
    assert!(!w.flowing);
}

#[test]
fn a_teleporter_jumps_and_oil_slides() {
    let mut w = world("T . . o o .", None, &[(5, 0)], &[0]);
    w.card_move(RobotId(0), Dir::E, 1, false);
    // The jump lands on oil at 3 and slides on to 5.
    assert_eq!(w.at(RobotId(0)).map(|a| a.0), Some(Pos::new(5, 0)));
}

#[test]
fn a_ledge_fall_is_two_damage_and_a_portal_keeps_the_facing() {
    let mut w = world(". . O1 . O1", Some("10000"), &[(1, 0)], &[0]);
    w.card_move(RobotId(0), Dir::E, 1, false);
    assert!(w.harm.contains(&Harm::Damage(RobotId(0), LEDGE_DAMAGE)));
    w.harm.clear();
    w.card_move(RobotId(0), Dir::E, 2, false);
    // Into the portal at 2, out of the one at 4; the move ends there.
    assert_eq!(w.at(RobotId(0)), Some((Pos::new(4, 0), Dir::E)));
    assert!(w.harm.is_empty());
}

/// Places robot `r` on `at`, facing a random way, now and then (one time
/// in `rare`) virtual, and as often flying.
fn place_at_random(w: &mut World, rng: &mut robo_core::rng::Rng, r: RobotId, at: Pos, rare: usize) {
    w.place(r, at, Dir::from_index(rng.index(4)), rng.index(rare) == 0);
    if rng.index(rare) == 0 {
        w.set_flying(r, true);
    }
}

/// The board lasers' hits read from the robots' cells are the hits the
/// beams make walked cell by cell, on every built-in course, with robots
/// crowding the beams (several in a line, virtual and flying ones, two on
/// one cell).
#[test]
fn laser_hits_from_the_table_are_the_walked_beams() {
    let mut rng = robo_core::rng::Rng::from_seed(11);
    let mut checked = 0;
    for name in crate::courses::course_names() {
        let course = crate::courses::course(name).unwrap();
        let empty = World::new(course.clone(), 0);
        let beamed: Vec<Pos> = course
            .board()
            .positions()
            .filter(|&p| empty.table().beams_at(p) > 0)
            .collect();
        let cells: Vec<Pos> = course.board().positions().collect();
        for _ in 0..40 {
            let mut w = World::new(course.clone(), 8);
            for i in 0..8u8 {
                // Mostly in a beam, now and then beside another robot.
                let at = if i > 0 && rng.index(5) == 0 {
                    w.at(RobotId(i - 1)).map_or(Pos::new(0, 0), |b| b.0)
                } else if !beamed.is_empty() && rng.index(4) > 0 {
                    beamed[rng.index(beamed.len())]
                } else {
                    cells[rng.index(cells.len())]
                };
                place_at_random(&mut w, &mut rng, RobotId(i), at, 6);
            }
            assert_eq!(
                w.laser_hits(),
                robo_core::pipeline::BoardLasers::hits(&w),
                "{name}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 8 * 40);
}

/// Moves per course [`card_steps_are_the_motion_cores_move`] tries:
/// `ROBORALLY_DIFF_MOVES`, 100 if unset.
fn diff_moves() -> usize {
    std::env::var("ROBORALLY_DIFF_MOVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100)
}

/// A card's move made by the world's own lone steps and pushes of one
/// robot is the motion core's move, step for step: the same outcome,
/// cells, events and harm, on every built-in course with robots crowding
/// each other (pushes of one robot and of lines, walls, pits, the edge,
/// portals, virtual and flying robots). More moves with
/// `ROBORALLY_DIFF_MOVES=N` (per course).
#[test]
fn card_steps_are_the_motion_cores_move() {
    let mut rng = robo_core::rng::Rng::from_seed(5);
    let mut pushes = 0;
    for name in crate::courses::course_names() {
        let course = crate::courses::course(name).unwrap();
        let cells: Vec<Pos> = course.board().positions().collect();
        for _ in 0..diff_moves() {
            let mut w = World::new(course.clone(), 6);
            w.register = 1 + rng.index(5) as u8;
            let around = cells[rng.index(cells.len())];
            for i in 0..6u8 {
                // Close together, so that moves meet robots.
                let at = Pos::new(
                    around.x + rng.index(5) as i16 - 2,
                    around.y + rng.index(5) as i16 - 2,
                );
                let at = if course.board().contains(at) {
                    at
                } else {
                    around
                };
                place_at_random(&mut w, &mut rng, RobotId(i), at, 8);
            }
            w.log.clear();
            let r = RobotId(rng.index(6) as u8);
            let m = Move::new(r, Dir::from_index(rng.index(4)), 1 + rng.index(3) as u8);
            let mut core = w.clone();
            let expected = robo_core::motion::move_robot(&mut core, m);
            let got = w.card_steps(m);
            pushes += expected.pushes.len();
            assert_eq!(got, expected, "{name}: {m:?}");
            assert_eq!(w.bodies, core.bodies, "{name}: {m:?}");
            assert_eq!(w.log, core.log, "{name}: {m:?}");
            assert_eq!(w.harm, core.harm, "{name}: {m:?}");
            assert_eq!(w.flags, core.flags, "{name}: {m:?}");
        }
    }
    assert!(pushes > 20, "the moves pushed robots ({pushes} pushes)");
}

/// The main lasers aimed all at once ([`World::plain_volley`]) hit what
/// each shot aimed alone hits (the kit's `nearest_visible`, as the robot
/// lasers' step aims one robot's shot), on every built-in course with the
/// robots crowding rows and columns (`ROBORALLY_DIFF_MOVES=N` positions
/// per course); where it declines (virtual or flying robots, two on one
/// cell) it pushes nothing.
#[test]
fn a_plain_volley_hits_what_each_shot_hits() {
    use robo_core::race::fire::{nearest_visible, FireOptions, Hit};
    let mut rng = robo_core::rng::Rng::from_seed(17);
    let (mut volleys, mut hit) = (0, 0);
    for name in crate::courses::course_names() {
        let course = crate::courses::course(name).unwrap();
        let cells: Vec<Pos> = course.board().positions().collect();
        for _ in 0..diff_moves() {
            let mut w = World::new(course.clone(), 8);
            let around = cells[rng.index(cells.len())];
            for i in 0..8u8 {
                // Mostly on the row or the column of a spot, so shots meet.
                let d = rng.index(12) as i16 - 6;
                let at = match rng.index(3) {
                    0 => Pos::new(around.x + d, around.y),
                    1 => Pos::new(around.x, around.y + d),
                    _ => cells[rng.index(cells.len())],
                };
                let at = if course.board().contains(at) {
                    at
                } else {
                    around
                };
                place_at_random(&mut w, &mut rng, RobotId(i), at, 30);
                if rng.index(10) == 0 {
                    w.remove(RobotId(i));
                }
            }
            let _ = w.settle_ghosts();
            let fires = rng.index(256) as u8;
            let mut got = Vec::new();
            if !w.plain_volley(fires, &mut got) {
                assert!(got.is_empty(), "{name}");
                continue;
            }
            let mut expected = Vec::new();
            for (i, b) in w.bodies.as_slice().iter().enumerate() {
                if !b.on_board || fires & (1 << i) == 0 {
                    continue;
                }
                let by = RobotId(i as u8);
                let blocks = |a: Pos, _: Pos| w.blocks_shot(a, b.facing);
                let visible = |t: RobotId| !w.is_ghost(t) && w.in_sight(by, t);
                let target = nearest_visible(
                    w.table(),
                    &w.bodies,
                    b.pos,
                    b.facing,
                    FireOptions::default(),
                    blocks,
                    visible,
                );
                if let Some(target) = target {
                    expected.push(Hit {
                        by,
                        target,
                        dir: b.facing,
                    });
                }
            }
            assert_eq!(got, expected, "{name}");
            volleys += 1;
            hit += got.len();
        }
    }
    assert!(volleys > 100 && hit > 100, "{volleys} volleys, {hit} hits");
}
