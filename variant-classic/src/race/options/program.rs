//! The program action's option part: what a player programs besides the
//! five cards, while [`Decision::Program`](super::super::Decision::Program)
//! is asked, before announcing.
//!
//! - [`Action::Set`](super::super::Action::Set): a turn-programmed option's
//!   setting for the turn ([`Setting::Side`] for Shield, Reflector, Turret;
//!   [`Setting::Switch`] for Gyroscopic Stabilizer, Option Damping Field,
//!   Homing Device). An option never set this turn faces front or is off.
//! - [`Action::Stack`](super::super::Action::Stack): a second card of the hand
//!   in a register that already holds its primary card, as Crab Legs, Dual
//!   Processor or Overload Override allows (the primary card sets the
//!   priority; the second card goes in [`Robot::extra`](super::super::Robot::extra)).
//! - [`Action::Gadget`](super::super::Action::Gadget): a phase-programmed
//!   option placed in a register (a gadget, at most one per register; Big
//!   Jet, Retro-Rockets); Overload Override placed in an empty register
//!   leaves that register empty for the turn.
//!
//! Each is refused with a typed [`Reason`](super::super::Reason), the game
//! unchanged. The settings and placements are kept in [`OptionProgram`]
//! on the robot ([`Robot::program`](super::super::Robot::program)): settings
//! until the end-of-turn wipe, placements with their register (a locked
//! register keeps its cards and the options placed in it).

use super::super::{Action, Race, Reason, Robot, REGISTERS};
use crate::cards::{Card, Kind};
use crate::options::OptionCard;
use robo_core::geom::Rel;
use robo_core::ids::PlayerId;
use serde::{Deserialize, Serialize};

/// How an option is programmed in the program action.
///
/// ```
/// use variant_classic::options::OptionCard;
/// use variant_classic::race::Programming;
/// assert_eq!(OptionCard::Shield.programming(), Programming::Side);
/// assert_eq!(OptionCard::CrabLegs.programming(), Programming::Stack);
/// assert_eq!(OptionCard::MineLayer.programming(), Programming::Gadget);
/// assert_eq!(OptionCard::Brakes.programming(), Programming::None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Programming {
    /// Not part of the program action (run-time, mandatory, weapons, and
    /// the turn-programmed cards that park program cards, not yet here).
    None,
    /// A side of the robot chosen each turn: Shield, Reflector, Turret.
    Side,
    /// Switched on or off each turn: Gyroscopic Stabilizer, Option Damping
    /// Field, Homing Device.
    Switch,
    /// Lets a register hold a second card: Crab Legs, Dual Processor,
    /// Overload Override.
    Stack,
    /// A gadget placed in a register (at most one per register).
    Gadget,
    /// A movement option placed in a register, acting before its card:
    /// Big Jet, Retro-Rockets (placed again in the same register to spend
    /// another fuel token).
    Movement,
}

impl OptionCard {
    /// How this option is programmed ([`Programming::None`] when it is not).
    #[must_use]
    pub fn programming(self) -> Programming {
        use OptionCard as O;
        match self {
            O::Shield | O::Reflector | O::Turret => Programming::Side,
            O::GyroscopicStabilizer | O::OptionDampingField | O::HomingDevice => {
                Programming::Switch
            }
            O::CrabLegs | O::DualProcessor | O::OverloadOverride => Programming::Stack,
            O::TheBigOne
            | O::BridgeLayer
            | O::GooDropper
            | O::MineLayer
            | O::PortableTeleporter
            | O::ProximityMine
            | O::ScramblerBomb
            | O::SelfDestruct => Programming::Gadget,
            O::BigJet | O::RetroRockets => Programming::Movement,
            _ => Programming::None,
        }
    }
}

/// A turn-programmed option's setting for one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicSetting")
)]
pub enum Setting {
    /// The side of the robot it faces (Shield, Reflector, Turret).
    Side(Rel),
    /// Switched on (`true`) or off (Gyroscopic Stabilizer, Option Damping
    /// Field, Homing Device).
    Switch(bool),
}

/// What a robot has programmed on its options this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicOptionProgram")
)]
pub struct OptionProgram {
    /// Turn-programmed settings, one per option, in the order first set.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub settings: Vec<(OptionCard, Setting)>,
    /// Phase-programmed options by register (1 to 5), in the order placed:
    /// gadgets, Big Jet and Retro-Rockets (once per fuel token), the option
    /// that lets the register hold its second card, and Overload Override
    /// in a register it leaves empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub placed: Vec<(u8, OptionCard)>,
    /// The register in which its Shield stopped a token this turn (0:
    /// none; it stops one a register).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub shield_spent: u8,
}

