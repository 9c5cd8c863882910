//! The classic rules on the kit's frame: how each task runs and what its
//! options are, the programming answers, the register's steps and what
//! else is this edition's own ([`GridRace`]).

use super::register::STEPS;
use super::{
    Action, ClassicStep, Decision, Event, Outcome, Race, Reason, Setup, SetupError, Task, View,
};
use robo_core::agenda::{self, Flow, Milestone};
use robo_core::geom::Dir;
use robo_core::ids::PlayerId;
use robo_core::pipeline::{Step, StepFlow};
use robo_core::protocol::Legal;
use robo_core::race::frame::{GridRace, Kinds, RaceCore};

impl Race {
    /// The register's steps from `from`; `Continue` when every step ran.
    fn steps(&mut self, register: u8, from: u8) -> StepFlow {
        self.core.register = register;
        self.run_steps_from(from)
    }

    /// The options of a programming player: a card of the hand while a
    /// register is open, then power down or not.
    pub(super) fn program_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        let Some(r) = self.robots.get(p.index()) else {
            return;
        };
        if r.programmed {
            return;
        }
        if r.next_open().is_some() && !r.hand.is_empty() {
            out.extend(r.hand.iter().map(|&c| Action::Program(c)));
            if self.on_the_clock && self.last_programmer(p) {
                out.push(Action::TimeUp);
            }
        } else {
            out.extend([Action::Announce(false), Action::Announce(true)]);
            self.park_options(p, out);
        }
        // The option part (its actions sort after the others).
        let start = out.len();
        r.program_option_actions(out);
        self.bomb_actions(p, out);
        out[start..].sort_unstable();
    }
}

impl Race {
    /// Is `p` the one player still programming?
    fn last_programmer(&self, p: PlayerId) -> bool {
        self.robots
            .iter()
            .enumerate()
            .all(|(i, r)| r.programmed == (i != p.index()))
    }

    /// On the Clock: time ran out for `p`, the last player programming.
    /// Its unused cards are shuffled and dealt into its empty open
    /// registers; it still announces power down or not.
    fn time_up(&mut self, p: PlayerId) -> Result<(), Reason> {
        if !self.on_the_clock {
            return Err(Reason::NotOnTheClock);
        }
        let Some(r) = self.robots.get(p.index()) else {
            return Err(Reason::NotAnOption(Action::TimeUp));
        };
        if r.programmed {
            return Err(Reason::AlreadyProgrammed);
        }
        if r.next_open().is_none() || r.hand.is_empty() {
            return Err(Reason::RegistersFull);
        }
        if !self.last_programmer(p) {
            return Err(Reason::NotLast);
        }
        let r = &mut self.robots[p.index()];
        self.rng.shuffle(&mut r.hand);
        while let Some(slot) = r.next_open() {
            let Some(card) = r.hand.pop() else { break };
            r.registers[usize::from(slot - 1)] = Some(card);
        }
        r.hand.sort();
        self.emit(Event::TimeUp { player: p });
        Ok(())
    }
}

impl GridRace for Race {
    type Task = Task;
    type Action = Action;
    type Decision = Decision;
    type Reason = Reason;
    type Event = Event;
    type Outcome = Outcome;
    type Setup = Setup;
    type SetupError = SetupError;
    type View = View;
    type Step = ClassicStep;

    #[inline]
    fn core(&self) -> &RaceCore<Race> {
        &self.core
    }

    #[inline]
    fn core_mut(&mut self) -> &mut RaceCore<Race> {
        &mut self.core
    }

    fn create(setup: Setup, seed: u64) -> Result<Race, SetupError> {
        Race::deal_game(setup, seed)
    }

    fn seats(&self) -> usize {
        self.robots.len()
    }

