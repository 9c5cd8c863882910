//! Fixed amounts of engine work for the speed comparison of the package
//! with the native build (`scripts/wasm-bench.sh`): the same functions run
//! natively (the `wasm_bench` example) and in WebAssembly under Node, each
//! timed around the call by its caller. Nothing here reads a clock.
//!
//! - [`Registers`]: 2023 races of six random programs resting at the start
//!   of register 2 of their second round; the work is one register of each
//!   (to the start of register 3), as the criterion bench `register`
//!   isolates it.
//! - [`planner_race`]: a whole 2023 race of four planner bots.

use roborally::core::protocol::{play_out, seat_seed, PlayResult};
use roborally::core::race::frame::GridRace;
use roborally::core::{Game, Pending, PlayerId, Policy, Rng};
use roborally::v2023::{courses, Action, Event, Milestone, Race, Reached, Setup};
use wasm_bindgen::prelude::*;

/// The course of both workloads: belts, push panels, gears and lasers.
pub const COURSE: &str = "For the Glory";

/// Robots in each race of [`Registers`].
const ROBOTS: u8 = 6;

/// Runs `race` to the start of `register`, taking the events; `None` if
/// a decision or the end comes first.
fn to(race: &mut Race, register: u8, events: &mut Vec<Event>) -> Option<()> {
    let milestone = Milestone::RegisterStart(register);
    let reached = race.advance_to(milestone);
    race.take_events(events);
    (reached == Reached::Milestone(milestone)).then_some(())
}

/// A race of `seed` resting at the start of register 2 of round 2, its
/// robots' programs random; `None` when a decision or the end comes
/// before register 3 begins.
fn resting(seed: u64) -> Option<Race> {
    let course = courses::course(COURSE).ok()?;
    let mut race = Race::new(Setup::new(course, ROBOTS), seed).ok()?;
    let mut rng = Rng::from_seed(seed);
    let mut programs_seen = 0;
    loop {
        let players = match race.pending() {
            Pending::Simultaneous { players, .. } if players.len() == ROBOTS as usize => players,
            Pending::Terminal(_) => return None,
            pending => {
                let p = pending.players()[0];
                let a = race.sample_action(p, &mut rng)?;
                race.apply(p, a).ok()?;
                continue;
            }
        };
        let first = race.sample_action(players[0], &mut rng)?;
        if !matches!(first, Action::Program(_)) {
            race.apply(players[0], first).ok()?;
            continue;
        }
        programs_seen += 1;
        if programs_seen < 2 {
            for p in players {
                let a = race.sample_action(p, &mut rng)?;
                race.apply(p, a).ok()?;
            }
            continue;
        }
        // Round 2: every program answered without running on.
        for p in players {
            let a = race.sample_action(p, &mut rng)?;
            race.answer(p, a).ok()?;
        }
        let mut events = Vec::new();
        to(&mut race, 2, &mut events)?;
        let mut probe = race.clone();
        to(&mut probe, 3, &mut events)?;
        return Some(race);
    }
}

/// Races resting at the start of a register, ready for [`Registers::run`].
#[wasm_bindgen]
pub struct Registers {
    races: Vec<Race>,
}

#[wasm_bindgen]
impl Registers {
    /// `count` races (seeds from `seed` on, skipping those where a
    /// decision or the end comes first).
    #[wasm_bindgen(constructor)]
    pub fn new(seed: u32, count: u32) -> Registers {
        let races = (u64::from(seed)..)
            .take(count as usize * 20)
            .filter_map(resting)
            .take(count as usize)
            .collect();
        Registers { races }
    }

    /// Races ready.
    pub fn len(&self) -> u32 {
        self.races.len() as u32
    }

    /// No race is ready.
    #[wasm_bindgen(js_name = isEmpty)]
    pub fn is_empty(&self) -> bool {
        self.races.is_empty()
    }

    /// The work: one register of every race (the races are spent). The
    /// events resolved, as a check that the same work was done.
    pub fn run(&mut self) -> u32 {
        let mut events = Vec::with_capacity(1024);
        let mut total = 0;
        for race in &mut self.races {
            events.clear();
            if to(race, 3, &mut events).is_some() {
                total += events.len() as u32;
            }
        }
        self.races.clear();
        total
    }
}

/// A whole 2023 race on [`COURSE`] of four planner bots seeded from
/// `seed` (30 rounds at most); the rounds it took.
///
/// ```
/// assert!(roborally_wasm::workload::planner_race(1) >= 1);
/// ```
#[wasm_bindgen(js_name = plannerRace)]
pub fn planner_race(seed: u32) -> u32 {
    let Ok(course) = courses::course(COURSE) else {
        return 0;
    };
    let mut setup = Setup::new(course, 4);
    setup.max_rounds = Some(30);
    let Ok(mut race) = Race::new(setup, u64::from(seed)) else {
        return 0;
    };
    let mut bots: Vec<Box<dyn Policy<Race>>> = (0..4)
        .filter_map(|p| {
            roborally::bots::typed::<Race>("planner", seat_seed(u64::from(seed), PlayerId(p))).ok()
        })
        .collect();
    let mut seats: Vec<&mut dyn Policy<Race>> = bots.iter_mut().map(|b| b.as_mut() as _).collect();
    match play_out(&mut race, &mut seats, 100_000, &mut Vec::new(), |_| {}) {
        Ok(PlayResult::Finished(outcome)) => outcome.rounds.into(),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_register_workload_resolves_a_register_of_every_race() {
        let mut w = Registers::new(1, 3);
        assert_eq!(w.len(), 3);
        let events = w.run();
        assert!(events >= 3, "each register reveals cards ({events} events)");
        assert!(w.is_empty());
        // The same seeds do the same work.
        assert_eq!(Registers::new(1, 3).run(), events);
    }
}
