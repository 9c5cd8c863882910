//! The built-in courses build and can be played: checkpoints reachable,
//! reboot tokens safe, enough start spaces, turning is harmless.

use crate::courses::{
    build, course, course_names, course_spec, rotated_cw, Course, CourseError, Difficulty,
    DEFAULT_COURSE,
};
use crate::tiles::Tile;
use robo_core::geom::{Dir, Pos};
use std::collections::{HashSet, VecDeque};

fn all() -> Vec<Course> {
    course_names()
        .map(|n| course(n).unwrap_or_else(|e| panic!("{n}: {e}")))
        .collect()
}

/// Cells a robot can walk to from `from`, one step at a time, never
/// through a wall, into a pit or off the course. Belts and other elements
/// are ignored: this asks whether a way exists, not how long it takes.
fn walkable_from(c: &Course, from: &[Pos]) -> HashSet<Pos> {
    let mut seen: HashSet<Pos> = from.iter().copied().collect();
    let mut queue: VecDeque<Pos> = from.iter().copied().collect();
    while let Some(p) = queue.pop_front() {
        for d in Dir::ALL {
            let q = p.step(d);
            if c.board().blocks(p, d)
                || !c.board().contains(q)
                || c.board().tile(q) == Some(&Tile::Pit)
            {
                continue;
            }
            if seen.insert(q) {
                queue.push_back(q);
            }
        }
    }
    seen
}

#[test]
fn the_library_spans_starter_to_advanced() {
    let courses = all();
    assert!(courses.len() >= 5);
    let names: HashSet<_> = course_names().map(str::to_lowercase).collect();
    assert_eq!(names.len(), courses.len(), "course names are distinct");
    let levels: HashSet<_> = course_names()
        .map(|n| course_spec(n).unwrap().difficulty)
        .collect();
    assert_eq!(levels.len(), 4, "every difficulty is represented");
    let first = course_spec(DEFAULT_COURSE).unwrap();
    assert_eq!(first.difficulty, Difficulty::Starter);
    assert_eq!(course("mILK rUN").unwrap().name(), DEFAULT_COURSE);
    assert_eq!(
        course("Milk Walk"),
        Err(CourseError::Unknown("Milk Walk".into()))
    );
    assert!(matches!(course_spec(""), Err(CourseError::Unknown(_))));
}

#[test]
fn the_rulebook_course_notes_hold() {
    let havoc = course("Cry Havoc").unwrap();
    assert_eq!(havoc.extras().reboot_damage, 3);
    let last = *havoc.checkpoints().last().unwrap();
    assert_eq!(
        havoc.board().board_id(last),
        Some(havoc.docking_bay()),
        "the last checkpoint is on the docking bay"
    );
    assert!(all()
        .iter()
        .filter(|c| c.name() != "Cry Havoc")
        .all(|c| c.extras().reboot_damage == 2));

    let curves = course("Dangerous Curves").unwrap();
    assert_eq!(
        curves.board().tile(curves.checkpoints()[1]),
        Some(&Tile::Battery),
        "checkpoint 2 covers a battery"
    );

    let twist = course("Twist & Shout").unwrap();
    let bay = twist.docking_bay();
    let grid = twist.board();
    let touching: HashSet<Dir> = grid
        .positions()
        .filter(|&p| grid.board_id(p) == Some(bay))
        .flat_map(|p| {
            Dir::ALL
                .into_iter()
                .filter(move |&d| grid.board_id(p.step(d)).is_some_and(|id| id != bay))
        })
        .collect();
    assert_eq!(touching.len(), 2, "the docking bay lies between two boards");
    let cp1_board = twist.board().board_id(twist.checkpoints()[0]);
    let ahead = twist.starts()[0].offset(twist.start_facing(), 3);
    assert_eq!(
        twist.board().board_id(ahead),
        cp1_board,
        "robots face the board of checkpoint 1"
    );
}

#[test]
fn every_course_seats_six_robots_facing_the_boards() {
    for c in all() {
        assert!(c.free_starts().count() >= 6, "{}", c.name());
        for p in c.free_starts() {
            let ahead = p.step(c.start_facing());
            assert!(
                c.board().contains(ahead),
                "{}: the start at {p} faces off the course",
                c.name()
            );
        }
        // Walking the facing from the front row of the bay reaches another board.
        let bay = c.docking_bay();
        assert!(c.starts().iter().any(|&p| {
            let mut q = p;
            (0..4).any(|_| {
                q = q.step(c.start_facing());
                c.board().board_id(q).is_some_and(|id| id != bay)
            })
        }));
    }
}

#[test]
fn checkpoints_can_be_reached_in_order() {
    for c in all() {
        let free: Vec<Pos> = c.free_starts().collect();
        let mut from = free;
        for (i, &cp) in c.checkpoints().iter().enumerate() {
            assert!(
                walkable_from(&c, &from).contains(&cp),
                "{}: checkpoint {} cannot be reached",
                c.name(),
                i + 1
            );
            from = vec![cp];
        }
    }
}

