//! Positions built by hand (`Race::from_position`, the ground of scenario
//! files): every impossible position is a typed error, and no position,
//! however odd, makes the engine panic as it is played on.

use super::common;

use common::{bot, far, open, P0, P1};
use proptest::prelude::*;
use robo_core::board::BoardId;
use robo_core::geom::{Dir, Pos};
use robo_core::protocol::{Policy, RandomPolicy};
use robo_core::{Game, PlayerId};
use robo_core::{Pending, Rng};
use variant_2023::cards::{Card, Haywire, PROGRAMMING_DECK};
use variant_2023::position::{Position, PositionError, RobotSpec, StartAt};
use variant_2023::{courses, Race, Setup, Upgrade};

fn position(robots: Vec<RobotSpec>) -> Position {
    Position::new(Setup::new(open(), robots.len() as u8), robots)
}

fn refused(p: Position) -> PositionError {
    match Race::from_position(p) {
        Ok(_) => panic!("an impossible position was accepted"),
        Err(e) => e,
    }
}

#[test]
fn impossible_positions_are_typed_errors_that_say_what_is_wrong() {
    // A programming card in the damage piles.
    let mut p = position(vec![bot(0, 0, Dir::N), far()]);
    p.damage_top = vec![Card::Spam, Card::Move3];
    let e = refused(p);
    assert_eq!(e, PositionError::NotDamage(Card::Move3));
    assert!(e.to_string().contains("Move 3"), "{e}");
    let mut p = position(vec![bot(0, 0, Dir::N), far()]);
    p.damage_discard = vec![Card::Again];
    assert_eq!(refused(p), PositionError::NotDamage(Card::Again));

    // More copies than the deck has: one Move 3 per robot, one card per Haywire.
    let mut r = bot(0, 0, Dir::N);
    r.hand = vec![Card::Move3, Card::Move3];
    let e = refused(position(vec![r, far()]));
    assert_eq!(
        e,
        PositionError::NoCardLeft {
            player: P0,
            card: Card::Move3
        }
    );
    let h = Card::Haywire(Haywire::ALL[0]);
    let mut r = bot(0, 0, Dir::N);
    r.discard = vec![h];
    let mut p = position(vec![r, far()]);
    p.damage_top = vec![h];
    assert!(matches!(
        refused(p),
        PositionError::NoCardLeft { card, .. } if card == h
    ));

    // Cells: off the floor, on a pit-free floor but taken, outside the board.
    let e = refused(position(vec![bot(5, 5, Dir::N), far()]));
    assert_eq!(
        e,
        PositionError::BadCell {
            player: P1,
            at: Pos::new(5, 5)
        }
    );
    let e = refused(position(vec![bot(-1, 0, Dir::N), far()]));
    assert!(matches!(e, PositionError::BadCell { player: P0, .. }));

    // Rebooting: from a board the course lacks; an archive token on no floor.
    let r = RobotSpec {
        fell_from: Some(BoardId(7)),
        ..RobotSpec::default()
    };
    assert_eq!(
        refused(position(vec![r, far()])),
        PositionError::UnknownBoard {
            player: P0,
            board: BoardId(7)
        }
    );
    let r = RobotSpec {
        archive: Some((Pos::new(9, 9), Dir::N)),
        ..RobotSpec::default()
    };
    assert!(matches!(
        refused(position(vec![r, far()])),
        PositionError::BadArchive { player: P0, .. }
    ));

    // Ranges.
    let mut r = bot(0, 0, Dir::N);
    r.energy = 11;
    assert!(matches!(
        refused(position(vec![r, far()])),
        PositionError::OutOfRange { player: P0, .. }
    ));
    let mut r = bot(0, 0, Dir::N);
    r.checkpoints = 1; // the open course has one checkpoint: reaching it ends the race
    assert!(matches!(
        refused(position(vec![r, far()])),
        PositionError::OutOfRange { player: P0, .. }
    ));
    let mut r = bot(0, 0, Dir::N);
    r.installed = vec![
        Upgrade::RailGun,
        Upgrade::Spiky,
        Upgrade::RearLaser,
        Upgrade::DoubleBarrelLaser,
    ];
    assert!(matches!(
        refused(position(vec![r, far()])),
        PositionError::OutOfRange { player: P0, .. }
    ));

    // An upgrade twice, on two mats or a mat and the deck.
    let a = common::with(bot(0, 0, Dir::N), &[Upgrade::Spiky]);
    let b = common::with(far(), &[Upgrade::Spiky]);
    assert_eq!(
        refused(position(vec![a, b])),
        PositionError::UpgradeTwice(Upgrade::Spiky)
    );
    let mut p = position(vec![
        common::with(bot(0, 0, Dir::N), &[Upgrade::Spiky]),
        far(),
    ]);
    p.upgrade_discard = vec![Upgrade::Spiky];
    assert_eq!(refused(p), PositionError::UpgradeTwice(Upgrade::Spiky));

    // Phase and seats.
    let mut p = position(vec![bot(0, 0, Dir::N), far()]);
    p.round = 0;
    assert!(matches!(refused(p), PositionError::BadPhase(_)));
    let mut p = position(vec![bot(0, 0, Dir::N), far()]);
    p.priority = PlayerId(2);
    assert!(matches!(refused(p), PositionError::BadPhase(_)));
    let mut p = position(vec![bot(0, 0, Dir::N), far()]);
    p.start = StartAt::Register(6);
    assert!(matches!(refused(p), PositionError::BadPhase(_)));
    let mut p = position(vec![bot(0, 0, Dir::N), far()]);
    p.setup.robots = 3;
    assert_eq!(
        refused(p),
        PositionError::RobotCount {
            setup: 3,
            listed: 2
        }
    );
    // A single robot is a position (a scenario may hold one); none is not.
    assert!(Race::from_position(position(vec![bot(0, 0, Dir::N)])).is_ok());
    assert!(matches!(
        refused(position(Vec::new())),
        PositionError::Setup(_)
    ));
}

