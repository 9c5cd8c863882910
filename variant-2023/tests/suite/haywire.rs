//! Every Haywire card: its effect, and its timing or limit.

use super::common;

use common::*;
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::{Game, PlayerId};
use variant_2023::actions::{Pile, Side};
use variant_2023::cards::{Card, Haywire};
use variant_2023::events::Drawn;
use variant_2023::position::{Position, RobotSpec, StartAt};
use variant_2023::{Action, Decision, Event, Race, Upgrade};

/// P0 at (2,4) facing north with `h` in register 1, P1 out of the way.
fn haywire_position(h: Haywire) -> Position {
    let me = programmed(2, 4, Dir::N, &[hay(h)]);
    at_register(open(), vec![me, bot(5, 7, Dir::E)], 1)
}

/// Runs the position, answering decisions with `pick`; where P0 stood
/// after register 1, and all events.
fn play(
    p: Position,
    pick: impl FnMut(PlayerId, Decision, &[Action]) -> Action,
) -> (Option<(Pos, Dir)>, Vec<Event>, Race) {
    let initial: Vec<_> = p.robots.iter().map(|r| r.at).collect();
    let (mut race, mut events) = start(p);
    events.extend(drive(&mut race, pick));
    (after(&initial, &events, 1)[0], events, race)
}

fn choose(want: Action) -> impl FnMut(PlayerId, Decision, &[Action]) -> Action {
    move |_, _, opts: &[Action]| {
        assert!(opts.contains(&want), "{want:?} not among {opts:?}");
        want.clone()
    }
}

#[test]
fn move_two_turn_right() {
    let (at, _, _) = play(haywire_position(Haywire::MoveTwoTurnRight), first);
    assert_eq!(at, spot(2, 2, Dir::E));
}

#[test]
fn turn_either_way_offers_left_and_right_only() {
    let (at, _, _) = play(haywire_position(Haywire::TurnEitherWay), |_, d, opts| {
        assert_eq!(d, Decision::Haywire(Haywire::TurnEitherWay));
        assert_eq!(
            opts,
            [Action::Rotate(Turn::Left), Action::Rotate(Turn::Right)]
        );
        Action::Rotate(Turn::Left)
    });
    assert_eq!(at, spot(2, 4, Dir::W));
}

#[test]
fn jog_left_and_jog_right() {
    assert_eq!(
        play(haywire_position(Haywire::JogLeft), first).0,
        spot(1, 3, Dir::W)
    );
    assert_eq!(
        play(haywire_position(Haywire::JogRight), first).0,
        spot(3, 3, Dir::E)
    );
}

#[test]
fn face_any_move_turns_then_moves() {
    let (at, _, _) = play(
        haywire_position(Haywire::FaceAnyMove),
        choose(Action::Face(Dir::E)),
    );
    assert_eq!(at, spot(3, 4, Dir::E));
}

#[test]
fn free_upgrade_installs_over_the_limit_and_leaves_at_the_end_of_the_round() {
    let mut p = haywire_position(Haywire::FreeUpgrade);
    p.robots[0].installed = vec![Upgrade::Brakes, Upgrade::Spiky, Upgrade::RearLaser];
    p.robots[0].uninstalled = vec![Upgrade::RailGun, Upgrade::Recharge];
    let mut seen = Vec::new();
    let (_, events, race) = play(p, |_, _, opts| {
        seen = opts.to_vec();
        Action::InstallFree(Upgrade::RailGun)
    });
    // Only one permanent upgrade was uninstalled: no question was needed.
    assert!(
        seen.is_empty(),
        "a single option is taken without asking: {seen:?}"
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::UpgradeInstalled {
            upgrade: Upgrade::RailGun,
            cost: 0,
            ..
        }
    )));
    // The loan ended with the round: Rail Gun is on the upgrade discard pile.
    let pl = race.player(P0).unwrap();
    assert!(!pl.has(Upgrade::RailGun));
    assert!(race
        .upgrade_deck()
        .discard_pile()
        .any(|u| *u == Upgrade::RailGun));
    assert_eq!(pl.permanent().count(), 3);
}

#[test]
fn free_upgrade_without_an_uninstalled_permanent_does_nothing() {
    let mut p = haywire_position(Haywire::FreeUpgrade);
    p.robots[0].uninstalled = vec![Upgrade::Recharge];
    let (at, events, _) = play(p, first);
    assert_eq!(at, spot(2, 4, Dir::N));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::UpgradeInstalled { .. })));
}

