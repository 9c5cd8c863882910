//! Every way a spec or a course's parts are refused.

use super::*;

#[test]
fn unknown_and_malformed_boards() {
    let mut s = spec();
    s.boards[0] = placed("No Such Board", (0, 0), 0);
    assert_eq!(err(&s), CourseError::Unknown("No Such Board".into()));
    let mut s = spec();
    s.boards[0].text = Some("+--+\n|??|\n+--+\n".into());
    let e = err(&s);
    assert!(
        matches!(&e, CourseError::Parse { board, error } if board == "Yard" && error.line == 2),
        "{e:?}"
    );
    assert!(e.to_string().contains("Yard"));
}

#[test]
fn board_names_must_differ_and_turns_stay_below_four() {
    let mut s = spec();
    s.boards[1].name = "YARD".into();
    s.boards[1].text = Some(BAY.into());
    assert_eq!(err(&s), CourseError::DuplicateBoard("YARD".into()));
    let mut s = spec();
    s.boards[0].turns = 4;
    assert_eq!(
        err(&s),
        CourseError::BadTurns {
            board: "Yard".into(),
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
        CourseError::Assembly(crate::board::CourseError::Overlap { .. })
    ));
}

#[test]
fn exactly_one_docking_bay_next_to_another_board() {
    let mut s = spec();
    s.boards.remove(1);
    s.extras.beacons.clear();
    assert_eq!(err(&s), CourseError::DockingBays(0));
    let mut s = spec();
    s.boards.push(PlacedBoard {
        text: Some(BAY.into()),
        ..placed("Bay 2", (3, 3), 0)
    });
    assert_eq!(err(&s), CourseError::DockingBays(2));
    let mut s = spec();
    s.boards[1].at = Pos::new(0, 4);
    assert_eq!(err(&s), CourseError::DetachedDockingBay("Bay".into()));
}

#[test]
fn spots_must_be_on_a_board_of_the_course() {
    for (board, x, y) in [
        ("Nowhere", 0, 0),
        ("Yard", 3, 0),
        ("Yard", 0, -1),
        ("Yard", 2, 0),
    ] {
        let mut s = spec();
        s.checkpoints[1] = Spot::new(board, x, y);
        assert_eq!(
            err(&s),
            CourseError::BadSpot {
                what: "checkpoint",
                board: board.into(),
                at: Pos::new(x, y)
            },
            "{board} {x} {y}"
        );
    }
}

#[test]
fn checkpoints_are_required_and_must_be_on_free_floor() {
    let mut s = spec();
    s.checkpoints.clear();
    assert_eq!(err(&s), CourseError::NoCheckpoints);
    let mut s = spec();
    s.checkpoints[1] = Spot::new("Yard", 1, 0);
    let pit = CourseError::BadCheckpoint {
        number: 2,
        at: Pos::new(1, 0),
    };
    assert_eq!(err(&s), pit, "on a pit");
    s.checkpoints[1] = Spot::new("yard", 0, 0);
    assert!(
        matches!(err(&s), CourseError::BadCheckpoint { number: 2, .. }),
        "on checkpoint 1 (board names ignore case)"
    );
    s.checkpoints[1] = Spot::new("Bay", 1, 1);
    assert_eq!(
        err(&s),
        CourseError::CheckpointOnStart {
            number: 2,
            at: Pos::new(1, 4)
        }
    );
    s.checkpoints[1] = Spot::new("Bay", 2, 1);
    assert!(LIBRARY.build(&s).is_ok(), "on the bay off the start spaces");
    s.checkpoints = vec![Spot::new("Yard", 0, 0); MAX_CHECKPOINTS + 1];
    assert_eq!(err(&s), CourseError::TooManyCheckpoints(255));
}

