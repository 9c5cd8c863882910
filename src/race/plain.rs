//! The race driver of an edition without a grid (conquest): the same
//! seats and bots as a grid race, and one line of standings per round.

use super::table::Table;
use super::{RaceError, RaceOptions, RaceSummary};
use crate::editions::{Milestone, Playable};
use std::io::Write;

/// Plays a game of `G` between bots to the end, writing the header, then
/// `round   N | standings` when each round ends (the standings as the
/// edition words them, [`Playable::standings`]).
pub(super) fn run<G: Playable>(
    options: &RaceOptions,
    out: &mut dyn Write,
) -> Result<RaceSummary, RaceError> {
    let mut table = Table::<G>::seat(options, out)?;
    let mut replay = match &options.html {
        Some(_) => Some(
            G::replay_recorder(&table.game, &table.names).ok_or(RaceError::NoReplay(G::EDITION))?,
        ),
        None => None,
    };
    let mut events = Vec::new();
    let mut round = 0u16;
    let outcome = loop {
        if let Some(outcome) = table.step(&mut events)? {
            break outcome;
        }
        if let Some(r) = replay.as_mut() {
            r.observe(&table.game, &events);
        }
        for e in &events {
            match G::milestone(e) {
                Some(Milestone::RoundStarted(r)) => {
                    // The standings when a round begins are those at the
                    // end of the one before.
                    if round > 0 {
                        writeln!(out, "round {round:>3} | {}", table.game.standings())?;
                    }
                    round = r;
                }
                Some(Milestone::GameOver) => {
                    writeln!(out, "round {round:>3} | {}", table.game.standings())?;
                }
                _ => {}
            }
        }
    };
    Ok(RaceSummary {
        edition: G::EDITION,
        winners: robo_core::Outcome::winners(&outcome).to_vec(),
        rounds: G::rounds(&outcome),
        ranking: G::ranking(&outcome),
        registers: 0,
        actions: table.actions,
        replay: None,
        html: replay.map(|r| (r.html(&table.game), r.frames())),
    })
}
