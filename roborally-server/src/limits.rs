//! What one client may ask of the server: the length of names, the size
//! of lobby bodies, how many matches an address creates in a minute, how
//! many unfinished matches the process runs, spectators per match, bad
//! tokens per socket and the lobby list's page. Each is a setting
//! (`--help`); `docs/server-protocol.md` gives the error each one answers.

use crate::error::ApiError;
use crate::protocol::ErrorCode;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The limits, with sane defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest person name or seat label, in characters.
    pub name_chars: usize,
    /// The largest lobby request body, in bytes.
    pub body_bytes: usize,
    /// Matches one client address may create in a minute.
    pub matches_per_minute: u32,
    /// Unfinished matches this process runs at once.
    pub open_matches: usize,
    /// Spectators one match takes at once.
    pub spectators: usize,
    /// `hello`s with a bad token one socket may send; the last one closes
    /// it.
    pub bad_tokens: u32,
    /// Matches per page of the lobby's list (the default page and the
    /// largest one asked).
    pub page: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            name_chars: 64,
            body_bytes: 16 * 1024,
            matches_per_minute: 30,
            open_matches: 10_000,
            spectators: 50,
            bad_tokens: 5,
            page: 50,
        }
    }
}

impl Limits {
    /// Refuses a name or label longer than [`Limits::name_chars`].
    ///
    /// ```
    /// use roborally_server::limits::Limits;
    /// let limits = Limits::default();
    /// assert!(limits.check_name("a name", "Ann").is_ok());
    /// let e = limits.check_name("a name", &"x".repeat(65)).unwrap_err();
    /// assert_eq!(e.status, 400);
    /// ```
    ///
    /// # Errors
    /// `400 bad_request`, naming what and its length.
    pub fn check_name(&self, what: &str, name: &str) -> Result<(), ApiError> {
        let chars = name.chars().count();
        if chars > self.name_chars {
            return Err(ApiError::bad_request(format!(
                "{what} is at most {} characters, not {chars}",
                self.name_chars
            )));
        }
        Ok(())
    }
}

/// How many matches each client address created in its current minute.
#[derive(Debug, Default)]
pub struct RateLimit {
    windows: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

/// The length of a rate window.
const MINUTE: Duration = Duration::from_secs(60);

/// Addresses kept before the windows that ran out are dropped.
const PRUNE_AT: usize = 4096;

impl RateLimit {
    /// Counts one match for `addr` at `now` if it may create one (at most
    /// `per_minute` in a window of a minute from its first).
    ///
    /// ```
    /// use roborally_server::limits::RateLimit;
    /// use std::time::{Duration, Instant};
    /// let limit = RateLimit::default();
    /// let (addr, now) = ("10.0.0.1".parse().unwrap(), Instant::now());
    /// assert!(limit.allow(addr, now, 2).is_ok());
    /// assert!(limit.allow(addr, now, 2).is_ok());
    /// assert!(limit.allow(addr, now, 2).is_err());
    /// assert!(limit.allow(addr, now + Duration::from_secs(61), 2).is_ok());
    /// ```
    ///
    /// # Errors
    /// `429 rate_limited`, saying when the window ends.
    pub fn allow(&self, addr: IpAddr, now: Instant, per_minute: u32) -> Result<(), ApiError> {
        let Ok(mut windows) = self.windows.lock() else {
            return Err(ApiError::internal("the rate limit's lock is poisoned"));
        };
        if windows.len() >= PRUNE_AT {
            windows.retain(|_, (start, _)| now.saturating_duration_since(*start) < MINUTE);
        }
        let (start, count) = windows.entry(addr).or_insert((now, 0));
        if now.saturating_duration_since(*start) >= MINUTE {
            *start = now;
            *count = 0;
        }
        if *count >= per_minute {
            let wait = MINUTE.saturating_sub(now.saturating_duration_since(*start));
            return Err(ApiError::new(
                429,
                ErrorCode::RateLimited,
                format!(
                    "one address creates at most {per_minute} matches a minute; try again in {} s",
                    wait.as_secs() + 1
                ),
            ));
        }
        *count += 1;
        Ok(())
    }
}
