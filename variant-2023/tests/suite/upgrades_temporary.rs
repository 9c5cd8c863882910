//! Every temporary upgrade: its effect, and its timing or limit.

use super::common;

use common::*;
use robo_core::board::Wall;
use robo_core::geom::{Dir, Pos};
use robo_core::{Game, Pending, PlayerId};
use variant_2023::cards::{Card, Haywire};
use variant_2023::courses::Course;
use variant_2023::events::Source;
use variant_2023::position::{Position, RobotSpec, StartAt};
use variant_2023::robot::ProgramStatus;
use variant_2023::{
    Action, Decision, Event, Program, Race, Reason, Slot, Upgrade, UpgradeUse, Weapon,
};

fn use_(u: UpgradeUse) -> Action {
    Action::Use(u)
}

/// Records the options of every window, and picks from `prefs`.
fn windows(
    seen: &mut Vec<(bool, Vec<Action>)>,
    prefs: Vec<Action>,
) -> impl FnMut(PlayerId, Decision, &[Action]) -> Action + '_ {
    let mut pick = prefer(prefs);
    move |p, d, o| {
        if let Decision::Window { after } = d {
            seen.push((after, o.to_vec()));
        }
        pick(p, d, o)
    }
}

fn used_up(race: &Race, p: PlayerId, u: Upgrade) -> bool {
    !race.player(p).unwrap().has(u) && race.upgrade_deck().discard_pile().any(|x| *x == u)
}

#[test]
fn abort_switch_replaces_the_revealed_card_with_the_top_of_the_deck() {
    let mut me = with(
        programmed(2, 4, Dir::N, &[Card::Move3]),
        &[Upgrade::AbortSwitch],
    );
    me.deck_top = vec![Card::RotateLeft];
    let (a, _, race) = play_at(
        at_register(open(), vec![me, far()], 1),
        1,
        prefer(vec![use_(UpgradeUse::AbortSwitch)]),
    );
    assert_eq!(a[0], spot(2, 4, Dir::W));
    assert!(race
        .player(P0)
        .unwrap()
        .deck()
        .discard_pile()
        .any(|c| c.card() == Card::Move3));
    assert!(used_up(&race, P0, Upgrade::AbortSwitch));
}

#[test]
fn abort_switch_is_offered_before_the_card_only() {
    let me = with(
        programmed(2, 4, Dir::N, &[Card::Move1]),
        &[Upgrade::AbortSwitch],
    );
    let mut seen = Vec::new();
    play_at(
        at_register(open(), vec![me, far()], 1),
        1,
        windows(&mut seen, vec![]),
    );
    let abort = use_(UpgradeUse::AbortSwitch);
    assert!(seen.iter().any(|(after, o)| !after && o.contains(&abort)));
    assert!(!seen.iter().any(|(after, o)| *after && o.contains(&abort)));
}

fn belts() -> Course {
    course(
        &[
            ". . . . . .",
            "b> b> g> . . .",
            ". . . . g> .",
            ". . . . . .",
            ". . . . . .",
        ],
        &[],
        &[Pos::new(5, 0)],
        Some((Pos::new(0, 4), Dir::E)),
    )
}

#[test]
fn all_aboard_runs_the_belts_for_this_robot_alone() {
    let me = with(
        programmed(0, 1, Dir::N, &[Card::PowerUp]),
        &[Upgrade::AllAboard],
    );
    let (a, events, race) = play_at(
        at_register(belts(), vec![me, bot(4, 2, Dir::N)], 1),
        1,
        prefer(vec![use_(UpgradeUse::AllAboard)]),
    );
    assert_eq!(a[0], spot(3, 1, Dir::N), "blue twice, then green");
    assert_eq!(
        a[1],
        spot(5, 2, Dir::N),
        "the other robot moved only in the board's own green pass"
    );
    assert!(used_up(&race, P0, Upgrade::AllAboard));
    let used = events
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::UpgradeUsed {
                    upgrade: Upgrade::AllAboard,
                    ..
                }
            )
        })
        .unwrap();
    let revealed = events
        .iter()
        .position(|e| matches!(e, Event::CardResolved { player: P0, .. }))
        .unwrap();
    assert!(used < revealed, "used before the card");
}

