//! Upgrades in play: who has one (its mode and Mirror Response Mode
//! included), spending one, and the windows before and after a robot's
//! card, where most of them are offered as [`Use`] options.

use super::{ModeNeed, Upgrade, UpgradeKind};
use crate::actions::{Action, Use};
use crate::cards::{Card, CardId};
use crate::events::Event;
use crate::mode::Mode;
use crate::race::Race;
use crate::task::Task;
use crate::tiles::Tile;
use robo_core::agenda::{self, Flow};
use robo_core::geom::{Dir, Pos};
use robo_core::{PlayerId, RobotId};
use smallvec::SmallVec;

/// Upgrades that may be used in the window after a robot's card.
const AFTER: u64 = Upgrade::LaneChanger.bit()
    | Upgrade::StylePoints.bit()
    | Upgrade::Sideswipe.bit()
    | Upgrade::EnergonHeist.bit()
    | Upgrade::Mirage.bit()
    | Upgrade::AirStrike.bit()
    | Upgrade::Minelayer.bit();

impl Race {
    /// Does `p` have `u` working now: installed (or borrowed with Mirror
    /// Response Mode this register) and in the mode it needs?
    #[inline]
    pub(crate) fn has(&self, p: PlayerId, u: Upgrade) -> bool {
        let Some(pl) = self.players.get(p.index()) else {
            return false;
        };
        if pl.slots.mask() & u.bit() == 0 && pl.reg.mirror != Some(u) {
            return false;
        }
        match u.mode() {
            ModeNeed::Any => true,
            ModeNeed::Bot => self.mode(p) == Mode::Bot,
            ModeNeed::Alt => self.mode(p) == Mode::Alt,
        }
    }

    /// Is `u` armed for `p`'s register?
    pub(crate) fn armed(&self, p: PlayerId, u: Upgrade) -> bool {
        self.players
            .get(p.index())
            .is_some_and(|pl| pl.reg.armed & u.bit() != 0)
    }

    /// Has `p` not used its once-a-round `u` this round?
    fn once_left(&self, p: PlayerId, u: Upgrade) -> bool {
        self.players[p.index()].round.once & u.bit() == 0
    }

    /// Reports that `p` used `u`; a temporary upgrade leaves its slot for
    /// the upgrade discard pile (Minelayer once its third mine is laid).
    pub(crate) fn spend(&mut self, p: PlayerId, u: Upgrade) {
        self.emit(Event::UpgradeUsed {
            player: p,
            upgrade: u,
        });
        let pl = &mut self.players[p.index()];
        let gone = match u {
            Upgrade::Minelayer => pl.mines_laid >= 3,
            _ => u.kind() == UpgradeKind::Temporary,
        };
        if gone && pl.slots.remove_installed(u) {
            if u == Upgrade::Minelayer {
                pl.mines_laid = 0;
            }
            self.upgrades.discard(u);
        }
    }

    /// One card of each kind in `p`'s hand that `pick` accepts.
    pub(crate) fn hand_kinds(&self, p: PlayerId, pick: fn(Card) -> bool) -> SmallVec<[CardId; 9]> {
        let mut out: SmallVec<[CardId; 9]> = SmallVec::new();
        for &c in &self.players[p.index()].hand {
            if pick(c.card()) && !out.iter().any(|o| o.card() == c.card()) {
                out.push(c);
            }
        }
        out
    }

    /// Discards `c` from `p`'s hand to its discard pile (a cost).
    pub(crate) fn discard_from_hand(&mut self, p: PlayerId, c: CardId) {
        let pl = &mut self.players[p.index()];
        if let Some(i) = pl.hand.iter().position(|h| *h == c) {
            pl.hand.remove(i);
            pl.deck.discard(c);
            let mut cards = SmallVec::new();
            cards.push(c.card());
            self.emit(Event::HandDiscarded { player: p, cards });
        }
    }

    /// The planning cards in `p`'s current register.
    pub(crate) fn coming(&self, p: PlayerId) -> SmallVec<[Card; 2]> {
        let r = usize::from(self.core.register.max(1)) - 1;
        self.players[p.index()].registers[r]
            .cards
            .iter()
            .map(|c| c.card())
            .collect()
    }

    /// Does `p`'s robot have anything to decide before its card?
    pub(crate) fn window_worth(&self, p: PlayerId) -> bool {
        let pl = &self.players[p.index()];
        pl.slots.mask() != 0 || !pl.damage.is_empty() || (pl.energon > 0 && !pl.reg.converted)
    }

