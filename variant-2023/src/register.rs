//! One register: reveal, the pipeline of steps (written once, in
//! [`register_pipeline`](crate::arena::register_pipeline)), and the end of
//! register effects.

use crate::actions::{seat, Action, Decision, Pile};
use crate::agenda::{Flow, Task};
use crate::arena::{kind, RegisterStep};
use crate::cards::Card;
use crate::events::{Event, Source};
use crate::race::Race;
use crate::robot::{RegisterFlags, REGISTERS};
use crate::setup::Outcome;
use crate::tiles::Tile;
use crate::upgrades::Upgrade;
use robo_core::element::BeltSpeed;
use robo_core::event::GridEvent;
use robo_core::pipeline::{BoardLasers, ConveyorPass, Gears, GridWorld, PushPanels, Robots, Step};
use robo_core::{PlayerId, RobotId};
use smallvec::SmallVec;

impl Step<Race> for RegisterStep {
    fn run(&self, race: &mut Race, register: u8) {
        match *self {
            // Steps made of turns in priority order run their first turn at
            // once, as the agenda would run it next.
            RegisterStep::Cards => {
                let flow = race.card_turns(race.priority, 0);
                debug_assert_eq!(flow, Flow::Next, "card turns wait only through tasks");
            }
            RegisterStep::Conveyors(pass) => {
                // Most registers most robots are off the belts: skip the pass
                // then, and plan only for the robots on belts (the others
                // would propose nothing).
                let belts = (if pass.express { kind::EXPRESS_BELT } else { 0 })
                    | (if pass.normal { kind::NORMAL_BELT } else { 0 });
                if race.kinds_under_robots() & belts == 0 {
                    return;
                }
                let riders = race.belt_riders(pass);
                if !riders.is_empty() {
                    let moves = pass.plan(race, &riders);
                    race.scratch.kinds_under_robots = None;
                    ConveyorPass::apply(race, &moves);
                    race.after_elements();
                }
            }
            // Both steps act only on robots standing on their elements.
            RegisterStep::PushPanels => {
                if race.kinds_under_robots() & kind::PUSH_PANEL != 0 {
                    race.scratch.kinds_under_robots = None;
                    PushPanels.run(race, register);
                    race.after_elements();
                }
            }
            RegisterStep::Gears => {
                if race.kinds_under_robots() & kind::GEAR != 0 {
                    Gears.run(race, register);
                }
            }
            RegisterStep::BoardLasers => {
                race.find_live_mounts();
                BoardLasers.run(race, register);
                race.queue_laser_damage();
            }
            RegisterStep::RobotWeapons => {
                let flow = race.weapon_turns(race.priority, 0);
                debug_assert_eq!(flow, Flow::Next, "weapon turns wait only through tasks");
            }
            RegisterStep::Batteries => race.batteries(),
            RegisterStep::Checkpoints => {
                // Nothing happens unless a robot stands on a checkpoint (or,
                // archiving as it goes, on a battery).
                let archive = if race.options.dynamic_archiving {
                    kind::BATTERY
                } else {
                    0
                };
                if race.kinds_under_robots() & (kind::CHECKPOINT | archive) != 0 {
                    let flow = race.checkpoints(race.priority, 0);
                    debug_assert_eq!(flow, Flow::Next, "checkpoints wait only through tasks");
                }
            }
        }
    }
}

impl Race {
    pub(crate) fn begin_register(&mut self, register: u8) -> Flow {
        self.register = register;
        self.scratch.magnetic_somewhere = Some(self.magnetic_somewhere());
        self.emit(Event::RegisterStarted { register });
        let r = usize::from(register.saturating_sub(1)).min(REGISTERS - 1);
        for i in 0..self.players.len() {
            let pl = &mut self.players[i];
            pl.reg = RegisterFlags::default();
            pl.this_card = None;
            let reg = &mut pl.registers[r];
            if reg.cards.is_empty() || reg.revealed {
                continue;
            }
            reg.revealed = true;
            for c in reg.cards.iter() {
                self.scratch.events.push(Event::CardRevealed {
                    player: PlayerId(i as u8),
                    register,
                    card: c.card(),
                });
            }
        }
        // The steps begin at once (the agenda would run them next).
        self.run_step(0)
    }

