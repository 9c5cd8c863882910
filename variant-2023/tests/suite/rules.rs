//! The rules around the registers: setup, start spaces, the upgrade phase
//! and programming.

use super::common;

use common::*;
use robo_core::geom::Dir;
use robo_core::{ActionError, Game, PlayerId};
use variant_2023::cards::Card;
use variant_2023::courses::{self, CourseError, CourseParts, MarkerError};
use variant_2023::events::Phase;
use variant_2023::position::{Position, RobotSpec, StartAt};
use variant_2023::{Action, Decision, Event, Program, Race, Reason, Setup, SetupError, Upgrade};

// ---------------------------------------------------------------- setup

#[test]
fn bad_setups_are_refused_with_the_failed_check() {
    let c = courses::course("Milk Run").unwrap();
    let err = |s: Setup| Race::new(s, 1).unwrap_err();
    assert_eq!(err(Setup::new(c.clone(), 7)), SetupError::TooManyRobots(7));
    assert_eq!(err(Setup::new(c.clone(), 1)), SetupError::TooFewRobots(1));
    let mut s = Setup::new(c.clone(), 2);
    s.priority = PlayerId(2);
    assert!(matches!(err(s), SetupError::PriorityNotAPlayer(..)));
    // The course's own problems are refused when the course is made.
    let edit = |change: fn(&mut CourseParts)| c.clone().edit(change).unwrap_err();
    assert_eq!(edit(|p| p.checkpoints.clear()), CourseError::NoCheckpoints);
    let all = c.starts().to_vec();
    let e = c
        .clone()
        .edit(|p| p.extras.covered_starts = all)
        .unwrap_err();
    assert_eq!(e, CourseError::Extra(MarkerError::NoFreeStart));
    let mut s = Setup::new(c.clone(), 6);
    let (_, keep) = c.starts().split_last().unwrap();
    let keep = keep.to_vec();
    s.course = c.clone().edit(|p| p.extras.covered_starts = keep).unwrap();
    assert_eq!(err(s), SetupError::NotEnoughStarts { robots: 6, free: 1 });
    let mut s = Setup::new(c.clone(), 2);
    s.max_rounds = Some(0);
    assert_eq!(err(s), SetupError::NoRounds);
    let mut s = Setup::new(c.clone(), 2);
    s.course = c
        .edit(|p| p.extras.reboot_tokens.iter_mut().for_each(|t| *t = None))
        .unwrap();
    assert!(matches!(err(s), SetupError::MissingRebootToken(_)));
}

#[test]
fn setup_deals_3_upgrades_and_3_energy_and_the_priority_holder_chooses_a_start_first() {
    let c = courses::course("Milk Run").unwrap();
    let covered = c.extras().covered_starts.clone();
    let mut s = Setup::new(c.clone(), 3);
    s.priority = P2;
    let mut race = Race::new(s, 5).unwrap();
    for p in [P0, P1, P2] {
        let pl = race.player(p).unwrap();
        assert_eq!(pl.uninstalled().len(), 3);
        assert_eq!(pl.energy(), 3);
        assert_eq!(pl.deck().len(), 20);
    }
    assert_eq!(race.priority(), P2, "the chosen player holds the token");
    // The priority holder places first, then the choice goes clockwise.
    for p in [P2, P0, P1] {
        assert_eq!(
            asked(&race),
            Some((p, Decision::ChooseStart)),
            "from the priority holder, clockwise"
        );
        let mut legal = Vec::new();
        race.legal_actions(p, &mut legal);
        assert!(covered
            .iter()
            .all(|c| !legal.contains(&Action::ChooseStart(*c))));
        if let Some(&c) = covered.first() {
            let e = race.apply(p, Action::ChooseStart(c)).unwrap_err();
            assert!(
                matches!(e, ActionError::Illegal(Reason::NotAnOption(_))),
                "covered start refused"
            );
        }
        let Action::ChooseStart(at) = legal[0] else {
            panic!()
        };
        answer(&mut race, p, legal[0].clone());
        assert_eq!(race.robot(p), Some((at, c.start_facing())));
        assert_eq!(
            race.player(p).unwrap().archive(),
            (at, c.start_facing()),
            "archive token under the robot"
        );
        assert!(
            race.apply(p, Action::ChooseStart(at)).is_err(),
            "a taken start is refused"
        );
    }
    assert_eq!(race.phase(), Phase::Upgrade);
}

