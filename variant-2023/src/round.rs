//! The round: start spaces, the upgrade and programming phases, shutdowns,
//! and the end of the round.

use crate::actions::{Action, Decision};
use crate::cards::CardId;
use crate::events::{Event, Phase};
use crate::race::Race;
use crate::robot::{ProgramStatus, RegisterFlags, RoundFlags, Status};
use crate::setup::{free_starts, Outcome};
use crate::task::{Flow, Task};
use robo_core::event::GridEvent;
use robo_core::motion::Arena as _;
use robo_core::{PlayerId, RobotId};

impl Race {
    /// Start spaces a robot may still take (or a cube may still cover).
    pub(crate) fn start_options(&self, block: bool, out: &mut Vec<Action>) {
        let course = self.arena.course();
        for p in free_starts(course, self.options.competitive, &self.cubes) {
            if block {
                out.push(Action::BlockStart(p));
            } else if self.robot_at(p).is_none() {
                out.push(Action::ChooseStart(p));
            }
        }
    }

    pub(crate) fn block_start(&mut self, player: PlayerId, answer: Option<&Action>) -> Flow {
        let free = free_starts(self.arena.course(), true, &self.cubes).len();
        // A cube may not leave fewer free spaces than there are robots.
        if free <= self.players.len() {
            return Flow::Next;
        }
        match answer {
            None => Flow::Wait(player, Decision::BlockStart),
            Some(&Action::BlockStart(at)) => {
                self.cubes.push(at);
                self.emit(Event::StartBlocked { player, at });
                Flow::Next
            }
            Some(_) => Flow::Next,
        }
    }

    pub(crate) fn choose_start(&mut self, player: PlayerId, answer: Option<&Action>) -> Flow {
        match answer {
            None => Flow::Wait(player, Decision::ChooseStart),
            Some(&Action::ChooseStart(at)) => {
                let facing = self.arena.course().start_facing();
                self.bodies.place(RobotId::of(player), at, facing);
                if let Some(pl) = self.players.get_mut(player.index()) {
                    pl.archive = (at, facing);
                }
                self.emit(Event::StartChosen { player, at });
                self.emit(Event::Grid(GridEvent::Placed {
                    robot: RobotId::of(player),
                    at,
                    facing,
                }));
                Flow::Next
            }
            Some(_) => Flow::Next,
        }
    }

    pub(crate) fn begin_round(&mut self) -> Flow {
        if self.core.max_rounds.is_some_and(|m| self.core.round >= m) {
            self.core.outcome = Some(Outcome {
                winner: None,
                rounds: self.core.round,
            });
            self.emit(Event::GameOver { winner: None });
            return Flow::Next;
        }
        self.cubes.clear();
        self.core.round += 1;
        self.core.register = 0;
        let round = self.core.round;
        self.emit(Event::RoundStarted { round });
        for pl in &mut self.players {
            let kept = std::mem::take(&mut pl.memory);
            pl.hand.extend(kept);
            pl.status = pl.status.next_round();
            pl.round = RoundFlags::default();
            pl.reg = RegisterFlags::default();
        }
        if self.upgrades_on() {
            self.phase = Phase::Upgrade;
            self.emit(Event::PhaseStarted(Phase::Upgrade));
            self.then(&[
                Task::Upgrades,
                Task::BeginProgramming,
                Task::Programming,
                Task::EndProgramming,
            ]);
        } else {
            self.then(&[
                Task::BeginProgramming,
                Task::Programming,
                Task::EndProgramming,
            ]);
        }
        Flow::Next
    }

    /// Waits until every player has ended the upgrade phase; a player with
    /// nothing to do ends it at once.
    pub(crate) fn upgrade_phase(&mut self) -> Flow {
        let mut opts = std::mem::take(&mut self.core.scratch.options);
        let mut waiting = false;
        for i in 0..self.players.len() {
            let p = PlayerId(i as u8);
            if self.players[i].round.upgrades_done {
                continue;
            }
            opts.clear();
            self.upgrade_options(p, &mut opts);
            if opts.len() <= 1 {
                self.players[i].round.upgrades_done = true;
            } else {
                waiting = true;
            }
        }
        opts.clear();
        self.core.scratch.options = opts;
        if waiting {
            Flow::WaitAll(Decision::Upgrades)
        } else {
            Flow::Next
        }
    }

