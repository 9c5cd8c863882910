//! What a valid spec builds, lookups by name, saves and the picture.

use super::*;
use crate::board::Wall;

#[test]
fn a_spec_builds_into_a_course() {
    let c = LIBRARY.build(&spec()).unwrap();
    assert_eq!(c.name(), "Test");
    assert_eq!(c.board_names(), ["Yard", "Bay"]);
    assert_eq!(c.docking_bay(), BoardId(1));
    assert_eq!(c.board_name(BoardId(1)), Some("Bay"));
    assert_eq!(c.board_name(BoardId(2)), None);
    assert_eq!(c.checkpoints(), [Pos::new(0, 0), Pos::new(2, 2)]);
    assert_eq!(c.checkpoint_at(Pos::new(2, 2)), Some(2));
    assert_eq!(c.starts(), [Pos::new(0, 4), Pos::new(1, 4)]);
    assert!(c.is_start(Pos::new(1, 4)) && !c.is_start(Pos::new(2, 4)));
    assert_eq!(
        c.free_starts().collect::<Vec<_>>(),
        [Pos::new(1, 4)],
        "the beacon covers one"
    );
    assert_eq!(c.start_facing(), Dir::N, "towards the yard");
    assert_eq!(c.extras().beacons, [Pos::new(0, 4)]);
}

#[test]
fn turned_boards_place_spots_and_arrows_where_the_turn_takes_them() {
    // The yard turned once clockwise: printed (x, y) lands on (2 - y, x).
    let mut s = spec();
    s.boards[0].turns = 1;
    let c = LIBRARY.build(&s).unwrap();
    assert_eq!(c.checkpoints(), [Pos::new(2, 0), Pos::new(0, 2)]);
    assert_eq!(c.board().tile(Pos::new(2, 1)), Some(&ToyTile::Pit));
    // The one-way wall east of printed (0,2) now lies south of (0,0).
    assert_eq!(c.board().wall(Pos::new(0, 0), Dir::S), Wall::OneWay(Dir::S));
    // The bay to the west of the yard: robots face east.
    let mut s = spec();
    s.boards[1] = placed("Bay", (0, 0), 1);
    s.boards[0].at = Pos::new(2, 0);
    let c = LIBRARY.build(&s).unwrap();
    assert_eq!(c.start_facing(), Dir::E);
    assert_eq!(c.board().board_id(Pos::new(0, 0)), Some(BoardId(1)));
    assert_eq!(
        c.extras().beacons,
        [Pos::new(0, 0)],
        "the bay's printed (0,1)"
    );
}

#[test]
fn a_spec_turned_as_a_whole_builds_the_course_turned() {
    let s = spec();
    let c = LIBRARY.build(&s).unwrap();
    let turned = LIBRARY
        .build(&LIBRARY.rotated_cw::<_, BeaconError>(&s).unwrap())
        .unwrap();
    assert_eq!(turned.board(), &c.board().rotated_cw());
    assert_eq!(turned.start_facing(), c.start_facing().rotated_cw(1));
}

#[test]
fn the_library_finds_boards_and_courses_by_name_ignoring_case() {
    assert_eq!(LIBRARY.board_names().collect::<Vec<_>>(), ["Yard", "Bay"]);
    assert_eq!(LIBRARY.board(" yARD ").unwrap().width(), 3);
    assert_eq!(
        LIBRARY.board("Nowhere"),
        Err(LookupError::Unknown("Nowhere".into()))
    );
    assert_eq!(
        LIBRARY.course_names().collect::<Vec<_>>(),
        ["First Steps", "Second Steps"]
    );
    let c = LIBRARY.course("second steps").unwrap();
    assert_eq!(c.name(), "Second Steps");
    assert_eq!(c.checkpoints()[0], Pos::new(2, 1));
    assert_eq!(
        LIBRARY.course("Third Steps").unwrap_err(),
        CourseError::Unknown("Third Steps".into())
    );
}

#[test]
fn saves_keep_the_parts_and_are_checked_when_read() {
    let c = LIBRARY.build(&spec()).unwrap();
    let json = serde_json::to_value(&c).unwrap();
    assert_eq!(
        json["beacons"],
        serde_json::json!([{"x": 0, "y": 4}]),
        "markers sit beside the fields"
    );
    assert!(json.get("starts").is_none(), "start spaces are not saved");
    let back: Course<ToyTile, Beacons> = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, c);
    let mut bad = json;
    bad["checkpoints"] = serde_json::json!([[1, 0]]);
    let e = serde_json::from_value::<Course<ToyTile, Beacons>>(bad).unwrap_err();
    assert!(e.to_string().contains("checkpoint 1"), "{e}");
    // An edition without markers saves the bare parts.
    let text = "+--+--+\n|.. S.|\n+--+--+\n";
    let bare = course_from_text::<ToyTile, ()>(text, &[Pos::new(0, 0)], Dir::W, |_| ()).unwrap();
    let json = serde_json::to_string(&bare).unwrap();
    assert_eq!(
        serde_json::from_str::<Course<ToyTile, ()>>(&json).unwrap(),
        bare
    );
    // A spec reads with its markers beside the other fields too.
    let s: CourseSpec<BeaconSpots> =
        serde_json::from_value(serde_json::to_value(spec()).unwrap()).unwrap();
    assert_eq!(s, spec());
}

#[test]
fn render_writes_markers_then_checkpoints_over_the_board() {
    let c = LIBRARY.build(&spec()).unwrap();
    let text = c.render();
    assert_eq!(text.lines().count(), 2 * c.board().height() + 1);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(&lines[1][1..3], "<1");
    assert_eq!(&lines[9][1..3], "B!");
    assert!(
        lines[1].len() < 8,
        "the void cell and its corner stay blank: {:?}",
        lines[1]
    );
    let mut plain = c.board().clone();
    plain.set_tile(Pos::new(0, 0), ToyTile::Floor).unwrap();
    assert!(!plain.print().contains("<1"));
}
