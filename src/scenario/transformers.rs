//! Transformers scenario files, read with the format of
//! `variant-transformers/src/scenario/`.

use super::{parse_json, Difference, ScenarioEdition, ScenarioError};
use variant_transformers::scenario::{Scenario, ScenarioFile, Summary};
use variant_transformers::Race;

impl ScenarioEdition for Race {
    type Scenario = Scenario;
    type Summary = Summary;

    fn parse(path: &str, text: &str) -> Result<Scenario, ScenarioError> {
        let file: ScenarioFile = parse_json(path, text)?;
        Scenario::new(&file).map_err(|e| ScenarioError::invalid(path, e))
    }

    fn about(scenario: &Scenario) -> String {
        scenario.file.about.clone()
    }

    fn expects(scenario: &Scenario) -> bool {
        scenario.file.expect.is_some()
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
