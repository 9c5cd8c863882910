//! Saved terminal games: `save FILE` at any prompt writes the game as it
//! was when the session began and every action since; `--load FILE`
//! reads it back, replays the actions (each one checked by the game, so
//! an edited or damaged file is refused with the reason) and goes on.

use super::{Config, TerminalError};
use robo_core::{Game, PlayerId};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// What a save file holds.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub(super) struct SaveFile<G: Game> {
    /// The edition's name (read first, to pick the game type).
    pub(super) edition: String,
    /// The seats people play.
    pub(super) seats: Vec<u8>,
    /// The bots' name.
    pub(super) bots: String,
    /// The seed the bots' seeds derive from.
    pub(super) seed: u64,
    /// The game when the first session began.
    pub(super) start: G,
    /// Every action since, in order.
    pub(super) actions: Vec<(PlayerId, G::Action)>,
}

/// The part of a save read before its edition is known.
#[derive(Deserialize)]
struct Header {
    edition: String,
    seats: Vec<u8>,
    bots: String,
    seed: u64,
}

fn refused(path: &Path, why: impl std::fmt::Display) -> TerminalError {
    TerminalError::Load(format!("{}: {why}", path.display()))
}

/// The configuration of a saved game: `config` with the file's edition,
/// seats, bots and seed.
pub(super) fn resumed_config(config: &Config, path: &Path) -> Result<Config, TerminalError> {
    let text = std::fs::read_to_string(path).map_err(|e| refused(path, e))?;
    let header: Header = serde_json::from_str(&text).map_err(|e| refused(path, e))?;
    let edition = header.edition.parse().map_err(|e| refused(path, e))?;
    let Some(&first) = header.seats.first() else {
        return Err(refused(path, "no seat is played by a person"));
    };
    Ok(Config {
        edition,
        seat: first,
        seats: header.seats,
        bots: header.bots,
        seed: header.seed,
        scenario: None,
        load: Some(path.to_path_buf()),
        ..config.clone()
    })
}

/// Reads a save of `G` (the session replays its actions).
pub(super) fn load<G: Game>(path: &Path) -> Result<SaveFile<G>, TerminalError> {
    let text = std::fs::read_to_string(path).map_err(|e| refused(path, e))?;
    let save: SaveFile<G> = serde_json::from_str(&text).map_err(|e| refused(path, e))?;
    Ok(save)
}

/// Writes a save.
pub(super) fn write<G: Game>(path: &Path, save: &SaveFile<G>) -> Result<(), String> {
    let text = serde_json::to_string(save).map_err(|e| e.to_string())?;
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
