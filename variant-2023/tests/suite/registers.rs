//! The rules of the registers: activation order, board elements, lasers,
//! batteries and checkpoints, the end of a round, damage, rebooting,
//! shutdown, and the optional rules.

use super::common;

use common::*;
use robo_core::board::BoardId;
use robo_core::geom::{Dir, Pos};
use robo_core::{ActionError, Game, Pending, PlayerId};
use variant_2023::cards::{Card, Haywire};
use variant_2023::courses::Course;
use variant_2023::events::{Drawn, Phase};
use variant_2023::position::{Position, RobotSpec, StartAt};
use variant_2023::{Action, Decision, Event, Program, Race, Setup, Upgrade};

// ---------------------------------------------------------------- activation

#[test]
fn cards_resolve_clockwise_from_the_priority_holder() {
    let robots = vec![
        programmed(0, 4, Dir::N, &[Card::PowerUp]),
        programmed(2, 4, Dir::N, &[Card::PowerUp]),
        programmed(4, 4, Dir::N, &[Card::PowerUp]),
    ];
    let mut p = at_register(open(), robots, 1);
    p.priority = P1;
    let (_, events) = start(p);
    let order: Vec<PlayerId> = in_register(&events, 1)
        .iter()
        .filter_map(|e| match e {
            Event::CardResolved { player, .. } => Some(*player),
            _ => None,
        })
        .collect();
    assert_eq!(order, vec![P1, P2, P0]);
}

fn elements() -> Course {
    course(
        &[
            ". . . . . .",
            "p>2 . (L) (R) . .",
            ". . . . . .",
            "L>2 . . . . .",
            ". . . . . .",
            ". . . . . .",
        ],
        &[(Pos::new(4, 3), Dir::E)],
        &[Pos::new(5, 0)],
        Some((Pos::new(0, 5), Dir::E)),
    )
}

#[test]
fn push_panels_push_only_in_their_registers_and_gears_turn() {
    let robots = vec![bot(0, 1, Dir::N), bot(2, 1, Dir::N), bot(3, 1, Dir::N)];
    let (a, _, _) = run_register(elements(), robots.clone(), 1);
    assert_eq!(
        a[0],
        spot(0, 1, Dir::N),
        "a 2/4 panel does nothing in register 1"
    );
    assert_eq!(a[1], spot(2, 1, Dir::W), "red gear: left");
    assert_eq!(a[2], spot(3, 1, Dir::E), "green gear: right");
    let (a, _, _) = run_register(elements(), robots, 2);
    assert_eq!(a[0], spot(1, 1, Dir::N));
}

#[test]
fn board_lasers_hit_the_nearest_robot_once_per_beam_and_walls_stop_them() {
    let robots = vec![bot(2, 3, Dir::S), bot(3, 3, Dir::S), bot(5, 3, Dir::N)];
    let (_, events, _) = run_register(elements(), robots, 5);
    assert_eq!(damage_of(&events, P0), 2, "two beams, two cards");
    assert_eq!(damage_of(&events, P1), 0, "shielded by the nearer robot");
    assert_eq!(damage_of(&events, P2), 0);
}

#[test]
fn robot_lasers_hit_the_nearest_robot_in_front_and_walls_stop_them() {
    let robots = vec![
        bot(1, 5, Dir::E),
        bot(3, 5, Dir::W),
        bot(5, 5, Dir::W),
        bot(4, 4, Dir::W),
    ];
    let c = open()
        .edit(|p| {
            p.board
                .set_wall(Pos::new(4, 4), Dir::W, robo_core::board::Wall::Both)
                .unwrap()
        })
        .unwrap();
    let (_, events, _) = run_register(c, robots, 5);
    assert_eq!(damage_of(&events, P0), 1, "shot by P1");
    assert_eq!(damage_of(&events, P1), 2, "shot by P0 and by P2");
    assert_eq!(damage_of(&events, P2), 0);
    assert_eq!(damage_of(&events, PlayerId(3)), 0);
}

fn battery_course() -> Course {
    course(
        &[". . E . . .", ". . . E . .", ". . . . . ."],
        &[],
        &[Pos::new(3, 1), Pos::new(5, 0)],
        Some((Pos::new(0, 2), Dir::E)),
    )
}

