//! Tests of the race driver: seeded races finish, log one line per round,
//! and keep a replay with a frame for every register.

use super::*;
use crate::editions::V2023_DEFAULT_COURSE as DEFAULT_COURSE;
use variant_2023::courses;

fn options(players: u8, seed: u64, policy: &str) -> RaceOptions {
    RaceOptions {
        players,
        seed,
        policies: vec![policy.to_string(); usize::from(players)],
        ..RaceOptions::default()
    }
}

fn run(o: &RaceOptions) -> (RaceSummary, String) {
    let mut log = Vec::new();
    let s = run_race(o, &mut log).unwrap();
    (s, String::from_utf8(log).unwrap())
}

#[test]
fn a_seeded_race_of_planners_finishes_with_one_line_per_round() {
    let (s, log) = run(&options(4, 7, "planner"));
    assert!(s.winner().is_some(), "{log}");
    let rounds: Vec<&str> = log.lines().filter(|l| l.starts_with("round")).collect();
    assert_eq!(rounds.len(), usize::from(s.rounds), "{log}");
    for (i, l) in rounds.iter().enumerate() {
        assert!(l.starts_with(&format!("round {:>3} |", i + 1)), "{l}");
    }
    // The winner reached the last checkpoint in the last round.
    let w = s.winner().unwrap();
    let course = courses::course(DEFAULT_COURSE).unwrap();
    let last = course.checkpoints().len();
    assert!(last >= 3, "the default course has several checkpoints");
    assert!(s.rounds > 2, "a demo race lasts more than two rounds");
    assert!(
        rounds
            .last()
            .unwrap()
            .contains(&format!("{w} checkpoint {last}")),
        "{log}"
    );
    // The course is printed once, with four robots on it.
    let board_lines = log.lines().filter(|l| l.starts_with("   +")).count();
    // The legend follows the course, complete, as the terminal shows it.
    assert!(log.contains(crate::terminal::LEGEND));
    for glyph in ["one-way wall", "belt curve", "beams", "checkpoints"] {
        assert!(log.contains(glyph), "the legend explains {glyph}");
    }
    assert_eq!(board_lines, course.board().height() + 1);
    for seat in 0..4 {
        assert!(
            log.contains(&format!(" {seat}{}", course.start_facing().arrow())),
            "robot {seat} drawn facing the course's start facing"
        );
    }
}

#[test]
fn the_same_options_give_the_same_race() {
    let o = options(3, 11, "random");
    let (a, log_a) = run(&o);
    let (b, log_b) = run(&o);
    assert_eq!(a, b);
    assert_eq!(log_a, log_b);
}

#[test]
fn the_replay_has_a_frame_per_register_and_its_events() {
    let (s, _) = run(&options(2, 3, "planner"));
    let doc = s.replay.as_ref().unwrap();
    assert_eq!(register_frames(doc).count() as u32, s.registers);
    assert_eq!(doc.frames[0].register, 0, "the starting grid comes first");
    assert!(doc.frames[0].robots.iter().all(|r| r.pos.is_some()));
    // Registers count 1..=5 within each round.
    for f in register_frames(doc) {
        assert!((1..=5).contains(&f.register));
    }
    let last = doc.frames.last().unwrap();
    let w = s.winner().unwrap();
    assert_eq!(last.robots[w.index()].note, "winner");
    let cps = courses::course(DEFAULT_COURSE).unwrap().checkpoints().len();
    assert_eq!(last.robots[w.index()].checkpoints as usize, cps);
    assert!(last
        .events
        .iter()
        .any(|e| e.contains(&format!("reaches checkpoint {cps}"))));
    assert!(register_frames(doc).all(|f| f.events.iter().any(|e| e.contains("reveals"))));
    // Each register's lines come in the order things happened: the cards
    // are revealed before any robot moves, and every revealed card is
    // shown beside its robot.
    for f in register_frames(doc) {
        let first_reveal = f.events.iter().position(|e| e.contains("reveals"));
        let first_move = f.events.iter().position(|e| e.contains(" moves "));
        if let (Some(r), Some(m)) = (first_reveal, first_move) {
            assert!(r < m, "{:?}", f.events);
        }
        for (i, r) in f.robots.iter().enumerate() {
            if let Some(card) = &r.card {
                let line = format!("P{i} reveals {card} in register {}", f.register);
                assert!(f.events.contains(&line), "{line}: {:?}", f.events);
            }
        }
        assert!(f.robots.iter().any(|r| r.card.is_some()));
    }
    // A step by step move is one line, and the move summary lines are gone.
    assert!(!doc
        .frames
        .iter()
        .flat_map(|f| &f.events)
        .any(|e| e.contains('→')));
    let html = doc.to_html();
    assert!(html.contains("\"kind\":\"checkpoint\""));
    assert!(html.contains("\"kind\":\"reboot\""));
    assert_eq!(
        html.matches("\"register\":").count(),
        doc.frames.len(),
        "every frame is in the page"
    );
}