/// A position on a busy built-in course made from `seed`: robots anywhere
/// (off the floor and on pits sometimes), any facing, on the board or
/// rebooting from any board id, cards dealt from each robot's own deck and
/// the shared damage deck into every pile, upgrades dealt without repeats,
/// energy and checkpoints in range or just out of it, any start. Mostly
/// valid; about one in five breaks a rule.
fn odd_position(seed: u64) -> Position {
    let mut rng = Rng::from_seed(seed);
    let course = courses::course("For the Glory").expect("a built-in course");
    let (w, h) = (
        course.board().width() as i16,
        course.board().height() as i16,
    );
    let checkpoints = course.checkpoints().len() as u32;
    let floor: Vec<Pos> = course
        .board()
        .cells()
        .filter(|(_, t)| !t.is_pit())
        .map(|(p, _)| p)
        .collect();
    let n = 2 + rng.index(5);
    let mut damage: Vec<Card> = std::iter::repeat_n(Card::Spam, 23)
        .chain(Haywire::ALL.iter().map(|&h| Card::Haywire(h)))
        .collect();
    rng.shuffle(&mut damage);
    let mut ups = Upgrade::ALL.to_vec();
    rng.shuffle(&mut ups);
    let mut taken: Vec<Pos> = Vec::new();
    let mut robots = Vec::new();
    for _ in 0..n {
        let mut r = RobotSpec::default();
        if rng.chance(9, 10) {
            let at = if rng.chance(9, 10) {
                floor[rng.index(floor.len())]
            } else {
                Pos::new(
                    rng.below(w as u32 + 2) as i16 - 1,
                    rng.below(h as u32 + 2) as i16 - 1,
                )
            };
            if !taken.contains(&at) || rng.chance(1, 20) {
                taken.push(at);
                r.at = Some((at, Dir::from_index(rng.index(4))));
            }
        }
        if r.at.is_none() {
            r.fell_from = Some(BoardId(rng.below(4) as u8));
        }
        r.energy = rng.below(11) as u8 + u8::from(rng.chance(1, 30));
        r.checkpoints = rng.below(checkpoints) as u8 + u8::from(rng.chance(1, 30));
        r.shut_down = rng.chance(1, 8);
        r.rest_in_discard = rng.chance(1, 2);
        for _ in 0..rng.below(3) {
            r.installed.extend(ups.pop());
        }
        for _ in 0..rng.below(2) {
            r.uninstalled.extend(ups.pop());
        }
        // The robot's own 20 cards, some of them dealt into its piles.
        let mut own = PROGRAMMING_DECK.to_vec();
        rng.shuffle(&mut own);
        for reg in 0..5 {
            r.registers[reg] = deal(&mut rng, &mut own, &mut damage, 1);
            if rng.chance(1, 10) {
                if let Some(Card::Haywire(h)) = damage.pop() {
                    r.under[reg] = Some(h);
                }
            }
        }
        r.hand = deal(&mut rng, &mut own, &mut damage, 6);
        r.deck_top = deal(&mut rng, &mut own, &mut damage, 3);
        r.discard = deal(&mut rng, &mut own, &mut damage, 3);
        r.memory = deal(&mut rng, &mut own, &mut damage, 1);
        r.removed = deal(&mut rng, &mut own, &mut damage, 1);
        if rng.chance(1, 30) {
            r.hand.push(Card::Move3); // a second one if it was dealt already
        }
        if rng.chance(1, 40) {
            r.archive = Some((Pos::new(-1, -1), Dir::N)); // off the course
        }
        robots.push(r);
    }
    let mut p = Position::new(Setup::new(course, n as u8), robots);
    p.seed = rng.next_u64();
    p.round = 1 + rng.below(5) as u16 - u16::from(rng.chance(1, 40));
    let stranger = u32::from(rng.chance(1, 20));
    p.priority = PlayerId(rng.below(n as u32 + stranger) as u8);
    p.start = match rng.below(3) {
        0 => StartAt::Upgrade,
        1 => StartAt::Programming,
        _ => StartAt::Register(1 + rng.below(5) as u8 + u8::from(rng.chance(1, 20))),
    };
    for _ in 0..rng.below(3) {
        p.damage_top.extend(damage.pop());
    }
    for _ in 0..rng.below(3) {
        p.damage_discard.extend(damage.pop());
    }
    if rng.chance(1, 30) {
        p.damage_top.push(Card::Move1); // not a damage card
    }
    p.upgrade_top.extend(ups.pop());
    p.upgrade_discard.extend(ups.pop());
    if rng.chance(1, 30) {
        if let Some(&u) = p.robots[0].installed.first() {
            p.upgrade_discard.push(u); // given twice
        }
    }
    p
}