#[test]
fn competitive_mode_lets_players_cover_starts_in_priority_order() {
    let c = courses::course("Milk Run").unwrap();
    let mut s = Setup::new(c.clone(), 6);
    s.options.competitive = true;
    s.priority = P1;
    let mut race = Race::new(s, 5).unwrap();
    let free = c.starts().len() - 6;
    for k in 0..free {
        let expected = PlayerId(((1 + k) % 6) as u8);
        assert_eq!(asked(&race), Some((expected, Decision::BlockStart)));
        answer(&mut race, expected, Action::BlockStart(c.starts()[k]));
    }
    // No more cubes than leave a start for every robot; then robots
    // choose, the priority holder first.
    assert_eq!(asked(&race), Some((P1, Decision::ChooseStart)));
    let mut legal = Vec::new();
    race.legal_actions(P1, &mut legal);
    assert!(!legal.contains(&Action::ChooseStart(c.starts()[0])));
    assert_eq!(legal.len(), 6);
}

// ------------------------------------------------------------ upgrade phase

fn upgrade_phase(mut robots: Vec<RobotSpec>, upgrade_top: Vec<Upgrade>) -> Race {
    robots.iter_mut().for_each(|r| r.hand.clear());
    let mut p = Position::new(Setup::new(open(), robots.len() as u8), robots);
    p.start = StartAt::Upgrade;
    p.upgrade_top = upgrade_top;
    start(p).0
}

#[test]
fn the_upgrade_phase_allows_one_draw_and_one_install_and_any_uninstalls() {
    let mut me = bot(2, 4, Dir::N);
    me.energy = 10;
    me.installed = vec![
        Upgrade::Brakes,
        Upgrade::Spiky,
        Upgrade::RailGun,
        Upgrade::Recharge,
    ];
    me.uninstalled = vec![Upgrade::CrabLegs];
    let mut race = upgrade_phase(vec![me, far()], vec![Upgrade::Firewall]);
    answer(&mut race, P0, Action::DrawUpgrade);
    assert_eq!(race.player(P0).unwrap().energy(), 9);
    assert!(race
        .player(P0)
        .unwrap()
        .uninstalled()
        .contains(&Upgrade::Firewall));
    let mut legal = Vec::new();
    race.legal_actions(P0, &mut legal);
    assert!(!legal.contains(&Action::DrawUpgrade), "one draw a phase");
    // Three permanents installed: a fourth needs one discarded.
    assert!(!legal.contains(&Action::Install {
        upgrade: Upgrade::CrabLegs,
        discard: None
    }));
    let e = race
        .apply(
            P0,
            Action::Install {
                upgrade: Upgrade::CrabLegs,
                discard: None,
            },
        )
        .unwrap_err();
    assert!(matches!(e, ActionError::Illegal(Reason::NotAnOption(_))));
    answer(
        &mut race,
        P0,
        Action::Install {
            upgrade: Upgrade::CrabLegs,
            discard: Some(Upgrade::Spiky),
        },
    );
    let pl = race.player(P0).unwrap();
    assert_eq!(pl.energy(), 4, "Crab Legs costs 5");
    assert!(pl.has(Upgrade::CrabLegs) && !pl.has(Upgrade::Spiky));
    race.legal_actions(P0, &mut legal);
    assert!(
        !legal.iter().any(|a| matches!(a, Action::Install { .. })),
        "one install a phase"
    );
    answer(&mut race, P0, Action::Uninstall(Upgrade::Brakes));
    answer(&mut race, P0, Action::Uninstall(Upgrade::RailGun));
    assert!(race
        .upgrade_deck()
        .discard_pile()
        .any(|u| *u == Upgrade::Brakes));
    answer(&mut race, P0, Action::Done);
    assert!(!race.pending().is_waiting_for(P0));
}

#[test]
fn the_upgrade_deck_reshuffles_its_discard_when_empty_and_energy_stops_at_10() {
    let mut me = bot(2, 4, Dir::N);
    me.energy = 9;
    me.installed = vec![Upgrade::Recharge];
    let everything_else: Vec<Upgrade> = Upgrade::ALL
        .into_iter()
        .filter(|u| *u != Upgrade::Recharge)
        .collect();
    let mut p = Position::new(Setup::new(open(), 2), vec![me, far()]);
    p.start = StartAt::Upgrade;
    p.upgrade_discard = everything_else;
    let (mut race, _) = start(p);
    assert_eq!(race.upgrade_deck().draw_len(), 0);
    answer(&mut race, P0, Action::DrawUpgrade);
    assert_eq!(race.player(P0).unwrap().uninstalled().len(), 1);
    assert_eq!(race.upgrade_deck().len(), 38);
    answer(
        &mut race,
        P0,
        Action::Use(variant_2023::UpgradeUse::Recharge),
    );
    assert_eq!(race.player(P0).unwrap().energy(), 10);
}