#[test]
fn shots_are_kept_with_the_frame_of_their_register() {
    let (s, _) = run(&options(4, 7, "planner"));
    let doc = s.replay.as_ref().unwrap();
    let with_shots: Vec<&Frame> = doc.frames.iter().filter(|f| !f.shots.is_empty()).collect();
    assert!(
        !with_shots.is_empty(),
        "planners shoot each other on Rush Hour"
    );
    for f in &with_shots {
        let told = f
            .events
            .iter()
            .filter(|e| e.contains(" shoots ") || e.contains("board laser at"))
            .count();
        assert_eq!(told, f.shots.len(), "a line for every shot: {:?}", f.events);
        for shot in &f.shots {
            // The target stands where the line ends when it is shot.
            assert_ne!(shot.from, shot.to);
        }
    }
    let html = doc.to_html();
    assert!(html.contains("\"shots\":[{\"from\""));
}

#[test]
fn the_replay_agrees_with_the_game_at_every_action_end() {
    // Random bots fall, reboot and take damage: the followed robots must
    // match the game wherever the record is set straight.
    let o = RaceOptions {
        max_rounds: 6,
        ..options(4, 5, "random")
    };
    let (s, log) = run(&o);
    assert_eq!(s.winners, [], "{log}");
    assert_eq!(s.rounds, 6);
    assert_eq!(s.registers, 30);
    assert!(log.contains("fell") || log.contains("damage"), "{log}");
    let frames = &s.replay.as_ref().unwrap().frames;
    // Last frames of each round are synced with the game: a robot is on
    // the board exactly when it is not rebooting.
    for f in frames.iter().filter(|f| f.register == 5) {
        for r in &f.robots {
            assert_eq!(
                r.pos.is_none(),
                r.note == "rebooting" || r.note == "fell",
                "{f:?}"
            );
        }
    }
}

#[test]
fn verbose_prints_the_board_after_every_register() {
    let o = RaceOptions {
        verbose: true,
        max_rounds: 2,
        ..options(2, 1, "random")
    };
    let (s, log) = run(&o);
    let boards = log.lines().filter(|l| l.starts_with("after round")).count();
    assert_eq!(boards as u32, s.registers);
}

#[test]
fn unknown_courses_are_refused_with_the_names() {
    let o = RaceOptions {
        course: Some("Nowhere".into()),
        ..RaceOptions::default()
    };
    let err = run_race(&o, &mut Vec::new()).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("Nowhere") && msg.contains("Milk Run"), "{msg}");
}

#[test]
fn classic_seats_eight_and_the_other_grid_editions_refuse_them_by_type() {
    let mut o = options(8, 2, "random");
    o.max_rounds = 1;
    for edition in [Edition::V2023, Edition::Transformers] {
        o.edition = edition;
        let e = run_race(&o, &mut Vec::new()).unwrap_err();
        assert!(
            matches!(
                e,
                RaceError::TooManySeats {
                    players: 8,
                    max: 6,
                    ..
                }
            ),
            "{edition}: {e}"
        );
    }
    o.edition = Edition::Classic;
    let (s, log) = run(&o);
    assert_eq!(s.rounds, 1);
    assert!(log.contains("8 players"), "{log}");
}

#[test]
fn policies_must_match_the_seats() {
    let o = RaceOptions {
        players: 3,
        policies: vec!["planner".into(); 4],
        ..RaceOptions::default()
    };
    assert!(matches!(
        run_race(&o, &mut Vec::new()),
        Err(RaceError::Seats {
            players: 3,
            policies: 4
        })
    ));
    assert!(run_race(&o.normalised(), &mut Vec::new()).is_ok());
}

#[test]
fn a_scenario_file_is_a_starting_position_and_decides_the_seats() {
    let options = RaceOptions {
        scenario: Some("conformance/2023/61-built-in-course.json".into()),
        policies: vec!["planner".into()],
        ..RaceOptions::default()
    };
    let mut out = Vec::new();
    let summary = run_race(&options, &mut out).expect("the race runs from the file");
    let text = String::from_utf8(out).expect("utf-8");
    assert!(text.contains("Milk Run (2 players"), "{text}");
    assert!(summary.winner().is_some(), "two planners finish Milk Run");
    let missing = RaceOptions {
        scenario: Some("conformance/2023/none.json".into()),
        ..RaceOptions::default()
    };
    assert!(matches!(
        run_race(&missing, &mut Vec::new()),
        Err(RaceError::Scenario(_))
    ));
}

#[test]
fn the_default_bots_fill_every_seat() {
    let o = RaceOptions {
        players: 2,
        seed: 3,
        ..RaceOptions::default()
    };
    let (s, log) = run(&o);
    assert!(log.starts_with("Rush Hour (2 players: P0 planner, P1 planner), seed 3\n"));
    assert_eq!(s, run(&o.clone().normalised()).0);
}

