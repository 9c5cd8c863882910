//! Every permanent upgrade that is not a weapon: its effect, and its
//! timing or limit (weapons and lasers: `weapons.rs`).

use super::common;

use common::*;
use robo_core::board::Wall;
use robo_core::geom::{Dir, Pos};
use robo_core::{Game, PlayerId};
use variant_2023::actions::{Pile, Rel};
use variant_2023::cards::{Card, Haywire};
use variant_2023::courses::Course;
use variant_2023::events::Source;
use variant_2023::position::{Position, RobotSpec, StartAt};
use variant_2023::{Action, Decision, Event, Program, Race, Reason, Slot, Upgrade};

fn at(course: Course, robots: Vec<RobotSpec>, register: u8) -> Position {
    at_register(course, robots, register)
}

fn decisions(
    seen: &mut Vec<Decision>,
    prefs: Vec<Action>,
) -> impl FnMut(PlayerId, Decision, &[Action]) -> Action + '_ {
    let mut pick = prefer(prefs);
    move |p, d, o| {
        seen.push(d);
        pick(p, d, o)
    }
}

fn source_damage(events: &[Event], p: PlayerId, source: Source) -> usize {
    events.iter().filter(|e| matches!(e, Event::Damaged { player, source: s, .. } if *player == p && *s == source)).count()
}

#[test]
fn brakes_make_a_revealed_move_1_card_move_0() {
    let me = with(programmed(2, 4, Dir::N, &[Card::Move1]), &[Upgrade::Brakes]);
    let (a, _, _) = play_at(
        at(open(), vec![me.clone(), far()], 1),
        1,
        prefer(vec![Action::Brake(true)]),
    );
    assert_eq!(a[0], spot(2, 4, Dir::N));
    let (a, _, _) = play_at(
        at(open(), vec![me, far()], 1),
        1,
        prefer(vec![Action::Brake(false)]),
    );
    assert_eq!(a[0], spot(2, 3, Dir::N));
}

#[test]
fn brakes_do_not_apply_to_again_after_a_move_1() {
    let me = with(
        programmed(2, 4, Dir::N, &[Card::Move1, Card::Again]),
        &[Upgrade::Brakes],
    );
    let mut seen = Vec::new();
    let (a, _, _) = play_at(
        at(open(), vec![me, far()], 1),
        2,
        decisions(&mut seen, vec![Action::Brake(true)]),
    );
    assert_eq!(
        seen,
        vec![Decision::Brakes],
        "asked for the Move 1 card only"
    );
    assert_eq!(a[0], spot(2, 3, Dir::N), "braked, then Again moved 1");
}

#[test]
fn chaos_theory_gains_energy_for_spam_revealed_in_registers_1_to_3_only() {
    let mut me = with(
        programmed(2, 4, Dir::N, &[Card::Spam]),
        &[Upgrade::ChaosTheory],
    );
    me.deck_top = vec![Card::RotateLeft];
    let (_, _, race) = play_at(at(open(), vec![me.clone(), far()], 1), 1, neutral_pick);
    assert_eq!(race.player(P0).unwrap().energy(), 4);
    // The replacing card enters face up: a second SPAM does not count.
    me.deck_top = vec![Card::Spam, Card::RotateLeft];
    let (_, _, race) = play_at(at(open(), vec![me.clone(), far()], 1), 1, neutral_pick);
    assert_eq!(race.player(P0).unwrap().energy(), 4);
    // Register 4: nothing.
    me.registers = Default::default();
    me.registers[3] = vec![Card::Spam];
    let (_, _, race) = play_at(at(open(), vec![me, far()], 4), 4, neutral_pick);
    assert_eq!(race.player(P0).unwrap().energy(), 3);
}

fn neutral_pick(_: PlayerId, _: Decision, opts: &[Action]) -> Action {
    neutral(opts)
}

/// A race in the programming phase with these hands.
fn programming(robots: Vec<RobotSpec>) -> Race {
    Race::from_position(Position::new(
        variant_2023::Setup::new(open(), robots.len() as u8),
        robots,
    ))
    .unwrap()
}

