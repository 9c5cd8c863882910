//! # variant-conquest
//!
//! The Transformers zone-conquest game (Risk-like), speaking
//! [`robo_core`]'s protocol without its grid.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The edition's short name, as used by the facade's `Edition` enum.
pub const EDITION: &str = "conquest";
