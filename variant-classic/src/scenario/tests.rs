use super::*;

fn file(text: &str) -> ScenarioFile {
    serde_json::from_str(text).unwrap()
}

#[test]
fn bad_files_are_refused_with_a_reason() {
    let base = r#"{"edition": "classic", "board": ["+   +   +", "  .   . ", "+   +   +"],
        "robots": [{"at": [0, 0]}, {"at": [1, 0]}]}"#;
    assert!(Scenario::new(&file(base)).is_ok());
    let e = Scenario::new(&file(&base.replace("[1, 0]", "[0, 0]")))
        .unwrap()
        .race()
        .unwrap_err();
    assert!(e.0.contains("shares"), "{e}");
    let e = Scenario::new(&file(&base.replace(
        "{\"at\": [1, 0]}",
        "{\"at\": [1, 0], \"registers\": [\"Move 9\"]}",
    )))
    .unwrap_err();
    assert!(e.0.contains("no card"), "{e}");
    let e = Scenario::new(&file(&base.replace(
        "{\"at\": [1, 0]}",
        "{\"registers\": [\"Move 1 490\", \"Move 1 490\"]}",
    )))
    .unwrap_err();
    assert!(e.0.contains("twice"), "{e}");
}

#[test]
fn a_wrong_expectation_is_a_readable_difference() {
    let f = file(
        r#"{"edition": "classic", "board": ["+   +   +   +", "  .   .   . ", "+   +   +   +"],
        "robots": [{"at": [0, 0], "facing": "E", "registers": ["Move 1"]}, {"at": [2, 0], "facing": "W"}],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [0, 0], "damage": 0}]}}"#,
    );
    let (_, d) = Scenario::new(&f).unwrap().check().unwrap();
    assert_eq!(d.len(), 2, "{d:?}");
    assert_eq!(
        (
            d[0].what.as_str(),
            d[0].expected.as_str(),
            d[0].got.as_str()
        ),
        ("robot 0 position", "[0,0]", "[1,0]")
    );
    assert_eq!(d[1].what, "robot 0 damage");
}