#[test]
fn all_aboard_is_offered_on_a_belt_only() {
    let me = with(
        programmed(1, 3, Dir::N, &[Card::PowerUp]),
        &[Upgrade::AllAboard],
    );
    let mut seen = Vec::new();
    play_at(
        at_register(belts(), vec![me, far()], 1),
        1,
        windows(&mut seen, vec![]),
    );
    assert!(seen.is_empty(), "no belt under the robot, nothing to offer");
}

#[test]
fn boink_steps_to_a_free_adjacent_space_keeping_the_facing() {
    let me = with(
        programmed(2, 4, Dir::N, &[Card::PowerUp]),
        &[Upgrade::Boink],
    );
    let mut seen = Vec::new();
    let (a, _, _) = play_at(
        at_register(open(), vec![me, bot(3, 4, Dir::S)], 1),
        1,
        windows(&mut seen, vec![use_(UpgradeUse::Boink(Dir::W))]),
    );
    assert_eq!(a[0], spot(1, 4, Dir::N));
    assert!(
        !seen[0].1.contains(&use_(UpgradeUse::Boink(Dir::E))),
        "an occupied space is not offered"
    );
}

/// A race in the programming phase with these robots.
fn programming(robots: Vec<RobotSpec>) -> Race {
    Race::from_position(Position::new(
        variant_2023::Setup::new(open(), robots.len() as u8),
        robots,
    ))
    .unwrap()
}

#[test]
fn calibration_protocol_trades_damage_in_hand_for_new_cards_while_programming() {
    let mut me = with(bot(2, 4, Dir::N), &[Upgrade::CalibrationProtocol]);
    me.hand = vec![
        Card::Spam,
        Card::Spam,
        Card::Move1,
        Card::Move1,
        Card::Move1,
        Card::Move1,
        Card::Move2,
        Card::Move2,
        Card::Move2,
    ];
    let mut race = programming(vec![me, far()]);
    let mut legal = Vec::new();
    race.legal_actions(P0, &mut legal);
    assert!(legal.contains(&use_(UpgradeUse::CalibrationProtocol)));
    answer(&mut race, P0, use_(UpgradeUse::CalibrationProtocol));
    let pl = race.player(P0).unwrap();
    assert_eq!(pl.hand().len(), 9);
    assert!(pl.hand().iter().all(|c| !c.is_damage()));
    assert_eq!(
        race.damage_deck()
            .discard_pile()
            .filter(|c| c.card() == Card::Spam)
            .count(),
        2
    );
    assert!(used_up(&race, P0, Upgrade::CalibrationProtocol));
}

#[test]
fn calibration_protocol_is_not_offered_during_activation() {
    let me = with(
        programmed(2, 4, Dir::N, &[Card::PowerUp]),
        &[Upgrade::CalibrationProtocol, Upgrade::Recharge],
    );
    let mut seen = Vec::new();
    play_at(
        at_register(open(), vec![me, far()], 1),
        1,
        windows(&mut seen, vec![]),
    );
    assert!(!seen.is_empty(), "Recharge opens the windows");
    let calibrate = use_(UpgradeUse::CalibrationProtocol);
    seen.retain(|(_, o)| o.contains(&calibrate));
    assert!(seen.is_empty());
}

#[test]
fn displacing_blast_sends_the_target_to_its_boards_reboot_token_once() {
    let me = with(bot(2, 4, Dir::N), &[Upgrade::DisplacingBlast]);
    let pick = prefer(vec![Action::Fire(Weapon::Upgrade(
        Upgrade::DisplacingBlast,
    ))]);
    let (a, events, race) = play_at(at_register(open(), vec![me, bot(2, 1, Dir::W)], 4), 4, pick);
    assert_eq!(a[1], spot(5, 7, Dir::W), "on the token, facing kept");
    assert_eq!(damage_of(in_register(&events, 4), P1), 0);
    assert!(used_up(&race, P0, Upgrade::DisplacingBlast));
}

