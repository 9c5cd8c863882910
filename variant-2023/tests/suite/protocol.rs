//! The protocol's promises on this edition: secrets stay secret, JSON
//! saves resume anywhere, replays reproduce games, random games on random
//! courses keep their invariants, and the solo simulation agrees with the
//! engine.

use super::common;

use robo_core::board::{BoardId, Wall};
use robo_core::geom::{Dir, Pos};
use robo_core::harness::views::check_views_hide;
use robo_core::harness::{check_playouts, PlayoutConfig};
use robo_core::testing::cases;
use robo_core::{Game, PlayerId, Recorded, Rng};
use variant_2023::cards::{Card, CardId, PROGRAMMING_DECK};
use variant_2023::courses::{self, Course};
use variant_2023::position::{Position, RobotSpec, StartAt};
use variant_2023::solo::SoloOutcome;
use variant_2023::testkit::course_from_text;
use variant_2023::tiles::Tile;
use variant_2023::{Event, Options, Race, Setup, Upgrade};

fn random_options(rng: &mut Rng) -> Options {
    Options::from_fn(|| rng.chance(1, 4))
}

fn named_setup(rng: &mut Rng, rounds: u16) -> Setup {
    let names: Vec<&str> = courses::course_names().collect();
    let course = courses::course(names[rng.index(names.len())]).unwrap();
    let robots = 2 + rng.below(5) as u8;
    let mut s = Setup::new(course, robots);
    s.priority = PlayerId(rng.below(u32::from(robots)) as u8);
    s.options = random_options(rng);
    s.max_rounds = Some(rounds);
    s
}

/// A random course: a factory floor of random tiles and walls above a
/// docking bay of six starts, with 1 to 3 checkpoints and a reboot token.
fn random_course(rng: &mut Rng) -> Course {
    let w = 6 + rng.below(5) as usize;
    let h = 4 + rng.below(6) as usize;
    let glyphs = [
        " . ", " . ", " . ", " . ", " . ", "[ ]", " E ", "(L)", "(R)", "g> ", "g< ", "g^ ", "gv ",
        "b> ", "b< ", "b^ ", "bv ", "b>l", "g^r", "bvb", "p>1", "p<2", "p^1", "L>1", "L<2", "Lv1",
    ];
    let mut text = String::new();
    let wall_line = |rng: &mut Rng, text: &mut String| {
        text.push('+');
        for _ in 0..w {
            text.push_str(if rng.chance(1, 8) { "---+" } else { "   +" });
        }
        text.push('\n');
    };
    for _ in 0..h {
        wall_line(rng, &mut text);
        text.push(' ');
        for x in 0..w {
            text.push_str(glyphs[rng.index(glyphs.len())]);
            text.push(if x + 1 < w && rng.chance(1, 8) {
                '|'
            } else {
                ' '
            });
        }
        text.push('\n');
    }
    text.push_str(&format!("+{}\n", "   +".repeat(w)));
    text.push(' ');
    for x in 0..w {
        text.push_str(if x < 6 { " S " } else { " . " });
        text.push(' ');
    }
    text.push('\n');
    text.push_str(&format!("+{}\nids\n", "   +".repeat(w)));
    for _ in 0..h {
        text.push_str(&"1".repeat(w));
        text.push('\n');
    }
    text.push_str(&"0".repeat(w));
    text.push('\n');
    let board: robo_core::board::Board<Tile> = robo_core::board::Board::parse(&text).unwrap();
    let floor: Vec<Pos> = board
        .cells()
        .filter(|(p, t)| {
            **t != Tile::Pit && **t != Tile::Start && board.board_id(*p) == Some(BoardId(1))
        })
        .map(|(p, _)| p)
        .collect();
    let pick = |rng: &mut Rng| floor[rng.index(floor.len())];
    let mut checkpoints = Vec::new();
    for _ in 0..1 + rng.below(3) {
        let p = pick(rng);
        if !checkpoints.contains(&p) {
            checkpoints.push(p);
        }
    }
    // A reboot token never lies on a checkpoint (courses refuse it).
    let at = std::iter::repeat_with(|| pick(rng))
        .find(|p| !checkpoints.contains(p))
        .unwrap();
    let token = (at, Dir::from_index(rng.index(4)));
    course_from_text(&text, &checkpoints, &[(1, token.0, token.1)], Dir::N).unwrap()
}