fn ids(race: &Race, p: PlayerId, kinds: &[Card]) -> Vec<variant_2023::CardId> {
    let mut hand = race.player(p).unwrap().hand().to_vec();
    kinds
        .iter()
        .map(|k| {
            let i = hand.iter().position(|c| c.card() == *k).unwrap();
            hand.remove(i)
        })
        .collect()
}

fn other() -> RobotSpec {
    let mut r = far();
    r.hand = vec![
        Card::PowerUp,
        Card::RotateLeft,
        Card::RotateLeft,
        Card::RotateLeft,
        Card::RotateLeft,
    ];
    r
}

fn p1_program(race: &mut Race) -> Vec<Event> {
    let c = race.player(P1).unwrap().hand().to_vec();
    answer(
        race,
        P1,
        Action::Program(Program::of([c[0], c[1], c[2], c[3], c[4]])),
    )
}

#[test]
fn crab_legs_pair_a_rotate_and_a_move_1_to_step_sideways() {
    let mut me = with(bot(2, 4, Dir::N), &[Upgrade::CrabLegs]);
    me.hand = vec![
        Card::RotateLeft,
        Card::Move1,
        Card::Again,
        Card::PowerUp,
        Card::UTurn,
        Card::RotateRight,
    ];
    let mut race = programming(vec![me, other()]);
    let c = ids(
        &race,
        P0,
        &[
            Card::RotateLeft,
            Card::Move1,
            Card::Again,
            Card::PowerUp,
            Card::UTurn,
            Card::RotateRight,
        ],
    );
    let prog = Program {
        registers: [
            Slot::Crab {
                rotate: c[0],
                move1: c[1],
            },
            Slot::Card(c[2]),
            Slot::Card(c[3]),
            Slot::Card(c[4]),
            Slot::Card(c[5]),
        ],
        memory: Default::default(),
    };
    answer(&mut race, P0, Action::Program(prog));
    let events = p1_program(&mut race);
    let start = [spot(2, 4, Dir::N), spot(5, 5, Dir::E)];
    assert_eq!(
        after(&start, &events, 1)[0],
        spot(1, 4, Dir::N),
        "one space left, no rotation"
    );
    assert_eq!(
        after(&start, &events, 2)[0],
        spot(1, 3, Dir::N),
        "Again repeats the Move 1"
    );
}

#[test]
fn crab_legs_pairs_need_the_upgrade_and_a_rotate_with_a_move_1() {
    let mut me = bot(2, 4, Dir::N);
    me.hand = vec![
        Card::RotateLeft,
        Card::Move1,
        Card::Move2,
        Card::PowerUp,
        Card::UTurn,
        Card::RotateRight,
    ];
    let mut race = programming(vec![me.clone(), other()]);
    let c = ids(
        &race,
        P0,
        &[
            Card::RotateLeft,
            Card::Move1,
            Card::Move2,
            Card::PowerUp,
            Card::UTurn,
            Card::RotateRight,
        ],
    );
    let mut prog = Program {
        registers: [
            Slot::Crab {
                rotate: c[0],
                move1: c[1],
            },
            Slot::Card(c[2]),
            Slot::Card(c[3]),
            Slot::Card(c[4]),
            Slot::Card(c[5]),
        ],
        memory: Default::default(),
    };
    let e = race.apply(P0, Action::Program(prog.clone())).unwrap_err();
    assert_eq!(
        e,
        robo_core::ActionError::Illegal(Reason::NeedsUpgrade(Upgrade::CrabLegs))
    );
    let mut race = programming(vec![with(me, &[Upgrade::CrabLegs]), other()]);
    prog.registers[0] = Slot::Crab {
        rotate: c[0],
        move1: c[2],
    };
    prog.registers[1] = Slot::Card(c[1]);
    assert_eq!(
        race.apply(P0, Action::Program(prog)).unwrap_err(),
        robo_core::ActionError::Illegal(Reason::BadPair)
    );
}

