//! The register's loops written out: the steps of the pipeline and the
//! turns taken in priority order, run one after another without the
//! kit's generic cursor ([`robo_core::agenda::run_inline`]) and its
//! closures.
//!
//! They keep its contract exactly: an item that sets something off (puts
//! tasks on the agenda, or ends the game) has the task that takes the
//! sequence on from the next item put *under* what it set off, and the
//! loop stops. Most registers set nothing off until the robots fire, so
//! this is the path nearly every step and turn of a game takes; the
//! golden games (`golden.rs`) pin that it changes no event.

use crate::arena::STEPS;
use crate::race::Race;
use crate::task::Task;
use robo_core::agenda::Turns;
use robo_core::pipeline::{Step, StepFlow};
use robo_core::PlayerId;

impl Race {
    /// After an item of a sequence ran from agenda depth `depth` and said
    /// `flow`: `true` (and `resume` put under what it set off) when the
    /// sequence must stop here.
    #[inline(always)]
    fn stops(&mut self, depth: usize, flow: StepFlow, resume: Task) -> bool {
        if flow == StepFlow::SetOff || self.outcome.is_some() {
            let under = depth.min(self.agenda.len());
            self.agenda.insert(under, resume);
            return true;
        }
        false
    }

    /// Runs the turns of `turns` in priority order (clockwise from its
    /// first seat): `turn` takes one and says whether it set something
    /// off; `resume` is the task that takes the turns on from a cursor.
    #[inline(always)]
    pub(crate) fn seat_turns(
        &mut self,
        turns: Turns,
        mut turn: impl FnMut(&mut Race, PlayerId) -> StepFlow,
        resume: fn(Turns) -> Task,
    ) -> StepFlow {
        let seats = self.players.len();
        let mut done = usize::from(turns.done);
        if done >= seats {
            return StepFlow::Continue;
        }
        // Seat `first + done`, clockwise: counted on and wrapped at the
        // last seat, not divided each turn.
        let mut seat = (turns.first.index() + done) % seats;
        while done < seats {
            let depth = self.agenda.len();
            let flow = turn(self, PlayerId(seat as u8));
            done += 1;
            seat += 1;
            if seat == seats {
                seat = 0;
            }
            let next = Turns {
                first: turns.first,
                done: done as u8,
            };
            if self.stops(depth, flow, resume(next)) {
                return StepFlow::SetOff;
            }
        }
        StepFlow::Continue
    }

    /// Runs the register's steps ([`STEPS`]) from `index` while they set
    /// nothing off; `Continue` when the last one ran. A step that acts
    /// only on robots standing on its kinds of element is passed over,
    /// without the call, while none does (it would do nothing).
    pub(crate) fn steps_from(&mut self, index: u8) -> StepFlow {
        let register = self.register;
        let mut i = usize::from(index);
        while let Some(&(step, under)) = STEPS.get(i) {
            if i != usize::from(index) && self.scratch.step_break == Some((register, i as u8)) {
                // A break between steps (a scenario run stopping there).
                self.agenda.push(Task::Step { index: i as u8 });
                return StepFlow::SetOff;
            }
            i += 1;
            if under != 0 && self.kinds_under_robots() & under == 0 {
                continue;
            }
            let depth = self.agenda.len();
            let flow = step.run(self, register);
            if self.stops(depth, flow, Task::Step { index: i as u8 }) {
                return StepFlow::SetOff;
            }
        }
        StepFlow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::arena::{kind, register_pipeline, RegisterStep, STEPS};

    #[test]
    fn the_steps_passed_over_are_those_that_check_the_kinds_under_robots() {
        assert_eq!(register_pipeline().len(), STEPS.len());
        let always = STEPS.iter().filter(|(_, under)| *under == 0).count();
        assert_eq!(always, 3, "cards, board lasers, robot weapons");
        for (step, under) in STEPS {
            let expected = match step {
                RegisterStep::Conveyors(pass) if pass.express => kind::EXPRESS_BELT,
                RegisterStep::Conveyors(_) => kind::NORMAL_BELT,
                RegisterStep::PushPanels => kind::PUSH_PANEL,
                RegisterStep::Gears => kind::GEAR,
                RegisterStep::Batteries => kind::BATTERY,
                RegisterStep::Checkpoints => kind::CHECKPOINT | kind::BATTERY,
                _ => 0,
            };
            assert_eq!(under, expected, "{step:?}");
        }
    }
}
