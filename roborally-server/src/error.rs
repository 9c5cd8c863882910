//! A refused lobby request: an HTTP status, a code and a message, sent
//! as JSON.

use crate::api::ApiErrorBody;
use crate::protocol::ErrorCode;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// A refused request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: u16,
    /// What kind of refusal.
    pub code: ErrorCode,
    /// In words.
    pub message: String,
}

impl ApiError {
    /// A refusal with `status` and `code`.
    pub fn new(status: u16, code: ErrorCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    /// 400: the request cannot be taken.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(400, ErrorCode::BadRequest, message)
    }

    /// 404: no such match.
    pub fn no_match(id: &impl std::fmt::Display) -> Self {
        Self::new(404, ErrorCode::NoMatch, format!("no match `{id}`"))
    }

    /// 409: the match's state does not allow it.
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(409, ErrorCode::Conflict, message)
    }

    /// 403: no seat has that token.
    pub fn bad_token() -> Self {
        Self::new(
            403,
            ErrorCode::BadToken,
            "no seat of this match has that token",
        )
    }

    /// 500: something failed on the server.
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(500, ErrorCode::Internal, message)
    }

    /// 503: the store failed.
    pub fn store(e: &crate::store::StoreError) -> Self {
        Self::new(503, ErrorCode::StoreFailed, e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let body = ApiErrorBody {
            error: self.code,
            message: self.message,
        };
        (status, Json(body)).into_response()
    }
}
