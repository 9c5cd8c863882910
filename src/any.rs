//! [`AnyGame`]: one game type for front ends that pick the edition at run
//! time. It implements the same [`Game`] protocol by delegating to the
//! edition crates; each associated type is an enum with one variant per
//! playable edition, serialised as `{"2023": ...}` / `{"conquest": ...}`.
//!
//! ```
//! use roborally::any::{AnyGame, AnySetup};
//! use roborally::core::{Game, Rng};
//! let setup = AnySetup::Conquest(roborally::conquest::Setup::for_players(2));
//! let mut game = AnyGame::new(setup, 7).unwrap();
//! assert_eq!(game.edition(), roborally::Edition::Conquest);
//! let mut rng = Rng::from_seed(1);
//! let player = game.pending().players()[0];
//! let action = game.sample_action(player, &mut rng).unwrap();
//! game.apply(player, action).unwrap();
//! ```

use crate::Edition;
use robo_core::protocol::{ActionError, Game, Legal, Outcome, Pending};
use robo_core::{PlayerId, Rng};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use thiserror::Error;

macro_rules! any_enum {
    ($(#[$m:meta])* $name:ident, $assoc:ident) => {
        $(#[$m])*
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub enum $name {
            /// The 2023 edition.
            #[serde(rename = "2023")]
            V2023(<variant_2023::Race as Game>::$assoc),
            /// Transformers conquest.
            #[serde(rename = "conquest")]
            Conquest(<variant_conquest::Conquest as Game>::$assoc),
        }
    };
}

any_enum!(
    /// The setup of a game of any playable edition.
    AnySetup,
    Setup
);
any_enum!(
    /// What a game of any edition waits for.
    AnyDecision,
    Decision
);
any_enum!(
    /// An event of any edition.
    AnyEvent,
    Event
);
any_enum!(
    /// A player's view in any edition.
    AnyView,
    View
);
any_enum!(
    /// The end of a game of any edition.
    AnyOutcome,
    Outcome
);

/// An answer in any edition. Ordered by edition, then by the edition's order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum AnyAction {
    /// The 2023 edition.
    #[serde(rename = "2023")]
    V2023(variant_2023::Action),
    /// Transformers conquest.
    #[serde(rename = "conquest")]
    Conquest(variant_conquest::Action),
}

/// A refused setup of any edition.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum AnySetupError {
    /// The 2023 edition's reason.
    #[error(transparent)]
    V2023(variant_2023::SetupError),
    /// The conquest game's reason.
    #[error(transparent)]
    Conquest(variant_conquest::SetupError),
}

/// An edition's reason for refusing an action.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum AnyReason {
    /// The 2023 edition's reason.
    #[error(transparent)]
    V2023(variant_2023::Reason),
    /// The conquest game's reason.
    #[error(transparent)]
    Conquest(variant_conquest::Reason),
}

impl Outcome for AnyOutcome {
    fn winners(&self) -> SmallVec<[PlayerId; 4]> {
        match self {
            AnyOutcome::V2023(o) => o.winners(),
            AnyOutcome::Conquest(o) => o.winners(),
        }
    }
}

/// A game of any playable edition.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum AnyGame {
    /// The 2023 edition.
    #[serde(rename = "2023")]
    V2023(Box<variant_2023::Race>),
    /// Transformers conquest.
    #[serde(rename = "conquest")]
    Conquest(Box<variant_conquest::Conquest>),
}

impl AnyGame {
    /// Which edition this is.
    #[must_use]
    pub fn edition(&self) -> Edition {
        match self {
            AnyGame::V2023(_) => Edition::V2023,
            AnyGame::Conquest(_) => Edition::Conquest,
        }
    }
}

fn map_pending<D, O, D2, O2>(
    p: Pending<D, O>,
    d: impl Fn(D) -> D2,
    o: impl Fn(O) -> O2,
) -> Pending<D2, O2> {
    match p {
        Pending::Simultaneous { players, decision } => Pending::Simultaneous {
            players,
            decision: d(decision),
        },
        Pending::Decision { player, decision } => Pending::Decision {
            player,
            decision: d(decision),
        },
        Pending::Terminal(x) => Pending::Terminal(o(x)),
    }
}

fn map_error<R, R2>(e: ActionError<R>, f: impl Fn(R) -> R2) -> ActionError<R2> {
    match e {
        ActionError::GameOver => ActionError::GameOver,
        ActionError::UnknownPlayer(p) => ActionError::UnknownPlayer(p),
        ActionError::NotPending(p) => ActionError::NotPending(p),
        ActionError::WrongDecision { expected } => ActionError::WrongDecision { expected },
        ActionError::Illegal(r) => ActionError::Illegal(f(r)),
    }
}

/// Runs `apply_into` on the edition game with its own event buffer, then
/// moves the events into the common buffer.
fn apply_edition<G: Game, E>(
    game: &mut G,
    player: PlayerId,
    action: G::Action,
    events: &mut Vec<E>,
    wrap_event: impl Fn(G::Event) -> E,
) -> Result<(), ActionError<G::Reason>> {
    let mut own = Vec::new();
    game.apply_into(player, action, &mut own)?;
    events.extend(own.into_iter().map(wrap_event));
    Ok(())
}

fn legal_edition<G: Game, A>(
    game: &G,
    player: PlayerId,
    out: &mut Vec<A>,
    wrap: impl Fn(G::Action) -> A,
) -> Legal {
    let mut own = Vec::new();
    let legal = game.legal_actions(player, &mut own);
    out.clear();
    out.extend(own.into_iter().map(wrap));
    legal
}

