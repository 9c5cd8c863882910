//! The option part's turn: what a programmer may do now, the action
//! applied, and the new turn's wipe.

use super::{Programming, Setting};
use crate::options::OptionCard;
use crate::race::{Action, Race, Reason, Robot, REGISTERS};
use robo_core::geom::Rel;
use robo_core::ids::PlayerId;

impl Robot {
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
            crate::race::locked(damage, r) && registers[usize::from(r.clamp(1, 5) - 1)].is_some()
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
