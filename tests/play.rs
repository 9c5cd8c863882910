//! The terminal client driven by scripts, as a pipe would drive
//! `examples/play.rs`.

use robo_core::protocol::Policy;
use robo_core::testing::playouts;
use robo_core::PlayerId;
use roborally::terminal::{play, play_with, Config, Finish, TerminalError};
use variant_2023::{Action, Race};

fn run(config: &Config, script: &str) -> (Finish, String) {
    let mut out = Vec::new();
    let finish = play(config, script.as_bytes(), &mut out).expect("the client runs");
    (
        finish,
        String::from_utf8(out).expect("the client writes UTF-8"),
    )
}

fn milk_run(seed: u64, max_rounds: Option<u16>) -> Config {
    Config {
        course: Some("Milk Run".into()),
        seed,
        max_rounds,
        echo: true,
        ..Config::default()
    }
}

/// The scripted opening: bad lines mixed with good ones, each bad line
/// with the reason the client is expected to give.
const OPENING: &[(&str, Option<&str>)] = &[
    ("# a comment line is skipped", None),
    ("9", Some("`9` is not an option; type a number from 1 to 6")),
    ("left", Some("`left` is not an option")),
    ("start (4,12)", None),
    ("done", None),
    ("1 2 3 4", Some("type 5 entries, one per open register")),
    (
        "3 1 4 1 5",
        Some("hand card 1 (Move 1) is used twice: each card goes in one place only"),
    ),
    ("1 2 3 4 x", Some("`x` is not a hand card number")),
    (
        "12 1 2 3 4",
        Some("there is no hand card 12: your hand has cards 1 to 9"),
    ),
    (
        "1 h 3 4 5",
        Some("`h` marks a register holding a face-down Haywire"),
    ),
    ("1+ 2 3 4 5", Some("`1+` is not a Crab Legs pair")),
    ("|", Some("type 5 entries")),
    (
        "99999999999999999999999 1 2 3 4",
        Some("`99999999999999999999999` is not a hand card number"),
    ),
    ("1 2 3 4 5 | 6", Some("that needs Memory Cards installed")),
    (
        "o9",
        Some("`o9` is not one of the other answers (o1 to o1)"),
    ),
    ("1 2 3 4 5", None),
];

fn opening_script(then_random: usize) -> String {
    let mut s: String = OPENING.iter().map(|(l, _)| format!("{l}\n")).collect();
    for _ in 0..then_random {
        s.push_str("random\n");
    }
    s
}

#[test]
fn a_scripted_race_reprompts_every_bad_line_and_stops_at_the_round_cap() {
    let config = milk_run(4, Some(8));
    let (finish, text) = run(&config, &opening_script(600));
    // Every bad line was refused with its reason and asked again; no good
    // line was refused.
    for (line, why) in OPENING {
        if let Some(why) = why {
            let refusal = format!("{line}\nNot accepted: {why}");
            assert!(text.contains(&refusal), "missing reprompt for `{line}`");
        }
    }
    let bad = OPENING.iter().filter(|(_, w)| w.is_some()).count();
    assert_eq!(text.matches("Not accepted:").count(), bad, "{text}");
    // The good lines did what they say.
    assert!(text.contains("P0 starts at (4,12)"));
    assert!(text.contains("Your program: 1:"));
    // The race ends with its own final line.
    let last = text.lines().last().unwrap_or_default();
    assert_eq!(finish, Finish::RoundCap { rounds: 8 }, "{text}");
    assert_eq!(
        last,
        "Nobody wins: the round cap ended the race after 8 rounds."
    );
    assert!(text.contains("the race is over: nobody wins"));
    // Same seed, same script: same game, line for line.
    let (again, text2) = run(&config, &opening_script(600));
    assert_eq!((again, text2), (finish, text));
}

/// A race steered by hand on Milk Run, seed 27: the person reads each hand
/// and programs a way to the checkpoint (north up column 1, east along
/// row 7, onto the belt of row 6, north to the belt of row 3 that carries
/// the robot onto checkpoint 1), with a few mistakes on the way.
const STEERED: &str = "\
# round 1: a start space, by number or by its short form
0
start (1,12)
done
4 7 3 9
4 7 3 7 2
4 7 3 9 x
4 7 3 9 2
# round 2
done
1 4 7 2 9 | 3
o2
1 4 7 2 9
# round 3
done
2 1 4 5 6
";

