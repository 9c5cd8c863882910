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

#[test]
fn files_choose_setup_options_by_their_command_line_names() {
    let base = r#"{"edition": "classic", "board": ["+   +   +", "  .   . ", "+   +   +"],
        "options": OPTIONS, "robots": [{"at": [0, 0]}, {"at": [1, 0], "lives": 2}]}"#;
    let with = |options: &str| Scenario::new(&file(&base.replace("OPTIONS", options)));
    let s = with(r#"["extra-lives", "play-on", "on-the-clock", "turn-cap=3"]"#).unwrap();
    let p = &s.position;
    assert_eq!(
        (p.play_on, p.on_the_clock, p.max_rounds),
        (true, true, Some(3))
    );
    // Extra Lives is the default a robot's own `lives` overrides.
    let lives: Vec<u8> = p.robots.iter().map(|r| r.robot.lives).collect();
    assert_eq!(lives, [4, 2]);
    let race = s.race().unwrap();
    assert!(race.plays_on() && race.on_the_clock());
    let plain = with("[]").unwrap();
    assert!(!plain.position.play_on && !plain.position.on_the_clock);
    // Unknown names list the table; start and flag rules are the file's.
    let e = with(r#"["laser-tag"]"#).unwrap_err();
    assert!(e.0.contains("laser-tag") && e.0.contains("play-on"), "{e}");
    // Random flags stand in for the flags a file leaves out.
    let random = with(r#"["random-flags=2"]"#).unwrap();
    assert_eq!(random.position.course.checkpoints().len(), 2);
    // Drawn on the file's one row, never on the docking bay rows added
    // below it, whatever the seed.
    for seed in 0..20 {
        let seeded = base
            .replace("OPTIONS", r#"["random-flags=2"]"#)
            .replace("\"options\"", &format!("\"seed\": {seed}, \"options\""));
        let s = Scenario::new(&file(&seeded)).unwrap();
        let rows: Vec<i16> = s
            .position
            .course
            .checkpoints()
            .iter()
            .map(|p| p.y)
            .collect();
        assert_eq!(rows, [0, 0], "seed {seed}");
    }
    let flagged = &base.replace("\"options\"", "\"flags\": [[1, 0]], \"options\"");
    let given = Scenario::new(&file(&flagged.replace("OPTIONS", r#"["random-flags=2"]"#)));
    assert!(given.is_err(), "{given:?}");
    for own in [r#"["starting-gate"]"#, r#"["placed-flags=1,0"]"#] {
        let e = with(own).unwrap_err();
        assert!(
            e.0.contains("places the robots and flags itself"),
            "{own}: {e}"
        );
    }
}

#[test]
fn time_up_is_a_program_answer_of_the_last_programmer_on_the_clock() {
    let base = r#"{"edition": "classic", "board": ["+   +   +   +", "  .   .   . ", "+   +   +   +"],
        "options": ["on-the-clock"], "start": "programming", "run": {"registers": 1},
        "robots": [{"at": [2, 0], "facing": "S", "hand": ["Rotate Left", "Rotate Left", "Rotate Left", "Rotate Left", "Rotate Left"], "answers": A0},
                   {"at": [0, 0], "facing": "E", "hand": ["U-Turn", "Move 1", "U-Turn", "U-Turn", "U-Turn"], "answers": A1}],
        "expect": {"robots": [{}, {"position": [1, 0], "facing": "E"}]}}"#;
    let run = |a0: &str, a1: &str| {
        Scenario::new(&file(&base.replace("A0", a0).replace("A1", a1)))
            .unwrap()
            .check()
    };
    // The Move 1 named goes into register 1, time runs out, and the four
    // U-Turns left fill the other registers.
    let (summary, d) = run("[]", r#"["Move 1; time up"]"#).unwrap();
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(summary.robots[1].hand, 0, "{summary:?}");
    // Without the time up the hand in order would put a U-Turn first.
    let (_, d) = run("[]", "[]").unwrap();
    assert_eq!(d.len(), 2, "{d:?}");
    // A robot that is not the last one programming cannot be timed out.
    let e = run(r#"["time up"]"#, "[]").unwrap_err();
    assert!(e.to_string().contains("time up"), "{e}");
}

#[test]
fn option_packages_deal_at_the_start_and_option_count_checks_them() {
    let base = r#"{"edition": "classic", "board": ["+   +   +   +", "  .   .   . ", "+   +   +   +"],
        "options": OPTIONS, "run": {"registers": 1},
        "robots": [{"at": [0, 0], "facing": "W", "options": ["Brakes"]}, {"at": [2, 0], "facing": "E"}],
        "expect": {"robots": [{"option_count": 2}, {"option_count": 1}]}}"#;
    let check = |options: &str| {
        let s = Scenario::new(&file(&base.replace("OPTIONS", options))).unwrap();
        let (summary, d) = s.check().unwrap();
        (s.dealt, summary, d)
    };
    // One option each on top of what the file gives.
    let (dealt, summary, d) = check(r#"["standard-options"]"#);
    assert_eq!(dealt, 1);
    assert!(d.is_empty(), "{d:?}");
    assert!(summary.robots[0].options.contains(&"Brakes".to_string()));
    // Deluxe: three each, then one kept (the first, by default).
    let (dealt, summary, d) = check(r#"["deluxe-options"]"#);
    assert_eq!(dealt, 3);
    let what: Vec<_> = d
        .iter()
        .map(|d| (d.what.as_str(), d.got.as_str()))
        .collect();
    assert_eq!(what, [("robot 0 option count", "1")], "{summary:?}");
    // Without a package nothing is dealt, and the count says so.
    let (dealt, _, d) = check("[]");
    assert_eq!(dealt, 0);
    let got: Vec<_> = d.iter().map(|d| d.got.as_str()).collect();
    assert_eq!(got, ["1", "0"], "{d:?}");
}

#[test]
fn starting_gate_takes_robots_the_file_leaves_off_the_board() {
    let base = r#"{"edition": "classic", "board": ["+   +   +", "  .   . ", "+   +   +", " D1  D2  ", "+   +   +"],
        "flags": [[1, 0]], "options": ["starting-gate"], "start": START,
        "robots": [ROBOT0, {"hand": ["Move 1"], "answers": ["", "dock 1,1"]}],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [0, 1], "archive": [0, 1]}, {"position": [1, 0], "flags": 1}]}}"#;
    let make = |start: &str, robot0: &str| {
        Scenario::new(&file(
            &base.replace("START", start).replace("ROBOT0", robot0),
        ))
    };
    // Both wait at the gate, not destroyed; robot 1 (its Move 1 beats the
    // U-Turn's priority) docks first where it says, robot 0 takes the dock
    // left without being asked.
    let s = make(r#""programming""#, r#"{"hand": ["U-Turn"]}"#).unwrap();
    assert!(
        s.gate
            && s.position
                .robots
                .iter()
                .all(|r| !r.robot.destroyed && r.at.is_none())
    );
    let (_, d) = s.check().unwrap();
    assert!(d.is_empty(), "{d:?}");
    // A robot the file places, a later register, or a bad dock answer.
    let placed = make(r#""programming""#, r#"{"at": [0, 0]}"#).unwrap_err();
    assert!(placed.0.contains("places the robots"), "{placed}");
    let late = make(r#""register 2""#, r#"{"hand": ["U-Turn"]}"#).unwrap_err();
    assert!(late.0.contains("register 1 of turn 1"), "{late}");
    let bad = Scenario::new(&file(
        &base
            .replace("START", r#""programming""#)
            .replace("ROBOT0", r#"{"hand": ["U-Turn"]}"#)
            .replace("dock 1,1", "dock here"),
    ))
    .unwrap()
    .check()
    .unwrap_err();
    assert!(bad.0.contains("dock X,Y"), "{bad}");
}

/// Every file of `conformance/classic/` runs and ends as its `expect`
/// block says (the facade's `tests/conformance.rs` runs them too; this one
/// needs only this crate). `ROBORALLY_SCENARIO=name` runs the files whose
/// name contains `name`.
#[test]
fn every_file_of_the_classic_suite_passes() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../conformance/classic");
    robo_core::testing::assert_scenario_suite(&dir, |text| {
        let file: ScenarioFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let (_, d) = Scenario::new(&file)
            .and_then(|s| s.check())
            .map_err(|e| e.to_string())?;
        Ok(d.iter().map(ToString::to_string).collect())
    });
}
