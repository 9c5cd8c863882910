//! Step A of a register: each robot's card in priority order, with the
//! window before it (convert, fix damage) and the elements that act while
//! a robot moves (roads, road corners, curved arrows, jump ramps, oil).

use crate::actions::{Action, Decision};
use crate::cards::Card;
use crate::damage::Effect;
use crate::events::Event;
use crate::mode::Mode;
use crate::race::{Paused, Race};
use crate::task::Task;
use crate::tiles::Tile;
use robo_core::agenda::{self, Flow};
use robo_core::geom::{Dir, Rel, Turn};
use robo_core::motion::{continue_move, jump, move_robot, slide, Cause, Jump, Move, MoveOutcome};
use robo_core::pipeline::{GridWorld, StepFlow};
use robo_core::{PlayerId, RobotId};
use smallvec::SmallVec;

/// The side of a robot facing `facing` that `dir` is.
fn rel_of(facing: Dir, dir: Dir) -> Rel {
    [Rel::Forward, Rel::Back, Rel::Left, Rel::Right]
        .into_iter()
        .find(|r| r.of(facing) == dir)
        .unwrap_or(Rel::Forward)
}

impl Race {
    /// A robot's card turn: the window before its card, then the card.
    /// A register holding SCRAP, or nothing, does nothing.
    pub(crate) fn card_turn(&mut self, p: PlayerId) -> StepFlow {
        let r = usize::from(self.core.register.max(1)) - 1;
        let general = self.general();
        let Some(pl) = self.players.get_mut(p.index()) else {
            return StepFlow::Continue;
        };
        pl.reg.acted = true;
        let Some(b) = self.bodies.on_board(RobotId::of(p)) else {
            return StepFlow::Continue;
        };
        let pl = &self.players[p.index()];
        let lone = match pl.registers[r].cards.as_slice() {
            [] => return StepFlow::Continue,
            cards if cards.iter().any(|c| c.card() == Card::Scrap) => {
                // A SCRAP register does nothing, but Quick Change may still
                // exchange it before it resolves (the card turn then plays
                // what took its place).
                let quick = self.has(p, crate::upgrades::Upgrade::QuickChange)
                    || self.armed(p, crate::upgrades::Upgrade::QuickChange);
                if quick && self.window_asks(p) {
                    return self.set_off(&[
                        Task::Window { player: p },
                        Task::Card {
                            player: p,
                            card: Card::Scrap,
                        },
                    ]);
                }
                return StepFlow::Continue;
            }
            [c] => Some(c.card()),
            _ => None,
        };
        if let Some(card) = lone.filter(|_| {
            !general
                && pl.reg.armed == 0
                && pl.reg.turbo == 0
                && pl.damage.is_empty()
                && (pl.energon == 0 || pl.reg.converted)
                && pl.plain()
        }) {
            // The commonest turn: a plain player's lone card, with no
            // window (nothing to convert or fix) and nothing after it.
            let (at, facing, alt) = (b.pos, b.facing, b.extra == Mode::Alt);
            if let Some(flow) = self.plain_play(p, card, at, facing, alt) {
                return flow;
            }
            return agenda::watch(self, |r| r.play(p, card));
        }
        // With no upgrade in play nothing is used before or after the
        // card, and the window may offer only a conversion or a fix.
        let pl = &self.players[p.index()];
        let (window, after) = if self.general() {
            (self.window_worth(p), self.after_worth(p))
        } else if pl.plain() {
            let worth = !pl.damage.is_empty() || (pl.energon > 0 && !pl.reg.converted);
            (worth && self.window_asks(p), false)
        } else {
            (
                self.window_worth(p) && self.window_asks(p),
                self.after_worth(p),
            )
        };
        let reg = &self.players[p.index()].registers[r];
        if let ([c], false, false, false) = (reg.cards.as_slice(), window, after, self.general()) {
            // A lone card with nothing before or after it is played at
            // once, as the agenda would run its task next.
            let card = c.card();
            return agenda::watch(self, |r| r.play(p, card));
        }
        let reg = &self.players[p.index()].registers[r];
        let mut tasks: SmallVec<[Task; 3]> = reg
            .cards
            .iter()
            .map(|c| Task::Card {
                player: p,
                card: c.card(),
            })
            .collect();
        if window {
            tasks.insert(0, Task::Window { player: p });
        }
        if after {
            tasks.push(Task::After { player: p });
        }
        self.set_off(&tasks)
    }

