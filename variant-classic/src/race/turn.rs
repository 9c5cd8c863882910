//! The turn around the registers: power down taking effect, the shuffle
//! and the deal (nine cards less one per damage token), the end of the
//! turn (repairs, the wipe, staying down, re-entry) and the end of the game.

use super::{Event, Power, Race, Task, HAND_SIZE, REGISTERS};
use crate::cards::{deck, Card};
use crate::tiles::Tile;
use crate::world::{kind, Harm};
use robo_core::agenda;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::{PlayerId, RobotId};
use robo_core::motion::Arena;
use smallvec::SmallVec;

impl Race {
    /// A turn begins, or the game ends (turn cap, no robot with lives).
    pub(super) fn begin_turn(&mut self) {
        if !self.robots.iter().any(super::Robot::alive) {
            self.finish();
            return;
        }
        if self
            .core
            .max_rounds
            .is_some_and(|cap| self.core.round >= cap)
        {
            self.finish();
            return;
        }
        self.core.round += 1;
        self.core.register = 0;
        self.world.register = 0;
        let round = self.core.round;
        self.emit(Event::TurnStarted { round });
        for i in 0..self.robots.len() {
            let r = &mut self.robots[i];
            if r.power == Power::Announced && r.alive() {
                r.power = Power::Down;
                r.damage = 0;
                r.registers = [None; REGISTERS];
                r.extra = Default::default();
                self.emit(Event::PoweredDown {
                    player: PlayerId(i as u8),
                });
                self.bio_swap(PlayerId(i as u8));
                self.unlock_fire_control(PlayerId(i as u8));
            }
        }
        if !self.world.devices.is_empty() && self.bombs_go_off() {
            return;
        }
        self.deal_turn();
    }

    /// The turn's start after the bombs: the deal, the questions after
    /// it, programming, the registers and the end of the turn.
    pub(super) fn deal_turn(&mut self) {
        for r in &mut self.robots {
            r.new_option_program();
        }
        self.deal();
        let mut tasks: SmallVec<[Task; 12]> = SmallVec::new();
        self.recompile_asks(&mut tasks);
        self.interceptor_asks(&mut tasks);
        tasks.push(Task::Program);
        for reg in 1..=REGISTERS as u8 {
            tasks.push(Task::Register(reg));
            tasks.push(Task::RegisterEnd(reg));
        }
        tasks.push(Task::EndTurn);
        agenda::then(self, &tasks);
    }

    /// The whole deck, less the cards locked in registers, is shuffled;
    /// empty locked registers are filled from it, then each running robot
    /// is dealt nine cards less one per damage token.
    fn deal(&mut self) {
        let held: SmallVec<[Card; 40]> = self
            .robots
            .iter()
            .flat_map(super::Robot::program_cards)
            .collect();
        let mut pile = deck();
        pile.retain(|c| !held.contains(c));
        self.rng.shuffle(&mut pile);
        for i in 0..self.robots.len() {
            let running = {
                let r = &self.robots[i];
                r.alive() && r.power == Power::On && !r.destroyed
            };
            let r = &mut self.robots[i];
            r.hand.clear();
            r.programmed = !running;
            if !running {
                continue;
            }
            for reg in 1..=REGISTERS as u8 {
                if r.is_locked(reg) && r.registers[usize::from(reg - 1)].is_none() {
                    r.registers[usize::from(reg - 1)] = pile.pop();
                }
            }
            let size = HAND_SIZE + self.extra_cards(i);
            let r = &mut self.robots[i];
            let n = usize::from(size.saturating_sub(r.damage)).min(pile.len());
            r.hand = pile.split_off(pile.len() - n);
            r.hand.sort();
            self.unpark_flywheel(i);
            self.emit(Event::Dealt {
                player: PlayerId(i as u8),
                cards: n as u8,
            });
        }
        self.deal_bombs(&mut pile);
        self.deck = pile;
    }

    /// The end of the turn: radiation burns before any repair (its damage
    /// tokens, and any guard given up against them, come first).
    pub(super) fn end_turn(&mut self) {
        self.copters_down();
        self.bombs_down();
        self.core.register = 0;
        self.world.register = 0;
        self.wrench_asks();
        self.on_tiles(kind::RADIATION, |_| true, Harm::Damage, 1);
        let _ = self.count_harm();
    }

