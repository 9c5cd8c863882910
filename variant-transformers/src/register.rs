//! One register: its steps in the rulebook's order (run by the frame's
//! loop over [`crate::arena::register_pipeline`]'s steps), and the board elements, weapons,
//! checkpoints and returns of steps B to D.

use crate::actions::{Action, Decision};
use crate::arena::RegisterStep;
use crate::events::{Event, Phase, Source};
use crate::race::Race;
use crate::robot::REGISTERS;
use crate::task::Task;
use crate::tiles::{kind, Tile};
use robo_core::agenda::{self, Flow};
use robo_core::geom::{Dir, Pos};
use robo_core::pipeline::{ConveyorPass, PushPanels, Step, StepFlow};
use robo_core::race::fire::{nearest_visible, FireOptions};
use robo_core::race::frame::GridRace;
use robo_core::{PlayerId, RobotId};
use smallvec::SmallVec;

impl Step<Race> for RegisterStep {
    fn run(&self, race: &mut Race, register: u8) -> StepFlow {
        let first = race.first_turn();
        match self {
            RegisterStep::Cards => race.seat_turns(first, Race::card_turn, Task::CardTurns),
            RegisterStep::Walkways => {
                if !race.any_on(kind::WALKWAY) {
                    return StepFlow::Continue;
                }
                let _ = ConveyorPass::ALL.run(race, register);
                race.after_element()
            }
            RegisterStep::Pushers => {
                if !race.any_pusher_on(register) {
                    return StepFlow::Continue;
                }
                let _ = PushPanels.run(race, register);
                race.after_element()
            }
            RegisterStep::Bridges => {
                if race.arena.has_kind(kind::BRIDGE)
                    && race
                        .bodies
                        .placed()
                        .any(|(_, b)| race.arena.bridge(b.pos).is_some())
                {
                    race.seat_turns(first, Race::bridge_turn, Task::Bridges)
                } else {
                    StepFlow::Continue
                }
            }
            RegisterStep::FirePits => race.fire_pits(),
            RegisterStep::Turrets => race.turrets(),
            RegisterStep::PitStops => {
                if !race.any_on(kind::PIT_STOP) {
                    return StepFlow::Continue;
                }
                race.seat_turns(first, Race::pit_turn, Task::PitStops)
            }
            RegisterStep::Weapons => race.seat_turns(first, Race::weapon_turn, Task::Weapons),
            RegisterStep::Checkpoints => race.checkpoints_step(),
            // Only a robot off the course has a turn to come back.
            RegisterStep::Returns
                if !race.general() && race.players.iter().all(|pl| pl.off.is_none()) =>
            {
                StepFlow::Continue
            }
            RegisterStep::Returns => race.seat_turns(first, Race::return_turn, Task::Returns),
        }
    }
}

impl Race {
    /// Does a robot on the course stand on an element of kind `k`?
    fn any_on(&self, k: u16) -> bool {
        self.general()
            || self.arena.has_kind(k)
                && self
                    .bodies
                    .placed()
                    .any(|(_, b)| self.arena.kinds_at(b.pos) & k != 0)
    }

    /// Does a robot on the course stand on a pusher that pushes in
    /// `register`? (The pushers' step has nothing to do otherwise.)
    fn any_pusher_on(&self, register: u8) -> bool {
        self.general()
            || self.arena.has_kind(kind::PUSHER)
            && self.bodies.placed().any(|(_, b)| {
            matches!(self.arena.tile(b.pos), Some(Tile::Pusher(panel)) if panel.registers.contains(register))
        })
    }

    /// After an element moved robots: what their entries set off.
    fn after_element(&mut self) -> StepFlow {
        self.scratch.notes = Default::default();
        self.flush_follow()
    }

