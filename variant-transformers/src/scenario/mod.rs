//! Scenarios: a Transformers race set up exactly, run a number of
//! registers, a round or to the end, with the choices it asks answered
//! from a script, and the state it ends in compared with what is
//! expected. The format is in `docs/scenario-format.md` (section
//! "Transformers"); the facade crate reads the files.
//!
//! ```
//! use variant_transformers::scenario::{Scenario, ScenarioFile};
//! let text = r#"{
//!   "edition": "transformers",
//!   "about": "an alt-mode Move 1 on a road facing its arrow moves two spaces",
//!   "board": ["+---+---+---+---+", "| S  r>   .   . |", "+---+---+---+---+"],
//!   "checkpoints": [[3, 0]],
//!   "robots": [{"at": [1, 0], "facing": "E", "registers": ["Move 1"]}, {"at": [0, 0]}],
//!   "run": {"registers": 1},
//!   "expect": {"robots": [{"position": [3, 0]}, {}]}
//! }"#;
//! let file: ScenarioFile = serde_json::from_str(text).unwrap();
//! let scenario = Scenario::new(&file).unwrap();
//! let (summary, differences) = scenario.check().unwrap();
//! assert!(differences.is_empty(), "{differences:?}");
//! assert_eq!(summary.robots[0].checkpoint, 1);
//! ```

mod build;
pub mod file;
mod run;
pub mod summary;
#[cfg(test)]
mod tests;

pub use file::ScenarioFile;
pub use robo_core::race::scenario::Difference;
pub use run::{option_text, RunLength, MAX_DECISIONS, STEP_NAMES};
pub use summary::{compare, RobotSummary, Summary};

use crate::race::Race;
use thiserror::Error;

/// The expect block's `refused` entries (`[{"robot": 0, "answer": "bridge
/// 4,0", "reason": "not one of the options"}]`) checked where the run left
/// `race`: at its next decision each answer must be refused, leaving the
/// race as it was.
fn refusals_at(race: &Race, refused: serde_json::Value) -> Result<Vec<Difference>, ScenarioError> {
    use robo_core::race::scenario::{refusals, Differences, Refusal};
    let refused: Vec<Refusal<serde_json::Value>> = serde_json::from_value(refused)
        .map_err(|e| ScenarioError(format!("expect refused: {e}")))?;
    let mut d = Differences::new();
    refusals(
        race,
        &refused,
        robo_core::agenda::advance,
        |r, p, a| {
            run::named(r, p, a)
                .map(|x| vec![x])
                .map_err(|e| e.to_string())
        },
        &mut d,
    );
    Ok(d.into_vec())
}

/// A scenario that cannot be set up or run.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct ScenarioError(pub String);

impl ScenarioError {
    pub(crate) fn new(message: String) -> Self {
        ScenarioError(message)
    }
}

/// A scenario ready to run: its file, checked.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// The file.
    pub file: ScenarioFile,
}

impl Scenario {
    /// Checks a file (the position can be built, the run length read).
    ///
    /// # Errors
    /// What is wrong with the file.
    pub fn new(file: &ScenarioFile) -> Result<Scenario, ScenarioError> {
        if build::key(&file.edition) != "transformers" {
            return Err(ScenarioError(format!(
                "edition `{}`: \"transformers\"",
                file.edition
            )));
        }
        run::run_length(file.run.as_ref())?;
        build::build(file)?;
        Ok(Scenario { file: file.clone() })
    }

    /// The race at the scenario's position, before anything runs.
    ///
    /// # Errors
    /// What is wrong with the position.
    pub fn position(&self) -> Result<Race, ScenarioError> {
        build::build(&self.file)
    }

    /// The race at the scenario's position, run on to its first decision.
    ///
    /// # Errors
    /// What is wrong with the position.
    pub fn race(&self) -> Result<Race, ScenarioError> {
        let mut race = self.position()?;
        robo_core::agenda::advance(&mut race);
        race.core.scratch.events.clear();
        Ok(race)
    }

    /// Runs the scenario: the summary and how it differs from `expect`.
    ///
    /// # Errors
    /// A position that cannot be built, an answer that does not fit, an
    /// `expect` field the result does not have.
    pub fn check(&self) -> Result<(Summary, Vec<Difference>), ScenarioError> {
        let mut race = self.position()?;
        let trace = run::run(&mut race, &self.file)?;
        let summary = Summary::of(&race, trace);
        let mut differences = Vec::new();
        if let Some(expect) = &self.file.expect {
            let mut expect = expect.clone();
            let refused = expect.as_object_mut().and_then(|o| o.remove("refused"));
            let got = serde_json::to_value(&summary).map_err(|e| ScenarioError(e.to_string()))?;
            compare("", &expect, &got, &mut differences).map_err(ScenarioError)?;
            if let Some(refused) = refused {
                differences.extend(refusals_at(&race, refused)?);
            }
        }
        for u in &summary.unused_answers {
            differences.push(Difference {
                what: "unused answer".into(),
                expected: "asked".into(),
                got: u.clone(),
            });
        }
        Ok((summary, differences))
    }
}
