//! The WebAssembly exports, through wasm-bindgen: [`Session`] and [`Bot`]
//! as JavaScript classes whose values cross as JSON text, and a refusal
//! as a thrown `Error` with the engine's message. The package's
//! `roborally.js` wraps them into the typed API (`Game`, `Bot`) that
//! parses and writes the JSON; seeds cross as decimal text, so every
//! 64-bit seed survives JavaScript's numbers.

use crate::bot::Bot;
use crate::catalog;
use crate::check::check_action;
use crate::error::Error;
use crate::session::{parse_seed, Session};
use wasm_bindgen::prelude::*;

fn js(e: Error) -> JsError {
    JsError::new(&e.to_string())
}

/// A game of any edition (see `Game` in `roborally.js`).
#[wasm_bindgen]
pub struct RawGame {
    inner: Session,
}

#[wasm_bindgen]
impl RawGame {
    /// A new game from a setup (JSON) and a seed (decimal text).
    #[wasm_bindgen(constructor)]
    pub fn new(setup: &str, seed: &str) -> Result<RawGame, JsError> {
        let seed = parse_seed(seed).map_err(js)?;
        Session::new(setup, seed)
            .map(|inner| RawGame { inner })
            .map_err(js)
    }

    /// A new game of `edition` from plain settings (JSON).
    pub fn create(edition: &str, settings: &str, seed: &str) -> Result<RawGame, JsError> {
        let seed = parse_seed(seed).map_err(js)?;
        Session::create(edition, settings, seed)
            .map(|inner| RawGame { inner })
            .map_err(js)
    }

    /// A game from a save.
    pub fn load(save: &str) -> Result<RawGame, JsError> {
        Session::load(save)
            .map(|inner| RawGame { inner })
            .map_err(js)
    }

    /// The game a record plays to (after `up_to` of its actions, when
    /// given).
    pub fn replay(record: &str, up_to: Option<u32>) -> Result<RawGame, JsError> {
        Session::replay(record, up_to.map(|n| n as usize))
            .map(|inner| RawGame { inner })
            .map_err(js)
    }

    /// The edition's name.
    pub fn edition(&self) -> String {
        self.inner.edition().to_string()
    }

    /// The seats.
    pub fn players(&self) -> usize {
        self.inner.players()
    }

    /// Actions played so far.
    pub fn seq(&self) -> f64 {
        self.inner.seq() as f64
    }

    /// What the game waits for (JSON).
    pub fn pending(&self) -> String {
        self.inner.pending()
    }

    /// The seats the game waits for.
    pub fn waiting(&self) -> Vec<u8> {
        self.inner.waiting()
    }

    /// A seat's legal actions (JSON).
    pub fn legal(&self, seat: u8) -> String {
        self.inner.legal(seat)
    }

    /// Plays an action (JSON) for a seat; its events (JSON), as `seen_by`
    /// may see them when given.
    pub fn apply(
        &mut self,
        seat: u8,
        action: &str,
        seen_by: Option<u8>,
    ) -> Result<String, JsError> {
        self.inner.apply(seat, action, seen_by).map_err(js)
    }

    /// What a seat may see (JSON; none or 255: the public view).
    pub fn view(&self, seat: Option<u8>) -> String {
        self.inner.view(seat)
    }

    /// The server's state frame for a seat (JSON).
    pub fn state(&mut self, seat: Option<u8>) -> String {
        self.inner.state(seat)
    }

    /// The whole game (JSON).
    pub fn save(&self) -> String {
        self.inner.save()
    }

    /// The record: setup, seed, actions (JSON).
    pub fn record(&self) -> Result<String, JsError> {
        self.inner.record().map_err(js)
    }

    /// The course or map for drawing (JSON).
    pub fn picture(&self) -> Result<String, JsError> {
        self.inner.picture().map_err(js)
    }

    /// The HTML replay page of the game so far; `names` is a JSON list.
    #[wasm_bindgen(js_name = replayHtml)]
    pub fn replay_html(&self, names: &str) -> Result<String, JsError> {
        let names: Vec<String> =
            serde_json::from_str(names).map_err(|e| js(Error::json("a list of names", &e)))?;
        self.inner.replay_html(&names).map_err(js)
    }
}

/// A built-in bot (see `Bot` in `roborally.js`).
#[wasm_bindgen]
pub struct RawBot {
    inner: Bot,
}

#[wasm_bindgen]
impl RawBot {
    /// The bot called `name` of `edition`, seeded (decimal text).
    #[wasm_bindgen(constructor)]
    pub fn new(edition: &str, name: &str, seed: &str) -> Result<RawBot, JsError> {
        let seed = parse_seed(seed).map_err(js)?;
        Bot::new(edition, name, seed)
            .map(|inner| RawBot { inner })
            .map_err(js)
    }

    /// Its name.
    pub fn name(&self) -> String {
        self.inner.name().to_string()
    }

    /// Its action (JSON) for a seat of a game.
    pub fn choose(&mut self, game: &RawGame, seat: u8) -> Result<String, JsError> {
        self.inner.choose(&game.inner, seat).map_err(js)
    }
}

/// Every playable edition (JSON).
#[wasm_bindgen(js_name = rawEditions)]
pub fn raw_editions() -> String {
    catalog::editions_json()
}

/// An edition's setup from plain settings (JSON).
#[wasm_bindgen(js_name = rawDefaultSetup)]
pub fn raw_default_setup(edition: &str, settings: &str) -> Result<String, JsError> {
    catalog::default_setup(edition, settings).map_err(js)
}

/// The seed of a seat's bot (decimal text).
#[wasm_bindgen(js_name = rawSeatSeed)]
pub fn raw_seat_seed(seed: &str, seat: u8) -> Result<String, JsError> {
    catalog::seat_seed(seed, seat).map_err(js)
}

/// Checks an answer against a seat's view and what it is asked (JSON
/// each), before it is sent to a server.
#[wasm_bindgen(js_name = rawCheckAction)]
pub fn raw_check_action(view: &str, asked: &str, action: &str) -> Result<(), JsError> {
    check_action(view, asked, action).map_err(js)
}
