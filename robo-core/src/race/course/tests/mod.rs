//! Course building and every validation error, on the toy edition's tiles
//! with a small marker type of their own (beacons: not on a pit, not on a
//! checkpoint, at most one per board; they cover the start space they lie
//! on).

mod build;
mod checks;

use super::*;
use crate::board::BoardId;
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