/// Serde's test for a field left out.
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl OptionProgram {
    /// Nothing programmed.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.settings.is_empty() && self.placed.is_empty() && self.shield_spent == 0
    }

    /// The setting of `option` this turn, if it was set.
    #[must_use]
    pub fn setting(&self, option: OptionCard) -> Option<Setting> {
        self.settings
            .iter()
            .find(|(o, _)| *o == option)
            .map(|&(_, s)| s)
    }

    /// The side `option` faces this turn (front unless set otherwise).
    #[must_use]
    pub fn side(&self, option: OptionCard) -> Rel {
        match self.setting(option) {
            Some(Setting::Side(side)) => side,
            _ => Rel::Forward,
        }
    }

    /// Is `option` switched on this turn (off unless set)?
    #[must_use]
    pub fn is_on(&self, option: OptionCard) -> bool {
        self.setting(option) == Some(Setting::Switch(true))
    }

    /// The options placed in register `register`, in the order placed.
    pub fn in_register(&self, register: u8) -> impl Iterator<Item = OptionCard> + '_ {
        self.placed
            .iter()
            .filter(move |&&(r, _)| r == register)
            .map(|&(_, o)| o)
    }

    /// Times `option` is placed this turn, across the registers.
    #[must_use]
    pub fn uses(&self, option: OptionCard) -> usize {
        self.placed.iter().filter(|&&(_, o)| o == option).count()
    }

    /// The option that lets register `register` hold a second card.
    #[must_use]
    pub fn stacked_by(&self, register: u8) -> Option<OptionCard> {
        self.in_register(register)
            .find(|o| o.programming() == Programming::Stack)
    }

    /// Forgets the options placed in register `register`.
    pub fn clear_register(&mut self, register: u8) {
        self.placed.retain(|&(r, _)| r != register);
    }
}

/// May `option` put cards of kinds `a` (the primary) and `b` in one
/// register? Crab Legs: a Move 1 and a Rotate Left or Right. Dual
/// Processor: a Move 2 or 3 and a Rotate Left or Right, or a Move 3 and a
/// U-Turn (the rulebook's table). Overload Override: any two cards.
///
/// ```
/// use variant_classic::cards::Kind;
/// use variant_classic::options::OptionCard;
/// use variant_classic::race::stacks;
/// assert!(stacks(OptionCard::CrabLegs, Kind::RotateLeft, Kind::Move1));
/// assert!(!stacks(OptionCard::CrabLegs, Kind::Move2, Kind::RotateLeft));
/// assert!(stacks(OptionCard::DualProcessor, Kind::Move3, Kind::UTurn));
/// assert!(!stacks(OptionCard::DualProcessor, Kind::Move2, Kind::UTurn));
/// assert!(stacks(OptionCard::OverloadOverride, Kind::BackUp, Kind::Move3));
/// ```
#[must_use]
pub fn stacks(option: OptionCard, a: Kind, b: Kind) -> bool {
    let pair = |x: Kind, y: Kind| match option {
        OptionCard::CrabLegs => {
            x == Kind::Move1 && matches!(y, Kind::RotateLeft | Kind::RotateRight)
        }
        OptionCard::DualProcessor => matches!(
            (x, y),
            (
                Kind::Move2 | Kind::Move3,
                Kind::RotateLeft | Kind::RotateRight
            ) | (Kind::Move3, Kind::UTurn)
        ),
        OptionCard::OverloadOverride => true,
        _ => false,
    };
    pair(a, b) || pair(b, a)
}

/// Is `register` a register number (1 to 5)?
fn check_register(register: u8) -> Result<usize, Reason> {
    if (1..=REGISTERS as u8).contains(&register) {
        Ok(usize::from(register - 1))
    } else {
        Err(Reason::NoSuchRegister(register))
    }
}

/// Does the robot hold `option`, which is programmed the way `how` says?
fn check_option(r: &Robot, option: OptionCard, how: &[Programming]) -> Result<(), Reason> {
    if !r.has(option) {
        return Err(Reason::NotHeld(option));
    }
    if !how.contains(&option.programming()) {
        return Err(Reason::NotProgrammedThisWay(option));
    }
    Ok(())
}

impl Robot {
    /// Sets `option` to `setting` for this turn.
    ///
    /// # Errors
    /// The robot does not hold it, it is not turn-programmed, or the
    /// setting is not one it takes; the robot is unchanged.
    pub fn set_option(&mut self, option: OptionCard, setting: Setting) -> Result<(), Reason> {
        check_option(self, option, &[Programming::Side, Programming::Switch])?;
        let fits = matches!(
            (option.programming(), setting),
            (Programming::Side, Setting::Side(_)) | (Programming::Switch, Setting::Switch(_))
        );
        if !fits {
            return Err(Reason::WrongSetting(option, setting));
        }
        match self.program.settings.iter_mut().find(|(o, _)| *o == option) {
            Some(entry) => entry.1 = setting,
            None => self.program.settings.push((option, setting)),
        }
        Ok(())
    }

