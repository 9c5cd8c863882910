//! A game of any edition with its record: what the package's `Game` class
//! holds. Every value goes in and out as the JSON of the server protocol
//! (`docs/protocol/roborally.d.ts`); nothing here knows about JavaScript,
//! so it is tested natively.

use crate::error::{to_json, Error};
use roborally::any::{new_game, AnyEvent, AnySetup};
use roborally::core::protocol::Replay;
use roborally::core::{Game, Legal, PlayerId, Rng};
use roborally::editions::{NewGame, SPECTATOR};
use roborally::frame::StateFrame;
use roborally::{AnyAction, AnyGame, Edition};
use serde::{Deserialize, Serialize};

/// Plain settings of a new game (`newGame`'s second argument): the
/// course by name, the seats, a round cap, the seat that first holds
/// priority and the edition's named options, as the race driver's flags
/// take them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// A built-in course (or map), any case; the edition's default when
    /// missing.
    #[serde(default)]
    pub course: Option<String>,
    /// Seats (2 when missing).
    #[serde(default)]
    pub players: Option<u8>,
    /// End after this many rounds.
    #[serde(default)]
    pub max_rounds: Option<u16>,
    /// The seat that first holds the priority token.
    #[serde(default)]
    pub priority: u8,
    /// The edition's optional rules by name (`extra-lives`).
    #[serde(default)]
    pub options: Vec<String>,
}

impl Settings {
    /// Settings from JSON text (blank text: the defaults).
    pub(crate) fn parse(text: &str) -> Result<Settings, Error> {
        if text.trim().is_empty() {
            return Ok(Settings::default());
        }
        serde_json::from_str(text).map_err(|e| Error::json("a settings object", &e))
    }

    pub(crate) fn new_game(&self, seed: u64) -> NewGame {
        NewGame {
            course: self.course.clone(),
            players: self.players.unwrap_or(2),
            seed,
            max_rounds: self.max_rounds,
            priority: self.priority,
            options: self.options.clone(),
        }
    }
}

/// The answer to `legal`: the seat's legal actions and whether they are
/// all of them (a whole program is one action: too many to list).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LegalList {
    /// Every legal action is listed.
    pub complete: bool,
    /// The actions, sorted.
    pub actions: Vec<AnyAction>,
}

/// A seed from its decimal text.
///
/// # Errors
/// [`Error::Seed`] for anything but a whole number that fits 64 bits.
pub fn parse_seed(text: &str) -> Result<u64, Error> {
    text.trim()
        .parse()
        .map_err(|_| Error::Seed(text.to_string()))
}

/// `seat` as a viewer: [`SPECTATOR`] (255) or none is the public view.
fn viewer(seat: Option<u8>) -> Option<PlayerId> {
    seat.filter(|s| *s != SPECTATOR.0).map(PlayerId)
}

/// A game being played, its record (`None` for a game loaded from a
/// save, which keeps no actions) and a generator for suggestions (its
/// own, never the game's).
#[derive(Clone, Debug)]
pub struct Session {
    game: AnyGame,
    record: Option<Replay<AnyGame>>,
    seq: u64,
    rng: Rng,
}

impl Session {
    fn started(game: AnyGame, record: Option<Replay<AnyGame>>, seed: u64) -> Session {
        let seq = record.as_ref().map_or(0, |r| r.actions.len() as u64);
        Session {
            game,
            record,
            seq,
            rng: Rng::from_seed(seed ^ 0x5EED_5EED),
        }
    }

    /// A new game from an edition's setup (JSON, `{"2023": {...}}`) and a
    /// seed.
    ///
    /// ```
    /// use roborally_wasm::Session;
    /// let game = Session::new(r#"{"conquest": {"leaders": ["optimus-prime", "megatron"]}}"#, 1);
    /// assert!(game.is_err() || game.unwrap().edition() == "conquest");
    /// assert!(Session::new("{}", 1).is_err());
    /// ```
    ///
    /// # Errors
    /// A setup that does not read or that the edition refuses.
    pub fn new(setup: &str, seed: u64) -> Result<Session, Error> {
        let setup: AnySetup =
            serde_json::from_str(setup).map_err(|e| Error::json("a setup", &e))?;
        let game = AnyGame::new(setup.clone(), seed)?;
        let record = Replay {
            setup,
            seed,
            actions: Vec::new(),
        };
        Ok(Session::started(game, Some(record), seed))
    }

