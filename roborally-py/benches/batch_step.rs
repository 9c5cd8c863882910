//! A driver of the batched environment for callgrind: `games` games of
//! an edition stepped `steps` times with random legal entries (drawn from
//! the masks, as a Python caller would), then the number of agent
//! decisions. Count its instructions per decision with
//!
//! ```sh
//! cargo bench -p roborally-py --bench batch_step --no-run
//! valgrind --tool=callgrind --toggle-collect='*Batch*step*' \
//!     target/release/deps/batch_step-* [edition] [games] [steps]
//! ```
//!
//! and divide the instructions collected by the decisions it prints
//! (`docs/python.md`). Also a quick wall-clock rate, on a quiet machine
//! only.
#![allow(missing_docs)]

use robo_core::Rng;
use roborally::editions::NewGame;
use roborally::Edition;
use roborally_py::batch::{Arrays, Batch};
use roborally_py::table::Settings;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let edition: Edition = args
        .first()
        .map_or("2023", String::as_str)
        .parse()
        .expect("an edition");
    let games: usize = args.get(1).map_or(64, |s| s.parse().expect("games"));
    let steps: usize = args.get(2).map_or(400, |s| s.parse().expect("steps"));
    let settings = Settings {
        edition,
        game: NewGame {
            players: 2,
            max_rounds: (edition != Edition::Conquest).then_some(20),
            ..NewGame::default()
        },
        menu: 64,
        full_information: false,
    };
    let mut b = Batch::new(&settings, games, 0).expect("settings");
    let (s, l, k) = (b.seats(), b.obs_len(), b.menu());
    let mut obs = vec![0.0; games * s * l];
    let mut masks = vec![0; games * s * k];
    let mut rewards = vec![0.0; games * s];
    let mut dones = vec![0; games];
    let mut actions = vec![0i64; games * s];
    b.reset(0, &mut obs, &mut masks).expect("arrays");
    let mut rng = Rng::from_seed(1);
    let (mut decisions, mut ended) = (0u64, 0u64);
    let start = Instant::now();
    for _ in 0..steps {
        for (row, a) in actions.iter_mut().enumerate() {
            let legal = masks[row * k..(row + 1) * k]
                .iter()
                .filter(|&&x| x == 1)
                .count();
            *a = rng.index(legal.max(1)) as i64;
        }
        decisions += b
            .step(Arrays {
                actions: &actions,
                obs: &mut obs,
                masks: &mut masks,
                rewards: &mut rewards,
                dones: &mut dones,
            })
            .expect("legal entries");
        ended += dones.iter().map(|&d| u64::from(d)).sum::<u64>();
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{edition}: {games} games x {steps} steps: {decisions} decisions, {ended} games ended, \
         {:.0} decisions/s (wall clock, whole loop)",
        decisions as f64 / secs
    );
}