    fn run(&mut self, task: Task, answer: Option<&Action>) -> Flow<Decision> {
        match task {
            Task::BeginTurn => self.begin_turn(),
            Task::Deal => self.deal_turn(),
            Task::Program => {
                if self.robots.iter().any(|r| !r.programmed) {
                    return Flow::WaitAll(Decision::Program);
                }
            }
            Task::Register(register) => {
                self.damp(register);
                if self.abort_asks(register) || self.conditional_asks(register) {
                    return Flow::Next;
                }
                if self.self_destructs(register) {
                    return Flow::Next;
                }
                self.reveal(register);
                if !self.leave_the_gate(register) {
                    let _ = self.steps(register, 0);
                }
            }
            Task::Steps { register, from } => {
                self.core.register = register;
                let _ = self.steps(register, from);
            }
            Task::Cards { register, turns } => {
                self.core.register = register;
                let _ = agenda::run_turns(
                    self,
                    turns,
                    |r: &Race| agenda::TurnOrder::Listed(&r.order),
                    Race::card_turn,
                    |turns| Task::Cards { register, turns },
                );
            }
            Task::RegisterEnd(_) => {}
            Task::EndTurn => self.end_turn(),
            Task::Repairs => self.repairs(),
            Task::StayDown(p) => match answer {
                Some(&Action::StayDown(stay)) => self.stay_down(p, stay),
                _ => return Flow::Wait(p, Decision::StayDown),
            },
            Task::Dock(p) => match answer {
                Some(&Action::Dock(at)) => self.dock(p, at),
                _ => return Flow::Wait(p, Decision::Dock),
            },
            Task::ChopShop(p) => match answer {
                Some(&Action::Chop(choice)) => self.chop(p, choice),
                _ => return Flow::Wait(p, Decision::ChopShop),
            },
            Task::ReEnter(p) => match answer {
                Some(&Action::Enter { facing, down }) => self.re_enter(p, facing, down),
                _ => return Flow::Wait(p, Decision::ReEnter),
            },
            Task::Face(p) => match answer {
                Some(&Action::Face(facing)) => self.face(p, facing),
                _ => return Flow::Wait(p, Decision::Facing),
            },
            Task::Distance { player, register } => match answer {
                Some(&Action::Distance(n)) => self.go_distance(player, register, n),
                _ => return Flow::Wait(player, Decision::Distance),
            },
            Task::LoseOption(p) => match answer {
                Some(&Action::LoseOption(i)) => self.lose_option(p, i, super::Loss::Destroyed),
                _ => return Flow::Wait(p, Decision::LoseOption),
            },
            Task::Weapon(p) => match answer {
                Some(&Action::Fire(weapon)) => self.pick_weapon(p, weapon),
                _ => return Flow::Wait(p, Decision::Weapon),
            },
            Task::Fire(register) => {
                self.core.register = register;
                let _ = self.fire(register);
            }
            Task::Shove { player, dir } => self.shove(player, dir),
            Task::Hop { player, register } => match answer {
                Some(&Action::Hop(fly)) => self.hop(player, register, fly),
                _ => return Flow::Wait(player, Decision::Hop),
            },
            Task::Prevent { player, tokens } => match answer {
                Some(&Action::Prevent(guard)) => self.prevent(player, tokens, guard),
                _ => return Flow::Wait(player, Decision::Prevent),
            },
            Task::UseOption { player, option } => match answer {
                Some(&Action::UseOption(yes)) => self.use_option(player, option, yes),
                _ => return Flow::Wait(player, Decision::UseOption(option)),
            },
            Task::Recompile(p) => self.recompile(p),
            Task::Reengineer { player, target } => match answer {
                Some(&Action::Reengineer(pick)) => self.reengineer(player, target, pick),
                _ => return Flow::Wait(player, Decision::Reengineer),
            },
            Task::KeepOption(p) => match answer {
                Some(&Action::KeepOption(i)) => self.keep_option(p, i),
                _ => return Flow::Wait(p, Decision::KeepOption),
            },
            Task::FireControl {
                player,
                target,
                dir,
            } => match answer {
                Some(&Action::Aim(aim)) => self.fire_control_aim(target, dir, aim),
                _ => return Flow::Wait(player, Decision::FireControl),
            },
            Task::Wrench(p) => match answer {
                Some(&Action::TakeOption(take)) => self.wrench(p, take),
                _ => return Flow::Wait(p, Decision::Wrench),
            },
            Task::Scavenge {
                player,
                chooser,
                flag,
            } => match answer {
                Some(&Action::Scavenge(pick)) => self.scavenge(player, flag, pick),
                _ => {
                    let robot = player;
                    return Flow::Wait(chooser, Decision::Scavenge { robot, flag });
                }
            },
        }
        Flow::Next
    }

    fn options(&self, task: &Task, out: &mut Vec<Action>) {
        match task {
            Task::StayDown(_) => out.extend([Action::StayDown(false), Action::StayDown(true)]),
            Task::Dock(_) => out.extend(self.free_docks().map(Action::Dock)),
            Task::ChopShop(p) => self.chop_options(*p, out),
            Task::Distance { player, register } => {
                let slot = usize::from((*register).clamp(1, 5) - 1);
                let card = self
                    .robots
                    .get(player.index())
                    .and_then(|r| r.registers[slot]);
                if let Some(card) = card {
                    out.extend(
                        self.distances(*player, card.kind)
                            .into_iter()
                            .map(Action::Distance),
                    );
                }
            }
            Task::LoseOption(p) => {
                let held = self.robots.get(p.index()).map_or(0, |r| r.options.len());
                out.extend((0..held as u8).map(Action::LoseOption));
            }
            Task::Face(_) => out.extend(Dir::ALL.map(Action::Face)),
            Task::Hop { .. } => out.extend([Action::Hop(false), Action::Hop(true)]),
            Task::Weapon(p) => {
                out.push(Action::Fire(None));
                out.extend(
                    self.optional_weapons(*p)
                        .into_iter()
                        .map(|w| Action::Fire(Some(w))),
                );
            }
            Task::Prevent { player, .. } => {
                let guards = self
                    .robots
                    .get(player.index())
                    .map_or(0, |r| r.guards.len() + r.options.len());
                out.push(Action::Prevent(None));
                out.extend((0..guards as u8).map(|i| Action::Prevent(Some(i))));
            }
            Task::UseOption { .. } => {
                out.extend([Action::UseOption(false), Action::UseOption(true)])
            }
            Task::FireControl { target, .. } => self.aims(*target, out),
            Task::Wrench(_) => out.extend([Action::TakeOption(false), Action::TakeOption(true)]),
            Task::Scavenge { flag, .. } => self.scavenge_options(*flag, out),
            Task::KeepOption(p) => {
                let held = self.robots.get(p.index()).map_or(0, |r| r.options.len());
                out.extend((0..held as u8).map(Action::KeepOption));
            }
            Task::Reengineer { target, .. } => {
                let held = self
                    .robots
                    .get(target.index())
                    .map_or(0, |r| r.options.len());
                out.push(Action::Reengineer(None));
                out.extend((0..held as u8).map(|i| Action::Reengineer(Some(i))));
            }
            Task::ReEnter(_) => {
                for facing in Dir::ALL {
                    for down in [false, true] {
                        out.push(Action::Enter { facing, down });
                    }
                }
            }
            _ => {}
        }
    }

