//! One register of the 2023 edition: six robots on a busy course (belts,
//! push panels, gears, board lasers, robot lasers), programs fixed.
//!
//! How one register is isolated: the priority holder (P5) has Abort Switch
//! installed (a temporary upgrade usable just before its card), so the game
//! stops at P5's window before its card in every register. From that stop
//! in register 2, answering "done" runs the rest of register 2 and the
//! start of register 3 up to the same stop: exactly one register's work
//! (plus listing P5's two options, the price of the stop).
//! Each copy of the game first resolves register 1 untimed, so it runs in
//! steady state (reused buffers grown, as in a running game). Every
//! iteration checks the events and the robots it ends with.
#![allow(missing_docs)] // criterion_group! defines an undocumented function

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use roborally::core::geom::{Dir, Pos};
use roborally::core::{Game, Pending, PlayerId, Rng};
use roborally::v2023::actions::Decision;
use roborally::v2023::cards::{Card, PROGRAMMING_DECK};
use roborally::v2023::courses;
use roborally::v2023::position::{Position, RobotSpec};
use roborally::v2023::tiles::Tile;
use roborally::v2023::{Action, Event, Program, Race, Setup, Upgrade};

/// The busy course.
pub const COURSE: &str = "For the Glory";
const ROBOTS: usize = 6;
const WATCHER: PlayerId = PlayerId(5);

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
/// a hand of regular cards and its first five in its registers, waiting at
/// P5's window before its card in register 1. `None` if a robot falls or
/// the game asks something else before register 3.
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
    position.priority = WATCHER;
    position.robots[WATCHER.index()].installed = vec![Upgrade::AbortSwitch];
    let mut race = Race::from_position(position).ok()?;
    for p in 0..ROBOTS as u8 {
        let hand = race.player(PlayerId(p))?.hand().to_vec();
        let program = Program::of([hand[0], hand[1], hand[2], hand[3], hand[4]]);
        race.apply(PlayerId(p), Action::Program(program)).ok()?;
    }
    // All six robots stay on the board through register 3.
    let all_on = |r: &Race| (0..ROBOTS as u8).all(|p| r.robot(PlayerId(p)).is_some());
    let mut probe = race.clone();
    let mut ok = race.register() == 1;
    for register in 2..=3 {
        ok = ok
            && to_next_stop(&mut probe, &mut Vec::new()).is_some()
            && probe.register() == register
            && all_on(&probe);
    }
    ok.then_some(race)
}

/// Answers "done" at P5's windows until its window before the card of the
/// next register; `None` if the game asks anything else.
fn to_next_stop(race: &mut Race, events: &mut Vec<Event>) -> Option<()> {
    let register = race.register();
    loop {
        match race.pending() {
            Pending::Decision {
                player: WATCHER,
                decision: Decision::Window { after },
            } => {
                if !after && race.register() != register {
                    return Some(());
                }
                race.apply_into(WATCHER, Action::Done, events).ok()?;
            }
            _ => return None,
        }
    }
}

/// The timed work: one register, from P5's stop in register 2 to the next.
/// Not inlined, so a profiler can count what it does alone (see the
/// README's Benchmarks section for the allocation count).
#[inline(never)]
fn measured(race: &mut Race, events: &mut Vec<Event>) {
    to_next_stop(race, events).expect("register 2 resolves");
}

/// The busy race at P5's stop in register 1.
pub fn busy_race() -> Race {
    (0..200)
        .find_map(try_race)
        .expect("some seed keeps all six robots on the board")
}

/// A copy of the busy race in steady state: register 1 resolved on the copy
/// itself, so its reusable buffers are as a running game has them; it
/// waits at P5's stop in register 2.
pub fn warmed(race: &Race) -> Race {
    let mut r = race.clone();
    to_next_stop(&mut r, &mut Vec::with_capacity(1024)).expect("register 1 resolves");
    r
}

fn one_register(c: &mut Criterion) {
    let race = busy_race();
    let mut check = warmed(&race);
    let mut expected = Vec::new();
    to_next_stop(&mut check, &mut expected).expect("register 2 resolves");
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
