//! What the grid races' [`Playable`](super::Playable) impls share: counts
//! by seat for batch tallies, the built-in course lookup with its message,
//! and the front ends every grid race plugs into.

use super::NewGameError;
use robo_core::PlayerId;
use std::fmt::Display;

/// A count per seat (damage taken, falls, ...), grown as seats appear.
#[derive(Clone, Debug, Default)]
pub struct SeatCounts(Vec<u32>);

impl SeatCounts {
    /// Adds `n` to `player`'s count.
    pub fn add(&mut self, player: PlayerId, n: u32) {
        let i = player.index();
        if self.0.len() <= i {
            self.0.resize(i + 1, 0);
        }
        self.0[i] += n;
    }

    /// The count of seat `i` (0 when it never counted).
    #[must_use]
    pub fn get(&self, i: usize) -> u32 {
        self.0.get(i).copied().unwrap_or(0)
    }
}

/// A built-in course looked up by an edition's library (`found`), or the
/// refusal that names every course of the library (`names`).
pub(crate) fn built_in<C, E: Display, S: AsRef<str>>(
    found: Result<C, E>,
    names: impl Iterator<Item = S>,
) -> Result<C, NewGameError> {
    found.map_err(|e| NewGameError::UnknownCourse {
        message: e.to_string(),
        known: join(names),
    })
}

/// Course names joined for a message.
pub(crate) fn join<S: AsRef<str>>(names: impl Iterator<Item = S>) -> String {
    names
        .map(|n| n.as_ref().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The front ends of a grid race, for its `Playable` impl: the race
/// driver, the terminal client, scenario files and the HTML replay.
macro_rules! grid_front_ends {
    () => {
        fn grid_race() -> Option<crate::race::GridRaceFn> {
            Some(crate::race::run_grid::<Self>)
        }

        fn terminal() -> Option<crate::terminal::TerminalFn> {
            Some(crate::terminal::run_terminal::<Self>)
        }

        fn scenarios() -> Option<crate::scenario::ScenarioFns> {
            Some(crate::scenario::ScenarioFns::of::<Self>())
        }

        fn replay_recorder(
            game: &Self,
            names: &[String],
        ) -> Option<Box<dyn crate::viewer::ReplayRecorder<Self>>> {
            let title = format!("{}: {}", Self::TITLE, game.setting());
            Some(Box::new(crate::race::GridReplay::new(game, title, names)))
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_counts_grow_with_the_seats_that_count() {
        let mut c = SeatCounts::default();
        c.add(PlayerId(2), 3);
        c.add(PlayerId(2), 1);
        assert_eq!((c.get(0), c.get(2), c.get(7)), (0, 4, 0));
    }

    #[test]
    fn an_unknown_course_is_refused_with_the_known_names() {
        let err = built_in::<(), _, _>(Err("no course `X`"), ["A", "B"].into_iter()).unwrap_err();
        let NewGameError::UnknownCourse { message, known } = err else {
            panic!("{err}");
        };
        assert_eq!(
            (message.as_str(), known.as_str()),
            ("no course `X`", "A, B")
        );
    }
}
