//! The round outside the registers: start spaces, the upgrade phase, the
//! planning phase and the end of the round.

use crate::actions::{Action, Decision, PlanError, Program, Reason, Slot, Use};
use crate::cards::Card;
use crate::events::{Event, Phase};
use crate::mode::Mode;
use crate::race::Race;
use crate::robot::{HAND_SIZE, LIMITS, REGISTERS};
use crate::task::Task;
use crate::tiles::Tile;
use crate::upgrades::{Upgrade, UpgradeKind};
use robo_core::agenda::Flow;
use robo_core::event::GridEvent;
use robo_core::race::program::ProgramCheck;
use robo_core::race::upgrades::{market_options, Market, MarketChoice};
use robo_core::{PlayerId, RobotId};
use smallvec::SmallVec;

/// The Transformers upgrade market: a draw costs 1 Energon; 4 permanent
/// (personal included) and 3 temporary slots; one uninstall a phase.
pub const MARKET: Market = Market {
    draw_cost: 1,
    limits: LIMITS,
    uninstalls: Some(1),
};

impl Race {
    /// Free start spaces: the course's (barred ones left out) with no robot.
    pub(crate) fn start_options(&self, _player: PlayerId, out: &mut Vec<Action>) {
        let course = self.arena.course();
        out.extend(
            course
                .free_starts()
                .filter(|&p| self.bodies.at(p).is_none())
                .map(Action::ChooseStart),
        );
    }

    pub(crate) fn choose_start(
        &mut self,
        player: PlayerId,
        answer: Option<&Action>,
    ) -> Flow<Decision> {
        let Some(&Action::ChooseStart(at)) = answer else {
            return Flow::Wait(player, Decision::ChooseStart);
        };
        let facing = self.arena.course().start_facing();
        let robot = RobotId::of(player);
        self.bodies.place(robot, at, facing);
        self.emit(Event::StartChosen { player, at });
        self.emit(Event::Grid(GridEvent::Placed { robot, at, facing }));
        Flow::Next
    }

    /// A round begins: the round cap, then the upgrade phase, planning and
    /// the five registers.
    pub(crate) fn begin_round(&mut self) {
        if self.core.max_rounds.is_some_and(|m| self.core.round >= m) {
            self.core.outcome = Some(Outcome::capped(self.core.round));
            self.phase = Phase::Over;
            self.emit(Event::GameOver { winner: None });
            return;
        }
        self.core.round += 1;
        self.core.register = 0;
        self.emit(Event::RoundStarted {
            round: self.core.round,
        });
        self.phase = Phase::Upgrades;
        self.emit(Event::PhaseStarted {
            phase: Phase::Upgrades,
        });
        for i in 0..self.players.len() {
            let p = PlayerId(i as u8);
            let mut opts = Vec::new();
            self.upgrade_options(p, &mut opts);
            let pl = &mut self.players[i];
            pl.round = crate::robot::RoundFlags::default();
            // A player with nothing to do but be done is done.
            pl.round.upgrades_done = opts.len() <= 1;
        }
        robo_core::agenda::then(
            self,
            &[
                Task::Upgrades,
                Task::BeginPlanning,
                Task::Planning,
                Task::Register { register: 1 },
            ],
        );
    }