/// Up to `max` cards off the robot's `own` deck, now and then a damage card.
fn deal(rng: &mut Rng, own: &mut Vec<Card>, damage: &mut Vec<Card>, max: u32) -> Vec<Card> {
    (0..rng.below(max + 1))
        .filter_map(|_| {
            if rng.chance(1, 4) {
                damage.pop()
            } else {
                own.pop()
            }
        })
        .collect()
}

/// Builds the position of `seed` and, when it is a race, plays it on with
/// random players for up to `actions` actions, checking the invariants
/// after each. `Ok(true)` when it was a race.
fn play_on(seed: u64, actions: usize) -> Result<bool, String> {
    let Ok(mut race) = Race::from_position(odd_position(seed)) else {
        return Ok(false);
    };
    race.check_invariants()?;
    let mut policy = RandomPolicy::new(seed);
    for step in 0..actions {
        let Some(&player) = race.pending().players().first() else {
            break;
        };
        let action = policy
            .choose(&race, player)
            .ok_or_else(|| format!("step {step}: no action for {player}"))?;
        race.apply(player, action)
            .map_err(|e| format!("step {step}: a sampled action was refused: {e}"))?;
        race.check_invariants()
            .map_err(|e| format!("step {step}: {e}"))?;
    }
    Ok(true)
}

#[test]
fn odd_positions_are_mostly_races_and_sometimes_refused() {
    let built = (0..400)
        .filter(|&s| Race::from_position(odd_position(s)).is_ok())
        .count();
    assert!(
        (240..=380).contains(&built),
        "{built} of 400 positions built"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(robo_core::testing::cases(48)))]

    /// Whatever a position holds, building it gives a race or a typed
    /// error; a race it gives keeps its invariants while random players
    /// play it on for a few rounds.
    #[test]
    fn odd_positions_are_refused_or_played_on_without_panics(seed in any::<u64>()) {
        let played = play_on(seed, 200);
        prop_assert!(played.is_ok(), "seed {}: {}", seed, played.unwrap_err());
    }
}

#[test]
fn a_rebooting_robot_without_an_archive_token_comes_back_on_its_seats_start_space() {
    let course = open();
    let bay = course.docking_bay();
    let starts = course.starts().to_vec();
    let me = RobotSpec {
        fell_from: Some(bay),
        ..RobotSpec::default()
    };
    let mut p = Position::new(Setup::new(course, 2), vec![far(), me]);
    p.start = StartAt::Register(1);
    let mut race = Race::from_position(p).expect("a valid position");
    assert!(matches!(
        race.pending(),
        Pending::Decision {
            player: P1,
            decision: variant_2023::actions::Decision::RebootFacing
        }
    ));
    race.apply(P1, variant_2023::Action::Face(Dir::W))
        .expect("a facing");
    assert_eq!(race.robot(P1), Some((starts[1], Dir::W)));
}