impl Game for AnyGame {
    type Setup = AnySetup;
    type SetupError = AnySetupError;
    type Action = AnyAction;
    type Reason = AnyReason;
    type Decision = AnyDecision;
    type Event = AnyEvent;
    type View = AnyView;
    type Outcome = AnyOutcome;

    fn new(setup: AnySetup, seed: u64) -> Result<Self, AnySetupError> {
        Ok(match setup {
            AnySetup::V2023(s) => AnyGame::V2023(Box::new(
                variant_2023::Race::new(s, seed).map_err(AnySetupError::V2023)?,
            )),
            AnySetup::Conquest(s) => AnyGame::Conquest(Box::new(
                variant_conquest::Conquest::new(s, seed).map_err(AnySetupError::Conquest)?,
            )),
        })
    }

    fn num_players(&self) -> usize {
        match self {
            AnyGame::V2023(g) => g.num_players(),
            AnyGame::Conquest(g) => g.num_players(),
        }
    }

    fn pending(&self) -> Pending<AnyDecision, AnyOutcome> {
        match self {
            AnyGame::V2023(g) => map_pending(g.pending(), AnyDecision::V2023, AnyOutcome::V2023),
            AnyGame::Conquest(g) => {
                map_pending(g.pending(), AnyDecision::Conquest, AnyOutcome::Conquest)
            }
        }
    }

    fn apply_into(
        &mut self,
        player: PlayerId,
        action: AnyAction,
        events: &mut Vec<AnyEvent>,
    ) -> Result<(), ActionError<AnyReason>> {
        match (self, action) {
            (AnyGame::V2023(g), AnyAction::V2023(a)) => {
                apply_edition(g.as_mut(), player, a, events, AnyEvent::V2023)
                    .map_err(|e| map_error(e, AnyReason::V2023))
            }
            (AnyGame::Conquest(g), AnyAction::Conquest(a)) => {
                apply_edition(g.as_mut(), player, a, events, AnyEvent::Conquest)
                    .map_err(|e| map_error(e, AnyReason::Conquest))
            }
            (game, _) => Err(ActionError::WrongDecision {
                expected: format!("an action of the {} edition", game.edition()),
            }),
        }
    }

    fn view(&self, player: PlayerId) -> AnyView {
        match self {
            AnyGame::V2023(g) => AnyView::V2023(g.view(player)),
            AnyGame::Conquest(g) => AnyView::Conquest(g.view(player)),
        }
    }

    fn legal_actions(&self, player: PlayerId, out: &mut Vec<AnyAction>) -> Legal {
        match self {
            AnyGame::V2023(g) => legal_edition(g.as_ref(), player, out, AnyAction::V2023),
            AnyGame::Conquest(g) => legal_edition(g.as_ref(), player, out, AnyAction::Conquest),
        }
    }

    fn sample_action(&self, player: PlayerId, rng: &mut Rng) -> Option<AnyAction> {
        match self {
            AnyGame::V2023(g) => g.sample_action(player, rng).map(AnyAction::V2023),
            AnyGame::Conquest(g) => g.sample_action(player, rng).map(AnyAction::Conquest),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        match self {
            AnyGame::V2023(g) => g.check_invariants(),
            AnyGame::Conquest(g) => g.check_invariants(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::harness::{check_playouts, PlayoutConfig};

    fn setup(rng: &mut Rng) -> AnySetup {
        if rng.below(2) == 0 {
            let course = variant_2023::courses::course(variant_2023::courses::DEFAULT_COURSE)
                .expect("built-in course");
            let mut s = variant_2023::Setup::new(course, 2 + rng.below(3) as u8);
            s.max_rounds = Some(3);
            AnySetup::V2023(s)
        } else {
            AnySetup::Conquest(variant_conquest::Setup::for_players(2 + rng.index(3)))
        }
    }

    #[test]
    fn any_game_passes_the_playout_harness_for_both_editions() {
        let report = check_playouts::<AnyGame>(PlayoutConfig::new(6, 20_000), setup)
            .unwrap_or_else(|f| panic!("{f}"));
        assert_eq!(report.games, report.finished);
        assert!(report.actions > 100, "{report:?}");
    }

    #[test]
    fn an_action_of_another_edition_is_refused_unchanged() {
        let mut rng = Rng::from_seed(4);
        let mut conquest = AnyGame::new(
            AnySetup::Conquest(variant_conquest::Setup::for_players(2)),
            1,
        )
        .unwrap();
        let course = variant_2023::courses::course("Milk Run").unwrap();
        let race = AnyGame::new(AnySetup::V2023(variant_2023::Setup::new(course, 2)), 1).unwrap();
        let p = race.pending().players()[0];
        let foreign = race.sample_action(p, &mut rng).unwrap();
        let before = conquest.clone();
        let err = conquest
            .apply(conquest.pending().players()[0], foreign)
            .unwrap_err();
        assert!(err.to_string().contains("conquest"), "{err}");
        assert_eq!(conquest, before);
    }

    #[test]
    fn setups_and_games_round_trip_through_json_with_an_edition_tag() {
        let s = AnySetup::Conquest(variant_conquest::Setup::for_players(3));
        let json = serde_json::to_string(&s).unwrap();
        assert!(json.starts_with("{\"conquest\":"), "{json}");
        let g = AnyGame::new(s, 3).unwrap();
        let back: AnyGame = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(back, g);
    }
}
