//! The harm the grid did, counted: damage tokens, guards and options
//! preventing them, destruction.

use crate::race::{Event, Race, Task, REGISTERS};
use crate::world::{Doom, Harm};
use robo_core::agenda;
use robo_core::ids::{PlayerId, RobotId};
use robo_core::pipeline::StepFlow;
use smallvec::SmallVec;

impl Race {
    /// Counts the harm the grid did: damage tokens, destruction. Tokens
    /// coming to a robot that holds a guard wait for its owner's decision
    /// ([`Task::Prevent`], put on the agenda: the result is then
    /// [`StepFlow::SetOff`]).
    #[inline]
    pub(in crate::race) fn count_harm(&mut self) -> StepFlow {
        // Nothing to count (after most steps and cards): no call.
        if self.world.harm.is_empty()
            && !self.world.may_have_ghosts()
            && self.scratch.asks.is_empty()
        {
            return StepFlow::Continue;
        }
        self.count_harm_now()
    }

    /// [`Race::count_harm`] with something to count.
    #[inline(never)]
    fn count_harm_now(&mut self) -> StepFlow {
        let mut asks: SmallVec<[Task; 8]> = SmallVec::new();
        let quiet = self.options_quiet();
        // In the order it came, a batch at a time: harm the counting adds
        // is counted after it.
        while !self.world.harm.is_empty() {
            for harm in std::mem::take(&mut self.world.harm) {
                let (r, n) = match harm {
                    Harm::Damage(r, n) => (r, n),
                    Harm::Shot {
                        robot,
                        tokens,
                        dir,
                        by,
                    } => (robot, self.count_shot(robot, tokens, dir, by)),
                    Harm::Destroyed(r, doom) => {
                        self.destroy(r, doom);
                        continue;
                    }
                };
                let Some(robot) = self.robots.get(r.index()) else {
                    continue;
                };
                if robot.destroyed || self.world.is_ghost(r) || n == 0 {
                    continue;
                }
                let n = if quiet {
                    n
                } else {
                    let n = self.absorb(r, n);
                    self.convert(r, n)
                };
                let robot = &self.robots[r.index()];
                if n == 0 {
                    continue;
                }
                if robot.guards.is_empty() && robot.options.is_empty() {
                    self.take_damage(r, n);
                } else {
                    asks.push(Task::Prevent {
                        player: PlayerId::of(r),
                        tokens: n,
                    });
                }
            }
        }
        if !self.scratch.asks.is_empty() {
            asks.extend(self.scratch.asks.drain(..));
        }
        if self.world.may_have_ghosts() {
            for r in self.world.settle_ghosts() {
                self.emit(Event::BecameReal {
                    player: PlayerId::of(r),
                });
            }
        }
        agenda::set_off(self, &asks)
    }

    /// Robot `r` takes `n` damage tokens (destroyed at the tenth).
    fn take_damage(&mut self, r: RobotId, n: u8) {
        let Some(robot) = self.robots.get_mut(r.index()) else {
            return;
        };
        if robot.destroyed {
            return;
        }
        robot.damage = robot
            .damage
            .saturating_add(n)
            .min(crate::race::DEADLY_DAMAGE);
        let damage = robot.damage;
        self.emit(Event::Damaged {
            player: PlayerId::of(r),
            amount: n,
            damage,
        });
        if damage >= crate::race::DEADLY_DAMAGE {
            self.destroy(r, Doom::Damage);
        }
    }

    /// `p`'s answer to the first of `tokens` damage tokens: guard `guard`
    /// given up instead, or the token taken (`None`). The rest come on as
    /// new tokens, asked again while a guard is left.
    pub(in crate::race) fn prevent(&mut self, p: PlayerId, tokens: u8, guard: Option<u8>) {
        let r = RobotId::of(p);
        let Some(robot) = self.robots.get_mut(p.index()) else {
            return;
        };
        let spares = robot.guards.len();
        match guard.map(usize::from) {
            Some(i) if i < spares => {
                let guard = robot.guards.remove(i);
                self.emit(Event::Prevented { player: p, guard });
            }
            Some(i) if i - spares < robot.options.len() => {
                let held = robot.options.remove(i - spares);
                let guard = crate::race::Guard::Option(held.card);
                self.emit(Event::Prevented { player: p, guard });
                self.bio_discarded(p, held.card);
                self.option_gone(p, held.card, held.payload);
            }
            _ => self.take_damage(r, 1),
        }
        if tokens > 1 {
            self.world.harm.push(Harm::Damage(r, tokens - 1));
        }
        let _ = self.count_harm();
    }

    /// A robot is destroyed: off the board for the rest of the turn, a
    /// life lost, its cards gone.
    fn destroy(&mut self, r: RobotId, doom: Doom) {
        let immortal = self.variants.immortality;
        let Some(robot) = self.robots.get_mut(r.index()) else {
            return;
        };
        if robot.destroyed {
            return;
        }
        robot.destroyed = true;
        if !immortal {
            robot.lives = robot.lives.saturating_sub(1);
        }
        robot.registers = [None; REGISTERS];
        robot.extra = Default::default();
        robot.hand.clear();
        let lives = robot.lives;
        self.world.remove(r);
        self.emit(Event::Destroyed {
            player: PlayerId::of(r),
            doom,
            lives,
        });
        self.note_archive_copy(PlayerId::of(r));
        self.unlock_fire_control(PlayerId::of(r));
        self.lose_to_destruction(PlayerId::of(r));
    }
}
