//! The random-playout harness: plays many random games of any edition and
//! checks the protocol's promises at every step. Behind the `proptest`
//! feature.
//!
//! At every step it checks that legal actions are sorted and unique, that
//! players who are not pending have none, that a sampled action is legal
//! and applies, that a refused action leaves the game unchanged, that the
//! edition's invariants hold, and (at small and power-of-two step counts,
//! to stay cheap) that clone, JSON and replay round-trips give the same
//! game. Every game must end within the configured number of actions.
//! Failures name the seed that reproduces them.
//!
//! [`check_damaged_saves`] does the same for saves damaged at random places
//! (see [`damage`]).

pub mod damage;
pub mod golden;
pub mod views;

pub use damage::{check_damaged_saves, DamageConfig, DamageReport};

use crate::ids::PlayerId;
use crate::protocol::{Game, Legal, Pending, Replay};
use crate::rng::Rng;
use std::fmt;

/// How many games, how long, from which seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutConfig {
    /// Games to play.
    pub games: u32,
    /// A game that has not ended after this many actions fails.
    pub max_actions: usize,
    /// Seed of the first game; game `i` uses `seed + i`.
    pub seed: u64,
    /// Probes of refused actions per step, in percent of steps.
    pub probe_percent: u32,
}

impl PlayoutConfig {
    /// `games` games (or `ROBORALLY_PLAYOUTS`), each ending within `max_actions`.
    #[must_use]
    pub fn new(games: u32, max_actions: usize) -> Self {
        PlayoutConfig {
            games: crate::testing::playouts(games),
            max_actions,
            seed: 1,
            probe_percent: 25,
        }
    }
}

/// What the harness saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutReport {
    /// Games played.
    pub games: u32,
    /// Games that reached a terminal state.
    pub finished: u32,
    /// Actions applied in all.
    pub actions: u64,
    /// Refused actions probed.
    pub probes: u64,
}

/// A broken promise, with the seed that reproduces it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayoutFailure {
    /// The harness seed of the failing game.
    pub seed: u64,
    /// Actions applied before the failure.
    pub action: usize,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for PlayoutFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "playout seed {} failed after {} actions: {}",
            self.seed, self.action, self.message
        )
    }
}

impl std::error::Error for PlayoutFailure {}

fn checkpoint(step: usize) -> bool {
    step < 4 || step.is_power_of_two()
}

