//! Scenario files: an exact position of a race, how far to run it, the
//! answers to the choices it asks for, and what it should end with.
//!
//! A scenario is a JSON file whose `edition` field picks the edition that
//! reads it (only the 2023 edition has scenarios so far). The format is
//! described, with examples, in `docs/scenario-format.md`; the conformance
//! suite in `conformance/2023/` is written in it, and
//! `cargo run --example scenario -- FILE...` runs files from the command
//! line.
//!
//! ```
//! let text = r#"{
//!   "edition": "2023",
//!   "about": "a blue belt carries a robot two spaces",
//!   "board": [
//!     "+---+---+---+---+",
//!     "|b>  b>  b>   . |",
//!     "+---+---+---+---+"
//!   ],
//!   "robots": [{"at": [0, 0], "registers": ["Power Up"]}, {"at": [3, 0], "facing": "E"}],
//!   "run": {"registers": 1},
//!   "expect": {"robots": [{"position": [2, 0], "energy": 4}]}
//! }"#;
//! let report = roborally::scenario::run_text("belt.json", text).unwrap();
//! assert!(report.passed(), "{:?}", report.differences);
//! ```
//!
//! Other tools start from a scenario's position with [`load_2023`].

use crate::edition::{Edition, UnknownEdition};
use serde::{Deserialize, Serialize};
use std::path::Path;
use thiserror::Error;
use variant_2023::scenario::{Scenario, ScenarioFile, ScenarioScript, Summary};
use variant_2023::Race;

pub use variant_2023::scenario::Difference;

/// Exit code of the scenario runner for a file that cannot be read or run.
pub const EXIT_BAD_FILE: i32 = 2;
/// Exit code of the scenario runner when a run differs from its `expect`.
pub const EXIT_FAILED: i32 = 1;

/// A scenario file that cannot be read, set up or run.
#[derive(Debug, Error)]
pub enum ScenarioError {
    /// The file cannot be read.
    #[error("{path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// Not JSON, or JSON that does not fit the format (an unknown card or
    /// field, a number where a name belongs, ...).
    #[error("{path}: line {line}, column {column}: {message}")]
    Json {
        /// The file.
        path: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// No `edition` field.
    #[error("{path}: no \"edition\" field (write \"edition\": \"2023\")")]
    NoEdition {
        /// The file.
        path: String,
    },
    /// An `edition` that names no edition.
    #[error("{path}: {source}")]
    UnknownEdition {
        /// The file.
        path: String,
        /// The name.
        source: UnknownEdition,
    },
    /// An edition without scenarios.
    #[error("{path}: the {edition} edition has no scenarios yet (only 2023 has)")]
    Unsupported {
        /// The file.
        path: String,
        /// The edition.
        edition: Edition,
    },
    /// A 2023 scenario that cannot be set up or run.
    #[error("{path}: {source}")]
    V2023 {
        /// The file.
        path: String,
        /// What is wrong.
        source: variant_2023::scenario::ScenarioError,
    },
}

/// A scenario that ran, its result, and how it compares with its `expect`.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The file.
    pub file: String,
    /// The edition.
    pub edition: Edition,
    /// What the scenario checks.
    pub about: String,
    /// The file has an `expect` block.
    pub expects: bool,
    /// No difference from the expectation (and every scripted answer used).
    pub passed: bool,
    /// Each field that is not as expected.
    pub differences: Vec<Difference>,
    /// The state the run ended in, with the event log.
    pub result: Summary,
}

impl Report {
    /// No difference from the expectation.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.passed
    }

    /// The report as pretty JSON (lists of names and numbers on one
    /// line); `events: false` leaves the event log out.
    #[must_use]
    pub fn to_json(&self, events: bool) -> String {
        let text = if events {
            serde_json::to_string_pretty(self)
        } else {
            let mut quiet = self.clone();
            quiet.result.events.clear();
            serde_json::to_string_pretty(&quiet)
        };
        compact_lists(&text.unwrap_or_default())
    }
}