    /// Does `p` have an upgrade used after its card?
    pub(crate) fn after_worth(&self, p: PlayerId) -> bool {
        let pl = &self.players[p.index()];
        pl.slots.mask() & AFTER != 0 || pl.reg.mirror.is_some_and(|u| u.bit() & AFTER != 0)
    }

    /// The upgrade uses offered before `p`'s card.
    pub(crate) fn use_before_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        let pl = &self.players[p.index()];
        if pl.plain() {
            return;
        }
        let cards = self.coming(p);
        let any = |f: fn(Card) -> bool| cards.iter().any(|&c| f(c));
        let mut push = |u: Use| out.push(Action::Use(u));
        let energon = pl.energon;
        let fresh = |u: Upgrade| self.has(p, u) && !self.armed(p, u);
        let moving = any(Card::is_move);
        if self.has(p, Upgrade::MoreThanMeetsTheEye)
            && self.once_left(p, Upgrade::MoreThanMeetsTheEye)
            && (self.mode(p) == Mode::Alt || !self.in_building(p))
        {
            for c in self.hand_kinds(p, |c| c.is_turn() || c.is_drift()) {
                push(Use::Discard(Upgrade::MoreThanMeetsTheEye, c));
            }
        }
        if fresh(Upgrade::DontBlink) && any(|c| matches!(c, Card::Move2 | Card::Move3)) {
            push(Use::Arm(Upgrade::DontBlink));
        }
        if fresh(Upgrade::FastStart) && moving && !pl.round.moved {
            push(Use::Arm(Upgrade::FastStart));
        }
        if self.has(p, Upgrade::TurboBoost) && moving && self.once_left(p, Upgrade::TurboBoost) {
            for n in 1..=energon.min(3) {
                push(Use::Turbo(n));
            }
        }
        let mover = moving || any(Card::is_drift);
        if fresh(Upgrade::JumpJets) && mover {
            push(Use::Arm(Upgrade::JumpJets));
        }
        for u in [
            Upgrade::PhaseShifter,
            Upgrade::TwoWheeling,
            Upgrade::RollingThunder,
            Upgrade::BumperJumper,
        ] {
            if fresh(u) && cards.first().is_some_and(|&c| self.move_use_fits(p, u, c)) {
                push(Use::Arm(u));
            }
        }
        if fresh(Upgrade::BikeLane) && any(|c| c == Card::Move1 || c.is_drift()) {
            push(Use::Arm(Upgrade::BikeLane));
        }
        if fresh(Upgrade::UpAndOver)
            && !self.in_building(p)
            && cards
                .first()
                .is_some_and(|&c| self.move_use_fits(p, Upgrade::UpAndOver, c))
        {
            for c in self.hand_kinds(p, Card::is_move) {
                push(Use::Discard(Upgrade::UpAndOver, c));
            }
        }
        if self.has(p, Upgrade::LaneChanger)
            && any(|c| c == Card::Move1)
            && energon >= 1
            && pl.reg.used & Upgrade::LaneChanger.bit() == 0
        {
            if let Some((_, f)) = self.robot(p) {
                push(Use::Step(Upgrade::LaneChanger, f.left()));
                push(Use::Step(Upgrade::LaneChanger, f.right()));
            }
        }
        if fresh(Upgrade::Firewalker) {
            for c in self.hand_kinds(p, Card::is_move) {
                push(Use::Discard(Upgrade::Firewalker, c));
            }
        }
        if fresh(Upgrade::ApexArmor) && energon >= 1 {
            push(Use::Arm(Upgrade::ApexArmor));
        }
        let r = usize::from(self.core.register.max(1)) - 1;
        let swapping = pl.reg.swaps > 0 && pl.reg.swaps < 2;
        if self.has(p, Upgrade::Rulebreaker)
            && (swapping || self.once_left(p, Upgrade::Rulebreaker))
        {
            self.swap_options(p, Upgrade::Rulebreaker, r + 1, out);
        }
        if self.has(p, Upgrade::QuickChange) || self.armed(p, Upgrade::QuickChange) {
            self.swap_options(p, Upgrade::QuickChange, r, out);
        }
        if self.has(p, Upgrade::MirrorResponseMode) && pl.reg.mirror.is_none() {
            let mut seen = 0u64;
            for (i, other) in self.players.iter().enumerate() {
                if i == p.index() {
                    continue;
                }
                for u in other.slots.permanent.iter().copied() {
                    if seen & u.bit() == 0 && pl.slots.mask() & u.bit() == 0 {
                        seen |= u.bit();
                        out.push(Action::Use(Use::Mirror(u)));
                    }
                }
            }
        }
        self.anytime_options(p, out);
    }

    /// Exchanges of register `from..5` cards with hand cards.
    fn swap_options(&self, p: PlayerId, upgrade: Upgrade, from: usize, out: &mut Vec<Action>) {
        let pl = &self.players[p.index()];
        let hand = self.hand_kinds(p, |c| !c.is_damage());
        for register in from..pl.registers.len() {
            if pl.registers[register].cards.is_empty() {
                continue;
            }
            for &card in &hand {
                out.push(Action::Use(Use::Swap {
                    upgrade,
                    register: register as u8,
                    card,
                }));
            }
        }
    }

    /// Air Strike and Minelayer: any window of the activation phase.
    fn anytime_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        if self.has(p, Upgrade::AirStrike) {
            let mut seen: SmallVec<[u8; 8]> = SmallVec::new();
            for (_, b) in self.bodies.placed() {
                for corner in [(0, 0), (-1, 0), (0, -1), (-1, -1)] {
                    let at = Pos::new(b.pos.x + corner.0, b.pos.y + corner.1);
                    let m = self.square_mask(at);
                    if m != 0 && !seen.contains(&m) {
                        seen.push(m);
                        out.push(Action::Use(Use::AirStrike(at)));
                    }
                }
            }
        }
        if self.has(p, Upgrade::Minelayer) && !self.players[p.index()].reg.mined {
            if let Some((at, _)) = self.robot(p) {
                for (_, to) in self.adjacent(at) {
                    let free = self.arena.tile(to).is_some_and(|t| !t.is_solid())
                        && self.bodies.at(to).is_none()
                        && !self.checkpoints.contains(&to)
                        && !self.mines.contains(&to);
                    if free {
                        out.push(Action::Use(Use::Mine(to)));
                    }
                }
            }
        }
    }

    /// The seats with a robot in the 2x2 square whose top-left cell is `at`.
    fn square_mask(&self, at: Pos) -> u8 {
        let mut m = 0u8;
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            if let Some(r) = self.bodies.at(Pos::new(at.x + dx, at.y + dy)) {
                m |= 1 << r.index();
            }
        }
        m
    }

    /// The upgrade uses offered after `p`'s card.
    pub(crate) fn use_after_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        out.push(Action::Done);
        let Some((at, facing)) = self.robot(p) else {
            return;
        };
        let pl = &self.players[p.index()];
        let last = pl.this.last().copied();
        let unused = |u: Upgrade| self.has(p, u) && pl.reg.used & u.bit() == 0;
        if unused(Upgrade::LaneChanger)
            && last == Some(Card::Move1)
            && pl.energon >= 1
            && self.has(p, Upgrade::LaneChanger)
        {
            out.push(Action::Use(Use::Step(Upgrade::LaneChanger, facing.left())));
            out.push(Action::Use(Use::Step(Upgrade::LaneChanger, facing.right())));
        }
        if unused(Upgrade::StylePoints) && last.is_some_and(Card::is_turn) {
            if let Some(before) = pl.reg.before.filter(|&b| b != facing) {
                out.push(Action::Use(Use::Step(Upgrade::StylePoints, before)));
            }
        }
        if unused(Upgrade::Sideswipe) && last.is_some_and(|c| c.is_move() || c.is_drift()) {
            for (d, r) in self.adjacent_robots(at) {
                let parallel = self
                    .bodies
                    .get(r)
                    .is_some_and(|b| b.facing == facing || b.facing == facing.opposite());
                if parallel && (d == facing.left() || d == facing.right()) {
                    out.push(Action::Use(Use::Step(Upgrade::Sideswipe, d)));
                }
            }
        }
        if self.has(p, Upgrade::EnergonHeist)
            && self
                .adjacent_robots(at)
                .any(|(_, r)| self.players[r.index()].energon > 0)
        {
            out.push(Action::Use(Use::Heist));
        }
        if self.has(p, Upgrade::Mirage) {
            self.mirage_options(out);
        }
        self.anytime_options(p, out);
    }

    /// May a checkpoint stand on `to`: floor, no obstacle, walkway or oil,
    /// no robot or other checkpoint, open on at least 3 sides?
    fn mirage_fits(&self, to: Pos) -> bool {
        let Some(t) = self.arena.tile(to) else {
            return false;
        };
        if t.is_solid()
            || matches!(t, Tile::Walkway(_) | Tile::Oil)
            || self.bodies.at(to).is_some()
            || self.checkpoints.contains(&to)
        {
            return false;
        }
        let open = Dir::ALL
            .into_iter()
            .filter(|&d| {
                !self.arena.wall(to, d)
                    && self.arena.tile(to.step(d)).is_some_and(|n| !n.is_solid())
            })
            .count();
        open >= 3
    }

    fn mirage_options(&self, out: &mut Vec<Action>) {
        let home = self.arena.course().checkpoints();
        for (i, &origin) in home.iter().enumerate() {
            for dy in -3i16..=3 {
                for dx in -3i16..=3 {
                    if dx.abs() + dy.abs() > 3 {
                        continue;
                    }
                    let to = Pos::new(origin.x + dx, origin.y + dy);
                    if to != self.checkpoints[i] && self.mirage_fits(to) {
                        out.push(Action::Use(Use::Mirage {
                            checkpoint: i as u8,
                            to,
                        }));
                    }
                }
            }
        }
    }

    /// The window after `p`'s card.
    pub(crate) fn after(
        &mut self,
        p: PlayerId,
        answer: Option<&Action>,
    ) -> Flow<crate::actions::Decision> {
        let Some(answer) = answer else {
            return Flow::Wait(p, crate::actions::Decision::After);
        };
        let Action::Use(u) = *answer else {
            return Flow::Next;
        };
        self.apply_use(p, u);
        agenda::then(self, &[Task::After { player: p }]);
        Flow::Next
    }

    /// Carries out an upgrade use of `p` (its option was checked).
    pub(crate) fn apply_use(&mut self, p: PlayerId, u: Use) {
        let i = p.index();
        match u {
            Use::Arm(up) => {
                if up == Upgrade::PhaseShifter || up == Upgrade::ApexArmor {
                    let _ = self.pay(p, 1);
                }
                if up == Upgrade::PhaseShifter {
                    self.players[i].round.once |= up.bit();
                }
                self.players[i].reg.armed |= up.bit();
                self.spend(p, up);
            }
            Use::Turbo(n) => {
                let _ = self.pay(p, n);
                let pl = &mut self.players[i];
                pl.reg.turbo = n;
                pl.round.once |= Upgrade::TurboBoost.bit();
                self.spend(p, Upgrade::TurboBoost);
            }
            Use::Discard(up, c) => {
                self.discard_from_hand(p, c);
                match up {
                    Upgrade::MoreThanMeetsTheEye => {
                        self.players[i].round.once |= up.bit();
                        self.convert(p, 0);
                        let drawn = self.upgrades.draw(&mut self.rng);
                        if drawn.is_some() {
                            self.players[i].slots.uninstalled.extend(drawn);
                            self.emit(Event::UpgradeDrawn { player: p });
                        }
                    }
                    _ => self.players[i].reg.armed |= up.bit(),
                }
                self.spend(p, up);
            }
            Use::Step(up, d) => {
                if up == Upgrade::LaneChanger {
                    let _ = self.pay(p, 1);
                }
                self.players[i].reg.used |= up.bit();
                self.spend(p, up);
                self.upgrade_step(p, up, d);
            }
            Use::Swap {
                upgrade,
                register,
                card,
            } => self.swap(p, upgrade, usize::from(register), card),
            Use::Mirror(other) => {
                self.players[i].reg.mirror = Some(other);
                self.spend(p, Upgrade::MirrorResponseMode);
            }
            Use::AirStrike(at) => {
                self.spend(p, Upgrade::AirStrike);
                let m = self.square_mask(at);
                let tasks: SmallVec<[Task; 4]> = (0..8u8)
                    .filter(|k| m & (1 << k) != 0)
                    .map(|k| Task::Hit {
                        player: PlayerId(k),
                        by: p,
                        amount: 2,
                    })
                    .collect();
                agenda::then(self, &tasks);
            }
            Use::Mine(at) => {
                let pl = &mut self.players[i];
                pl.reg.mined = true;
                pl.mines_laid += 1;
                self.mines.push(at);
                self.emit(Event::MineLaid { player: p, at });
                self.spend(p, Upgrade::Minelayer);
            }
            Use::Heist => {
                self.spend(p, Upgrade::EnergonHeist);
                let Some((at, _)) = self.robot(p) else { return };
                let near: SmallVec<[RobotId; 4]> =
                    self.adjacent_robots(at).map(|(_, r)| r).collect();
                for r in near {
                    let q = PlayerId::of(r);
                    let room = crate::robot::MAX_ENERGON - self.players[i].energon;
                    let n = self.players[q.index()].energon.min(2).min(room);
                    if n > 0 && self.pay(q, n) {
                        self.gain_energon(p, n);
                        self.emit(Event::EnergonTaken {
                            player: p,
                            from: q,
                            amount: n,
                        });
                    }
                }
            }
            Use::Mirage { checkpoint, to } => {
                if let Some(c) = self.checkpoints.get_mut(usize::from(checkpoint)) {
                    *c = to;
                }
                self.emit(Event::CheckpointMoved { checkpoint, to });
                self.spend(p, Upgrade::Mirage);
            }
            Use::Recycle(c) => {
                let pl = &mut self.players[i];
                if pl.round.recycled == 0 {
                    self.spend(p, Upgrade::Recycle);
                }
                let pl = &mut self.players[i];
                pl.round.recycled += 1;
                if let Some(card) = pl.deck.take_from_discard(|d| *d == c) {
                    pl.hand.push(card);
                }
            }
            Use::Dropship(to) => {
                self.spend(p, Upgrade::Dropship);
                self.place(p, to);
            }
            Use::Counter
            | Use::Double(_)
            | Use::Hole(_)
            | Use::Bullseye(_)
            | Use::Tractor { .. } => {}
        }
    }

    /// Puts `p`'s robot on `to` (a rule, not a move).
    pub(crate) fn place(&mut self, p: PlayerId, to: Pos) {
        let robot = RobotId::of(p);
        let Some(from) = self.bodies.pos(robot) else {
            return;
        };
        self.bodies.set_pos(robot, to);
        self.emit(Event::Grid(robo_core::event::GridEvent::Moved {
            robot,
            from,
            to,
            cause: robo_core::motion::Cause::Placed,
        }));
    }

    /// Rulebreaker (the register card goes to the hand, at most 2, once a
    /// round) or Quick Change (the register card is discarded, SCRAP to
    /// the damage discard): hand card `card` takes register `register`'s
    /// place.
    fn swap(&mut self, p: PlayerId, upgrade: Upgrade, register: usize, card: CardId) {
        let i = p.index();
        if upgrade == Upgrade::Rulebreaker {
            let pl = &mut self.players[i];
            if pl.reg.swaps == 0 {
                pl.round.once |= upgrade.bit();
                self.spend(p, upgrade);
            }
            self.players[i].reg.swaps += 1;
        } else if self.players[i].reg.armed & upgrade.bit() == 0 {
            // Quick Change is one use for any number of exchanges: armed,
            // it goes on offering them for the rest of the window.
            self.players[i].reg.armed |= upgrade.bit();
            self.spend(p, upgrade);
        }
        let pl = &mut self.players[i];
        let Some(h) = pl.hand.iter().position(|c| *c == card) else {
            return;
        };
        pl.hand.remove(h);
        let old: SmallVec<[CardId; 2]> = pl.registers[register].cards.drain(..).collect();
        pl.registers[register].cards.push(card);
        let current = usize::from(self.core.register.max(1)) - 1;
        if register == current {
            // The card turn under way plays the new card.
            let at = self
                .core
                .agenda
                .iter()
                .position(|t| matches!(t, Task::Card { player, .. } if *player == p));
            if let Some(at) = at {
                self.core
                    .agenda
                    .retain(|t| !matches!(t, Task::Card { player, .. } if *player == p));
                self.core.agenda.insert(
                    at,
                    Task::Card {
                        player: p,
                        card: card.card(),
                    },
                );
            }
        }
        let pl = &mut self.players[i];
        for c in old {
            if upgrade == Upgrade::Rulebreaker {
                pl.hand.push(c);
            } else if c.is_damage() {
                self.damage.discard(c);
            } else {
                pl.deck.discard(c);
            }
        }
    }
}