#[test]
fn batteries_give_energy_up_to_10_but_not_under_a_checkpoint() {
    let mut me = bot(2, 0, Dir::N);
    me.energy = 9;
    let (_, _, race) = run_register(battery_course(), vec![me, bot(3, 1, Dir::W)], 4);
    assert_eq!(race.player(P0).unwrap().energy(), 10, "9 + 1 + capped");
    assert_eq!(
        race.player(P1).unwrap().energy(),
        3,
        "the battery under checkpoint 1 is off"
    );
    assert_eq!(race.player(P1).unwrap().checkpoints(), 1);
}

#[test]
fn checkpoints_count_in_order_and_the_last_one_wins_the_race() {
    let robots = vec![
        programmed(5, 1, Dir::N, &[Card::Move1]),
        programmed(3, 2, Dir::N, &[Card::Move1]),
    ];
    let mut robots = robots;
    robots[0].checkpoints = 1;
    let mut p = at_register(battery_course(), robots, 1);
    p.priority = P1;
    let (race, events) = start(p);
    assert_eq!(race.outcome().map(|o| o.winner), Some(Some(P0)));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CheckpointReached {
            player: P1,
            checkpoint: 1
        }
    )));
    assert!(matches!(race.pending(), Pending::Terminal(_)));
    let mut race = race;
    assert_eq!(
        race.apply(P1, Action::Done).unwrap_err(),
        ActionError::GameOver
    );
    // Out of order: standing on checkpoint 2 first counts for nothing.
    let (race, _) = start(at_register(
        battery_course(),
        vec![bot(5, 0, Dir::N), bot(0, 2, Dir::N)],
        5,
    ));
    assert_eq!(race.player(P0).unwrap().checkpoints(), 0);
}

#[test]
fn checkpoints_and_tokens_block_nothing_and_switch_off_what_lies_under_them() {
    let c = course(
        &["b> b> b> . . .", ". . . . . .", "L>1 . . . . ."],
        &[],
        &[Pos::new(1, 0), Pos::new(5, 0)],
        Some((Pos::new(2, 0), Dir::S)),
    );
    // A belt under a checkpoint and one under the reboot token do not move the robot.
    let (a, _, _) = run_register(c.clone(), vec![bot(1, 0, Dir::S), bot(2, 0, Dir::S)], 5);
    assert_eq!(a, vec![spot(1, 0, Dir::S), spot(2, 0, Dir::S)]);
    // A robot crosses them, and a laser passes through a checkpoint.
    let c2 = c
        .edit(|p| p.checkpoints = vec![Pos::new(2, 2), Pos::new(5, 0)])
        .unwrap();
    let robots = vec![programmed(3, 0, Dir::W, &[Card::Move2]), bot(4, 2, Dir::N)];
    let (a, events, _) = run_register(c2, robots, 1);
    assert_eq!(
        a[0],
        spot(2, 0, Dir::W),
        "crossed the token, then a belt carried it onto the token"
    );
    assert_eq!(
        damage_of(in_register(&events, 1), P1),
        1,
        "the laser passed the checkpoint at (2,2)"
    );
}

#[test]
fn the_end_of_a_round_passes_priority_left_and_clears_face_up_cards_only() {
    let mut me = programmed(2, 4, Dir::N, &[Card::Spam, Card::PowerUp]);
    me.deck_top = vec![Card::RotateLeft];
    me.under[3] = Some(Haywire::Ram);
    let mut p = at_register(open(), vec![me, far()], 1);
    p.priority = P1;
    let (race, _) = start(p);
    assert_eq!(race.priority(), P0, "from P1 to the player on its left");
    let pl = race.player(P0).unwrap();
    assert_eq!(
        pl.registers()[3]
            .cards
            .iter()
            .map(|c| c.card())
            .collect::<Vec<_>>(),
        vec![hay(Haywire::Ram)]
    );
    assert!(pl
        .registers()
        .iter()
        .enumerate()
        .all(|(i, r)| i == 3 || r.is_empty()));
    assert!(pl.deck().discard_pile().any(|c| c.card() == Card::PowerUp));
    assert!(race
        .damage_deck()
        .discard_pile()
        .any(|c| c.card() == Card::Spam));
}

