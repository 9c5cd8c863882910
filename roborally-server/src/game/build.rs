//! A new match from the lobby's request, and a stored match rebuilt from
//! its log.

use crate::api::{CreateMatch, SeatSpec};
use crate::error::ApiError;
use crate::hash::state_hash;
use crate::ids::{os_u64, MatchId, Token};
use crate::protocol::ErrorCode;
use crate::store::{LoggedAction, MatchRecord, SeatRecord, Status};
use roborally::any::{new_setup, AnySetup};
use roborally::core::{Game, PlayerId};
use roborally::editions::{NewGame, Playable, Visit};
use roborally::{bots, AnyAction, AnyGame, Edition};
use serde_json::Value;

/// Seats a match may have.
pub const MAX_SEATS: usize = 8;
/// The longest timer, in seconds (a day).
const MAX_TIMER_SECS: f64 = 86_400.0;
/// The shortest timer, in seconds.
const MIN_TIMER_SECS: f64 = 0.05;

/// A new match: its record (with the setup) and its game.
pub struct Built {
    /// The record to store.
    pub record: MatchRecord,
    /// The game, not yet played.
    pub game: AnyGame,
}

struct Setting<'a>(&'a AnyGame);

impl Visit for Setting<'_> {
    type Out = Option<String>;
    fn visit<G: Playable>(self) -> Self::Out {
        G::in_any(self.0).map(Playable::setting)
    }
}

/// The course's or map's name of a game.
pub fn setting(game: &AnyGame) -> String {
    game.edition()
        .visit(Setting(game))
        .flatten()
        .unwrap_or_default()
}

/// Lays `overlay`'s fields over `base`, refusing a field `base` does not
/// have (a misspelt option would otherwise be silently ignored).
fn lay_over(base: &mut Value, overlay: &Value, path: &str) -> Result<(), String> {
    match (base, overlay) {
        (Value::Object(base), Value::Object(overlay)) => {
            for (key, value) in overlay {
                let here = format!("{path}.{key}");
                match base.get_mut(key) {
                    Some(field) => lay_over(field, value, &here)?,
                    None => {
                        let known: Vec<&str> = base.keys().map(String::as_str).collect();
                        return Err(format!(
                            "the setup has no field `{}` (fields there: {})",
                            here.trim_start_matches('.'),
                            known.join(", ")
                        ));
                    }
                }
            }
            Ok(())
        }
        (base, overlay) => {
            *base = overlay.clone();
            Ok(())
        }
    }
}

/// `setup` with `overlay` laid over the edition's own fields.
fn overlaid(setup: &AnySetup, overlay: &Value) -> Result<AnySetup, ApiError> {
    let mut json = serde_json::to_value(setup).map_err(|e| ApiError::internal(e.to_string()))?;
    let name = setup.edition().name();
    let inner = json
        .get_mut(name)
        .ok_or_else(|| ApiError::internal("a setup is written under its edition"))?;
    if !overlay.is_object() {
        return Err(ApiError::bad_request(
            "`setup` must be an object of setup fields",
        ));
    }
    lay_over(inner, overlay, "").map_err(ApiError::bad_request)?;
    serde_json::from_value(json).map_err(|e| ApiError::bad_request(format!("setup: {e}")))
}