// ---------------------------------------------------------------- programming

#[test]
fn programming_draws_to_9_reshuffling_and_discards_regular_leftovers_but_keeps_damage() {
    let mut me = bot(2, 4, Dir::N);
    me.hand = vec![Card::Spam];
    me.deck_top = vec![Card::Move1, Card::Move1, Card::Move1];
    me.discard = vec![
        Card::Move2,
        Card::Move2,
        Card::Move2,
        Card::UTurn,
        Card::MoveBack,
        Card::PowerUp,
        Card::Again,
    ];
    me.discard.extend([Card::RotateLeft; 4]);
    me.discard.extend([Card::RotateRight; 4]);
    let mut p = Position::new(Setup::new(open(), 2), vec![me, far()]);
    p.start = StartAt::Upgrade;
    let (mut race, _) = start(p);
    assert_eq!(
        race.player(P0).unwrap().deck().draw_len(),
        5,
        "3 listed + the 2 cards nobody was given"
    );
    let events = end_upgrades(&mut race);
    let hand = race.player(P0).unwrap().hand().to_vec();
    assert_eq!(hand.len(), 9);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::DeckShuffled { player: P0 })));
    let regular: Vec<_> = hand.iter().copied().filter(|c| !c.is_damage()).collect();
    answer(
        &mut race,
        P0,
        Action::Program(Program::of([
            regular[0], regular[1], regular[2], regular[3], regular[4],
        ])),
    );
    let pl = race.player(P0).unwrap();
    assert_eq!(
        pl.hand().iter().map(|c| c.card()).collect::<Vec<_>>(),
        vec![Card::Spam],
        "damage stays in hand"
    );
    assert!(regular[5..]
        .iter()
        .all(|c| pl.deck().discard_pile().any(|d| d == c)));
}

#[test]
fn programs_are_hidden_until_revealed_and_must_fill_every_register() {
    let mut me = bot(2, 4, Dir::N);
    me.hand = vec![
        Card::Move1,
        Card::Move2,
        Card::RotateLeft,
        Card::RotateRight,
        Card::PowerUp,
        Card::UTurn,
    ];
    let mut race =
        Race::from_position(Position::new(Setup::new(open(), 2), vec![me, far()])).unwrap();
    let h = race.player(P0).unwrap().hand().to_vec();
    let mut short = Program::of([h[0], h[1], h[2], h[3], h[4]]);
    short.registers[4] = variant_2023::Slot::Empty;
    assert_eq!(
        race.apply(P0, Action::Program(short)).unwrap_err(),
        ActionError::Illegal(Reason::EmptyRegister(5))
    );
    let twice = Program::of([h[0], h[0], h[2], h[3], h[4]]);
    assert_eq!(
        race.apply(P0, Action::Program(twice)).unwrap_err(),
        ActionError::Illegal(Reason::Duplicate(h[0]))
    );
    answer(
        &mut race,
        P0,
        Action::Program(Program::of([h[0], h[1], h[2], h[3], h[4]])),
    );
    let theirs = race.view(P1);
    assert!(theirs.robots[0]
        .registers
        .iter()
        .all(|r| r.cards.is_empty() && !r.revealed));
    let mine = race.view(P0);
    assert_eq!(mine.robots[0].registers[0].cards.len(), 1);
}

#[test]
fn again_in_register_1_acts_like_spam() {
    let mut me = programmed(2, 4, Dir::N, &[Card::Again]);
    me.deck_top = vec![Card::Move2];
    let (a, events, race) = play_at(at_register(open(), vec![me, far()], 1), 1, first);
    assert_eq!(a[0], spot(2, 2, Dir::N));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CardReplaced {
            card: Card::Again,
            by: Some(Card::Move2),
            ..
        }
    )));
    assert!(
        race.player(P0)
            .unwrap()
            .deck()
            .discard_pile()
            .any(|c| c.card() == Card::Again),
        "to the programming discard"
    );
}

#[test]
fn again_repeats_the_card_resolved_last_in_the_previous_register() {
    let me = programmed(2, 6, Dir::N, &[Card::Move2, Card::Again]);
    let (_, events, _) = play_at(at_register(open(), vec![me, far()], 1), 2, first);
    assert_eq!(
        after(&[spot(2, 6, Dir::N), spot(5, 5, Dir::E)], &events, 2)[0],
        spot(2, 2, Dir::N)
    );
    // After a SPAM, Again repeats the card that replaced it.
    let mut me = programmed(2, 6, Dir::N, &[Card::Spam, Card::Again]);
    me.deck_top = vec![Card::RotateRight];
    let (_, events, _) = play_at(at_register(open(), vec![me, far()], 1), 2, first);
    assert_eq!(
        after(&[spot(2, 6, Dir::N), spot(5, 5, Dir::E)], &events, 2)[0],
        spot(2, 6, Dir::S)
    );
}

