//! The editions of the family, listed once.
//!
//! The list below generates [`Edition`] and every `Any*` type
//! ([`crate::AnyGame`] and its setup, actions, events, views, ...).
//! An entry that `plays` a game type is playable at run time; the others
//! are reserved names. Making an edition playable is one line here plus
//! its [`Playable`] impl in one file of this folder (`v2023.rs`,
//! `conquest.rs`); the other front ends (the grid race driver, the
//! terminal, scenario files) each take one more file when the edition
//! implements their trait.

#[macro_use]
mod generate;
#[macro_use]
mod grid;
mod classic;
mod conquest;
#[cfg(test)]
mod online_tests;
mod playable;
mod transformers;
mod v2023;

pub use playable::{InAny, Milestone, NewGame, NewGameError, Playable, Visit, SPECTATOR};
pub use v2023::DEFAULT_COURSE as V2023_DEFAULT_COURSE;

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

editions! {
    /// RoboRally classic, Ultimate Collection rules.
    Classic = "classic", variant_classic, plays variant_classic::Race;
    /// Robo Rally, 2023 edition.
    V2023 = "2023", variant_2023, plays variant_2023::Race;
    /// Robo Rally: Transformers.
    Transformers = "transformers", variant_transformers, plays variant_transformers::Race;
    /// Transformers zone conquest.
    Conquest = "conquest", variant_conquest, plays variant_conquest::Conquest;
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not an edition.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown edition `{0}` (known: {known})", known = names(Edition::ALL))]
pub struct UnknownEdition(pub String);

impl FromStr for Edition {
    type Err = UnknownEdition;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Edition::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownEdition(s.to_string()))
    }
}

/// `a, b, c`: edition names for messages.
pub(crate) fn names(editions: impl IntoIterator<Item = Edition>) -> String {
    editions
        .into_iter()
        .map(Edition::name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// What [`Edition`]'s capability questions ask of a playable edition.
enum Ask {
    Bots,
    Grid,
    Scenarios,
    Terminal,
}

impl Visit for Ask {
    type Out = (bool, &'static [&'static str]);
    fn visit<G: Playable>(self) -> Self::Out {
        let yes = match self {
            Ask::Bots => true,
            Ask::Grid => G::grid_race().is_some(),
            Ask::Scenarios => G::scenarios().is_some(),
            Ask::Terminal => G::terminal().is_some(),
        };
        (yes, G::BOTS)
    }
}

impl Edition {
    /// A game of this edition can be created and played ([`crate::AnyGame`]
    /// has a variant for it).
    ///
    /// ```
    /// use roborally::Edition;
    /// assert!(Edition::V2023.is_playable() && Edition::Conquest.is_playable());
    /// assert!(Edition::Classic.is_playable() && Edition::Transformers.is_playable());
    /// ```
    #[must_use]
    pub fn is_playable(self) -> bool {
        self.visit(Ask::Bots).is_some()
    }

    /// The playable editions, in the order of the list.
    pub fn playable() -> impl Iterator<Item = Edition> {
        Edition::ALL.into_iter().filter(|e| e.is_playable())
    }

    /// The edition is a race of robots on a grid that the race driver
    /// ([`crate::race`]) and the HTML replay can follow.
    ///
    /// ```
    /// use roborally::Edition;
    /// assert!(Edition::V2023.is_grid());
    /// assert!(!Edition::Conquest.is_grid()); // a map of zones, no grid
    /// ```
    #[must_use]
    pub fn is_grid(self) -> bool {
        self.visit(Ask::Grid).is_some_and(|(yes, _)| yes)
    }

    /// Scenario files of this edition can be read ([`crate::scenario`]).
    #[must_use]
    pub fn has_scenarios(self) -> bool {
        self.visit(Ask::Scenarios).is_some_and(|(yes, _)| yes)
    }

    /// A person can play this edition at the keyboard ([`crate::terminal`]).
    #[must_use]
    pub fn has_terminal(self) -> bool {
        self.visit(Ask::Terminal).is_some_and(|(yes, _)| yes)
    }

    /// The names of the edition's bots, the default first (empty for an
    /// edition that cannot be played yet). See [`crate::bots`].
    ///
    /// ```
    /// use roborally::Edition;
    /// assert_eq!(Edition::V2023.bot_names(), ["planner", "random"]);
    /// assert_eq!(Edition::Conquest.bot_names(), ["greedy", "random"]);
    /// assert_eq!(Edition::Transformers.bot_names(), ["planner", "random"]);
    /// ```
    #[must_use]
    pub fn bot_names(self) -> &'static [&'static str] {
        self.visit(Ask::Bots).map_or(&[], |(_, names)| names)
    }
}

