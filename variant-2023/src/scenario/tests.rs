//! Tests of scenario files: reading, setting up, answering, stopping,
//! comparing.

use super::*;
use crate::cards::{Card, Haywire};
use robo_core::geom::Pos;

fn scenario(json: &str) -> Result<Scenario, ScenarioError> {
    let file: ScenarioFile = serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}"));
    Scenario::new(&file)
}

fn run(json: &str) -> Summary {
    scenario(json).unwrap().run().unwrap()
}

const ROW: &str =
    r#""board": ["+---+---+---+---+---+", "  .   .   .   .   .  ", "+   +   +   +   +   +"]"#;

#[test]
fn a_board_without_start_spaces_gets_a_docking_bay_and_a_checkpoint_below_it() {
    let s = scenario(&format!(
        r#"{{"edition": "2023", {ROW}, "robots": [{{"at": [0, 0]}}, {{"at": [4, 0]}}, {{"at": [2, 0]}}]}}"#
    ))
    .unwrap();
    let course = &s.position.setup.course;
    // 1 row of board, a void row, then 3 starts and a checkpoint (5 wide: one row).
    assert_eq!(course.board().height(), 3);
    assert_eq!(course.starts().len(), 3);
    assert_eq!(course.checkpoints(), vec![Pos::new(3, 2)]);
    assert!(!course.board().contains(Pos::new(0, 1)));
    // Without a reboot token the board is the docking bay: robots reboot
    // on their archive token.
    assert_eq!(course.docking_bay(), robo_core::board::BoardId(0));
    assert_eq!(
        course.board().board_id(Pos::new(1, 2)),
        Some(course.docking_bay())
    );
}

#[test]
fn a_reboot_token_makes_the_board_a_factory_board() {
    let s = scenario(&format!(
        r#"{{"edition": "2023", {ROW}, "reboot": [{{"at": [2, 0], "dir": "E"}}], "checkpoints": [[4, 0]],
            "robots": [{{"at": [0, 0]}}, {{"at": [3, 0]}}]}}"#
    ))
    .unwrap();
    let course = &s.position.setup.course;
    assert_eq!(course.docking_bay(), robo_core::board::BoardId(1));
    assert_eq!(
        course.extras().reboot_tokens[0],
        Some((Pos::new(2, 0), robo_core::geom::Dir::E))
    );
    assert_eq!(course.checkpoints(), vec![Pos::new(4, 0)]);
    assert_eq!(course.board_names()[1], "docking bay");
}