#[test]
fn revealed_spam_is_replaced_by_the_top_card_chained() {
    let mut me = programmed(2, 4, Dir::N, &[Card::Spam]);
    me.deck_top = vec![Card::Spam, Card::Move1];
    let (a, _, race) = play_at(at_register(open(), vec![me, far()], 1), 1, first);
    assert_eq!(a[0], spot(2, 3, Dir::N));
    assert_eq!(
        race.damage_deck()
            .discard_pile()
            .filter(|c| c.card() == Card::Spam)
            .count(),
        2
    );
}

#[test]
fn act_fast_time_up_fills_empty_registers_at_random_and_is_refused_otherwise() {
    let mut me = bot(2, 4, Dir::N);
    me.hand = vec![
        Card::RotateLeft,
        Card::RotateLeft,
        Card::RotateRight,
        Card::RotateRight,
        Card::PowerUp,
        Card::UTurn,
    ];
    let mut race = Race::from_position(Position::new(
        Setup::new(open(), 2),
        vec![me.clone(), far()],
    ))
    .unwrap();
    let e = race
        .apply(P0, Action::TimeUp(Program::default()))
        .unwrap_err();
    assert_eq!(e, ActionError::Illegal(Reason::NotActFast));
    let mut s = Setup::new(open(), 2);
    s.options.act_fast = true;
    let mut race = Race::from_position(Position::new(s, vec![me, far()])).unwrap();
    let h = race.player(P0).unwrap().hand().to_vec();
    let mut partial = Program::default();
    partial.registers[0] = variant_2023::Slot::Card(h[4]);
    answer(&mut race, P0, Action::TimeUp(partial));
    let pl = race.player(P0).unwrap();
    assert_eq!(pl.registers()[0].cards.as_slice(), &[h[4]]);
    assert!(
        pl.registers().iter().all(|r| r.cards.len() == 1),
        "every register filled"
    );
    assert!(pl.hand().is_empty());
}

#[test]
fn less_spammy_discards_spam_left_in_hand_after_programming() {
    let mut me = bot(2, 4, Dir::N);
    me.hand = vec![
        Card::RotateLeft,
        Card::RotateLeft,
        Card::RotateRight,
        Card::RotateRight,
        Card::PowerUp,
        Card::Spam,
    ];
    let mut s = Setup::new(open(), 2);
    s.options.less_spammy = true;
    let mut race = Race::from_position(Position::new(s, vec![me, far()])).unwrap();
    let h = race.player(P0).unwrap().hand().to_vec();
    answer(
        &mut race,
        P0,
        Action::Program(Program::of([h[0], h[1], h[2], h[3], h[4]])),
    );
    let pl = race.player(P0).unwrap();
    assert!(pl.hand().is_empty());
    assert!(pl.deck().discard_pile().any(|c| c.card() == Card::Spam));
}

#[test]
fn three_temporary_upgrades_at_most_and_a_fourth_needs_one_discarded() {
    let mut me = bot(2, 4, Dir::N);
    me.energy = 5;
    me.installed = vec![Upgrade::Recharge, Upgrade::Zoop, Upgrade::Boink];
    me.uninstalled = vec![Upgrade::Overclocked];
    let mut race = upgrade_phase(vec![me, far()], vec![]);
    let mut legal = Vec::new();
    race.legal_actions(P0, &mut legal);
    assert!(!legal.contains(&Action::Install {
        upgrade: Upgrade::Overclocked,
        discard: None
    }));
    assert!(legal.contains(&Action::Install {
        upgrade: Upgrade::Overclocked,
        discard: Some(Upgrade::Zoop)
    }));
    answer(
        &mut race,
        P0,
        Action::Install {
            upgrade: Upgrade::Overclocked,
            discard: Some(Upgrade::Zoop),
        },
    );
    let pl = race.player(P0).unwrap();
    assert_eq!(pl.temporary().len(), 3);
    assert_eq!(pl.energy(), 3, "Overclocked costs 2");
    assert!(race
        .upgrade_deck()
        .discard_pile()
        .any(|u| *u == Upgrade::Zoop));
}