    fn asked_all(&self, player: PlayerId, decision: Decision) -> bool {
        decision == Decision::Program
            && self
                .robots
                .get(player.index())
                .is_some_and(|r| !r.programmed)
    }

    fn answer_all(&mut self, player: PlayerId, _: Decision, action: Action) -> Result<(), Reason> {
        if action == Action::TimeUp {
            return self.time_up(player);
        }
        if let Action::Park { option, card } = action {
            if self
                .robots
                .get(player.index())
                .is_some_and(|r| r.programmed)
            {
                return Err(Reason::AlreadyProgrammed);
            }
            return self.park(player, option, card);
        }
        if let Action::Bomb(card) = action {
            return self.program_bomb(player, card);
        }
        if matches!(
            action,
            Action::Set { .. } | Action::Stack { .. } | Action::Gadget { .. }
        ) {
            return self.program_option(player, action);
        }
        let Some(r) = self.robots.get_mut(player.index()) else {
            return Err(Reason::NotAnOption(action));
        };
        if r.programmed {
            return Err(Reason::AlreadyProgrammed);
        }
        let can_place = r.next_open().is_some() && !r.hand.is_empty();
        match action {
            Action::Program(card) => {
                let Some(slot) = r.next_open() else {
                    return Err(Reason::RegistersFull);
                };
                let Some(i) = r.hand.iter().position(|&c| c == card) else {
                    return Err(Reason::NotInHand(card));
                };
                r.hand.remove(i);
                r.registers[usize::from(slot - 1)] = Some(card);
            }
            Action::Announce(down) => {
                if can_place {
                    return Err(Reason::NotProgrammed);
                }
                r.programmed = true;
                if down {
                    r.power = super::Power::Announced;
                }
                self.emit(Event::Programmed { player });
                if down {
                    self.emit(Event::PowerDownAnnounced { player });
                }
            }
            other => return Err(Reason::NotAnOption(other)),
        }
        Ok(())
    }

    fn not_an_option(action: Action) -> Reason {
        Reason::NotAnOption(action)
    }

    fn legal_all(&self, player: PlayerId, _: Decision, out: &mut Vec<Action>) -> Legal {
        self.program_options(player, out);
        Legal::Complete
    }

    fn no_winner(&self) -> Outcome {
        self.no_winner_now()
    }

    fn marks(&self, task: &Task, milestone: Milestone) -> bool {
        match (milestone, *task) {
            (Milestone::RegisterStart(n), Task::Register(r))
            | (Milestone::RegisterEnd(n), Task::RegisterEnd(r)) => n == r,
            (Milestone::RoundEnd, Task::BeginTurn) => self.core.round > 0,
            _ => false,
        }
    }

    fn view_of(&self, player: PlayerId) -> View {
        Race::view_of(self, player)
    }

    fn invariants(&self) -> Result<(), String> {
        self.check()
    }

    fn steps(&self) -> &[(ClassicStep, Kinds)] {
        &STEPS
    }

    #[inline]
    fn step(&mut self, step: ClassicStep, register: u8) -> StepFlow {
        step.run(self, register)
    }

    fn resume_steps(&self, from: u8) -> Task {
        Task::Steps {
            register: self.core.register,
            from,
        }
    }

    /// The kinds under the robots and flags; while devices are on the
    /// board every step runs (a device on a step's element acts even
    /// where no robot stands).
    #[inline]
    fn kinds_under_robots(&mut self) -> Kinds {
        if self.world.devices.is_empty() {
            self.world.kinds_under()
        } else {
            Kinds::MAX
        }
    }

    fn flush(&mut self) {
        self.flush_log();
    }
}