#[test]
fn bad_fields_are_named() {
    let bad = |robots: &str| {
        scenario(&format!(
            r#"{{"edition": "2023", {ROW}, "robots": [{robots}]}}"#
        ))
        .unwrap_err()
        .to_string()
    };
    assert!(
        bad(r#"{"at": [0, 0], "registers": ["Move 1 + Move 9"]}, {"at": [1, 0]}"#)
            .starts_with("robot 0 register 1: unknown card `Move 9`")
    );
    assert!(bad(r#"{"at": [0, 0], "under": ["SPAM"]}, {"at": [1, 0]}"#)
        .contains("only a Haywire lies face down"));
    assert!(bad(r#"{}, {"at": [1, 0]}"#).starts_with("robot 0: give its cell"));
    assert!(
        bad(r#"{"at": [0, 0], "hand": ["Move 3 x2"]}, {"at": [1, 0]}"#)
            .contains("more Move 3 cards than there are")
    );
    assert!(bad(r#"{"at": [0, 0]}, {"at": [9, 0]}"#).contains("robot 1 cannot stand on [9,0]"));
    let e = scenario(&format!(
        r#"{{"edition": "2023", {ROW}, "start": "register 6", "robots": [{{"at": [0, 0]}}, {{"at": [1, 0]}}]}}"#
    ))
    .unwrap_err();
    assert!(e.to_string().starts_with("start: `register 6`"), "{e}");
    let e = scenario(
        r#"{"edition": "2023", "course": "Nowhere", "robots": [{"at": [0, 0]}, {"at": [1, 0]}]}"#,
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("no board or course is named `Nowhere`"),
        "{e}"
    );
    // A misspelt optional rule is refused, not silently off.
    let e = serde_json::from_str::<ScenarioFile>(&format!(
        r#"{{"edition": "2023", {ROW}, "options": {{"less_deady": true}}, "robots": [{{"at": [0, 0]}}, {{"at": [1, 0]}}]}}"#
    ))
    .unwrap_err();
    assert!(e.to_string().contains("unknown field `less_deady`"), "{e}");
}

#[test]
fn a_run_stops_after_the_registers_asked_for_and_answers_are_matched_by_words() {
    let two = format!(
        r#"{{"edition": "2023", {ROW}, "run": {{"registers": 2}},
            "robots": [{{"at": [0, 0], "facing": "E", "installed": ["Brakes"],
                         "registers": ["Move 1", "Move 1", "Move 1"], "answers": ["no brake", "BRAKE"]}},
                       {{"at": [4, 0], "facing": "S"}}]}}"#
    );
    let s = run(&two);
    assert_eq!(s.register, 2);
    assert_eq!(s.robots[0].position, Some(names::Xy(Pos::new(1, 0))));
    assert_eq!(s.decisions.len(), 2, "{:?}", s.decisions);
    assert!(s.decisions[1].contains("brake (scripted)"));
    // With the answers run out, the default declines: the third Move 1 moves.
    let round = two.replace(r#""run": {"registers": 2},"#, "");
    let s = run(&round);
    assert_eq!(s.robots[0].position, Some(names::Xy(Pos::new(2, 0))));
    assert!(
        s.decisions[2].ends_with("no brake (default)"),
        "{:?}",
        s.decisions
    );
    // An answer that is not an option says what the options are.
    let e = scenario(&two.replace("BRAKE", "stop"))
        .unwrap()
        .run()
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("robot 0, answer 2 (\"stop\")") && e.contains("\"brake\""),
        "{e}"
    );
}

#[test]
fn removed_cards_and_cards_listed_nowhere_in_the_discard_pile() {
    let s = run(&format!(
        r#"{{"edition": "2023", {ROW}, "run": {{"registers": 0}}, "damage_rest": "discard",
            "damage_removed": ["SPAM x3"],
            "robots": [{{"at": [0, 0], "rest": "discard", "removed": ["Again"], "hand": ["Move 2"]}},
                       {{"at": [4, 0]}}]}}"#
    ));
    assert_eq!(s.robots[0].deck, 0);
    assert_eq!(s.robots[0].discard, 18);
    assert_eq!(s.robots[1].deck, 20);
    assert_eq!(s.damage_deck, 0);
    assert_eq!(s.damage_discard, 37);
    assert_eq!(s.removed.len(), 4);
    assert!(s.removed.contains(&names::CardName(Card::Again)));
}

#[test]
fn expectations_compare_only_what_they_name() {
    let s = run(&format!(
        r#"{{"edition": "2023", {ROW}, "start": "register 2", "run": {{"registers": 1}},
            "robots": [{{"at": [0, 0], "facing": "E", "under": [null, "Haywire: Move 3, U-turn"]}}, {{"rebooting": true}}]}}"#
    ));
    let e: Expect = serde_json::from_str(
        r#"{"robots": [{"facing": "E", "under": [null, "MoveThreeUTurn"]}, {"position": null, "rebooting": true}]}"#,
    )
    .unwrap();
    assert_eq!(e.differences(&s), vec![]);
    let e: Expect = serde_json::from_str(
        r#"{"winner": null, "robots": [{"position": null, "under": ["Haywire: Move 3, U-turn"]}]}"#,
    )
    .unwrap();
    let d: Vec<String> = e.differences(&s).iter().map(ToString::to_string).collect();
    assert_eq!(
        d,
        vec![
            "robot 0 position: expected null, got [0,0]".to_string(),
            "robot 0 under register 1: expected Haywire: Move 3, U-turn, got null".to_string(),
        ]
    );
    assert!(serde_json::from_str::<Expect>(r#"{"robots": [{"postion": [1, 1]}]}"#).is_err());
    assert_eq!(
        s.robots[0].under[1],
        Some(names::CardName(Card::Haywire(Haywire::MoveThreeUTurn)))
    );
}

#[test]
fn again_after_the_start_register_repeats_the_card_before_it() {
    let s = run(&format!(
        r#"{{"edition": "2023", {ROW}, "start": "register 2", "run": {{"registers": 1}},
            "robots": [{{"at": [0, 0], "facing": "E", "registers": ["Move 2", "Again"]}}, {{"at": [4, 0], "facing": "S"}}]}}"#
    ));
    assert_eq!(s.robots[0].position, Some(names::Xy(Pos::new(2, 0))));
}

#[test]
fn an_again_in_register_1_with_nothing_else_to_draw_does_not_replace_itself() {
    use crate::position::{Position, RobotSpec, StartAt};
    use crate::testkit::simple_course;
    use robo_core::geom::Dir;
    let mut a = RobotSpec::at(Pos::new(0, 5), Dir::N);
    a.registers[0] = vec![Card::Again];
    // Every other card of the deck in hand: deck and discard pile are empty.
    a.hand = crate::cards::PROGRAMMING_DECK
        .iter()
        .copied()
        .filter(|c| *c != Card::Again)
        .collect();
    let b = RobotSpec::at(Pos::new(5, 5), Dir::N);
    let mut pos = Position::new(crate::Setup::new(simple_course(), 2), vec![a, b]);
    pos.start = StartAt::Register(1);
    // Before the fix this never returned: the Again was reshuffled and drawn back.
    let (race, _) = crate::Race::start_at(pos).unwrap();
    let pl = race.player(robo_core::PlayerId(0)).unwrap();
    assert_eq!(
        race.robot(robo_core::PlayerId(0)),
        Some((Pos::new(0, 5), Dir::N))
    );
    assert!(pl.registers().iter().all(|r| r.cards.is_empty()));
    assert_eq!(pl.deck().draw_len() + pl.deck().discard_len(), 1);
}

/// Every file of `conformance/2023/` runs and ends as its `expect` block
/// says (the facade's `tests/conformance.rs` runs them too; this one needs
/// only this crate). `ROBORALLY_SCENARIO=name` runs the files whose name
/// contains `name`.
#[test]
fn every_file_of_the_2023_suite_passes() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../conformance/2023");
    robo_core::testing::assert_scenario_suite(&dir, |text| {
        let file: ScenarioFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let (_, d) = Scenario::new(&file)
            .and_then(|s| s.check())
            .map_err(|e| e.to_string())?;
        Ok(d.iter().map(ToString::to_string).collect())
    });
}