    /// Draws the top card of a player's deck, reshuffling the discard pile
    /// when the deck is empty.
    pub(crate) fn draw_card(&mut self, p: PlayerId) -> Option<CardId> {
        let pl = self.players.get_mut(p.index())?;
        if pl.deck.needs_reshuffle() {
            pl.deck.reshuffle(&mut self.rng);
            self.core
                .scratch
                .events
                .push(Event::DeckShuffled { player: p });
        }
        pl.deck.draw_no_reshuffle()
    }

    pub(crate) fn begin_programming(&mut self) -> Flow {
        self.phase = Phase::Programming;
        self.emit(Event::PhaseStarted(Phase::Programming));
        let filter = !self.options.lighter;
        for i in 0..self.players.len() {
            let p = PlayerId(i as u8);
            let size = self.players[i].hand_size();
            while self.players[i].hand.len() < size {
                let Some(c) = self.draw_card(p) else { break };
                self.players[i].hand.push(c);
            }
            let pl = &mut self.players[i];
            pl.face_up_top = if filter && pl.has(crate::upgrades::Upgrade::SpamFilter) {
                pl.deck.peek().copied()
            } else {
                None
            };
            pl.round.program = ProgramStatus::Choosing;
            let cards = u8::try_from(pl.hand.len()).unwrap_or(u8::MAX);
            self.emit(Event::HandDrawn { player: p, cards });
        }
        Flow::Next
    }

    pub(crate) fn programming_phase(&mut self) -> Flow {
        if self
            .players
            .iter()
            .all(|p| p.round.program == ProgramStatus::Submitted)
        {
            Flow::Next
        } else {
            Flow::WaitAll(Decision::Program)
        }
    }

    /// Shutdowns take effect, then the registers begin.
    pub(crate) fn end_programming(&mut self) -> Flow {
        for p in self.order_from(self.priority) {
            if self.players[p.index()].round.shutdown_declared {
                self.shut_down(p);
            }
        }
        self.phase = Phase::Activation;
        self.emit(Event::PhaseStarted(Phase::Activation));
        self.then1(Task::Register { register: 1 });
        Flow::Next
    }

    /// A shutdown: damage from registers, hand and discard pile to the
    /// damage discard; regular cards of registers and hand to the discard.
    fn shut_down(&mut self, p: PlayerId) {
        let Some(pl) = self.players.get_mut(p.index()) else {
            return;
        };
        // A robot waiting to reboot comes back shut down (see `re_enter`).
        if pl.status == Status::Running {
            pl.status = Status::ShutDown;
        }
        let mut cards: Vec<CardId> = pl.hand.drain(..).collect();
        for r in &mut pl.registers {
            cards.extend(r.cards.drain(..));
            cards.extend(r.under.take());
            r.revealed = false;
            r.crab = false;
        }
        cards.extend(pl.deck.drain_discard(|c| c.is_damage()));
        for c in cards {
            if c.is_damage() {
                self.damage.discard(c);
            } else {
                pl.deck.discard(c);
            }
        }
        self.emit(Event::ShutDown { player: p });
    }

    pub(crate) fn end_round(&mut self) -> Flow {
        let n = self.players.len().max(1);
        self.priority = PlayerId(((self.priority.index() + 1) % n) as u8);
        let to = self.priority;
        self.emit(Event::PriorityPassed { to });
        self.core.register = 0;
        for i in 0..self.players.len() {
            let pl = &mut self.players[i];
            for r in &mut pl.registers {
                for c in r.cards.drain(..) {
                    if c.is_damage() {
                        self.damage.discard(c);
                    } else {
                        pl.deck.discard(c);
                    }
                }
                r.crab = false;
                r.revealed = false;
                r.replaced = false;
                r.cards.extend(r.under.take());
            }
            pl.last_card = None;
            pl.this_card = None;
            if self.options.less_foreshadowing {
                let (keep, back): (Vec<CardId>, Vec<CardId>) =
                    pl.hand.drain(..).partition(|c| c.is_damage());
                pl.hand = keep;
                for c in back {
                    pl.deck.discard(c);
                }
                pl.deck.shuffle_all(&mut self.rng);
            }
        }
        for i in 0..self.players.len() {
            let p = PlayerId(i as u8);
            if let Some(u) = self.players[i].loaned {
                self.discard_installed(p, u);
            }
        }
        self.then1(Task::BeginRound);
        Flow::Next
    }
}
