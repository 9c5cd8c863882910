//! Call for backup: one move (two for Bumblebee in vehicle mode, one more
//! per Rapid Transit) of any number of robots between two held zones,
//! keeping a robot behind. Optimus Prime in vehicle mode lets the move go
//! to any held zone joined to the start by a chain of held zones.

use crate::action::{Reason, Target};
use crate::card::Card;
use crate::event::Event;
use crate::faction::{Leader, Mode};
use crate::ids::{ZoneId, ZoneSet};
use crate::state::{Conquest, Stage};
use robo_core::PlayerId;

impl Conquest {
    /// Backup moves a player gets at the start of the phase.
    pub(crate) fn backup_moves(&self, p: PlayerId) -> u8 {
        let st = self.ps(p);
        if st.leader == Leader::Bumblebee && st.mode == Mode::Vehicle && st.leader_at.is_some() {
            2
        } else {
            1
        }
    }

    fn convoy(&self, p: PlayerId) -> bool {
        let st = self.ps(p);
        st.leader == Leader::OptimusPrime && st.mode == Mode::Vehicle && st.leader_at.is_some()
    }

    /// Where robots of `p` may go from `from` as backup.
    pub(crate) fn backup_targets(&self, p: PlayerId, from: ZoneId) -> ZoneSet {
        let held = self.ps(p).held;
        if !held.contains(from) {
            return ZoneSet::EMPTY;
        }
        if !self.convoy(p) {
            return self.neighbours(from).and(held);
        }
        let mut seen = ZoneSet::single(from);
        let mut frontier = seen;
        while !frontier.is_empty() {
            let mut next = ZoneSet::EMPTY;
            for z in frontier {
                next = next.or(self.neighbours(z));
            }
            next = next.and(held);
            frontier = next.minus(seen);
            seen = seen.or(next);
        }
        seen.minus(ZoneSet::single(from))
    }

    /// Zones of `p` that can give robots (they keep one).
    pub(crate) fn can_give(&self, p: PlayerId, z: ZoneId) -> bool {
        self.strength(z) >= 2 && self.zones[z.index()].owner == Some(p)
    }

    /// Is any backup move possible?
    pub(crate) fn can_backup(&self, p: PlayerId) -> bool {
        self.ps(p)
            .held
            .iter()
            .any(|z| self.can_give(p, z) && !self.backup_targets(p, z).is_empty())
    }

    pub(crate) fn backup(
        &mut self,
        p: PlayerId,
        from: ZoneId,
        to: ZoneId,
        robots: u8,
        leader: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), Reason> {
        self.check_own(p, from)?;
        self.check_own(p, to)?;
        if from == to {
            return Err(Reason::SameZone(from));
        }
        if !self.backup_targets(p, from).contains(to) {
            return Err(Reason::NotAdjacent { from, to });
        }
        self.check_move(p, from, robots, leader)?;
        let Stage::Backup { moves } = self.stage else {
            return Err(Reason::NothingMoved);
        };
        self.move_robots(p, from, to, robots, leader);
        events.push(Event::BackedUp {
            player: p,
            from,
            to,
            robots,
            leader,
        });
        self.stage = Stage::Backup {
            moves: moves.saturating_sub(1),
        };
        self.settle(events);
        Ok(())
    }

    pub(crate) fn play_backup(
        &mut self,
        p: PlayerId,
        card: Card,
        target: Target,
        events: &mut Vec<Event>,
    ) -> Result<(), Reason> {
        if card != Card::RapidTransit {
            return Err(Reason::CardNotPlayable {
                card,
                why: "only Rapid Transit is played in the backup phase".into(),
            });
        }
        if target != Target::None {
            return Err(Reason::CardNotPlayable {
                card,
                why: "it takes no target".into(),
            });
        }
        let Stage::Backup { moves } = self.stage else {
            return Err(Reason::NothingMoved);
        };
        self.take_card(p, card)?;
        events.push(Event::CardPlayed {
            player: p,
            card,
            target,
        });
        self.stage = Stage::Backup {
            moves: moves.saturating_add(1),
        };
        Ok(())
    }
}
