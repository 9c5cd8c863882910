//! A driver of [`AnyTable::clone_box`] (what `Table.clone()`,
//! `copy.deepcopy` and search in Python call) for callgrind: a 2023 table
//! of two seats in the middle of its first programming phase, copied
//! `copies` times. Count its instructions per copy with
//!
//! ```sh
//! cargo bench -p roborally-py --bench table_clone --no-run
//! valgrind --tool=callgrind --toggle-collect='*clone_box*' \
//!     target/release/deps/table_clone-* [copies]
//! ```
//!
//! (collected instructions / copies; `docs/python.md`).
#![allow(missing_docs)]

use roborally::editions::NewGame;
use roborally::Edition;
use roborally_py::table::{make, AnyTable, Settings};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let copies: usize = args.first().map_or(10_000, |s| s.parse().expect("copies"));
    let settings = Settings {
        edition: Edition::V2023,
        game: NewGame {
            players: 2,
            ..NewGame::default()
        },
        menu: 64,
        full_information: false,
    };
    let mut t = make(settings, 0).expect("settings");
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