#[test]
fn a_race_steered_by_hand_is_won_on_the_third_round() {
    let (finish, text) = run(&milk_run(27, None), STEERED);
    assert_eq!(
        finish,
        Finish::Won {
            winner: PlayerId(0),
            rounds: 3
        }
    );
    let reprompts = [
        "0\nNot accepted: `0` is not an option; type a number from 1 to 6. Try again.",
        "4 7 3 9\nNot accepted: type 5 entries, one per open register. Try again.",
        "4 7 3 7 2\nNot accepted: hand card 7 (Move 2) is used twice: each card goes in \
         one place only (another Move 2 is hand card 9). Try again.",
        "4 7 3 9 x\nNot accepted: `x` is not a hand card number",
        "1 4 7 2 9 | 3\nNot accepted: that needs Memory Cards installed. Try again.",
        "o2\nNot accepted: `o2` is not one of the other answers (o1 to o1). Try again.",
    ];
    for r in reprompts {
        assert!(text.contains(r), "missing: {r}");
    }
    assert_eq!(text.matches("Not accepted").count(), reprompts.len());
    // the plan, as the events tell it
    for line in [
        "Your program: 1:Move 3  2:Move 2  3:Rotate Right  4:Move 2  5:Move 1",
        "  P0 moves (3,7) -> (4,7)",
        "  P0 moves (4,6) -> (5,6) (belt)",
        "  P0 moves (5,3) -> (6,3) (belt)",
        "  P0 reaches checkpoint 1",
        "  the race is over: P0 wins",
    ] {
        assert!(text.contains(line), "missing: {line}");
    }
    assert!(text.ends_with("P0 (you) wins the race after 3 rounds.\n"));
    // the last board shows the winner on the checkpoint's cell
    let row3 = text
        .lines()
        .rfind(|l| l.starts_with(" 3 "))
        .unwrap_or_default();
    assert_eq!(row3.find("*0^"), Some(3 + 1 + 4 * 6), "{row3}");
}

#[test]
fn memory_swap_asks_for_the_cards_to_put_back_in_hand_order() {
    // Castle Tour, seed 240, seat 1: the person buys and installs Memory
    // Swap and uses it while programming.
    let config = Config {
        course: Some("Castle Tour".into()),
        players: 4,
        seat: 1,
        seed: 240,
        max_rounds: Some(2),
        bots: "random".into(),
        echo: true,
        ..Config::default()
    };
    let script = "1\nrandom\nrandom\nrandom\nrandom\no1\n13\n7\n1\n1\n1 2 3 4 5\n";
    let (_, text) = run(&config, script);
    assert!(text.contains("o1. use Memory Swap: Draw 3, then put 3 back on top in any order."));
    assert!(text.contains("P1 uses Memory Swap"));
    assert!(text.contains(
        "Memory Swap: put 3 more cards back on top of your deck:\n  \
         1. put Move 2 (hand card 1) back on top of your deck\n"
    ));
    assert!(text.contains("  12. put Rotate Right (hand card 12) back on top of your deck\n"));
    assert!(text.contains("13\nNot accepted: `13` is not an option; type a number from 1 to 12."));
    assert!(text.contains("Memory Swap: put 1 more card back on top of your deck:"));
    // then the program, from the nine cards left
    let after = text
        .rfind("put 1 more card back")
        .map(|i| &text[i..])
        .unwrap_or_default();
    assert!(after.contains("Your program: 1:"), "{after}");
}

#[test]
fn the_board_shows_the_robots_and_checkpoints_and_the_hand_is_numbered() {
    let (_, text) = run(&milk_run(4, Some(1)), "start (4,12)\ndone\n");
    assert!(text.contains("<1>"), "the checkpoint is drawn");
    assert!(text.contains("R> "), "the reboot token is drawn");
    // your robot, starred, facing north on (4,12)
    let row12 = text
        .lines()
        .find(|l| l.starts_with("12 ") && l.contains("*0^"))
        .expect("row 12 shows your robot");
    assert_eq!(row12.find("*0^"), Some(3 + 1 + 4 * 4));
    assert!(text.contains("Hand:  1 "));
    assert!(text.contains("   9 "), "a hand of nine numbered cards");
    assert!(text.contains("Type 5 hand numbers, one per open register"));
}

