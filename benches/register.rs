//! One register of the 2023 edition: six robots on a busy course (belts,
//! push panels, gears, board lasers, robot lasers), programs fixed.
//!
//! How one register is isolated: with the milestone API
//! ([`Race::advance_to`]), the race rests at the start of register 2 and
//! the timed work runs it to the start of register 3: exactly register 2,
//! nothing else. Each copy of the game first resolves register 1 untimed,
//! so it runs in steady state (reused buffers grown, as in a running
//! game). Every iteration checks the events and the robots it ends with.
#![allow(missing_docs)] // criterion_group! defines an undocumented function

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use roborally::core::geom::{Dir, Pos};
use roborally::core::race::frame::GridRace;
use roborally::core::{PlayerId, Rng};
use roborally::v2023::cards::{Card, PROGRAMMING_DECK};
use roborally::v2023::courses;
use roborally::v2023::position::{Position, RobotSpec};
use roborally::v2023::tiles::Tile;
use roborally::v2023::{Action, Event, Milestone, Program, Race, Reached, Setup};

/// The busy course.
pub const COURSE: &str = "For the Glory";
const ROBOTS: usize = 6;
const PRIORITY: PlayerId = PlayerId(5);

/// Cells of the course by what lies there, in a fixed shuffled order.
fn cells(rng: &mut Rng, race_free: impl Fn(Pos, Tile) -> bool) -> Vec<Pos> {
    let course = courses::course(COURSE).expect("a built-in course");
    let mut v: Vec<Pos> = course
        .board()
        .cells()
        .filter(|(p, t)| !course.checkpoints().contains(p) && race_free(*p, **t))
        .map(|(p, _)| p)
        .collect();
    rng.shuffle(&mut v);
    v
}

/// Six robots on belts, a push panel, a gear and in laser beams, each with
/// a hand of regular cards and its first five in its registers, resting at
/// the start of register 1. `None` if a robot falls or the game asks
/// anything before register 3 begins.
fn try_race(seed: u64) -> Option<Race> {
    let course = courses::course(COURSE).expect("a built-in course");
    let arena = roborally::v2023::arena::Arena::new(course.clone());
    let mut rng = Rng::from_seed(seed);
    let belts = cells(&mut rng, |_, t| matches!(t, Tile::Belt(_)));
    let panels = cells(&mut rng, |_, t| matches!(t, Tile::PushPanel(_)));
    let gears = cells(&mut rng, |_, t| matches!(t, Tile::Gear(_)));
    let beams = cells(&mut rng, |p, t| {
        arena.beams_at(p) > 0 && !matches!(t, Tile::Pit | Tile::Start)
    });
    let mut spots: Vec<Pos> = Vec::new();
    for list in [&belts, &belts, &panels, &gears, &beams, &beams] {
        if let Some(&p) = list.iter().find(|p| !spots.contains(p)) {
            spots.push(p);
        }
    }
    // Fill up with beam cells if two lists shared a cell.
    for &p in &beams {
        if spots.len() >= ROBOTS {
            break;
        }
        if !spots.contains(&p) {
            spots.push(p);
        }
    }
    let robots: Vec<RobotSpec> = spots
        .iter()
        .take(ROBOTS)
        .map(|&p| {
            let mut r = RobotSpec::at(p, Dir::from_index(rng.index(4)));
            let mut deck = PROGRAMMING_DECK.to_vec();
            deck.retain(|c| *c != Card::Again);
            rng.shuffle(&mut deck);
            r.hand = deck[..9].to_vec();
            r
        })
        .collect();
    let mut setup = Setup::new(course, ROBOTS as u8);
    setup.options.less_deadly = true;
    let mut position = Position::new(setup, robots);
    position.priority = PRIORITY;
    // The race waits for the programs: answer them without running on.
    let mut race = Race::from_position(position).ok()?;
    for p in 0..ROBOTS as u8 {
        let hand = race.player(PlayerId(p))?.hand().to_vec();
        let program = Program::of([hand[0], hand[1], hand[2], hand[3], hand[4]]);
        race.answer(PlayerId(p), Action::Program(program)).ok()?;
    }
    to(&mut race, 1, &mut Vec::new())?;
    // All six robots stay on the board through register 3, and nobody is
    // asked anything before it begins.
    let all_on = |r: &Race| (0..ROBOTS as u8).all(|p| r.robot(PlayerId(p)).is_some());
    let mut probe = race.clone();
    let mut ok = true;
    for register in 2..=3 {
        ok = ok && to(&mut probe, register, &mut Vec::new()).is_some() && all_on(&probe);
    }
    ok.then_some(race)
}

/// Runs the race to the start of `register`, taking the events; `None` if
/// a decision or the end of the race comes first.
fn to(race: &mut Race, register: u8, events: &mut Vec<Event>) -> Option<()> {
    let milestone = Milestone::RegisterStart(register);
    let reached = race.advance_to(milestone);
    race.take_events(events);
    (reached == Reached::Milestone(milestone)).then_some(())
}

/// The timed work: one register, from the start of register 2 to the start
/// of register 3. Not inlined, so a profiler can count what it does alone
/// (see the Benchmarks section of docs/performance.md for the allocation count).
#[inline(never)]
fn measured(race: &mut Race, events: &mut Vec<Event>) {
    to(race, 3, events).expect("register 2 resolves");
}

/// The busy race resting at the start of register 1.
pub fn busy_race() -> Race {
    (0..200)
        .find_map(try_race)
        .expect("some seed keeps all six robots on the board")
}

/// A copy of the busy race in steady state: register 1 resolved on the copy
/// itself, so its reusable buffers are as a running game has them; it
/// rests at the start of register 2.
pub fn warmed(race: &Race) -> Race {
    let mut r = race.clone();
    to(&mut r, 2, &mut Vec::with_capacity(1024)).expect("register 1 resolves");
    r
}

fn one_register(c: &mut Criterion) {
    let race = busy_race();
    let mut check = warmed(&race);
    let mut expected = Vec::with_capacity(1024);
    measured(&mut check, &mut expected);
    let moves = expected
        .iter()
        .filter(|e| matches!(e, Event::Grid(_)))
        .count();
    assert!(
        moves >= 6,
        "a busy register moves robots ({moves} grid events)"
    );
    let after: Vec<_> = (0..6).map(|p| check.robot(PlayerId(p))).collect();
    let mut group = c.benchmark_group("register");
    group.throughput(Throughput::Elements(1));
    group.bench_function("one register, 6 robots (For the Glory)", |b| {
        b.iter_batched_ref(
            || (warmed(&race), Vec::with_capacity(1024)),
            |(r, events)| {
                measured(r, events);
                assert_eq!(events.len(), expected.len());
                assert_eq!(r.robot(PlayerId(0)), after[0]);
            },
            // Each copy is set up (and its register 1 resolved) just before
            // it is timed, so it is in cache as a game in play would be.
            BatchSize::PerIteration,
        );
    });
    group.finish();
}

criterion_group!(benches, one_register);
criterion_main!(benches);
