//! Every worked example of the rulebook, as a test.

use super::common;

use common::*;
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::motion::Cause;
use robo_core::{Game, Pending};
use variant_2023::cards::{Card, Haywire};
use variant_2023::position::{Position, RobotSpec, StartAt};
use variant_2023::{Action, Decision, Event, Program, Race, Reason, Setup, Slot};

#[test]
fn smash_bot_is_conveyed_twice_and_hammer_bot_does_not_get_to_shoot_it() {
    let c = course(
        &[
            ". . . . .",
            ". b> b> b> .",
            ". . . . .",
            ". . . . .",
            ". . . . .",
            ". . . . .",
        ],
        &[],
        &[Pos::new(4, 5)],
        None,
    );
    // Kristin (priority) rotates Smash Bot left, on the blue belt; Luis moves Hammer Bot 3.
    let smash = programmed(1, 1, Dir::N, &[Card::RotateLeft]);
    let hammer = programmed(1, 5, Dir::N, &[Card::Move3]);
    let (at, events, _) = run_register(c, vec![smash, hammer], 1);
    assert_eq!(
        at[0],
        spot(3, 1, Dir::W),
        "conveyed 1, still on blue, conveyed again"
    );
    assert_eq!(at[1], spot(1, 2, Dir::N));
    // Weapons fire after the belts: Hammer Bot's line is empty by then.
    assert_eq!(damage_of(&events, P0), 0);
    assert_eq!(damage_of(&events, P1), 0);
}

#[test]
fn a_robot_conveyed_off_the_end_of_a_blue_belt_is_not_conveyed_again() {
    let c = course(
        &[". . . . .", ". b> b> b> .", ". . . . ."],
        &[],
        &[Pos::new(0, 0)],
        None,
    );
    let (at, _, _) = run_register(c, vec![bot(3, 1, Dir::N), bot(0, 2, Dir::N)], 1);
    assert_eq!(at[0], spot(4, 1, Dir::N));
}

#[test]
fn two_robots_meeting_at_a_junction_neither_enters() {
    let c = course(
        &[". . . . .", ". g> g> . .", ". . g^ . .", ". . . . ."],
        &[],
        &[Pos::new(0, 0)],
        None,
    );
    let (at, _, _) = run_register(c, vec![bot(1, 1, Dir::N), bot(2, 2, Dir::N)], 1);
    assert_eq!(at[0], spot(1, 1, Dir::N));
    assert_eq!(at[1], spot(2, 2, Dir::N));
}

#[test]
fn blue_belts_meeting_at_a_junction_convey_each_robot_once_and_leave_it_empty() {
    let c = course(
        &[
            ". . . . .",
            "b> b> b^ . .",
            ". . b^ . .",
            ". . b^ . .",
            ". . . . .",
        ],
        &[],
        &[Pos::new(4, 0)],
        None,
    );
    let (at, _, race) = run_register(c, vec![bot(0, 1, Dir::N), bot(2, 3, Dir::N)], 1);
    assert_eq!(at[0], spot(1, 1, Dir::N));
    assert_eq!(at[1], spot(2, 2, Dir::N));
    let _ = race;
}

#[test]
fn a_robot_on_blue_does_not_enter_an_occupied_green_belt() {
    let c = course(
        &[". . . . .", ". b> g> . .", ". . . . ."],
        &[],
        &[Pos::new(0, 0)],
        None,
    );
    let (at, _, _) = run_register(c, vec![bot(1, 1, Dir::N), bot(2, 1, Dir::S)], 1);
    assert_eq!(
        at[0],
        spot(1, 1, Dir::N),
        "the blue robot stops: the green space is occupied"
    );
    assert_eq!(
        at[1],
        spot(3, 1, Dir::S),
        "the green robot moves in the green pass"
    );
}

#[test]
fn a_robot_conveyed_around_two_curves_turns_its_leading_side_each_time() {
    // Smash Bot moves back onto a blue belt that turns right, then left.
    let c = course(
        &[". . . . .", ". b> bvr . .", ". . b>l b> .", ". . . . ."],
        &[],
        &[Pos::new(0, 0)],
        None,
    );
    let smash = programmed(1, 0, Dir::N, &[Card::MoveBack]);
    let (at, events, _) = run_register(c, vec![smash, bot(0, 3, Dir::N)], 1);
    assert_eq!(at[0], spot(2, 2, Dir::N), "turned right, then left");
    let turns: Vec<Turn> = events
        .iter()
        .filter_map(|e| match e {
            Event::Grid(GridEvent::Turned {
                turn,
                cause: Cause::Conveyed,
                ..
            }) => Some(*turn),
            _ => None,
        })
        .collect();
    assert_eq!(turns[..2], [Turn::Right, Turn::Left]);
}