#[test]
fn drifting_and_power_slide_step_forward_after_their_rotate_cards() {
    let me = with(
        programmed(2, 4, Dir::N, &[Card::RotateLeft]),
        &[Upgrade::Drifting],
    );
    let (a, _, _) = play_at(
        at(open(), vec![me, far()], 1),
        1,
        prefer(vec![Action::Shift(Some(Rel::Forward))]),
    );
    assert_eq!(a[0], spot(1, 4, Dir::W));
    let me = with(
        programmed(2, 4, Dir::N, &[Card::RotateRight]),
        &[Upgrade::PowerSlide],
    );
    let (a, _, _) = play_at(
        at(open(), vec![me, far()], 1),
        1,
        prefer(vec![Action::Shift(Some(Rel::Forward))]),
    );
    assert_eq!(a[0], spot(3, 4, Dir::E));
}

#[test]
fn drifting_and_power_slide_want_their_own_rotate_card_not_again() {
    let me = with(
        programmed(2, 4, Dir::N, &[Card::RotateRight, Card::Again]),
        &[Upgrade::Drifting],
    );
    let mut seen = Vec::new();
    play_at(
        at(open(), vec![me, far()], 1),
        2,
        decisions(&mut seen, vec![]),
    );
    assert!(seen.is_empty(), "Drifting ignores a Rotate Right card");
    let me = with(
        programmed(2, 4, Dir::N, &[Card::RotateRight, Card::Again]),
        &[Upgrade::PowerSlide],
    );
    let mut seen = Vec::new();
    play_at(
        at(open(), vec![me, far()], 1),
        2,
        decisions(&mut seen, vec![]),
    );
    assert_eq!(
        seen,
        vec![Decision::Slide(Upgrade::PowerSlide)],
        "the card, not the Again repeating it"
    );
}

#[test]
fn energy_conversion_moves_after_board_laser_damage() {
    let me = with(bot(2, 4, Dir::N), &[Upgrade::EnergyConversion]);
    let (a, _, _) = play_at(
        at(lasers_course(), vec![me, far()], 5),
        5,
        prefer(vec![Action::Shift(Some(Rel::Back))]),
    );
    assert_eq!(a[0], spot(2, 5, Dir::N));
}

#[test]
fn energy_conversion_is_not_offered_after_robot_laser_damage() {
    let me = with(bot(2, 4, Dir::N), &[Upgrade::EnergyConversion]);
    let mut seen = Vec::new();
    let (_, events, _) = play_at(
        at(open(), vec![me, bot(2, 1, Dir::S)], 5),
        5,
        decisions(&mut seen, vec![]),
    );
    assert_eq!(damage_of(&events, P0), 1);
    assert!(seen.is_empty());
}

fn pit_course() -> Course {
    course(
        &[
            ". . . . . .",
            ". . . . . .",
            ". . . . . .",
            ". . O . . .",
            ". . . . . .",
            ". . . . . .",
        ],
        &[],
        &[Pos::new(5, 0)],
        Some((Pos::new(0, 5), Dir::E)),
    )
}

#[test]
fn firewall_spares_reboot_damage_after_a_pit_but_not_after_an_edge() {
    let me = with(
        programmed(2, 4, Dir::N, &[Card::Move1]),
        &[Upgrade::Firewall],
    );
    let (a, events, _) = play_at(at(pit_course(), vec![me, far()], 1), 1, neutral_pick);
    assert_eq!(a[0], None);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Fell {
            player: P0,
            pit: true
        }
    )));
    assert_eq!(damage_of(&events, P0), 0);
    let me = with(
        programmed(2, 0, Dir::N, &[Card::Move1]),
        &[Upgrade::Firewall],
    );
    let (_, events, _) = play_at(at(pit_course(), vec![me, far()], 1), 1, neutral_pick);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Fell {
            player: P0,
            pit: false
        }
    )));
    assert_eq!(damage_of(&events, P0), 2);
}

#[test]
fn flash_drive_draws_a_tenth_card_at_the_start_of_programming() {
    let mut p = Position::new(
        variant_2023::Setup::new(open(), 2),
        vec![with(bot(2, 4, Dir::N), &[Upgrade::FlashDrive]), far()],
    );
    p.start = StartAt::Upgrade;
    let (mut race, _) = start(p);
    end_upgrades(&mut race);
    assert_eq!(race.player(P0).unwrap().hand().len(), 10);
    assert_eq!(race.player(P1).unwrap().hand().len(), 9);
}