    /// May `p` convert now (during activation)? Once a register, for 1
    /// Energon, not while damage locks it, never into alt mode in a
    /// building.
    fn may_convert(&self, p: PlayerId) -> bool {
        let pl = &self.players[p.index()];
        !pl.reg.converted
            && pl.energon >= 1
            && !pl.suffers(|e| e == Effect::ConvertLock)
            && (self.mode(p) == Mode::Alt || !self.in_building(p))
    }

    /// Ongoing damage `p` can pay to discard now.
    pub(crate) fn fix_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        out.extend(self.fixable(p).map(Action::Fix));
    }

    /// The ongoing damage in play that `p` has the Energon to pay off.
    fn fixable(&self, p: PlayerId) -> impl Iterator<Item = crate::cards::CardId> + '_ {
        let pl = &self.players[p.index()];
        pl.damage.iter().copied().filter(|c| match c.card() {
            Card::Special(s) => matches!(
                s.face().timing,
                crate::damage::Timing::Ongoing { fix } if fix <= pl.energon
            ),
            _ => false,
        })
    }

    /// Pays to discard ongoing damage `c`.
    pub(crate) fn fix(&mut self, p: PlayerId, c: crate::cards::CardId) {
        let Card::Special(s) = c.card() else { return };
        let crate::damage::Timing::Ongoing { fix } = s.face().timing else {
            return;
        };
        let pl = &mut self.players[p.index()];
        let Some(i) = pl.damage.iter().position(|d| *d == c) else {
            return;
        };
        if !self.pay(p, fix) {
            return;
        }
        self.players[p.index()].damage.remove(i);
        self.damage.discard(c);
        self.emit(Event::Fixed {
            player: p,
            card: c.card(),
        });
    }

    /// Does the window before `p`'s card offer more than going on? A
    /// window whose one option is [`Action::Done`] would be answered with
    /// it without asking and change nothing, so it is left out.
    fn window_asks(&mut self, p: PlayerId) -> bool {
        if self.may_convert(p) {
            return true;
        }
        let pl = &self.players[p.index()];
        if pl.plain() {
            // No upgrade to use: only damage to fix may be offered.
            return self.fixable(p).next().is_some();
        }
        let mut opts = std::mem::take(&mut self.core.scratch.options);
        opts.clear();
        self.window_options(p, &mut opts);
        let asks = opts.len() > 1;
        opts.clear();
        self.core.scratch.options = opts;
        asks
    }

    pub(crate) fn window_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        out.push(Action::Done);
        if self.may_convert(p) {
            out.push(Action::Convert);
        }
        self.fix_options(p, out);
        self.use_before_options(p, out);
    }

    pub(crate) fn window(&mut self, p: PlayerId, answer: Option<&Action>) -> Flow<Decision> {
        let Some(answer) = answer else {
            return Flow::Wait(p, Decision::Window);
        };
        match *answer {
            Action::Convert => {
                let _ = self.pay(p, 1);
                self.players[p.index()].reg.converted = true;
                self.convert(p, 1);
            }
            Action::Fix(c) => self.fix(p, c),
            Action::Use(u) => {
                self.apply_use(p, u);
                let _ = self.flush_follow();
                self.scratch.notes = Default::default();
            }
            _ => return Flow::Next,
        }
        agenda::then(self, &[Task::Window { player: p }]);
        Flow::Next
    }

    /// Flips `p`'s robot to its other mode, reporting what it paid.
    pub(crate) fn convert(&mut self, p: PlayerId, paid: u8) {
        let r = RobotId::of(p);
        let mode = self.mode(p).other();
        if let Some(m) = self.bodies.extra_mut(r) {
            *m = mode;
        }
        self.emit(Event::Converted {
            player: p,
            mode,
            paid,
        });
    }

    /// One planning card's effect.
    pub(crate) fn play(&mut self, p: PlayerId, card: Card) {
        let Some((_, facing)) = self.robot(p) else {
            return;
        };
        let r = RobotId::of(p);
        if card != Card::Again && card != Card::Scrap {
            self.players[p.index()].this.push(card);
        }
        self.players[p.index()].reg.before = Some(facing);
        match card {
            Card::Move1 | Card::Move2 | Card::Move3 | Card::MoveBack => {
                self.card_move(p, card, facing)
            }
            Card::DriftLeft | Card::DriftRight => self.card_move(p, card, facing),
            Card::TurnLeft => self.turn_robot(r, Turn::Left, Cause::Move),
            Card::TurnRight => self.turn_robot(r, Turn::Right, Cause::Move),
            Card::UTurn => self.turn_robot(r, Turn::UTurn, Cause::Move),
            Card::PowerUp => self.gain_energon(p, 1),
            Card::Again => {
                let last = self.players[p.index()].last.clone();
                let tasks: SmallVec<[Task; 2]> = last
                    .into_iter()
                    .map(|card| Task::Card { player: p, card })
                    .collect();
                agenda::then(self, &tasks);
            }
            Card::Scrap | Card::Special(_) => {}
        }
    }

    /// How many spaces a card moves `p`'s robot from where it stands: the
    /// road bonus (alt mode, Move 1-3, starting on a road facing its
    /// arrow), the oil penalty (starting on oil), Move card penalties of
    /// damage in play.
    pub(crate) fn card_steps(&self, p: PlayerId, card: Card, facing: Dir) -> u8 {
        let pl = &self.players[p.index()];
        let tile = self.tile_under(p);
        let mut steps = if card.is_drift() {
            1
        } else {
            card.move_steps()
        };
        let forward = matches!(card, Card::Move1 | Card::Move2 | Card::Move3);
        if forward
            && self.mode(p) == Mode::Alt
            && tile.and_then(Tile::road_arrow) == Some(facing)
            && !pl.suffers(|e| e == Effect::NoRoadBonus)
        {
            steps += 1;
        }
        if tile == Some(Tile::Oil) {
            steps = steps.saturating_sub(1);
        }
        if card.is_move() {
            steps = steps.saturating_sub(pl.penalty(|e| match e {
                Effect::MovePenalty(n) => Some(n),
                _ => None,
            }));
        }
        steps
    }

    /// A Move or Drift card's movement.
    fn card_move(&mut self, p: PlayerId, card: Card, facing: Dir) {
        let dir = match card {
            Card::MoveBack => facing.opposite(),
            Card::DriftLeft => facing.left(),
            Card::DriftRight => facing.right(),
            _ => facing,
        };
        if self.plain_card_move(p, card, facing, dir) {
            return;
        }
        let steps = self.card_steps(p, card, facing) + self.extra_steps(p, card);
        if card.is_move() && self.has(p, crate::upgrades::Upgrade::EatMyDust) {
            self.eat_my_dust(p);
        }
        if steps == 0 {
            self.card_moved(p, card);
            return;
        }
        let m = Move::new(RobotId::of(p), dir, steps);
        self.scratch.mover = Some(m.robot);
        self.scratch.card_move = true;
        self.scratch.jump = None;
        if self.players[p.index()].reg.armed != 0
            && self.upgraded_move(p, card, dir, steps).is_some()
        {
            self.card_moved(p, card);
            self.slide_on_oil(m.robot, dir);
            self.after_pushes();
            self.homefield(p);
            self.end_move();
            let _ = self.flush_follow();
            return;
        }
        if self.quick_move(p, dir, steps) {
            // Made on the fast path: what follows is the general path's.
            self.card_moved(p, card);
            self.finish_move(p, m, MoveOutcome::default());
            return;
        }
        let out = move_robot(self, m);
        self.card_moved(p, card);
        self.finish_move(p, m, out);
    }

    /// After (a part of) a card's move: a pause for a corner or an arrow,
    /// a ramp's jump, an oil slide; then what the move set off.
    fn finish_move(&mut self, p: PlayerId, m: Move, out: MoveOutcome) {
        let r = m.robot;
        if let Some(left) = out.paused() {
            let arrow = matches!(self.tile_under(p), Some(Tile::Building { .. }));
            self.paused = Some(Paused {
                rest: m.rest(m.dir, left),
                so_far: out,
                arrow,
            });
            self.after_pushes();
            self.end_move();
            let mut tasks: SmallVec<[Task; 8]> = SmallVec::new();
            tasks.push(Task::Corner { player: p });
            tasks.extend(std::mem::take(&mut self.scratch.follow));
            let _ = self.set_off(&tasks);
            return;
        }
        if let Some(cells) = self.scratch.jump.take() {
            // A landing ends the movement: no second jump, no corner.
            self.scratch.card_move = false;
            let _ = jump(self, Jump::new(r, m.dir, cells).onward());
        }
        self.slide_on_oil(r, m.dir);
        self.after_pushes();
        self.homefield(p);
        self.end_move();
        let _ = self.flush_follow();
    }

    /// A robot whose movement ended on oil slides on the way it moved (the
    /// way back, when it stepped back off a mine).
    pub(crate) fn slide_on_oil(&mut self, r: RobotId, dir: Dir) {
        let dir = self.scratch.bounced.take().unwrap_or(dir);
        let on_oil = |race: &Race, at| race.arena.tile(at) == Some(Tile::Oil);
        if self.bodies.pos(r).is_some_and(|at| on_oil(self, at)) {
            let m = Move::new(r, dir, u8::MAX).with_cause(Cause::Slide);
            let _ = slide(self, m, on_oil);
        }
    }

    /// The move under way is over.
    pub(crate) fn end_move(&mut self) {
        self.scratch.mover = None;
        self.scratch.card_move = false;
        self.scratch.jump = None;
        self.scratch.bounced = None;
        self.scratch.notes = Default::default();
    }

    /// A move waiting at a road corner or a curved arrow: turn or not,
    /// then the rest of the move, in the card's direction relative to the
    /// robot's new facing.
    pub(crate) fn corner(&mut self, p: PlayerId, answer: Option<&Action>) -> Flow<Decision> {
        let Some(paused) = self.paused.clone() else {
            return Flow::Next;
        };
        let Some(&Action::Corner(turn)) = answer else {
            let d = if paused.arrow {
                Decision::Arrow
            } else {
                Decision::Corner
            };
            return Flow::Wait(p, d);
        };
        self.paused = None;
        let Some((at, facing)) = self.robot(p) else {
            return Flow::Next;
        };
        let r = RobotId::of(p);
        let rel = rel_of(facing, paused.rest.dir);
        let mut new = facing;
        if turn {
            new = match self.arena.tile(at) {
                Some(Tile::Corner { turn, .. }) => facing.turn(turn),
                Some(Tile::Building { .. }) => self
                    .other_doorway(at, paused.rest.dir.opposite())
                    .unwrap_or(facing),
                _ => facing,
            };
            if let Some(t) = facing.turn_to(new) {
                self.turn_robot(r, t, Cause::Move);
            }
        }
        let dir = rel.of(new);
        let rest = paused.rest.rest(dir, paused.rest.steps);
        self.scratch.mover = Some(r);
        self.scratch.card_move = true;
        self.scratch.jump = None;
        let out = continue_move(self, rest, paused.so_far);
        self.finish_move(p, rest, out);
        Flow::Next
    }
}
