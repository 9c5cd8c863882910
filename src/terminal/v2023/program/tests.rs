//! Typing programs: the notation and the engine's refusals.
use super::*;
use robo_core::geom::{Dir, Pos};
use robo_core::{Game, PlayerId, Rng};
use variant_2023::cards::Haywire;
use variant_2023::position::{Position, RobotSpec};
use variant_2023::{courses, Action, Race, Setup, Upgrade};

/// A view at programming time (seat 0 has a full hand).
fn programming_view(seed: u64) -> View {
    let mut race = Race::new(Setup::new(courses::course("Milk Run").unwrap(), 2), seed).unwrap();
    let mut rng = Rng::from_seed(seed);
    while race.view(PlayerId(0)).hand.is_empty() {
        let p = race.pending().players()[0];
        let a = race.sample_action(p, &mut rng).unwrap();
        race.apply(p, a).unwrap();
    }
    race.view(PlayerId(0))
}

#[test]
fn numbers_name_hand_cards_in_register_order() {
    let v = programming_view(2);
    let p = parse_program("9 8 7 6 5 | 1 2", &v).unwrap();
    let ids: Vec<CardId> = [8, 7, 6, 5, 4].iter().map(|&i| v.hand[i].id).collect();
    assert_eq!(
        p.registers.to_vec(),
        ids.iter().map(|&c| Slot::Card(c)).collect::<Vec<_>>()
    );
    assert_eq!(p.memory.to_vec(), vec![v.hand[0].id, v.hand[1].id]);
}

#[test]
fn bad_entries_say_what_to_type() {
    let v = programming_view(2);
    let err = |s: &str| parse_program(s, &v).unwrap_err();
    assert_eq!(
        err("1 2 3 4"),
        ProgramInputError::Count {
            open: 5,
            prefilled: vec![]
        }
    );
    assert_eq!(err("1 2 x 4 5"), ProgramInputError::NotANumber("x".into()));
    assert_eq!(
        err("1 2 3 4 10"),
        ProgramInputError::NoSuchCard { index: 10, len: 9 }
    );
    assert_eq!(
        err("0 2 3 4 5"),
        ProgramInputError::NoSuchCard { index: 0, len: 9 }
    );
    assert_eq!(err("1 2 h 4 5"), ProgramInputError::NotPrefilled(3));
    assert_eq!(err("1 2 3+ 4 5"), ProgramInputError::BadPair("3+".into()));
    assert!(matches!(
        err("1 2 3 4 5 | 1"),
        ProgramInputError::Duplicate { index: 1, .. }
    ));
}

#[test]
fn a_repeated_number_points_to_another_card_of_the_kind() {
    let v = programming_view(2);
    // find two hand cards of one kind
    let pair = (0..v.hand.len()).find_map(|i| {
        (i + 1..v.hand.len())
            .find(|&j| v.hand[j].card == v.hand[i].card)
            .map(|j| (i + 1, j + 1))
    });
    let (a, b) = pair.expect("a 9-card hand from a 20-card deck of 9 kinds repeats a kind");
    let others: Vec<usize> = (1..=9).filter(|&k| k != a && k != b).take(3).collect();
    let line = format!("{a} {a} {} {} {}", others[0], others[1], others[2]);
    let e = parse_program(&line, &v).unwrap_err();
    assert_eq!(
        e,
        ProgramInputError::Duplicate {
            index: a,
            card: v.hand[a - 1].card,
            other: Some(b)
        }
    );
    assert!(e.to_string().contains(&format!("is hand card {b}")), "{e}");
}

/// Seat 0 in the programming phase with a Haywire in register 2 and
/// the hand given.
fn with_haywire(hand: Vec<Card>, installed: Vec<Upgrade>) -> Race {
    let mut r0 = RobotSpec::at(Pos::new(1, 11), Dir::N);
    r0.registers[1] = vec![Card::Haywire(Haywire::Ram)];
    r0.hand = hand;
    r0.installed = installed;
    let r1 = RobotSpec::at(Pos::new(6, 11), Dir::N);
    let setup = Setup::new(courses::course("Milk Run").unwrap(), 2);
    Race::from_position(Position::new(setup, vec![r0, r1])).unwrap()
}