    /// A new game of `edition` from plain [`Settings`] (JSON) and a seed.
    ///
    /// ```
    /// use roborally_wasm::Session;
    /// let game = Session::create("2023", r#"{"course": "milk run", "players": 3}"#, 5).unwrap();
    /// assert_eq!(game.players(), 3);
    /// let err = Session::create("2023", r#"{"course": "Nowhere"}"#, 5).unwrap_err();
    /// assert!(err.to_string().contains("Milk Run"), "{err}");
    /// ```
    ///
    /// # Errors
    /// An unknown edition or course, settings that do not read, or a
    /// setup the edition refuses.
    pub fn create(edition: &str, settings: &str, seed: u64) -> Result<Session, Error> {
        let edition: Edition = edition.parse()?;
        let new = Settings::parse(settings)?.new_game(seed);
        let setup = roborally::any::new_setup(edition, &new)?;
        let game = new_game(edition, &new)?;
        let record = Replay {
            setup,
            seed,
            actions: Vec::new(),
        };
        Ok(Session::started(game, Some(record), seed))
    }

    /// A game from a save (the JSON of [`AnyGame`], as `save` writes it);
    /// the engine checks it as it reads it.
    ///
    /// # Errors
    /// A save that does not read back.
    pub fn load(save: &str) -> Result<Session, Error> {
        let game: AnyGame = serde_json::from_str(save).map_err(|e| Error::json("a save", &e))?;
        Ok(Session::started(game, None, save.len() as u64))
    }

    /// The game a record (setup, seed, actions: the server's replay JSON
    /// reads as one) plays to, with its record; with `up_to`, the game
    /// after that many of its actions (a replay stepped to that point).
    ///
    /// # Errors
    /// A record that does not read, or whose setup or an action the
    /// engine refuses (the message says which).
    pub fn replay(record: &str, up_to: Option<usize>) -> Result<Session, Error> {
        let mut record: Replay<AnyGame> =
            serde_json::from_str(record).map_err(|e| Error::json("a record", &e))?;
        if let Some(n) = up_to {
            record.actions.truncate(n);
        }
        let game = record.play().map_err(|e| Error::Replay(e.to_string()))?;
        let seed = record.seed;
        Ok(Session::started(game, Some(record), seed))
    }