// ---------------------------------------------------------------- damage

#[test]
fn the_damage_deck_reshuffles_its_discard_and_gives_nothing_when_both_are_empty() {
    let c = course(
        &["L>1 . . . . .", ". . . . . ."],
        &[],
        &[Pos::new(5, 1)],
        Some((Pos::new(0, 1), Dir::E)),
    );
    let mut p = at_register(c.clone(), vec![bot(2, 0, Dir::N), bot(4, 1, Dir::N)], 5);
    // Every damage card is in a hand or the discard pile: the deck is empty.
    p.robots[1].hand = vec![Card::Spam; 22];
    p.damage_discard = vec![Card::Spam];
    for h in Haywire::ALL {
        p.robots[1].hand.push(hay(h));
    }
    let (_, events) = start(p.clone());
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::DamageDeckShuffled)));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Damaged {
            player: P0,
            drawn: Drawn::Spam,
            ..
        }
    )));
    p.damage_discard.clear();
    p.robots[1].hand.push(Card::Spam);
    let (_, events) = start(p);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::NoDamageLeft { player: P0 })));
    assert_eq!(damage_of(&events, P0), 0);
}

/// Both damage piles empty: the robot takes no damage for the rest of that
/// register, even when a damage card is discarded later in it; the next
/// register it draws again.
#[test]
fn with_both_damage_piles_empty_a_robot_takes_no_damage_for_the_rest_of_the_register() {
    let c = course(
        &[". . . . . .", "L>1 . . . . .", ". . . . . ."],
        &[],
        &[Pos::new(5, 2)],
        Some((Pos::new(0, 2), Dir::E)),
    );
    // P0 pushes the Spiky P1 (1 damage for P0: nothing to draw), then P1's
    // SPAM goes to the damage discard (its replacement takes P1 out of
    // P0's line of fire), then the board laser hits P0.
    let mut me = bot(3, 2, Dir::N);
    me.registers[1] = vec![Card::Move1];
    let mut spiky = bot(3, 1, Dir::E);
    spiky.registers[1] = vec![Card::Spam];
    spiky.installed = vec![Upgrade::Spiky];
    spiky.deck_top = vec![Card::Move1];
    // Every other damage card is in P1's hand: both piles are empty.
    spiky.hand = vec![Card::Spam; 22];
    spiky.hand.extend(Haywire::ALL.map(hay));
    let initial = vec![spot(3, 2, Dir::N), spot(3, 1, Dir::E)];
    let (_, events) = start(at_register(c, vec![me, spiky], 2));
    let second = in_register(&events, 2);
    assert_eq!(
        after(&initial, &events, 2),
        vec![spot(3, 1, Dir::N), spot(4, 0, Dir::E)],
        "P0 pushed P1 and stands in the laser's line"
    );
    assert_eq!(
        damage_of(second, P0),
        0,
        "the SPAM discarded in between is not drawn in this register"
    );
    let refused = second
        .iter()
        .filter(|e| matches!(e, Event::NoDamageLeft { player: P0 }))
        .count();
    assert_eq!(refused, 2, "the Spiky push and the board laser");
    assert_eq!(
        damage_of(in_register(&events, 3), P0),
        1,
        "the next register draws again"
    );
}

// ---------------------------------------------------------------- reboot

fn falls() -> Course {
    course(
        &[". . . . . .", ". . . . . .", ". . O . . .", ". . . . . ."],
        &[],
        &[Pos::new(5, 0)],
        Some((Pos::new(4, 1), Dir::S)),
    )
}