#[test]
fn face_down_haywires_are_skipped_or_written_h() {
    use Card::*;
    let race = with_haywire(
        vec![Move1, Move2, RotateLeft, UTurn, Again, PowerUp],
        vec![],
    );
    let v = race.view(PlayerId(0));
    assert_eq!(prefilled_registers(&v), vec![2]);
    let short = parse_program("1 2 3 4", &v).unwrap();
    let long = parse_program("1 h 2 3 4", &v).unwrap();
    assert_eq!(short, long);
    assert_eq!(short.registers[1], Slot::Empty);
    assert_eq!(short.registers[2], Slot::Card(v.hand[1].id));
    assert_eq!(
        parse_program("1 2 3 4 5", &v).unwrap_err(),
        ProgramInputError::Prefilled(2)
    );
    let e = parse_program("1 2 3", &v).unwrap_err();
    assert_eq!(
        e,
        ProgramInputError::Count {
            open: 4,
            prefilled: vec![2]
        }
    );
    assert!(
        e.to_string()
            .contains("register 2 holds a face-down Haywire"),
        "{e}"
    );
    // the engine takes the short form
    let mut race = race;
    race.apply(PlayerId(0), Action::Program(short)).unwrap();
}

#[test]
fn crab_legs_pairs_are_joined_with_plus_in_either_order() {
    use Card::*;
    let hand = vec![Move1, Move2, RotateLeft, UTurn, Again, PowerUp, Move3];
    let race = with_haywire(hand.clone(), vec![Upgrade::CrabLegs]);
    let v = race.view(PlayerId(0));
    let a = parse_program("3+1 2 4 5", &v).unwrap();
    let b = parse_program("1+3 2 4 5", &v).unwrap();
    assert_eq!(a, b);
    assert_eq!(
        a.registers[0],
        Slot::Crab {
            rotate: v.hand[2].id,
            move1: v.hand[0].id
        }
    );
    let mut ok = race.clone();
    ok.apply(PlayerId(0), Action::Program(a.clone())).unwrap();
    // without Crab Legs the engine refuses, and the refusal says why
    let plain = with_haywire(hand, vec![]);
    let v = plain.view(PlayerId(0));
    let mut plain2 = plain.clone();
    let err = plain2.apply(PlayerId(0), Action::Program(a)).unwrap_err();
    assert_eq!(plain2, plain);
    assert_eq!(refusal(&err, &v), "that needs Crab Legs installed");
}

#[test]
fn engine_refusals_name_hand_numbers() {
    use Card::*;
    let race = with_haywire(
        vec![Move1, Move2, RotateLeft, UTurn, Again, Spam],
        vec![Upgrade::MemoryCards],
    );
    let v = race.view(PlayerId(0));
    let p = parse_program("1 2 3 4 | 6", &v).unwrap();
    let err = race
        .clone()
        .apply(PlayerId(0), Action::Program(p))
        .unwrap_err();
    assert_eq!(
        refusal(&err, &v),
        "hand card 6 (SPAM) is a damage card and cannot go on Memory Cards"
    );
    let p = parse_program("1 2 3 - | 5", &v).unwrap();
    let err = race
        .clone()
        .apply(PlayerId(0), Action::Program(p))
        .unwrap_err();
    assert_eq!(
        refusal(&err, &v),
        "register 5 is empty but your hand still has cards"
    );
}

#[test]
fn with_every_register_taken_the_program_is_five_h() {
    let mut r0 = RobotSpec::at(Pos::new(1, 11), Dir::N);
    for (r, h) in [
        Haywire::Ram,
        Haywire::BackFlip,
        Haywire::JogLeft,
        Haywire::JogRight,
        Haywire::Supercharge,
    ]
    .into_iter()
    .enumerate()
    {
        r0.registers[r] = vec![Card::Haywire(h)];
    }
    r0.hand = vec![Card::Move1, Card::Move2];
    let r1 = RobotSpec::at(Pos::new(6, 11), Dir::N);
    let setup = Setup::new(courses::course("Milk Run").unwrap(), 2);
    let mut race = Race::from_position(Position::new(setup, vec![r0, r1])).unwrap();
    let v = race.view(PlayerId(0));
    assert_eq!(prefilled_registers(&v), vec![1, 2, 3, 4, 5]);
    assert_eq!(
        parse_program("1", &v).unwrap_err(),
        ProgramInputError::Count {
            open: 0,
            prefilled: vec![1, 2, 3, 4, 5]
        }
    );
    let p = parse_program("h h h h h", &v).unwrap();
    assert_eq!(p, Program::default());
    race.apply(PlayerId(0), Action::Program(p)).unwrap();
}