/// Pretty JSON with every list that holds no object written on one line.
fn compact_lists(pretty: &str) -> String {
    let mut lines: Vec<String> = pretty.lines().map(str::to_string).collect();
    loop {
        let mut changed = false;
        let mut out: Vec<String> = Vec::with_capacity(lines.len());
        let mut i = 0;
        while i < lines.len() {
            let line = &lines[i];
            if line.ends_with('[') {
                let mut j = i + 1;
                let mut items = Vec::new();
                while j < lines.len() {
                    let t = lines[j].trim();
                    if t == "]" || t == "]," {
                        break;
                    }
                    let simple = !t.starts_with('{')
                        && !t.ends_with('{')
                        && !t.ends_with('[')
                        && (!t.starts_with('[') || t.ends_with(']') || t.ends_with("],"));
                    if !simple {
                        break;
                    }
                    items.push(t.trim_end_matches(',').to_string());
                    j += 1;
                }
                if j < lines.len() && j > i + 1 && matches!(lines[j].trim(), "]" | "],") {
                    let close = lines[j].trim().trim_start_matches(']');
                    out.push(format!("{}{}]{close}", line, items.join(", ")));
                    i = j + 1;
                    changed = true;
                    continue;
                }
            }
            out.push(line.clone());
            i += 1;
        }
        lines = out;
        if !changed {
            break;
        }
    }
    let mut s = lines.join("\n");
    s.push('\n');
    s
}

fn json_error(path: &str, e: &serde_json::Error) -> ScenarioError {
    let message = e.to_string();
    // serde_json ends its message with " at line L column C"; say it once.
    let message = match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message,
    };
    ScenarioError::Json {
        path: path.to_string(),
        line: e.line(),
        column: e.column(),
        message,
    }
}

/// The edition a scenario text is written for.
fn edition_of(path: &str, text: &str) -> Result<Edition, ScenarioError> {
    #[derive(Deserialize)]
    struct Head {
        edition: Option<serde_json::Value>,
    }
    let head: Head = serde_json::from_str(text).map_err(|e| json_error(path, &e))?;
    let name = match head.edition {
        None => {
            return Err(ScenarioError::NoEdition {
                path: path.to_string(),
            })
        }
        Some(serde_json::Value::String(s)) => s,
        Some(other) => other.to_string(),
    };
    name.parse()
        .map_err(|source| ScenarioError::UnknownEdition {
            path: path.to_string(),
            source,
        })
}

/// Reads a 2023 scenario from its text; `path` names it in errors.
///
/// # Errors
/// A [`ScenarioError`] saying where and what is wrong.
pub fn parse_2023(path: &str, text: &str) -> Result<Scenario, ScenarioError> {
    match edition_of(path, text)? {
        Edition::V2023 => {}
        edition => {
            return Err(ScenarioError::Unsupported {
                path: path.to_string(),
                edition,
            })
        }
    }
    let file: ScenarioFile = serde_json::from_str(text).map_err(|e| json_error(path, &e))?;
    Scenario::new(&file).map_err(|source| ScenarioError::V2023 {
        path: path.to_string(),
        source,
    })
}

fn read(path: &Path) -> Result<(String, String), ScenarioError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| ScenarioError::Read {
        path: name.clone(),
        source,
    })?;
    Ok((name, text))
}

/// A 2023 scenario file as a starting position: the race set up as the
/// file says and run on to its first decision, and the file's script (how
/// far it runs, its answers, its expectation). For tools that play on
/// from a saved position (the race example, the terminal client).
///
/// # Errors
/// A [`ScenarioError`] saying where and what is wrong.
pub fn load_2023(path: impl AsRef<Path>) -> Result<(Race, ScenarioScript), ScenarioError> {
    let (name, text) = read(path.as_ref())?;
    let scenario = parse_2023(&name, &text)?;
    let race = scenario
        .race()
        .map_err(|source| ScenarioError::V2023 { path: name, source })?;
    Ok((race, scenario.script))
}