#[test]
fn lucky_booster_digs_for_a_haywire_that_may_replace_the_revealed_card() {
    let mut me = with(
        programmed(2, 4, Dir::N, &[Card::Move3]),
        &[Upgrade::LuckyBooster],
    );
    me.deck_top = vec![];
    let mut p = at_register(open(), vec![me, far()], 1);
    p.damage_top = vec![Card::Spam, Card::Spam, hay(Haywire::JogRight)];
    let pick = prefer(vec![
        use_(UpgradeUse::LuckyBooster),
        Action::PlayHaywire(true),
    ]);
    let (a, _, race) = play_at(p.clone(), 1, pick);
    assert_eq!(
        a[0],
        spot(3, 3, Dir::E),
        "the Haywire resolved instead of Move 3"
    );
    assert_eq!(
        race.damage_deck()
            .discard_pile()
            .filter(|c| c.card() == Card::Spam)
            .count(),
        2
    );
    // Declining leaves the Haywire on the damage discard and the card resolves.
    let (a, _, race) = play_at(
        p,
        1,
        prefer(vec![
            use_(UpgradeUse::LuckyBooster),
            Action::PlayHaywire(false),
        ]),
    );
    assert_eq!(a[0], spot(2, 1, Dir::N));
    assert!(race
        .damage_deck()
        .discard_pile()
        .any(|c| c.card() == hay(Haywire::JogRight)));
    assert!(used_up(&race, P0, Upgrade::LuckyBooster));
}

#[test]
fn magnetic_follows_an_adjacent_robots_card_move() {
    let me = programmed(2, 4, Dir::N, &[Card::Move2]);
    let them = with(bot(3, 4, Dir::E), &[Upgrade::Magnetic]);
    let (a, _, race) = play_at(
        at_register(open(), vec![me, them], 1),
        1,
        prefer(vec![Action::Follow(true)]),
    );
    assert_eq!(a[0], spot(2, 2, Dir::N));
    assert_eq!(a[1], spot(3, 2, Dir::E));
    assert!(used_up(&race, P1, Upgrade::Magnetic));
}

#[test]
fn magnetic_ignores_moves_that_are_not_register_cards() {
    let me = bot(0, 1, Dir::N);
    let them = with(bot(0, 2, Dir::E), &[Upgrade::Magnetic]);
    let mut seen = Vec::new();
    let pick = |p, d, o: &[Action]| {
        seen.push(d);
        neutral_of(p, d, o)
    };
    let (a, _, _) = play_at(at_register(belts(), vec![me, them], 5), 5, pick);
    assert_eq!(a[0], spot(3, 1, Dir::N), "conveyed");
    assert!(seen.is_empty());
}

fn neutral_of(_: PlayerId, _: Decision, o: &[Action]) -> Action {
    neutral(o)
}

#[test]
fn memory_swap_draws_3_then_puts_3_back_on_top_in_order() {
    let mut me = with(bot(2, 4, Dir::N), &[Upgrade::MemorySwap]);
    me.hand = vec![Card::Move1; 4];
    me.hand.extend([Card::RotateLeft; 4]);
    me.hand.push(Card::UTurn);
    me.deck_top = vec![Card::Move3, Card::Move2, Card::PowerUp];
    let mut race = programming(vec![me, far()]);
    answer(&mut race, P0, use_(UpgradeUse::MemorySwap));
    assert_eq!(race.player(P0).unwrap().hand().len(), 12);
    let hand = race.player(P0).unwrap().hand().to_vec();
    let prog = Program::of([hand[0], hand[1], hand[2], hand[3], hand[4]]);
    assert_eq!(
        race.apply(P0, Action::Program(prog)).unwrap_err(),
        robo_core::ActionError::Illegal(Reason::Returning)
    );
    let find = |k: Card| *hand.iter().find(|c| c.card() == k).unwrap();
    for k in [Card::Move3, Card::UTurn, Card::PowerUp] {
        answer(&mut race, P0, Action::ReturnCard(find(k)));
    }
    let pl = race.player(P0).unwrap();
    assert_eq!(pl.hand().len(), 9);
    let top: Vec<Card> = pl.deck().draw_pile().take(3).map(|c| c.card()).collect();
    assert_eq!(
        top,
        vec![Card::PowerUp, Card::UTurn, Card::Move3],
        "the last card put back is on top"
    );
    assert!(matches!(race.pending(), Pending::Simultaneous { .. }));
}

