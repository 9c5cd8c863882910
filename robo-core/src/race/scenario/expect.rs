//! The expect block's machinery: only the fields written are compared, and
//! each one that differs is a [`Difference`] that reads like
//! `robot 1 position: expected [3,4], got [3,5]`.

use super::atoms::{Facing, Xy};
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;

/// Reads a field that may be `null` as `Some(None)`, so that a field left
/// out (`None`) and a field set to `null` differ. Use it with
/// `#[serde(default, deserialize_with = "present")]` on an
/// `Option<Option<T>>`.
///
/// # Errors
/// As `T`'s own reading.
pub fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// One field that is not as expected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// What was compared, e.g. `robot 1 position`.
    pub what: String,
    /// The expected value, as written in messages.
    pub expected: String,
    /// The value the run ended with.
    pub got: String,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: expected {}, got {}",
            self.what, self.expected, self.got
        )
    }
}

/// A value as a difference shows it (`null` for nothing, lists of names
/// quoted).
pub trait Shown {
    /// The value in a difference's words.
    fn shown(&self) -> String;
}

macro_rules! shown_by_display {
    ($($t:ty),*) => {$(
        impl Shown for $t {
            fn shown(&self) -> String {
                self.to_string()
            }
        }
    )*};
}
shown_by_display!(u8, u16, u32, usize, bool, Xy, Facing);

impl<T: Shown> Shown for Option<T> {
    fn shown(&self) -> String {
        self.as_ref()
            .map_or_else(|| "null".to_string(), Shown::shown)
    }
}

impl Shown for Vec<String> {
    fn shown(&self) -> String {
        let quoted: Vec<String> = self.iter().map(|s| format!("\"{s}\"")).collect();
        format!("[{}]", quoted.join(", "))
    }
}

/// An expect block: compares itself with the summary `S` a run ends with.
pub trait Expectation<S> {
    /// Adds each field written here that `summary` does not match, in the
    /// order of the fields (the game first, then the robots by seat).
    fn compare(&self, summary: &S, d: &mut Differences);
}

/// The differences found so far.
///
/// ```
/// use robo_core::race::scenario::Differences;
/// let mut d = Differences::new();
/// d.check(|| "round".into(), Some(&2u16), &3u16);
/// d.check(|| "energy".into(), None, &5u8); // not written: not compared
/// d.bag(|| "hand".into(), Some(vec!["B".into(), "A".into()]), vec!["A".into(), "B".into()]);
/// let d: Vec<String> = d.into_vec().iter().map(ToString::to_string).collect();
/// assert_eq!(d, ["round: expected 2, got 3"]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Differences(Vec<Difference>);

impl Differences {
    /// None yet.
    #[must_use]
    pub fn new() -> Self {
        Differences(Vec::new())
    }

    /// A difference in so many words.
    pub fn differ(
        &mut self,
        what: impl Into<String>,
        expected: impl Into<String>,
        got: impl Into<String>,
    ) {
        self.0.push(Difference {
            what: what.into(),
            expected: expected.into(),
            got: got.into(),
        });
    }

    /// Compares `got` with `want`, when a value is wanted.
    pub fn check<T: PartialEq + Shown>(
        &mut self,
        what: impl FnOnce() -> String,
        want: Option<&T>,
        got: &T,
    ) {
        if let Some(w) = want {
            if w != got {
                self.differ(what(), w.shown(), got.shown());
            }
        }
    }

    /// Compares lists in any order (shown in the order written), when a
    /// list is wanted.
    pub fn bag(
        &mut self,
        what: impl FnOnce() -> String,
        want: Option<Vec<String>>,
        got: Vec<String>,
    ) {
        if let Some(w) = want {
            let (mut a, mut b) = (w.clone(), got.clone());
            a.sort();
            b.sort();
            if a != b {
                self.differ(what(), w.shown(), got.shown());
            }
        }
    }

    /// Compares the robots an expect block lists with the robots a run
    /// ended with: more listed than there are is a difference, then each
    /// listed robot is compared with `compare(seat, want, got, self)`.
    pub fn robots<W, G>(
        &mut self,
        want: &[W],
        got: &[G],
        mut compare: impl FnMut(usize, &W, &G, &mut Differences),
    ) {
        if want.len() > got.len() {
            self.differ("robots", want.len().to_string(), got.len().to_string());
        }
        for (i, (w, g)) in want.iter().zip(got).enumerate() {
            compare(i, w, g, self);
        }
    }

    /// No difference found.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The differences, in the order found.
    #[must_use]
    pub fn into_vec(self) -> Vec<Difference> {
        self.0
    }
}
