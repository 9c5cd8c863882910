//! The race driver of any grid edition: the log, the boards and the
//! replay, over [`RaceEdition`].

use super::edition::RaceEdition;
use super::log::RoundLog;
use super::recorder::GridReplay;
use super::table::Table;
use super::{RaceError, RaceOptions, RaceSummary};
use crate::editions::Milestone;
use std::fmt::Write as _;
use std::io::Write;

/// The race driver of any grid edition: one line per round, boards, and
/// a replay with a frame per register.
///
/// # Errors
/// As [`run_race`](super::run_race).
pub fn run_grid<G: RaceEdition>(
    options: &RaceOptions,
    out: &mut dyn Write,
) -> Result<RaceSummary, RaceError> {
    let mut table = Table::<G>::seat(options, out)?;
    let seats = table.game.num_players();
    let title = format!(
        "{}: {}, seed {}",
        G::TITLE,
        table.game.setting(),
        options.seed
    );
    let mut replay = GridReplay::new(&table.game, title, &table.names);
    let mut round = RoundLog::new(1, seats, G::WORDS);
    let mut events: Vec<G::Event> = Vec::new();
    let mut shown_start = false;
    // What this action adds to the log (writing to a String cannot fail).
    let mut text = String::new();
    let outcome = loop {
        if let Some(outcome) = table.step(&mut events)? {
            break outcome;
        }
        let race = &table.game;
        text.clear();
        replay.rec.observe(race, &events, |r| {
            if !shown_start {
                shown_start = true;
                text.push_str(&race.render_board(&r.robots(), options.columns));
                let _ = writeln!(text, "{}", race.legend());
            } else if options.verbose {
                if let Some(f) = r.frames.last() {
                    let _ = writeln!(text, "after round {} register {}:", f.round, f.register);
                }
                text.push_str(&race.render_board(&r.robots(), options.columns));
            }
        });
        for e in &events {
            match G::milestone(e) {
                Some(Milestone::RoundStarted(r)) if r > 1 => {
                    let _ = writeln!(text, "{}", round.line());
                    round = RoundLog::new(r, seats, G::WORDS);
                }
                Some(Milestone::GameOver) => {
                    let _ = writeln!(text, "{}", round.line());
                }
                _ => {
                    if let Some((p, note)) = G::round_note(e) {
                        round.note(p, note);
                    }
                }
            }
        }
        out.write_all(text.as_bytes())?;
    };
    Ok(RaceSummary {
        edition: G::EDITION,
        winners: robo_core::Outcome::winners(&outcome).to_vec(),
        rounds: G::rounds(&outcome),
        ranking: G::ranking(&outcome),
        registers: replay.rec.registers,
        actions: table.actions,
        html: options.html.as_ref().map(|_| {
            use crate::viewer::ReplayRecorder as _;
            (replay.html(&table.game), replay.frames())
        }),
        replay: Some(replay.doc()),
    })
}
