//! Scenario files: an exact position of a game, how far to run it, the
//! answers to the choices it asks for, and what it should end with.
//!
//! A scenario is a JSON file whose `edition` field picks the edition that
//! reads it, through the editions list: an edition with scenario files
//! implements [`ScenarioEdition`] in one file of this folder (2023 in
//! `scenario/v2023.rs`, over its format in `variant-2023/src/scenario/`)
//! and points its [`crate::editions::Playable::scenarios`]
//! at [`ScenarioFns::of`]. The 2023 format is described, with examples, in
//! `docs/scenario-format.md`; the conformance suites in
//! `conformance/<edition>/` are written in it, and
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
//! assert_eq!(report.result["robots"][0]["energy"], 4);
//! ```
//!
//! Other tools start from a scenario's position with [`load_any`] (or
//! [`load`] for one edition's own game type).

mod classic;
mod json;
mod transformers;
mod v2023;

use json::{compact_lists, json_error};
pub use robo_core::race::scenario::Difference;
pub use v2023::{load_2023, parse_2023};

use crate::editions::{Playable, Visit};
use crate::{AnyGame, Edition, UnknownEdition};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::path::Path;
use thiserror::Error;

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
    #[error("{path}: the {edition} edition has no scenarios yet (editions with scenarios: {})",
        crate::editions::names(Edition::ALL.into_iter().filter(|e| e.has_scenarios())))]
    Unsupported {
        /// The file.
        path: String,
        /// The edition.
        edition: Edition,
    },
    /// A scenario of another edition than the one asked for.
    #[error("{path}: a scenario of the {found} edition, not of {wanted}")]
    WrongEdition {
        /// The file.
        path: String,
        /// The file's edition.
        found: Edition,
        /// The edition asked for.
        wanted: Edition,
    },
    /// A scenario that cannot be set up or run, in its edition's words.
    #[error("{path}: {source}")]
    Invalid {
        /// The file.
        path: String,
        /// What is wrong.
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

impl ScenarioError {
    /// An edition's own error about the file at `path`.
    pub fn invalid(path: &str, source: impl std::error::Error + Send + Sync + 'static) -> Self {
        ScenarioError::Invalid {
            path: path.to_string(),
            source: Box::new(source),
        }
    }
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
    /// The state the run ended in, with the event log, in the edition's
    /// own shape.
    pub result: serde_json::Value,
    /// `result` as pretty JSON in the edition's field order, with and
    /// without the event log.
    #[serde(skip)]
    pretty: [String; 2],
}

impl Report {
    /// No difference from the expectation.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.passed
    }

    /// The report as pretty JSON (lists of names and numbers on one
    /// line, the result's fields in the edition's order); `events: false`
    /// leaves the event log out.
    #[must_use]
    pub fn to_json(&self, events: bool) -> String {
        #[derive(Serialize)]
        struct Head<'a> {
            file: &'a str,
            edition: Edition,
            about: &'a str,
            expects: bool,
            passed: bool,
            differences: &'a [Difference],
            result: (),
        }
        let head = Head {
            file: &self.file,
            edition: self.edition,
            about: &self.about,
            expects: self.expects,
            passed: self.passed,
            differences: &self.differences,
            result: (),
        };
        let head = serde_json::to_string_pretty(&head).unwrap_or_default();
        // The result goes where the head left `null`, one level deeper.
        let result = self.pretty[usize::from(events)].replace('\n', "\n  ");
        let text = match head.rsplit_once("\"result\": null") {
            Some((before, after)) => format!("{before}\"result\": {result}{after}"),
            None => head,
        };
        compact_lists(&text)
    }
}

/// Reads a scenario file's JSON into the edition's file type; `path`
/// names it in errors (with line and column).
///
/// # Errors
/// [`ScenarioError::Json`] saying where and what is wrong.
pub fn parse_json<T: DeserializeOwned>(path: &str, text: &str) -> Result<T, ScenarioError> {
    serde_json::from_str(text).map_err(|e| json_error(path, &e))
}

