//! The HTML replay of a game that was played elsewhere (a server's match):
//! its log played again from the setup and seed, recorded frame by frame
//! as the race driver records its own races.

use super::edition::RaceEdition;
use super::recorder::Recorder;
use crate::editions::Visit;
use crate::viewer::ReplayDoc;
use crate::AnyGame;
use robo_core::protocol::Replay;
use robo_core::Game;
use thiserror::Error;

/// A replay that cannot be drawn.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ReplayDocError {
    /// The edition has no grid to draw.
    #[error("the {0} edition has no grid replay")]
    NoGrid(crate::Edition),
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

/// The HTML replay of one grid edition, as its
/// [`Playable::grid_replay`](crate::editions::Playable::grid_replay)
/// gives it: [`replay_doc_of`] for that edition.
pub type GridReplayFn = fn(&Replay<AnyGame>, &[String]) -> Result<ReplayDoc, ReplayDocError>;

/// The HTML replay of a game of the grid edition `G`, kept as a
/// [`Replay`] of [`AnyGame`]; `names` are the seats' names (seat numbers
/// where missing).
///
/// # Errors
/// A [`ReplayDocError`]: the replay is of another edition, or its setup or
/// one of its actions is refused.
pub fn replay_doc_of<G: RaceEdition>(
    replay: &Replay<AnyGame>,
    names: &[String],
) -> Result<ReplayDoc, ReplayDocError> {
    let mut game = AnyGame::new(replay.setup.clone(), replay.seed)
        .map_err(|e| ReplayDocError::Setup(e.to_string()))?;
    let edition = game.edition();
    let race = G::in_any(&game).ok_or(ReplayDocError::NoGrid(edition))?;
    let mut rec = Recorder::new(race);
    let mut events = Vec::new();
    let mut own = Vec::new();
    for (index, (player, action)) in replay.actions.iter().enumerate() {
        events.clear();
        game.apply_into(*player, action.clone(), &mut events)
            .map_err(|e| ReplayDocError::Action {
                index,
                message: e.to_string(),
            })?;
        own.clear();
        own.extend(events.iter().filter_map(G::event_in).cloned());
        let race = G::in_any(&game).ok_or(ReplayDocError::NoGrid(edition))?;
        rec.observe(race, &own, |_| {});
    }
    let race = G::in_any(&game).ok_or(ReplayDocError::NoGrid(edition))?;
    let robots = (0..game.num_players())
        .map(|i| {
            names
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("P{i}"))
                .replace(' ', "\u{a0}")
        })
        .collect();
    Ok(ReplayDoc {
        title: format!("{}: {}, seed {}", G::TITLE, race.setting(), replay.seed),
        board: race.course_picture(),
        robots,
        frames: rec.frames,
    })
}

struct Draw<'a> {
    replay: &'a Replay<AnyGame>,
    names: &'a [String],
}

impl Visit for Draw<'_> {
    type Out = Result<ReplayDoc, ReplayDocError>;
    fn visit<G: crate::editions::Playable>(self) -> Self::Out {
        match G::grid_replay() {
            Some(draw) => draw(self.replay, self.names),
            None => Err(ReplayDocError::NoGrid(G::EDITION)),
        }
    }
}

/// The HTML replay of a finished (or unfinished) game of any grid
/// edition, from its setup, seed and actions.
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
/// let doc = race::replay_doc(&replay, &["Ann".into(), "Bob".into()]).unwrap();
/// assert!(doc.frames.len() > 1 && doc.robots[0] == "Ann");
/// ```
///
/// # Errors
/// A [`ReplayDocError`]: an edition without a grid, or a refused setup or
/// action.
pub fn replay_doc(replay: &Replay<AnyGame>, names: &[String]) -> Result<ReplayDoc, ReplayDocError> {
    let edition = replay.setup.edition();
    edition
        .visit(Draw { replay, names })
        .unwrap_or(Err(ReplayDocError::NoGrid(edition)))
}
