//! The classic edition: one register with eight robots on a busy course,
//! and a whole game of random policies.
//!
//! How one register is isolated (as the 2023 `register` bench does): with
//! the milestone API ([`Race::advance_to`]) the game rests at the start of
//! register 2 and the timed work runs it to the start of register 3:
//! register 2 and nothing else. Each copy first resolves register 1
//! untimed on itself, so its buffers are grown as in a running game.
//! Every iteration checks the events and the robots it ends with.
//!
//! The same register with options in play: each robot holds one or two
//! options that act every register without asking (Rear Laser,
//! Double-Barrel Laser, High Power Laser, Ablative Coat, Ramming Gear,
//! Mechanical Arm); a damage token coming to a robot holding options asks
//! whether to give one up, answered "take it" inside the timed work.
#![allow(missing_docs)] // criterion_group! defines an undocumented function

mod common;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use roborally::classic::cards::deck;
use roborally::classic::courses;
use roborally::classic::options::{Held, OptionCard};
use roborally::classic::race::{Placed, Position, Robot, Start};
use roborally::classic::tiles::Tile;
use roborally::classic::{Action, Decision, Event, Outcome, Race, Setup};
use roborally::core::agenda::{Milestone, Reached};
use roborally::core::geom::{Dir, Pos};
use roborally::core::race::frame::GridRace;
use roborally::core::{Game, Rng, RobotId};

/// The busy course: belts, express belts, gears, pushers, board lasers.
pub const COURSE: &str = "Meltdown";
const ROBOTS: usize = 8;

/// Cells of the course whose tile `pick` takes, in a shuffled order.
fn cells(rng: &mut Rng, pick: impl Fn(&Tile) -> bool) -> Vec<Pos> {
    let course = courses::course(COURSE).expect("a built-in course");
    let mut v: Vec<Pos> = course
        .board()
        .cells()
        .filter(|(p, c)| !course.checkpoints().contains(p) && pick(&c.tile))
        .map(|(p, _)| p)
        .collect();
    rng.shuffle(&mut v);
    v
}

/// The options robot `i` holds in the bench with options in play (each
/// card once, as in the option deck): weapons that always fire, laser
/// modifications, an absorber, Ramming Gear, Mechanical Arm, and options
/// that wait for their moment (Extra Memory, Circuit Breaker, Superior
/// Archive Copy). None of them asks anything during a register.
fn dealt(i: usize) -> &'static [OptionCard] {
    const DEALT: [&[OptionCard]; 8] = [
        &[OptionCard::RearLaser],
        &[OptionCard::DoubleBarrelLaser, OptionCard::AblativeCoat],
        &[OptionCard::HighPowerLaser],
        &[OptionCard::RammingGear],
        &[OptionCard::MechanicalArm],
        &[OptionCard::ExtraMemory],
        &[OptionCard::CircuitBreaker],
        &[OptionCard::SuperiorArchiveCopy],
    ];
    DEALT[i % DEALT.len()]
}

/// Eight robots on belts, gears, pushers and laser mounts, each with five
/// cards in its registers (and, with `options`, the options [`dealt`]),
/// resting before register 1; `None` if a robot leaves the board or the
/// game asks anything (but a damage token's question, with `options`)
/// before register 3 begins.
fn try_race(seed: u64, options: bool) -> Option<Race> {
    let course = courses::course(COURSE).expect("a built-in course");
    let mut rng = Rng::from_seed(seed);
    let belts = cells(&mut rng, |t| matches!(t, Tile::Belt(_)));
    let gears = cells(&mut rng, |t| matches!(t, Tile::Gear(_)));
    let pushers = cells(&mut rng, |t| matches!(t, Tile::Pusher(_)));
    let lasers = cells(&mut rng, |t| matches!(t, Tile::Laser(_)));
    let floor = cells(&mut rng, |t| *t == Tile::Floor);
    let mut spots: Vec<Pos> = Vec::new();
    for list in [&belts, &belts, &belts, &gears, &pushers, &lasers, &lasers] {
        if let Some(&p) = list.iter().find(|p| !spots.contains(p)) {
            spots.push(p);
        }
    }
    for &p in floor.iter() {
        if spots.len() >= ROBOTS {
            break;
        }
        if !spots.contains(&p) {
            spots.push(p);
        }
    }
    let mut cards = deck();
    rng.shuffle(&mut cards);
    let robots = spots
        .iter()
        .take(ROBOTS)
        .enumerate()
        .map(|(i, &at)| {
            let mut robot = Robot::new(3, at);
            for (slot, c) in robot.registers.iter_mut().zip(&cards[i * 5..i * 5 + 5]) {
                *slot = Some(*c);
            }
            if options {
                robot.options = dealt(i).iter().copied().map(Held::new).collect();
            }
            Placed {
                at: Some((at, Dir::from_index(rng.index(4)))),
                ghost: false,
                flying: false,
                robot,
            }
        })
        .collect();
    let race = Race::at_position(Position {
        course,
        robots,
        round: 1,
        start: Start::Register(1),
        seed,
        max_rounds: None,
        on_the_clock: false,
        play_on: false,
        variants: Default::default(),
        high_flying: false,
        devices: Vec::new(),
    })
    .ok()?;
    let all_on = |r: &Race| (0..ROBOTS as u8).all(|p| r.world().at(RobotId(p)).is_some());
    let mut probe = race.clone();
    for register in 2..=3 {
        to_answering(&mut probe, register, &mut Vec::new())?;
        if !all_on(&probe) {
            return None;
        }
    }
    Some(race)
}