    /// A register begins: its cards are turned face up, then its steps run.
    pub(crate) fn begin_register(&mut self, register: u8) {
        self.core.register = register;
        if register == 1 {
            self.phase = Phase::Activation;
            self.emit(Event::PhaseStarted {
                phase: Phase::Activation,
            });
        }
        self.emit(Event::RegisterStarted { register });
        let r = usize::from(register) - 1;
        for i in 0..self.players.len() {
            self.players[i].registers[r].revealed = true;
            // The cards read one at a time, without a copy of the list.
            let mut k = 0;
            while let Some(card) = self.players[i].registers[r].cards.get(k).map(|c| c.card()) {
                self.emit(Event::CardRevealed {
                    player: PlayerId(i as u8),
                    register,
                    card,
                });
                k += 1;
            }
        }
        self.steps(0);
    }

    /// The register's steps from `from`; after the last, the register ends.
    pub(crate) fn steps(&mut self, from: u8) {
        if self.run_steps_from(from) == StepFlow::Continue {
            agenda::then(self, &[Task::EndRegister]);
        }
    }

    /// After the last step: what resolved becomes "the previous register"
    /// for Again, and the next register or the end of the round follows.
    pub(crate) fn end_register(&mut self) {
        for pl in &mut self.players {
            // `this` becomes `last`, and starts empty (with the old
            // `last`'s room).
            std::mem::swap(&mut pl.last, &mut pl.this);
            pl.this.clear();
            pl.reg = Default::default();
        }
        let next = if usize::from(self.core.register) < REGISTERS {
            Task::Register {
                register: self.core.register + 1,
            }
        } else {
            Task::EndRound
        };
        agenda::then(self, &[next]);
    }

    /// B4: every robot in a fire pit takes 1 damage.
    fn fire_pits(&mut self) -> StepFlow {
        if !self.any_on(kind::FIRE_PIT) {
            return StepFlow::Continue;
        }
        // Drawing damage asks nothing and sets nothing off: it is drawn at
        // once, in priority order (without building the order's list), as
        // the agenda would run it.
        let n = self.players.len();
        for k in 0..n {
            let p = PlayerId(((self.priority.index() + k) % n) as u8);
            if self
                .robot(p)
                .is_some_and(|(at, _)| self.arena.kinds_at(at) & kind::FIRE_PIT != 0)
            {
                self.damage(p, 1, Source::FirePit);
            }
        }
        StepFlow::Continue
    }

    /// Does a shot from `from` crossing `a` to `b` stop there (see
    /// [`crate::arena::Arena::blocks_fire`])?
    fn blocks(&self, from: Pos, a: Pos, b: Pos) -> bool {
        // Whether a robot stands on `b` matters only on a ramp or a
        // bridge: the robots are looked up there alone.
        let occupied = (self.general()
            || self.arena.kinds_at(b) & (kind::RAMP | kind::BRIDGE) != 0)
            && self.bodies.at(b).is_some();
        self.arena.blocks_fire(from, a, b, occupied)
    }

    /// Robots in fire pits are not there for a shot.
    fn visible(&self, r: RobotId) -> bool {
        // The kind bits say it in one read, without copying the tile.
        self.bodies
            .pos(r)
            .is_some_and(|p| self.arena.kinds_at(p) & kind::FIRE_PIT == 0)
    }

    /// The robot a shot from `from` towards `dir` hits.
    pub(crate) fn shot(&self, from: Pos, dir: Dir) -> Option<RobotId> {
        if !self.general() {
            return self.quick_shot(from, dir);
        }
        nearest_visible(
            self.arena.table(),
            &self.bodies,
            from,
            dir,
            FireOptions::default(),
            |a, b| self.blocks(from, a, b),
            |r| self.visible(r),
        )
    }

    /// B5: each laser turret hits the nearest robot in its beam.
    fn turrets(&mut self) -> StepFlow {
        let mut hit: SmallVec<[PlayerId; 6]> = SmallVec::new();
        for i in 0..self.arena.turrets().len() {
            let (at, mount) = self.arena.turrets()[i];
            if let Some(r) = self.shot(at, mount.dir) {
                let player = PlayerId::of(r);
                self.emit(Event::TurretHit { player, from: at });
                hit.push(player);
            }
        }
        // Every turret fires before the damage is drawn; drawing asks
        // nothing and sets nothing off, so it is drawn here, in turret
        // order, as the agenda would run it.
        for player in hit {
            self.damage(player, 1, Source::Turret);
        }
        StepFlow::Continue
    }