#[test]
fn memory_swap_returns_cards_from_the_hand_only() {
    let mut me = with(bot(2, 4, Dir::N), &[Upgrade::MemorySwap]);
    me.hand = vec![Card::Move1; 4];
    me.discard = vec![Card::Move3];
    let mut race = programming(vec![me, far()]);
    answer(&mut race, P0, use_(UpgradeUse::MemorySwap));
    assert_eq!(
        race.player(P0).unwrap().program_status(),
        ProgramStatus::Returning(3)
    );
    let discarded = *race
        .player(P0)
        .unwrap()
        .deck()
        .discard_pile()
        .next()
        .unwrap();
    let e = race.apply(P0, Action::ReturnCard(discarded)).unwrap_err();
    assert_eq!(
        e,
        robo_core::ActionError::Illegal(Reason::NotInHand(discarded))
    );
}

#[test]
fn overclocked_moves_2_next_to_the_card_and_not_in_the_upgrade_phase() {
    let me = with(
        programmed(2, 4, Dir::N, &[Card::PowerUp]),
        &[Upgrade::Overclocked],
    );
    let (a, _, _) = play_at(
        at_register(open(), vec![me.clone(), far()], 1),
        1,
        prefer(vec![use_(UpgradeUse::Overclocked)]),
    );
    assert_eq!(a[0], spot(2, 2, Dir::N));
    let mut p = Position::new(variant_2023::Setup::new(open(), 2), vec![me, far()]);
    p.start = StartAt::Upgrade;
    let (race, _) = start(p);
    let mut legal = Vec::new();
    race.legal_actions(P0, &mut legal);
    assert!(!legal.contains(&use_(UpgradeUse::Overclocked)));
}

#[test]
fn piercing_drill_damages_and_turns_a_pushed_robot_once() {
    let me = with(
        programmed(2, 5, Dir::N, &[Card::Move1, Card::Move1]),
        &[Upgrade::PiercingDrill],
    );
    let mut asked = 0;
    let pick = |p, d, o: &[Action]| {
        if d == Decision::PiercingDrill {
            asked += 1;
            return Action::Pierce(Some(Dir::W));
        }
        neutral_of(p, d, o)
    };
    let (_, events, race) = play_at(at_register(open(), vec![me, bot(2, 4, Dir::E)], 1), 2, pick);
    assert_eq!(asked, 1, "a temporary upgrade acts once");
    assert_eq!(
        after(&[spot(2, 5, Dir::N), spot(2, 4, Dir::E)], &events, 1)[1],
        spot(2, 3, Dir::W)
    );
    let other = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Damaged {
                    player: P1,
                    source: Source::Other,
                    ..
                }
            )
        })
        .count();
    assert_eq!(other, 1);
    assert!(used_up(&race, P0, Upgrade::PiercingDrill));
}

#[test]
fn pressure_release_backs_up_to_5_and_stops_before_robots_and_walls() {
    let me = with(
        programmed(2, 0, Dir::N, &[Card::PowerUp]),
        &[Upgrade::PressureRelease],
    );
    let (a, _, _) = play_at(
        at_register(open(), vec![me.clone(), bot(2, 4, Dir::E)], 1),
        1,
        prefer(vec![use_(UpgradeUse::PressureRelease)]),
    );
    assert_eq!(a[0], spot(2, 3, Dir::N));
    assert_eq!(a[1], spot(2, 4, Dir::E), "not pushed");
    let c = open()
        .edit(|p| {
            p.board
                .set_wall(Pos::new(2, 1), Dir::S, Wall::Both)
                .unwrap()
        })
        .unwrap();
    let (a, _, _) = play_at(
        at_register(c, vec![me, far()], 1),
        1,
        prefer(vec![use_(UpgradeUse::PressureRelease)]),
    );
    assert_eq!(a[0], spot(2, 1, Dir::N));
}

fn upgrade_phase(robots: Vec<RobotSpec>) -> Race {
    let mut p = Position::new(variant_2023::Setup::new(open(), robots.len() as u8), robots);
    p.setup.options.less_deadly = true;
    p.start = StartAt::Upgrade;
    start(p).0
}

