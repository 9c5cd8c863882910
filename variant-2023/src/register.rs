//! One register: reveal, the pipeline of steps (written once, in
//! [`register_pipeline`](crate::arena::register_pipeline)), and the end of
//! register effects.

use crate::actions::{Action, Decision, Pile};
use crate::arena::{kind, RegisterStep};
use crate::cards::Card;
use crate::events::Event;
use crate::race::Race;
use crate::robot::{RegisterFlags, REGISTERS};
use crate::setup::Outcome;
use crate::task::{Flow, Task};
use crate::tiles::Tile;
use crate::upgrades::Upgrade;
use robo_core::agenda::{self, Turns};
use robo_core::pipeline::{BoardLasers, ConveyorPass, Gears, PushPanels, Step, StepFlow};
use robo_core::race::frame::GridRace;
use robo_core::PlayerId;
use smallvec::SmallVec;

impl Step<Race> for RegisterStep {
    #[inline(always)]
    fn run(&self, race: &mut Race, register: u8) -> StepFlow {
        match *self {
            RegisterStep::Cards => race.card_turns(Turns::from(race.priority)),
            RegisterStep::Conveyors(pass) => {
                // Most registers most robots are off the belts: skip the pass
                // then, and plan only for the robots on belts (the others
                // would propose nothing).
                let belts = (if pass.express { kind::EXPRESS_BELT } else { 0 })
                    | (if pass.normal { kind::NORMAL_BELT } else { 0 });
                if race.kinds_under() & belts == 0 {
                    return StepFlow::Continue;
                }
                let riders = race.belt_riders(belts);
                if riders.is_empty() {
                    return StepFlow::Continue;
                }
                let moves = pass.plan(race, &riders);
                ConveyorPass::apply(race, &moves);
                race.after_moves()
            }
            // Both steps act only on robots standing on their elements.
            RegisterStep::PushPanels => {
                if race.kinds_under() & kind::PUSH_PANEL == 0 {
                    return StepFlow::Continue;
                }
                let _ = PushPanels.run(race, register);
                race.after_moves()
            }
            RegisterStep::Gears => {
                if race.kinds_under() & kind::GEAR == 0 {
                    return StepFlow::Continue;
                }
                Gears.run(race, register)
            }
            RegisterStep::BoardLasers => {
                race.find_live_mounts();
                let _ = BoardLasers.run(race, register);
                race.queue_laser_damage()
            }
            RegisterStep::RobotWeapons => race.weapon_turns(Turns::from(race.priority)),
            RegisterStep::Batteries => {
                race.batteries();
                StepFlow::Continue
            }
            RegisterStep::Checkpoints => {
                // Nothing happens unless a robot stands on a checkpoint (or,
                // archiving as it goes, on a battery).
                let archive = if race.options.dynamic_archiving {
                    kind::BATTERY
                } else {
                    0
                };
                if race.kinds_under() & (kind::CHECKPOINT | archive) == 0 {
                    return StepFlow::Continue;
                }
                race.checkpoints(Turns::from(race.priority))
            }
        }
    }
}

impl Race {
    pub(crate) fn begin_register(&mut self, register: u8) -> Flow {
        self.core.register = register;
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
                self.core.scratch.events.push(Event::CardRevealed {
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
    /// set nothing off (no decision, no follow-up task); after the last
    /// step, the register ends at once.
    pub(crate) fn run_step(&mut self, index: u8) -> Flow {
        match self.run_steps_from(index) {
            StepFlow::SetOff => Flow::Next,
            StepFlow::Continue => self.end_register(),
        }
    }

    pub(crate) fn end_register(&mut self) -> Flow {
        self.scratch.magnetic_somewhere = None;
        for pl in &mut self.players {
            pl.last_card = pl.this_card.take();
        }
        if usize::from(self.core.register) < REGISTERS {
            self.then1(Task::Register {
                register: self.core.register + 1,
            });
        } else {
            self.then1(Task::EndRound);
        }
        Flow::Next
    }

    /// Card activation in priority order: a rebooting robot comes back in
    /// register 1, then each robot's card with the moments before and after.
    /// A card that sets nothing off (no decision, no follow-up task) is
    /// followed at once by the next robot's turn.
    pub(crate) fn card_turns(&mut self, turns: Turns) -> StepFlow {
        self.seat_turns(turns, Race::card_turn, Task::CardTurns)
    }

    /// One robot's card activation.
    #[inline]
    fn card_turn(&mut self, p: PlayerId) -> StepFlow {
        let pl = &self.players[p.index()];
        let r = usize::from(self.core.register.saturating_sub(1)).min(REGISTERS - 1);
        // Most turns: a running robot (which therefore does not return)
        // without temporary upgrades plays its card alone, now.
        if pl.status.powered() && (!self.upgrades_on() || pl.slots.temporary.is_empty()) {
            if pl.registers[r].is_empty() {
                return StepFlow::Continue;
            }
            return agenda::watch(self, |race| {
                if !race.quick_card(p) {
                    let flow = race.resolve_slot(p);
                    debug_assert_eq!(flow, Flow::Next, "card turns wait only through tasks");
                }
            });
        }
        self.uncommon_card_turn(p)
    }

    /// A card turn that may set something off before the card: a robot
    /// that returns, or one with temporary upgrades (their moments around
    /// the card). Out of line: the common turn above is most turns.
    #[cold]
    #[inline(never)]
    fn uncommon_card_turn(&mut self, p: PlayerId) -> StepFlow {
        let pl = &self.players[p.index()];
        let r = self.reg_index();
        // Only a robot that fell in an earlier round comes back; it then
        // resolves its card like the others.
        let returns = pl.status.returns_in(self.core.register);
        let acts = (returns || pl.status.powered()) && !pl.registers[r].is_empty();
        // The moments around the card only matter with temporary upgrades.
        // (A turn that acts without returning or moments took the common
        // path above.)
        let moments = acts && self.upgrades_on() && !pl.slots.temporary.is_empty();
        let mut tasks: SmallVec<[Task; 4]> = SmallVec::new();
        if returns {
            tasks.push(Task::ReEnter { player: p });
        }
        if !acts {
            return self.set_off(&tasks);
        }
        if moments {
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
        } else {
            tasks.push(Task::ResolveSlot { player: p });
        }
        self.set_off(&tasks)
    }

    /// Checkpoints in priority order; the first robot on the final one wins.
    pub(crate) fn checkpoints(&mut self, turns: Turns) -> StepFlow {
        self.seat_turns(
            turns,
            |race, p| {
                if race.checkpoint_of(p) {
                    // Self-Diagnostics asks first; the others follow.
                    race.set_off(&[Task::SelfDiagnostics { player: p }])
                } else {
                    StepFlow::Continue
                }
            },
            Task::Checkpoints,
        )
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
        if !pl.status.powered() || on != Some(pl.checkpoints + 1) {
            return false;
        }
        pl.checkpoints += 1;
        let checkpoint = pl.checkpoints;
        self.emit(Event::CheckpointReached {
            player: p,
            checkpoint,
        });
        if checkpoint >= self.arena.checkpoints() {
            self.core.outcome = Some(Outcome {
                winner: Some(p),
                rounds: self.core.round,
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
