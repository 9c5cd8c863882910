//! Drivers of the binding for callgrind (instruction counts, which do
//! not depend on the machine's load), not criterion benches:
//!
//! - `batch [edition] [games] [steps]`: `games` games stepped `steps`
//!   times with random legal entries drawn from the masks (as a Python
//!   caller would); prints the agent decisions. Instructions per decision:
//!   the instructions collected in `Batch::step` over the decisions.
//! - `clone [copies]`: a 2023 table of two seats in its first programming
//!   phase copied `copies` times (`Table.clone()`, `copy.deepcopy`).
//!
//! ```sh
//! cargo bench -p roborally-py --bench callgrind --no-run
//! valgrind --tool=callgrind --toggle-collect='*Batch*step*' \
//!     target/release/deps/callgrind-* batch 2023 64 200
//! valgrind --tool=callgrind --toggle-collect='*clone_box*' \
//!     target/release/deps/callgrind-* clone 2000
//! ```
//!
//! Each also prints a wall-clock rate, meaningful on a quiet machine only.
#![allow(missing_docs)]

use robo_core::Rng;
use roborally::editions::NewGame;
use roborally::Edition;
use roborally_py::batch::{Batch, Buffers};
use roborally_py::table::{make, AnyTable, Settings};
use std::hint::black_box;
use std::time::Instant;

fn settings(edition: Edition) -> Settings {
    Settings {
        edition,
        game: NewGame {
            players: 2,
            max_rounds: (edition != Edition::Conquest).then_some(20),
            ..NewGame::default()
        },
        menu: 64,
        full_information: false,
    }
}

fn batch(args: &[String]) {
    let edition: Edition = args
        .first()
        .map_or("2023", String::as_str)
        .parse()
        .expect("an edition");
    let games: usize = args.get(1).map_or(64, |s| s.parse().expect("games"));
    let steps: usize = args.get(2).map_or(400, |s| s.parse().expect("steps"));
    let mut b = Batch::new(&settings(edition), games, 0).expect("settings");
    let mut x = Buffers::new(&b);
    x.reset(&mut b, 0).expect("arrays");
    let mut rng = Rng::from_seed(1);
    let (mut decisions, mut ended) = (0u64, 0u64);
    let start = Instant::now();
    for _ in 0..steps {
        x.random_actions(&mut rng);
        decisions += x.step(&mut b).expect("legal entries");
        ended += x.dones.iter().map(|&d| u64::from(d)).sum::<u64>();
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{edition}: {games} games x {steps} steps: {decisions} decisions, {ended} games ended, \
         {:.0} decisions/s (wall clock, whole loop)",
        decisions as f64 / secs
    );
}

fn clone(args: &[String]) {
    let copies: usize = args.first().map_or(10_000, |s| s.parse().expect("copies"));
    let mut t = make(settings(Edition::V2023), 0).expect("settings");
    // Start spaces, then one seat's program: the other seat is still
    // programming (its hand, the decks and the course all in the state).
    for _ in 0..3 {
        let asked = t.asked();
        t.step_one(asked[0], 0).expect("entry 0");
    }
    let start = Instant::now();
    let mut kept: Option<Box<dyn AnyTable>> = None;
    for _ in 0..copies {
        kept = Some(black_box(t.clone_box()));
    }
    let secs = start.elapsed().as_secs_f64();
    assert_eq!(kept.map(|k| k.save().ok()), Some(t.save().ok()));
    println!(
        "{copies} copies of a 2023 table: {:.3} us each (wall clock)",
        secs * 1e6 / copies as f64
    );
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    match args.first().map(String::as_str) {
        Some("clone") => clone(&args[1..]),
        Some("batch") => batch(&args[1..]),
        _ => batch(&args),
    }
}
