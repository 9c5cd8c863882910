//! Targets of robot weapons against a plain walk along the line.

use crate::courses;
use crate::position::{Position, RobotSpec};
use crate::{Race, Setup};
use robo_core::geom::{Dir, Pos};
use robo_core::{PlayerId, Rng};

/// The nearest robot in line, found the plain way: walk the line from
/// `from`, stopping at walls and at the end of the floor.
fn walked(race: &Race, from: Pos, dir: Dir) -> Option<PlayerId> {
    let board = race.arena().board();
    let mut at = from;
    loop {
        if board.blocks(at, dir) {
            return None;
        }
        at = at.step(dir);
        if !board.contains(at) {
            return None;
        }
        if let Some(p) = (0..race.seats())
            .map(|i| PlayerId(i as u8))
            .find(|&p| race.robot(p).is_some_and(|(q, _)| q == at))
        {
            return Some(p);
        }
    }
}

#[test]
fn targets_are_the_nearest_robot_in_line_short_of_walls() {
    let course = courses::course("For the Glory").expect("a built-in course");
    let floor: Vec<Pos> = course
        .board()
        .cells()
        .filter(|(_, t)| !t.is_pit())
        .map(|(p, _)| p)
        .collect();
    let mut rng = Rng::from_seed(5);
    let mut checked = 0;
    for _ in 0..robo_core::testing::cases(60) {
        let mut cells = floor.clone();
        rng.shuffle(&mut cells);
        // Robots close together, so that many stand in line.
        let origin = cells[0];
        let mut near: Vec<Pos> = cells
            .iter()
            .copied()
            .filter(|p| p.x == origin.x || p.y == origin.y || p.distance(origin) < 4)
            .collect();
        near.truncate(6);
        let robots = near.iter().map(|&p| RobotSpec::at(p, Dir::N)).collect();
        let setup = Setup::new(course.clone(), near.len() as u8);
        let Ok(race) = Race::from_position(Position::new(setup, robots)) else {
            continue;
        };
        for &from in &near {
            for dir in Dir::ALL {
                assert_eq!(
                    race.target_from(from, dir),
                    walked(&race, from, dir),
                    "{from} {dir}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "{checked}");
}