    /// Runs the register's steps from `index`, one after another while they
    /// leave nothing to do in between (no decision, no follow-up task).
    pub(crate) fn run_step(&mut self, index: u8) -> Flow {
        let register = self.register;
        let mut index = index;
        // The element kinds under the robots hold from one step to the next
        // until a step moves robots (a conveyor pass or the push panels
        // drop them); they never outlive this loop.
        self.scratch.kinds_under_robots = None;
        self.scratch.step_loop = true;
        let flow = loop {
            let Some(step) = self.arena.pipeline().get(usize::from(index)).copied() else {
                break None;
            };
            let next = index + 1;
            self.then1(Task::Step { index: next });
            let depth = self.agenda.len();
            step.run(self, register);
            if self.agenda.len() != depth
                || self.outcome.is_some()
                || !matches!(self.agenda.last(), Some(&Task::Step { index: i }) if i == next)
            {
                break Some(Flow::Next);
            }
            self.agenda.pop();
            index += 1;
        };
        self.scratch.step_loop = false;
        self.scratch.kinds_under_robots = None;
        // After the last step, the register ends at once.
        flow.unwrap_or_else(|| self.end_register())
    }

    pub(crate) fn end_register(&mut self) -> Flow {
        self.scratch.magnetic_somewhere = None;
        for pl in &mut self.players {
            pl.last_card = pl.this_card.take();
        }
        if usize::from(self.register) < REGISTERS {
            self.then1(Task::Register {
                register: self.register + 1,
            });
        } else {
            self.then1(Task::EndRound);
        }
        Flow::Next
    }

    /// After a board element moved robots: falls become reboot tasks, and
    /// pushes are reported (a Spiky robot hurts the robot that pushed it).
    pub(crate) fn after_elements(&mut self) {
        if self.scratch.lost.is_empty() && self.scratch.pushes.is_empty() {
            return;
        }
        let mut tasks: SmallVec<[Task; 8]> = SmallVec::new();
        for l in self.scratch.lost.drain(..) {
            tasks.push(Task::Fall {
                player: seat(l.robot),
                board: l.board,
                pit: l.pit,
            });
        }
        for push in self.scratch.take_pushes() {
            self.scratch
                .events
                .push(Event::Grid(GridEvent::Pushed(push)));
            if self.has(seat(push.pushed), Upgrade::Spiky) {
                tasks.push(Task::Damage {
                    player: seat(push.by),
                    amount: 1,
                    source: Source::Other,
                });
            }
        }
        self.then(&tasks);
    }

    /// The [`kind`] bits of the elements under the robots on the board.
    /// Kept between the steps of one [`Race::run_step`] loop until a step
    /// moves robots.
    fn kinds_under_robots(&mut self) -> u8 {
        if let Some(k) = self.scratch.kinds_under_robots {
            return k;
        }
        let mut kinds = 0;
        for b in self.bodies.iter() {
            if b.on_board {
                kinds |= self.arena.kinds_at(b.pos);
            }
        }
        if self.scratch.step_loop {
            self.scratch.kinds_under_robots = Some(kinds);
        }
        kinds
    }

    /// The robots standing on a belt this conveyor pass moves, in robot order.
    fn belt_riders(&self, pass: ConveyorPass) -> Robots {
        let mut out = Robots::new();
        for (i, b) in self.bodies.iter().enumerate() {
            if !b.on_board {
                continue;
            }
            if let Some(Tile::Belt(c)) = self.arena.tile(b.pos) {
                let moves = match c.speed {
                    BeltSpeed::Express => pass.express,
                    BeltSpeed::Normal => pass.normal,
                };
                if moves {
                    out.push(RobotId(i as u8));
                }
            }
        }
        out
    }