/// The edition a scenario text is written for.
///
/// # Errors
/// The text is not JSON, has no `edition` field, or names no edition.
pub fn edition_of(path: &str, text: &str) -> Result<Edition, ScenarioError> {
    #[derive(Deserialize)]
    struct Head {
        edition: Option<serde_json::Value>,
    }
    let head: Head = parse_json(path, text)?;
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

/// An edition's scenario files: how to read one, start its game, and run
/// it against its expectation. 2023 implements it in `scenario/v2023.rs`.
pub trait ScenarioEdition: Playable {
    /// A scenario read and checked, ready to run.
    type Scenario;
    /// The state a run ends in (serialised as the report's `result`).
    type Summary: Serialize;

    /// Reads a scenario from its text (the `edition` field is already
    /// known to be this edition's); `path` names it in errors.
    ///
    /// # Errors
    /// A [`ScenarioError`] saying where and what is wrong.
    fn parse(path: &str, text: &str) -> Result<Self::Scenario, ScenarioError>;

    /// What the scenario checks, in one line.
    fn about(scenario: &Self::Scenario) -> String;

    /// The scenario has an `expect` block.
    fn expects(scenario: &Self::Scenario) -> bool;

    /// The game set up as the file says and run on to its first decision.
    ///
    /// # Errors
    /// A position that cannot be set up.
    fn start(path: &str, scenario: &Self::Scenario) -> Result<Self, ScenarioError>;

    /// Runs the scenario as far as it says, answering from its script;
    /// the state it ends in and how that differs from `expect`.
    ///
    /// # Errors
    /// A scenario that cannot be set up or run.
    fn check(
        path: &str,
        scenario: &Self::Scenario,
    ) -> Result<(Self::Summary, Vec<Difference>), ScenarioError>;

    /// Leaves the event log out of a summary.
    fn quiet(summary: &mut Self::Summary);
}

/// An edition's scenario runner, as its
/// [`crate::editions::Playable::scenarios`] gives it.
#[derive(Clone, Copy, Debug)]
pub struct ScenarioFns {
    run: fn(&str, &str) -> Result<Report, ScenarioError>,
    load: fn(&str, &str) -> Result<AnyGame, ScenarioError>,
}

impl ScenarioFns {
    /// The runner of an edition with scenario files.
    #[must_use]
    pub fn of<G: ScenarioEdition>() -> Self {
        ScenarioFns {
            run: run_edition::<G>,
            load: |path, text| {
                let scenario = G::parse(path, text)?;
                G::start(path, &scenario).map(G::into_any)
            },
        }
    }
}

fn run_edition<G: ScenarioEdition>(path: &str, text: &str) -> Result<Report, ScenarioError> {
    let scenario = G::parse(path, text)?;
    let (mut summary, differences) = G::check(path, &scenario)?;
    let rendered = |s: &G::Summary| serde_json::to_string_pretty(s).unwrap_or_default();
    let loud = rendered(&summary);
    let result = serde_json::to_value(&summary).unwrap_or_default();
    G::quiet(&mut summary);
    Ok(Report {
        file: path.to_string(),
        edition: G::EDITION,
        about: G::about(&scenario),
        expects: G::expects(&scenario),
        passed: differences.is_empty(),
        differences,
        result,
        pretty: [rendered(&summary), loud],
    })
}

/// The runner of a scenario text's edition.
fn runner(path: &str, text: &str) -> Result<ScenarioFns, ScenarioError> {
    struct Fns;
    impl Visit for Fns {
        type Out = Option<ScenarioFns>;
        fn visit<G: Playable>(self) -> Self::Out {
            G::scenarios()
        }
    }
    let edition = edition_of(path, text)?;
    edition
        .visit(Fns)
        .flatten()
        .ok_or_else(|| ScenarioError::Unsupported {
            path: path.to_string(),
            edition,
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

/// A scenario file as a starting position of its edition: the game set up
/// as the file says and run on to its first decision. For tools that play
/// on from a saved position (the race example, the terminal client).
///
/// # Errors
/// A [`ScenarioError`] saying where and what is wrong.
pub fn load_any(path: impl AsRef<Path>) -> Result<AnyGame, ScenarioError> {
    let (name, text) = read(path.as_ref())?;
    load_text(&name, &text)
}

/// As [`load_any`], for a scenario given as text; `path` names it in
/// errors.
///
/// ```
/// let text = r#"{"edition": "classic", "board": ["+   +   +", "  .   . ", "+   +   +"],
///                "robots": [{"at": [0, 0]}, {"at": [1, 0]}], "start": "programming"}"#;
/// let game = roborally::scenario::load_text("two.json", text).unwrap();
/// assert_eq!(game.edition(), roborally::Edition::Classic);
/// assert!(roborally::scenario::load_text("bad.json", "{}").is_err());
/// ```
///
/// # Errors
/// As [`load_any`], but for reading a file.
pub fn load_text(path: &str, text: &str) -> Result<AnyGame, ScenarioError> {
    (runner(path, text)?.load)(path, text)
}

/// As [`load_any`], for a file that must be of the edition of `G`.
///
/// # Errors
/// As [`load_any`], and [`ScenarioError::WrongEdition`].
pub fn load<G: Playable>(path: impl AsRef<Path>) -> Result<G, ScenarioError> {
    let path = path.as_ref();
    let game = load_any(path)?;
    G::take_any(game).map_err(|other| ScenarioError::WrongEdition {
        path: path.display().to_string(),
        found: other.edition(),
        wanted: G::EDITION,
    })
}

/// Runs a scenario given as text; `path` names it in the report and errors.
///
/// # Errors
/// A [`ScenarioError`] when the scenario cannot be read, set up or run (a
/// run that differs from its expectation is a [`Report`] that did not pass).
pub fn run_text(path: &str, text: &str) -> Result<Report, ScenarioError> {
    (runner(path, text)?.run)(path, text)
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
mod tests;
