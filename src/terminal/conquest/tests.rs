use crate::terminal::{play, Config, Finish};
use crate::Edition;

fn config(seed: u64) -> Config {
    Config {
        edition: Edition::Conquest,
        players: 3,
        seat: 1,
        seed,
        bots: "greedy".into(),
        echo: true,
        ..Config::default()
    }
}

fn run(config: &Config, script: &str) -> (Finish, String) {
    let mut out = Vec::new();
    let finish = play(config, script.as_bytes(), &mut out).unwrap();
    (finish, String::from_utf8(out).unwrap())
}

#[test]
fn a_person_plays_conquest_in_words_to_the_end() {
    let script = "help\nmap\n0\nrandom\n".to_string() + &"random\n".repeat(6000);
    let html = std::env::temp_dir().join(format!("roborally-conquest-{}.html", std::process::id()));
    let c = Config {
        html: Some(html.clone()),
        ..config(3)
    };
    let (finish, text) = run(&c, &script);
    // The replay of the game played, on the map, attack by attack.
    let page = std::fs::read_to_string(&html).unwrap();
    std::fs::remove_file(&html).unwrap();
    assert!(
        page.contains("\"attack\":["),
        "the attacks are in the replay"
    );
    assert!(page.contains("P1 Megatron (person)"));
    assert!(text.contains(&format!("Replay written to {}", html.display())));
    assert!(text.starts_with("Transformers conquest on Cybertron: 3 players, you play P1"));
    assert!(text.contains("How to answer:"));
    assert!(text.contains("Iacon (+3"), "the map by sector");
    assert!(text.contains("P1 Megatron (robot mode, you)"));
    assert!(
        text.contains("Not accepted: `0` is not an answer here"),
        "{text}"
    );
    // Every phase asked in words.
    for asked in [
        "Setup: claim an empty zone",
        "Setup: put one of your robots on a zone you hold (",
        "place phase: you have ",
        "morph phase: transform Megatron",
        "attack phase: attack a neighbouring enemy zone",
        "How do you defend?",
        "backup phase: ",
    ] {
        assert!(text.contains(asked), "never asked: {asked}");
    }
    // The battles told with the dice and who lost what, zones by name.
    assert!(text.contains("dice: "), "no battle");
    assert!(text.contains(" loses "));
    assert!(!text.contains(" Z1"), "a zone id instead of its name");
    assert!(
        matches!(finish, Finish::Won { .. } | Finish::Shared { .. }),
        "{finish:?}"
    );
    let end = text.lines().rev().nth(1).unwrap_or_default();
    assert!(end.contains(" zones: "), "{end}");
}

#[test]
fn a_person_attacks_captures_moves_in_and_draws_a_card() {
    // Optimus Prime (seat 0) against a random bot, always taking the first
    // answer: claims, places, attacks with one robot at a time, moves in
    // what it must, and draws upgrade cards for its captures.
    let c = Config {
        players: 2,
        seat: 0,
        bots: "random".into(),
        ..config(3)
    };
    let (finish, text) = run(&c, &"1\n".repeat(3000));
    assert!(!matches!(finish, Finish::InputEnded { .. }), "{finish:?}");
    for asked in [
        "Attack from which of your zones?",
        "With how many robots? (one die each; one robot stays behind)",
        "  1. 1 robot (1 die)",
        "Optimus Prime (you) attacks Megatron's ",
        "dice: Optimus Prime (you) ",
        "Optimus Prime (you) captures ",
        "How many robots move into ",
        "Optimus Prime (you) moves 1 robot into ",
        "backup phase: ",
        "Move to which zone?",
        "morph phase: transform Optimus Prime (now in robot mode)",
    ] {
        assert!(text.contains(asked), "never told: {asked}");
    }
    // The person's card drawn is named with its effect; the bot's is not.
    let drawn = text
        .lines()
        .find(|l| l.starts_with("  Optimus Prime (you) draws "))
        .expect("a card drawn for a capture");
    assert!(
        drawn.ends_with(") for capturing a zone") && drawn.contains(" ("),
        "{drawn}"
    );
    assert!(text.contains("  Megatron draws a card for capturing a zone"));
    assert!(
        text.contains("Your cards: Transwarp ("),
        "the hand in words"
    );
}

#[test]
fn zones_are_answered_by_name_and_placements_repeat() {
    // Two players, the person Optimus Prime (seat 0): claims by name, a
    // wrong name refused, then the start of a name and a question asked
    // again with `back`.
    let c = Config {
        players: 2,
        seat: 0,
        ..config(5)
    };
    let script =
        "Northern Spires\nNowhere\nback\nhall of r\n".to_string() + &"random\n".repeat(3000);
    let (_, text) = run(&c, &script);
    assert!(
        text.contains("Optimus Prime (you) claims Northern Spires"),
        "{text}"
    );
    assert!(text.contains("Not accepted: `Nowhere` is not an answer here"));
    assert!(text.contains("Optimus Prime (you) claims Hall of Records"));
}