/// Runs a scenario given as text; `path` names it in the report and errors.
///
/// # Errors
/// A [`ScenarioError`] when the scenario cannot be read, set up or run (a
/// run that differs from its expectation is a [`Report`] that did not pass).
pub fn run_text(path: &str, text: &str) -> Result<Report, ScenarioError> {
    let scenario = parse_2023(path, text)?;
    let (result, differences) = scenario.check().map_err(|source| ScenarioError::V2023 {
        path: path.to_string(),
        source,
    })?;
    Ok(Report {
        file: path.to_string(),
        edition: Edition::V2023,
        about: scenario.script.about.clone(),
        expects: scenario.script.expect.is_some(),
        passed: differences.is_empty(),
        differences,
        result,
    })
}

/// Runs a scenario file.
///
/// # Errors
/// As [`run_text`].
pub fn run_file(path: impl AsRef<Path>) -> Result<Report, ScenarioError> {
    let (name, text) = read(path.as_ref())?;
    run_text(&name, &text)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"{
  "edition": "2023",
  "board": ["+---+---+---+", "| .   .   . |", "+---+---+---+"],
  "robots": [{"at": [0, 0], "facing": "E", "registers": ["Move 1"]}, {"at": [2, 0], "facing": "S"}],
  "run": {"registers": 1},
  "expect": {"robots": [{"position": [1, 0]}, {"position": [2, 0]}]}
}"#;

    fn err(text: &str) -> String {
        run_text("t.json", text).unwrap_err().to_string()
    }

    #[test]
    fn a_passing_scenario_reports_no_difference_and_json_with_events() {
        let r = run_text("t.json", GOOD).unwrap();
        assert!(r.passed() && r.expects);
        assert!(r.to_json(true).contains("\"events\""));
        assert!(!r.to_json(false).contains("\"events\""));
    }

    #[test]
    fn a_failing_scenario_says_what_differs() {
        let text = GOOD.replace("\"position\": [1, 0]", "\"position\": [2, 1]");
        let r = run_text("t.json", &text).unwrap();
        assert!(!r.passed());
        assert_eq!(
            r.differences[0].to_string(),
            "robot 0 position: expected [2,1], got [1,0]"
        );
    }

    #[test]
    fn bad_files_give_typed_errors_with_places() {
        let e = err("{\n  \"edition\": \"2023\",\n  \"robots\": [,]\n}");
        assert!(e.starts_with("t.json: line 3, column"), "{e}");
        let e = err(&GOOD.replace("\"Move 1\"", "\"Move 9\""));
        assert!(
            e.contains("robot 0 register 1: unknown card `Move 9`"),
            "{e}"
        );
        let e = err(&GOOD.replace("\"facing\": \"E\"", "\"facing\": \"up\""));
        assert!(
            e.contains("line 4") && e.contains("`up` is not a facing"),
            "{e}"
        );
        let e = err(&GOOD.replace("\"run\"", "\"rnu\""));
        assert!(e.contains("unknown field `rnu`"), "{e}");
        let e = err(&GOOD.replace("[2, 0], \"facing\": \"S\"", "[0, 0], \"facing\": \"S\""));
        assert!(
            e.contains("impossible position") && e.contains("robot 1 cannot stand on [0,0]"),
            "{e}"
        );
        let e = err(&GOOD.replace("\"2023\"", "\"chess\""));
        assert!(e.contains("unknown edition `chess`"), "{e}");
        let e = err(&GOOD.replace("\"2023\"", "\"classic\""));
        assert!(e.contains("no scenarios yet"), "{e}");
        let e = err(&GOOD.replace("\"edition\": \"2023\",", ""));
        assert!(e.contains("no \"edition\" field"), "{e}");
        assert!(matches!(
            run_file("/nonexistent/x.json"),
            Err(ScenarioError::Read { .. })
        ));
    }

    #[test]
    fn a_scenario_loads_as_a_starting_position() {
        use robo_core::Game;
        let dir = std::env::temp_dir().join(format!("roborally-scenario-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.json");
        std::fs::write(
            &path,
            GOOD.replace("\"registers\": [\"Move 1\"]", "\"hand\": [\"Move 1\"]")
                .replace(
                    "\"run\": {\"registers\": 1},",
                    "\"start\": \"programming\",",
                ),
        )
        .unwrap();
        let (race, script) = load_2023(&path).unwrap();
        assert!(race.pending().is_waiting_for(robo_core::PlayerId(0)));
        assert_eq!(script.run, variant_2023::scenario::RunLength::Round);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