#[test]
fn other_robots_hidden_cards_are_never_shown() {
    // Stop at the first programming prompt: the bot has programmed, and
    // nothing of its program may show.
    let (_, text) = run(&milk_run(9, None), "1\ndone\n");
    assert!(text.contains("P1 has programmed"));
    let prompt = text
        .find("Round 1: program your registers.")
        .expect("reached programming");
    let before = &text[..prompt];
    let after = &text[prompt..];
    assert!(!before.contains("P1 reveals"));
    let p1 = after
        .lines()
        .find(|l| l.starts_with("P1:"))
        .expect("P1's status line");
    assert!(!p1.contains("face up"), "{p1}");
    // The bot's hand appears only as a count.
    assert!(before.contains("P1 has 9 cards in hand"));
    assert_eq!(after.matches("Hand:").count(), 1, "only your own hand");
}

#[test]
fn end_of_input_at_any_line_ends_the_session_cleanly() {
    let config = milk_run(4, Some(3));
    let script = opening_script(40);
    let lines: Vec<&str> = script.lines().collect();
    for k in 0..=lines.len() {
        let part: String = lines[..k].iter().map(|l| format!("{l}\n")).collect();
        let mut out = Vec::new();
        let finish = play(&config, part.as_bytes(), &mut out).expect("no error at end of input");
        let text = String::from_utf8(out).expect("UTF-8");
        match finish {
            Finish::InputEnded { round } => {
                let last = text.lines().last().unwrap_or_default();
                assert_eq!(
                    last,
                    format!("Input ended in round {round}: leaving the race.")
                );
            }
            Finish::Won { .. } | Finish::RoundCap { .. } => {}
            other => panic!("unexpected {other:?} after {k} lines"),
        }
    }
}

#[test]
fn quit_leaves_and_help_and_board_do_not_answer() {
    let (finish, text) = run(&milk_run(2, None), "help\nboard\n2\ndone\nhelp\nquit\n");
    assert_eq!(finish, Finish::Quit { round: 1 });
    assert!(text.contains("How to answer:"));
    assert!(text.contains("`3+7` puts a Crab Legs pair"));
    assert!(text.ends_with("You leave the race in round 1.\n"));
    assert_eq!(text.matches("Not accepted").count(), 0);
}

#[test]
fn random_answers_play_whole_races_on_several_courses() {
    for seed in 0..u64::from(playouts(4)) {
        for (course, players) in [("Milk Run", 3), ("Castle Tour", 4)] {
            let config = Config {
                course: Some(course.into()),
                players,
                seat: (seed % u64::from(players)) as u8,
                seed,
                max_rounds: Some(6),
                bots: "random".into(),
                echo: false,
                ..Config::default()
            };
            let (finish, text) = run(&config, &"random\n".repeat(3000));
            assert!(
                matches!(finish, Finish::Won { .. } | Finish::RoundCap { .. }),
                "seed {seed} on {course}: {finish:?}"
            );
            assert_eq!(text.matches("Not accepted").count(), 0);
        }
    }
}

#[test]
fn bots_are_a_parameter() {
    /// A bot that gives up at once.
    struct Quitter;
    impl Policy<Race> for Quitter {
        fn choose(&mut self, _: &Race, _: PlayerId) -> Option<Action> {
            None
        }
    }
    let config = Config {
        seat: 1,
        ..milk_run(1, None)
    };
    let mut made = Vec::new();
    let mut out = Vec::new();
    let finish = play_with(
        &config,
        |seat| {
            made.push(seat);
            Ok(Box::new(Quitter) as Box<dyn Policy<Race>>)
        },
        "".as_bytes(),
        &mut out,
    )
    .unwrap();
    assert_eq!(made, vec![PlayerId(0)]);
    assert_eq!(finish, Finish::Resigned(PlayerId(0)));
}