#[test]
fn a_fall_cancels_the_program_and_deals_2_damage_with_haywire_under_the_register() {
    let mut me = programmed(
        2,
        3,
        Dir::N,
        &[Card::PowerUp, Card::Move1, Card::Spam, Card::Move2],
    );
    me.under[4] = Some(Haywire::Sidestep);
    me.hand = vec![Card::Spam];
    let mut p = at_register(falls(), vec![me, far_in(3)], 1);
    p.damage_top = vec![hay(Haywire::Ram), hay(Haywire::JogLeft)];
    let (race, events) = start(p);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Fell {
            player: P0,
            pit: true
        }
    )));
    let drawn: Vec<Drawn> = events
        .iter()
        .filter_map(|e| match e {
            Event::Damaged {
                player: P0, drawn, ..
            } => Some(*drawn),
            _ => None,
        })
        .collect();
    assert_eq!(
        drawn,
        vec![
            Drawn::HaywireUnder(2),
            Drawn::HaywireDiscarded(hay(Haywire::JogLeft))
        ]
    );
    let pl = race.player(P0).unwrap();
    assert_eq!(pl.rebooting(), Some(BoardId(1)));
    // Registers 3 and 4 resolved nothing; the SPAM of register 3 and of the
    // hand went to the discard pile, the Haywire under register 5 to the damage discard.
    assert!(!events.iter().any(|e| matches!(
        e,
        Event::CardResolved {
            player: P0,
            card: Card::Move2
        }
    )));
    assert_eq!(
        pl.deck()
            .discard_pile()
            .filter(|c| c.card() == Card::Spam)
            .count(),
        2
    );
    assert!(race
        .damage_deck()
        .discard_pile()
        .any(|c| c.card() == hay(Haywire::Sidestep)));
    assert_eq!(
        pl.registers()[1]
            .cards
            .iter()
            .map(|c| c.card())
            .collect::<Vec<_>>(),
        vec![hay(Haywire::Ram)]
    );
}

fn far_in(rows: i16) -> RobotSpec {
    bot(5, rows - 1, Dir::E)
}

#[test]
fn a_fallen_robot_reboots_in_register_1_on_its_boards_token_or_its_archive_on_the_bay() {
    // Fell from the factory board: its token, facing chosen.
    let mut me = RobotSpec {
        at: None,
        fell_from: Some(BoardId(1)),
        ..RobotSpec::default()
    };
    me.registers[0] = vec![Card::Move1];
    let (mut race, _) = start(at_register(falls(), vec![me.clone(), far_in(3)], 1));
    assert_eq!(asked(&race), Some((P0, Decision::RebootFacing)));
    let events = answer(&mut race, P0, Action::Face(Dir::W));
    assert_eq!(
        after(&[None, spot(5, 2, Dir::E)], &events, 1)[0],
        spot(3, 1, Dir::W),
        "placed on (4,1), then Move 1"
    );
    // Fell from the docking bay: the archive token.
    me.fell_from = Some(BoardId(0));
    me.archive = Some((Pos::new(1, 4), Dir::N));
    let (mut race, _) = start(at_register(falls(), vec![me, far_in(3)], 1));
    let events = answer(&mut race, P0, Action::Face(Dir::E));
    assert_eq!(
        after(&[None, spot(5, 2, Dir::E)], &events, 1)[0],
        spot(2, 4, Dir::E)
    );
}

/// Register 1, before anyone's turn: P0 is about to push P1 into a pit
/// (with `two`, P2 pushes P3 into another); with `occupied`, a fifth robot
/// stands on the reboot token.
fn pushed_into_pits(two: bool, occupied: bool) -> Position {
    let c = course(
        &[". . . . . .", ". . . . . .", ". O . . O .", ". . . . . ."],
        &[],
        &[Pos::new(0, 3)],
        Some((Pos::new(3, 0), Dir::E)),
    );
    // P0 pushes P1 into the pit at (1,2); with `two`, P2 pushes P3 into
    // the pit at (4,2). Their own cards would not move them.
    let mut robots = vec![
        programmed(1, 0, Dir::S, &[Card::Move1]),
        programmed(1, 1, Dir::S, &[Card::PowerUp]),
        if two {
            programmed(4, 0, Dir::S, &[Card::Move1])
        } else {
            bot(5, 3, Dir::E)
        },
        programmed(4, 1, Dir::E, &[Card::PowerUp]),
    ];
    if occupied {
        robots.push(bot(3, 0, Dir::N));
    }
    // Next round every robot turns on the spot: right, left, right, left,
    // U-turn.
    for r in &mut robots {
        r.deck_top = vec![
            Card::RotateRight,
            Card::RotateLeft,
            Card::RotateRight,
            Card::RotateLeft,
            Card::UTurn,
        ];
    }
    let mut p = at_register(c, robots, 1);
    p.setup.options.lighter = true;
    p.damage_top = vec![Card::Spam; 4];
    p
}

