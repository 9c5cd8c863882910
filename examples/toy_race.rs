//! A race of the core's toy edition between random bots: the smallest
//! complete use of the protocol (pending -> action -> events).
//!
//! `cargo run --example toy_race -- --seed 7 --players 3`

use roborally::core::geom::Pos;
use roborally::core::protocol::{Game, Pending, RandomPolicy};
use roborally::core::toy::race::{Event, Race, Setup};
use roborally::core::{PlayerId, Policy};
use std::process::ExitCode;

const BOARD: &str = "
+--+--+--+--+--+--+
 .. .. >. >. .. F1
+  +  +  +  +  +  +
 .. [] .. G> .. ..
+  +  +  +  +  +  +
 .. .. .. .. [] ..
+  +--+  +  +  +  +
 Z> .. .. .. .. ..
+--+--+--+--+--+--+
";

fn main() -> ExitCode {
    let mut seed = 1u64;
    let mut players = 2usize;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let value = it.next().and_then(|v| v.parse::<u64>().ok());
        match (a.as_str(), value) {
            ("--seed", Some(v)) => seed = v,
            ("--players", Some(v)) if (1..=6).contains(&v) => players = v as usize,
            _ => {
                eprintln!("usage: toy_race [--seed N] [--players 1-6]");
                return ExitCode::from(2);
            }
        }
    }
    let starts = (0..players).map(|i| Pos::new(i as i16, 3)).collect();
    let setup = Setup {
        board: BOARD.into(),
        starts,
        max_rounds: 60,
    };
    let mut game = match Race::new(setup, seed) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("setup refused: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut bots: Vec<RandomPolicy> = (0..players)
        .map(|i| RandomPolicy::new(seed + i as u64))
        .collect();
    println!("{}", game.world().board);
    loop {
        let player = match game.pending() {
            Pending::Terminal(o) => {
                match o.winner {
                    Some(w) => println!("{w} wins after {} rounds", o.rounds),
                    None => println!("no winner after {} rounds", o.rounds),
                }
                return ExitCode::SUCCESS;
            }
            Pending::Decision { player, .. } => player,
            Pending::Simultaneous { players, .. } => players[0],
        };
        let Some(action) = bots[player.index()].choose(&game, player) else {
            eprintln!("{player} has no move");
            return ExitCode::FAILURE;
        };
        match game.apply(player, action) {
            Ok(events) => {
                for e in events {
                    if let Event::Revealed(cards) = e {
                        let shown: Vec<String> = cards
                            .iter()
                            .enumerate()
                            .map(|(i, c)| format!("{}: {:?}", PlayerId(i as u8), c))
                            .collect();
                        println!("revealed  {}", shown.join(", "));
                    }
                }
            }
            Err(e) => {
                eprintln!("refused: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
}
