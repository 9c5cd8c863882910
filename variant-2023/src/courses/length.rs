//! How long a race takes, as the rulebook rates its courses.

use std::fmt;

/// The rulebook's rating of how long a race on a course takes with 4
/// players: up to 45 minutes, 46 to 75, or more.
///
/// ```
/// use variant_2023::courses::GameLength;
/// assert_eq!(GameLength::Medium.to_string(), "Medium");
/// assert!(GameLength::Short < GameLength::Long);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GameLength {
    /// 45 minutes or less.
    Short,
    /// 46 to 75 minutes.
    Medium,
    /// 76 minutes or more.
    Long,
}

impl fmt::Display for GameLength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameLength::Short => "Short",
            GameLength::Medium => "Medium",
            GameLength::Long => "Long",
        })
    }
}
