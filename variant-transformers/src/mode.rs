//! Bot mode and alt (vehicle) mode.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The face of a robot's character tile: what it may enter and do.
///
/// ```
/// use variant_transformers::Mode;
/// assert_eq!(Mode::Alt.other(), Mode::Bot);
/// assert_eq!(Mode::default(), Mode::Alt);
/// assert_eq!(Mode::Bot.to_string(), "bot");
/// ```
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersMode")
)]
pub enum Mode {
    /// Vehicle mode: roads give their bonus, ramps their jump; walkways and
    /// buildings are closed to its own moves; it fires straight ahead.
    #[default]
    Alt,
    /// Robot mode: enters walkways and buildings; fires ahead, left or right.
    Bot,
}

impl Mode {
    /// The other mode.
    #[must_use]
    pub const fn other(self) -> Mode {
        match self {
            Mode::Alt => Mode::Bot,
            Mode::Bot => Mode::Alt,
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::Alt => "alt",
            Mode::Bot => "bot",
        })
    }
}
