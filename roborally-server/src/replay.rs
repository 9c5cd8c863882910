//! A finished match's replay: the JSON (setup, seed, actions) that
//! replays it exactly, and the HTML page that shows it.

use crate::error::ApiError;
use crate::game::build::{stored_action, stored_setup};
use crate::store::{LoggedAction, MatchRecord, SeatRecord};
use roborally::core::protocol::Replay;
use roborally::core::Game;
use roborally::AnyGame;
use serde::Serialize;
use serde_json::value::RawValue;

/// The replay as sent: it reads back as a
/// `roborally::core::protocol::Replay<AnyGame>` (setup, seed, actions),
/// with the seats' names and the outcome besides.
#[derive(Serialize, schemars::JsonSchema)]
#[schemars(rename = "Replay")]
pub(crate) struct ReplayJson<'a> {
    /// The edition.
    edition: roborally::Edition,
    /// The edition's setup, as its crate writes it.
    #[schemars(with = "serde_json::Value")]
    setup: &'a RawValue,
    /// The game's seed.
    seed: u64,
    /// Every action, with the seat that played it.
    #[schemars(with = "Vec<(u8, roborally::AnyAction)>")]
    actions: Vec<(u8, &'a RawValue)>,
    /// The seats' names.
    names: Vec<String>,
    /// How the game ended.
    #[schemars(with = "Option<roborally::any::AnyOutcome>")]
    outcome: Option<&'a RawValue>,
}

fn raw(text: &str) -> Result<&RawValue, ApiError> {
    serde_json::from_str(text).map_err(|e| ApiError::internal(format!("stored data: {e}")))
}

/// The seats' names (bots by their registry name, a bot standing in for
/// a person by the person's).
pub fn names(record: &MatchRecord) -> Vec<String> {
    record
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| match s {
            SeatRecord::Person { name, .. } => name.clone(),
            SeatRecord::Bot {
                stands_in_for: Some(away),
                ..
            } => away.name.clone(),
            SeatRecord::Bot { bot, .. } => format!("P{i} {bot}"),
            SeatRecord::Open { name } => name.clone().unwrap_or_else(|| format!("seat {}", i + 1)),
        })
        .collect()
}

/// The replay's JSON.
///
/// # Errors
/// Stored data that does not read back.
pub fn json(record: &MatchRecord, log: &[LoggedAction]) -> Result<String, ApiError> {
    let actions = log
        .iter()
        .map(|a| raw(&a.action).map(|r| (a.player, r)))
        .collect::<Result<Vec<_>, _>>()?;
    let doc = ReplayJson {
        edition: record.edition,
        setup: raw(&record.setup)?,
        seed: record.seed,
        actions,
        names: names(record),
        outcome: record.outcome.as_deref().map(raw).transpose()?,
    };
    serde_json::to_string(&doc).map_err(|e| ApiError::internal(e.to_string()))
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The replay's HTML page: the edition's own replay viewer (the board of a
/// grid race, conquest's map), otherwise a page listing every action and
/// its events (a blocking call).
///
/// # Errors
/// Stored data that does not read back or replay.
pub fn html(record: &MatchRecord, log: &[LoggedAction]) -> Result<String, ApiError> {
    let unreadable = |e: crate::game::build::RebuildError| ApiError::internal(e.to_string());
    let replay = Replay::<AnyGame> {
        setup: stored_setup(record).map_err(unreadable)?,
        seed: record.seed,
        actions: log
            .iter()
            .map(|a| stored_action(&record.id, a))
            .collect::<Result<_, _>>()
            .map_err(unreadable)?,
    };
    let names = names(record);
    match roborally::race::replay_html(&replay, &names) {
        Ok(html) => return Ok(html),
        Err(roborally::race::ReplayDocError::NoReplay(_)) => {}
        Err(e) => return Err(ApiError::internal(e.to_string())),
    }
    let mut game = AnyGame::new(replay.setup.clone(), replay.seed)
        .map_err(|e| ApiError::internal(e.to_string()))?;
    let mut rows = String::new();
    for (i, (player, action)) in replay.actions.iter().enumerate() {
        let events = game
            .apply(*player, action.clone())
            .map_err(|e| ApiError::internal(format!("action {}: {e}", i + 1)))?;
        let name = names.get(player.index()).cloned().unwrap_or_default();
        let action = serde_json::to_string(action).unwrap_or_default();
        let events: Vec<String> = events
            .iter()
            .map(|e| escape(&serde_json::to_string(e).unwrap_or_default()))
            .collect();
        rows.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td><code>{}</code></td><td>{}</td></tr>\n",
            i + 1,
            escape(&name),
            escape(&action),
            events.join("<br>")
        ));
    }
    let outcome = record.outcome.as_deref().unwrap_or("null");
    let seats: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{i}: {}", escape(n)))
        .collect();
    Ok(format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>\
         <style>body{{font-family:system-ui,sans-serif;margin:2em}}td{{vertical-align:top;padding:.2em .5em;border-bottom:1px solid #ddd}}code{{font-size:90%}}</style></head>\
         <body><h1>{title}</h1><p>Seats: {seats}</p><p>Outcome: <code>{outcome}</code></p>\
         <table><tr><th>#</th><th>seat</th><th>action</th><th>events</th></tr>\n{rows}</table></body></html>\n",
        title = escape(&format!("{} match {} on {}, seed {}", record.edition, record.id, record.setting, record.seed)),
        seats = seats.join(", "),
        outcome = escape(outcome),
    ))
}
