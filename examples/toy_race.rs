//! A race of the core's toy edition between random bots: the smallest
//! complete use of the protocol (pending -> action -> events), told in
//! words.
//!
//! `cargo run --example toy_race -- --seed 7 --players 3 --html toy.html`

mod common;
use common::say;
use roborally::core::geom::Pos;
use roborally::core::protocol::{Game, Pending, RandomPolicy};
use roborally::core::toy::race::{Card, Event, Race, Setup};
use roborally::core::toy::ToyTile;
use roborally::core::{PlayerId, Policy};
use roborally::viewer::{
    BoardPicture, CellKind, CellPicture, Frame, Marker, ReplayDoc, RobotFrame,
};
use std::process::ExitCode;

const USAGE: &str = "\
usage: toy_race [--seed N] [--players 1-6] [--html FILE]

A race of the core's toy edition (a 6 x 4 board, five cards, one flag)
between random bots, printed card by card until a robot reaches the flag.

  --seed N      the game's seed (default 1); bot i is seeded with N + i
  --players N   robots, 1 to 6 (default 2)
  --html FILE   also write an HTML replay of the race to FILE
  -h, --help    this text";

/// A toy card in words.
fn card_name(card: Option<Card>) -> &'static str {
    match card {
        Some(Card::Move1) => "Move 1",
        Some(Card::Move2) => "Move 2",
        Some(Card::Back) => "Back Up",
        Some(Card::Left) => "Turn Left",
        Some(Card::Right) => "Turn Right",
        None => "no card",
    }
}

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
    let mut html: Option<String> = None;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let value = it.next();
        let number = value.and_then(|v| v.parse::<u64>().ok());
        if a == "--help" || a == "-h" {
            say!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        match (a.as_str(), number) {
            ("--seed", Some(v)) => seed = v,
            ("--players", Some(v)) if (1..=6).contains(&v) => players = v as usize,
            ("--html", _) if value.is_some() => html = value.cloned(),
            _ => {
                eprintln!("toy_race: bad argument `{a}`\n\n{USAGE}");
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
    say!("{}", game.world().board);
    let mut frames = vec![frame(&game, 0, vec!["start".into()])];
    loop {
        let player = match game.pending() {
            Pending::Terminal(o) => {
                match o.winner {
                    Some(w) => say!("{w} wins after {} rounds", o.rounds),
                    None => say!("no winner after {} rounds", o.rounds),
                }
                if let Some(path) = html {
                    let doc = replay(&game, frames, players);
                    if let Err(e) = std::fs::write(&path, doc.to_html()) {
                        eprintln!("cannot write {path}: {e}");
                        return ExitCode::FAILURE;
                    }
                    say!("replay written to {path}");
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
                let mut said = Vec::new();
                for e in events {
                    match e {
                        Event::Revealed(cards) => {
                            let shown: Vec<String> = cards
                                .iter()
                                .enumerate()
                                .map(|(i, c)| format!("{} {}", PlayerId(i as u8), card_name(*c)))
                                .collect();
                            say!("revealed: {}", shown.join(", "));
                            said.push(format!("revealed {}", shown.join(", ")));
                        }
                        Event::Grid(g) => {
                            let line = roborally::words::grid_event(&g);
                            say!("  {line}");
                            said.push(line);
                        }
                        Event::Won(p) => said.push(format!("{p} wins")),
                        Event::Programmed(_) => {}
                    }
                }
                if said.iter().any(|s| s.starts_with("revealed")) {
                    let round = frames.len() as u32;
                    frames.push(frame(&game, round, said));
                }
            }
            Err(e) => {
                eprintln!("refused: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
}

fn frame(game: &Race, round: u32, events: Vec<String>) -> Frame {
    let robots = game
        .world()
        .robots
        .iter()
        .map(|r| RobotFrame {
            pos: r.pos,
            facing: r.facing,
            damage: u32::from(r.hits),
            checkpoints: 0,
            energy: None,
            note: String::new(),
            card: None,
            flying: false,
        })
        .collect();
    Frame {
        round,
        register: 1,
        robots,
        events,
        shots: Vec::new(),
        checkpoints: Vec::new(),
        pieces: Vec::new(),
        blasts: Vec::new(),
    }
}

fn replay(game: &Race, frames: Vec<Frame>, players: usize) -> ReplayDoc {
    let board = &game.world().board;
    let mut picture = BoardPicture::from_board(board, |t| match t {
        ToyTile::Pit => Some(CellPicture::plain(CellKind::PIT)),
        _ => None,
    });
    for (p, t) in board.cells() {
        if let ToyTile::Flag(n) = t {
            picture.markers.push(Marker {
                pos: p,
                kind: "checkpoint".into(),
                label: n.to_string(),
                dir: None,
            });
        }
    }
    let robots = (0..players).map(|i| format!("P{i}")).collect();
    ReplayDoc {
        title: "Toy race".into(),
        board: picture,
        robots,
        frames,
    }
}
