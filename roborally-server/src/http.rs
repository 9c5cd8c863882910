//! The lobby's HTTP routes (JSON in and out), the WebSocket route and the
//! page at `/`.

use crate::api::{CreateMatch, EditionInfo, HandToBot, Join, Leave};
use crate::error::ApiError;
use crate::hub::Hub;
use crate::ids::MatchId;
use crate::replay;
use axum::body::Bytes;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use roborally::Edition;
use serde::de::DeserializeOwned;
use std::sync::Arc;

/// What the routes share.
#[derive(Clone)]
pub struct AppState {
    /// The matches.
    pub hub: Arc<Hub>,
    /// A directory holding the browser client's files (`--web`), read on
    /// each request; the built-in copies otherwise (see [`crate::web`]).
    pub web: Option<Arc<std::path::Path>>,
    /// The WebAssembly package's directory (`--wasm`), read on each
    /// request at `/web/pkg/`.
    pub wasm: Arc<std::path::Path>,
}

/// The routes.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/protocol.md", get(protocol_doc))
        .route("/api/health", get(|| async { "ok" }))
        .route("/api/editions", get(editions))
        .route("/api/matches", get(list).post(create))
        .route("/api/matches/{id}", get(info))
        .route("/api/matches/{id}/join", post(join))
        .route("/api/matches/{id}/leave", post(leave))
        .route("/api/matches/{id}/bot", post(bot))
        .route("/api/matches/{id}/replay", get(replay_json))
        .route("/api/matches/{id}/replay.html", get(replay_html))
        .route("/api/matches/{id}/ws", get(ws))
        .merge(crate::web::routes())
        .fallback(|| async {
            ApiError::new(404, crate::protocol::ErrorCode::BadRequest, "no such route")
        })
        .with_state(state)
}

/// A JSON body, refused with a JSON error when it does not read.
fn body<T: DeserializeOwned>(bytes: &Bytes) -> Result<T, ApiError> {
    let bytes: &[u8] = if bytes.is_empty() { b"{}" } else { bytes };
    serde_json::from_slice(bytes).map_err(|e| ApiError::bad_request(format!("body: {e}")))
}

async fn index(State(state): State<AppState>) -> Html<String> {
    Html(crate::web::index(&state))
}

/// The protocol's documentation, as checked in.
const PROTOCOL_DOC: &str = include_str!("../../docs/server-protocol.md");

async fn protocol_doc() -> Response {
    (
        [(header::CONTENT_TYPE, "text/markdown; charset=utf-8")],
        PROTOCOL_DOC,
    )
        .into_response()
}

async fn editions() -> Json<Vec<EditionInfo>> {
    Json(
        Edition::playable()
            .map(|e| EditionInfo {
                edition: e,
                bots: e.bot_names().iter().map(|b| b.to_string()).collect(),
                grid: e.is_grid(),
            })
            .collect(),
    )
}

async fn create(State(state): State<AppState>, bytes: Bytes) -> Result<Response, ApiError> {
    let req: CreateMatch = body(&bytes)?;
    let created = state.hub.create(&req).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn list(State(state): State<AppState>) -> Result<Response, ApiError> {
    Ok(Json(state.hub.list().await?).into_response())
}

async fn info(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    Ok(Json(state.hub.info(&MatchId(id)).await?).into_response())
}

async fn join(
    State(state): State<AppState>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let req: Join = body(&bytes)?;
    Ok(Json(state.hub.join(&MatchId(id), req).await?).into_response())
}

async fn leave(
    State(state): State<AppState>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let req: Leave = body(&bytes)?;
    state.hub.leave(&MatchId(id.clone()), &req.token).await?;
    Ok(Json(state.hub.info(&MatchId(id)).await?).into_response())
}

async fn bot(
    State(state): State<AppState>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let req: HandToBot = body(&bytes)?;
    state.hub.hand_to_bot(&MatchId(id.clone()), req).await?;
    Ok(Json(state.hub.info(&MatchId(id)).await?).into_response())
}

async fn replay_json(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let (record, log) = state.hub.finished(&MatchId(id)).await?;
    let json = replay::json(&record, &log)?;
    Ok(([(header::CONTENT_TYPE, "application/json")], json).into_response())
}

async fn replay_html(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let (record, log) = state.hub.finished(&MatchId(id)).await?;
    // With the WebAssembly package at hand, the page carries the record
    // and plays it again with the engine.
    let package = state.wasm.join("roborally.js").is_file();
    let html = tokio::task::spawn_blocking(move || {
        let html = replay::html(&record, &log)?;
        Ok::<_, ApiError>(if package {
            let json = replay::json(&record, &log)?;
            roborally::viewer::with_engine(&html, &json, "/web/pkg/roborally.js")
        } else {
            html
        })
    })
    .await
    .map_err(|e| ApiError::internal(e.to_string()))??;
    Ok(Html(html).into_response())
}

async fn ws(
    State(state): State<AppState>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let hub = state.hub.clone();
    upgrade
        .max_message_size(crate::ws::HARD_LIMIT)
        .max_frame_size(crate::ws::HARD_LIMIT)
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .on_upgrade(move |socket| crate::ws::serve(hub, MatchId(id), socket))
}