#[test]
fn hover_unit_crosses_pits_during_card_moves_only() {
    let me = with(
        programmed(2, 4, Dir::N, &[Card::Move2]),
        &[Upgrade::HoverUnit],
    );
    let (a, _, _) = play_at(at(pit_course(), vec![me, far()], 1), 1, neutral_pick);
    assert_eq!(a[0], spot(2, 2, Dir::N));
    // Ending the move on the pit falls in.
    let me = with(
        programmed(2, 4, Dir::N, &[Card::Move1]),
        &[Upgrade::HoverUnit],
    );
    let (a, _, _) = play_at(at(pit_course(), vec![me, far()], 1), 1, neutral_pick);
    assert_eq!(a[0], None);
    // Pushed into the pit by another robot: falls in.
    let me = with(bot(2, 4, Dir::N), &[Upgrade::HoverUnit]);
    let (a, _, _) = play_at(
        at(
            pit_course(),
            vec![me, programmed(2, 5, Dir::N, &[Card::Move1])],
            1,
        ),
        1,
        neutral_pick,
    );
    assert_eq!(a[0], None);
}

#[test]
fn memory_cards_keep_unplayed_cards_for_the_next_round() {
    let mut me = with(bot(2, 4, Dir::N), &[Upgrade::MemoryCards]);
    me.hand = vec![
        Card::PowerUp,
        Card::RotateLeft,
        Card::RotateLeft,
        Card::RotateRight,
        Card::RotateRight,
        Card::Move3,
        Card::Spam,
    ];
    let mut race = programming(vec![me, other()]);
    let c = ids(
        &race,
        P0,
        &[
            Card::PowerUp,
            Card::RotateLeft,
            Card::RotateLeft,
            Card::RotateRight,
            Card::RotateRight,
            Card::Move3,
            Card::Spam,
        ],
    );
    let mut prog = Program::of([c[0], c[1], c[2], c[3], c[4]]);
    prog.memory = [c[6]].into_iter().collect();
    assert_eq!(
        race.apply(P0, Action::Program(prog.clone())).unwrap_err(),
        robo_core::ActionError::Illegal(Reason::DamageInMemory(c[6]))
    );
    prog.memory = [c[5]].into_iter().collect();
    answer(&mut race, P0, Action::Program(prog));
    assert_eq!(race.player(P0).unwrap().memory(), &[c[5]]);
    p1_program(&mut race);
    drive(&mut race, first);
    assert!(
        race.player(P0).unwrap().hand().contains(&c[5]),
        "back in hand at the start of the next round"
    );
}

#[test]
fn memory_cards_are_needed_to_keep_cards() {
    let mut me = bot(2, 4, Dir::N);
    me.hand = vec![
        Card::PowerUp,
        Card::RotateLeft,
        Card::RotateLeft,
        Card::RotateRight,
        Card::RotateRight,
        Card::Move3,
    ];
    let mut race = programming(vec![me, other()]);
    let c = ids(
        &race,
        P0,
        &[
            Card::PowerUp,
            Card::RotateLeft,
            Card::RotateLeft,
            Card::RotateRight,
            Card::RotateRight,
            Card::Move3,
        ],
    );
    let mut prog = Program::of([c[0], c[1], c[2], c[3], c[4]]);
    prog.memory = [c[5]].into_iter().collect();
    let e = race.apply(P0, Action::Program(prog)).unwrap_err();
    assert_eq!(
        e,
        robo_core::ActionError::Illegal(Reason::NeedsUpgrade(Upgrade::MemoryCards))
    );
}

#[test]
fn modular_chassis_trades_itself_for_an_upgrade_of_a_robot_it_pushed() {
    let me = with(
        programmed(2, 4, Dir::N, &[Card::Move1]),
        &[Upgrade::ModularChassis],
    );
    let them = with(bot(2, 3, Dir::E), &[Upgrade::RailGun]);
    let (_, events, race) = play_at(
        at(open(), vec![me, them], 1),
        1,
        prefer(vec![Action::Exchange(Some(Upgrade::RailGun))]),
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::UpgradesExchanged {
            from: P0,
            to: P1,
            taken: Upgrade::RailGun
        }
    )));
    assert!(race.player(P0).unwrap().has(Upgrade::RailGun));
    assert!(race.player(P1).unwrap().has(Upgrade::ModularChassis));
    assert!(!race.player(P0).unwrap().has(Upgrade::ModularChassis));
}