#[test]
fn grab_priority_moves_and_takes_the_token_for_the_next_register() {
    let mut p = haywire_position(Haywire::GrabPriority);
    p.priority = P1;
    p.robots[0].registers[1] = vec![Card::PowerUp];
    p.robots[1].registers[1] = vec![Card::PowerUp];
    let (at, events, _) = play(p, first);
    assert_eq!(at, spot(2, 3, Dir::N));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::PriorityPassed { to: P0 })));
    // In register 2, P0 now resolves first.
    let start = events
        .iter()
        .position(|e| matches!(e, Event::RegisterStarted { register: 2 }))
        .unwrap();
    let order: Vec<PlayerId> = events[start..]
        .iter()
        .filter_map(|e| match e {
            Event::CardResolved { player, .. } => Some(*player),
            _ => None,
        })
        .take(2)
        .collect();
    assert_eq!(order, vec![P0, P1]);
}

#[test]
fn overdrive_spends_energy_for_two_spaces_each_up_to_eight() {
    let mut p = haywire_position(Haywire::Overdrive);
    p.robots[0].energy = 3;
    let (at, _, race) = play(p, choose(Action::PayEnergy(2)));
    assert_eq!(at, spot(2, 0, Dir::N));
    assert_eq!(race.player(P0).unwrap().energy(), 1);
    let mut p = haywire_position(Haywire::Overdrive);
    p.robots[0].energy = 10;
    play(p, |_, _, opts| {
        assert_eq!(opts.len(), 9, "0 to 8 energy, never more");
        assert_eq!(opts.last(), Some(&Action::PayEnergy(8)));
        Action::PayEnergy(0)
    });
}

#[test]
fn reverse_three_and_back_flip() {
    let mut p = haywire_position(Haywire::ReverseThree);
    p.robots[0].at = spot(2, 2, Dir::N);
    assert_eq!(play(p, first).0, spot(2, 5, Dir::N));
    assert_eq!(
        play(haywire_position(Haywire::BackFlip), first).0,
        spot(2, 5, Dir::S)
    );
}

#[test]
fn sidestep_moves_two_sideways_keeping_the_facing_and_walls_stop_it() {
    let (at, _, _) = play(
        haywire_position(Haywire::Sidestep),
        choose(Action::Sidestep(Side::Left)),
    );
    assert_eq!(at, spot(0, 4, Dir::N));
    let mut p = haywire_position(Haywire::Sidestep);
    p.setup.course = p
        .setup
        .course
        .edit(|c| {
            c.board
                .set_wall(Pos::new(3, 4), Dir::E, robo_core::board::Wall::Both)
                .unwrap()
        })
        .unwrap();
    let (at, _, _) = play(p, choose(Action::Sidestep(Side::Right)));
    assert_eq!(at, spot(3, 4, Dir::N));
}

#[test]
fn purge_moves_back_and_removes_a_discard_pile_card_only() {
    let mut p = haywire_position(Haywire::Purge);
    p.robots[0].discard = vec![Card::Move3, Card::Move1];
    p.robots[0].hand = vec![Card::UTurn];
    let (at, _, race) = play(p, |_, _, opts| {
        assert_eq!(
            opts,
            [
                Action::Remove {
                    pile: Pile::Discard,
                    card: Card::Move1
                },
                Action::Remove {
                    pile: Pile::Discard,
                    card: Card::Move3
                }
            ]
        );
        Action::Remove {
            pile: Pile::Discard,
            card: Card::Move3,
        }
    });
    assert_eq!(at, spot(2, 5, Dir::N));
    assert_eq!(
        race.removed().iter().map(|c| c.card()).collect::<Vec<_>>(),
        vec![Card::Move3]
    );
    // Nothing in the discard pile: the removal lapses.
    let (_, _, race) = play(haywire_position(Haywire::Purge), first);
    assert!(race.removed().is_empty());
}

#[test]
fn move_two_turn_left() {
    assert_eq!(
        play(haywire_position(Haywire::MoveTwoTurnLeft), first).0,
        spot(2, 2, Dir::W)
    );
}

#[test]
fn ram_moves_five_and_hurts_only_when_a_wall_stops_it() {
    let mut p = haywire_position(Haywire::Ram);
    p.robots[0].at = spot(2, 7, Dir::N);
    let (at, events, _) = play(p, first);
    assert_eq!(at, spot(2, 2, Dir::N));
    assert_eq!(damage_of(&events, P0), 0);
    let mut p = haywire_position(Haywire::Ram);
    p.setup.course = p
        .setup
        .course
        .edit(|c| {
            c.board
                .set_wall(Pos::new(2, 2), Dir::N, robo_core::board::Wall::Both)
                .unwrap()
        })
        .unwrap();
    let (at, events, _) = play(p, first);
    assert_eq!(at, spot(2, 2, Dir::N));
    let first_register = events
        .iter()
        .position(|e| matches!(e, Event::RegisterStarted { register: 2 }))
        .unwrap();
    assert_eq!(damage_of(&events[..first_register], P0), 1);
}

