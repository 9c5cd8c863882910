//! Falling into a pit or off the board, and coming back.

use crate::actions::{Action, Decision};
use crate::events::{Event, Source};
use crate::race::Race;
use crate::robot::{Status, REGISTERS};
use crate::task::Flow;
use crate::upgrades::Upgrade;
use robo_core::board::BoardId;
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::race::moves::make_room;
use robo_core::{PlayerId, RobotId};

impl Race {
    /// A robot fell: its program is cancelled (the current and later
    /// registers and the hand go to their piles) and it draws reboot damage.
    pub(crate) fn fall(&mut self, p: PlayerId, board: BoardId, pit: bool) -> Flow {
        let Some(pl) = self.players.get_mut(p.index()) else {
            return Flow::Next;
        };
        pl.status = Status::Fallen(board);
        pl.must_program.clear();
        pl.this_card = None;
        let from = usize::from(self.core.register.saturating_sub(1)).min(REGISTERS - 1);
        let mut cards: Vec<crate::cards::CardId> = pl.hand.drain(..).collect();
        for reg in &mut pl.registers[from..] {
            cards.extend(reg.cards.drain(..));
            cards.extend(reg.under.take());
            reg.revealed = false;
            reg.crab = false;
        }
        for c in cards {
            // SPAM goes back to the programming discard pile; Haywire to the damage discard.
            if c.card().is_haywire() {
                self.damage.discard(c);
            } else {
                pl.deck.discard(c);
            }
        }
        self.emit(Event::Fell { player: p, pit });
        let damage = if pit && self.has(p, Upgrade::Firewall) {
            self.emit(Event::UpgradeUsed {
                player: p,
                upgrade: Upgrade::Firewall,
            });
            0
        } else {
            self.arena.course().extras().reboot_damage
        };
        for _ in 0..damage {
            if !self.draw_damage(p, Source::Other) {
                break;
            }
        }
        Flow::Next
    }

    /// Where `p` comes back: the reboot token of the board it fell from,
    /// or its archive token (docking bay, dynamic archiving).
    pub(crate) fn reboot_spot(&self, p: PlayerId) -> Option<(Pos, Dir)> {
        let pl = self.players.get(p.index())?;
        if self.options.dynamic_archiving {
            return Some(pl.archive);
        }
        Some(
            pl.status
                .fell_from()
                .and_then(|b| self.arena.reboot_token(b))
                .unwrap_or(pl.archive),
        )
    }

    /// A robot waiting to reboot comes back (its turn in register 1): it
    /// chooses its facing, the occupant of its space is moved aside, and it
    /// runs (or, had it declared a shutdown, stays shut down) from here.
    pub(crate) fn re_enter(&mut self, p: PlayerId, answer: Option<&Action>) -> Flow {
        let waiting = self
            .players
            .get(p.index())
            .is_some_and(|pl| pl.status.returns_in(self.core.register));
        if !waiting {
            return Flow::Next;
        }
        let Some(&Action::Face(facing)) = answer else {
            return Flow::Wait(p, Decision::RebootFacing);
        };
        let Some((at, arrow)) = self.reboot_spot(p) else {
            return Flow::Next;
        };
        if !make_room(self, at, arrow) {
            // Nowhere to move the occupant: try again next round.
            let _ = self.after_moves();
            return Flow::Next;
        }
        self.bodies.place(RobotId::of(p), at, facing);
        let pl = &mut self.players[p.index()];
        pl.status = if pl.round.shutdown_declared {
            Status::ShutDown
        } else {
            Status::Running
        };
        self.emit(Event::Grid(GridEvent::Placed {
            robot: RobotId::of(p),
            at,
            facing,
        }));
        self.emit(Event::Rebooted {
            player: p,
            at,
            facing,
        });
        let _ = self.after_moves();
        Flow::Next
    }
}