#[test]
fn the_editions_markers_are_checked_on_the_spec_and_on_the_course() {
    let mut s = spec();
    s.extras.beacons.push(ArrowSpot {
        spot: Spot::new("bay", 2, 0),
        dir: Dir::S,
    });
    assert_eq!(err(&s), CourseError::Extra(BeaconError::Two("Bay".into())));
    let mut s = spec();
    s.extras.beacons[0].spot = Spot::new("Yard", 1, 0);
    assert_eq!(
        err(&s),
        CourseError::Extra(BeaconError::Bad(Pos::new(1, 0)))
    );
    s.extras.beacons[0].spot = Spot::new("Yard", 2, 2);
    assert_eq!(
        err(&s),
        CourseError::Extra(BeaconError::Bad(Pos::new(2, 2)))
    );
    s.extras.beacons[0].spot = Spot::new("Yard", 2, 0);
    assert!(matches!(
        err(&s),
        CourseError::BadSpot { what: "beacon", .. }
    ));
    let e = CourseError::Extra(BeaconError::Two("Bay".into()));
    assert_eq!(e.to_string(), "board `Bay` has two beacons");
}

fn parts() -> CourseParts<ToyTile, Beacons> {
    LIBRARY.build(&spec()).unwrap().into_parts()
}

#[test]
fn parts_are_checked_like_a_spec() {
    let c = Course::new(parts()).unwrap();
    assert_eq!(
        c,
        LIBRARY.build(&spec()).unwrap(),
        "into_parts then new is the same course"
    );

    let mut p = parts();
    p.board_names.pop();
    assert_eq!(Course::new(p), Err(CourseError::UnnamedBoard(BoardId(1))));
    let mut p = parts();
    p.board_names[1] = "yard".into();
    assert_eq!(
        Course::new(p),
        Err(CourseError::DuplicateBoard("yard".into()))
    );
    let mut p = parts();
    p.docking_bay = BoardId(5);
    assert_eq!(Course::new(p), Err(CourseError::NoDockingBay(BoardId(5))));
    let mut p = parts();
    p.docking_bay = BoardId(0);
    assert_eq!(Course::new(p), Err(CourseError::NoStarts("Yard".into())));
    let mut p = parts();
    p.checkpoints.push(Pos::new(9, 9));
    assert_eq!(
        Course::new(p),
        Err(CourseError::BadCheckpoint {
            number: 3,
            at: Pos::new(9, 9)
        })
    );
    let mut p = parts();
    p.extras.beacons.push(Pos::new(0, 0));
    assert_eq!(
        Course::new(p),
        Err(CourseError::Extra(BeaconError::Bad(Pos::new(0, 0))))
    );
    // Start spaces are the start tiles of the bay, whatever else changes.
    let mut p = parts();
    p.board.set_tile(Pos::new(2, 4), ToyTile::Start).unwrap();
    assert_eq!(Course::new(p).unwrap().starts().len(), 3);
}

#[test]
fn a_course_from_text_is_checked_too() {
    let text = "+--+--+\n|.. ..|\n+  +  +\n|S. []|\n+--+--+\n";
    let c = course_from_text::<ToyTile, ()>(text, &[Pos::new(1, 0)], Dir::N, |_| ()).unwrap();
    assert_eq!(c.starts(), [Pos::new(0, 1)]);
    assert!(matches!(
        course_from_text::<ToyTile, ()>(text, &[Pos::new(1, 1)], Dir::N, |_| ()),
        Err(CourseError::BadCheckpoint { number: 1, .. })
    ));
    assert!(matches!(
        course_from_text::<ToyTile, ()>("+--+\n|??|\n+--+\n", &[], Dir::N, |_| ()),
        Err(CourseError::Parse { .. })
    ));
    let no_start = "+--+--+\n|.. ..|\n+--+--+\n";
    assert_eq!(
        course_from_text::<ToyTile, ()>(no_start, &[Pos::new(1, 0)], Dir::N, |_| ()),
        Err(CourseError::NoStarts("board 0".into()))
    );
}