    /// Puts `card` of the hand in register `register` beside its primary
    /// card, as `option` allows.
    ///
    /// # Errors
    /// See [`Robot::check_stack`]; the robot is unchanged.
    pub fn stack(&mut self, register: u8, card: Card, option: OptionCard) -> Result<(), Reason> {
        let (slot, i) = self.check_stack(register, card, option)?;
        self.hand.remove(i);
        self.extra[slot].push(card);
        self.program.placed.push((register, option));
        Ok(())
    }

    /// May `card` of the hand go in register `register` beside its
    /// primary card, as `option` allows? The register's index and the
    /// card's place in the hand if so.
    ///
    /// # Errors
    /// No such register, locked, without a primary card or with a second
    /// card already; the option not held or not one that stacks, or not
    /// for these two cards; the card not in the hand.
    pub fn check_stack(
        &self,
        register: u8,
        card: Card,
        option: OptionCard,
    ) -> Result<(usize, usize), Reason> {
        let slot = check_register(register)?;
        check_option(self, option, &[Programming::Stack])?;
        if self.is_locked(register) {
            return Err(Reason::Locked(register));
        }
        let Some(primary) = self.registers[slot] else {
            return Err(Reason::NoPrimaryCard(register));
        };
        if !self.extra[slot].is_empty() || self.program.stacked_by(register).is_some() {
            return Err(Reason::AlreadyStacked(register));
        }
        let Some(i) = self.hand.iter().position(|&c| c == card) else {
            return Err(Reason::NotInHand(card));
        };
        if !stacks(option, primary.kind, card.kind) {
            return Err(Reason::DoNotStack {
                option,
                primary,
                card,
            });
        }
        Ok((slot, i))
    }

    /// Places phase-programmed `option` in register `register`; Overload
    /// Override placed in an empty register leaves it empty this turn.
    ///
    /// # Errors
    /// See [`Robot::check_place`]; the robot is unchanged.
    pub fn place(&mut self, register: u8, option: OptionCard) -> Result<(), Reason> {
        self.check_place(register, option)?;
        self.program.placed.push((register, option));
        Ok(())
    }

    /// May phase-programmed `option` be placed in register `register`?
    ///
    /// # Errors
    /// No such register or locked; the option not held or not placed this
    /// way; a second gadget, or a second movement option, in the register;
    /// a gadget already in the register (a booster may come again while it
    /// has fuel: one token each time); more uses this turn than its payload
    /// left; Overload Override in a register holding a card or already
    /// left empty.
    pub fn check_place(&self, register: u8, option: OptionCard) -> Result<(), Reason> {
        let slot = check_register(register)?;
        if option == OptionCard::OverloadOverride {
            check_option(self, option, &[Programming::Stack])?;
        } else {
            check_option(self, option, &[Programming::Gadget, Programming::Movement])?;
        }
        if self.is_locked(register) {
            return Err(Reason::Locked(register));
        }
        let kind = option.programming();
        for other in self.program.in_register(register) {
            if other == option && kind != Programming::Movement {
                return Err(Reason::AlreadyPlaced(register, option));
            }
            if other != option && other.programming() == kind && kind != Programming::Stack {
                return Err(Reason::RegisterTaken(register, other));
            }
        }
        if kind == Programming::Stack && self.registers[slot].is_some() {
            return Err(Reason::RegisterFilled(register));
        }
        if option.payload() > 0 {
            let left = self
                .options
                .iter()
                .find(|h| h.card == option)
                .map_or(0, |h| h.payload);
            if self.program.uses(option) >= usize::from(left) {
                return Err(Reason::NoPayload(option));
            }
        }
        Ok(())
    }

    /// A new turn's option program: the settings are gone, and so are the
    /// options placed in registers, except in locked registers that keep
    /// their cards.
    pub fn new_option_program(&mut self) {
        self.marks.damped = false;
        self.marks.radio = None;
        if self.program.is_empty() {
            return;
        }
        self.program.settings.clear();
        self.program.shield_spent = 0;
        let registers = self.registers;
        let damage = self.damage;
        self.program.placed.retain(|&(r, _)| {
            super::super::locked(damage, r) && registers[usize::from(r.clamp(1, 5) - 1)].is_some()
        });
    }

