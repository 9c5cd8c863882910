//! Setting up a race: the course, the seats (character and starting mode),
//! the Cosmos holder, teams; the checks a setup must pass; how a race ends.

use crate::characters::Character;
use crate::courses::Course;
use crate::mode::Mode;
use robo_core::PlayerId;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use thiserror::Error;

/// One player's seat: the character played and the mode it starts in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// The character.
    pub character: Character,
    /// The starting mode (the side of the character tile shown at setup).
    #[serde(default)]
    pub mode: Mode,
}

/// The unchecked description of a race (the form written to files).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The course.
    pub course: Course,
    /// Seats in clockwise order (seat 0 first).
    pub seats: Vec<Seat>,
    /// The seat holding the Cosmos priority token at the start.
    #[serde(default)]
    pub priority: PlayerId,
    /// Team Versus Team: the team of each seat (teams of equal size, seats
    /// alternating); `None` for a race of single players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<Vec<u8>>,
    /// Rounds before the race ends without a winner (`None`: no cap).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_rounds: Option<u16>,
}

impl Setup {
    /// A race of the first `players` characters (Optimus Prime, Blurr,
    /// Arcee, Megatron, Drag Strip, Flamewar) in alt mode, seat 0 holding
    /// the Cosmos token.
    ///
    /// ```
    /// use variant_transformers::courses;
    /// use variant_transformers::Setup;
    /// let setup = Setup::new(courses::course("Spiral Mesa").unwrap(), 3);
    /// assert_eq!(setup.seats.len(), 3);
    /// ```
    #[must_use]
    pub fn new(course: Course, players: usize) -> Self {
        Setup {
            course,
            seats: Character::ALL
                .iter()
                .cycle()
                .take(players)
                .map(|&character| Seat {
                    character,
                    mode: Mode::Alt,
                })
                .collect(),
            priority: PlayerId(0),
            teams: None,
            max_rounds: None,
        }
    }
}

/// The result of a finished race.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersOutcome")
)]
pub struct Outcome {
    /// The first robot to end a register on the final checkpoint; `None`
    /// when the round cap ended the race.
    pub winner: Option<PlayerId>,
    /// With teams: every seat of the winner's team (the winner included).
    #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
    pub team: SmallVec<[PlayerId; 3]>,
    /// Rounds played (the last one included).
    pub rounds: u16,
}

impl robo_core::Outcome for Outcome {
    fn winners(&self) -> SmallVec<[PlayerId; 4]> {
        if self.team.is_empty() {
            self.winner.into_iter().collect()
        } else {
            self.team.iter().copied().collect()
        }
    }
}

/// A setup that cannot be played, naming the failed check.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// Not 2 to 6 players.
    #[error("a race takes 2 to 6 players, not {0}")]
    Players(usize),
    /// A character taken by two seats.
    #[error("{0} is played by two seats")]
    SameCharacter(Character),
    /// Fewer free start spaces than robots.
    #[error("the course has {starts} free start spaces for {robots} robots")]
    Starts {
        /// Free start spaces.
        starts: usize,
        /// Robots.
        robots: usize,
    },
    /// The Cosmos holder is not a seat.
    #[error("{0} cannot hold the Cosmos priority token: it is not a seat")]
    Priority(PlayerId),
    /// Teams that are not one per seat, of equal size, in alternating seats.
    #[error("teams must be one per seat, at least 2 of equal size (at least 2 each), seated alternately: {0}")]
    Teams(String),
    /// A round cap of 0.
    #[error("the round cap must be at least 1")]
    MaxRounds,
}

/// Checks a setup.
///
/// # Errors
/// The first failed check.
pub fn validate(setup: &Setup) -> Result<(), SetupError> {
    let n = setup.seats.len();
    if !(2..=6).contains(&n) {
        return Err(SetupError::Players(n));
    }
    for (i, s) in setup.seats.iter().enumerate() {
        if setup.seats[..i].iter().any(|o| o.character == s.character) {
            return Err(SetupError::SameCharacter(s.character));
        }
    }
    let starts = setup.course.free_starts().count();
    if starts < n {
        return Err(SetupError::Starts { starts, robots: n });
    }
    if setup.priority.index() >= n {
        return Err(SetupError::Priority(setup.priority));
    }
    if let Some(teams) = &setup.teams {
        check_teams(teams, n).map_err(SetupError::Teams)?;
    }
    if setup.max_rounds == Some(0) {
        return Err(SetupError::MaxRounds);
    }
    Ok(())
}

/// Teams: one per seat; k >= 2 teams of equal size >= 2; seat `i` is in
/// the team of seat `i % k` (the first k seats in k different teams), so
/// turns alternate between teams.
fn check_teams(teams: &[u8], n: usize) -> Result<(), String> {
    if teams.len() != n {
        return Err(format!("{} teams for {n} seats", teams.len()));
    }
    let mut distinct: Vec<u8> = teams.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let k = distinct.len();
    if k < 2 || n % k != 0 || n / k < 2 {
        return Err(format!("{k} teams for {n} seats"));
    }
    if teams.iter().enumerate().any(|(i, t)| *t != teams[i % k]) {
        return Err(format!("seats {teams:?} do not alternate"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teams_must_be_equal_and_alternate() {
        assert!(check_teams(&[0, 1, 0, 1], 4).is_ok());
        assert!(check_teams(&[0, 1, 2, 0, 1, 2], 6).is_ok());
        assert!(check_teams(&[0, 1, 0, 1, 0, 1], 6).is_ok());
        assert!(check_teams(&[0, 0, 1, 1], 4).is_err());
        assert!(check_teams(&[0, 1, 0], 3).is_err());
        assert!(check_teams(&[0, 1], 2).is_err());
        assert!(check_teams(&[0, 1, 0, 1], 5).is_err());
    }
}