#[test]
fn supercharge_adds_one_laser_damage_in_its_register_only() {
    let mut p = haywire_position(Haywire::Supercharge);
    p.robots[1].at = spot(2, 0, Dir::E);
    let (at, events, _) = play(p, first);
    assert_eq!(at, spot(2, 3, Dir::N));
    let second = events
        .iter()
        .position(|e| matches!(e, Event::RegisterStarted { register: 2 }))
        .unwrap();
    let third = events
        .iter()
        .position(|e| matches!(e, Event::RegisterStarted { register: 3 }))
        .unwrap();
    assert_eq!(damage_of(&events[..second], P1), 2, "main laser 1 + 1");
    assert_eq!(damage_of(&events[second..third], P1), 1, "back to normal");
}

#[test]
fn double_draw_resolves_the_top_two_cards_in_the_chosen_order() {
    let mut p = haywire_position(Haywire::DoubleDraw);
    p.robots[0].deck_top = vec![Card::Move1, Card::RotateRight];
    let (mut race, _) = start(p.clone());
    let (who, d) = asked(&race).unwrap();
    assert_eq!((who, d), (P0, Decision::Order));
    let mut opts = Vec::new();
    race.legal_actions(P0, &mut opts);
    let turn_first = opts
        .iter()
        .find(|a| matches!(a, Action::First(c) if c.card() == Card::RotateRight))
        .unwrap()
        .clone();
    let events = answer(&mut race, P0, turn_first);
    let at = after(&[spot(2, 4, Dir::N), spot(5, 7, Dir::E)], &events, 1);
    assert_eq!(at[0], spot(3, 4, Dir::E), "rotate right, then move 1");
    // The other order moves north first.
    let (mut race, _) = start(p);
    race.legal_actions(P0, &mut opts);
    let move_first = opts
        .iter()
        .find(|a| matches!(a, Action::First(c) if c.card() == Card::Move1))
        .unwrap()
        .clone();
    let events = answer(&mut race, P0, move_first);
    assert_eq!(
        after(&[spot(2, 4, Dir::N), spot(5, 7, Dir::E)], &events, 1)[0],
        spot(2, 3, Dir::E)
    );
}

#[test]
fn double_draw_of_two_alike_cards_asks_nothing_and_spam_among_them_is_replaced() {
    let mut p = haywire_position(Haywire::DoubleDraw);
    p.robots[0].deck_top = vec![Card::Move1, Card::Move1];
    let (at, events, _) = play(p, |_, d, _| panic!("asked {d:?}"));
    assert_eq!(at, spot(2, 2, Dir::N));
    assert!(!events.is_empty());
    let mut p = haywire_position(Haywire::DoubleDraw);
    p.robots[0].deck_top = vec![Card::Spam, Card::Move1, Card::Move2];
    let (at, events, _) = play(p, |_, _, opts| {
        // Resolve SPAM first: it is replaced by the next top card (Move 2).
        opts.iter()
            .find(|a| matches!(a, Action::First(c) if c.card() == Card::Spam))
            .unwrap()
            .clone()
    });
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CardReplaced {
            card: Card::Spam,
            by: Some(Card::Move2),
            ..
        }
    )));
    assert_eq!(at, spot(2, 1, Dir::N), "Move 2, then Move 1");
}

#[test]
fn move_three_u_turn_is_a_u_turn_maneuver_for_laser_kata() {
    let mut p = haywire_position(Haywire::MoveThreeUTurn);
    p.robots[0].installed = vec![Upgrade::LaserKata];
    p.robots[1].at = spot(0, 1, Dir::N);
    let (at, events, _) = play(p, first);
    assert_eq!(at, spot(2, 1, Dir::S));
    let second = events
        .iter()
        .position(|e| matches!(e, Event::RegisterStarted { register: 2 }))
        .unwrap();
    assert_eq!(
        damage_of(&events[..second], P1),
        1,
        "the kata fires west too"
    );
}

#[test]
fn back_flip_is_a_u_turn_maneuver_but_facing_any_way_is_not() {
    let mut p = haywire_position(Haywire::BackFlip);
    p.robots[0].installed = vec![Upgrade::LaserKata];
    p.robots[1].at = spot(0, 5, Dir::N);
    let (_, events, _) = play(p, first);
    let second = events
        .iter()
        .position(|e| matches!(e, Event::RegisterStarted { register: 2 }))
        .unwrap();
    assert_eq!(damage_of(&events[..second], P1), 1);
    let mut p = haywire_position(Haywire::FaceAnyMove);
    p.robots[0].installed = vec![Upgrade::LaserKata];
    p.robots[1].at = spot(0, 5, Dir::N);
    let (at, events, _) = play(p, choose(Action::Face(Dir::S)));
    assert_eq!(at, spot(2, 5, Dir::S));
    let second = events
        .iter()
        .position(|e| matches!(e, Event::RegisterStarted { register: 2 }))
        .unwrap();
    assert_eq!(
        damage_of(&events[..second], P1),
        0,
        "turning to face south is not a U-turn maneuver"
    );
}

