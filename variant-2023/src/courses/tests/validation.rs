//! `CourseSpec::build`: every way it refuses a spec.

use super::fixtures::{inline, spec, spot, token, BAY};
use crate::courses::{CourseError, CourseSpec, PlacedBoard};
use robo_core::board as core_board;
use robo_core::geom::{Dir, Pos};

fn err(s: &CourseSpec) -> CourseError {
    s.build().expect_err("the spec should be refused")
}

#[test]
fn unknown_and_malformed_boards() {
    let mut s = spec();
    s.boards[0] = PlacedBoard {
        name: "No Such Board".into(),
        text: None,
        at: Pos::new(0, 0),
        turns: 0,
    };
    assert_eq!(err(&s), CourseError::Unknown("No Such Board".into()));

    let mut s = spec();
    s.boards[0].text = Some("+---+\n| ? |\n+---+\n".into());
    let e = err(&s);
    assert!(
        matches!(&e, CourseError::Parse { board, error } if board == "Floor" && error.line == 2),
        "{e:?}"
    );
    assert!(e.to_string().contains("Floor"));
}

#[test]
fn board_names_must_differ_and_turns_stay_below_four() {
    let mut s = spec();
    s.boards[1].name = "FLOOR".into();
    assert_eq!(err(&s), CourseError::DuplicateBoard("FLOOR".into()));

    let mut s = spec();
    s.boards[0].turns = 4;
    assert_eq!(
        err(&s),
        CourseError::BadTurns {
            board: "Floor".into(),
            turns: 4
        }
    );
}

#[test]
fn overlapping_boards_do_not_assemble() {
    let mut s = spec();
    s.boards[1].at = Pos::new(0, 2);
    assert!(matches!(
        err(&s),
        CourseError::Assembly(core_board::CourseError::Overlap { .. })
    ));
    s.boards[1].at = Pos::new(-1, 3);
    assert!(matches!(
        err(&s),
        CourseError::Assembly(core_board::CourseError::NegativeOffset { .. })
    ));
}

#[test]
fn exactly_one_docking_bay() {
    let mut s = spec();
    s.boards.remove(1);
    assert_eq!(err(&s), CourseError::DockingBays(0));
    let mut s = spec();
    s.boards.push(inline("Bay 2", BAY, (3, 3), 0));
    assert_eq!(err(&s), CourseError::DockingBays(2));
}

#[test]
fn the_bay_must_touch_a_board() {
    let mut s = spec();
    s.boards[1].at = Pos::new(0, 4);
    assert_eq!(err(&s), CourseError::DetachedDockingBay("Bay".into()));
}

#[test]
fn checkpoints_are_required_and_must_be_on_floor() {
    let mut s = spec();
    s.checkpoints.clear();
    assert_eq!(err(&s), CourseError::NoCheckpoints);

    for (board, x, y) in [
        ("Nowhere", 0, 0),
        ("Floor", 3, 0),
        ("Floor", 0, -1),
        ("Floor", 2, 0),
    ] {
        let mut s = spec();
        s.checkpoints[1] = spot(board, x, y);
        assert_eq!(
            err(&s),
            CourseError::BadSpot {
                what: "checkpoint",
                board: board.into(),
                at: Pos::new(x, y)
            }
        );
    }

    let mut s = spec();
    s.checkpoints[1] = spot("Floor", 1, 0);
    assert_eq!(err(&s), CourseError::BadCheckpoint(2), "on a pit");
    s.checkpoints[1] = spot("floor", 0, 0);
    assert_eq!(
        err(&s),
        CourseError::BadCheckpoint(2),
        "on checkpoint 1 (board names ignore case)"
    );
    s.checkpoints[1] = spot("Bay", 1, 1);
    assert_eq!(err(&s), CourseError::CheckpointOnStart(2));
    s.checkpoints[1] = spot("Bay", 2, 1);
    assert!(
        s.build().is_ok(),
        "a checkpoint may lie on the bay off the start spaces"
    );
}

#[test]
fn one_reboot_token_per_factory_board() {
    let mut s = spec();
    s.reboot_tokens.clear();
    assert_eq!(err(&s), CourseError::RebootTokens("Floor".into()));
    s.reboot_tokens = vec![token("Floor", 1, 1, Dir::S), token("Floor", 0, 1, Dir::S)];
    assert_eq!(err(&s), CourseError::RebootTokens("Floor".into()));

    let mut s = spec();
    s.reboot_tokens.push(token("Bay", 2, 0, Dir::N));
    assert_eq!(err(&s), CourseError::RebootTokenOnDockingBay("Bay".into()));

    let mut s = spec();
    s.reboot_tokens[0] = token("Floor", 1, 0, Dir::S);
    assert_eq!(
        err(&s),
        CourseError::RebootTokenOnPit {
            board: "Floor".into(),
            at: Pos::new(1, 0)
        }
    );
    s.reboot_tokens[0] = token("Floor", 2, 2, Dir::N);
    assert_eq!(
        err(&s),
        CourseError::RebootTokenOnCheckpoint {
            board: "Floor".into(),
            at: Pos::new(2, 2)
        }
    );
    s.reboot_tokens[0] = token("Floor", 2, 0, Dir::N);
    assert_eq!(
        err(&s),
        CourseError::BadSpot {
            what: "reboot token",
            board: "Floor".into(),
            at: Pos::new(2, 0)
        }
    );
}

#[test]
fn covered_starts_must_be_distinct_start_spaces_and_leave_one() {
    let mut s = spec();
    s.covered_starts = vec![spot("Bay", 2, 1)];
    assert_eq!(
        err(&s),
        CourseError::NotAStartSpace {
            board: "Bay".into(),
            at: Pos::new(2, 1)
        }
    );
    s.covered_starts = vec![spot("Bay", 0, 1), spot("Bay", 0, 1)];
    assert_eq!(
        err(&s),
        CourseError::CoveredTwice {
            board: "Bay".into(),
            at: Pos::new(0, 1)
        }
    );
    s.covered_starts = vec![spot("Bay", 0, 1), spot("Bay", 1, 1)];
    assert_eq!(err(&s), CourseError::NoFreeStart);
    s.covered_starts = vec![spot("Bay", 5, 1)];
    assert_eq!(
        err(&s),
        CourseError::BadSpot {
            what: "covered start",
            board: "Bay".into(),
            at: Pos::new(5, 1)
        }
    );
}

#[test]
fn errors_say_what_is_wrong() {
    let e = CourseError::RebootTokenOnPit {
        board: "Cactus".into(),
        at: Pos::new(3, 4),
    };
    assert_eq!(
        e.to_string(),
        "the reboot token of board `Cactus` lies on a pit at (3,4)"
    );
    let e = CourseError::BadSpot {
        what: "checkpoint",
        board: "Steps".into(),
        at: Pos::new(11, 0),
    };
    assert_eq!(
        e.to_string(),
        "checkpoint at (11,0) of board `Steps` is not on the course"
    );
}