/// Asks an edition for its most seats.
struct Seats;

impl Visit for Seats {
    type Out = u8;
    fn visit<G: Playable>(self) -> u8 {
        G::MAX_SEATS
    }
}

impl Edition {
    /// The most seats a race of this edition takes (0 for one that cannot
    /// be played).
    ///
    /// ```
    /// use roborally::Edition;
    /// assert_eq!(Edition::Classic.max_seats(), 8);
    /// assert_eq!(Edition::V2023.max_seats(), 6);
    /// ```
    #[must_use]
    pub fn max_seats(self) -> u8 {
        self.visit(Seats).unwrap_or(0)
    }
}

struct Course<'a>(&'a str);

impl Visit for Course<'_> {
    type Out = Result<String, NewGameError>;
    fn visit<G: Playable>(self) -> Self::Out {
        G::course_name(self.0)
    }
}

impl Edition {
    /// A built-in course's own spelling of `name` in this edition.
    ///
    /// ```
    /// use roborally::Edition;
    /// assert_eq!(Edition::V2023.course_name("milk run").unwrap(), "Milk Run");
    /// assert!(Edition::V2023.course_name("Nowhere").is_err());
    /// assert!(Edition::Conquest.course_name("Milk Run").is_err());
    /// ```
    ///
    /// # Errors
    /// An unknown course (with the names), an edition without courses, or
    /// one that cannot be played yet.
    pub fn course_name(self, name: &str) -> Result<String, NewGameError> {
        self.visit(Course(name))
            .unwrap_or(Err(NewGameError::NotPlayable(self)))
    }
}

struct CourseNames;

impl Visit for CourseNames {
    type Out = Vec<&'static str>;
    fn visit<G: Playable>(self) -> Self::Out {
        G::course_names()
    }
}

impl Edition {
    /// The built-in courses of this edition, by name, in its own order
    /// (empty for an edition played on one map, or one that cannot be
    /// played yet).
    ///
    /// ```
    /// use roborally::Edition;
    /// assert!(Edition::V2023.course_names().contains(&"Milk Run"));
    /// assert!(Edition::Conquest.course_names().is_empty());
    /// for name in Edition::Classic.course_names() {
    ///     assert_eq!(Edition::Classic.course_name(name).unwrap(), name);
    /// }
    /// ```
    #[must_use]
    pub fn course_names(self) -> Vec<&'static str> {
        self.visit(CourseNames).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_the_crates_own_and_parses_back() {
        for e in Edition::ALL {
            assert_eq!(e.name(), e.crate_name());
            assert_eq!(e.to_string().parse::<Edition>(), Ok(e));
            assert_eq!(e.name().to_uppercase().parse::<Edition>(), Ok(e));
            let json = serde_json::to_string(&e).unwrap();
            assert_eq!(json, format!("\"{}\"", e.name()));
        }
        let err = "chess".parse::<Edition>().unwrap_err().to_string();
        assert_eq!(
            err,
            "unknown edition `chess` (known: classic, 2023, transformers, conquest)"
        );
    }

    #[test]
    fn capabilities_follow_the_editions_own_impls() {
        let playable: Vec<Edition> = Edition::playable().collect();
        assert_eq!(
            playable,
            [
                Edition::Classic,
                Edition::V2023,
                Edition::Transformers,
                Edition::Conquest
            ]
        );
        assert!(Edition::Classic.is_grid());
        assert!(Edition::Transformers.is_grid());
        for e in Edition::ALL {
            assert_eq!(e.is_playable(), !e.bot_names().is_empty(), "{e}");
            if !e.is_playable() {
                assert!(!e.is_grid() && !e.has_scenarios() && !e.has_terminal());
            }
        }
        assert!(Edition::V2023.has_scenarios() && Edition::V2023.has_terminal());
        assert!(!Edition::Conquest.has_scenarios() && Edition::Conquest.has_terminal());
    }
}
