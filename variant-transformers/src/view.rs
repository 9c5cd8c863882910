//! What a player sees: everything public, and of the others no hand, no
//! face-down register and no uninstalled upgrade.

use crate::cards::{Card, CardId, Shown};
use crate::characters::Character;
use crate::events::Phase;
use crate::mode::Mode;
use crate::race::Race;
use crate::upgrades::Upgrade;
use robo_core::geom::Pos;
use robo_core::view::{GridRobot, GridView, RaceStage};
use robo_core::PlayerId;
use serde::{Deserialize, Serialize};

/// One register as a player sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersRegisterView")
)]
pub enum RegisterView {
    /// No card.
    Empty,
    /// Cards face down (another player's, not yet revealed).
    Hidden(u8),
    /// Cards face up, or the player's own.
    Shown(Vec<Shown>),
}

/// A robot and its player board, as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersPublicPlayer")
)]
pub struct PublicPlayer {
    /// The seat.
    pub player: PlayerId,
    /// The character.
    pub character: Character,
    /// The mode.
    pub mode: Mode,
    /// Energon.
    pub energon: u8,
    /// Checkpoints reached.
    pub checkpoints: u8,
    /// Installed upgrades.
    pub installed: Vec<Upgrade>,
    /// Uninstalled upgrades held (how many).
    pub held: usize,
    /// Special damage in play.
    pub damage: Vec<Card>,
    /// Cards in hand (how many).
    pub hand: usize,
    /// The registers.
    pub registers: Vec<RegisterView>,
    /// Off the course.
    pub off: bool,
    /// The plan is in this round.
    pub planned: bool,
}

/// What one player sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TransformersView")
)]
pub struct View {
    /// The seat the view is for.
    pub me: PlayerId,
    /// The grid, as every grid edition shows it.
    pub grid: GridView,
    /// The phase.
    pub phase: Phase,
    /// Every player, in seat order.
    pub players: Vec<PublicPlayer>,
    /// The own hand.
    pub hand: Vec<Shown>,
    /// The own uninstalled upgrades.
    pub uninstalled: Vec<Upgrade>,
    /// Checkpoints, in order.
    pub checkpoints: Vec<Pos>,
    /// Energon cubes on the course.
    pub cubes: Vec<Pos>,
    /// Mines on the course.
    pub mines: Vec<Pos>,
    /// The Cosmos holder.
    pub priority: PlayerId,
}

impl Race {
    /// What everyone sees of the grid.
    #[must_use]
    pub fn grid_view(&self) -> GridView {
        GridView {
            course: self.course().name().to_string(),
            checkpoints: self.checkpoints.len() as u8,
            round: self.core.round,
            register: self.core.register,
            stage: match self.phase {
                Phase::Setup => RaceStage::Setup,
                Phase::Upgrades | Phase::Planning => RaceStage::Planning,
                Phase::Activation => RaceStage::Activation,
                Phase::Over => RaceStage::Over,
            },
            phase: format!("{:?}", self.phase).to_lowercase(),
            robots: (0..self.players.len())
                .map(|i| {
                    let p = PlayerId(i as u8);
                    GridRobot {
                        player: p,
                        at: self.robot(p),
                        checkpoints: self.players[i].checkpoints,
                    }
                })
                .collect(),
        }
    }

    /// What `me` sees.
    #[must_use]
    pub fn view_for(&self, me: PlayerId) -> View {
        let shown = |c: &CardId| Shown::from(*c);
        let players = self
            .players
            .iter()
            .enumerate()
            .map(|(i, pl)| {
                let p = PlayerId(i as u8);
                PublicPlayer {
                    player: p,
                    character: pl.character,
                    mode: self.mode(p),
                    energon: pl.energon,
                    checkpoints: pl.checkpoints,
                    installed: pl.slots.installed().collect(),
                    held: pl.slots.uninstalled.len(),
                    damage: pl.damage.iter().map(|c| c.card()).collect(),
                    hand: pl.hand.len(),
                    registers: pl
                        .registers
                        .iter()
                        .map(|r| {
                            if r.cards.is_empty() {
                                RegisterView::Empty
                            } else if r.revealed || p == me {
                                RegisterView::Shown(r.cards.iter().map(shown).collect())
                            } else {
                                RegisterView::Hidden(r.cards.len() as u8)
                            }
                        })
                        .collect(),
                    off: pl.off.is_some(),
                    planned: pl.round.planned,
                }
            })
            .collect();
        let mine = self.players.get(me.index());
        View {
            me,
            grid: self.grid_view(),
            phase: self.phase,
            players,
            hand: mine.map_or_else(Vec::new, |pl| pl.hand.iter().map(shown).collect()),
            uninstalled: mine.map_or_else(Vec::new, |pl| pl.slots.uninstalled.clone()),
            checkpoints: self.checkpoints.clone(),
            cubes: self.cubes.clone(),
            mines: self.mines.clone(),
            priority: self.priority,
        }
    }
}