#[test]
fn a_robot_entering_a_curved_junction_from_the_straight_side_does_not_turn() {
    let c = course(
        &[". . . . .", ". . . . .", ". b> b>l . .", ". . . . ."],
        &[],
        &[Pos::new(0, 0)],
        None,
    );
    let (at, _, _) = run_register(c, vec![bot(1, 2, Dir::N), bot(0, 3, Dir::N)], 1);
    assert_eq!(at[0], spot(3, 2, Dir::N));
}

#[test]
fn a_robot_moved_onto_a_curve_by_its_card_does_not_turn() {
    let c = course(
        &[". . . . .", ". . bvr . .", ". . . . ."],
        &[],
        &[Pos::new(0, 0)],
        None,
    );
    let (at, events, _) = run_register(
        c,
        vec![programmed(1, 1, Dir::E, &[Card::Move1]), bot(0, 2, Dir::N)],
        1,
    );
    // The card move onto the curve does not turn it; the belt then carries it
    // straight on (from behind), so it never turns.
    assert_eq!(at[0], spot(2, 2, Dir::E));
    assert!(!events.iter().any(|e| matches!(
        e,
        Event::Grid(GridEvent::Turned {
            cause: Cause::Conveyed,
            ..
        })
    )));
}

#[test]
fn blue_then_green_belts_carry_a_robot_three_spaces() {
    let c = course(
        &[". . . . . .", "b> b> g> g> . .", ". . . . . ."],
        &[],
        &[Pos::new(0, 0)],
        None,
    );
    let (at, _, _) = run_register(c, vec![bot(0, 1, Dir::N), bot(0, 2, Dir::N)], 1);
    assert_eq!(at[0], spot(3, 1, Dir::N));
}

#[test]
fn green_onto_blue_is_not_conveyed_again() {
    let c = course(
        &[". . . . .", "g> b> b> . .", ". . . . ."],
        &[],
        &[Pos::new(0, 0)],
        None,
    );
    let (at, _, _) = run_register(c, vec![bot(0, 1, Dir::N), bot(0, 2, Dir::N)], 1);
    assert_eq!(at[0], spot(1, 1, Dir::N));
}

fn pushes(events: &[Event]) -> Vec<robo_core::motion::Push> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Grid(GridEvent::Pushed(p)) => Some(*p),
            _ => None,
        })
        .collect()
}

#[test]
fn smash_bot_moving_2_pushes_hulk_2_spaces_as_one_push() {
    let c = course(
        &[". . . . . .", ". . . . . .", ". . . . . ."],
        &[],
        &[Pos::new(0, 0)],
        None,
    );
    let (at, events, _) = run_register(
        c,
        vec![programmed(0, 1, Dir::E, &[Card::Move2]), bot(1, 1, Dir::N)],
        1,
    );
    assert_eq!(at[0], spot(2, 1, Dir::E));
    assert_eq!(at[1], spot(3, 1, Dir::N), "pushed robots keep their facing");
    let p = pushes(&events);
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].cells, 2);
}

#[test]
fn smash_bot_moving_1_pushes_a_line_of_two_robots() {
    let c = course(
        &[". . . . . .", ". . . . . .", ". . . . . ."],
        &[],
        &[Pos::new(0, 0)],
        None,
    );
    let robots = vec![
        programmed(0, 1, Dir::E, &[Card::Move1]),
        bot(1, 1, Dir::N),
        bot(2, 1, Dir::S),
    ];
    let (at, events, _) = run_register(c, robots, 1);
    assert_eq!(
        at,
        vec![spot(1, 1, Dir::E), spot(2, 1, Dir::N), spot(3, 1, Dir::S)]
    );
    assert_eq!(pushes(&events).len(), 2);
}

#[test]
fn pushing_a_robot_into_a_wall_stops_both_and_the_rest_is_lost() {
    let c = course(
        &[". . . . . .", ". . . . . .", ". . . . . ."],
        &[(Pos::new(2, 1), Dir::E)],
        &[Pos::new(0, 0)],
        None,
    );
    let (at, events, _) = run_register(
        c,
        vec![programmed(0, 1, Dir::E, &[Card::Move3]), bot(1, 1, Dir::N)],
        1,
    );
    assert_eq!(at[0], spot(1, 1, Dir::E));
    assert_eq!(at[1], spot(2, 1, Dir::N));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Grid(GridEvent::Blocked { .. }))));
}

#[test]
fn a_wall_one_space_ahead_stops_a_move_2_after_one_space() {
    let c = course(
        &[". . . . .", ". . . . .", ". . . . ."],
        &[(Pos::new(1, 1), Dir::E)],
        &[Pos::new(0, 0)],
        None,
    );
    let (at, _, _) = run_register(
        c,
        vec![programmed(0, 1, Dir::E, &[Card::Move2]), bot(0, 2, Dir::N)],
        1,
    );
    assert_eq!(at[0], spot(1, 1, Dir::E));
}