fn panel_course() -> Course {
    course(
        &[
            ". . . . . .",
            ". . . . . .",
            ". . . . . .",
            ". . . . . .",
            ". . p^1 . . .",
            ". . . . . .",
        ],
        &[],
        &[Pos::new(5, 0)],
        Some((Pos::new(0, 5), Dir::E)),
    )
}

#[test]
fn push_upgrades_ignore_pushes_by_board_elements() {
    let me = with(
        bot(2, 4, Dir::N),
        &[Upgrade::ModularChassis, Upgrade::RammingGear],
    );
    let them = with(bot(2, 3, Dir::E), &[Upgrade::RailGun]);
    let mut seen = Vec::new();
    let (a, events, _) = play_at(
        at(panel_course(), vec![me, them], 1),
        1,
        decisions(&mut seen, vec![]),
    );
    assert_eq!(a[1], spot(2, 2, Dir::E), "the panel pushed P0 into P1");
    assert!(seen.is_empty());
    assert_eq!(source_damage(&events, P1, Source::Other), 0);
}

#[test]
fn spiky_taken_by_modular_chassis_does_not_act_on_a_push_panel_push_in_the_same_register() {
    // P0 pushes P1 with its card and takes P1's Spiky; then the push panel
    // under P2 pushes P2 into P0. The traded Spiky starts next register.
    let me = with(
        programmed(3, 3, Dir::W, &[Card::Move1]),
        &[Upgrade::ModularChassis],
    );
    let them = with(bot(2, 3, Dir::E), &[Upgrade::Spiky]);
    let panel = bot(2, 4, Dir::S);
    let (a, events, race) = play_at(
        at(panel_course(), vec![me, them, panel], 1),
        1,
        prefer(vec![Action::Exchange(Some(Upgrade::Spiky))]),
    );
    assert!(
        race.player(P0).unwrap().has(Upgrade::Spiky),
        "the trade happened"
    );
    assert_eq!(a[0], spot(2, 2, Dir::W), "the panel pushed P2 into P0");
    assert_eq!(source_damage(&events, P2, Source::Other), 0);
}

#[test]
fn ramming_gear_damages_a_robot_pushed_by_the_card() {
    let me = with(
        programmed(2, 4, Dir::N, &[Card::Move1]),
        &[Upgrade::RammingGear],
    );
    let c = open()
        .edit(|p| {
            p.board
                .set_wall(Pos::new(2, 3), Dir::N, Wall::Both)
                .unwrap()
        })
        .unwrap();
    let (a, events, _) = play_at(at(c, vec![me, bot(2, 3, Dir::E)], 1), 1, neutral_pick);
    assert_eq!(a[1], spot(2, 3, Dir::E), "the push failed against the wall");
    assert_eq!(
        source_damage(in_register(&events, 1), P1, Source::Other),
        1,
        "a failed push still hurts"
    );
}

fn two_checkpoints() -> Course {
    course(
        &[". . . . . ."; 6],
        &[],
        &[Pos::new(2, 3), Pos::new(5, 0)],
        Some((Pos::new(0, 5), Dir::E)),
    )
}

#[test]
fn self_diagnostics_removes_a_card_on_reaching_a_new_checkpoint() {
    let mut me = with(
        programmed(2, 4, Dir::N, &[Card::Move1]),
        &[Upgrade::SelfDiagnostics],
    );
    me.discard = vec![Card::Move2];
    let pick = prefer(vec![Action::Remove {
        pile: Pile::Discard,
        card: Card::Move2,
    }]);
    let (_, _, race) = play_at(at(two_checkpoints(), vec![me, far()], 1), 1, pick);
    assert_eq!(race.player(P0).unwrap().checkpoints(), 1);
    assert_eq!(
        race.removed().iter().map(|c| c.card()).collect::<Vec<_>>(),
        vec![Card::Move2]
    );
}

