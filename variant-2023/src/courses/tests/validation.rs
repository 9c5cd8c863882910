//! The 2023 markers' checks, on a spec and on a course made from parts
//! (the checks every course shares are tested in `robo_core::race::course`).

use super::fixtures::{spec, spot, token};
use crate::courses::{build, CourseError, CourseSpec, MarkerError};
use crate::testkit::simple_course;
use robo_core::board::BoardId;
use robo_core::geom::{Dir, Pos};

fn err(s: &CourseSpec) -> MarkerError {
    match build(s) {
        Err(CourseError::Extra(e)) => e,
        other => panic!("a marker error was expected, not {other:?}"),
    }
}

#[test]
fn one_reboot_token_per_factory_board() {
    let mut s = spec();
    s.extras.reboot_tokens.clear();
    assert_eq!(err(&s), MarkerError::RebootTokens("Floor".into()));
    s.extras.reboot_tokens = vec![token("Floor", 1, 1, Dir::S), token("Floor", 0, 1, Dir::S)];
    assert_eq!(err(&s), MarkerError::RebootTokens("Floor".into()));

    let mut s = spec();
    s.extras.reboot_tokens.push(token("Bay", 2, 0, Dir::N));
    assert_eq!(err(&s), MarkerError::RebootTokenOnDockingBay("Bay".into()));

    let mut s = spec();
    s.extras.reboot_tokens[0] = token("Floor", 1, 0, Dir::S);
    assert_eq!(
        err(&s),
        MarkerError::RebootTokenOnPit {
            board: "Floor".into(),
            at: Pos::new(1, 0)
        }
    );
    s.extras.reboot_tokens[0] = token("Floor", 2, 2, Dir::N);
    assert_eq!(
        err(&s),
        MarkerError::RebootTokenOnCheckpoint {
            board: "Floor".into(),
            at: Pos::new(2, 2)
        }
    );
    s.extras.reboot_tokens[0] = token("Floor", 2, 0, Dir::N);
    assert_eq!(
        build(&s),
        Err(CourseError::BadSpot {
            what: "reboot token",
            board: "Floor".into(),
            at: Pos::new(2, 0)
        })
    );
}

#[test]
fn covered_starts_must_be_distinct_start_spaces_and_leave_one() {
    let mut s = spec();
    s.extras.covered_starts = vec![spot("Bay", 2, 1)];
    assert_eq!(err(&s), MarkerError::NotAStartSpace(Pos::new(2, 4)));
    s.extras.covered_starts = vec![spot("Bay", 0, 1), spot("Bay", 0, 1)];
    assert_eq!(err(&s), MarkerError::CoveredTwice(Pos::new(0, 4)));
    s.extras.covered_starts = vec![spot("Bay", 0, 1), spot("Bay", 1, 1)];
    assert_eq!(err(&s), MarkerError::NoFreeStart);
    s.extras.covered_starts = vec![spot("Bay", 5, 1)];
    assert_eq!(
        build(&s),
        Err(CourseError::BadSpot {
            what: "covered start",
            board: "Bay".into(),
            at: Pos::new(5, 1)
        })
    );
}

#[test]
fn hand_made_courses_keep_tokens_on_their_own_boards() {
    let c = simple_course();
    let edit = |change: fn(&mut Vec<Option<(Pos, Dir)>>)| match c
        .clone()
        .edit(|p| change(&mut p.extras.reboot_tokens))
    {
        Err(CourseError::Extra(e)) => e,
        other => panic!("{other:?}"),
    };
    // The factory floor is board 1; its token at (2,2).
    assert_eq!(
        edit(|t| t[1] = Some((Pos::new(2, 7), Dir::E))),
        MarkerError::RebootTokenOffBoard {
            board: "board 1".into(),
            at: Pos::new(2, 7)
        }
    );
    assert_eq!(
        edit(|t| t.push(None)),
        MarkerError::TokenBoards {
            boards: 2,
            tokens: 3
        }
    );
    assert_eq!(
        edit(|t| t[0] = Some((Pos::new(0, 7), Dir::N))),
        MarkerError::RebootTokenOnDockingBay("board 0".into())
    );
    // Without tokens the course holds; the setup asks for them unless
    // dynamic archiving is on.
    let bare = c.edit(|p| p.extras.reboot_tokens.clear()).unwrap();
    assert_eq!(bare.extras().reboot_token(BoardId(1)), None);
}

#[test]
fn errors_say_what_is_wrong() {
    let e = CourseError::Extra(MarkerError::RebootTokenOnPit {
        board: "Cactus".into(),
        at: Pos::new(3, 4),
    });
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
