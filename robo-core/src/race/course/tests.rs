//! Course building and every validation error, on the toy edition's tiles
//! with a small marker type of their own (beacons: not on a pit, not on a
//! checkpoint, at most one per board; they cover the start space they lie
//! on).

use super::*;
use crate::board::{BoardId, Wall};
use crate::toy::ToyTile;
use thiserror::Error;

/// Beacons on a built course.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Beacons {
    beacons: Vec<Pos>,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
enum BeaconError {
    #[error("a beacon on {0} cannot stand there")]
    Bad(Pos),
    #[error("board `{0}` has two beacons")]
    Two(String),
}

impl CourseExtras<ToyTile> for Beacons {
    type Error = BeaconError;
    fn validate(c: &Course<ToyTile, Self>) -> Result<(), BeaconError> {
        for &b in &c.extras().beacons {
            let ok = c.board().tile(b).is_some_and(CourseTile::can_hold_marker);
            if !ok || c.checkpoint_at(b).is_some() {
                return Err(BeaconError::Bad(b));
            }
        }
        Ok(())
    }
    fn covers(&self, start: Pos) -> bool {
        self.beacons.contains(&start)
    }
    fn marks(&self, mark: &mut dyn FnMut(Pos, &str)) {
        for &b in &self.beacons {
            mark(b, "B!");
        }
    }
}

/// Beacons in file form.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct BeaconSpots {
    #[serde(default)]
    beacons: Vec<ArrowSpot>,
}

impl ExtrasSpec<ToyTile> for BeaconSpots {
    type Built = Beacons;
    fn place(&self, layout: &Layout<'_, ToyTile>) -> Result<Beacons, CourseError<BeaconError>> {
        let mut seen: Vec<BoardId> = Vec::new();
        let mut beacons = Vec::new();
        for b in &self.beacons {
            let (board, at) = layout.locate(&b.spot, "beacon")?;
            if seen.contains(&board) {
                let name = layout.board_name(board).to_string();
                return Err(CourseError::Extra(BeaconError::Two(name)));
            }
            seen.push(board);
            beacons.push(at);
        }
        Ok(Beacons { beacons })
    }
}

/// A 3x3 yard: a pit at (1,0), a void cell at (2,0), a one-way wall east
/// of (0,2).
const YARD: &str = "\
+  +  +  +
 .. []
+  +  +  +
 .. .. ..
+  +  +  +
 ..>.. ..
+  +  +  +
";

/// A 3x2 bay: floor in front, two start spaces behind.
const BAY: &str = "\
+  +  +  +
 .. .. ..
+  +  +  +
 S. S. ..
+  +  +  +
";

const BOARDS: [(&str, &str); 2] = [("Yard", YARD), ("Bay", BAY)];

struct Entry(&'static str, (i16, i16));

impl CourseEntry for Entry {
    type Extras = BeaconSpots;
    fn name(&self) -> &'static str {
        self.0
    }
    fn spec(&self) -> CourseSpec<BeaconSpots> {
        let mut s = spec();
        s.name = self.0.to_string();
        s.checkpoints[0] = Spot::new("Yard", self.1 .0, self.1 .1);
        s
    }
}

static COURSES: [Entry; 2] = [Entry("First Steps", (0, 0)), Entry("Second Steps", (2, 1))];
static LIBRARY: Library<ToyTile, Entry> = Library::new(&BOARDS, &COURSES);

fn placed(name: &str, at: (i16, i16), turns: u8) -> PlacedBoard {
    PlacedBoard {
        name: name.into(),
        text: None,
        at: Pos::new(at.0, at.1),
        turns,
    }
}

/// A valid spec: the yard on top, the bay below it.
fn spec() -> CourseSpec<BeaconSpots> {
    CourseSpec {
        name: "Test".into(),
        difficulty: Difficulty::Starter,
        boards: vec![placed("Yard", (0, 0), 0), placed("Bay", (0, 3), 0)],
        checkpoints: vec![Spot::new("Yard", 0, 0), Spot::new("Yard", 2, 2)],
        extras: BeaconSpots {
            beacons: vec![ArrowSpot {
                spot: Spot::new("Bay", 0, 1),
                dir: Dir::N,
            }],
        },
    }
}

type Err = CourseError<BeaconError>;

fn err(s: &CourseSpec<BeaconSpots>) -> Err {
    LIBRARY.build(s).expect_err("the spec should be refused")
}

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