    /// Picks the mounts whose beams reach a robot's cell, in mount order.
    fn find_live_mounts(&mut self) {
        self.scratch.live_mounts.clear();
        let mounts = self.arena.mounts();
        if mounts.len() <= 64 {
            // One bit per mount: the union of the robots' cells, in mount order.
            let mut live = 0u64;
            for b in self.bodies.iter().filter(|b| b.on_board) {
                live |= self.arena.reach_mask(b.pos).unwrap_or(0);
            }
            while live != 0 {
                let k = live.trailing_zeros() as usize;
                live &= live - 1;
                if let Some(&m) = mounts.get(k) {
                    self.scratch.live_mounts.push(m);
                }
            }
            return;
        }
        let mut live: SmallVec<[u16; 8]> = SmallVec::new();
        for b in self.bodies.iter().filter(|b| b.on_board) {
            live.extend(self.arena.mounts_reaching(b.pos).iter().copied());
        }
        live.sort_unstable();
        live.dedup();
        self.scratch.live_mounts.extend(
            live.iter()
                .filter_map(|&k| mounts.get(usize::from(k)).copied()),
        );
    }

    /// Board laser hits become damage (one card per beam, in mount order),
    /// then Energy Conversion is offered.
    pub(crate) fn queue_laser_damage(&mut self) {
        let conversion = self.upgrades_on()
            && self
                .players
                .iter()
                .any(|pl| pl.has(Upgrade::EnergyConversion));
        if self.scratch.hits.is_empty() && !conversion {
            return;
        }
        let hits = std::mem::take(&mut self.scratch.hits);
        let mut tasks: SmallVec<[Task; 8]> = SmallVec::new();
        for hit in &hits {
            self.scratch
                .events
                .push(Event::Grid(GridEvent::BoardLaser(*hit)));
            self.hurt(seat(hit.robot), hit.beams, Source::BoardLaser, &mut tasks);
        }
        if conversion {
            tasks.push(Task::Conversions {
                first: self.priority,
                done: 0,
            });
        }
        self.scratch.hits = hits;
        self.scratch.hits.clear();
        self.then(&tasks);
    }

    /// Card activation in priority order: a rebooting robot comes back in
    /// register 1, then each robot's card with the moments before and after.
    ///
    /// A card that sets nothing off (no decision, no follow-up task) is
    /// followed at once by the next robot's turn, as the agenda would run
    /// it next anyway.
    pub(crate) fn card_turns(&mut self, first: PlayerId, done: u8) -> Flow {
        let mut done = done;
        loop {
            if usize::from(done) >= self.players.len() {
                return Flow::Next;
            }
            let p = self.nth_from(first, done);
            self.then1(Task::CardTurns {
                first,
                done: done + 1,
            });
            let depth = self.agenda.len();
            let mut tasks: SmallVec<[Task; 4]> = SmallVec::new();
            let pl = &self.players[p.index()];
            if self.register == 1 && pl.rebooting.is_some() && !self.on_board(p) {
                tasks.push(Task::ReEnter { player: p });
            }
            let r = usize::from(self.register.saturating_sub(1)).min(REGISTERS - 1);
            if pl.shut_down || pl.registers[r].is_empty() {
                self.then(&tasks);
                return Flow::Next;
            }
            // The moments around the card only matter with temporary upgrades.
            if self.upgrades_on() && !pl.temporary.is_empty() {
                tasks.extend([
                    Task::Window {
                        player: p,
                        after: false,
                    },
                    Task::ResolveSlot { player: p },
                    Task::Window {
                        player: p,
                        after: true,
                    },
                ]);
            } else if tasks.is_empty() {
                let flow = self.resolve_slot(p);
                let on_top = matches!(
                    self.agenda.last(),
                    Some(&Task::CardTurns { first: f, done: d }) if f == first && d == done + 1
                );
                if !matches!(flow, Flow::Next)
                    || self.outcome.is_some()
                    || self.agenda.len() != depth
                    || !on_top
                {
                    return flow;
                }
                self.agenda.pop();
                done += 1;
                continue;
            } else {
                tasks.push(Task::ResolveSlot { player: p });
            }
            self.then(&tasks);
            return Flow::Next;
        }
    }