#[test]
fn quitting_and_the_end_of_input_leave_the_game() {
    let (finish, text) = run(&config(1), "quit\n");
    assert_eq!(finish, Finish::Quit { round: 0 });
    assert!(text.ends_with("You leave the game in round 0.\n"), "{text}");
    let (finish, _) = run(&config(1), "");
    assert_eq!(finish, Finish::InputEnded { round: 0 });
}

#[test]
fn a_course_or_an_unknown_bot_is_refused() {
    let course = Config {
        course: Some("Milk Run".into()),
        ..config(1)
    };
    let e = play(&course, "".as_bytes(), Vec::new()).unwrap_err();
    assert_eq!(e.to_string(), "conquest has no course");
    let planner = Config {
        bots: "planner".into(),
        ..config(1)
    };
    let e = play(&planner, "".as_bytes(), Vec::new()).unwrap_err();
    assert!(e.to_string().contains("greedy, random"), "{e}");
}

#[test]
fn a_saved_game_resumes_and_a_zone_takes_all_its_robots_at_once() {
    use crate::terminal::save::SaveFile;
    use robo_core::{Game, Pending, PlayerId, Policy};
    use variant_conquest::bots::GreedyBot;
    use variant_conquest::{Conquest, Decision, Setup};
    // Bots play both seats up to P0's first placement of a turn.
    let start = Conquest::new(Setup::for_players(2), 7).unwrap();
    let mut game = start.clone();
    let mut bots = [GreedyBot::new(1), GreedyBot::new(2)];
    let mut actions = Vec::new();
    let robots = loop {
        match game.pending() {
            Pending::Decision {
                player: PlayerId(0),
                decision: Decision::Place { robots },
            } => break robots,
            Pending::Decision { player, .. } => {
                let a = bots[player.index()].choose(&game, player).unwrap();
                game.apply(player, a).unwrap();
                actions.push((player, a));
            }
            other => panic!("{other:?}"),
        }
    };
    assert!(robots >= 3, "{robots}");
    let zone = game.players()[0].held.iter().next().unwrap();
    let name = game.map().zone_name(zone).to_string();
    let dir = std::env::temp_dir().join(format!("roborally-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("conquest.json");
    let save = SaveFile::<Conquest> {
        edition: "conquest".into(),
        seats: vec![0],
        bots: "greedy".into(),
        seed: 7,
        start,
        actions: actions.clone(),
    };
    std::fs::write(&path, serde_json::to_string(&save).unwrap()).unwrap();
    let c = Config {
        load: Some(path.clone()),
        ..config(1)
    };
    let script = format!(
        "{name} x{robots}\nsave {}\nquit\n",
        dir.join("again.json").display()
    );
    let (finish, text) = run(&c, &script);
    assert!(matches!(finish, Finish::Quit { .. }), "{finish:?}");
    assert!(text.contains(&format!(
        "Resumed from the save ({} actions replayed).",
        actions.len()
    )));
    let placed = format!("Optimus Prime (you) places a robot on {name}");
    assert_eq!(text.matches(&placed).count(), usize::from(robots), "{text}");
    // The new save holds the old actions and the new ones.
    let again: SaveFile<Conquest> =
        serde_json::from_str(&std::fs::read_to_string(dir.join("again.json")).unwrap()).unwrap();
    assert_eq!(again.actions.len(), actions.len() + usize::from(robots));
    assert_eq!(&again.actions[..actions.len()], &actions[..]);
    // A damaged save is refused with the reason.
    let mut bad = save;
    bad.actions.swap(0, 1);
    std::fs::write(&path, serde_json::to_string(&bad).unwrap()).unwrap();
    let e = play(&c, "".as_bytes(), Vec::new()).unwrap_err();
    assert!(e.to_string().contains("is refused"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_repeated_placement_waits_for_the_bots_turns_in_between() {
    // In setup the players place one robot each in turn: `x3` (given at
    // the sector question, Iacon, before the zone is named) places three
    // on Hall of Records, one per turn, with the bot's placements told in
    // between and no question asked meanwhile.
    let c = Config {
        players: 2,
        seat: 0,
        ..config(5)
    };
    // Twenty claims each (the person's first by name), then placements.
    let script = "hall of r\n".to_string()
        + &"random\n".repeat(19)
        + "1 x3\nhall of r\n"
        + &"random x2\n".repeat(3000);
    let (_, text) = run(&c, &script);
    assert!(!text.contains("Not accepted"), "{text}");
    let placed = "  Optimus Prime (you) places a robot on Hall of Records\n";
    let at = text.find(placed).expect("a placement on Hall of Records");
    let rest = &text[at..];
    let after_answer = rest.split("choice>").next().unwrap_or("");
    assert_eq!(after_answer.matches(placed).count(), 3, "{after_answer}");
    assert!(
        after_answer.contains("Megatron places a robot on"),
        "{after_answer}"
    );
}
