//! Property tests of rule interactions over random positions: random small
//! boards of every element, random robots (modes, facings, cards), run
//! through registers with the scenario runner's answers, then checked
//! against rules that hold whatever happened:
//!
//! - a jump never lands on a wall-shut, solid or occupied cell, nor on one
//!   the robot's mode may not stand on;
//! - a push never changes a robot's facing;
//! - robots are conserved (each is on the course or off it, waiting);
//! - no two robots share a cell;
//!
//! and, each with its own strategy, the four rules of issue 29: a mine met
//! after a jump sends the robot back along the jump, a space bridge pushes
//! its occupant in the arriving robot's facing, "adjacent" never reaches
//! through a wall, Fast Start goes to the Move card of a Catch My Drift
//! pair in either order.
//!
//! Case counts are small by default; `PROPTEST_CASES` raises them.

use proptest::prelude::*;
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::motion::Cause;
use serde_json::{json, Value};
use std::collections::HashMap;
use variant_transformers::scenario::{Scenario, ScenarioFile, Summary};
use variant_transformers::tiles::Tile;
use variant_transformers::Event;

const W: usize = 6;
const H: usize = 4;

fn cases(default: u32) -> ProptestConfig {
    ProptestConfig::with_cases(robo_core::testing::cases(default))
}

/// A board's text from glyphs (3 characters each, row by row) and walls
/// (`(x, y, east)`: on the east side of the cell, or on its south side).
/// The last cell (bottom right) becomes a start space: every course has one.
fn board_text(cells: &[Vec<String>], walls: &[(usize, usize, bool)]) -> Value {
    let mut cells = cells.to_vec();
    if let Some(last) = cells.last_mut().and_then(|r| r.last_mut()) {
        *last = " S ".into();
    }
    let w = cells[0].len();
    let mut out = vec![format!("+{}", "---+".repeat(w))];
    for (y, row) in cells.iter().enumerate() {
        let mut line = String::from("|");
        for (x, g) in row.iter().enumerate() {
            line.push_str(g);
            let east = x + 1 == w || walls.contains(&(x, y, true));
            line.push(if east { '|' } else { ' ' });
        }
        out.push(line);
        let mut under = String::from("+");
        for x in 0..w {
            let south = y + 1 == cells.len() || walls.contains(&(x, y, false));
            under.push_str(if south { "---+" } else { "   +" });
        }
        out.push(under);
    }
    json!(out)
}

const ARROWS: [char; 4] = ['^', '>', 'v', '<'];
const FACINGS: [&str; 4] = ["N", "E", "S", "W"];

/// One cell's glyph from a kind and an arrow.
fn glyph(kind: u8, arrow: usize) -> String {
    let a = ARROWS[arrow % 4];
    match kind {
        0..=5 => " . ".into(),
        6 => "~~~".into(),
        7 => "oil".into(),
        8 => format!("r{a} "),
        9 => format!("c{a}l"),
        10 => format!("w{a} "),
        11 => format!("J{a} "),
        12 => "[B]".into(),
        13 => format!("#{a}#"),
        14 => "(P)".into(),
        _ => format!("p{a}1"),
    }
}

const CARDS: [&str; 11] = [
    "Move 1",
    "Move 2",
    "Move 3",
    "Move Back",
    "Turn Left",
    "Turn Right",
    "U-Turn",
    "Drift Left",
    "Drift Right",
    "Power Up",
    "Again",
];

/// A random position: the board, its cells, its walls and its robots
/// (cell, facing, bot mode, cards of registers 1 and 2).
#[derive(Clone, Debug)]
struct Drawn {
    cells: Vec<Vec<(u8, usize)>>,
    walls: Vec<(usize, usize, bool)>,
    robots: Vec<(usize, usize, usize, bool, [usize; 2])>,
    mines: Vec<(usize, usize)>,
}