    /// Is register `register` left empty by Overload Override?
    #[must_use]
    pub fn left_empty(&self, register: u8) -> bool {
        let slot = usize::from(register.clamp(1, REGISTERS as u8) - 1);
        self.registers[slot].is_none()
            && self
                .program
                .in_register(register)
                .any(|o| o == OptionCard::OverloadOverride)
    }

    /// The program actions of the option part open to this robot now, in
    /// no particular order, appended to `out`. Each is accepted if taken;
    /// a setting is listed only where it changes something (a side not yet
    /// set lists all four).
    pub fn program_option_actions(&self, out: &mut Vec<Action>) {
        for held in &self.options {
            let option = held.card;
            match option.programming() {
                Programming::Side => {
                    let now = self.program.setting(option);
                    for side in [Rel::Forward, Rel::Back, Rel::Left, Rel::Right] {
                        let setting = Setting::Side(side);
                        if now != Some(setting) {
                            out.push(Action::Set { option, setting });
                        }
                    }
                }
                Programming::Switch => out.push(Action::Set {
                    option,
                    setting: Setting::Switch(!self.program.is_on(option)),
                }),
                Programming::Stack => {
                    for register in 1..=REGISTERS as u8 {
                        for &card in &self.hand {
                            if self.check_stack(register, card, option).is_ok() {
                                out.push(Action::Stack {
                                    register,
                                    card,
                                    option,
                                });
                            }
                        }
                        if option == OptionCard::OverloadOverride
                            && self.check_place(register, option).is_ok()
                        {
                            out.push(Action::Gadget { register, option });
                        }
                    }
                }
                Programming::Gadget | Programming::Movement => {
                    for register in 1..=REGISTERS as u8 {
                        if self.check_place(register, option).is_ok() {
                            out.push(Action::Gadget { register, option });
                        }
                    }
                }
                Programming::None => {}
            }
        }
    }
}

impl Race {
    /// A programming player's option part of the program action.
    pub(in crate::race) fn program_option(
        &mut self,
        p: PlayerId,
        action: Action,
    ) -> Result<(), Reason> {
        let Some(r) = self.robots.get_mut(p.index()) else {
            return Err(Reason::NotAnOption(action));
        };
        if r.programmed {
            return Err(Reason::AlreadyProgrammed);
        }
        match action {
            Action::Set { option, setting } => r.set_option(option, setting),
            Action::Stack {
                register,
                card,
                option,
            } => r.stack(register, card, option),
            Action::Gadget { register, option } => r.place(register, option),
            other => Err(Reason::NotAnOption(other)),
        }
    }
}

impl std::fmt::Display for Setting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Setting::Side(Rel::Forward) => "front",
            Setting::Side(Rel::Back) => "back",
            Setting::Side(Rel::Left) => "left",
            Setting::Side(Rel::Right) => "right",
            Setting::Switch(true) => "on",
            Setting::Switch(false) => "off",
        })
    }
}

impl std::str::FromStr for Setting {
    type Err = String;
    /// `front`, `back`, `left`, `right`, `on` or `off` (any case).
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "front" | "forward" => Setting::Side(Rel::Forward),
            "back" => Setting::Side(Rel::Back),
            "left" => Setting::Side(Rel::Left),
            "right" => Setting::Side(Rel::Right),
            "on" => Setting::Switch(true),
            "off" => Setting::Switch(false),
            other => {
                return Err(format!(
                    "no setting {other:?} (front, back, left, right, on, off)"
                ))
            }
        })
    }
}

impl Race {
    /// What `me` sees of robot `i`'s option program, and of its second
    /// cards (register, card): all of it for its owner. For the others,
    /// the turn-programmed settings once programming is over (they are
    /// chosen face down with the cards, and the register phase shows
    /// them), and what a register holds beside its card as the register's
    /// card is shown (revealed, or locked).
    pub(in crate::race) fn program_seen(
        &self,
        i: usize,
        me: PlayerId,
    ) -> (OptionProgram, Vec<(u8, Card)>) {
        let r = &self.robots[i];
        let owner = i == me.index();
        let shown = |register: u8| owner || register <= self.register || r.is_locked(register);
        let programming =
            self.waiting == robo_core::agenda::Waiting::All(super::super::Decision::Program);
        let program = OptionProgram {
            settings: if owner || !programming {
                r.program.settings.clone()
            } else {
                Vec::new()
            },
            placed: r
                .program
                .placed
                .iter()
                .copied()
                .filter(|&(reg, _)| shown(reg))
                .collect(),
            shield_spent: r.program.shield_spent,
        };
        let stacked = (1..=REGISTERS as u8)
            .filter(|&reg| shown(reg))
            .flat_map(|reg| r.extra[usize::from(reg - 1)].iter().map(move |&c| (reg, c)))
            .collect();
        (program, stacked)
    }
}
