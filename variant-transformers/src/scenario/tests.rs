//! Scenario runs of single rules (the conformance suite in
//! `conformance/transformers/` has more).

use super::*;

fn run(text: &str) -> (Summary, Vec<Difference>) {
    let file: ScenarioFile = serde_json::from_str(text).unwrap();
    Scenario::new(&file).unwrap().check().unwrap()
}

#[test]
fn a_robot_ending_a_register_on_its_last_checkpoint_wins() {
    let (s, d) = run(r#"{
      "edition": "transformers",
      "board": ["+---+---+---+---+", "| S   .   .   . |", "+---+---+---+---+"],
      "checkpoints": [[2, 0]],
      "robots": [{"at": [0, 0], "facing": "E", "registers": ["Move 2"]}, {"at": [3, 0], "facing": "N"}],
      "run": "end",
      "expect": {"over": true, "winner": 0}
    }"#);
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(s.register, 1);
}

#[test]
fn a_wrong_expectation_is_a_readable_difference() {
    let (_, d) = run(r#"{
      "edition": "transformers",
      "board": ["+---+---+---+---+", "| S   .   .   . |", "+---+---+---+---+"],
      "checkpoints": [[3, 0]],
      "robots": [{"at": [0, 0], "facing": "E", "registers": ["Move 1"]}, {"at": [3, 0], "facing": "N"}],
      "run": {"registers": 1},
      "expect": {"robots": [{"position": [2, 0]}]}
    }"#);
    assert_eq!(d.len(), 1);
    assert_eq!(
        format!(
            "{}: expected {}, got {}",
            d[0].what, d[0].expected, d[0].got
        ),
        "robot 0 position: expected [2,0], got [1,0]"
    );
}

#[test]
fn an_answer_that_does_not_fit_lists_the_options() {
    let file: ScenarioFile = serde_json::from_str(r#"{
      "edition": "transformers",
      "board": ["+---+---+---+---+", "| S  c>r  .   . |", "+---+---+---+---+"],
      "checkpoints": [[3, 0]],
      "robots": [{"at": [0, 0], "facing": "E", "registers": ["Move 2"], "answers": ["left"]}, {"at": [3, 0]}],
      "run": {"registers": 1}
    }"#).unwrap();
    let e = Scenario::new(&file)
        .unwrap()
        .check()
        .unwrap_err()
        .to_string();
    assert!(e.contains("\"turn\"") && e.contains("\"straight\""), "{e}");
}

/// Every file of `conformance/transformers/` runs and ends as its `expect`
/// block says (the facade's `tests/conformance.rs` runs them too; this one
/// needs only this crate). `ROBORALLY_SCENARIO=name` runs the files whose
/// name contains `name`.
#[test]
fn every_file_of_the_transformers_suite_passes() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../conformance/transformers");
    robo_core::testing::assert_scenario_suite(&dir, |text| {
        let file: ScenarioFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let (_, d) = Scenario::new(&file)
            .and_then(|s| s.check())
            .map_err(|e| e.to_string())?;
        Ok(d.iter().map(ToString::to_string).collect())
    });
}
