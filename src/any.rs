//! [`AnyGame`]: one game type for front ends that pick the edition at run
//! time. It implements the same [`Game`] protocol by delegating to the
//! edition crates; each associated type is an enum with one variant per
//! playable edition, serialised as `{"2023": ...}` / `{"conquest": ...}`.
//! The types are generated from the editions list (`src/editions/mod.rs`).
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

pub use crate::editions::{
    AnyAction, AnyDecision, AnyEvent, AnyGame, AnyOutcome, AnyReason, AnySetup, AnySetupError,
    AnyView,
};

use crate::editions::{NewGame, NewGameError, Playable, Visit};
use crate::Edition;
use robo_core::protocol::{ActionError, Game, Legal, Pending};
use robo_core::PlayerId;

struct Start<'a>(&'a NewGame);

impl Visit for Start<'_> {
    type Out = Result<AnyGame, NewGameError>;
    fn visit<G: Playable>(self) -> Self::Out {
        G::new_game(self.0).map(G::into_any)
    }
}

struct NewSetup<'a>(&'a NewGame);

impl Visit for NewSetup<'_> {
    type Out = Result<AnySetup, NewGameError>;
    fn visit<G: Playable>(self) -> Self::Out {
        G::new_setup(self.0).map(G::any_setup)
    }
}

/// The setup of a new game of `edition` from plain settings (the seed is
/// not part of it): what a server keeps to replay a game.
///
/// ```
/// use roborally::any::{new_setup, AnyGame};
/// use roborally::core::Game;
/// use roborally::editions::NewGame;
/// use roborally::Edition;
/// let settings = NewGame { course: Some("milk run".into()), players: 2, ..NewGame::default() };
/// let setup = new_setup(Edition::V2023, &settings).unwrap();
/// assert_eq!(setup.edition(), Edition::V2023);
/// assert_eq!(AnyGame::new(setup, 9).unwrap().num_players(), 2);
/// ```
///
/// # Errors
/// A [`NewGameError`]: an unknown course, settings the edition cannot
/// take, or an edition that cannot be played yet.
pub fn new_setup(edition: Edition, settings: &NewGame) -> Result<AnySetup, NewGameError> {
    edition
        .visit(NewSetup(settings))
        .unwrap_or(Err(NewGameError::NotPlayable(edition)))
}

/// A new game of `edition` from plain settings (course by name, seats,
/// seed, round cap), as the race driver, the terminal and batch runs
/// start theirs.
///
/// ```
/// use roborally::any::new_game;
/// use roborally::editions::NewGame;
/// use roborally::Edition;
/// let settings = NewGame { players: 3, seed: 5, ..NewGame::default() };
/// let game = new_game(Edition::Conquest, &settings).unwrap();
/// assert_eq!(game.edition(), Edition::Conquest);
/// let nowhere = NewGame { course: Some("Nowhere".into()), ..NewGame::default() };
/// assert!(new_game(Edition::V2023, &nowhere).is_err());
/// ```
///
/// # Errors
/// A [`NewGameError`]: an unknown course, a refused setup, or an edition
/// that cannot be played yet.
pub fn new_game(edition: Edition, settings: &NewGame) -> Result<AnyGame, NewGameError> {
    edition
        .visit(Start(settings))
        .unwrap_or(Err(NewGameError::NotPlayable(edition)))
}

pub(crate) fn map_pending<D, O, D2, O2>(
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

pub(crate) fn map_error<R, R2>(e: ActionError<R>, f: impl Fn(R) -> R2) -> ActionError<R2> {
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
pub(crate) fn apply_edition<G: Game, E>(
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

pub(crate) fn legal_edition<G: Game, A>(
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

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::harness::{check_playouts, PlayoutConfig};
    use robo_core::Rng;

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

    #[test]
    fn every_edition_type_goes_into_any_and_back_out() {
        use crate::editions::InAny;
        use variant_2023::Race;
        use variant_conquest::Conquest;
        let course = variant_2023::courses::course("Milk Run").unwrap();
        let mut race = Race::new(variant_2023::Setup::new(course, 2), 5).unwrap();
        let mut rng = Rng::from_seed(5);
        let p = race.pending().players()[0];
        let action = race.sample_action(p, &mut rng).unwrap();
        let any_action = Race::any_action(action.clone());
        assert!(serde_json::to_string(&any_action)
            .unwrap()
            .starts_with("{\"2023\":"));
        assert_eq!(Race::action_in(any_action.clone()), Some(action.clone()));
        assert_eq!(Conquest::action_in(any_action), None);
        let mut any = race.clone().into_any();
        assert_eq!(any.edition(), Race::EDITION);
        assert_eq!(Race::in_any(&any), Some(&race));
        assert!(Conquest::in_any(&any).is_none());
        let view = any.view(p);
        assert_eq!(Race::view_in(&view), Some(&race.view(p)));
        let decision = match any.pending() {
            Pending::Decision { decision, .. } | Pending::Simultaneous { decision, .. } => decision,
            Pending::Terminal(_) => panic!("a new race waits for a decision"),
        };
        assert!(Race::decision_in(&decision).is_some());
        let events = any.apply(p, Race::any_action(action.clone())).unwrap();
        let own = race.apply(p, action).unwrap();
        let mapped: Vec<_> = events.iter().filter_map(Race::event_in).cloned().collect();
        assert_eq!(mapped, own);
        let any = match Conquest::take_any(any) {
            Ok(_) => panic!("a race is not a conquest"),
            Err(any) => any,
        };
        assert_eq!(Race::take_any(any), Ok(race));
    }
}