/// Robots pushed into pits in register 1 before their own turns, with or
/// without a robot on the reboot token: they stay off the board for the
/// rest of the round and come back in register 1 of the next one, in
/// priority order. Returns where every robot stands at the end of round 2.
fn fall_before_its_turn(two: bool, occupied: bool) -> Spots {
    let p = pushed_into_pits(two, occupied);
    let n = p.robots.len();
    let fallen: Vec<PlayerId> = if two { vec![P1, PlayerId(3)] } else { vec![P1] };
    let (mut race, mut events) = start(p);
    events.extend(drive(&mut race, first));
    let rebooted = |events: &[Event]| -> Vec<PlayerId> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Rebooted { player, .. } => Some(*player),
                _ => None,
            })
            .collect()
    };
    let falls = events
        .iter()
        .filter(|e| matches!(e, Event::Fell { pit: true, .. }))
        .count();
    assert_eq!(falls, fallen.len(), "the pushes threw them into the pits");
    assert_eq!(rebooted(&events), vec![], "nobody came back in round 1");
    assert_eq!(race.round(), 2);
    for &f in &fallen {
        assert_eq!(race.robot(f), None, "{f} waits off the board");
        assert_eq!(race.player(f).unwrap().rebooting(), Some(BoardId(1)));
    }
    if occupied {
        assert_eq!(
            race.robot(PlayerId(4)),
            Some((Pos::new(3, 0), Dir::N)),
            "the robot on the token was not moved in round 1"
        );
    }
    // Round 2: the token passed to P1; the fallen come back in register 1.
    assert_eq!(race.priority(), P1);
    let mut events = program_all(&mut race);
    for &f in &fallen {
        assert_eq!(asked(&race), Some((f, Decision::RebootFacing)));
        events.extend(answer(&mut race, f, Action::Face(Dir::N)));
    }
    assert_eq!(rebooted(&events), fallen);
    assert_eq!(race.round(), 3, "round 2 ran to its end");
    (0..n).map(|i| race.robot(PlayerId(i as u8))).collect()
}

#[test]
fn one_robot_that_falls_in_register_1_before_its_turn_comes_back_next_round() {
    let spots = fall_before_its_turn(false, false);
    assert_eq!(
        spots[1],
        spot(3, 0, Dir::S),
        "on the token; turned R L R L U"
    );
    let spots = fall_before_its_turn(false, true);
    assert_eq!(spots[1], spot(3, 0, Dir::S));
    assert_eq!(
        spots[4],
        spot(4, 0, Dir::S),
        "moved along the arrow in round 2"
    );
}

#[test]
fn two_robots_that_fall_in_register_1_come_back_next_round_in_priority_order() {
    let spots = fall_before_its_turn(true, false);
    assert_eq!(spots[3], spot(3, 0, Dir::S), "the second on the token");
    assert_eq!(
        spots[1],
        spot(4, 0, Dir::S),
        "the first moved along the arrow"
    );
    let spots = fall_before_its_turn(true, true);
    assert_eq!(spots[3], spot(3, 0, Dir::S));
    assert_eq!(spots[1], spot(4, 0, Dir::S));
    assert_eq!(spots[4], spot(5, 0, Dir::S), "moved on in line");
}

