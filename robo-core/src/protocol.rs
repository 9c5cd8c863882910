//! The protocol every edition speaks.
//!
//! A game is a value. A front end asks [`Game::pending`] what the game waits
//! for, answers with [`Game::apply`], animates the events it gets back, and
//! shows each player [`Game::view`]. Nothing here draws, blocks, reads the
//! clock or calls back into the caller.

use crate::ids::PlayerId;
use crate::rng::Rng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::fmt::Debug;
use thiserror::Error;

/// Players waiting at a simultaneous decision.
pub type Players = SmallVec<[PlayerId; 8]>;

/// What a game waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Pending<D, O> {
    /// Every listed player must answer (in any order), for example when
    /// programming registers. Players who have answered are no longer listed.
    Simultaneous {
        /// Who still has to answer.
        players: Players,
        /// What kind of answer is asked for.
        decision: D,
    },
    /// One player's choice.
    Decision {
        /// Who decides.
        player: PlayerId,
        /// What is decided.
        decision: D,
    },
    /// The game is over.
    Terminal(O),
}

impl<D, O> Pending<D, O> {
    /// Is `player` among those the game waits for?
    #[must_use]
    pub fn is_waiting_for(&self, player: PlayerId) -> bool {
        match self {
            Pending::Simultaneous { players, .. } => players.contains(&player),
            Pending::Decision { player: p, .. } => *p == player,
            Pending::Terminal(_) => false,
        }
    }

    /// The players the game waits for, in seat order.
    #[must_use]
    pub fn players(&self) -> Players {
        match self {
            Pending::Simultaneous { players, .. } => players.clone(),
            Pending::Decision { player, .. } => smallvec::smallvec![*player],
            Pending::Terminal(_) => Players::new(),
        }
    }

    /// The outcome, once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<&O> {
        match self {
            Pending::Terminal(o) => Some(o),
            _ => None,
        }
    }

    /// Is the game over?
    #[must_use]
    pub fn is_terminal(&self) -> bool {
        matches!(self, Pending::Terminal(_))
    }
}

/// Why an action was refused. The game is unchanged.
///
/// `R` is the edition's own reason for refusing an action that answers the
/// right decision but is not allowed.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum ActionError<R> {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// No such seat.
    #[error("{0} is not a player of this game")]
    UnknownPlayer(PlayerId),
    /// The player has nothing to decide now.
    #[error("{0} has nothing to decide now")]
    NotPending(PlayerId),
    /// The action answers another kind of decision.
    #[error("this action does not answer the pending decision: {expected}")]
    WrongDecision {
        /// What the game waits for, in words.
        expected: String,
    },
    /// The edition's reason.
    #[error(transparent)]
    Illegal(R),
}

/// Whether [`Game::legal_actions`] listed every legal action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Legal {
    /// The list is complete (it may be empty when the player is not pending).
    Complete,
    /// There are too many to list (a whole program is one action); use
    /// [`Game::sample_action`]. The list holds none or some of them.
    TooMany,
}

/// The result of a finished game that every edition can report.
pub trait Outcome: Clone + Debug + PartialEq + Serialize + DeserializeOwned {
    /// The winning players, seat order; empty when nobody won (for example a
    /// round cap).
    fn winners(&self) -> SmallVec<[PlayerId; 4]>;
}

/// A game of one edition: the contract of `DESIGN.md`.
///
/// Implementations keep their position in the rules in the state (never in
/// the call stack across a choice), so any pending point can be saved and
/// resumed.
pub trait Game: Clone + Debug + PartialEq + Serialize + DeserializeOwned {
    /// The unchecked description of a game (the form written to files).
    type Setup: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// Why a setup was refused.
    type SetupError: std::error::Error + Clone + PartialEq;
    /// An answer to a pending decision.
    type Action: Clone + Debug + PartialEq + Eq + Ord + Serialize + DeserializeOwned;
    /// The edition's reasons for refusing an action.
    type Reason: std::error::Error + Clone + PartialEq;
    /// The kinds of decision the game waits for.
    type Decision: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// What happened, for animation and logs.
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// What one player may see.
    type View: Clone + Debug + Serialize;
    /// The result of a finished game.
    type Outcome: Outcome;

