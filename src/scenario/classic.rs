//! Classic scenario files, read with the format of
//! `variant-classic/src/scenario/`.

use super::{parse_json, Difference, ScenarioEdition, ScenarioError};
use variant_classic::scenario::{Scenario, ScenarioFile, Summary};
use variant_classic::Race;

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
        let mut race = scenario
            .race()
            .map_err(|e| ScenarioError::invalid(path, e))?;
        race.run_on();
        Ok(race)
    }

    fn check(path: &str, scenario: &Scenario) -> Result<(Summary, Vec<Difference>), ScenarioError> {
        let (summary, differences) = scenario
            .check()
            .map_err(|e| ScenarioError::invalid(path, e))?;
        Ok((summary, differences))
    }

    fn quiet(summary: &mut Summary) {
        summary.events.clear();
    }
}