    /// What `p` may do in the upgrade phase now (always `Done`).
    pub(crate) fn upgrade_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        let Some(pl) = self.players.get(p.index()) else {
            return;
        };
        out.push(Action::Done);
        let mut choices = Vec::new();
        let can_draw = !self.upgrades.is_empty();
        market_options(
            &MARKET,
            &pl.slots,
            pl.energon,
            pl.round.phase,
            can_draw,
            &mut choices,
        );
        out.extend(choices.into_iter().map(|c| match c {
            MarketChoice::Draw => Action::DrawUpgrade,
            MarketChoice::Install(i) => Action::Install {
                upgrade: i.upgrade,
                discard: i.discard,
            },
            MarketChoice::Uninstall(u) => Action::Uninstall(u),
        }));
        self.fix_options(p, out);
        self.planning_use_options(p, out);
    }

    /// Recycle (before the hand is drawn) and Dropship, offered in the
    /// upgrade phase, just before planning.
    fn planning_use_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        let pl = &self.players[p.index()];
        let recycling = (1..3).contains(&pl.round.recycled);
        if (self.has(p, Upgrade::Recycle) && pl.round.recycled == 0) || recycling {
            let mut seen: SmallVec<[Card; 11]> = SmallVec::new();
            for &c in pl.deck.discard_pile() {
                if !seen.contains(&c.card()) {
                    seen.push(c.card());
                    out.push(Action::Use(Use::Recycle(c)));
                }
            }
        }
        if self.has(p, Upgrade::Dropship) {
            let mine = usize::from(pl.checkpoints);
            let best = self
                .players
                .iter()
                .map(|q| usize::from(q.checkpoints))
                .max()
                .unwrap_or(0);
            for k in mine..best.min(self.checkpoints.len()) {
                let cp = self.checkpoints[k];
                for (_, to) in self.adjacent(cp) {
                    let fits = self.arena.tile(to).is_some_and(|t| {
                        !t.is_solid() && (self.mode(p) == Mode::Bot || !t.bot_only())
                    }) && self.bodies.at(to).is_none()
                        && self.robot(p).is_some();
                    if fits && !out.contains(&Action::Use(Use::Dropship(to))) {
                        out.push(Action::Use(Use::Dropship(to)));
                    }
                }
            }
        }
    }

    /// Carries out an upgrade-phase answer.
    pub(crate) fn upgrade_action(&mut self, p: PlayerId, action: Action) -> Result<(), Reason> {
        let mut opts = Vec::new();
        self.upgrade_options(p, &mut opts);
        if !opts.contains(&action) {
            return Err(Reason::NotAnOption(action));
        }
        match action {
            Action::Done => self.players[p.index()].round.upgrades_done = true,
            Action::DrawUpgrade => {
                let _ = self.pay(p, MARKET.draw_cost);
                let drawn = self.upgrades.draw(&mut self.rng);
                let pl = &mut self.players[p.index()];
                pl.round.phase.drew = true;
                pl.slots.uninstalled.extend(drawn);
                self.emit(Event::UpgradeDrawn { player: p });
            }
            Action::Install { upgrade, discard } => {
                let _ = self.pay(p, upgrade.cost());
                let pl = &mut self.players[p.index()];
                pl.round.phase.installed = true;
                if let Ok(Some(old)) = pl.slots.install(upgrade, discard, LIMITS) {
                    self.set_aside(p, old);
                }
                self.emit(Event::UpgradeInstalled {
                    player: p,
                    upgrade,
                    cost: upgrade.cost(),
                });
            }
            Action::Uninstall(u) => {
                let pl = &mut self.players[p.index()];
                pl.round.phase.uninstalled += 1;
                if pl.slots.remove_installed(u) {
                    self.set_aside(p, u);
                }
                self.emit(Event::UpgradeUninstalled {
                    player: p,
                    upgrade: u,
                });
            }
            Action::Fix(card) => self.fix(p, card),
            Action::Use(u) => self.apply_use(p, u),
            _ => return Err(Reason::NotAnOption(action)),
        }
        Ok(())
    }

    /// An upgrade taken out of its slot: a personal one stays with its
    /// owner (uninstalled), the others go to the upgrade discard pile.
    fn set_aside(&mut self, p: PlayerId, u: Upgrade) {
        if u.kind() == UpgradeKind::Personal {
            self.players[p.index()].slots.uninstalled.push(u);
        } else {
            self.upgrades.discard(u);
        }
    }

    /// Hands are refilled to 9 (SCRAP in hand counts; Memory Leak style
    /// damage draws fewer).
    pub(crate) fn begin_planning(&mut self) {
        self.phase = Phase::Planning;
        self.emit(Event::PhaseStarted {
            phase: Phase::Planning,
        });
        self.scratch.dealt.clear();
        for pl in &mut self.players {
            let limit = HAND_SIZE.saturating_sub(usize::from(pl.penalty(|e| match e {
                crate::damage::Effect::HandLimit(n) => Some(n),
                _ => None,
            })));
            let held = pl.hand.len();
            while pl.hand.len() < limit {
                match pl.deck.draw(&mut self.rng) {
                    Some(c) => pl.hand.push(c),
                    None => break,
                }
            }
            let drawn = u8::try_from(pl.hand.len().saturating_sub(held)).unwrap_or(u8::MAX);
            self.scratch.dealt.push(Some(drawn));
        }
    }

    /// Checks a plan against the hand and the robot's place.
    pub(crate) fn check_plan(&self, p: PlayerId, program: &Program) -> Result<(), PlanError> {
        let pl = &self.players[p.index()];
        let fixed = [false; REGISTERS];
        let mut check = ProgramCheck::new(&pl.hand, &fixed);
        for (r, slot) in program.registers.iter().enumerate() {
            let cards: SmallVec<[_; 1]> = slot.card().into_iter().collect();
            check
                .register(r, &cards)
                .map_err(|e| PlanError::Slots(e.to_string()))?;
        }
        if let Some(pair) = program.pair {
            let r = usize::from(pair.register);
            let other = program.registers.get(r).and_then(|s| s.card());
            let ok = self.has(p, Upgrade::CatchMyDrift)
                && other.is_some_and(|o| {
                    !o.is_damage()
                        && !pair.card.is_damage()
                        && (o.card().is_drift() || pair.card.card().is_drift())
                        && o != pair.card
                })
                && pl.hand.contains(&pair.card)
                && !program
                    .registers
                    .iter()
                    .any(|s| s.card() == Some(pair.card));
            if !ok {
                return Err(PlanError::BadPair);
            }
        }
        check
            .finish(program.registers.iter().filter_map(|s| s.card()), &[])
            .map_err(|e| PlanError::Slots(e.to_string()))?;
        if program.mode == Mode::Alt && self.in_building(p) {
            return Err(PlanError::AltInBuilding);
        }
        Ok(())
    }

    /// Is `p`'s robot inside a building?
    pub(crate) fn in_building(&self, p: PlayerId) -> bool {
        matches!(self.tile_under(p), Some(Tile::Building { .. }))
    }

    /// A plan: its cards go face down into the registers and the robot
    /// takes its mode.
    pub(crate) fn plan(&mut self, p: PlayerId, action: Action) -> Result<(), Reason> {
        let Action::Plan(program) = action else {
            return Err(Reason::NotAnOption(action));
        };
        if self.players[p.index()].round.planned {
            return Err(Reason::AlreadyPlanned);
        }
        self.check_plan(p, &program)?;
        let pl = &mut self.players[p.index()];
        for (reg, slot) in pl.registers.iter_mut().zip(program.registers) {
            reg.cards.clear();
            reg.revealed = false;
            if let Slot::Card(c) = slot {
                reg.cards.push(c);
                if let Some(i) = pl.hand.iter().position(|h| *h == c) {
                    pl.hand.remove(i);
                }
            }
        }
        if let Some(pair) = program.pair {
            let reg = &mut pl.registers[usize::from(pair.register)];
            if pair.first {
                reg.cards.insert(0, pair.card);
            } else {
                reg.cards.push(pair.card);
            }
            if let Some(i) = pl.hand.iter().position(|h| *h == pair.card) {
                pl.hand.remove(i);
            }
            pl.round.once |= Upgrade::CatchMyDrift.bit();
            self.emit(Event::UpgradeUsed {
                player: p,
                upgrade: Upgrade::CatchMyDrift,
            });
        }
        let pl = &mut self.players[p.index()];
        pl.round.planned = true;
        if let Some(m) = self.bodies.extra_mut(RobotId::of(p)) {
            *m = program.mode;
        }
        self.emit(Event::Planned { player: p });
        Ok(())
    }

    /// The end of a round: the Cosmos token passes to the next seat;
    /// register cards are discarded (SCRAP to the damage discard), planning
    /// cards left in hand too (SCRAP in hand stays); round-long damage ends.
    pub(crate) fn end_round(&mut self) {
        let n = self.players.len();
        self.priority = PlayerId(((self.priority.index() + 1) % n.max(1)) as u8);
        self.emit(Event::PriorityPassed { to: self.priority });
        let mut ended: SmallVec<[(PlayerId, Card); 4]> = SmallVec::new();
        for (i, pl) in self.players.iter_mut().enumerate() {
            for reg in &mut pl.registers {
                for c in reg.cards.drain(..) {
                    if c.is_damage() {
                        self.damage.discard(c);
                    } else {
                        pl.deck.discard(c);
                    }
                }
                reg.revealed = false;
            }
            let hand = std::mem::take(&mut pl.hand);
            for c in hand {
                if c.is_damage() {
                    pl.hand.push(c);
                } else {
                    pl.deck.discard(c);
                }
            }
            pl.damage.retain(|c| {
                let round = matches!(
                    c.card(),
                    Card::Special(s) if s.face().timing == crate::damage::Timing::Round
                );
                if round {
                    ended.push((PlayerId(i as u8), c.card()));
                    self.damage.discard(*c);
                }
                !round
            });
            pl.last.clear();
            pl.this.clear();
            if let Some(off) = &mut pl.off {
                // Still off (no free cell to come back to): next register 1.
                off.back_after = 1;
            }
        }
        for (player, card) in ended {
            self.emit(Event::DamageRemoved { player, card });
        }
        robo_core::agenda::then(self, &[Task::BeginRound]);
    }
}

use crate::setup::Outcome;

impl Outcome {
    /// The race ended at its round cap after `rounds` rounds.
    pub(crate) fn capped(rounds: u16) -> Outcome {
        Outcome {
            winner: None,
            team: SmallVec::new(),
            rounds,
        }
    }
}