/// A robot that fell this round is saved as such (`fell_this_round`), so a
/// game resumed from the save keeps it off the board until the next round;
/// a save written before that field (a robot off the board with no mark)
/// still loads, as a robot waiting to reboot.
#[test]
fn a_save_keeps_a_robot_that_fell_this_round_off_the_board_and_old_saves_still_load() {
    // P2 waits to reboot: its return, after P1's fall, asks for a facing.
    let mut p = pushed_into_pits(false, false);
    p.robots[2].at = None;
    let (race, _) = start(p);
    assert_eq!(asked(&race), Some((PlayerId(2), Decision::RebootFacing)));
    assert_eq!(race.robot(P1), None, "P1 fell");
    let saved = serde_json::to_value(&race).expect("a race serialises");
    let p1 = &saved["players"][1];
    assert_eq!(p1["rebooting"], serde_json::json!(1));
    assert_eq!(p1["shut_down"], serde_json::json!(false));
    assert_eq!(p1["fell_this_round"], serde_json::json!(true));
    assert!(
        saved["players"][0].get("fell_this_round").is_none(),
        "written only when true"
    );
    let mut back: Race = serde_json::from_value(saved.clone()).expect("the save loads");
    assert_eq!(back, race);
    // Played on from the save: P1 does not come back this round.
    let events = drive(&mut back, first);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::Rebooted { player: P1, .. })));
    assert_eq!(back.round(), 2);
    assert_eq!(back.robot(P1), None);
    // The old shape: no `fell_this_round`.
    let mut old = saved;
    old["players"][1]
        .as_object_mut()
        .expect("a player is an object")
        .remove("fell_this_round");
    let old: Race = serde_json::from_value(old).expect("an old save loads");
    assert_eq!(old.player(P1).unwrap().rebooting(), Some(BoardId(1)));
    assert_eq!(
        old.player(P1).unwrap().status(),
        variant_2023::robot::Status::Rebooting(BoardId(1))
    );
    assert_eq!(old.check_invariants(), Ok(()));
}

#[test]
fn dynamic_archiving_moves_the_archive_to_checkpoints_and_batteries_and_reboots_there() {
    let mut p = at_register(
        battery_course(),
        vec![bot(2, 0, Dir::S), bot(0, 2, Dir::N)],
        5,
    );
    p.setup.options.dynamic_archiving = true;
    let (race, events) = start(p);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Archived { player: P0, at } if *at == Pos::new(2, 0))));
    assert_eq!(race.player(P0).unwrap().archive(), (Pos::new(2, 0), Dir::S));
    let mut me = RobotSpec {
        at: None,
        fell_from: Some(BoardId(1)),
        archive: Some((Pos::new(2, 0), Dir::S)),
        ..RobotSpec::default()
    };
    me.registers[0] = vec![Card::PowerUp];
    let mut p = at_register(battery_course(), vec![me, bot(0, 2, Dir::N)], 1);
    p.setup.options.dynamic_archiving = true;
    let (mut race, _) = start(p);
    let events = answer(&mut race, P0, Action::Face(Dir::N));
    assert_eq!(
        after(&[None, spot(0, 2, Dir::N)], &events, 1)[0],
        spot(2, 0, Dir::N),
        "rebooted on the archive, not the token"
    );
}

// ---------------------------------------------------------------- shutdown

#[test]
fn shutdown_clears_damage_resolves_nothing_and_still_takes_lasers_and_belts() {
    let c = course(
        &["L>1 b> . . . .", ". . . . . .", ". . . . . ."],
        &[],
        &[Pos::new(2, 0), Pos::new(5, 1)],
        Some((Pos::new(0, 2), Dir::E)),
    );
    let mut me = bot(1, 0, Dir::S);
    me.hand = vec![
        Card::Move1,
        Card::Move1,
        Card::Move2,
        Card::RotateLeft,
        Card::RotateLeft,
        Card::Spam,
        Card::Spam,
    ];
    me.registers[2] = vec![hay(Haywire::Ram)];
    me.discard = vec![Card::Spam, Card::UTurn];
    me.energy = 5;
    let mut other = bot(5, 2, Dir::E);
    other.hand = vec![Card::RotateLeft; 4];
    other.hand.push(Card::PowerUp);
    let mut race = Race::from_position(Position::new(Setup::new(c, 2), vec![me, other])).unwrap();
    answer(&mut race, P0, Action::ShutDown);
    let theirs = race.player(P1).unwrap().hand().to_vec();
    let events = answer(
        &mut race,
        P1,
        Action::Program(Program::of([
            theirs[0], theirs[1], theirs[2], theirs[3], theirs[4],
        ])),
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::ShutDown { player: P0 })));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::CardResolved { player: P0, .. })));
    // The belt still carried it onto checkpoint 1, which does not count while shut down.
    let at = after(&[spot(1, 0, Dir::S), spot(5, 2, Dir::E)], &events, 1);
    assert_eq!(at[0], spot(2, 0, Dir::S));
    assert_eq!(race.player(P0).unwrap().checkpoints(), 0);
    assert!(damage_of(&events, P0) >= 1, "the laser still hits");
    let pl = race.player(P0).unwrap();
    assert_eq!(pl.energy(), 5);
    assert!(race
        .damage_deck()
        .discard_pile()
        .any(|c| c.card() == hay(Haywire::Ram)));
    assert!(
        race.damage_deck()
            .discard_pile()
            .filter(|c| c.card() == Card::Spam)
            .count()
            >= 3
    );
}

