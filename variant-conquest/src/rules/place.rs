//! Place phase: reinforcements and robot cards.
//!
//! Reinforcements at the start of a turn:
//!
//! * **zones**: a third of the zones held, rounded down, but at least 3;
//! * **sectors**: the bonus of every sector the player holds entirely;
//! * **factories**: for every open secret factory the player holds, one
//!   robot per robot standing in it (the leader counts), at most 3;
//! * **leader**: 2 while Megatron is on the map in vehicle mode (Warlord).
//!
//! The total is taken from the player's supply and bounded by it: a player
//! whose supply is empty gets nothing.

use crate::action::{Reason, Target};
use crate::card::{Card, CardKind};
use crate::event::Event;
use crate::faction::{Leader, Mode};
use crate::ids::ZoneId;
use crate::state::Conquest;
use robo_core::PlayerId;
use serde::{Deserialize, Serialize};

/// Reinforcements of one turn, term by term.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Reinforcement {
    /// From the zones held.
    pub zones: u8,
    /// From whole sectors held.
    pub sectors: u8,
    /// From open secret factories held.
    pub factories: u8,
    /// From the leader's effect.
    pub leader: u8,
    /// What the supply could give of the sum.
    pub granted: u8,
}

impl Reinforcement {
    /// The sum before the supply bound.
    #[must_use]
    pub fn total(&self) -> u32 {
        u32::from(self.zones)
            + u32::from(self.sectors)
            + u32::from(self.factories)
            + u32::from(self.leader)
    }
}

impl Conquest {
    /// The reinforcements `p` would receive now (see the module docs).
    #[must_use]
    pub fn reinforcement(&self, p: PlayerId) -> Reinforcement {
        let Some(st) = self.player(p) else {
            return Reinforcement::default();
        };
        let held = st.held;
        let zones = (held.len() / 3).max(3) as u8;
        let sectors = self
            .map
            .sectors()
            .iter()
            .filter(|s| s.zones.minus(held).is_empty())
            .fold(0u8, |acc, s| acc.saturating_add(s.bonus));
        let factories = self
            .open
            .and(held)
            .iter()
            .map(|z| self.strength(z).min(3))
            .fold(0u8, u8::saturating_add);
        let warlord =
            st.leader == Leader::Megatron && st.mode == Mode::Vehicle && st.leader_at.is_some();
        let leader = if warlord { 2 } else { 0 };
        let mut r = Reinforcement {
            zones,
            sectors,
            factories,
            leader,
            granted: 0,
        };
        r.granted = r.total().min(u32::from(st.supply)) as u8;
        r
    }

    /// Place phase: one robot from the pool onto a held zone.
    pub(crate) fn place(
        &mut self,
        p: PlayerId,
        z: ZoneId,
        events: &mut Vec<Event>,
    ) -> Result<(), Reason> {
        self.check_own(p, z)?;
        if self.ps(p).pool == 0 {
            return Err(Reason::NoRobots);
        }
        self.zones[z.index()].robots += 1;
        self.ps_mut(p).pool -= 1;
        events.push(Event::Placed { player: p, zone: z });
        self.settle(events);
        Ok(())
    }

    /// Robots a robot card would add for `p` now (before the supply bound).
    pub(crate) fn card_robots(&self, p: PlayerId, card: Card) -> u8 {
        match card {
            Card::Reinforcements => 3,
            Card::EmergencyRecall => 2,
            Card::FactoryOverdrive if !self.open.and(self.ps(p).held).is_empty() => 3,
            Card::FactoryOverdrive => 1,
            _ => 0,
        }
    }

    /// Place phase: a robot card adds robots to the pool.
    pub(crate) fn play_robots(
        &mut self,
        p: PlayerId,
        card: Card,
        target: Target,
        events: &mut Vec<Event>,
    ) -> Result<(), Reason> {
        if card.kind() != CardKind::Robots {
            return Err(Reason::CardNotPlayable {
                card,
                why: "only robot cards are played while placing".into(),
            });
        }
        if target != Target::None {
            return Err(Reason::CardNotPlayable {
                card,
                why: "it takes no target".into(),
            });
        }
        self.take_card(p, card)?;
        let extra = self.card_robots(p, card).min(self.ps(p).supply);
        let st = self.ps_mut(p);
        st.supply -= extra;
        st.pool += extra;
        events.push(Event::CardPlayed {
            player: p,
            card,
            target,
        });
        events.push(Event::ExtraRobots {
            player: p,
            robots: extra,
        });
        Ok(())
    }

    /// Removes `card` from `p`'s hand onto the discard pile.
    pub(crate) fn take_card(&mut self, p: PlayerId, card: Card) -> Result<(), Reason> {
        let hand = &mut self.ps_mut(p).hand;
        let i = hand
            .iter()
            .position(|&c| c == card)
            .ok_or(Reason::NoCard(card))?;
        hand.remove(i);
        self.deck.discard(card);
        Ok(())
    }

    /// Does `p` hold `card`?
    pub(crate) fn holds(&self, p: PlayerId, card: Card) -> bool {
        self.ps(p).hand.contains(&card)
    }
}