#[test]
fn impossible_setups_are_errors_not_panics() {
    let bad_seat = Config {
        seat: 2,
        ..Config::default()
    };
    assert!(matches!(
        play(&bad_seat, "".as_bytes(), Vec::new()),
        Err(TerminalError::Seat {
            seat: 2,
            players: 2
        })
    ));
    let bad_course = Config {
        course: Some("Nowhere".into()),
        ..Config::default()
    };
    assert!(matches!(
        play(&bad_course, "".as_bytes(), Vec::new()),
        Err(TerminalError::Course(_))
    ));
    let too_many = Config {
        players: 9,
        ..Config::default()
    };
    assert!(matches!(
        play(&too_many, "".as_bytes(), Vec::new()),
        Err(TerminalError::Setup(_))
    ));
}

#[test]
fn planner_bots_sit_at_the_table_and_a_scenario_file_is_a_starting_position() {
    let config = Config {
        bots: "planner".into(),
        max_rounds: Some(2),
        scenario: Some("conformance/2023/61-built-in-course.json".into()),
        seat: 1,
        ..Config::default()
    };
    let (finish, text) = run(&config, "random\nrandom\nrandom\nrandom\nrandom\nrandom\n");
    // The file's robots: P1 (the person) starts on (6,11) facing N.
    assert!(text.contains("P1 (you): at (6,11) facing N"), "{text}");
    assert!(text.contains("planner bots"), "{text}");
    assert!(
        matches!(finish, Finish::Won { .. } | Finish::RoundCap { .. }),
        "{finish:?}"
    );
    let missing = Config {
        scenario: Some("conformance/2023/no-such-file.json".into()),
        ..Config::default()
    };
    let err = play(&missing, "".as_bytes(), Vec::new()).unwrap_err();
    assert!(matches!(err, TerminalError::Scenario(_)), "{err}");
    let wrong_seat = Config { seat: 5, ..config };
    assert!(matches!(
        play(&wrong_seat, "".as_bytes(), Vec::new()),
        Err(TerminalError::Seat { players: 2, .. })
    ));
}

/// A scratch folder for one test's files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("roborally-play-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