#[test]
fn random_games_on_random_courses_keep_the_protocol_and_invariants() {
    let config = PlayoutConfig::new(100, 20_000);
    let report = check_playouts::<Race>(config, |rng| {
        let course = random_course(rng);
        let robots = 2 + rng.below(5) as u8;
        let mut s = Setup::new(course, robots);
        s.options = random_options(rng);
        s.max_rounds = Some(5);
        s
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.finished, report.games);
}

#[test]
fn json_saves_resume_at_every_pending_point_and_replays_reproduce_games() {
    for seed in 0..cases(8) as u64 {
        let mut rng = Rng::from_seed(seed);
        let setup = named_setup(&mut rng, 4);
        let mut rec: Recorded<Race> = Recorded::new(setup, seed).unwrap();
        let mut steps = 0;
        while !rec.game.pending().is_terminal() && steps < 4000 {
            let saved = serde_json::to_string(&rec.game).unwrap();
            let mut resumed: Race = serde_json::from_str(&saved).unwrap();
            assert_eq!(resumed, rec.game);
            let p = rec.game.pending().players()[0];
            let a = rec.game.sample_action(p, &mut rng).unwrap();
            let events = rec.apply(p, a.clone()).unwrap();
            assert_eq!(
                resumed.apply(p, a).unwrap(),
                events,
                "a resumed game plays on identically"
            );
            assert_eq!(resumed, rec.game);
            steps += 1;
        }
        let replayed = rec.replay.play().unwrap();
        assert_eq!(replayed, rec.game);
        let log = serde_json::to_string(&rec.replay).unwrap();
        let back: robo_core::Replay<Race> = serde_json::from_str(&log).unwrap();
        assert_eq!(back.play().unwrap(), rec.game);
    }
}

/// Card ids and upgrades a player may not see.
fn secrets(race: &Race, viewer: PlayerId) -> (Vec<CardId>, Vec<Upgrade>) {
    let mut cards: Vec<CardId> = race.damage_deck().draw_pile().copied().collect();
    let mut ups: Vec<Upgrade> = race.upgrade_deck().draw_pile().copied().collect();
    let view = race.view(viewer);
    for q in 0..race.seats() {
        let q = PlayerId(q as u8);
        let pl = race.player(q).unwrap();
        let face_up = view.robots[q.index()].deck_top.map(|s| s.id);
        cards.extend(
            pl.deck()
                .draw_pile()
                .copied()
                .filter(|c| Some(*c) != face_up),
        );
        if q == viewer {
            continue;
        }
        cards.extend(pl.hand());
        cards.extend(pl.memory());
        for r in pl.registers() {
            if !r.revealed {
                cards.extend(r.cards.iter().copied());
            }
            cards.extend(r.under);
        }
        ups.extend(pl.uninstalled());
    }
    (cards, ups)
}

#[test]
fn views_never_show_hidden_cards_or_upgrades() {
    let mut checked = 0;
    for seed in 0..cases(12) as u64 {
        let mut rng = Rng::from_seed(100 + seed);
        let mut race = Race::new(named_setup(&mut rng, 5), seed).unwrap();
        let mut step = 0;
        while !race.pending().is_terminal() && step < 3000 {
            if step % 3 == 0 {
                let at = format!("seed {seed} step {step}");
                checked += check_views_hide(&race, secrets, &at).unwrap();
            }
            let p = race.pending().players()[0];
            let a = race.sample_action(p, &mut rng).unwrap();
            race.apply(p, a).unwrap();
            step += 1;
        }
    }
    assert!(checked > 100, "only {checked} views checked");
}

#[test]
fn a_view_shows_the_viewers_own_secrets() {
    let mut rng = Rng::from_seed(3);
    let mut race = Race::new(named_setup(&mut rng, 3), 3).unwrap();
    while race.view(PlayerId(0)).hand.is_empty() {
        let p = race.pending().players()[0];
        let a = race.sample_action(p, &mut rng).unwrap();
        race.apply(p, a).unwrap();
    }
    let view = race.view(PlayerId(0));
    let hand: Vec<CardId> = view.hand.iter().map(|s| s.id).collect();
    assert_eq!(hand, race.player(PlayerId(0)).unwrap().hand());
    assert_eq!(
        view.uninstalled,
        race.player(PlayerId(0)).unwrap().uninstalled()
    );
}

/// A course with a walled-in parking cell where a second robot can neither
/// act nor be reached.
fn parking(name: &str) -> (Course, Pos) {
    let c = courses::course(name).unwrap();
    let cell = c
        .board()
        .cells()
        .map(|(p, _)| p)
        .filter(|p| {
            c.board().tile(*p) == Some(&Tile::Floor)
                && !c.checkpoints().contains(p)
                && c.board().board_id(*p) != Some(c.docking_bay())
        })
        .find(|p| c.extras().reboot_token_at(*p).is_none())
        .unwrap();
    let c = c
        .edit(|parts| {
            for d in Dir::ALL {
                parts.board.set_wall(cell, d, Wall::Both).unwrap();
            }
        })
        .unwrap();
    (c, cell)
}

/// What the engine did to robot 0 in the first round of `race` (played
/// from `start`, robot 1 parked), in the simulation's terms.
fn engine_outcome(race: &Race, events: &[Event], start: (Pos, Dir), parked: Pos) -> SoloOutcome {
    let me = PlayerId(0);
    let pl = race.player(me).unwrap();
    let fell = events
        .iter()
        .any(|e| matches!(e, Event::Fell { player, .. } if *player == me));
    let end = common::after(&[Some(start), Some((parked, Dir::N))], events, 5)[0];
    SoloOutcome {
        end: if fell { None } else { end },
        fell_in: None,
        checkpoints: pl.checkpoints(),
        won: race.outcome().and_then(|o| o.winner) == Some(me),
        damage: u8::try_from(common::damage_of(events, me)).unwrap(),
        energy: pl.energy() - 3,
    }
}

/// The differential test of the planner's simulation against the engine,
/// in the shape every grid edition copies: on each built-in course with a
/// walled-in cell for the other robot, a random spot, facing and program
/// for robot 0; the engine plays the round from there, the simulation runs
/// from the same position, and [`SoloOutcome::disagreement`] compares.
#[test]
fn the_solo_simulation_agrees_with_the_engine_for_a_robot_alone() {
    let regular = Card::REGULAR;
    let mut rng = Rng::from_seed(77);
    let mut compared = 0;
    for name in courses::course_names() {
        let (course, cell) = parking(name);
        let floor: Vec<Pos> = course
            .board()
            .cells()
            .filter(|(p, t)| **t != Tile::Pit && *p != cell)
            .map(|(p, _)| p)
            .collect();
        for _ in 0..cases(30) {
            let at = floor[rng.index(floor.len())];
            let facing = Dir::from_index(rng.index(4));
            let mut program = [Card::PowerUp; 5];
            let mut pool: Vec<Card> = PROGRAMMING_DECK.to_vec();
            rng.shuffle(&mut pool);
            for (slot, card) in program
                .iter_mut()
                .zip(pool.iter().filter(|c| regular.contains(c)))
            {
                *slot = *card;
            }
            // Again in register 1 draws an unknown card: the simulation's default differs.
            if program[0] == Card::Again {
                program.swap(0, 4);
            }
            let mut me = RobotSpec::at(at, facing);
            for (r, c) in program.iter().enumerate() {
                me.registers[r] = vec![*c];
            }
            let other = RobotSpec::at(cell, Dir::N);
            let mut p = Position::new(Setup::new(course.clone(), 2), vec![me, other]);
            p.start = StartAt::Register(1);
            p.setup.max_rounds = Some(1);
            let (race, events) = Race::start_at(p.clone()).unwrap();
            let engine = engine_outcome(&race, &events, (at, facing), cell);
            // The simulation from the same spot, before anything resolved.
            let mut p0 = p;
            p0.start = StartAt::Programming;
            p0.robots[0].registers = Default::default();
            let before = Race::from_position(p0).unwrap();
            let sim = before.simulate_solo(PlayerId(0), &program).unwrap();
            if let Some(d) = sim.disagreement(&engine) {
                panic!("{name} {at} {facing} {program:?}: {d}");
            }
            compared += 1;
        }
    }
    assert!(compared >= 100);
}

#[test]
fn a_damaged_save_is_refused_with_a_message() {
    let mut rng = Rng::from_seed(9);
    let race = Race::new(named_setup(&mut rng, 3), 9).unwrap();
    let good = serde_json::to_value(&race).unwrap();
    assert_eq!(serde_json::from_value::<Race>(good.clone()).unwrap(), race);
    let mut bad = good.clone();
    bad["priority"] = serde_json::json!(9);
    let e = serde_json::from_value::<Race>(bad).unwrap_err();
    assert!(e.to_string().contains("not a seat"), "{e}");
    let mut bad = good.clone();
    bad["removed"] = serde_json::json!(["c0"]);
    let e = serde_json::from_value::<Race>(bad).unwrap_err();
    assert!(e.to_string().contains("held 2 times"), "{e}");
    let mut bad = good;
    bad["bodies"] = serde_json::json!([]);
    assert!(serde_json::from_value::<Race>(bad).is_err());
}