/// Runs the game to the start of `register`, taking the events; `None` if
/// a decision or the end comes first.
fn to(race: &mut Race, register: u8, events: &mut Vec<Event>) -> Option<()> {
    let milestone = Milestone::RegisterStart(register);
    let reached = race.advance_to(milestone);
    race.take_events(events);
    (reached == Reached::Milestone(milestone)).then_some(())
}

/// [`to`], answering each damage token's question ("give up an option?")
/// with "take it"; `None` if anything else is asked or the end comes.
fn to_answering(race: &mut Race, register: u8, events: &mut Vec<Event>) -> Option<()> {
    let milestone = Milestone::RegisterStart(register);
    loop {
        match race.advance_to(milestone) {
            Reached::Milestone(m) if m == milestone => break,
            Reached::Decision {
                player: Some(p),
                decision: Decision::Prevent,
            } => race.answer(p, Action::Prevent(None)).ok()?,
            _ => return None,
        }
    }
    race.take_events(events);
    Some(())
}

/// The timed work with options in play: register 2 alone, its questions
/// answered. Not inlined, so a profiler can count what it does.
#[inline(never)]
fn measured_options(race: &mut Race, events: &mut Vec<Event>) {
    to_answering(race, 3, events).expect("register 2 resolves");
}

/// The timed work: register 2 alone. Not inlined, so a profiler can count
/// what it does (see the Benchmarks section of docs/performance.md).
#[inline(never)]
fn measured(race: &mut Race, events: &mut Vec<Event>) {
    to(race, 3, events).expect("register 2 resolves");
}

/// The busy game resting before register 1 (with options in play if
/// `options`).
pub fn busy_race(options: bool) -> Race {
    (0..500)
        .find_map(|seed| try_race(seed, options))
        .expect("some seed keeps all eight robots on the board")
}

/// A copy in steady state: register 1 resolved on the copy itself; it
/// rests at the start of register 2.
pub fn warmed(race: &Race) -> Race {
    let mut r = race.clone();
    let mut events = Vec::with_capacity(1024);
    to_answering(&mut r, 1, &mut events).expect("register 1 starts");
    to_answering(&mut r, 2, &mut events).expect("register 1 resolves");
    r
}

/// Benches one register of the busy race (`options`: with options in
/// play) run by `run`, checked against an untimed run first.
fn register_bench(
    c: &mut Criterion,
    name: &str,
    options: bool,
    run: fn(&mut Race, &mut Vec<Event>),
) {
    let race = busy_race(options);
    let mut check = warmed(&race);
    let mut expected = Vec::with_capacity(1024);
    run(&mut check, &mut expected);
    let moves = expected
        .iter()
        .filter(|e| matches!(e, Event::Grid(_)))
        .count();
    assert!(
        moves >= 8,
        "a busy register moves robots ({moves} grid events)"
    );
    let after: Vec<_> = (0..ROBOTS as u8)
        .map(|p| check.world().at(RobotId(p)))
        .collect();
    let mut group = c.benchmark_group("classic register");
    group.throughput(Throughput::Elements(1));
    group.bench_function(name, |b| {
        b.iter_batched_ref(
            || (warmed(&race), Vec::with_capacity(1024)),
            |(r, events)| {
                run(r, events);
                assert_eq!(events.len(), expected.len());
                assert_eq!(r.world().at(RobotId(0)), after[0]);
            },
            BatchSize::PerIteration,
        );
    });
    group.finish();
}

fn one_register(c: &mut Criterion) {
    register_bench(c, "one register, 8 robots (Meltdown)", false, measured);
}

fn options_register(c: &mut Criterion) {
    register_bench(
        c,
        "options in play, 8 robots (Meltdown)",
        true,
        measured_options,
    );
}

const SEED: u64 = 7;
const SEATS: u8 = 4;

/// Plays a whole game; its outcome and the registers resolved.
fn game(setup: &Setup) -> (Outcome, u64) {
    let race = Race::new(setup.clone(), SEED).expect("a valid setup");
    common::random_game(race, SEATS, SEED, |e| {
        matches!(e, Event::RegisterStarted { .. })
    })
}

fn whole_game(c: &mut Criterion) {
    let mut setup = Setup::new(
        courses::course(courses::DEFAULT_COURSE).expect("built in"),
        SEATS,
    );
    setup.max_rounds = Some(30);
    let (outcome, registers) = game(&setup);
    assert!(registers >= 5, "at least a turn is played");
    let mut group = c.benchmark_group("classic game");
    group.throughput(Throughput::Elements(registers));
    group.sample_size(20);
    group.bench_function(
        "random policies, 4 robots, Risky Exchange, whole game",
        |b| {
            b.iter(|| {
                let (o, n) = game(&setup);
                assert_eq!(o, outcome);
                assert_eq!(n, registers);
            });
        },
    );
    group.finish();
    eprintln!(
        "classic game: winner {:?} after {} turns, {registers} registers",
        outcome.winner, outcome.rounds
    );
}

criterion_group!(benches, one_register, options_register, whole_game);
criterion_main!(benches);