#[test]
fn every_reboot_token_leads_back_into_the_race() {
    for c in all() {
        for (pos, _) in c.extras().reboot_tokens.iter().flatten() {
            let reach = walkable_from(&c, &[*pos]);
            for (i, cp) in c.checkpoints().iter().enumerate() {
                assert!(
                    reach.contains(cp),
                    "{}: checkpoint {} is cut off from the token at {pos}",
                    c.name(),
                    i + 1
                );
            }
        }
    }
}

#[test]
fn reboot_tokens_lie_on_safe_floor_with_room_along_their_arrow() {
    for c in all() {
        for (k, token) in c.extras().reboot_tokens.iter().enumerate() {
            let Some((pos, dir)) = *token else {
                assert_eq!(
                    k,
                    usize::from(c.docking_bay().0),
                    "{}: only the bay lacks a token",
                    c.name()
                );
                continue;
            };
            assert_eq!(
                c.board().board_id(pos).map(|b| usize::from(b.0)),
                Some(k),
                "{}: token {k} is on its board",
                c.name()
            );
            assert_eq!(
                c.board().tile(pos),
                Some(&Tile::Floor),
                "{}: token at {pos}",
                c.name()
            );
            // Room for two robots to be moved aside, as the rulebook advises for big games.
            let mut p = pos;
            for _ in 0..2 {
                assert!(
                    !c.board().blocks(p, dir),
                    "{}: the arrow of the token at {pos} hits a wall",
                    c.name()
                );
                p = p.step(dir);
                assert!(
                    c.board().contains(p),
                    "{}: the arrow of the token at {pos} leaves the course",
                    c.name()
                );
                assert_ne!(
                    c.board().tile(p),
                    Some(&Tile::Pit),
                    "{}: the arrow of the token at {pos} points at a pit",
                    c.name()
                );
            }
            assert!(
                c.checkpoints().iter().all(|cp| cp.distance(pos) >= 2),
                "{}: token at {pos} next to a checkpoint",
                c.name()
            );
        }
    }
}

#[test]
fn checkpoints_lie_in_the_open() {
    for c in all() {
        for (i, &cp) in c.checkpoints().iter().enumerate() {
            let n = i + 1;
            assert!(
                matches!(c.board().tile(cp), Some(Tile::Floor | Tile::Battery)),
                "{}: checkpoint {n}",
                c.name()
            );
            let walls = Dir::ALL
                .iter()
                .filter(|&&d| c.board().blocks(cp, d))
                .count();
            assert!(
                walls <= 1,
                "{}: checkpoint {n} sits in a corner of walls",
                c.name()
            );
        }
    }
}

#[test]
fn four_quarter_turns_give_the_same_course() {
    for name in course_names() {
        let spec = course_spec(name).unwrap();
        let course = build(&spec).unwrap();
        let mut turned = spec.clone();
        for quarter in 1..=4u8 {
            turned = rotated_cw(&turned).unwrap();
            let t = build(&turned).unwrap_or_else(|e| panic!("{name} turned {quarter}: {e}"));
            assert_eq!(
                t.start_facing(),
                course.start_facing().rotated_cw(quarter),
                "{name}"
            );
            assert_eq!(t.checkpoints().len(), course.checkpoints().len());
            assert_eq!(t.free_starts().count(), course.free_starts().count());
        }
        assert_eq!(turned, spec, "{name}: the spec comes back");
        assert_eq!(build(&turned).unwrap(), course, "{name}");
        let once = build(&rotated_cw(&spec).unwrap()).unwrap();
        let h = course.board().height() as i16;
        assert_eq!(once.board(), &course.board().rotated_cw(), "{name}");
        let moved: Vec<Pos> = course
            .checkpoints()
            .iter()
            .map(|p| p.rotated_cw(h))
            .collect();
        assert_eq!(once.checkpoints(), moved, "{name}");
        let tokens: Vec<_> = course
            .extras()
            .reboot_tokens
            .iter()
            .map(|t| t.map(|(p, d)| (p.rotated_cw(h), d.rotated_cw(1))))
            .collect();
        assert_eq!(once.extras().reboot_tokens, tokens, "{name}");
    }
}

#[test]
fn built_in_specs_survive_json() {
    for name in course_names() {
        let spec = course_spec(name).unwrap();
        let json = serde_json::to_string(&spec).unwrap();
        assert_eq!(
            serde_json::from_str::<crate::courses::CourseSpec>(&json).unwrap(),
            spec
        );
        let built = build(&spec).unwrap();
        let json = serde_json::to_string(&built).unwrap();
        assert_eq!(
            serde_json::from_str::<Course>(&json).unwrap(),
            built,
            "{name}"
        );
    }
}