#[test]
fn conquest_is_raced_round_by_round_with_its_map_replay() {
    let o = RaceOptions {
        edition: Edition::Conquest,
        ..options(3, 5, "greedy")
    };
    let (s, log) = run(&o);
    assert_eq!(s.edition, Edition::Conquest);
    assert!(s.replay.is_none() && s.registers == 0);
    assert!(!s.winners.is_empty(), "{log}");
    assert!(
        log.starts_with("Cybertron (3 players: P0 greedy, P1 greedy, P2 greedy), seed 5\n"),
        "{log}"
    );
    let rounds: Vec<&str> = log.lines().filter(|l| l.starts_with("round")).collect();
    assert_eq!(rounds.len(), usize::from(s.rounds), "{log}");
    assert!(rounds[0].starts_with("round   1 | ") && rounds[0].contains(" zones "));
    assert!(s.final_line(Duration::ZERO).contains(" actions | "));
    assert!(s.html.is_none(), "no page unless asked");
    assert_eq!(run(&o), (s, log), "the same seed gives the same game");
    // Asked for, the replay is the map's, with a frame for every roll.
    let html = RaceOptions {
        html: Some("x.html".into()),
        ..o.clone()
    };
    let (with_page, _) = run(&html);
    let (page, frames) = with_page.html.unwrap();
    assert!(page.contains("Transformers conquest: Cybertron"));
    assert!(frames > 20, "{frames}");
    assert!(page.matches("\"attack\":[").count() > 5);
    // Another first player: named on the first line, and another game
    // (Megatron, seat 1, claims first); a seat not at the table is refused.
    let first_claim = |page: &str| {
        let at = page.find(" claims ").expect("a claim");
        page[..at].rsplit('"').next().unwrap_or("").to_string()
    };
    assert_eq!(first_claim(&page), "Optimus Prime");
    let (one, text) = run(&RaceOptions {
        priority: 1,
        ..html.clone()
    });
    assert!(
        text.starts_with(
            "Cybertron (3 players: P0 greedy, P1 greedy, P2 greedy; P1 plays first), seed 5\n"
        ),
        "{text}"
    );
    assert_eq!(first_claim(&one.html.unwrap().0), "Megatron");
    let three = RaceOptions {
        priority: 3,
        ..o.clone()
    };
    let e = run_race(&three, &mut Vec::new()).unwrap_err().to_string();
    assert!(e.contains("seat 3 cannot play first"), "{e}");
    // What does not fit conquest is refused with a reason.
    let course = RaceOptions {
        course: Some("Milk Run".into()),
        ..o.clone()
    };
    let e = run_race(&course, &mut Vec::new()).unwrap_err().to_string();
    assert_eq!(e, "conquest has no course");
    let planner = RaceOptions {
        policies: vec!["planner".into(); 3],
        ..o
    };
    let e = run_race(&planner, &mut Vec::new()).unwrap_err().to_string();
    assert!(e.contains("unknown policy `planner`"), "{e}");
}

#[test]
fn the_first_priority_holder_is_an_option_of_the_race() {
    let first = |priority| RaceOptions {
        priority,
        max_rounds: 2,
        ..options(2, 5, "planner")
    };
    let (_, seat0) = run(&first(0));
    let (_, seat1) = run(&first(1));
    assert!(!seat0.contains("priority token"), "{seat0}");
    assert!(
        seat1.starts_with(&format!(
            "{DEFAULT_COURSE} (2 players: P0 planner, P1 planner; P1 first holds the priority token), seed 5"
        )),
        "{seat1}"
    );
    // The token holder's card is played first in the first register.
    let first_play = |page: &str| {
        let at = page.find(" plays ").expect("a card played");
        page[at - 2..at].to_string()
    };
    let replay = |priority| {
        let (s, _) = run(&RaceOptions {
            html: Some("x.html".into()),
            ..first(priority)
        });
        s.html.unwrap().0
    };
    let (page0, page1) = (replay(0), replay(1));
    assert_eq!(first_play(&page0), "P0");
    assert_eq!(first_play(&page1), "P1");
    let err = run_race(&first(2), &mut Vec::new()).unwrap_err();
    assert!(err.to_string().contains("priority"), "{err}");
}

#[test]
fn every_edition_races_through_the_one_driver() {
    for edition in Edition::ALL {
        let o = RaceOptions {
            edition,
            players: 2,
            policies: vec!["random".into(); 2],
            max_rounds: 3,
            ..RaceOptions::default()
        };
        let mut out = Vec::new();
        let summary = run_race(&o, &mut out).unwrap_or_else(|e| panic!("{edition}: {e}"));
        assert_eq!(summary.edition, edition);
        assert!(!out.is_empty(), "{edition} printed nothing");
    }
}