/// Plays `config.games` random games; `setup` makes each game's setup from
/// the harness generator. Returns the first failure.
///
/// # Errors
/// A [`PlayoutFailure`] naming the seed and step of the first broken promise.
pub fn check_playouts<G: Game>(
    config: PlayoutConfig,
    mut setup: impl FnMut(&mut Rng) -> G::Setup,
) -> Result<PlayoutReport, PlayoutFailure> {
    let mut report = PlayoutReport::default();
    for i in 0..config.games {
        let seed = config.seed.wrapping_add(u64::from(i));
        let mut rng = Rng::from_seed(seed);
        let s = setup(&mut rng);
        let game_seed = rng.next_u64();
        let fail = |action: usize, message: String| PlayoutFailure {
            seed,
            action,
            message,
        };
        let mut game =
            G::new(s.clone(), game_seed).map_err(|e| fail(0, format!("setup refused: {e}")))?;
        let mut replay: Replay<G> = Replay {
            setup: s,
            seed: game_seed,
            actions: Vec::new(),
        };
        let mut legal = Vec::new();
        let mut events = Vec::new();
        let mut finished = false;
        for step in 0..=config.max_actions {
            game.check_invariants()
                .map_err(|m| fail(step, format!("invariant: {m}")))?;
            if checkpoint(step) {
                round_trips(&game, &replay).map_err(|m| fail(step, m))?;
            }
            let pending = game.pending();
            let waiting = pending.players();
            for p in 0..game.num_players() {
                let p = PlayerId(p as u8);
                let completeness = game.legal_actions(p, &mut legal);
                if legal.windows(2).any(|w| w[0] >= w[1]) {
                    return Err(fail(
                        step,
                        format!("legal actions of {p} are not sorted and unique: {legal:?}"),
                    ));
                }
                if !waiting.contains(&p) {
                    if !legal.is_empty() {
                        return Err(fail(
                            step,
                            format!("{p} is not pending but has legal actions {legal:?}"),
                        ));
                    }
                    if let Some(a) = game.sample_action(p, &mut rng) {
                        return Err(fail(
                            step,
                            format!("{p} is not pending but a sample gave {a:?}"),
                        ));
                    }
                } else if completeness == Legal::Complete && legal.is_empty() {
                    return Err(fail(
                        step,
                        format!("{p} is pending ({pending:?}) but has no legal action"),
                    ));
                }
            }
            if let Pending::Terminal(_) = pending {
                finished = true;
                break;
            }
            if step == config.max_actions {
                break;
            }
            let Some(&actor) = rng.pick(&waiting) else {
                return Err(fail(
                    step,
                    format!("nobody is pending in a non-terminal state: {pending:?}"),
                ));
            };
            let completeness = game.legal_actions(actor, &mut legal);
            let action = game
                .sample_action(actor, &mut rng)
                .ok_or_else(|| fail(step, format!("no action sampled for pending {actor}")))?;
            if completeness == Legal::Complete && legal.binary_search(&action).is_err() {
                return Err(fail(
                    step,
                    format!("sampled {action:?} is not among the legal actions {legal:?}"),
                ));
            }
            if rng.below(100) < config.probe_percent {
                probe_refusals(&game, &replay, &waiting, &mut rng).map_err(|m| fail(step, m))?;
                report.probes += 1;
            }
            events.clear();
            game.apply_into(actor, action.clone(), &mut events)
                .map_err(|e| {
                    fail(
                        step,
                        format!("sampled legal action {action:?} of {actor} refused: {e}"),
                    )
                })?;
            replay.actions.push((actor, action));
            report.actions += 1;
        }
        if !finished {
            return Err(fail(
                config.max_actions,
                "the game did not end within the action bound".into(),
            ));
        }
        round_trips(&game, &replay).map_err(|m| fail(replay.actions.len(), m))?;
        report.games += 1;
        report.finished += 1;
    }
    Ok(report)
}

/// Clone, JSON and replay give back the same game.
fn round_trips<G: Game>(game: &G, replay: &Replay<G>) -> Result<(), String> {
    if game.clone() != *game {
        return Err("a clone differs from the game".into());
    }
    let json =
        serde_json::to_string(game).map_err(|e| format!("serialising the game failed: {e}"))?;
    let back: G =
        serde_json::from_str(&json).map_err(|e| format!("deserialising the game failed: {e}"))?;
    if back != *game {
        return Err("the game changed through a JSON round trip".into());
    }
    let replayed = replay
        .play()
        .map_err(|e| format!("the replay failed: {e}"))?;
    if replayed != *game {
        return Err("the replay does not reproduce the game".into());
    }
    let log =
        serde_json::to_string(replay).map_err(|e| format!("serialising the replay failed: {e}"))?;
    let _: Replay<G> =
        serde_json::from_str(&log).map_err(|e| format!("deserialising the replay failed: {e}"))?;
    Ok(())
}

/// Actions that should be refused leave the game unchanged: an earlier
/// action by a player who is not pending, and earlier actions replayed by a
/// pending player (refused or not, a refusal must change nothing).
fn probe_refusals<G: Game>(
    game: &G,
    replay: &Replay<G>,
    waiting: &[PlayerId],
    rng: &mut Rng,
) -> Result<(), String> {
    let Some((_, old)) = rng.pick(&replay.actions).cloned() else {
        return Ok(());
    };
    let mut candidates: Vec<PlayerId> = (0..game.num_players() as u8).map(PlayerId).collect();
    candidates.push(PlayerId(game.num_players() as u8)); // not a seat at all
    let player = *rng.pick(&candidates).unwrap_or(&PlayerId(0));
    let mut copy = game.clone();
    let mut events = Vec::new();
    match copy.apply_into(player, old.clone(), &mut events) {
        Ok(()) if !waiting.contains(&player) => {
            Err(format!("{player} is not pending but {old:?} was accepted"))
        }
        Ok(()) => Ok(()),
        Err(e) => {
            if copy != *game {
                Err(format!(
                    "refused action {old:?} of {player} ({e}) changed the game"
                ))
            } else if !events.is_empty() {
                Err(format!(
                    "refused action {old:?} of {player} produced events"
                ))
            } else {
                Ok(())
            }
        }
    }
}
