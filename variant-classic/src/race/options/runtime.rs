//! Run-time options their owners decide on at their moment
//! ([`Decision::UseOption`](crate::race::Decision::UseOption),
//! [`Decision::Reengineer`](crate::race::Decision::Reengineer)):
//! Superior Archive Copy at re-entry, Recompile after the deal, Abort
//! Switch before a reveal, Reengineering Unit after a push.

use super::super::{Event, Loss, Power, Race, Robot, Task, REGISTERS};
use super::Marks;
use crate::options::OptionCard;
use crate::world::{Harm, Rammed};
use robo_core::agenda;
use robo_core::ids::{PlayerId, RobotId};
use smallvec::SmallVec;

impl Race {
    /// Robot `p`'s owner answered whether to use `option` now.
    pub(in crate::race) fn use_option(&mut self, p: PlayerId, option: OptionCard, yes: bool) {
        let Some(robot) = self.robots.get_mut(p.index()) else {
            return;
        };
        match option {
            OptionCard::SuperiorArchiveCopy => robot.marks.archive_copy = yes,
            OptionCard::Conditional if yes => self.play_conditional(p),
            OptionCard::Interceptor if yes => self.intercept(p),
            OptionCard::AbortSwitch if yes && robot.active(option) => {
                robot.marks.aborted = self.core.round;
                self.emit(Event::OptionUsed { player: p, option });
            }
            OptionCard::Recompile if yes && robot.active(option) && !robot.hand.is_empty() => {
                robot.marks.recompiled = self.core.round;
                self.emit(Event::OptionUsed { player: p, option });
                // The token first (its questions on top), then the new hand.
                agenda::then(self, &[Task::Recompile(p)]);
                self.world.harm.push(Harm::Damage(RobotId::of(p), 1));
                let _ = self.count_harm();
            }
            _ => {}
        }
    }

    /// Superior Archive Copy: a robot destroyed while holding it may
    /// re-enter undamaged, even if the copy was the option the
    /// destruction took.
    pub(in crate::race) fn note_archive_copy(&mut self, p: PlayerId) {
        if let Some(r) = self.robots.get_mut(p.index()) {
            r.marks.archive_copy = r.active(OptionCard::SuperiorArchiveCopy);
        }
    }

    /// The re-entries of the end of the turn, each after its robot's
    /// Superior Archive Copy question where it has one.
    pub(in crate::race) fn with_archive_copies(
        &self,
        enter: &[Task],
        out: &mut SmallVec<[Task; 17]>,
    ) {
        for &t in enter {
            if let Task::ReEnter(p) = t {
                if self.robots[p.index()].marks.archive_copy {
                    out.push(Task::UseOption {
                        player: p,
                        option: OptionCard::SuperiorArchiveCopy,
                    });
                }
            }
            out.push(t);
        }
    }

    /// Damage tokens robot `p` re-enters with: 2, or none when its owner
    /// chose its Superior Archive Copy (discarded if still held).
    pub(in crate::race) fn re_entry_damage(&mut self, p: PlayerId) -> u8 {
        let r = &mut self.robots[p.index()];
        if !std::mem::take(&mut r.marks.archive_copy) {
            return 2;
        }
        self.emit(Event::OptionUsed {
            player: p,
            option: OptionCard::SuperiorArchiveCopy,
        });
        let r = &self.robots[p.index()];
        if let Some(i) = r
            .options
            .iter()
            .position(|h| h.card == OptionCard::SuperiorArchiveCopy)
        {
            self.lose_option(p, i as u8, Loss::Used);
        }
        0
    }

    /// Recompile: after the deal, each running robot dealt a hand and
    /// holding it is asked (in an order the game's generator draws).
    pub(in crate::race) fn recompile_asks(&mut self, tasks: &mut SmallVec<[Task; 12]>) {
        let mut asks: SmallVec<[Task; 4]> = SmallVec::new();
        for (i, r) in self.robots.iter().enumerate() {
            let can = r.alive()
                && !r.destroyed
                && r.power == Power::On
                && !r.hand.is_empty()
                && r.active(OptionCard::Recompile)
                && r.marks.recompiled != self.core.round;
            if can {
                asks.push(Task::UseOption {
                    player: PlayerId(i as u8),
                    option: OptionCard::Recompile,
                });
            }
        }
        if asks.len() > 1 {
            self.rng.shuffle(&mut asks);
        }
        tasks.extend(asks);
    }

    /// Recompile, after the token is paid: the hand goes back under the
    /// deck's cards, the deck is shuffled, and the robot is dealt as many
    /// cards as it gave back; a register the token locked is filled from
    /// the deck, as the deal fills locked registers.
    pub(in crate::race) fn recompile(&mut self, p: PlayerId) {
        let Some(r) = self.robots.get_mut(p.index()) else {
            return;
        };
        if r.destroyed {
            r.hand.clear();
            r.programmed = true;
            return;
        }
        let n = r.hand.len();
        self.deck.append(&mut r.hand);
        self.rng.shuffle(&mut self.deck);
        let r = &mut self.robots[p.index()];
        for reg in 1..=REGISTERS as u8 {
            if r.is_locked(reg) && r.registers[usize::from(reg - 1)].is_none() {
                r.registers[usize::from(reg - 1)] = self.deck.pop();
            }
        }
        let n = n.min(self.deck.len());
        r.hand = self.deck.split_off(self.deck.len() - n);
        r.hand.sort();
        self.emit(Event::Dealt {
            player: p,
            cards: n as u8,
        });
    }