#[test]
fn self_diagnostics_waits_for_a_new_checkpoint() {
    let mut me = with(bot(2, 3, Dir::N), &[Upgrade::SelfDiagnostics]);
    me.checkpoints = 1;
    me.discard = vec![Card::Move2];
    let mut seen = Vec::new();
    play_at(
        at(two_checkpoints(), vec![me, far()], 5),
        5,
        decisions(&mut seen, vec![]),
    );
    assert!(seen.is_empty());
}

#[test]
fn spam_filter_shows_the_top_card_while_it_is_on_top() {
    let mut me = with(bot(2, 4, Dir::N), &[Upgrade::SpamFilter]);
    me.deck_top = vec![Card::RotateLeft; 4];
    me.deck_top.extend([
        Card::Move1,
        Card::Move2,
        Card::Move2,
        Card::Move2,
        Card::Move3,
        Card::UTurn,
    ]);
    let mut p = Position::new(variant_2023::Setup::new(open(), 2), vec![me, far()]);
    p.start = StartAt::Upgrade;
    let (mut race, _) = start(p);
    end_upgrades(&mut race);
    let top = race.view(P1).robots[0].deck_top.map(|s| s.card);
    assert_eq!(top, Some(Card::UTurn), "the 10th card, after a hand of 9");
    assert_eq!(
        race.view(P0).robots[1].deck_top,
        None,
        "no filter, no face-up card"
    );
}

#[test]
fn spiky_hurts_a_robot_that_pushes_it_even_against_a_wall_but_not_one_that_comes_near() {
    let c = open()
        .edit(|p| {
            p.board
                .set_wall(Pos::new(2, 3), Dir::N, Wall::Both)
                .unwrap()
        })
        .unwrap();
    let me = programmed(2, 4, Dir::N, &[Card::Move1]);
    let (_, events, _) = play_at(
        at(c, vec![me, with(bot(2, 3, Dir::E), &[Upgrade::Spiky])], 1),
        1,
        neutral_pick,
    );
    assert_eq!(source_damage(in_register(&events, 1), P0, Source::Other), 1);
    let me = programmed(2, 5, Dir::N, &[Card::Move1]);
    let (_, events, _) = play_at(
        at(
            open(),
            vec![me, with(bot(2, 3, Dir::E), &[Upgrade::Spiky])],
            1,
        ),
        1,
        neutral_pick,
    );
    assert_eq!(source_damage(&events, P0, Source::Other), 0);
}

fn lasers_course() -> Course {
    course(
        &[
            ". . . . . .",
            ". . . . . .",
            ". . . . . .",
            ". . . . . .",
            "L>1 . . . . L<1",
            ". . . . . .",
        ],
        &[],
        &[Pos::new(5, 0)],
        Some((Pos::new(5, 5), Dir::E)),
    )
}

#[test]
fn an_upgrade_taken_with_modular_chassis_pushes_from_the_next_register() {
    // P0 takes Ramming Gear with its first push; a second push in the same
    // register (the Haywire's second move) does not ram yet, the next register's does.
    let me = with(
        programmed(3, 5, Dir::N, &[hay(Haywire::JogLeft), Card::Move1]),
        &[Upgrade::ModularChassis],
    );
    let them = with(bot(3, 4, Dir::E), &[Upgrade::RammingGear]);
    let third = bot(2, 4, Dir::S);
    let pick = prefer(vec![Action::Exchange(Some(Upgrade::RammingGear))]);
    let (_, events, race) = play_at(at(open(), vec![me, them, third], 1), 2, pick);
    assert!(race.player(P0).unwrap().has(Upgrade::RammingGear));
    let rammed = |r: u8| {
        in_register(&events, r)
            .iter()
            .filter(|e| matches!(e, Event::Damaged { player, source: Source::Other, .. } if *player != P0))
            .count()
    };
    assert_eq!(rammed(1), 0, "gained this register: no ramming yet");
    assert!(rammed(2) >= 1, "from the next register on");
}
