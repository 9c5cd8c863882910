//! 2023 scenario files, read with the format of `variant-2023/src/scenario/`.

use super::{parse_json, Difference, ScenarioEdition, ScenarioError};
use crate::editions::InAny;
use crate::Edition;
use std::path::Path;
use variant_2023::scenario::{Scenario, ScenarioFile, ScenarioScript, Summary};
use variant_2023::Race;

impl ScenarioEdition for Race {
    type Scenario = Scenario;
    type Summary = Summary;

    fn parse(path: &str, text: &str) -> Result<Scenario, ScenarioError> {
        let file: ScenarioFile = parse_json(path, text)?;
        Scenario::new(&file).map_err(|e| ScenarioError::invalid(path, e))
    }

    fn about(scenario: &Scenario) -> String {
        scenario.script.about.clone()
    }

    fn expects(scenario: &Scenario) -> bool {
        scenario.script.expect.is_some()
    }

    fn start(path: &str, scenario: &Scenario) -> Result<Race, ScenarioError> {
        scenario.race().map_err(|e| ScenarioError::invalid(path, e))
    }

    fn check(path: &str, scenario: &Scenario) -> Result<(Summary, Vec<Difference>), ScenarioError> {
        scenario
            .check()
            .map_err(|e| ScenarioError::invalid(path, e))
    }

    fn quiet(summary: &mut Summary) {
        summary.events.clear();
    }
}

/// Reads a 2023 scenario from its text; `path` names it in errors.
///
/// # Errors
/// A [`ScenarioError`] saying where and what is wrong (a file of another
/// edition included).
pub fn parse_2023(path: &str, text: &str) -> Result<Scenario, ScenarioError> {
    match super::edition_of(path, text)? {
        Edition::V2023 => Race::parse(path, text),
        found => Err(ScenarioError::WrongEdition {
            path: path.to_string(),
            found,
            wanted: Race::EDITION,
        }),
    }
}

/// A 2023 scenario file as a starting position, with the file's script
/// (how far it runs, its answers, its expectation).
///
/// # Errors
/// A [`ScenarioError`] saying where and what is wrong.
pub fn load_2023(path: impl AsRef<Path>) -> Result<(Race, ScenarioScript), ScenarioError> {
    let (name, text) = super::read(path.as_ref())?;
    let scenario = parse_2023(&name, &text)?;
    let race = Race::start(&name, &scenario)?;
    Ok((race, scenario.script))
}
