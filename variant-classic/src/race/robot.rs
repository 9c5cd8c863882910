//! A player's robot and cards: its program, damage, lives, power and the
//! options it holds.

use super::options::Marks;
use super::{locked, OptionProgram, REGISTERS};
use crate::cards::Card;
use crate::options::{Held, OptionCard};
use crate::pieces::Guard;
use robo_core::geom::Pos;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// A robot's power.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicPower")
)]
pub enum Power {
    /// Running.
    #[default]
    On,
    /// Power down announced: the robot is down next turn.
    Announced,
    /// Powered down this turn: dealt nothing, runs nothing, fires nothing.
    Down,
}

/// One player's robot and cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Robot {
    /// Cards dealt this turn and not yet programmed.
    pub hand: Vec<Card>,
    /// The program.
    pub registers: [Option<Card>; REGISTERS],
    /// Damage tokens.
    pub damage: u8,
    /// Lives left (0: out of the game).
    pub lives: u8,
    /// Flags touched in order.
    pub flags: u8,
    /// The archive marker: where the robot re-enters.
    pub archive: Pos,
    /// Its power.
    pub power: Power,
    /// Destroyed this turn (off the board until the end of the turn).
    pub destroyed: bool,
    /// Done programming this turn (or not asked).
    pub programmed: bool,
    /// The option cards it holds, face up (see `docs/rulings.md`
    /// "Classic options"), in the order it gained them.
    #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
    pub options: SmallVec<[Held; 2]>,
    /// Cards a register holds beside its primary card (in
    /// [`Robot::registers`], which sets the register's priority); they run
    /// after it, in order. Nothing in the game without options puts cards
    /// here: it is the hook the option cards' extra programs use.
    #[serde(default, skip_serializing_if = "no_extra_cards")]
    pub extra: [SmallVec<[Card; 1]>; REGISTERS],
    /// What the robot may give up instead of taking a damage token (see
    /// [`Guard`]); it is asked at each token while it holds one.
    #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
    pub guards: SmallVec<[Guard; 2]>,
    /// Its place once it has touched the last flag (1: the winner). With
    /// the `play-on` rule a finished robot leaves the course and the
    /// others race on for the places after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<u8>,
    /// When it touched its latest flag (turn, register): among robots with
    /// as many flags, the earlier ranks higher.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reached: Option<(u16, u8)>,
    /// The optional weapon its owner picked to fire in place of the main
    /// laser at this register's robot lasers' step (cleared when it fires).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<OptionCard>,
    /// What its run-time options remember between their moments.
    #[serde(default, skip_serializing_if = "Marks::is_clear")]
    pub marks: Marks,
    /// The options programmed this turn: turn-programmed settings and the
    /// phase-programmed options placed in registers (the program action's
    /// option part, see [`OptionProgram`]).
    #[serde(default, skip_serializing_if = "OptionProgram::is_empty")]
    pub program: OptionProgram,
    /// The robot its Homing Device tagged (the token stays until another
    /// tag moves it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub homing: Option<robo_core::ids::PlayerId>,
    /// It flies for the card it is running only (Frog Legs): it lands
    /// after the register's cards.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hop: bool,
}

/// No register holds more than its primary card.
fn no_extra_cards(extra: &[SmallVec<[Card; 1]>; REGISTERS]) -> bool {
    extra.iter().all(SmallVec::is_empty)
}

impl Robot {
    /// A robot with `lives` lives and its archive marker on `archive`,
    /// undamaged, powered on, with no cards.
    #[must_use]
    pub fn new(lives: u8, archive: Pos) -> Self {
        Robot {
            hand: Vec::new(),
            registers: [None; REGISTERS],
            damage: 0,
            lives,
            flags: 0,
            archive,
            power: Power::On,
            destroyed: false,
            programmed: false,
            options: SmallVec::new(),
            extra: Default::default(),
            guards: SmallVec::new(),
            place: None,
            reached: None,
            weapon: None,
            marks: Marks::default(),
            program: OptionProgram::default(),
            homing: None,
            hop: false,
        }
    }

    /// Every card in the robot's registers, primary and extra, and the
    /// cards its options keep aside (Flywheel, Conditional).
    pub fn program_cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.registers
            .iter()
            .flatten()
            .chain(self.extra.iter().flatten())
            .copied()
            .chain(self.marks.parked_cards())
            .chain(self.marks.bomb_cards())
    }

    /// Empties register `register` (1 to 5).
    pub fn clear_register(&mut self, register: u8) {
        let i = usize::from(register.clamp(1, REGISTERS as u8) - 1);
        self.registers[i] = None;
        self.extra[i].clear();
        self.program
            .clear_register(register.clamp(1, REGISTERS as u8));
    }

    /// Is register `register` (1 to 5) locked?
    #[must_use]
    pub fn is_locked(&self, register: u8) -> bool {
        locked(self.damage, register) || self.marks.fire_locked(register)
    }

    /// The first unlocked register without a card (1 to 5) and not left
    /// empty by Overload Override.
    #[must_use]
    pub fn next_open(&self) -> Option<u8> {
        (1..=REGISTERS as u8).find(|&r| {
            !self.is_locked(r)
                && self.registers[usize::from(r - 1)].is_none()
                && (self.program.placed.is_empty() || !self.left_empty(r))
        })
    }

    /// Does it hold option `card`?
    #[must_use]
    pub fn has(&self, card: OptionCard) -> bool {
        self.options.iter().any(|h| h.card == card)
    }

    /// Still in the race: lives left and not finished (a robot that has
    /// touched its last flag is out of the race with its place).
    #[must_use]
    pub fn alive(&self) -> bool {
        self.lives > 0 && self.place.is_none()
    }
}
