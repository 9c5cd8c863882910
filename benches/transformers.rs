//! Robo Rally: Transformers: one register with six robots on a busy board
//! (a walkway, a pusher, a road, oil, a fire pit, a turret's beam, robots
//! pushing robots), and one planner decision choosing program and mode
//! together. Both positions are scenario files built in memory; every
//! iteration checks what it ends with.
//!
//! The register is isolated with the agenda: the race rests before
//! register 1 and the timed work runs it up to the start of register 2.
//! No robot is asked anything on the way (no Energon to convert, alt mode
//! aims straight ahead, no corner), so nothing but the register runs.
#![allow(missing_docs)] // criterion_group! defines an undocumented function

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use roborally::core::geom::{Dir, Pos};
use roborally::core::{agenda, PlayerId, Policy};
use roborally::transformers::bots::Planner;
use roborally::transformers::scenario::{Scenario, ScenarioFile};
use roborally::transformers::task::Task;
use roborally::transformers::{Action, Race};
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
    {"at": [2, 0], "facing": "E", "energon": 0, "registers": ["Move 2"]},
    {"at": [1, 1], "facing": "N", "energon": 0, "registers": ["Move 1"]},
    {"at": [1, 2], "facing": "E", "energon": 0, "registers": ["Move 1"]},
    {"at": [5, 1], "facing": "S", "energon": 0, "registers": ["Turn Left"]},
    {"at": [1, 3], "facing": "E", "energon": 0, "registers": ["Move 1"]},
    {"at": [5, 0], "facing": "W", "energon": 0, "registers": ["Move 3"]}
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

/// Runs `race` up to the start of register 2; `true` when it got there
/// without a decision.
fn one_register(race: &mut Race) -> bool {
    agenda::advance_until(race, |_, t| matches!(t, Task::Register { register: 2 }))
}

fn positions(race: &Race) -> Vec<Option<(Pos, Dir)>> {
    (0..6).map(|i| race.robot(PlayerId(i))).collect()
}

fn register(c: &mut Criterion) {
    let start = scenario(REGISTER).position().expect("a position");
    let mut once = start.clone();
    assert!(one_register(&mut once), "register 1 asked for a decision");
    let expected = positions(&once);
    assert_ne!(expected, positions(&start), "nothing moved");
    let mut group = c.benchmark_group("transformers");
    group.bench_function("one register, 6 robots, busy board", |b| {
        b.iter_batched_ref(
            || start.clone(),
            |race| {
                assert!(one_register(black_box(race)));
                assert_eq!(positions(race), expected);
            },
            BatchSize::SmallInput,
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