/// Checks a request and builds the match it asks for.
///
/// # Errors
/// [`ApiError`] (bad request) naming what is wrong.
pub fn create(req: &CreateMatch, now_ms: i64) -> Result<Built, ApiError> {
    let edition: Edition = req
        .edition
        .parse()
        .map_err(|e: roborally::UnknownEdition| ApiError::bad_request(e.to_string()))?;
    if !edition.is_playable() {
        return Err(ApiError::bad_request(format!(
            "the {edition} edition cannot be played yet"
        )));
    }
    if req.seats.is_empty() || req.seats.len() > MAX_SEATS {
        return Err(ApiError::bad_request(format!(
            "a match has 1 to {MAX_SEATS} seats, not {}",
            req.seats.len()
        )));
    }
    let mut seats = Vec::with_capacity(req.seats.len());
    for spec in &req.seats {
        seats.push(match spec {
            SeatSpec::Person(name) => SeatRecord::Person {
                name: name.clone(),
                token: Token::random().map_err(|e| ApiError::internal(e.to_string()))?,
            },
            SeatSpec::Bot(name) => SeatRecord::Bot {
                bot: bots::canonical(edition, name)
                    .map_err(|e| ApiError::bad_request(e.to_string()))?
                    .to_string(),
                stands_in_for: None,
            },
            SeatSpec::Open(name) => SeatRecord::Open { name: name.clone() },
        });
    }
    let timer_ms = match req.timer {
        None => None,
        Some(t) if (MIN_TIMER_SECS..=MAX_TIMER_SECS).contains(&t) => Some((t * 1000.0) as u64),
        Some(t) => {
            return Err(ApiError::bad_request(format!(
                "a timer of {t} s is out of range ({MIN_TIMER_SECS} to {MAX_TIMER_SECS})"
            )))
        }
    };
    let settings = NewGame {
        course: req.course.clone(),
        players: seats.len() as u8,
        seed: 0,
        max_rounds: req.max_rounds,
        ..NewGame::default()
    };
    let mut setup =
        new_setup(edition, &settings).map_err(|e| ApiError::bad_request(e.to_string()))?;
    if let Some(overlay) = &req.setup {
        setup = overlaid(&setup, overlay)?;
    }
    if timer_ms.is_some() {
        setup
            .timed()
            .map_err(|e| ApiError::new(400, ErrorCode::NoTimer, e.to_string()))?;
    }
    let seed = match req.seed {
        Some(seed) => seed,
        None => os_u64().map_err(|e| ApiError::internal(e.to_string()))?,
    };
    let game =
        AnyGame::new(setup.clone(), seed).map_err(|e| ApiError::bad_request(e.to_string()))?;
    if game.num_players() != seats.len() {
        return Err(ApiError::bad_request(format!(
            "the setup has {} seats but {} were given",
            game.num_players(),
            seats.len()
        )));
    }
    let open = seats.iter().any(|s| matches!(s, SeatRecord::Open { .. }));
    let record = MatchRecord {
        id: MatchId::random().map_err(|e| ApiError::internal(e.to_string()))?,
        edition,
        setting: setting(&game),
        setup: serde_json::to_string(&setup).map_err(|e| ApiError::internal(e.to_string()))?,
        seed,
        // A chosen seed reproduces the bots' choices too.
        bot_seed: match req.seed {
            Some(seed) => seed,
            None => os_u64().map_err(|e| ApiError::internal(e.to_string()))?,
        },
        seeded: req.seed.is_some(),
        seats,
        private: req.private,
        timer_ms,
        status: if open { Status::Open } else { Status::Running },
        outcome: None,
        round: 0,
        seq: 0,
        created_ms: now_ms,
        updated_ms: now_ms,
    };
    Ok(Built { record, game })
}

/// A stored match that cannot be rebuilt.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RebuildError {
    /// The setup or an action does not read back.
    #[error("match {0}: stored data does not read back: {1}")]
    Unreadable(MatchId, String),
    /// The log does not replay.
    #[error("match {id}: action {seq} of the log is refused: {message}")]
    Refused {
        /// The match.
        id: MatchId,
        /// The refused action.
        seq: u64,
        /// Why.
        message: String,
    },
    /// The replayed state is not the one that was played.
    #[error("match {id}: the state after action {seq} does not match its stored hash")]
    HashMismatch {
        /// The match.
        id: MatchId,
        /// Where the states part.
        seq: u64,
    },
}

/// The setup of a stored match.
///
/// # Errors
/// [`RebuildError::Unreadable`].
pub fn stored_setup(record: &MatchRecord) -> Result<AnySetup, RebuildError> {
    serde_json::from_str(&record.setup)
        .map_err(|e| RebuildError::Unreadable(record.id.clone(), format!("setup: {e}")))
}