    /// Abort Switch: before register `register` is revealed, each robot
    /// that holds it, has not thrown it this turn and runs a card there is
    /// asked once (in an order the game's generator draws); the register
    /// is then put back on the agenda under the questions. Returns whether
    /// it asked.
    pub(in crate::race) fn abort_asks(&mut self, register: u8) -> bool {
        let turn = self.core.round;
        self.ask_before_reveal(
            register,
            OptionCard::AbortSwitch,
            |r| !r.options.is_empty() && r.marks.aborted != turn,
            |m| &mut m.abort_asked,
        )
    }

    /// Before register `register`'s reveal: the owner of each robot that
    /// holds `option`, runs a card there, is powered on and that `can`
    /// picks is asked once a register (`asked` is the robot's mark of the
    /// turn and register it was last asked before), in an order the game's
    /// generator draws; the register is then put back on the agenda under
    /// the questions. Returns whether it asked.
    pub(in crate::race) fn ask_before_reveal(
        &mut self,
        register: u8,
        option: OptionCard,
        can: impl Fn(&Robot) -> bool,
        asked: fn(&mut Marks) -> &mut (u16, u8),
    ) -> bool {
        let slot = usize::from(register.clamp(1, REGISTERS as u8) - 1);
        let now = (self.core.round, register);
        let mut asks: SmallVec<[Task; 4]> = SmallVec::new();
        for (i, r) in self.robots.iter_mut().enumerate() {
            let ask = can(r)
                && r.active(option)
                && r.alive()
                && !r.destroyed
                && r.power != Power::Down
                && r.registers[slot].is_some()
                && *asked(&mut r.marks) != now;
            if ask {
                *asked(&mut r.marks) = now;
                asks.push(Task::UseOption {
                    player: PlayerId(i as u8),
                    option,
                });
            }
        }
        if asks.is_empty() {
            return false;
        }
        if asks.len() > 1 {
            self.rng.shuffle(&mut asks);
        }
        asks.push(Task::Register(register));
        agenda::then(self, &asks);
        true
    }

    /// Abort Switch thrown: the running robot's card of this register
    /// (locked or not) is swapped for the top card of the undealt deck,
    /// the old one discarded.
    pub(in crate::race) fn abort_cards(&mut self, register: u8) {
        let slot = usize::from(register.clamp(1, REGISTERS as u8) - 1);
        for i in 0..self.robots.len() {
            let r = &self.robots[i];
            let thrown = r.marks.aborted == self.core.round
                && self.core.round > 0
                && !r.destroyed
                && r.power != Power::Down
                && r.registers[slot].is_some();
            if !thrown {
                continue;
            }
            let Some(card) = self.deck.pop() else {
                continue;
            };
            let r = &mut self.robots[i];
            r.registers[slot] = Some(card);
            r.extra[slot].clear();
            self.emit(Event::Randomized {
                player: PlayerId(i as u8),
                register,
                card,
            });
        }
    }

    /// Reengineering Unit: robot `p`'s card pushed the robots in
    /// `rammed` (in contact with it); those holding options are offered
    /// to its owner, asked after the card's harm is counted.
    pub(in crate::race) fn reengineer_asks(&mut self, p: PlayerId, rammed: &Rammed) {
        if !self.robots[p.index()].active(OptionCard::ReengineeringUnit) {
            return;
        }
        for &t in rammed {
            if !self.robots[t.index()].options.is_empty() {
                self.scratch.asks.push(Task::Reengineer {
                    player: p,
                    target: PlayerId::of(t),
                });
            }
        }
    }

    /// Robot `p` gives its Reengineering Unit to `target` and takes the
    /// target's option `pick` (its payload with it), or keeps the unit.
    pub(in crate::race) fn reengineer(&mut self, p: PlayerId, target: PlayerId, pick: Option<u8>) {
        let Some(pick) = pick.map(usize::from) else {
            return;
        };
        let Some(unit) = self.robots.get(p.index()).and_then(|r| {
            r.options
                .iter()
                .position(|h| h.card == OptionCard::ReengineeringUnit)
        }) else {
            return;
        };
        if self
            .robots
            .get(target.index())
            .is_none_or(|t| pick >= t.options.len())
        {
            return;
        }
        let took = self.robots[target.index()].options.remove(pick);
        let gave = self.robots[p.index()].options.remove(unit);
        self.robots[p.index()].options.push(took);
        self.robots[target.index()].options.push(gave);
        self.emit(Event::OptionsSwapped {
            player: p,
            target,
            took: took.card,
        });
    }
}