    /// B6: a robot on a pit stop takes its actions.
    pub(crate) fn pit_turn(&mut self, p: PlayerId) -> StepFlow {
        if self.tile_under(p) == Some(Tile::PitStop) {
            self.set_off(&[Task::PitStop {
                player: p,
                done: 0,
                gained: 0,
            }])
        } else {
            StepFlow::Continue
        }
    }

    /// Pit stop actions: 1 Energon, or a damage card removed (SCRAP from
    /// the hand, or an ongoing special damage card).
    /// With Pit Crew a third action, never the same kind three times.
    pub(crate) fn pit_options(&self, p: PlayerId, done: u8, gained: u8, out: &mut Vec<Action>) {
        let Some(pl) = self.players.get(p.index()) else {
            return;
        };
        if gained < 2 {
            out.push(Action::PitGain);
        }
        if done - gained >= 2 {
            return;
        }
        out.extend(
            pl.hand
                .iter()
                .chain(pl.damage.iter())
                .filter(|c| c.is_damage())
                .map(|&c| Action::PitDiscard(c)),
        );
    }

    pub(crate) fn pit_stop(
        &mut self,
        p: PlayerId,
        done: u8,
        gained: u8,
        answer: Option<&Action>,
    ) -> Flow<Decision> {
        let Some(answer) = answer else {
            return Flow::Wait(p, Decision::PitStop);
        };
        let gain = !matches!(answer, Action::PitDiscard(_));
        match *answer {
            Action::PitDiscard(c) => {
                let pl = &mut self.players[p.index()];
                if let Some(i) = pl.hand.iter().position(|h| *h == c) {
                    pl.hand.remove(i);
                } else if let Some(i) = pl.damage.iter().position(|h| *h == c) {
                    pl.damage.remove(i);
                    self.emit(Event::DamageRemoved {
                        player: p,
                        card: c.card(),
                    });
                }
                self.damage.discard(c);
                self.emit(Event::PitStopped {
                    player: p,
                    energon: false,
                });
            }
            _ => {
                self.gain_energon(p, 1);
                self.emit(Event::PitStopped {
                    player: p,
                    energon: true,
                });
            }
        }
        let actions = if self.has(p, crate::upgrades::Upgrade::PitCrew) {
            3
        } else {
            2
        };
        if done + 1 < actions {
            if done + 1 == 2 && actions == 3 {
                self.emit(Event::UpgradeUsed {
                    player: p,
                    upgrade: crate::upgrades::Upgrade::PitCrew,
                });
            }
            agenda::then(
                self,
                &[Task::PitStop {
                    player: p,
                    done: done + 1,
                    gained: gained + u8::from(gain),
                }],
            );
        }
        Flow::Next
    }

    /// C: each robot fires once, in priority order, if it may: on the
    /// course, out of fire pits, no SCRAP in this register, weapon not
    /// jammed. A robot with a single way to fire (alt mode, no upgrade in
    /// play) fires at once, as the agenda would answer its one option;
    /// any other asks.
    pub(crate) fn weapon_turn(&mut self, p: PlayerId) -> StepFlow {
        let Some(pl) = self.players.get(p.index()) else {
            return StepFlow::Continue;
        };
        let Some(b) = self.bodies.on_board(RobotId::of(p)) else {
            return StepFlow::Continue;
        };
        let (at, facing, mode) = (b.pos, b.facing, b.extra);
        let r = usize::from(self.core.register.max(1)) - 1;
        if self.arena.tile(at) == Some(Tile::FirePit)
            || pl.registers[r].has_scrap()
            || pl.suffers(|e| e == crate::damage::Effect::WeaponJam)
        {
            return StepFlow::Continue;
        }
        if mode == crate::mode::Mode::Alt && pl.plain() && !self.general() {
            // A miss sets nothing off: only a hit goes through the watch.
            let Some(t) = self.fired(p, at, facing) else {
                return StepFlow::Continue;
            };
            agenda::watch(self, |r| r.shot_hit(p, t))
        } else {
            self.set_off(&[Task::Fire { player: p }])
        }
    }