    /// The edition's name.
    pub fn edition(&self) -> &'static str {
        self.game.edition().name()
    }

    /// The seats.
    pub fn players(&self) -> usize {
        self.game.num_players()
    }

    /// Actions accepted so far (by this game, or in its record).
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// The game.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// What the game waits for (the engine's `Pending` as JSON).
    pub fn pending(&self) -> String {
        to_json(&self.game.pending())
    }

    /// The seats the game waits for, in seat order (none once over).
    pub fn waiting(&self) -> Vec<u8> {
        self.game.pending().players().iter().map(|p| p.0).collect()
    }

    /// `seat`'s legal actions ([`LegalList`] as JSON).
    pub fn legal(&self, seat: u8) -> String {
        let mut actions = Vec::new();
        let complete = self.game.legal_actions(PlayerId(seat), &mut actions) == Legal::Complete;
        to_json(&LegalList { complete, actions })
    }

    /// Plays `action` (JSON) for `seat`; the events, as `viewer` may see
    /// them when given (255: a spectator), else in full.
    ///
    /// # Errors
    /// An action that does not read, or that the engine refuses (the game
    /// is then unchanged).
    pub fn apply(&mut self, seat: u8, action: &str, seen_by: Option<u8>) -> Result<String, Error> {
        let action: AnyAction =
            serde_json::from_str(action).map_err(|e| Error::json("an action", &e))?;
        let events = self.apply_action(seat, action)?;
        Ok(match seen_by {
            None => to_json(&events),
            Some(v) => {
                let seen: Vec<AnyEvent> =
                    events.iter().map(|e| e.seen_by(viewer(Some(v)))).collect();
                to_json(&seen)
            }
        })
    }

    /// Plays `action` for `seat` and records it.
    ///
    /// # Errors
    /// The engine's refusal; the game is then unchanged.
    pub fn apply_action(&mut self, seat: u8, action: AnyAction) -> Result<Vec<AnyEvent>, Error> {
        let events = self.game.apply(PlayerId(seat), action.clone())?;
        if let Some(record) = &mut self.record {
            record.actions.push((PlayerId(seat), action));
        }
        self.seq += 1;
        Ok(events)
    }

    /// What `seat` may see (`None` or 255: the public view).
    pub fn view(&self, seat: Option<u8>) -> String {
        match viewer(seat) {
            Some(p) => to_json(&self.game.view(p)),
            None => to_json(&self.game.public_view()),
        }
    }

    /// The server's `state` frame for `seat` (`None` or 255: a
    /// spectator): view, whom the game waits for, what the seat is asked.
    pub fn state(&mut self, seat: Option<u8>) -> String {
        to_json(&StateFrame::of(
            &self.game,
            viewer(seat),
            self.seq,
            true,
            &mut self.rng,
        ))
    }

    /// The game as a save (the engine's own JSON of the whole game,
    /// hidden cards and generator included).
    pub fn save(&self) -> String {
        to_json(&self.game)
    }

    /// The record: setup, seed and every action, which replays the game.
    ///
    /// # Errors
    /// [`Error::NoRecord`] for a game loaded from a save.
    pub fn record(&self) -> Result<String, Error> {
        self.record.as_ref().map(to_json).ok_or(Error::NoRecord)
    }

    /// The course or map for drawing (`{"board": ...}` or `{"map": ...}`,
    /// as `web/draw.js` and `web/draw-map.js` take it).
    ///
    /// # Errors
    /// A game loaded from a save (its setup is not kept), or an edition
    /// without a picture.
    pub fn picture(&self) -> Result<String, Error> {
        let record = self.record.as_ref().ok_or(Error::NoRecord)?;
        Ok(roborally::race::picture_json(&record.setup)?)
    }

    /// The HTML replay page of the game so far (the race driver's
    /// `--html`), with the seats' `names`.
    ///
    /// # Errors
    /// A game loaded from a save, or an edition without a replay page.
    pub fn replay_html(&self, names: &[String]) -> Result<String, Error> {
        let record = self.record.as_ref().ok_or(Error::NoRecord)?;
        Ok(roborally::race::replay_html(record, names)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_reads_from_its_decimal_text_only() {
        assert_eq!(parse_seed("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(parse_seed(" 7 "), Ok(7));
        for bad in ["-1", "1.5", "18446744073709551616", "", "x"] {
            assert_eq!(parse_seed(bad), Err(Error::Seed(bad.to_string())), "{bad}");
        }
    }

    #[test]
    fn a_refused_action_leaves_the_game_and_its_record_unchanged() {
        let mut s = Session::create("2023", r#"{"players": 2}"#, 3).unwrap();
        let (save, record, seq) = (s.save(), s.record().unwrap(), s.seq());
        let foreign = r#"{"conquest": {"place": 3}}"#;
        let err = s.apply(0, foreign, None).unwrap_err();
        // The engine's own message, word for word.
        let engine = s
            .game()
            .clone()
            .apply(PlayerId(0), serde_json::from_str(foreign).unwrap())
            .unwrap_err();
        assert_eq!(err.to_string(), engine.to_string());
        assert!(err.to_string().contains("2023 edition"), "{err}");
        let err = s.apply(0, "{not json", None).unwrap_err();
        assert!(
            err.to_string().starts_with("this is not an action: "),
            "{err}"
        );
        assert_eq!(
            (s.save(), s.record().unwrap(), s.seq()),
            (save, record, seq)
        );
    }

    #[test]
    fn unknown_settings_fields_are_refused_by_name() {
        let err = Session::create("2023", r#"{"players": 2, "corse": "x"}"#, 1).unwrap_err();
        assert!(err.to_string().contains("corse"), "{err}");
        let err = Session::create("chess", "{}", 1).unwrap_err();
        assert!(err.to_string().contains("unknown edition"), "{err}");
    }

    #[test]
    fn a_loaded_save_has_no_record_but_plays_on() {
        let s = Session::create("conquest", r#"{"players": 3}"#, 9).unwrap();
        let loaded = Session::load(&s.save()).unwrap();
        assert_eq!(loaded.save(), s.save());
        assert_eq!(loaded.record(), Err(Error::NoRecord));
        assert!(Session::load(r#"{"2023": 5}"#).is_err());
    }
}
