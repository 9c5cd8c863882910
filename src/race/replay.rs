//! The HTML replay of a game that was played elsewhere (a server's match):
//! its log played again from the setup and seed, recorded by the
//! edition's own replay recorder
//! ([`Playable::replay_recorder`](crate::editions::Playable::replay_recorder)),
//! as the race driver records its own games.

use crate::editions::{Playable, Visit};
use crate::{AnyGame, AnySetup};
use robo_core::protocol::Replay;
use robo_core::Game;
use thiserror::Error;

/// A replay that cannot be drawn.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ReplayDocError {
    /// The edition has no HTML replay.
    #[error("the {0} edition has no HTML replay")]
    NoReplay(crate::Edition),
    /// The setup is refused.
    #[error("the setup is refused: {0}")]
    Setup(String),
    /// An action of the log is refused.
    #[error("action {index} of the log is refused: {message}")]
    Action {
        /// Its index in the log.
        index: usize,
        /// Why.
        message: String,
    },
}

struct Draw<'a> {
    replay: &'a Replay<AnyGame>,
    names: &'a [String],
}

impl Visit for Draw<'_> {
    type Out = Result<String, ReplayDocError>;
    fn visit<G: Playable>(self) -> Self::Out {
        let no = || ReplayDocError::NoReplay(G::EDITION);
        let mut game = AnyGame::new(self.replay.setup.clone(), self.replay.seed)
            .map_err(|e| ReplayDocError::Setup(e.to_string()))?;
        let names: Vec<String> = (0..game.num_players())
            .map(|i| {
                self.names
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| format!("P{i}"))
            })
            .collect();
        let mut rec =
            G::replay_recorder(G::in_any(&game).ok_or_else(no)?, &names).ok_or_else(no)?;
        let mut events = Vec::new();
        let mut own = Vec::new();
        for (index, (player, action)) in self.replay.actions.iter().enumerate() {
            events.clear();
            game.apply_into(*player, action.clone(), &mut events)
                .map_err(|e| ReplayDocError::Action {
                    index,
                    message: e.to_string(),
                })?;
            own.clear();
            own.extend(events.iter().filter_map(G::event_in).cloned());
            rec.observe(G::in_any(&game).ok_or_else(no)?, &own);
        }
        Ok(rec.html(G::in_any(&game).ok_or_else(no)?))
    }
}

/// The HTML replay page of a finished (or unfinished) game of any
/// edition with a replay recorder, from its setup, seed and actions;
/// `names` are the seats' names (seat numbers where missing).
///
/// ```
/// use roborally::core::protocol::{play_out, RandomPolicy, Replay};
/// use roborally::core::{Game, Policy};
/// use roborally::editions::NewGame;
/// use roborally::{any, race, AnyGame, Edition};
/// let settings = NewGame { players: 2, seed: 4, max_rounds: Some(2), ..NewGame::default() };
/// let setup = any::new_setup(Edition::V2023, &settings).unwrap();
/// let mut game = AnyGame::new(setup.clone(), 4).unwrap();
/// let (mut a, mut b) = (RandomPolicy::new(1), RandomPolicy::new(2));
/// let mut seats: [&mut dyn Policy<AnyGame>; 2] = [&mut a, &mut b];
/// let mut actions = Vec::new();
/// play_out(&mut game, &mut seats, 10_000, &mut actions, |_| {}).unwrap();
/// let replay = Replay { setup, seed: 4, actions };
/// let html = race::replay_html(&replay, &["Ann".into(), "Bob".into()]).unwrap();
/// assert!(html.contains("Ann") && html.contains("<html"));
/// ```
///
/// # Errors
/// A [`ReplayDocError`]: an edition without a replay recorder, or a
/// refused setup or action.
pub fn replay_html(replay: &Replay<AnyGame>, names: &[String]) -> Result<String, ReplayDocError> {
    let edition = replay.setup.edition();
    edition
        .visit(Draw { replay, names })
        .unwrap_or(Err(ReplayDocError::NoReplay(edition)))
}

/// The course or map of a game of `setup`, as the drawing modules take
/// it: `{"board": ...}` for a grid race (`web/draw.js`), `{"map": ...}`
/// on a map (`web/draw-map.js`). It is the picture of the replay page of
/// the setup with no action played (the setup alone, never a seed).
///
/// ```
/// use roborally::editions::NewGame;
/// use roborally::{any, race, Edition};
/// let settings = NewGame { players: 2, ..NewGame::default() };
/// let board = race::picture_json(&any::new_setup(Edition::V2023, &settings).unwrap()).unwrap();
/// assert!(board.starts_with(r#"{"board":"#));
/// let map = race::picture_json(&any::new_setup(Edition::Conquest, &settings).unwrap()).unwrap();
/// assert!(map.starts_with(r#"{"map":"#));
/// ```
///
/// # Errors
/// A refused setup, or an edition whose replay page has no picture.
pub fn picture_json(setup: &AnySetup) -> Result<String, ReplayDocError> {
    let replay = Replay {
        setup: setup.clone(),
        seed: 0,
        actions: Vec::new(),
    };
    let html = replay_html(&replay, &[])?;
    let none = || ReplayDocError::NoReplay(setup.edition());
    let data = html
        .split_once(r#"<script type="application/json" id="replay">"#)
        .and_then(|(_, rest)| rest.split_once("</script>"))
        .map(|(data, _)| data.replace("<\\/", "</"))
        .ok_or_else(none)?;
    let doc: serde_json::Value = serde_json::from_str(&data).map_err(|_| none())?;
    let mut out = serde_json::Map::new();
    for key in ["board", "map"] {
        if let Some(v) = doc.get(key) {
            out.insert(key.to_string(), v.clone());
        }
    }
    if out.is_empty() {
        return Err(none());
    }
    Ok(serde_json::Value::Object(out).to_string())
}