/// An action of a stored log.
///
/// # Errors
/// [`RebuildError::Unreadable`].
pub fn stored_action(
    id: &MatchId,
    a: &LoggedAction,
) -> Result<(PlayerId, AnyAction), RebuildError> {
    serde_json::from_str(&a.action)
        .map(|action| (PlayerId(a.player), action))
        .map_err(|e| RebuildError::Unreadable(id.clone(), format!("action {}: {e}", a.seq)))
}

/// Plays a stored match's log from its setup and seed and checks the
/// state after the last action against its hash (a blocking call: run it
/// off the async threads). `upto`: the first actions only.
///
/// # Errors
/// A [`RebuildError`]: unreadable data, a refused action, or a state that
/// is not the one played.
pub fn rebuild(
    record: &MatchRecord,
    log: &[LoggedAction],
    mut on_events: impl FnMut(u64, PlayerId, &[roborally::any::AnyEvent]),
) -> Result<AnyGame, RebuildError> {
    let setup = stored_setup(record)?;
    let mut game = AnyGame::new(setup, record.seed)
        .map_err(|e| RebuildError::Unreadable(record.id.clone(), e.to_string()))?;
    let mut events = Vec::new();
    for (i, logged) in log.iter().enumerate() {
        if logged.seq != i as u64 + 1 {
            return Err(RebuildError::Unreadable(
                record.id.clone(),
                format!("the log skips from {i} to {}", logged.seq),
            ));
        }
        let (player, action) = stored_action(&record.id, logged)?;
        events.clear();
        game.apply_into(player, action, &mut events)
            .map_err(|e| RebuildError::Refused {
                id: record.id.clone(),
                seq: logged.seq,
                message: e.to_string(),
            })?;
        on_events(logged.seq, player, &events);
    }
    if let Some(last) = log.last() {
        if state_hash(&game) != last.hash {
            return Err(RebuildError::HashMismatch {
                id: record.id.clone(),
                seq: last.seq,
            });
        }
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(json: &str) -> CreateMatch {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn the_issue_s_bodies_build_matches() {
        let b = create(
            &request(r#"{"edition":"2023","course":"Milk Run","seats":[{"person":"seat 1"},{"bot":"planner"}]}"#),
            5,
        )
        .unwrap();
        assert_eq!(b.record.setting, "Milk Run");
        assert_eq!(b.record.status, Status::Running);
        assert!(matches!(&b.record.seats[0], SeatRecord::Person { name, .. } if name == "seat 1"));
        let c = create(
            &request(r#"{"edition":"conquest","seats":[{"bot":"greedy"},{"bot":"random"}]}"#),
            5,
        )
        .unwrap();
        assert_eq!(c.game.edition(), Edition::Conquest);
        assert_ne!(b.record.seed, c.record.seed);
    }

    #[test]
    fn bad_requests_say_what_is_wrong() {
        let cases = [
            (
                r#"{"edition":"chess","seats":[{"bot":"random"}]}"#,
                "unknown edition",
            ),
            (
                r#"{"edition":"classic","seats":[{"bot":"random"}]}"#,
                "2 to 8 robots",
            ),
            (
                r#"{"edition":"transformers","seats":[{"bot":"random"},{"bot":"random"}],"timer":30}"#,
                "no timed rule",
            ),
            (r#"{"edition":"2023","seats":[]}"#, "1 to 8 seats"),
            (
                r#"{"edition":"2023","seats":[{"bot":"greedy"},{"bot":"random"}]}"#,
                "unknown policy `greedy`",
            ),
            (
                r#"{"edition":"2023","course":"Nowhere","seats":[{"bot":"random"},{"bot":"random"}]}"#,
                "Milk Run",
            ),
            (r#"{"edition":"2023","seats":[{"bot":"random"}]}"#, "robots"),
            (
                r#"{"edition":"2023","seats":[{"bot":"random"},{"bot":"random"}],"setup":{"options":{"act_fasst":true}}}"#,
                "act_fasst",
            ),
            (
                r#"{"edition":"2023","seats":[{"bot":"random"},{"bot":"random"}],"setup":{"colour":1}}"#,
                "no field `colour`",
            ),
            (
                r#"{"edition":"2023","seats":[{"bot":"random"},{"bot":"random"}],"timer":0}"#,
                "out of range",
            ),
        ];
        for (body, expected) in cases {
            let err = create(&request(body), 0).err().expect(body);
            assert!(err.message.contains(expected), "{body}: {}", err.message);
        }
    }

    #[test]
    fn setup_fields_and_the_timer_reach_the_game() {
        let b = create(
            &request(r#"{"edition":"2023","seats":[{"open":null},{"person":"b"}],"setup":{"options":{"lighter":true}},"timer":30,"seed":9}"#),
            0,
        )
        .unwrap();
        let setup: AnySetup = serde_json::from_str(&b.record.setup).unwrap();
        let AnySetup::V2023(s) = setup else {
            panic!("a 2023 setup")
        };
        assert!(s.options.lighter && s.options.act_fast, "{:?}", s.options);
        assert_eq!((b.record.seed, b.record.seeded), (9, true));
        assert_eq!(b.record.status, Status::Open);
        assert_eq!(b.record.timer_ms, Some(30_000));
    }

    #[test]
    fn classic_setup_variants_are_setup_fields() {
        let b = create(
            &request(r#"{"edition":"classic","seats":[{"bot":"random"},{"bot":"random"}],"setup":{"lives":4,"start":"Gate","flags":{"Random":3},"on_the_clock":true},"seed":2}"#),
            0,
        )
        .unwrap();
        let setup: AnySetup = serde_json::from_str(&b.record.setup).unwrap();
        let AnySetup::Classic(s) = setup else {
            panic!("a classic setup")
        };
        assert_eq!(s.lives, 4);
        assert_eq!(s.start, roborally::classic::race::StartRule::Gate);
        assert_eq!(s.flags, roborally::classic::race::FlagRule::Random(3));
        assert!(s.on_the_clock);
        let err = create(
            &request(r#"{"edition":"classic","seats":[{"bot":"random"},{"bot":"random"}],"setup":{"flags":{"Random":12}}}"#),
            0,
        )
        .err()
        .expect("twelve flags");
        assert!(err.message.contains("1 to 8 flags"), "{}", err.message);
    }

    #[test]
    fn a_log_rebuilds_and_a_wrong_hash_is_caught() {
        let mut b = create(
            &request(r#"{"edition":"conquest","seats":[{"bot":"random"},{"bot":"random"}]}"#),
            0,
        )
        .unwrap();
        let mut rng = roborally::core::Rng::from_seed(1);
        let mut log = Vec::new();
        let mut game = b.game.clone();
        for seq in 1..=20 {
            let p = game.pending().players()[0];
            let a = game.sample_action(p, &mut rng).unwrap();
            game.apply(p, a.clone()).unwrap();
            log.push(LoggedAction {
                seq,
                player: p.0,
                action: serde_json::to_string(&a).unwrap(),
                hash: state_hash(&game),
            });
        }
        let mut seen = 0;
        let back = rebuild(&b.record, &log, |_, _, _| seen += 1).unwrap();
        assert_eq!((back, seen), (game, 20));
        log.last_mut().unwrap().hash ^= 1;
        let err = rebuild(&b.record, &log, |_, _, _| {}).unwrap_err();
        assert!(
            matches!(err, RebuildError::HashMismatch { seq: 20, .. }),
            "{err}"
        );
        b.record.seed += 1;
        log.last_mut().unwrap().hash ^= 1;
        assert!(
            rebuild(&b.record, &log, |_, _, _| {}).is_err(),
            "another seed is another game"
        );
    }
}