// ---------------------------------------------------------------- variants

#[test]
fn a_lighter_game_has_no_upgrade_phase_no_energy_and_dead_batteries() {
    let mut s = Setup::new(battery_course(), 2);
    s.options.lighter = true;
    let mut race = Race::new(s, 3).unwrap();
    for p in [P0, P1] {
        let mut legal = Vec::new();
        race.legal_actions(p, &mut legal);
        answer(&mut race, p, legal[0].clone());
    }
    assert_eq!(race.phase(), Phase::Programming, "straight to programming");
    assert!(race.player(P0).unwrap().uninstalled().is_empty());
    assert_eq!(race.player(P0).unwrap().energy(), 0);
    let mut p = at_register(
        battery_course(),
        vec![bot(2, 0, Dir::N), bot(0, 2, Dir::N)],
        5,
    );
    p.setup.options.lighter = true;
    p.robots[0].energy = 0;
    let (race, _) = start(p);
    assert_eq!(race.player(P0).unwrap().energy(), 0);
}

#[test]
fn a_less_deadly_game_turns_open_edges_into_walls_but_keeps_pits() {
    let mut p = at_register(
        falls(),
        vec![programmed(2, 0, Dir::N, &[Card::Move2]), far_in(3)],
        1,
    );
    p.setup.options.less_deadly = true;
    let (a, _, _) = play_at(p, 1, first);
    assert_eq!(a[0], spot(2, 0, Dir::N));
    let mut p = at_register(
        falls(),
        vec![programmed(2, 3, Dir::N, &[Card::Move1]), far_in(3)],
        1,
    );
    p.setup.options.less_deadly = true;
    let (a, _, _) = play_at(p, 1, first);
    assert_eq!(a[0], None);
}

#[test]
fn less_foreshadowing_shuffles_regular_cards_back_into_the_deck_each_round() {
    let mut me = programmed(2, 4, Dir::N, &[Card::PowerUp]);
    me.hand = vec![Card::Spam, Card::Move1];
    let mut p = at_register(open(), vec![me, far()], 5);
    p.setup.options.less_foreshadowing = true;
    let (race, _) = start(p);
    let pl = race.player(P0).unwrap();
    assert_eq!(pl.deck().discard_len(), 0);
    assert_eq!(pl.deck().draw_len(), 20);
    assert_eq!(
        pl.hand().iter().map(|c| c.card()).collect::<Vec<_>>(),
        vec![Card::Spam]
    );
}

#[test]
fn a_round_cap_ends_the_game_without_a_winner() {
    let mut p = at_register(open(), vec![bot(2, 4, Dir::N), far()], 5);
    p.setup.max_rounds = Some(1);
    let (race, events) = start(p);
    assert_eq!(race.outcome().map(|o| o.winner), Some(None));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::GameOver { winner: None })));
}

#[test]
fn a_shut_down_robot_does_not_fire_but_is_still_shot_and_pushed() {
    let mut me = bot(2, 4, Dir::N);
    me.shut_down = true;
    // P1 moves into the shut-down P0 and pushes it, then both lasers would
    // fire: only P1's does.
    let them = programmed(2, 3, Dir::S, &[Card::Move1]);
    let (a, events, _) = play_at(at_register(open(), vec![me, them], 1), 1, first);
    let first_register = in_register(&events, 1);
    assert!(
        first_register.iter().any(|e| matches!(
            e,
            Event::Grid(robo_core::event::GridEvent::Pushed(push))
                if push.pushed == robo_core::RobotId(0)
        )),
        "the push is reported"
    );
    assert_eq!(a[0], spot(2, 5, Dir::N), "pushed one space south");
    assert_eq!(a[1], spot(2, 4, Dir::S));
    assert_eq!(damage_of(first_register, P1), 0, "powered down: no laser");
    assert_eq!(damage_of(first_register, P0), 1, "but it is shot");
}

