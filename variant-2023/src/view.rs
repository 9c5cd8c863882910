//! What one player may see.
//!
//! Hidden from a player: the other players' hands, unrevealed register
//! cards and face-down Haywires (even which registers hold them), their
//! uninstalled upgrades and Memory Cards, the order (and content) of every
//! draw pile, and the generator.
//! Shown to everyone: robots, energy, checkpoints, installed upgrades,
//! revealed register cards, discard piles, cards removed from the game,
//! and a deck's top card that SPAM Filter turned face up.

use crate::actions::Decision;
use crate::cards::Shown;
use crate::events::Phase;
use crate::race::{Race, Waiting};
use crate::robot::{ProgramStatus, REGISTERS};
use crate::setup::Outcome;
use crate::upgrades::Upgrade;
use robo_core::geom::{Dir, Pos};
use robo_core::PlayerId;
use serde::{Deserialize, Serialize};

/// One register as a player sees it. Another player's face-down cards are
/// not shown at all, not even where they lie: only face-up cards are.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RegisterView {
    /// The cards the viewer may see: all of their own, the face-up cards
    /// of others.
    pub cards: Vec<Shown>,
    /// The face-down Haywire under one of the viewer's own registers.
    pub under: Option<Shown>,
    /// Face up.
    pub revealed: bool,
}

/// A robot and its mat as a player sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RobotView {
    /// Whose.
    pub player: PlayerId,
    /// Where it stands and faces; `None` off the board.
    pub at: Option<(Pos, Dir)>,
    /// Energy.
    pub energy: u8,
    /// Checkpoints reached.
    pub checkpoints: u8,
    /// The archive token.
    pub archive: (Pos, Dir),
    /// Waiting to reboot.
    pub rebooting: bool,
    /// Shut down this round.
    pub shut_down: bool,
    /// Installed permanent upgrades.
    pub permanent: Vec<Upgrade>,
    /// Installed temporary upgrades.
    pub temporary: Vec<Upgrade>,
    /// Number of uninstalled upgrades.
    pub uninstalled: usize,
    /// Cards in hand.
    pub hand: usize,
    /// Cards in the draw pile.
    pub deck: usize,
    /// The top card of the draw pile, when SPAM Filter turned it face up.
    pub deck_top: Option<Shown>,
    /// The discard pile, most recent first (face up).
    pub discard: Vec<Shown>,
    /// Cards on Memory Cards.
    pub memory: usize,
    /// The registers.
    pub registers: [RegisterView; REGISTERS],
    /// The program is in (or the upgrade phase is over for them).
    pub ready: bool,
}

/// Everything `you` may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "V2023View")
)]
pub struct View {
    /// The viewer.
    pub you: PlayerId,
    /// The course's name.
    pub course: String,
    /// Checkpoints on the course.
    pub checkpoints: u8,
    /// Round, from 1.
    pub round: u16,
    /// Register being resolved (0 outside activation).
    pub register: u8,
    /// The phase.
    pub phase: Phase,
    /// The priority token's holder.
    pub priority: PlayerId,
    /// Start spaces covered by cubes (competitive mode).
    pub cubes: Vec<Pos>,
    /// Every robot, in seat order.
    pub robots: Vec<RobotView>,
    /// Your hand.
    pub hand: Vec<Shown>,
    /// Your cards on Memory Cards.
    pub memory: Vec<Shown>,
    /// Your uninstalled upgrades.
    pub uninstalled: Vec<Upgrade>,
    /// Cards left in the damage deck.
    pub damage_deck: usize,
    /// The damage discard pile, most recent first.
    pub damage_discard: Vec<Shown>,
    /// Cards left in the upgrade deck.
    pub upgrade_deck: usize,
    /// The upgrade discard pile, most recent first.
    pub upgrade_discard: Vec<Upgrade>,
    /// Cards removed from the game.
    pub removed: Vec<Shown>,
    /// What you are asked now, if anything.
    pub asked: Option<Decision>,
    /// Cards still to put back on your deck (Memory Swap).
    pub returning: u8,
    /// The result, once the race is over.
    pub outcome: Option<Outcome>,
}