fn drawn() -> impl Strategy<Value = Drawn> {
    let cells = prop::collection::vec(prop::collection::vec((0u8..16, 0usize..4), W), H);
    let walls = prop::collection::vec((0..W, 0..H, any::<bool>()), 0..6);
    let robots = prop::collection::vec(
        (
            0..W,
            0..H,
            0usize..4,
            any::<bool>(),
            [0usize..11, 0usize..11],
        ),
        2..5,
    );
    let mines = prop::collection::vec((0..W, 0..H), 0..3);
    (cells, walls, robots, mines).prop_map(|(cells, walls, robots, mines)| Drawn {
        cells,
        walls,
        robots,
        mines,
    })
}

impl Drawn {
    fn glyphs(&self) -> Vec<Vec<String>> {
        let mut g: Vec<Vec<String>> = self
            .cells
            .iter()
            .map(|r| r.iter().map(|&(k, a)| glyph(k, a)).collect())
            .collect();
        // The checkpoint's cell is plain floor.
        g[0][0] = " . ".into();
        g
    }

    /// The scenario file, `None` when the robots cannot stand where drawn
    /// (the same cell, a solid cell).
    fn file(&self, registers: u16) -> Option<Value> {
        let glyphs = self.glyphs();
        let mut robots = Vec::new();
        let mut taken = Vec::new();
        for &(x, y, f, bot, cards) in &self.robots {
            let g = &glyphs[y][x];
            if taken.contains(&(x, y)) || g.starts_with('#') {
                return None;
            }
            taken.push((x, y));
            let bot = bot || g == "[B]";
            robots.push(json!({
                "at": [x, y], "facing": FACINGS[f],
                "mode": if bot { "bot" } else { "alt" },
                "registers": [CARDS[cards[0]], CARDS[cards[1]]]
            }));
        }
        let mines: Vec<Value> = self
            .mines
            .iter()
            .filter(|m| !taken.contains(m) && **m != (0, 0))
            .map(|&(x, y)| json!([x, y]))
            .collect();
        Some(json!({
            "edition": "transformers",
            "about": "a random position",
            "board": board_text(&glyphs, &self.walls),
            "checkpoints": [[0, 0]],
            "mines": mines,
            "robots": robots,
            "run": {"registers": registers}
        }))
    }
}

/// Runs a scenario file; `None` when the position is refused.
fn run(v: Value) -> Option<(Scenario, Summary)> {
    let file: ScenarioFile = serde_json::from_value(v).ok()?;
    let scenario = Scenario::new(&file).ok()?;
    let (summary, _) = scenario.check().ok()?;
    Some((scenario, summary))
}

/// The tile of `p` on the scenario's course.
fn tile(s: &Scenario, p: Pos) -> Option<Tile> {
    s.position().ok()?.arena().tile(p)
}

/// Replays the grid events: every jump lands legally, pushes turn nobody.
fn check_events(s: &Scenario, summary: &Summary) -> Result<(), TestCaseError> {
    let race = s
        .position()
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut at: HashMap<u8, Pos> = HashMap::new();
    for (i, r) in s.file.robots.iter().enumerate() {
        if let Some([x, y]) = r.at {
            at.insert(i as u8, Pos::new(x, y));
        }
    }
    let mut modes: HashMap<u8, bool> = s
        .file
        .robots
        .iter()
        .enumerate()
        .map(|(i, r)| (i as u8, r.mode.as_deref() == Some("bot")))
        .collect();
    for e in &summary.events {
        match e {
            Event::Grid(GridEvent::Moved {
                robot,
                from,
                to,
                cause,
            }) => {
                let jump = *cause == Cause::Move && from.distance(*to) > 1;
                if jump {
                    let t = race.arena().tile(*to);
                    prop_assert!(
                        t.is_none_or(|t| !t.is_solid() && !t.is_building()),
                        "a jump landed on {t:?} at {to}"
                    );
                    let bot = modes.get(&robot.0).copied().unwrap_or(false);
                    prop_assert!(
                        bot || !matches!(t, Some(Tile::Walkway(_))),
                        "an alt-mode jump landed on a walkway at {to}"
                    );
                    prop_assert!(
                        !at.iter().any(|(r, p)| *r != robot.0 && p == to),
                        "a jump landed on a robot at {to}"
                    );
                }
                at.insert(robot.0, *to);
            }
            Event::Grid(GridEvent::Turned { cause, .. }) => {
                prop_assert!(
                    !matches!(cause, Cause::Push { .. }),
                    "a push turned a robot"
                );
            }
            Event::Grid(GridEvent::Removed { robot, .. }) => {
                at.remove(&robot.0);
            }
            Event::Grid(GridEvent::Placed { robot, at: p, .. }) => {
                at.insert(robot.0, *p);
            }
            Event::Converted { player, mode, .. } => {
                modes.insert(player.0, *mode == variant_transformers::Mode::Bot);
            }
            _ => {}
        }
    }
    Ok(())
}