    /// Batteries: +1 energy to each robot ending the register on one.
    pub(crate) fn batteries(&mut self) {
        if self.kinds_under_robots() & kind::BATTERY == 0 {
            return;
        }
        for i in 0..self.players.len() {
            let p = PlayerId(i as u8);
            let Some(&b) = self.bodies.get(i).filter(|b| b.on_board) else {
                continue;
            };
            if !self.players[i].shut_down
                && self.arena.tile(b.pos) == Some(Tile::Battery)
                && self.element_active(b.pos)
            {
                self.gain_energy(p, 1);
            }
        }
    }

    /// Checkpoints in priority order; the first robot on the final one wins.
    pub(crate) fn checkpoints(&mut self, first: PlayerId, done: u8) -> Flow {
        let mut k = done;
        while usize::from(k) < self.players.len() && self.outcome.is_none() {
            let p = self.nth_from(first, k);
            k += 1;
            if self.checkpoint_of(p) {
                // Self-Diagnostics asks first; the others follow.
                self.then(&[
                    Task::SelfDiagnostics { player: p },
                    Task::Checkpoints { first, done: k },
                ]);
                break;
            }
        }
        Flow::Next
    }

    /// End-of-register checkpoint (and dynamic archive) for `p`; `true`
    /// when it reached a new checkpoint and Self-Diagnostics may act.
    fn checkpoint_of(&mut self, p: PlayerId) -> bool {
        let Some(&b) = self.body(p).filter(|b| b.on_board) else {
            return false;
        };
        let on = self.arena.checkpoint_at(b.pos);
        if self.options.dynamic_archiving
            && (on.is_some() || self.arena.tile(b.pos) == Some(Tile::Battery))
        {
            self.players[p.index()].archive = (b.pos, b.facing);
            self.emit(Event::Archived {
                player: p,
                at: b.pos,
            });
        }
        let pl = &mut self.players[p.index()];
        if pl.shut_down || on != Some(pl.checkpoints + 1) {
            return false;
        }
        pl.checkpoints += 1;
        let checkpoint = pl.checkpoints;
        self.emit(Event::CheckpointReached {
            player: p,
            checkpoint,
        });
        if checkpoint >= self.arena.checkpoints() {
            self.outcome = Some(Outcome {
                winner: Some(p),
                rounds: self.round,
            });
            self.emit(Event::GameOver { winner: Some(p) });
            return false;
        }
        self.has(p, Upgrade::SelfDiagnostics)
    }

    pub(crate) fn diagnostics_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        let Some(pl) = self.players.get(p.index()) else {
            return;
        };
        out.push(Action::KeepAll);
        out.extend(pl.hand.iter().map(|c| Action::Remove {
            pile: Pile::Hand,
            card: c.card(),
        }));
        out.extend(pl.deck.discard_pile().map(|c| Action::Remove {
            pile: Pile::Discard,
            card: c.card(),
        }));
    }

    pub(crate) fn self_diagnostics(&mut self, p: PlayerId, answer: Option<&Action>) -> Flow {
        match answer {
            None => Flow::Wait(p, Decision::SelfDiagnostics),
            Some(&Action::Remove { pile, card }) => {
                self.remove_from_game(p, pile, card);
                self.emit(Event::UpgradeUsed {
                    player: p,
                    upgrade: Upgrade::SelfDiagnostics,
                });
                Flow::Next
            }
            Some(_) => Flow::Next,
        }
    }

    /// Removes a card of kind `card` from `pile` of `p` from the game.
    pub(crate) fn remove_from_game(&mut self, p: PlayerId, pile: Pile, card: Card) {
        let Some(pl) = self.players.get_mut(p.index()) else {
            return;
        };
        let taken = match pile {
            Pile::Hand => pl
                .hand
                .iter()
                .position(|c| c.card() == card)
                .map(|i| pl.hand.remove(i)),
            Pile::Discard => pl.deck.take_from_discard(|c| c.card() == card),
        };
        if let Some(c) = taken {
            self.removed.push(c);
            self.emit(Event::CardRemoved { player: p, card });
        }
    }
}
