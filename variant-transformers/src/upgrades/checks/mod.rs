//! One test per upgrade of its effect and timing, each on a small
//! scenario position (the robots, cards and answers it needs); most also
//! check what happens without the upgrade or its answer.

mod adjacent;
mod permanent;
mod personal;
mod temporary;

use crate::race::Race;
use crate::scenario::{Scenario, ScenarioFile, Summary};
use serde_json::{json, Value};

/// A board of `rows` (glyphs separated by spaces: `S`, `.`, `w>`, `~~~`,
/// `#^#`, ...), no inner walls.
pub(super) fn board(rows: &[&str]) -> Value {
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| r.split_whitespace().map(|g| format!("{g:^3}")).collect())
        .collect();
    let n = cells[0].len();
    let mut out = vec![format!("+{}", "---+".repeat(n))];
    for (i, row) in cells.iter().enumerate() {
        out.push(format!("|{}|", row.join(" ")));
        out.push(if i + 1 == cells.len() {
            format!("+{}", "---+".repeat(n))
        } else {
            format!("+{}", "   +".repeat(n))
        });
    }
    json!(out)
}

/// A board of `rows` (as [`board`]) with walls: `(x, y, 'E')` on the east
/// side of cell `(x, y)`, `(x, y, 'S')` on its south side.
pub(super) fn walled(rows: &[&str], walls: &[(usize, usize, char)]) -> Value {
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| r.split_whitespace().map(|g| format!("{g:^3}")).collect())
        .collect();
    let n = cells[0].len();
    let mut out = vec![format!("+{}", "---+".repeat(n))];
    for (y, row) in cells.iter().enumerate() {
        let mut line = String::from("|");
        for (x, g) in row.iter().enumerate() {
            line.push_str(g);
            let east = walls.contains(&(x, y, 'E'));
            line.push(if x + 1 == n || east { '|' } else { ' ' });
        }
        out.push(line);
        let mut under = String::from("+");
        for x in 0..n {
            let south = y + 1 == cells.len() || walls.contains(&(x, y, 'S'));
            under.push_str(if south { "---+" } else { "   +" });
        }
        out.push(under);
    }
    json!(out)
}

/// A 6 x 3 floor with a start space; the checkpoint far away.
pub(super) fn open() -> Value {
    board(&["S . . . . .", ". . . . . .", ". . . . . ."])
}

/// The scenario `v` (edition and checkpoint filled in when missing).
pub(super) fn scenario(mut v: Value) -> Scenario {
    let o = v.as_object_mut().expect("an object");
    o.entry("edition").or_insert(json!("transformers"));
    o.entry("checkpoints").or_insert(json!([[5, 2]]));
    o.entry("board").or_insert_with(open);
    o.entry("damage_deck").or_insert(json!([
        "SCRAP", "SCRAP", "SCRAP", "SCRAP", "SCRAP", "SCRAP"
    ]));
    let file: ScenarioFile = serde_json::from_value(v).expect("a scenario file");
    Scenario::new(&file).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs the scenario `v`; every expectation must hold and every answer
/// must have been asked for.
pub(super) fn run(v: Value) -> Summary {
    let (s, d) = scenario(v).check().unwrap_or_else(|e| panic!("{e}"));
    assert!(d.is_empty(), "{d:?}\ndecisions: {:?}", s.decisions);
    s
}

/// The race at the scenario's position, run to its first decision.
pub(super) fn race(v: Value) -> Race {
    scenario(v).race().unwrap_or_else(|e| panic!("{e}"))
}

/// Does `s` report that `upgrade` was used?
pub(super) fn used(s: &Summary, upgrade: crate::upgrades::Upgrade) -> bool {
    s.events
        .iter()
        .any(|e| matches!(e, crate::events::Event::UpgradeUsed { upgrade: u, .. } if *u == upgrade))
}

impl Race {
    /// Every legal action of `p` now.
    pub(super) fn legal(&self, p: robo_core::PlayerId) -> Vec<crate::actions::Action> {
        use robo_core::Game;
        let mut out = Vec::new();
        let _ = self.legal_actions(p, &mut out);
        out
    }
}

/// Answers the first option of whoever is asked until `done` holds.
pub(super) fn step_until(r: &mut Race, done: impl Fn(&Race) -> bool) {
    use robo_core::Game;
    for _ in 0..200 {
        if done(r) {
            return;
        }
        assert!(
            !r.pending().players().is_empty(),
            "{:?} {:?}",
            r.pending(),
            r.core.agenda
        );
        let p = r.pending().players()[0];
        let first = r.legal(p)[0].clone();
        r.apply(p, first).unwrap();
    }
    panic!("never reached");
}
