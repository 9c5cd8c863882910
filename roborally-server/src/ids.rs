//! Match ids and seat tokens: random numbers from the operating system,
//! never from a game's seed.

use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// The operating system's random generator could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("the system's random generator failed: {0}")]
pub struct RandomError(String);

/// `N` random bytes from the operating system.
fn os_bytes<const N: usize>() -> Result<[u8; N], RandomError> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| RandomError(e.to_string()))?;
    Ok(bytes)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A random `u64` from the operating system (a new match's seed).
///
/// # Errors
/// [`RandomError`] when the system generator cannot be read.
pub fn os_u64() -> Result<u64, RandomError> {
    os_bytes::<8>().map(u64::from_le_bytes)
}

/// A match's id: 96 random bits in hex, so an unlisted match cannot be
/// found by guessing.
#[derive(
    Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(transparent)]
pub struct MatchId(pub String);

impl MatchId {
    /// A new random id.
    ///
    /// # Errors
    /// [`RandomError`] when the system generator cannot be read.
    pub fn random() -> Result<Self, RandomError> {
        os_bytes::<12>().map(|b| MatchId(hex(&b)))
    }
}

impl fmt::Display for MatchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A seat's secret: 128 random bits from the operating system, in hex.
/// Whoever holds it plays the seat.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Token(pub String);

impl Token {
    /// A new random token.
    ///
    /// # Errors
    /// [`RandomError`] when the system generator cannot be read.
    pub fn random() -> Result<Self, RandomError> {
        os_bytes::<16>().map(|b| Token(hex(&b)))
    }

    /// Compares in time independent of where the strings differ.
    #[must_use]
    pub fn matches(&self, other: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), other.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bits_and_differ() {
        let a = Token::random().unwrap();
        let b = Token::random().unwrap();
        assert_eq!(a.0.len(), 32);
        assert!(a.0.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert!(a.matches(&a.0.clone()) && !a.matches(&b.0) && !a.matches(""));
        assert_eq!(format!("{a:?}"), "Token(..)", "a token is never logged");
        assert_eq!(MatchId::random().unwrap().0.len(), 24);
    }
}
