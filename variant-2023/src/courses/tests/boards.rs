//! The built-in boards: they read back, they hold every element, and their
//! elements are placed sensibly.

use crate::courses::{board, board_names, CourseError};
use crate::tiles::{Tile, EVEN_REGISTERS, ODD_REGISTERS};
use robo_core::board::{Board, Wall};
use robo_core::element::{BeltSpeed, Conveyor, Elements};
use robo_core::geom::{Dir, Pos, Turn};

fn all() -> Vec<(&'static str, Board<Tile>)> {
    board_names().map(|n| (n, board(n).unwrap())).collect()
}

fn is_bay(b: &Board<Tile>) -> bool {
    b.cells().any(|(_, t)| *t == Tile::Start)
}

/// Belts on the neighbouring cells that carry robots into `pos`, by the side they come from.
fn feeders(b: &Board<Tile>, pos: Pos) -> Vec<Dir> {
    Dir::ALL
        .into_iter()
        .filter(|&side| {
            b.tile(pos.step(side))
                .and_then(Elements::conveyor)
                .is_some_and(|c| c.dir == side.opposite())
        })
        .collect()
}

#[test]
fn every_board_prints_back_as_written() {
    for (name, text) in crate::courses::library::BOARDS {
        let b: Board<Tile> = Board::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(b.print(), text, "{name}");
    }
}

#[test]
fn names_are_looked_up_without_case_and_unknown_ones_are_errors() {
    assert_eq!(board("the keep").unwrap(), board("The Keep").unwrap());
    assert_eq!(board(" IN & OUT ").unwrap(), board("In & Out").unwrap());
    assert_eq!(board("Keep"), Err(CourseError::Unknown("Keep".into())));
}

#[test]
fn two_docking_bay_sides_and_at_least_six_factory_boards() {
    let boards = all();
    let bays: Vec<_> = boards.iter().filter(|(_, b)| is_bay(b)).collect();
    assert_eq!(bays.len(), 2);
    assert_ne!(bays[0].1, bays[1].1, "the two sides differ");
    for (name, b) in &bays {
        assert!(name.starts_with("Docking Bay"));
        assert_eq!((b.width(), b.height()), (10, 3), "{name}");
        assert!(
            b.cells().filter(|(_, t)| **t == Tile::Start).count() >= 8,
            "{name}: room for six robots and two cubes"
        );
        assert!(
            b.cells()
                .all(|(_, t)| matches!(t, Tile::Start | Tile::Floor)),
            "{name}: only start spaces and floor"
        );
        assert!(
            b.positions()
                .any(|p| Dir::ALL.iter().any(|&d| b.wall(p, d) != Wall::None)),
            "{name}: some walls"
        );
        // The front row (north, as printed) is open floor so robots can leave.
        assert!((0..10)
            .all(|x| b.tile(Pos::new(x, 0)) == Some(&Tile::Floor)
                && !b.blocks(Pos::new(x, 0), Dir::N)));
    }
    let factory: Vec<_> = boards.iter().filter(|(_, b)| !is_bay(b)).collect();
    assert!(factory.len() >= 6);
    for (name, b) in factory {
        assert_eq!((b.width(), b.height()), (10, 10), "{name}");
        assert_eq!(b.cells().count(), 100, "{name}: no void cells");
    }
}