#[test]
fn a_spiky_robot_hurts_a_robot_that_a_push_panel_pushes_into_it() {
    let mut spiky = bot(3, 1, Dir::N);
    spiky.installed = vec![Upgrade::Spiky];
    let (a, events, _) = run_register(elements(), vec![bot(0, 1, Dir::N), spiky], 2);
    assert_eq!(a[0], spot(1, 1, Dir::N));
    assert_eq!(
        damage_of(in_register(&events, 2), P0),
        0,
        "no contact: the panel moved it one space"
    );
    let mut spiky = bot(1, 1, Dir::N);
    spiky.installed = vec![Upgrade::Spiky];
    let (a, events, _) = run_register(elements(), vec![bot(0, 1, Dir::N), spiky], 2);
    assert_eq!(
        a,
        vec![spot(1, 1, Dir::N), spot(2, 1, Dir::W)],
        "pushed onto the red gear"
    );
    let pushed_spiky = events.iter().any(|e| {
        matches!(
            e,
            Event::Damaged {
                player: P0,
                source: variant_2023::events::Source::Other,
                ..
            }
        )
    });
    assert!(pushed_spiky);
}

#[test]
fn robots_fire_in_priority_order_each_finding_its_target_when_it_fires() {
    // P0 pushes P1 out of P2's line with a Pressor Beam before P2 fires.
    let mut me = bot(2, 4, Dir::N);
    me.installed = vec![Upgrade::PressorBeam];
    let robots = vec![me, bot(2, 2, Dir::E), bot(0, 2, Dir::E)];
    let pick = prefer(vec![Action::Fire(variant_2023::Weapon::Upgrade(
        Upgrade::PressorBeam,
    ))]);
    let (a, events, _) = play_at(at_register(open(), robots.clone(), 5), 5, pick);
    assert_eq!(a[1], spot(2, 1, Dir::E));
    assert_eq!(damage_of(&events, P1), 0, "P2's shot came after the push");
    // With P2 first in priority order, its shot hits P1 before the push.
    let mut p = at_register(open(), robots, 5);
    p.priority = P2;
    let pick = prefer(vec![Action::Fire(variant_2023::Weapon::Upgrade(
        Upgrade::PressorBeam,
    ))]);
    let (_, events, _) = play_at(p, 5, pick);
    assert_eq!(damage_of(&events, P1), 1);
}

#[test]
fn spam_filter_shows_no_card_once_its_card_has_left_the_top() {
    let mut me = bot(2, 4, Dir::N);
    me.installed = vec![Upgrade::SpamFilter];
    me.registers[0] = vec![Card::Spam];
    me.deck_top = vec![Card::UTurn, Card::Move1];
    let mut p = at_register(open(), vec![me, far()], 1);
    p.start = StartAt::Register(1);
    let (race, events) = start(p);
    // No hand was drawn this round, so nothing was flipped; the SPAM took the U-Turn.
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CardReplaced {
            card: Card::Spam,
            by: Some(Card::UTurn),
            ..
        }
    )));
    assert_eq!(race.view(P1).robots[0].deck_top, None);
}

#[test]
fn robots_reboot_at_their_priority_the_later_one_moving_the_earlier_along_the_arrow() {
    let rebooting = || {
        let mut r = RobotSpec {
            at: None,
            fell_from: Some(BoardId(1)),
            ..RobotSpec::default()
        };
        r.registers[0] = vec![Card::PowerUp];
        r
    };
    let mut p = at_register(falls(), vec![rebooting(), rebooting()], 1);
    p.priority = P1;
    let (mut race, _) = start(p);
    assert_eq!(
        asked(&race),
        Some((P1, Decision::RebootFacing)),
        "the priority holder first"
    );
    let mut events = answer(&mut race, P1, Action::Face(Dir::N));
    assert_eq!(asked(&race), Some((P0, Decision::RebootFacing)));
    events.extend(answer(&mut race, P0, Action::Face(Dir::E)));
    let at = after(&[None, None], &events, 1);
    assert_eq!(at[0], spot(4, 1, Dir::E), "the later robot takes the token");
    assert_eq!(
        at[1],
        spot(4, 2, Dir::N),
        "the earlier one moved along the arrow (south)"
    );
}