#[test]
fn re_initialize_gives_the_priority_token_in_the_upgrade_phase() {
    let mut race = upgrade_phase(vec![
        with(bot(2, 4, Dir::N), &[Upgrade::ReInitialize]),
        far(),
    ]);
    answer(&mut race, P0, use_(UpgradeUse::ReInitialize(P1)));
    assert_eq!(race.priority(), P1);
    assert!(used_up(&race, P0, Upgrade::ReInitialize));
    let mut legal = Vec::new();
    race.legal_actions(P0, &mut legal);
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, Action::Use(UpgradeUse::ReInitialize(_)))),
        "used once"
    );
}

#[test]
fn recharge_gains_3_energy_up_to_10() {
    let mut me = with(bot(2, 4, Dir::N), &[Upgrade::Recharge]);
    me.energy = 9;
    let mut race = upgrade_phase(vec![me, far()]);
    answer(&mut race, P0, use_(UpgradeUse::Recharge));
    assert_eq!(race.player(P0).unwrap().energy(), 10);
}

#[test]
fn rewire_takes_face_down_haywires_into_hand_and_they_must_be_programmed() {
    let mut me = with(bot(2, 4, Dir::N), &[Upgrade::Rewire]);
    me.registers[1] = vec![hay(Haywire::MoveTwoTurnLeft)];
    let mut race = upgrade_phase(vec![me, far()]);
    answer(&mut race, P0, use_(UpgradeUse::Rewire));
    end_upgrades(&mut race);
    let pl = race.player(P0).unwrap();
    assert!(pl.registers()[1].cards.is_empty());
    let h = *pl
        .hand()
        .iter()
        .find(|c| c.card() == hay(Haywire::MoveTwoTurnLeft))
        .unwrap();
    let rest: Vec<_> = pl.hand().iter().copied().filter(|c| *c != h).collect();
    let without = Program::of([rest[0], rest[1], rest[2], rest[3], rest[4]]);
    assert_eq!(
        race.apply(P0, Action::Program(without)).unwrap_err(),
        robo_core::ActionError::Illegal(Reason::MustProgram(h))
    );
    let mut with_it = Program::of([rest[0], rest[1], rest[2], h, rest[4]]);
    with_it.registers[3] = Slot::Card(h);
    answer(&mut race, P0, Action::Program(with_it));
    let events = program_all(&mut race);
    assert!(events.iter().any(|e| matches!(e, Event::CardRevealed { player: P0, register: 4, card } if *card == hay(Haywire::MoveTwoTurnLeft))));
}

#[test]
fn switch_swaps_places_with_an_adjacent_robot_only() {
    let me = with(
        programmed(2, 4, Dir::N, &[Card::PowerUp]),
        &[Upgrade::Switch],
    );
    let mut seen = Vec::new();
    let (a, _, _) = play_at(
        at_register(open(), vec![me.clone(), bot(3, 4, Dir::E)], 1),
        1,
        windows(&mut seen, vec![use_(UpgradeUse::Switch(P1))]),
    );
    assert_eq!(a, vec![spot(3, 4, Dir::N), spot(2, 4, Dir::E)]);
    let c = open()
        .edit(|p| {
            p.board
                .set_wall(Pos::new(2, 4), Dir::E, Wall::Both)
                .unwrap()
        })
        .unwrap();
    let mut seen = Vec::new();
    let me = with(
        programmed(2, 4, Dir::N, &[Card::PowerUp]),
        &[Upgrade::Switch, Upgrade::Recharge],
    );
    play_at(
        at_register(c, vec![me, bot(3, 4, Dir::E)], 1),
        1,
        windows(&mut seen, vec![]),
    );
    assert!(!seen.is_empty(), "Recharge opens the windows");
    assert!(
        seen.iter()
            .all(|(_, o)| !o.contains(&use_(UpgradeUse::Switch(P1)))),
        "not through a wall"
    );
}

#[test]
fn zoop_faces_any_way_but_is_no_u_turn_maneuver() {
    let me = with(
        programmed(2, 4, Dir::N, &[Card::PowerUp]),
        &[Upgrade::Zoop, Upgrade::LaserKata],
    );
    let (a, events, _) = play_at(
        at_register(open(), vec![me, bot(0, 4, Dir::N)], 1),
        1,
        prefer(vec![use_(UpgradeUse::Zoop(Dir::S))]),
    );
    assert_eq!(a[0], spot(2, 4, Dir::S));
    assert_eq!(
        damage_of(in_register(&events, 1), P1),
        0,
        "Laser Kata does not fire sideways"
    );
}
