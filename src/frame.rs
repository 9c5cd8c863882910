//! What a seat is shown of a game at one moment: its view, whom the game
//! waits for, what the seat is asked (with its legal answers), and the
//! outcome once over. The server sends it as its `state` frame, and the
//! WebAssembly package builds the same frame for a game played in the
//! browser, so a front end draws both alike.
//!
//! ```
//! use roborally::any::{new_game, AnyGame};
//! use roborally::core::{Game, PlayerId, Rng};
//! use roborally::editions::NewGame;
//! use roborally::frame::StateFrame;
//! use roborally::Edition;
//! let game = new_game(Edition::V2023, &NewGame { players: 2, ..NewGame::default() }).unwrap();
//! let mut rng = Rng::from_seed(1);
//! // A spectator sees the public view and is asked nothing.
//! let watching = StateFrame::of(&game, None, 0, true, &mut rng);
//! assert!(watching.asked.is_none() && !watching.finished);
//! let seat = PlayerId(watching.waiting[0]);
//! let frame = StateFrame::of(&game, Some(seat), 0, true, &mut rng);
//! assert!(frame.asked.is_some());
//! // A match still waiting for its seats asks nobody.
//! let open = StateFrame::of(&game, Some(seat), 0, false, &mut rng);
//! assert!(open.asked.is_none() && open.waiting.is_empty());
//! ```

use crate::any::{AnyAction, AnyDecision, AnyOutcome, AnyView};
use crate::AnyGame;
use robo_core::protocol::Outcome as _;
use robo_core::{Game, Legal, Pending, PlayerId, Rng};
use serde::{Deserialize, Serialize};

/// The connection's view and what the game waits for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct StateFrame {
    /// Actions played so far.
    pub seq: u64,
    /// What the connection's seat may see (the public view for a
    /// spectator).
    pub view: AnyView,
    /// The seats the game waits for.
    pub waiting: Vec<u8>,
    /// What this seat is asked, when it is among them.
    pub asked: Option<Asked>,
    /// The timer, when one runs.
    pub clock: Option<Clock>,
    /// The game is over.
    pub finished: bool,
    /// How it ended, once over.
    pub outcome: Option<AnyOutcome>,
    /// The winning seats, once over.
    pub winners: Vec<u8>,
}

/// What a seat is asked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Asked {
    /// The kind of decision.
    pub decision: AnyDecision,
    /// Every legal answer, when the edition can list them (`null` when
    /// there are too many, as for a whole program).
    pub legal: Option<Vec<AnyAction>>,
    /// One legal answer picked at random, when there are too many to
    /// list: a starting point a front end may offer.
    pub suggestion: Option<AnyAction>,
}

/// The timer of the period now on the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Clock {
    /// Milliseconds left when the frame was sent.
    pub left_ms: u64,
    /// The whole period, in milliseconds.
    pub timer_ms: u64,
}

impl StateFrame {
    /// The frame of `seat` (`None`: a spectator, who gets the public view)
    /// after `seq` actions, with no clock. While the game is not `running`
    /// (a match waiting for its seats) nobody is asked or waited for.
    /// A suggestion, when the seat's answers are too many to list, is
    /// drawn from `rng` (the front end's own, never the game's).
    #[must_use]
    pub fn of(
        game: &AnyGame,
        seat: Option<PlayerId>,
        seq: u64,
        running: bool,
        rng: &mut Rng,
    ) -> StateFrame {
        let pending = game.pending();
        let view = match seat {
            Some(p) => game.view(p),
            None => game.public_view(),
        };
        let asked = match (&pending, seat) {
            (
                Pending::Decision { decision, .. } | Pending::Simultaneous { decision, .. },
                Some(p),
            ) if running && pending.is_waiting_for(p) => {
                let mut legal = Vec::new();
                let (legal, suggestion) = match game.legal_actions(p, &mut legal) {
                    Legal::Complete => (Some(legal), None),
                    Legal::TooMany => (None, game.sample_action(p, rng)),
                };
                Some(Asked {
                    decision: decision.clone(),
                    legal,
                    suggestion,
                })
            }
            _ => None,
        };
        let outcome = pending.outcome().cloned();
        let winners = outcome
            .as_ref()
            .map(|o| o.winners().iter().map(|p| p.0).collect())
            .unwrap_or_default();
        StateFrame {
            seq,
            view,
            waiting: if running || outcome.is_some() {
                pending.players().iter().map(|p| p.0).collect()
            } else {
                Vec::new()
            },
            asked,
            clock: None,
            finished: outcome.is_some(),
            outcome,
            winners,
        }
    }
}
