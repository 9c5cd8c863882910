//! The register's loops written out: the steps of the register and the
//! turns taken clockwise, run one after another without the kit's generic
//! cursor ([`crate::agenda::run_inline`]) and its closures.
//!
//! They keep its contract exactly: an item that sets something off (puts
//! tasks on the agenda, or ends the race) has the task that takes the
//! sequence on from the next item put *under* what it set off, and the
//! loop stops. Most registers set nothing off until the robots fire, so
//! this is the path nearly every step and turn of a race takes; the
//! editions' golden games pin that it changes no event.

use super::GridRace;
use crate::agenda::Turns;
use crate::ids::PlayerId;
use crate::pipeline::StepFlow;

/// [`GridRace::run_steps_from`].
#[inline]
pub(super) fn steps_from<E: GridRace>(race: &mut E, index: u8) -> StepFlow {
    let register = race.core().register;
    let mut i = usize::from(index);
    while let Some(&(step, under)) = race.steps().get(i) {
        if i != usize::from(index) && race.core().scratch.step_break == Some((register, i as u8)) {
            // A break between steps (a scenario run stopping there): the
            // task that resumes here is left on the agenda.
            let resume = race.resume_steps(i as u8);
            race.core_mut().agenda.push(resume);
            return StepFlow::SetOff;
        }
        i += 1;
        if under != 0 && race.kinds_under_robots() & under == 0 {
            continue;
        }
        let depth = race.core().agenda.len();
        let flow = race.step(step, register);
        let resume = race.resume_steps(i as u8);
        if race.core_mut().stops(depth, flow, resume) {
            return StepFlow::SetOff;
        }
    }
    StepFlow::Continue
}

/// [`GridRace::seat_turns`].
#[inline(always)]
pub(super) fn seat_turns<E: GridRace>(
    race: &mut E,
    turns: Turns,
    mut turn: impl FnMut(&mut E, PlayerId) -> StepFlow,
    resume: fn(Turns) -> E::Task,
) -> StepFlow {
    let seats = race.seats();
    let mut done = usize::from(turns.done);
    if done >= seats {
        return StepFlow::Continue;
    }
    // Seat `first + done`, clockwise: counted on and wrapped at the last
    // seat, not divided each turn.
    let mut seat = (turns.first.index() + done) % seats;
    while done < seats {
        let depth = race.core().agenda.len();
        let flow = turn(race, PlayerId(seat as u8));
        done += 1;
        seat += 1;
        if seat == seats {
            seat = 0;
        }
        let next = Turns {
            first: turns.first,
            done: done as u8,
        };
        if race.core_mut().stops(depth, flow, resume(next)) {
            return StepFlow::SetOff;
        }
    }
    StepFlow::Continue
}