#[test]
fn a_race_is_saved_at_a_prompt_resumed_and_replayed_in_html() {
    let dir = scratch("save");
    let save = dir.join("race.json");
    let html = dir.join("race.html");
    // Round 1 by hand, then `save` at the next prompt, then leave.
    let script = format!(
        "start (4,12)\ndone\n1 2 3 4 5\nsave {}\nquit\n",
        save.display()
    );
    let (finish, text) = run(&milk_run(4, Some(6)), &script);
    assert!(matches!(finish, Finish::Quit { .. }), "{finish:?}");
    assert!(text.contains(&format!(
        "Saved to {}: resume with `--load {}`",
        save.display(),
        save.display()
    )));
    let board_at_save = text
        .rsplit("Saved to")
        .nth(1)
        .and_then(|before| before.rsplit("Energy ").next())
        .unwrap_or_default()
        .to_string();
    // Resumed: the same position, then played to the round cap, with a
    // replay of the whole race (the rounds before the save too).
    let resumed = Config {
        load: Some(save.clone()),
        html: Some(html.clone()),
        echo: true,
        ..Config::default()
    };
    let (finish, text) = run(&resumed, &"random\n".repeat(200));
    assert_eq!(finish, Finish::RoundCap { rounds: 6 }, "{text}");
    assert!(
        text.starts_with("Robo Rally 2023 on Milk Run: 2 robots, you play P0, random bots, seed 4")
    );
    assert!(text.contains("Resumed from the save ("));
    assert!(
        text.contains(&board_at_save[..board_at_save.len().min(60)]),
        "{board_at_save}"
    );
    assert!(text.contains(&format!("Replay written to {} (", html.display())));
    let page = std::fs::read_to_string(&html).expect("the replay");
    assert!(page.starts_with("<!doctype html>"));
    assert_eq!(
        page.matches("\"register\":5").count(),
        6,
        "six rounds of five registers"
    );
    // A damaged save is refused with the reason, and nothing is played.
    std::fs::write(
        &save,
        "{\"edition\":\"2023\",\"seats\":[0],\"bots\":\"random\",\"seed\":1}",
    )
    .unwrap();
    let e = play(&resumed, "".as_bytes(), Vec::new()).unwrap_err();
    assert!(matches!(e, TerminalError::Load(_)), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hot_seat_people_share_the_keyboard_and_the_screen_is_cleared_between_them() {
    let config = Config {
        players: 3,
        seats: vec![0, 2],
        ..milk_run(6, Some(1))
    };
    // P0 chooses a start, hands over to P2 (Enter), who chooses; the
    // upgrade phase and the programs come the same way.
    let script =
        "1\n\n1\n\ndone\n\ndone\n\n1 2 3 4 5\n\n1 2 3 4 5\n".to_string() + &"random\n\n".repeat(40);
    let (finish, text) = run(&config, &script);
    assert_eq!(finish, Finish::RoundCap { rounds: 1 }, "{text}");
    assert!(
        text.contains(
            ": 3 robots, P0 and P2 play at this keyboard in turn (hot seat), random bots"
        ),
        "{text}"
    );
    assert!(text.contains("P2, your turn at the keyboard (everyone else, look away). Press Enter."));
    // Each person's program prompt shows one hand, and the screen is
    // cleared between one person's hand and the next one's.
    let p0 = text.find("Round 1: program your registers.").unwrap();
    let p2 = text[p0 + 1..]
        .find("Round 1: program your registers.")
        .unwrap()
        + p0
        + 1;
    let between = &text[p0..p2];
    assert!(
        between.contains(roborally::terminal::CLEAR_SCREEN),
        "no clear between the two hands"
    );
    assert!(between.contains("P0 (you)"));
    assert!(text[p2..].contains("P2 (you)"));
}

#[test]
fn the_transcript_tells_a_move_in_one_line_and_drops_repeats() {
    let (_, text) = run(&milk_run(5, Some(4)), &"random\n".repeat(300));
    let lines: Vec<&str> = text.lines().collect();
    for pair in lines.windows(2) {
        if pair[0].starts_with("  ") && !pair[0].trim().is_empty() {
            assert_ne!(pair[0], pair[1], "a line repeated");
        }
    }
    assert!(
        !text.contains(" is put at "),
        "a start or reboot told twice"
    );
    assert!(!text.contains("fires its main laser"));
    // a step-by-step move of one card is one line
    for pair in lines.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if let (Some(a), Some(b)) = (a.split(" moves ").nth(1), b.split(" moves ").nth(1)) {
            let a_to = a.split(" -> ").nth(1).unwrap_or_default();
            let b_from = b.split(" -> ").next().unwrap_or_default();
            assert!(
                pair[0][..4] != pair[1][..4]
                    || a_to != b_from
                    || a.contains('(')
                    || b.contains('('),
                "one move in two lines:\n{}\n{}",
                pair[0],
                pair[1]
            );
        }
    }
}

#[test]
fn falls_into_pits_are_told_and_robots_say_what_they_stand_on() {
    let mut pit = None;
    for seed in 1..60 {
        let (_, text) = run(&milk_run(seed, Some(5)), &"random\n".repeat(400));
        if text.contains("falls into a pit") {
            pit = Some(text);
            break;
        }
    }
    let text = pit.expect("some seed drops a robot into a pit");
    assert!(text.contains(" falls into a pit and will reboot"));
    // Robots on the docking bay stand on start spaces: the status lines say so.
    assert!(
        text.contains("facing N, on a start space"),
        "status lines name what is under a robot"
    );
}

#[test]
fn a_course_wider_than_the_terminal_is_drawn_compact() {
    let config = Config {
        course: Some("Ride the Lightning".into()),
        columns: 80,
        ..milk_run(2, Some(1))
    };
    let (_, text) = run(&config, "1\n");
    assert!(
        text.contains("(compact board, 2 characters a cell"),
        "{text}"
    );
    assert!(text.contains("#1"), "its checkpoints");
    let wide = Config {
        columns: 0,
        ..config
    };
    let (_, text) = run(&wide, "1\n");
    assert!(!text.contains("(compact board, 2"));
    assert!(text.contains("<1>"));
}
