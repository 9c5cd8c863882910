//! What can be played, asked before any game exists: the editions with
//! their bots, seats and courses, and an edition's default setup (to lay
//! options over before `new Game(setup, seed)`).

use crate::error::{to_json, Error};
use crate::session::{parse_seed, Settings};
use roborally::Edition;
use serde::Serialize;

/// An edition the package plays: the server's `EditionInfo` (`GET
/// /api/editions`) with its seats and courses besides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EditionEntry {
    /// Its name.
    pub edition: Edition,
    /// Its bots, the default first.
    pub bots: Vec<&'static str>,
    /// A race on a grid (drawn as a board; otherwise a map).
    pub grid: bool,
    /// The most seats a game takes.
    pub max_seats: u8,
    /// Its built-in courses (none for an edition played on one map).
    pub courses: Vec<&'static str>,
}

/// Every playable edition, in the list's order.
///
/// ```
/// let all = roborally_wasm::editions();
/// assert_eq!(all.len(), 4);
/// assert!(all.iter().any(|e| e.edition == roborally::Edition::Conquest && !e.grid));
/// ```
pub fn editions() -> Vec<EditionEntry> {
    Edition::playable()
        .map(|e| EditionEntry {
            edition: e,
            bots: e.bot_names().to_vec(),
            grid: e.is_grid(),
            max_seats: e.max_seats(),
            courses: e.course_names(),
        })
        .collect()
}

/// [`editions`] as JSON.
pub fn editions_json() -> String {
    to_json(&editions())
}

/// The setup (JSON, under the edition's name) that `settings` (JSON, as
/// `Session::create` takes them) make for `edition`: a starting point to
/// lay setup fields over.
///
/// ```
/// let setup = roborally_wasm::default_setup("2023", r#"{"players": 3}"#).unwrap();
/// assert!(setup.starts_with(r#"{"2023":"#), "{setup}");
/// assert!(roborally_wasm::default_setup("2023", r#"{"course": "Nowhere"}"#).is_err());
/// ```
///
/// # Errors
/// An unknown edition or course, or settings that do not read.
pub fn default_setup(edition: &str, settings: &str) -> Result<String, Error> {
    let edition: Edition = edition.parse()?;
    let setup = roborally::any::new_setup(edition, &Settings::parse(settings)?.new_game(0))?;
    Ok(to_json(&setup))
}

/// The seed of the bot in `seat` of a game seeded with `seed` (decimal
/// text), as the server and the race driver seed theirs.
///
/// ```
/// let a = roborally_wasm::seat_seed("7", 0).unwrap();
/// assert_ne!(a, roborally_wasm::seat_seed("7", 1).unwrap());
/// ```
///
/// # Errors
/// A seed that is not a whole number of 64 bits.
pub fn seat_seed(seed: &str, seat: u8) -> Result<String, Error> {
    let seed = parse_seed(seed)?;
    Ok(roborally::core::protocol::seat_seed(seed, roborally::core::PlayerId(seat)).to_string())
}
