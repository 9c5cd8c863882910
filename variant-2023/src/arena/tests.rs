//! The per-cell tables against the board they were built from.

use super::*;
use crate::courses;

fn course_checkpoint(arena: &Arena, p: Pos) -> bool {
    let found = arena.course().checkpoints().contains(&p);
    assert_eq!(arena.checkpoint_at(p).is_some(), found);
    found
}

/// The per-cell tables answer exactly what the board and the mount
/// lists answer, on every built-in course, inside and around it.
#[test]
fn cell_tables_agree_with_the_board() {
    for name in courses::course_names() {
        let arena = Arena::new(courses::course(name).expect("a built-in course"));
        let board = arena.board();
        let (w, h) = (board.width() as i16, board.height() as i16);
        for y in -1..=h {
            for x in -1..=w {
                let p = Pos::new(x, y);
                assert_eq!(arena.tile(p), board.tile(p).copied(), "{name} {p}");
                let kinds = arena.table().kinds_at(p);
                let on_checkpoint = course_checkpoint(&arena, p);
                assert_eq!(kinds & kind::CHECKPOINT != 0, on_checkpoint, "{name} {p}");
                assert_eq!(
                    kinds & !kind::CHECKPOINT,
                    board.tile(p).map_or(0, kinds_of),
                    "{name} {p}"
                );
                for d in Dir::ALL {
                    for less_deadly in [false, true] {
                        let expected =
                            !board.blocks(p, d) && (!less_deadly || board.contains(p.step(d)));
                        assert_eq!(
                            arena.can_leave(p, d, less_deadly),
                            expected,
                            "{name} {p} {d}"
                        );
                    }
                }
                let list = arena.mounts_reaching(p);
                let mask = arena
                    .table()
                    .reach_mask(p)
                    .expect("built-in courses have few mounts");
                let from_mask: Vec<u16> = (0..64u16).filter(|k| mask >> k & 1 == 1).collect();
                assert_eq!(from_mask, list, "{name} {p}");
                let beams: u8 = list
                    .iter()
                    .map(|&k| arena.mounts()[usize::from(k)].1.beams)
                    .sum();
                assert_eq!(arena.beams_at(p), beams, "{name} {p}");
            }
        }
    }
}

#[test]
fn the_steps_passed_over_are_those_that_check_the_kinds_under_robots() {
    use crate::arena::{kind, register_pipeline, RegisterStep, STEPS};
    use robo_core::race::frame::Kinds;
    assert_eq!(register_pipeline().len(), STEPS.len());
    let always = STEPS.iter().filter(|(_, under)| *under == 0).count();
    assert_eq!(always, 3, "cards, board lasers, robot weapons");
    for (step, under) in STEPS {
        let expected = match step {
            RegisterStep::Conveyors(pass) if pass.express => kind::EXPRESS_BELT,
            RegisterStep::Conveyors(_) => kind::NORMAL_BELT,
            RegisterStep::PushPanels => kind::PUSH_PANEL,
            RegisterStep::Gears => kind::GEAR,
            RegisterStep::Batteries => kind::BATTERY,
            RegisterStep::Checkpoints => kind::CHECKPOINT | kind::BATTERY,
            _ => 0,
        };
        assert_eq!(under, Kinds::from(expected), "{step:?}");
    }
}
