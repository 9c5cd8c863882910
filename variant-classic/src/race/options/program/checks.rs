//! The checks of the program action's option part and the storage of
//! what it programs on the robot: settings, second cards, placed options.

use super::{Programming, Setting};
use crate::cards::{Card, Kind};
use crate::options::OptionCard;
use crate::race::{Reason, Robot, REGISTERS};

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
}