/// The rulebook's Haywire example: "Move 1, Rotate Right, Move 1" waits face
/// down in register 3; the player programs registers 1, 2, 4 and 5.
#[test]
fn a_face_down_haywire_in_register_3_is_that_registers_card() {
    let c = course(
        &[". . . . . .", ". . . . . .", ". . . . . .", ". . . . . ."],
        &[],
        &[Pos::new(5, 0)],
        None,
    );
    let mut me = bot(0, 3, Dir::N);
    me.registers[2] = vec![hay(Haywire::JogRight)];
    me.hand = vec![
        Card::RotateLeft,
        Card::RotateRight,
        Card::UTurn,
        Card::PowerUp,
        Card::Spam,
    ];
    let mut other = bot(5, 3, Dir::N);
    other.hand = vec![
        Card::PowerUp,
        Card::RotateLeft,
        Card::RotateLeft,
        Card::RotateLeft,
        Card::RotateLeft,
    ];
    let mut race = Race::from_position(Position::new(Setup::new(c, 2), vec![me, other])).unwrap();
    let hand: Vec<_> = race.player(P0).unwrap().hand().to_vec();
    let card = |k: Card| *hand.iter().find(|c| c.card() == k).unwrap();
    // A card in register 3 is refused: the Haywire is that register's card.
    let mut bad = Program::of([hand[0], hand[1], hand[2], hand[3], hand[4]]);
    bad.registers[4] = Slot::Empty;
    let refused = race.apply(P0, Action::Program(bad)).unwrap_err();
    assert_eq!(
        refused,
        robo_core::ActionError::Illegal(Reason::Prefilled(3))
    );
    // Registers 1, 2, 4, 5: turn right twice to face south... then left back.
    let mut prog = Program::default();
    prog.registers[0] = Slot::Card(card(Card::RotateRight));
    prog.registers[1] = Slot::Card(card(Card::RotateLeft));
    prog.registers[3] = Slot::Card(card(Card::PowerUp));
    prog.registers[4] = Slot::Card(card(Card::UTurn));
    answer(&mut race, P0, Action::Program(prog));
    let theirs: Vec<_> = race.player(P1).unwrap().hand().to_vec();
    let events = answer(
        &mut race,
        P1,
        Action::Program(Program::of([
            theirs[0], theirs[1], theirs[2], theirs[3], theirs[4],
        ])),
    );
    let revealed: Vec<Card> = events
        .iter()
        .filter_map(|e| match e {
            Event::CardRevealed {
                player: P0,
                register: 3,
                card,
            } => Some(*card),
            _ => None,
        })
        .collect();
    assert_eq!(revealed, vec![hay(Haywire::JogRight)]);
    let at = after(
        &[
            Some((Pos::new(0, 3), Dir::N)),
            Some((Pos::new(5, 3), Dir::N)),
        ],
        &events,
        3,
    );
    assert_eq!(
        at[0],
        spot(1, 2, Dir::E),
        "move 1 north, rotate right, move 1 east"
    );
    // The face-up Haywire went to the damage discard at the end of the round;
    // the SPAM stayed in hand.
    assert!(race
        .damage_deck()
        .discard_pile()
        .any(|c| c.card() == hay(Haywire::JogRight)));
    assert!(race
        .player(P0)
        .unwrap()
        .hand()
        .iter()
        .any(|c| c.card() == Card::Spam));
}

#[test]
fn rebooting_onto_an_occupied_token_moves_the_occupant_along_the_arrow() {
    let c = course(
        &[". . . . .", ". . . . .", ". . . . .", ". . . . ."],
        &[],
        &[Pos::new(4, 0)],
        Some((Pos::new(2, 1), Dir::E)),
    );
    let mut falling = RobotSpec {
        at: None,
        fell_from: Some(robo_core::board::BoardId(1)),
        ..RobotSpec::default()
    };
    falling.registers[0] = vec![Card::PowerUp];
    let mut spiky = bot(2, 1, Dir::S);
    spiky.installed = vec![variant_2023::Upgrade::Spiky];
    let mut p = at_register(c, vec![falling, spiky], 1);
    p.start = StartAt::Register(1);
    let (mut race, _) = start(p);
    assert_eq!(asked(&race), Some((P0, Decision::RebootFacing)));
    let events = answer(&mut race, P0, Action::Face(Dir::W));
    let at = after(&[None, Some((Pos::new(2, 1), Dir::S))], &events, 1);
    assert_eq!(
        at[0],
        spot(2, 1, Dir::W),
        "back on the token, facing as chosen"
    );
    assert_eq!(
        at[1],
        spot(3, 1, Dir::S),
        "the occupant moved one space along the arrow, facing kept"
    );
    // Not a push: no push event, and Spiky does not hurt the rebooting robot.
    assert!(pushes(&events).is_empty());
    assert_eq!(damage_of(&events, P0), 0);
    assert!(matches!(
        race.pending(),
        Pending::Simultaneous { .. } | Pending::Decision { .. }
    ));
}