#[test]
fn the_boards_together_use_every_element() {
    let boards = all();
    let has = |what: &str, f: &dyn Fn(&Board<Tile>, Pos, Tile) -> bool| {
        assert!(
            boards
                .iter()
                .any(|(_, b)| b.cells().any(|(p, t)| f(b, p, *t))),
            "no board has {what}"
        );
    };
    let belt = |t: Tile, speed| t.conveyor().filter(|c| c.speed == speed);
    for speed in [BeltSpeed::Normal, BeltSpeed::Express] {
        has("a straight belt", &|_, _, t| {
            belt(t, speed).is_some_and(|c| !c.curve_left && !c.curve_right)
        });
        has("a left curve", &|b, p, t| {
            belt(t, speed).is_some_and(|c| c.curve_left && feeders(b, p).len() == 1)
        });
        has("a right curve", &|b, p, t| {
            belt(t, speed).is_some_and(|c| c.curve_right && feeders(b, p).len() == 1)
        });
        has("a junction with a curved side", &|b, p, t| {
            belt(t, speed).is_some_and(|c| {
                let f = feeders(b, p);
                f.len() >= 2 && f.contains(&c.dir.opposite()) && (c.curve_left || c.curve_right)
            })
        });
    }
    has("green belts that feed blue ones", &|b, p, t| {
        belt(t, BeltSpeed::Normal).is_some_and(|c| {
            b.tile(p.step(c.dir))
                .and_then(|n| belt(*n, BeltSpeed::Express))
                .is_some()
        })
    });
    has("blue belts that feed green ones", &|b, p, t| {
        belt(t, BeltSpeed::Express).is_some_and(|c| {
            b.tile(p.step(c.dir))
                .and_then(|n| belt(*n, BeltSpeed::Normal))
                .is_some()
        })
    });
    has("a push panel of registers 1, 3 and 5", &|_, _, t| {
        t.push_panel().is_some_and(|p| p.registers == ODD_REGISTERS)
    });
    has("a push panel of registers 2 and 4", &|_, _, t| {
        t.push_panel()
            .is_some_and(|p| p.registers == EVEN_REGISTERS)
    });
    has("a red gear", &|_, _, t| t == Tile::Gear(Turn::Left));
    has("a green gear", &|_, _, t| t == Tile::Gear(Turn::Right));
    for beams in 1..=3 {
        has("a board laser of each strength", &|_, _, t| {
            t.laser().is_some_and(|l| l.beams == beams)
        });
    }
    has("a battery", &|_, _, t| t == Tile::Battery);
    has("a pit", &|_, _, t| t == Tile::Pit);
    has("start spaces", &|_, _, t| t == Tile::Start);
    has("a wall", &|b, p, _| {
        Dir::ALL.iter().any(|&d| b.wall(p, d) == Wall::Both)
    });
    has("a one-way wall", &|b, p, _| {
        Dir::ALL
            .iter()
            .any(|&d| matches!(b.wall(p, d), Wall::OneWay(_)))
    });
}

#[test]
fn belts_lead_somewhere_and_curves_are_fed() {
    for (name, b) in all() {
        for (p, t) in b.cells() {
            let Some(c): Option<Conveyor> = t.conveyor() else {
                continue;
            };
            assert!(
                !b.blocks(p, c.dir),
                "{name}: the belt at {p} runs into a wall"
            );
            assert_ne!(
                b.tile(p.step(c.dir)),
                Some(&Tile::Pit),
                "{name}: the belt at {p} dumps robots in a pit"
            );
            let f = feeders(&b, p);
            for (curved, side) in [(c.curve_left, c.dir.left()), (c.curve_right, c.dir.right())] {
                assert_eq!(
                    curved,
                    f.contains(&side),
                    "{name}: the curve at {p} and its feeding belts disagree"
                );
            }
            // No two belts point at each other.
            let ahead = b.tile(p.step(c.dir)).and_then(Elements::conveyor);
            assert!(
                ahead.is_none_or(|a| a.dir != c.dir.opposite()),
                "{name}: belts at {p} face each other"
            );
        }
    }
}

#[test]
fn push_panels_and_lasers_hang_on_walls() {
    for (name, b) in all() {
        for (p, t) in b.cells() {
            let back = match t {
                Tile::PushPanel(panel) => panel.dir.opposite(),
                Tile::Laser(mount) => mount.dir.opposite(),
                _ => continue,
            };
            assert_eq!(
                b.wall(p, back),
                Wall::Both,
                "{name}: {t} at {p} has no wall behind it"
            );
            if let Tile::PushPanel(panel) = t {
                assert!(
                    !b.blocks(p, panel.dir),
                    "{name}: the push panel at {p} pushes into a wall"
                );
            }
        }
    }
}