    /// The directions a robot may fire: ahead in alt mode; ahead, left or
    /// right in bot mode. One option per distinct result (a target, or no
    /// target), so a choice that changes nothing is not asked.
    pub(crate) fn fire_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        let Some((at, facing)) = self.robot(p) else {
            return;
        };
        let dirs = self.fire_dirs(p, facing);
        let mut seen: SmallVec<[Option<RobotId>; 3]> = SmallVec::new();
        for d in dirs {
            let t = self.shot(at, d);
            if !seen.contains(&t) {
                seen.push(t);
                out.push(Action::Fire(d));
            }
        }
        self.weapon_use_options(p, out);
    }

    pub(crate) fn fire(&mut self, p: PlayerId, answer: Option<&Action>) -> Flow<Decision> {
        if let Some(&Action::Use(u)) = answer {
            self.fire_use(p, u);
            return Flow::Next;
        }
        let Some(&Action::Fire(dir)) = answer else {
            return Flow::Wait(p, Decision::Fire);
        };
        if let Some((at, _)) = self.robot(p) {
            self.fire_from(p, at, dir);
        }
        Flow::Next
    }

    /// `p`'s robot on `at` fires towards `dir`: the shot is reported, and
    /// its hit resolved at once or put on the agenda.
    fn fire_from(&mut self, p: PlayerId, at: Pos, dir: Dir) {
        if let Some(t) = self.fired(p, at, dir) {
            self.shot_hit(p, t);
        }
    }

    /// `p`'s robot on `at` fires towards `dir`: the shot is reported;
    /// the player it hits, if any.
    fn fired(&mut self, p: PlayerId, at: Pos, dir: Dir) -> Option<PlayerId> {
        let target = self.shot(at, dir).map(PlayerId::of);
        self.emit(Event::Fired {
            player: p,
            dir,
            target,
        });
        target
    }

    /// `p`'s shot hits `t`: resolved at once or put on the agenda.
    fn shot_hit(&mut self, p: PlayerId, t: PlayerId) {
        if self.general() || !self.hit_at_once(t, p, 1) {
            let tasks = self.shot_hits(p, t);
            agenda::then(self, &tasks);
        }
    }

    /// D: robots on their next checkpoint advance, in priority order; the
    /// first on its last one wins at once.
    fn checkpoints_step(&mut self) -> StepFlow {
        // Most registers, no robot stands on its next checkpoint.
        let on_next = self.players.iter().enumerate().any(|(i, pl)| {
            self.checkpoints
                .get(usize::from(pl.checkpoints))
                .is_some_and(|&c| {
                    self.bodies
                        .on_board(RobotId(i as u8))
                        .is_some_and(|b| b.pos == c)
                })
        });
        if !on_next && !self.general() {
            return StepFlow::Continue;
        }
        let total = self.checkpoints.len();
        let n = self.players.len();
        for k in 0..n {
            let p = PlayerId(((self.priority.index() + k) % n) as u8);
            let Some((at, _)) = self.robot(p) else {
                continue;
            };
            let pl = &self.players[p.index()];
            let next = usize::from(pl.checkpoints);
            if next < total && self.checkpoints[next] == at {
                let reached = pl.checkpoints + 1;
                self.players[p.index()].checkpoints = reached;
                self.emit(Event::CheckpointReached {
                    player: p,
                    checkpoint: reached,
                });
                if usize::from(reached) == total {
                    self.win(p);
                    return StepFlow::SetOff;
                }
            }
        }
        StepFlow::Continue
    }

    /// `p` wins (with teams, its team).
    fn win(&mut self, p: PlayerId) {
        let team = self.teams.as_ref().map_or_else(SmallVec::new, |teams| {
            let t = teams[p.index()];
            (0..teams.len())
                .filter(|&i| teams[i] == t)
                .map(|i| PlayerId(i as u8))
                .collect()
        });
        self.core.outcome = Some(crate::setup::Outcome {
            winner: Some(p),
            team,
            rounds: self.core.round,
        });
        self.phase = Phase::Over;
        self.emit(Event::GameOver { winner: Some(p) });
    }
}