#[test]
fn haywire_moves_are_not_move_1_cards_for_brakes_nor_rotate_cards_for_drifting() {
    let mut p = haywire_position(Haywire::JogLeft);
    p.robots[0].installed = vec![Upgrade::Brakes, Upgrade::Drifting, Upgrade::PowerSlide];
    let (at, _, _) = play(p, |_, d, _| panic!("asked {d:?}"));
    assert_eq!(at, spot(1, 3, Dir::W));
    let mut p = haywire_position(Haywire::MoveTwoTurnRight);
    p.robots[0].installed = vec![Upgrade::PowerSlide];
    let (at, _, _) = play(p, |_, d, _| panic!("asked {d:?}"));
    assert_eq!(at, spot(2, 2, Dir::E));
}

#[test]
fn again_after_a_haywire_repeats_its_whole_effect() {
    let mut p = haywire_position(Haywire::JogRight);
    p.robots[0].registers[1] = vec![Card::Again];
    let (_, events, _) = play(p, first);
    let at = after(&[spot(2, 4, Dir::N), spot(5, 7, Dir::E)], &events, 2);
    // Jog right: (3,3) facing E; again: move E to (4,3), turn S, move to (4,4).
    assert_eq!(at[0], spot(4, 4, Dir::S));
}

/// Every Haywire: drawn as damage in register 2, it waits face down under
/// that register, becomes register 2's card next round (no card may be
/// placed there), stays hidden from the others, and is revealed and
/// resolved in register 2.
#[test]
fn every_haywire_waits_face_down_under_its_register_until_next_round() {
    for h in Haywire::ALL {
        let c = course(
            &["L>1 . . . . .", ". . . . . .", ". . . . . ."],
            &[],
            &[Pos::new(5, 1)],
            Some((Pos::new(0, 2), Dir::E)),
        );
        let mut me = bot(3, 0, Dir::S);
        me.registers = Default::default();
        let mut p = at_register(c, vec![me, bot(5, 2, Dir::E)], 2);
        p.setup.options.less_deadly = true;
        p.damage_top = vec![
            hay(h),
            Card::Spam,
            Card::Spam,
            Card::Spam,
            Card::Spam,
            Card::Spam,
            Card::Spam,
        ];
        let (mut race, events) = start(p);
        assert!(
            events.iter().any(|e| matches!(
                e,
                Event::Damaged {
                    player: P0,
                    drawn: Drawn::HaywireUnder(2),
                    ..
                }
            )),
            "{h:?}"
        );
        end_upgrades(&mut race);
        let reg = &race.player(P0).unwrap().registers()[1];
        assert_eq!(
            reg.cards.iter().map(|c| c.card()).collect::<Vec<_>>(),
            vec![hay(h)],
            "{h:?}"
        );
        assert!(!reg.revealed);
        let theirs = race.view(P1);
        assert!(theirs.robots[0]
            .registers
            .iter()
            .all(|r| r.cards.is_empty() && r.under.is_none()));
        assert_eq!(
            race.view(P0).robots[0].registers[1].cards.len(),
            1,
            "its owner sees it"
        );
        let mut prog = simple_program(&race, P0);
        prog.registers[1] = variant_2023::Slot::Card(race.player(P0).unwrap().hand()[0]);
        let refused = race.apply(P0, Action::Program(prog)).unwrap_err();
        assert_eq!(
            refused,
            robo_core::ActionError::Illegal(variant_2023::Reason::Prefilled(2)),
            "{h:?}"
        );
        let mut events = program_all(&mut race);
        events.extend(drive(&mut race, first));
        assert!(
            events.iter().any(|e| matches!(e, Event::CardRevealed { player: P0, register: 2, card } if *card == hay(h))),
            "{h:?} was not revealed in register 2"
        );
    }
}

#[test]
fn a_register_holds_one_face_down_haywire_and_extra_ones_go_to_the_damage_discard() {
    let c = course(
        &["L>2 . . . . .", ". . . . . .", ". . . . . ."],
        &[],
        &[Pos::new(5, 2)],
        Some((Pos::new(0, 2), Dir::E)),
    );
    let mut p = at_register(c, vec![bot(3, 0, Dir::S), bot(5, 2, Dir::E)], 5);
    p.damage_top = vec![hay(Haywire::Ram), hay(Haywire::Sidestep)];
    let (race, events) = start(p);
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
            Drawn::HaywireUnder(5),
            Drawn::HaywireDiscarded(hay(Haywire::Sidestep))
        ]
    );
    assert!(race
        .damage_deck()
        .discard_pile()
        .any(|c| c.card() == hay(Haywire::Sidestep)));
    let _ = RobotSpec::default();
    let _ = StartAt::Upgrade;
}