/// What holds of every end state: robots conserved, one per cell, none on a
/// solid cell, alt-mode robots outside buildings.
fn check_end(s: &Scenario, summary: &Summary) -> Result<(), TestCaseError> {
    prop_assert_eq!(summary.robots.len(), s.file.robots.len());
    let mut cells = Vec::new();
    for (i, r) in summary.robots.iter().enumerate() {
        prop_assert_eq!(r.on_course, r.position.is_some(), "robot {}", i);
        prop_assert_eq!(r.on_course, r.off.is_none(), "robot {} on and off", i);
        if let Some([x, y]) = r.position {
            let p = Pos::new(x, y);
            prop_assert!(!cells.contains(&p), "two robots on {}", p);
            cells.push(p);
            let t = tile(s, p);
            prop_assert!(t.is_some_and(|t| !t.is_solid()), "robot {} on {:?}", i, t);
            if t.is_some_and(Tile::is_building) {
                prop_assert_eq!(&r.mode, "bot", "an alt-mode robot in a building");
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(cases(48))]

    /// Two registers of random cards on random boards keep every
    /// invariant of the grid.
    #[test]
    fn random_registers_keep_the_grid_rules(d in drawn()) {
        let file = d.file(2);
        prop_assume!(file.is_some());
        let ran = file.and_then(run);
        prop_assume!(ran.is_some());
        let Some((s, summary)) = ran else { return Ok(()) };
        check_events(&s, &summary)?;
        check_end(&s, &summary)?;
    }
}

/// A row `before`, a ramp facing east, then `after`: the robot in alt
/// mode runs up `run_up` spaces to the ramp and jumps as far.
fn jump_row(run_up: usize, land: usize, before_land: &str, wall: bool) -> (Value, Pos) {
    // Cells: 0 .. run_up-1 floor, ramp at run_up, landing at run_up + land.
    let ramp = run_up;
    let landing = ramp + land;
    let mut row: Vec<String> = (0..W + 2).map(|_| " . ".to_string()).collect();
    row[ramp] = "J> ".into();
    if landing - 1 > ramp {
        row[landing - 1] = before_land.into();
    }
    let walls: Vec<(usize, usize, bool)> = if wall {
        vec![(landing - 1, 0, true)]
    } else {
        Vec::new()
    };
    let cells = vec![row, (0..W + 2).map(|_| " . ".to_string()).collect()];
    (board_text(&cells, &walls), Pos::new(landing as i16, 0))
}

proptest! {
    #![proptest_config(cases(32))]

    /// A mine on a jump's landing: 1 damage, gone, and the robot steps
    /// back to the space before it along the jump when it may (no wall,
    /// no robot, a space its mode may enter from that side), else stays.
    #[test]
    fn a_mine_after_a_jump_sends_the_robot_back_along_the_jump(
        run_up in 1usize..=3,
        before in prop::sample::select(vec![" . ", "~~~", "oil", "[B]", "#^#", "w> ", "robot"]),
        wall in any::<bool>(),
    ) {
        let land = run_up;
        let glyph = if before == "robot" { " . " } else { before };
        let (board, landing) = jump_row(run_up, land, glyph, wall);
        let card = ["Move 1", "Move 2", "Move 3"][run_up - 1];
        let back = Pos::new(landing.x - 1, 0);
        let mut robots = vec![json!({"at": [0, 0], "facing": "E", "energon": 0, "registers": [card]})];
        let other = if before == "robot" && back.x > run_up as i16 {
            json!({"at": [back.x, 0], "facing": "S", "energon": 0})
        } else {
            json!({"at": [W + 1, 1], "facing": "S", "energon": 0})
        };
        robots.push(other);
        let file = json!({
            "edition": "transformers", "about": "mine after a jump",
            "board": board, "checkpoints": [[0, 1]], "mines": [[landing.x, 0]],
            "damage_deck": ["SCRAP", "SCRAP", "SCRAP"],
            "robots": robots, "run": {"register": 1, "after": "cards"}
        });
        let (_, s) = run(file).ok_or_else(|| TestCaseError::fail("refused"))?;
        let at = s.robots[0].position.map(|[x, y]| Pos::new(x, y));
        prop_assert!(s.mines.is_empty());
        let ramp_behind = land == 1;
        let may = !wall && !ramp_behind && matches!(before, " . " | "~~~" | "oil");
        let mut expected = if may { back } else { landing };
        // Oil behind: the step back ends on oil and slides on the way back,
        // onto the floor beyond (a ramp there, entered against its arrow,
        // stops it on the oil).
        if may && before == "oil" && back.x - 1 > run_up as i16 {
            expected = Pos::new(back.x - 1, 0);
        }
        prop_assert_eq!(at, Some(expected), "before {:?} wall {}", before, wall);
        let burnt = may && before == "~~~";
        prop_assert_eq!(s.robots[0].scrap, 1 + usize::from(burnt));
    }
}

/// Bridges on (1, 0) and (3, 2); the occupant of (3, 2) and, when
/// `second`, a robot beyond it in the arriving robot's facing; a wall
/// between them when `wall`; the bottom edge open when `edge` (and the
/// board a row shorter, so that a push south drops the occupant off).
/// The file, and whether the crossing may be made.
fn bridge_file(facing: usize, wall: bool, second: bool, edge: bool) -> (Value, bool) {
    let dir = [Dir::N, Dir::E, Dir::S, Dir::W][facing];
    let occupant = Pos::new(3, 2);
    let beyond = occupant.step(dir);
    // An open edge has no wall to put there.
    let wall = wall && !(edge && dir == Dir::S);
    let walls: Vec<(usize, usize, bool)> = if !wall {
        Vec::new()
    } else {
        match dir {
            Dir::E => vec![(3, 2, true)],
            Dir::W => vec![(2, 2, true)],
            Dir::S => vec![(3, 2, false)],
            Dir::N => vec![(3, 1, false)],
        }
    };
    let h = if edge { 3 } else { 4 };
    let cells: Vec<Vec<String>> = (0..h)
        .map(|_| (0..5).map(|_| " . ".to_string()).collect())
        .collect();
    let mut board = board_text(&cells, &walls);
    if edge {
        // The bottom edge open: a robot pushed south falls off.
        let rows = board.as_array_mut().expect("rows");
        let last = rows.len() - 1;
        rows[last] = json!("+   +   +   +   +   +");
    }
    let mut robots = vec![
        json!({"at": [0, 0], "facing": FACINGS[facing], "energon": 0, "registers": ["Drift Right"]}),
        json!({"at": [occupant.x, occupant.y], "facing": "N", "energon": 0}),
    ];
    let second_on = second && (0..5).contains(&beyond.x) && (0..h as i16).contains(&beyond.y);
    if second_on {
        robots.push(json!({"at": [beyond.x, beyond.y], "facing": "N", "energon": 0}));
    }
    // Which way does the robot drift? Right of its facing: it must reach
    // (1, 0), so it is placed accordingly.
    let start = Pos::new(1, 0).step(dir.left());
    let fits = (0..5).contains(&start.x) && (0..h as i16).contains(&start.y);
    robots[0]["at"] = json!([start.x, start.y]);
    // The line moves when no wall stops it and its last robot has a cell
    // ahead (or falls over the open edge).
    let last = if second_on { beyond } else { occupant };
    let ahead = last.step(dir);
    let room =
        ((0..5).contains(&ahead.x) && (0..h as i16).contains(&ahead.y)) || (edge && dir == Dir::S);
    let pushable = !wall && room;
    let file = json!({
        "edition": "transformers", "about": "bridge onto an occupied bridge",
        "board": board, "checkpoints": [[4, 0]],
        "bridges": [{"at": [1, 0]}, {"at": [occupant.x, occupant.y]}],
        "damage_deck": ["SCRAP", "SCRAP", "SCRAP"],
        "robots": robots, "run": {"register": 1, "after": "bridges"}
    });
    (file, fits && pushable)
}

proptest! {
    #![proptest_config(cases(32))]

    /// A space bridge with a robot on it is offered exactly when the
    /// occupant can be pushed a space in the arriving robot's facing; the
    /// occupant (and any robot beyond) moves that way, facing kept.
    #[test]
    fn a_bridge_onto_an_occupied_bridge_pushes_its_occupant(
        facing in 0usize..4, wall in any::<bool>(), second in any::<bool>(), edge in any::<bool>(),
    ) {
        let (mut file, offered) = bridge_file(facing, wall, second, edge);
        let start = file["robots"][0]["at"].clone();
        if start[0].as_i64().is_none_or(|x| !(0..5).contains(&x))
            || start[1].as_i64().is_none_or(|y| !(0..4).contains(&y))
        {
            return Ok(());
        }
        file["robots"][0]["answers"] = json!(["bridge 3,2"]);
        let parsed: ScenarioFile = serde_json::from_value(file.clone()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let Ok(scenario) = Scenario::new(&parsed) else { return Ok(()) };
        let outcome = scenario.check();
        let dir = [Dir::N, Dir::E, Dir::S, Dir::W][facing];
        let (s, d) = outcome.map_err(|e| TestCaseError::fail(e.to_string()))?;
        if offered {
            prop_assert!(d.is_empty(), "{:?}", d);
            prop_assert_eq!(s.robots[0].position, Some([3, 2]));
            let pushed = Pos::new(3, 2).step(dir);
            let on = s.robots[1].position.map(|[x, y]| Pos::new(x, y));
            prop_assert!(on == Some(pushed) || !s.robots[1].on_course);
            prop_assert_eq!(&s.robots[1].facing, if s.robots[1].on_course { "N" } else { "" });
        } else {
            // Only "stay": the robot is not asked and keeps its bridge.
            prop_assert_eq!(d.len(), 1, "{:?}", d);
            prop_assert_eq!(s.robots[0].position, Some([1, 0]));
            prop_assert_eq!(s.robots[1].position, Some([3, 2]));
        }
    }
}

proptest! {
    #![proptest_config(cases(32))]

    /// Eat My Dust empties register 5 of exactly the robots adjacent to
    /// Blurr when its Move card starts: orthogonal neighbours without a
    /// wall between.
    #[test]
    fn eat_my_dust_reaches_exactly_the_adjacent_robots(
        sides in [any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()],
        walls in [any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()],
        diagonal in any::<bool>(),
    ) {
        // Blurr on (2, 1), facing S, Move 1; neighbours N, E, S, W.
        let blurr = Pos::new(2, 1);
        let dirs = [Dir::N, Dir::E, Dir::S, Dir::W];
        let mut wall_list = Vec::new();
        for (k, d) in dirs.iter().enumerate() {
            if walls[k] {
                wall_list.push(match d {
                    Dir::N => (2, 0, false),
                    Dir::E => (2, 1, true),
                    Dir::S => (2, 1, false),
                    Dir::W => (1, 1, true),
                });
            }
        }
        let cells: Vec<Vec<String>> = (0..4).map(|_| (0..5).map(|_| " . ".to_string()).collect()).collect();
        let names = ["Optimus Prime", "Arcee", "Megatron", "Drag Strip", "Flamewar"];
        let mut robots = vec![json!({"character": "Blurr", "at": [2, 1], "facing": "W", "energon": 0,
            "installed": ["Eat My Dust"], "registers": ["Move Back"]})];
        let mut expect = vec![json!({})];
        for (k, d) in dirs.iter().enumerate() {
            if sides[k] && robots.len() < 5 {
                let at = blurr.step(*d);
                robots.push(json!({"character": names[robots.len() - 1], "at": [at.x, at.y], "facing": "N",
                    "energon": 0, "registers": [null, null, null, null, "Power Up"]}));
                let emptied = !walls[k];
                expect.push(json!({"registers": [[], [], [], [], if emptied { json!([]) } else { json!(["Power Up"]) }]}));
            }
        }
        if diagonal && robots.len() < 6 {
            robots.push(json!({"character": names[robots.len() - 1], "at": [3, 2], "facing": "N",
                "energon": 0, "registers": [null, null, null, null, "Power Up"]}));
            expect.push(json!({"registers": [[], [], [], [], ["Power Up"]]}));
        }
        let file = json!({
            "edition": "transformers", "about": "Eat My Dust", "board": board_text(&cells, &wall_list),
            "checkpoints": [[0, 3]], "robots": robots,
            "run": {"register": 1, "after": "cards"}, "expect": {"robots": expect}
        });
        let parsed: ScenarioFile = serde_json::from_value(file).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let (_, d) = Scenario::new(&parsed).and_then(|s| s.check()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(d.is_empty(), "{:?}", d);
    }

    /// Fast Start adds its space to the Move card of a Catch My Drift pair,
    /// whichever of the two resolves first, and never to the Drift.
    #[test]
    fn fast_start_goes_to_the_move_card_of_a_pair_in_either_order(
        first in any::<bool>(), move_card in 0usize..3, right in any::<bool>(),
    ) {
        let mv = ["Move 1", "Move 2", "Move Back"][move_card];
        let drift = if right { "Drift Right" } else { "Drift Left" };
        let cells: Vec<Vec<String>> = (0..5).map(|_| (0..8).map(|_| " . ".to_string()).collect()).collect();
        let file = json!({
            "edition": "transformers", "about": "Fast Start with a pair",
            "board": board_text(&cells, &[]), "checkpoints": [[7, 0]], "start": "planning",
            "robots": [
                {"character": "Drag Strip", "at": [3, 2], "facing": "E", "installed": ["Catch My Drift", "Fast Start"],
                 "hand": [mv, drift, "Turn Left", "Turn Right", "U-Turn", "Turn Left"],
                 "answers": [{"program": [mv, "Turn Left", "Turn Right", "U-Turn", "Turn Left"],
                              "pair": {"register": 1, "card": drift, "first": first}}, "arm Fast Start"]},
                {"character": "Blurr", "at": [0, 4], "facing": "W",
                 "hand": ["Turn Left", "Turn Left", "Turn Left", "Turn Right", "Turn Right"]}
            ],
            "run": {"register": 1, "after": "cards"}
        });
        let (_, s) = run(file).ok_or_else(|| TestCaseError::fail("refused"))?;
        let steps = [2i16, 3, -2][move_card];
        let dy = if right { 1 } else { -1 };
        prop_assert_eq!(s.robots[0].position, Some([3 + steps, 2 + dy]));
    }
}
