//! Tests of scenario files through the facade: reports, errors, loading.

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
    // The result keeps the edition's field order, one level in.
    let json = r.to_json(false);
    assert!(
        json.contains("  \"result\": {\n    \"round\": 1,\n    \"phase\": "),
        "{json}"
    );
    let back: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(back["result"], {
        let mut v = r.result.clone();
        v.as_object_mut().unwrap().remove("events");
        v
    });
    assert_eq!(back["file"], "t.json");
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
    // The edition field picks the reader: a 2023 file read as Transformers
    // lacks what a Transformers board needs.
    let e = err(&GOOD.replace("\"2023\"", "\"transformers\""));
    assert!(e.contains("checkpoints"), "{e}");
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
    let any = load_any(&path).unwrap();
    assert_eq!(any, crate::AnyGame::V2023(Box::new(race.clone())));
    assert_eq!(load::<variant_2023::Race>(&path).unwrap(), race);
    let e = load::<variant_conquest::Conquest>(&path)
        .unwrap_err()
        .to_string();
    assert!(
        e.ends_with("a scenario of the 2023 edition, not of conquest"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