    /// Validates a setup and builds the game. All randomness of the game
    /// comes from `seed`.
    ///
    /// # Errors
    /// The edition's [`Game::SetupError`] naming the failed check.
    fn new(setup: Self::Setup, seed: u64) -> Result<Self, Self::SetupError>;

    /// Number of seats.
    fn num_players(&self) -> usize;

    /// What the game waits for now.
    fn pending(&self) -> Pending<Self::Decision, Self::Outcome>;

    /// Answers a pending decision, appending what happened to `events`.
    ///
    /// # Errors
    /// An [`ActionError`]; the game and `events` are then unchanged.
    fn apply_into(
        &mut self,
        player: PlayerId,
        action: Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), ActionError<Self::Reason>>;

    /// Answers a pending decision and returns what happened.
    ///
    /// # Errors
    /// An [`ActionError`]; the game is then unchanged.
    fn apply(
        &mut self,
        player: PlayerId,
        action: Self::Action,
    ) -> Result<Vec<Self::Event>, ActionError<Self::Reason>> {
        let mut events = Vec::new();
        self.apply_into(player, action, &mut events)?;
        Ok(events)
    }

    /// What `player` may see: no other hands, face-down cards, deck order or
    /// random state.
    fn view(&self, player: PlayerId) -> Self::View;

    /// Fills `out` (cleared first) with `player`'s legal actions, sorted and
    /// without duplicates, and says whether the list is complete. A player
    /// who is not pending has none.
    fn legal_actions(&self, player: PlayerId, out: &mut Vec<Self::Action>) -> Legal;

    /// A uniformly random legal action of `player` (from `rng`, never from
    /// the game's own generator); `None` when the player has none.
    fn sample_action(&self, player: PlayerId, rng: &mut Rng) -> Option<Self::Action> {
        let mut out = Vec::new();
        self.legal_actions(player, &mut out);
        let i = rng.index(out.len());
        (!out.is_empty()).then(|| out.swap_remove(i))
    }

    /// Checks the edition's invariants (cards and robots conserved, no two
    /// robots in a cell, ...). Used by tests and the playout harness.
    ///
    /// # Errors
    /// A description of the first broken invariant.
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}

/// Chooses actions for a player. A fair policy looks only at
/// `game.view(player)`; the game is passed so that planners can simulate
/// their own robot with the engine's own rules.
pub trait Policy<G: Game> {
    /// An action for `player`, who is pending in `game`; `None` to give up.
    fn choose(&mut self, game: &G, player: PlayerId) -> Option<G::Action>;
}

impl<G: Game, P: Policy<G> + ?Sized> Policy<G> for Box<P> {
    fn choose(&mut self, game: &G, player: PlayerId) -> Option<G::Action> {
        (**self).choose(game, player)
    }
}

/// The seed of the bot in `seat` of a game seeded with `seed`.
///
/// Every bot of the workspace (random, planner, greedy) seeds itself this
/// way, so the same game seed replays the same bots. The seat is mixed in
/// and the result scrambled (SplitMix64), so no bot shares the game's own
/// random stream or another seat's.
///
/// ```
/// use robo_core::protocol::seat_seed;
/// use robo_core::PlayerId;
/// assert_ne!(seat_seed(7, PlayerId(0)), 7);
/// assert_ne!(seat_seed(7, PlayerId(0)), seat_seed(7, PlayerId(1)));
/// assert_eq!(seat_seed(7, PlayerId(1)), seat_seed(7, PlayerId(1)));
/// ```
#[must_use]
pub const fn seat_seed(seed: u64, seat: PlayerId) -> u64 {
    let mut z = seed ^ (seat.0 as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A policy that plays a uniformly random legal action, from its own seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RandomPolicy {
    rng: Rng,
}

impl RandomPolicy {
    /// A random policy with its own seed.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        RandomPolicy {
            rng: Rng::from_seed(seed),
        }
    }
}

impl<G: Game> Policy<G> for RandomPolicy {
    fn choose(&mut self, game: &G, player: PlayerId) -> Option<G::Action> {
        game.sample_action(player, &mut self.rng)
    }
}

/// A saved game: the setup, the seed and every accepted action. Replaying
/// it reproduces the game exactly; it is the canonical save format.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Replay<G: Game> {
    /// The setup the game was created from.
    pub setup: G::Setup,
    /// The game's seed.
    pub seed: u64,
    /// Every accepted action, in order.
    pub actions: Vec<(PlayerId, G::Action)>,
}

