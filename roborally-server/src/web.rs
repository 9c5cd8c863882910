//! The browser client (`web/` in the repository): its files, built into
//! the binary so that a fresh clone serves a working client with no other
//! step, and the routes it needs besides the lobby's: the built-in
//! courses of each edition, the setup options of each, and a match's
//! picture (its course or map, as the shared drawing module draws it).
//!
//! With `--web DIR` pointing at a directory that holds `index.html`, the
//! files are read from there on each request instead (for working on the
//! client without rebuilding the server); `./web` is the default, so a
//! server started from the repository's root serves the sources as they
//! are.

use crate::error::ApiError;
use crate::http::AppState;
use crate::ids::MatchId;
use crate::store::MatchRecord;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use roborally::editions::NewGame;
use roborally::Edition;
use serde_json::Value;
use std::collections::BTreeMap;

/// The client's files: name, content type, contents.
pub const FILES: [(&str, &str, &str); 13] = [
    ("index.html", HTML, include_str!("../../web/index.html")),
    ("style.css", CSS, include_str!("../../web/style.css")),
    ("app.js", JS, include_str!("../../web/app.js")),
    ("net.js", JS, include_str!("../../web/net.js")),
    ("match.js", JS, include_str!("../../web/match.js")),
    ("words.js", JS, include_str!("../../web/words.js")),
    ("race.js", JS, include_str!("../../web/race.js")),
    ("program.js", JS, include_str!("../../web/program.js")),
    ("conquest.js", JS, include_str!("../../web/conquest.js")),
    ("draw.js", JS, include_str!("../../web/draw.js")),
    ("draw-map.js", JS, include_str!("../../web/draw-map.js")),
    ("local.js", JS, include_str!("../../web/local.js")),
    ("replay.js", JS, include_str!("../../web/replay.js")),
];

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// The client's page at `/`.
pub const INDEX: &str = FILES[0].2;

/// The client's routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/web/{file}", get(file))
        .route("/web/pkg/{file}", get(package_file))
        .route("/api/courses", get(courses))
        .route("/api/options", get(options))
        .route("/api/matches/{id}/picture", get(picture))
}

/// The page at `/`: from the `--web` directory when it has one, else the
/// built-in one.
pub fn index(state: &AppState) -> String {
    read_dir_file(state, "index.html").unwrap_or_else(|| INDEX.to_string())
}

fn read_dir_file(state: &AppState, name: &str) -> Option<String> {
    let dir = state.web.as_deref()?;
    std::fs::read_to_string(dir.join(name)).ok()
}

