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
/// needs only this crate). `TF_SCENARIO=name` runs the files whose name
/// contains `name`.
#[test]
fn every_file_of_the_transformers_suite_passes() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../conformance/transformers");
    let only = std::env::var("TF_SCENARIO").unwrap_or_default();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| p.to_string_lossy().contains(&only))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no file matches `{only}`");
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let outcome = serde_json::from_str::<ScenarioFile>(&text)
            .map_err(|e| e.to_string())
            .and_then(|f| Scenario::new(&f).map_err(|e| e.to_string()))
            .and_then(|s| s.check().map_err(|e| e.to_string()));
        match outcome {
            Err(e) => failures.push(format!("{name}: {e}")),
            Ok((_, d)) => failures
                .extend(d.iter().map(|d| {
                    format!("{name}: {}: expected {}, got {}", d.what, d.expected, d.got)
                })),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} files failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn debug_one_file() {
    let Ok(name) = std::env::var("TF_DEBUG") else {
        return;
    };
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../conformance/transformers");
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    let f: ScenarioFile = serde_json::from_str(&text).unwrap();
    let (s, d) = Scenario::new(&f).unwrap().check().unwrap();
    for e in &s.events {
        println!("{e:?}");
    }
    println!("{:?}\n{d:?}", s.decisions);
}
