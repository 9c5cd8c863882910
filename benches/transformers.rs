//! Robo Rally: Transformers: one register with six robots on a busy board
//! (a walkway, a pusher, a road, oil, a fire pit, a turret's beam, robots
//! pushing robots), and one planner decision choosing program and mode
//! together. Both positions are scenario files built in memory; every
//! iteration checks what it ends with.
//!
//! The register is isolated with the milestone API (`GridRace::advance_to`):
//! each copy of the race resolves register 1 untimed (so its buffers are
//! as a running game has them) and rests at the start of register 2; the
//! timed work runs it to the start of register 3. No robot is asked
//! anything on the way (no Energon to convert, alt mode aims straight
//! ahead, no corner), so nothing but the register runs.
#![allow(missing_docs)] // criterion_group! defines an undocumented function

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use roborally::core::agenda::{Milestone, Reached};
use roborally::core::geom::{Dir, Pos};
use roborally::core::race::frame::GridRace;
use roborally::core::{PlayerId, Policy};
use roborally::transformers::bots::Planner;
use roborally::transformers::scenario::{Scenario, ScenarioFile};
use roborally::transformers::{Action, Event, Race};
use std::hint::black_box;

/// Six robots in alt mode with no Energon on a board of every busy element.
const REGISTER: &str = r#"{
  "edition": "transformers",
  "about": "bench: one register, six robots",
  "board": [
    "+---+---+---+---+---+---+---+---+",
    "|T>   .   .   .   .   .   .   . |",
    "+   +   +   +   +   +   +   +   +",
    "| S  w>  w>  w>   .  p<1  .   . |",
    "+   +   +   +   +   +   +   +   +",
    "| .  r>  r>  r>  oil  .   .   . |",
    "+   +   +   +   +   +   +   +   +",
    "| .   .  ~~~  .   .   .   .   . |",
    "+---+---+---+---+---+---+---+---+"
  ],
  "checkpoints": [[7, 3]],
  "robots": [
    {"at": [2, 0], "facing": "E", "energon": 0, "registers": ["Move 2", "Turn Left"]},
    {"at": [1, 1], "facing": "N", "energon": 0, "registers": ["Move 1", "Turn Right"]},
    {"at": [1, 2], "facing": "E", "energon": 0, "registers": ["Move 1", "Move 1"]},
    {"at": [5, 1], "facing": "S", "energon": 0, "registers": ["Turn Left", "Move 1"]},
    {"at": [1, 3], "facing": "E", "energon": 0, "registers": ["Move 1", "Move Back"]},
    {"at": [5, 0], "facing": "W", "energon": 0, "registers": ["Move 3", "Move 2"]}
  ]
}"#;

/// Robot 0 programming with a hand of every kind of card, three others
/// around it.
const PLANNING: &str = r#"{
  "edition": "transformers",
  "about": "bench: one planner decision",
  "course": "Twin Loop Warm-Up Lap",
  "start": "planning",
  "robots": [
    {"at": [4, 8], "facing": "N", "hand": ["Move 1", "Move 2", "Move 3", "Move Back", "Turn Left", "Turn Right", "U-Turn", "Drift Left", "Power Up"]},
    {"at": [2, 9], "facing": "N", "hand": ["Move 1", "Move 2", "Turn Left", "U-Turn", "Power Up", "Move 1", "Turn Right", "Drift Right", "Again"]},
    {"at": [7, 9], "facing": "N", "hand": ["Move 1", "Move 2", "Turn Left", "U-Turn", "Power Up", "Move 1", "Turn Right", "Drift Right", "Again"]},
    {"at": [8, 10], "facing": "N", "hand": ["Move 1", "Move 2", "Turn Left", "U-Turn", "Power Up", "Move 1", "Turn Right", "Drift Right", "Again"]}
  ]
}"#;

fn scenario(text: &str) -> Scenario {
    let file: ScenarioFile = serde_json::from_str(text).expect("a scenario");
    Scenario::new(&file).expect("a sound scenario")
}

/// Runs the race to the start of `register`, taking the events; `None` if
/// a decision or the end of the race comes first.
fn to(race: &mut Race, register: u8, events: &mut Vec<Event>) -> Option<()> {
    let milestone = Milestone::RegisterStart(register);
    let reached = race.advance_to(milestone);
    race.take_events(events);
    (reached == Reached::Milestone(milestone)).then_some(())
}

/// The timed work: register 2, from its start to the start of register 3.
/// Not inlined, so a profiler can count what it does alone (see the
/// Benchmarks section of docs/performance.md).
#[inline(never)]
fn measured(race: &mut Race, events: &mut Vec<Event>) {
    to(race, 3, events).expect("register 2 resolves without a decision");
}

/// A copy of the race with register 1 resolved on it, resting at the
/// start of register 2.
fn warmed(race: &Race) -> Race {
    let mut r = race.clone();
    to(&mut r, 2, &mut Vec::with_capacity(1024)).expect("register 1 resolves");
    r
}

fn positions(race: &Race) -> Vec<Option<(Pos, Dir)>> {
    (0..6).map(|i| race.robot(PlayerId(i))).collect()
}

fn register(c: &mut Criterion) {
    let start = scenario(REGISTER).position().expect("a position");
    let before = warmed(&start);
    // A warmed race of its own (a clone's buffers start empty), so every
    // call of `measured` runs on buffers as a running game has them.
    let mut once = warmed(&start);
    let mut events = Vec::with_capacity(1024);
    measured(&mut once, &mut events);
    let expected = positions(&once);
    assert_ne!(expected, positions(&before), "nothing moved");
    assert!(
        expected.iter().all(Option::is_some),
        "a robot left: {expected:?}"
    );
    let n = events.len();
    let mut group = c.benchmark_group("transformers");
    group.throughput(Throughput::Elements(1));
    group.bench_function("one register, 6 robots, busy board", |b| {
        b.iter_batched_ref(
            || (warmed(&start), Vec::with_capacity(1024)),
            |(race, events)| {
                measured(black_box(race), events);
                assert_eq!(events.len(), n);
                assert_eq!(positions(race), expected);
            },
            BatchSize::PerIteration,
        );
    });
    group.finish();
}

fn planner(c: &mut Criterion) {
    let race = scenario(PLANNING).race().expect("a position");
    let me = PlayerId(0);
    let mut bot = Planner::new(1);
    let first = bot.choose(&race, me).expect("a plan");
    assert!(matches!(first, Action::Plan(_)), "{first:?}");
    let mut group = c.benchmark_group("transformers");
    group.sample_size(20);
    group.bench_function(
        "planner decision, program and mode (9 kinds of card)",
        |b| {
            b.iter(|| {
                // The planner's rollouts draw from its own generator, so
                // the plan may differ from call to call; it must be whole.
                let a = bot.choose(black_box(&race), me);
                assert!(
                    matches!(&a, Some(Action::Plan(p)) if p.registers.iter().all(|s| s.card().is_some())),
                    "{a:?}"
                );
            });
        },
    );
    group.finish();
}

criterion_group!(benches, register, planner);
criterion_main!(benches);