async fn file(State(state): State<AppState>, Path(name): Path<String>) -> Response {
    let Some(&(name, kind, built_in)) = FILES.iter().find(|(n, _, _)| *n == name) else {
        return ApiError::new(404, crate::protocol::ErrorCode::BadRequest, "no such file")
            .into_response();
    };
    let body = read_dir_file(&state, name).unwrap_or_else(|| built_in.to_string());
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// A file of the WebAssembly package (`--wasm`, built by
/// `scripts/wasm-build.sh`): the client loads it to play in the browser,
/// and offers no such play when it is missing (404).
async fn package_file(State(state): State<AppState>, Path(name): Path<String>) -> Response {
    let kind = match name.rsplit_once('.').map(|(_, ext)| ext) {
        Some("js") => JS,
        Some("wasm") => "application/wasm",
        Some("ts") => "text/plain; charset=utf-8",
        Some("json") => "application/json",
        _ => "",
    };
    let plain = !name.starts_with('.') && !name.contains(['/', '\\']);
    let body = if kind.is_empty() || !plain {
        None
    } else {
        let path = state.wasm.join(&name);
        tokio::task::spawn_blocking(move || std::fs::read(path).ok())
            .await
            .ok()
            .flatten()
    };
    match body {
        Some(body) => (
            [
                (header::CONTENT_TYPE, kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response(),
        None => ApiError::new(
            404,
            crate::protocol::ErrorCode::BadRequest,
            "no such file (the WebAssembly package is built by scripts/wasm-build.sh)",
        )
        .into_response(),
    }
}

/// The built-in courses of every playable edition, by edition:
/// `{"2023": ["Milk Run", ...], "conquest": []}` (conquest has one map
/// and takes no course).
pub fn course_lists() -> BTreeMap<String, Vec<String>> {
    Edition::playable()
        .map(|e| {
            let names = e.course_names().into_iter().map(str::to_string).collect();
            (e.to_string(), names)
        })
        .collect()
}

async fn courses() -> Json<BTreeMap<String, Vec<String>>> {
    Json(course_lists())
}

/// One setup field the lobby offers: its default, a label in words and,
/// where the edition's engine describes the rule, a one-line description.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SetupField {
    /// The default of the edition's setup for two players.
    pub default: Value,
    /// The field's name in words (`options.act_fast` is "Act fast").
    pub label: String,
    /// What the rule does, in one line, from the engine's own table (classic's
    /// [`SETUP_OPTIONS`](roborally::classic::race::SETUP_OPTIONS)); `None`
    /// where the edition has none.
    pub about: Option<String>,
}

/// The setup fields the lobby offers as options, by edition: every switch
/// (true or false) and count (a whole number) of the edition's default
/// setup for two players, by its path in the setup (`options.act_fast`,
/// `rounds`), as `CreateMatch::setup` takes them, with its default, label
/// and description ([`SetupField`]). The course or map, lists (seats,
/// leaders) and the round cap (the lobby has its own controls for those)
/// are left out.
///
/// ```
/// let options = roborally_server::web::setup_options();
/// assert_eq!(options["2023"]["options.less_deadly"].default, false);
/// assert_eq!(options["2023"]["options.less_deadly"].label, "Less deadly");
/// assert!(options["conquest"]["rounds"].default.is_u64());
/// assert!(options["classic"]["on_the_clock"].about.is_some());
/// ```
pub fn setup_options() -> BTreeMap<String, BTreeMap<String, SetupField>> {
    let settings = NewGame {
        players: 2,
        ..NewGame::default()
    };
    Edition::playable()
        .map(|e| {
            let mut fields = BTreeMap::new();
            let json = roborally::any::new_setup(e, &settings)
                .ok()
                .and_then(|s| serde_json::to_value(s).ok());
            if let Some(inner) = json.as_ref().and_then(|j| j.get(e.name())) {
                switches_and_counts(inner, "", &mut fields);
            }
            let fields = fields
                .into_iter()
                .map(|(path, default)| {
                    let field = SetupField {
                        label: label(&path),
                        about: about(e, &path),
                        default,
                    };
                    (path, field)
                })
                .collect();
            (e.to_string(), fields)
        })
        .collect()
}

/// A setup path in words: its last part, underscores as spaces, capitalised.
fn label(path: &str) -> String {
    let last = path.rsplit('.').next().unwrap_or(path).replace('_', " ");
    let mut chars = last.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The engine's one-line description of the rule at `path`, where the
/// edition has a table of named rules (classic: the row whose name is the
/// field's, dashes for underscores).
fn about(edition: Edition, path: &str) -> Option<String> {
    match edition {
        Edition::Classic => {
            let name = path.replace('_', "-");
            roborally::classic::race::SETUP_OPTIONS
                .iter()
                .find(|o| o.name == name)
                .map(|o| o.about.to_string())
        }
        _ => None,
    }
}

/// The switches and counts under `value`, by path.
fn switches_and_counts(value: &Value, path: &str, out: &mut BTreeMap<String, Value>) {
    const OWN_CONTROLS: [&str; 3] = ["course", "map", "max_rounds"];
    match value {
        Value::Object(fields) => {
            for (key, field) in fields {
                if path.is_empty() && OWN_CONTROLS.contains(&key.as_str()) {
                    continue;
                }
                let here = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                switches_and_counts(field, &here, out);
            }
        }
        Value::Bool(_) => {
            out.insert(path.to_string(), value.clone());
        }
        Value::Number(n) if n.is_u64() => {
            out.insert(path.to_string(), value.clone());
        }
        _ => {}
    }
}

async fn options() -> Json<BTreeMap<String, BTreeMap<String, SetupField>>> {
    Json(setup_options())
}

/// A match's course or map as the drawing module takes it:
/// `{"board": BoardPicture}` for a grid race, `{"map": MapPicture}` on a
/// map. It comes from the setup alone (never the seed or the log).
async fn picture(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let id = MatchId(id);
    let record = state
        .hub
        .store()
        .record(&id)
        .await
        .map_err(|e| ApiError::store(&e))?
        .ok_or_else(|| ApiError::no_match(&id))?;
    let json = tokio::task::spawn_blocking(move || picture_of(&record))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))??;
    Ok((
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "max-age=3600"),
        ],
        json,
    )
        .into_response())
}

/// The picture of a match's setting
/// ([`picture_json`](roborally::race::picture_json) of its setup).
///
/// # Errors
/// Stored data that does not read back, or an edition whose replay page
/// has no picture.
pub fn picture_of(record: &MatchRecord) -> Result<String, ApiError> {
    let setup =
        crate::game::build::stored_setup(record).map_err(|e| ApiError::internal(e.to_string()))?;
    roborally::race::picture_json(&setup).map_err(|e| match e {
        roborally::race::ReplayDocError::NoReplay(_) => ApiError::new(
            404,
            crate::protocol::ErrorCode::BadRequest,
            "this edition has no picture",
        ),
        e => ApiError::internal(e.to_string()),
    })
}
