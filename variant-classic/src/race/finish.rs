//! The end of the game: robots finishing (touching their last flag) and
//! taking places, play on for the places after the winner, the ranking of
//! every seat, and the outcome.

use super::{Event, Outcome, Race, REGISTERS};
use robo_core::ids::{PlayerId, RobotId};
use smallvec::SmallVec;

impl Race {
    /// Every seat, best first: the robots that finished, by place; then the
    /// others by flags touched (more first), then by who touched its latest
    /// flag earlier (turn, register), then by seat. A robot out of lives
    /// ranks by its flags like any other (see `docs/rulings.md`, "Play on").
    ///
    /// ```
    /// use variant_classic::{Race, Setup};
    /// use robo_core::{Game, PlayerId};
    /// let race = Race::new(Setup::named("Risky Exchange", 3).unwrap(), 1).unwrap();
    /// // Nobody has touched a flag: the seats in order.
    /// assert_eq!(race.ranking().as_slice(), &[PlayerId(0), PlayerId(1), PlayerId(2)]);
    /// ```
    #[must_use]
    pub fn ranking(&self) -> SmallVec<[PlayerId; 8]> {
        let mut seats: SmallVec<[PlayerId; 8]> =
            (0..self.robots.len() as u8).map(PlayerId).collect();
        seats.sort_by_key(|p| {
            let r = &self.robots[p.index()];
            (
                r.place.unwrap_or(u8::MAX),
                std::cmp::Reverse(r.flags),
                r.reached.unwrap_or((u16::MAX, u8::MAX)),
                p.0,
            )
        });
        seats
    }

    /// Is this game played on after the first robot finishes?
    #[must_use]
    pub fn plays_on(&self) -> bool {
        self.play_on
    }

    /// The robots in `finished` (seat order) touched their last flag this
    /// register: they take the next places in this register's card order
    /// (the robot that moved first finishes first), then seat order. With
    /// play on they leave the course; the game ends when no robot is left
    /// racing, or at once without play on. `true` when the game is over.
    pub(super) fn finish_robots(&mut self, finished: &[PlayerId]) -> bool {
        if finished.is_empty() {
            return false;
        }
        let mut order: SmallVec<[PlayerId; 8]> = finished.into();
        order.sort_by_key(|p| {
            let k = self.order.iter().position(|q| q == p);
            (k.unwrap_or(usize::MAX), p.0)
        });
        let mut place = self
            .robots
            .iter()
            .filter_map(|r| r.place)
            .max()
            .unwrap_or(0);
        for p in order {
            place += 1;
            self.robots[p.index()].place = Some(place);
            self.emit(Event::Finished { player: p, place });
            if self.play_on {
                let r = &mut self.robots[p.index()];
                r.registers = [None; REGISTERS];
                r.extra = Default::default();
                r.hand.clear();
                self.world.remove(RobotId::of(p));
            }
        }
        if !self.play_on || !self.robots.iter().any(super::Robot::alive) {
            self.finish();
            return true;
        }
        false
    }

    /// The outcome as things stand: the winner (the robot in first place,
    /// if any), the turns played and the ranking.
    pub(super) fn result(&self) -> Outcome {
        Outcome {
            winner: self
                .robots
                .iter()
                .position(|r| r.place == Some(1))
                .map(|i| PlayerId(i as u8)),
            rounds: self.core.round,
            ranking: self.ranking().to_vec(),
        }
    }

    /// The game ends.
    pub(super) fn finish(&mut self) {
        let outcome = self.result();
        let winner = outcome.winner;
        self.core.outcome = Some(outcome);
        self.emit(Event::GameOver { winner });
    }
}