impl Race {
    /// The view of `you` (see the module documentation for what is hidden).
    #[must_use]
    pub fn view_of(&self, you: PlayerId) -> View {
        let robots = (0..self.players.len())
            .map(|i| self.robot_view(PlayerId(i as u8), you))
            .collect();
        let me = self.players.get(you.index());
        let shown =
            |ids: &[crate::cards::CardId]| ids.iter().map(|&c| Shown::from(c)).collect::<Vec<_>>();
        let asked = match self.core.waiting {
            Waiting::One(p, d) if p == you => Some(d),
            Waiting::All(d) if self.pending_all(you) => Some(d),
            _ => None,
        };
        View {
            you,
            course: self.arena.course().name().to_string(),
            checkpoints: self.arena.checkpoints(),
            round: self.core.round,
            register: self.core.register,
            phase: self.phase,
            priority: self.priority,
            cubes: self.cubes.to_vec(),
            robots,
            hand: me.map(|pl| shown(&pl.hand)).unwrap_or_default(),
            memory: me.map(|pl| shown(&pl.memory)).unwrap_or_default(),
            uninstalled: me
                .map(|pl| pl.slots.uninstalled.clone())
                .unwrap_or_default(),
            damage_deck: self.damage.draw_len(),
            damage_discard: self
                .damage
                .discard_pile()
                .map(|&c| Shown::from(c))
                .collect(),
            upgrade_deck: self.upgrades.draw_len(),
            upgrade_discard: self.upgrades.discard_pile().copied().collect(),
            removed: shown(&self.removed),
            asked,
            returning: match me.map(|pl| pl.round.program) {
                Some(ProgramStatus::Returning(k)) => k,
                _ => 0,
            },
            outcome: self.core.outcome.clone(),
        }
    }

    fn robot_view(&self, p: PlayerId, you: PlayerId) -> RobotView {
        let pl = &self.players[p.index()];
        let mine = p == you;
        let registers = std::array::from_fn(|r| {
            let reg = &pl.registers[r];
            let visible = mine || reg.revealed;
            RegisterView {
                cards: if visible {
                    reg.cards.iter().map(|&c| Shown::from(c)).collect()
                } else {
                    Vec::new()
                },
                under: if mine {
                    reg.under.map(Shown::from)
                } else {
                    None
                },
                revealed: reg.revealed,
            }
        });
        let deck_top = pl
            .face_up_top
            .filter(|c| pl.deck.peek() == Some(c))
            .map(Shown::from);
        RobotView {
            player: p,
            at: self.robot(p),
            energy: pl.energy,
            checkpoints: pl.checkpoints,
            archive: pl.archive,
            rebooting: pl.rebooting().is_some(),
            shut_down: pl.is_shut_down(),
            permanent: pl.permanent().collect(),
            temporary: pl.slots.temporary.to_vec(),
            uninstalled: pl.slots.uninstalled.len(),
            hand: pl.hand.len(),
            deck: pl.deck.draw_len(),
            deck_top,
            discard: pl.deck.discard_pile().map(|&c| Shown::from(c)).collect(),
            memory: pl.memory.len(),
            registers,
            ready: pl.round.program == ProgramStatus::Submitted || pl.round.upgrades_done,
        }
    }

    /// Is `p` among the players a simultaneous decision waits for?
    pub(crate) fn pending_all(&self, p: PlayerId) -> bool {
        let Some(pl) = self.players.get(p.index()) else {
            return false;
        };
        match self.core.waiting {
            Waiting::All(Decision::Upgrades) => !pl.round.upgrades_done,
            Waiting::All(Decision::Program) => pl.round.program != ProgramStatus::Submitted,
            _ => false,
        }
    }
}