    /// The end of the turn after radiation: repairs, the wipe, then the
    /// stay-down decisions and the re-entries (each group asked in an
    /// order drawn from the game's generator: the rules give none), then
    /// the next turn.
    pub(super) fn repairs(&mut self) {
        for i in 0..self.robots.len() {
            let p = PlayerId(i as u8);
            let on_site = match self.tile_under(p) {
                Some(Tile::Repair(_)) => true,
                Some(_) => self
                    .world
                    .robot_pos(RobotId::of(p))
                    .is_some_and(|at| self.world.flag_at(at).is_some()),
                None => false,
            };
            let double = self.tile_under(p) == Some(Tile::Repair(2));
            // A variant's choice: an option instead of the repairs, or (on
            // a first-edition double-tool site) two repairs and no option.
            let (option, repairs) = match self.robots[i].marks.wrench.take() {
                Some(true) => (true, 0),
                Some(false) => (false, 1 + u8::from(double)),
                None => (double, 1),
            };
            if option && !self.robots[i].destroyed {
                self.gain_option(p);
            }
            let r = &mut self.robots[i];
            if on_site && !r.destroyed && repairs > 0 {
                r.marks.locks = 0;
            }
            if on_site && !r.destroyed && r.damage > 0 && repairs > 0 {
                r.damage = r.damage.saturating_sub(repairs);
                let damage = r.damage;
                self.emit(Event::Repaired { player: p, damage });
            }
            let r = &mut self.robots[i];
            for reg in 1..=REGISTERS as u8 {
                if !r.is_locked(reg) {
                    r.clear_register(reg);
                }
            }
            r.hand.clear();
            // Conditional's card is discarded at the end of the turn.
            r.marks.conditional = None;
        }
        self.circuit_breakers();
        let mut stay: SmallVec<[Task; 8]> = SmallVec::new();
        let mut enter: SmallVec<[Task; 8]> = SmallVec::new();
        for (i, r) in self.robots.iter().enumerate() {
            let p = PlayerId(i as u8);
            if r.alive() && r.power == Power::Down && !r.destroyed {
                stay.push(Task::StayDown(p));
            }
            if r.alive() && r.destroyed {
                enter.push(Task::ReEnter(p));
            }
        }
        if stay.len() > 1 {
            self.rng.shuffle(&mut stay);
        }
        if enter.len() > 1 {
            self.rng.shuffle(&mut enter);
        }
        let mut tasks: SmallVec<[Task; 17]> = SmallVec::new();
        tasks.extend(stay);
        self.with_archive_copies(&enter, &mut tasks);
        tasks.push(Task::BeginTurn);
        agenda::then(self, &tasks);
    }

    /// A powered-down robot stays down next turn, or powers up.
    pub(super) fn stay_down(&mut self, p: PlayerId, stay: bool) {
        if let Some(r) = self.robots.get_mut(p.index()) {
            r.power = if stay { Power::Announced } else { Power::On };
        }
    }

    /// A destroyed robot re-enters on its archive marker with two damage
    /// tokens, virtual if another robot stands there.
    pub(super) fn re_enter(&mut self, p: PlayerId, facing: Dir, down: bool) {
        if self.robots.get(p.index()).is_none() {
            return;
        }
        let damage = self.re_entry_damage(p);
        let r = &mut self.robots[p.index()];
        let at = r.archive;
        r.destroyed = false;
        r.damage = damage;
        r.power = if down { Power::Announced } else { Power::On };
        let ghost = self.world.robot_at(at).is_some();
        // It re-enters on the floor, whatever it was doing when destroyed.
        self.world.set_flying(RobotId::of(p), false);
        self.world.place(RobotId::of(p), at, facing, ghost);
        self.emit(Event::Reentered {
            player: p,
            at,
            facing,
            ghost,
        });
        if down {
            self.emit(Event::PowerDownAnnounced { player: p });
        }
        self.bio_swap(p);
    }

    /// The docks no robot stands on, in dock number order.
    pub(super) fn free_docks(&self) -> impl Iterator<Item = Pos> + '_ {
        let mut docks: SmallVec<[(u8, Pos); 8]> = self
            .course()
            .starts()
            .iter()
            .map(|&p| match self.world.tile(p) {
                Some(Tile::Dock(n)) => (n, p),
                _ => (u8::MAX, p),
            })
            .collect();
        docks.sort_by_key(|&(n, p)| (n, p.y, p.x));
        docks
            .into_iter()
            .map(|(_, p)| p)
            .filter(|&p| self.world.robot_at(p).is_none())
    }

    /// A robot takes its dock: placed there facing the course's start
    /// facing, its archive marker with it.
    pub(super) fn dock(&mut self, p: PlayerId, at: Pos) {
        let facing = self.course().start_facing();
        if let Some(r) = self.robots.get_mut(p.index()) {
            r.archive = at;
            self.world.place(RobotId::of(p), at, facing, false);
            self.emit(Event::Docked { player: p, at });
        }
    }

    /// A robot on the shared start cell turns to `facing`.
    pub(super) fn face(&mut self, p: PlayerId, facing: Dir) {
        let r = RobotId::of(p);
        if let Some((at, _)) = self.world.at(r) {
            let ghost = self.world.is_ghost(r);
            self.world.place(r, at, facing, ghost);
        }
    }

    /// First Out of the Starting Gate: in the first register of the game,
    /// every robot not yet on the board picks a free dock, in the order of
    /// its card's priority, before the register's steps run. Returns
    /// whether it did (the steps are then on the agenda).
    pub(super) fn leave_the_gate(&mut self, register: u8) -> bool {
        if self.start != super::StartRule::Gate || self.core.round != 1 || register != 1 {
            return false;
        }
        let waiting = |race: &Race, p: PlayerId| {
            let r = &race.robots[p.index()];
            r.alive() && !r.destroyed && race.world.at(RobotId::of(p)).is_none()
        };
        let mut tasks: SmallVec<[Task; 9]> = SmallVec::new();
        let listed = self.order.iter().copied();
        let rest = (0..self.robots.len() as u8)
            .map(PlayerId)
            .filter(|p| !self.order.contains(p));
        for p in listed.chain(rest).filter(|p| p.index() < self.robots.len()) {
            if waiting(self, p) {
                tasks.push(Task::Dock(p));
            }
        }
        if tasks.is_empty() {
            return false;
        }
        tasks.push(Task::Steps { register, from: 0 });
        agenda::then(self, &tasks);
        true
    }
}