/// A replay that does not reproduce a game.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ReplayError<S, R> {
    /// The setup is refused.
    #[error("the setup is refused: {0}")]
    Setup(S),
    /// An action of the log is refused.
    #[error("action {index} of the log is refused: {error}")]
    Action {
        /// Index in the log.
        index: usize,
        /// Why.
        error: ActionError<R>,
    },
}

impl<G: Game> Replay<G> {
    /// Plays the log from the setup and seed.
    ///
    /// # Errors
    /// The first refused setup or action.
    pub fn play(&self) -> Result<G, ReplayError<G::SetupError, G::Reason>> {
        let mut game = G::new(self.setup.clone(), self.seed).map_err(ReplayError::Setup)?;
        let mut events = Vec::new();
        for (index, (p, a)) in self.actions.iter().enumerate() {
            events.clear();
            game.apply_into(*p, a.clone(), &mut events)
                .map_err(|error| ReplayError::Action { index, error })?;
        }
        Ok(game)
    }
}

/// A game together with its replay log: apply through it and the log is
/// kept for you.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Recorded<G: Game> {
    /// The game now.
    pub game: G,
    /// How to reproduce it.
    pub replay: Replay<G>,
}

impl<G: Game> Recorded<G> {
    /// A new recorded game.
    ///
    /// # Errors
    /// The edition's setup error.
    pub fn new(setup: G::Setup, seed: u64) -> Result<Self, G::SetupError> {
        let game = G::new(setup.clone(), seed)?;
        Ok(Recorded {
            game,
            replay: Replay {
                setup,
                seed,
                actions: Vec::new(),
            },
        })
    }

    /// Applies an action and logs it if it is accepted.
    ///
    /// # Errors
    /// As [`Game::apply`].
    pub fn apply(
        &mut self,
        player: PlayerId,
        action: G::Action,
    ) -> Result<Vec<G::Event>, ActionError<G::Reason>> {
        let events = self.game.apply(player, action.clone())?;
        self.replay.actions.push((player, action));
        Ok(events)
    }
}

/// How a driven game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PlayResult<O> {
    /// The game reached its end.
    Finished(O),
    /// The step limit was reached first.
    StepLimit,
    /// A policy gave up (returned `None`) for this player.
    Resigned(PlayerId),
}

/// A driven game failed: a policy's action was refused.
#[derive(Clone, Debug, PartialEq, Error)]
#[error("{player}'s policy chose a refused action: {error}")]
pub struct PlayError<R: std::error::Error> {
    /// Whose policy.
    pub player: PlayerId,
    /// Why it was refused.
    pub error: ActionError<R>,
}

/// Drives `game` with one policy per seat until it ends or `max_actions`
/// actions were applied. Every accepted action is appended to `log`, and
/// every event is passed to `on_event`.
///
/// # Errors
/// A [`PlayError`] when a policy's action is refused (a bug in the policy).
pub fn play_out<G: Game>(
    game: &mut G,
    policies: &mut [&mut dyn Policy<G>],
    max_actions: usize,
    log: &mut Vec<(PlayerId, G::Action)>,
    mut on_event: impl FnMut(&G::Event),
) -> Result<PlayResult<G::Outcome>, PlayError<G::Reason>> {
    let mut events = Vec::new();
    for _ in 0..max_actions {
        // Simultaneous decisions are answered in seat order, one at a time.
        let player = match game.pending() {
            Pending::Terminal(o) => return Ok(PlayResult::Finished(o)),
            Pending::Decision { player, .. } => player,
            Pending::Simultaneous { players, .. } => match players.first() {
                Some(p) => *p,
                None => return Ok(PlayResult::StepLimit),
            },
        };
        let Some(action) = policies
            .get_mut(player.index())
            .and_then(|p| p.choose(game, player))
        else {
            return Ok(PlayResult::Resigned(player));
        };
        events.clear();
        game.apply_into(player, action.clone(), &mut events)
            .map_err(|error| PlayError { player, error })?;
        events.iter().for_each(&mut on_event);
        log.push((player, action));
    }
    Ok(match game.pending() {
        Pending::Terminal(o) => PlayResult::Finished(o),
        _ => PlayResult::StepLimit,
    })
}
