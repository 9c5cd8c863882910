//! What a player sees: the grid, every robot's counters and face-up cards,
//! and only their own hand. Deck order, others' hands and face-down
//! registers are never shown.

use super::{OptionProgram, Power, Race, REGISTERS};
use crate::cards::Card;
use crate::options::Held;
use robo_core::agenda::Waiting;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::{PlayerId, RobotId};
use robo_core::view::{GridRobot, GridView, RaceStage};
use serde::{Deserialize, Serialize};

/// One robot as every player sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicRobotView")
)]
pub struct RobotView {
    /// Its owner.
    pub player: PlayerId,
    /// Where it stands and faces (`None` while destroyed or out).
    pub at: Option<(Pos, Dir)>,
    /// Virtual.
    pub ghost: bool,
    /// Damage tokens.
    pub damage: u8,
    /// Lives left.
    pub lives: u8,
    /// Flags touched.
    pub flags: u8,
    /// Its archive marker.
    pub archive: Pos,
    /// Its power.
    pub power: Power,
    /// Registers: face-up cards (revealed this turn, or locked); the
    /// viewer's own program in full.
    pub registers: [Option<Card>; REGISTERS],
    /// Done programming this turn.
    pub programmed: bool,
    /// Its option cards, face up to every player, with their payloads.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<Held>,
    /// Its place once it has touched the last flag (1: the winner).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<u8>,
    /// Its options programmed this turn as the viewer may see them: all
    /// to the owner; to the others, the turn-programmed settings once
    /// programming is over, and the options placed in a register as its
    /// card is shown (see `docs/rulings.md`, "Classic options: programming").
    #[serde(default, skip_serializing_if = "OptionProgram::is_empty")]
    pub program: OptionProgram,
    /// Second cards in registers, (register, card), shown as the
    /// registers' cards are.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stacked: Vec<(u8, Card)>,
    /// Flying (Frog Legs, Big Jet, Retro-Rockets, Robo-Copter).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub flying: bool,
    /// The cards its options keep aside (Flywheel, Conditional,
    /// Robo-Copter): face up to the owner, face down to the others.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parked: Vec<super::ParkedCard>,
    /// Its buzz bomb's cards this turn (Buzz Bomb), to its owner only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bomb: Option<super::BombProgram>,
    /// The robot its Homing Device tagged (the token lies on that robot,
    /// seen by every player).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub homing: Option<PlayerId>,
}

/// What one player sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicView")
)]
pub struct View {
    /// The grid as every grid race shows it.
    pub grid: GridView,
    /// Whose view this is.
    pub me: PlayerId,
    /// The viewer's hand.
    pub hand: Vec<Card>,
    /// Every robot, by seat.
    pub robots: Vec<RobotView>,
    /// Where the flags stand now, in order (belts, currents and pushers
    /// move them).
    #[serde(default)]
    pub flags: Vec<Pos>,
    /// Every seat, best first, as things stand ([`Race::ranking`]).
    #[serde(default)]
    pub ranking: Vec<PlayerId>,
    /// The devices on the board, seen by every player.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub devices: Vec<super::Device>,
    /// Scavenger Hunt: how many options each flag's pile holds, in flag
    /// order (the piles lie face down).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub piles: Vec<u8>,
    /// Scavenger Hunt: the pile the viewer is asked to pick from now
    /// ([`Decision::Scavenge`](super::Decision::Scavenge)), face up to it
    /// alone; empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pile: Vec<crate::options::OptionCard>,
}

impl Race {
    /// What everyone sees of the grid.
    #[must_use]
    pub fn grid_view(&self) -> GridView {
        let stage = if self.core.outcome.is_some() {
            RaceStage::Over
        } else if self.core.round == 0 {
            RaceStage::Setup
        } else if self.core.register == 0
            || self.core.waiting == Waiting::All(super::Decision::Program)
        {
            RaceStage::Planning
        } else {
            RaceStage::Activation
        };
        GridView {
            course: self.course().name().to_string(),
            checkpoints: self.course().checkpoints().len() as u8,
            round: self.core.round,
            register: self.core.register,
            stage,
            phase: stage.to_string(),
            robots: (0..self.robots.len())
                .map(|i| GridRobot {
                    player: PlayerId(i as u8),
                    at: self.world.at(RobotId(i as u8)),
                    checkpoints: self.robots[i].flags,
                })
                .collect(),
        }
    }

    /// What `me` sees.
    #[must_use]
    pub fn view_of(&self, me: PlayerId) -> View {
        let robots = self
            .robots
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let p = PlayerId(i as u8);
                let mut registers = r.registers;
                if p != me {
                    for (k, slot) in registers.iter_mut().enumerate() {
                        let reg = k as u8 + 1;
                        if reg > self.core.register && !r.is_locked(reg) {
                            *slot = None;
                        }
                    }
                }
                let (program, stacked) = self.program_seen(i, me);
                RobotView {
                    player: p,
                    at: self.world.at(RobotId(i as u8)),
                    ghost: self.world.is_ghost(RobotId(i as u8)),
                    damage: r.damage,
                    lives: r.lives,
                    flags: r.flags,
                    archive: r.archive,
                    power: r.power,
                    registers,
                    programmed: r.programmed,
                    options: r.options.to_vec(),
                    place: r.place,
                    program,
                    stacked,
                    flying: self.world.is_flying(RobotId(i as u8)),
                    parked: self.parked_seen(i, me),
                    bomb: r.marks.bomb.filter(|_| p == me),
                    homing: r.homing,
                }
            })
            .collect();
        View {
            grid: self.grid_view(),
            me,
            hand: self.robot(me).map(|r| r.hand.clone()).unwrap_or_default(),
            robots,
            flags: self.world.flags().collect(),
            ranking: self.ranking().to_vec(),
            devices: self.world.devices.clone(),
            piles: self.piles.piles.iter().map(|p| p.len() as u8).collect(),
            pile: self.pile_seen(me),
        }
    }
}
