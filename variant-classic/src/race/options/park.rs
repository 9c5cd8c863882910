//! Options that keep a leftover card aside after programming
//! ([`Action::Park`](crate::race::Action::Park), part of the program
//! action once the registers are full): Flywheel (a movement card saved
//! for a later turn's hand), Conditional (a card that may take a
//! register's place before its reveal this turn) and Robo-Copter (a
//! movement card run in every register this turn, [`super::copter`]).

use super::super::{Action, Event, Race, Reason, REGISTERS};
use crate::cards::{Card, Kind};
use crate::options::OptionCard;
use robo_core::ids::PlayerId;

/// Can option `option` hold card `card` (Flywheel and Robo-Copter:
/// movement cards only)?
fn fits(option: OptionCard, card: Card) -> bool {
    match option {
        OptionCard::Flywheel | OptionCard::RoboCopter => matches!(
            card.kind,
            Kind::Move1 | Kind::Move2 | Kind::Move3 | Kind::BackUp
        ),
        OptionCard::Conditional => true,
        _ => false,
    }
}

/// The options that park a card.
const PARKS: [OptionCard; 3] = [
    OptionCard::Conditional,
    OptionCard::Flywheel,
    OptionCard::RoboCopter,
];

impl Race {
    /// The parking a programmer whose registers are full may do: each
    /// card of its hand that fits an empty Flywheel, Conditional or
    /// Robo-Copter it holds.
    pub(in crate::race) fn park_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        let Some(r) = self.robots.get(p.index()) else {
            return;
        };
        if r.options.is_empty() {
            return;
        }
        for option in PARKS {
            if !r.has(option) || r.marks.parked(option).is_some() {
                continue;
            }
            for &card in &r.hand {
                if fits(option, card) {
                    out.push(Action::Park { option, card });
                }
            }
        }
    }

    /// Robot `p` parks `card` of its hand on `option`.
    ///
    /// # Errors
    /// The option is not held or already holds a card, the card is not in
    /// the hand or does not fit, or registers are still open.
    pub(in crate::race) fn park(
        &mut self,
        p: PlayerId,
        option: OptionCard,
        card: Card,
    ) -> Result<(), Reason> {
        let r = self
            .robots
            .get_mut(p.index())
            .ok_or(Reason::NotAnOption(Action::Park { option, card }))?;
        if !r.has(option) || !PARKS.contains(&option) {
            return Err(Reason::OptionNotHeld(option));
        }
        if r.next_open().is_some() {
            return Err(Reason::ParkTooEarly);
        }
        if r.marks.parked(option).is_some() {
            return Err(Reason::AlreadyParked(option));
        }
        let i = r
            .hand
            .iter()
            .position(|&c| c == card)
            .ok_or(Reason::NotInHand(card))?;
        if !fits(option, card) {
            return Err(Reason::DoesNotFit(option, card));
        }
        r.hand.remove(i);
        match option {
            OptionCard::Flywheel => r.marks.flywheel = Some(card),
            OptionCard::RoboCopter => r.marks.copter = Some(card),
            _ => r.marks.conditional = Some(card),
        }
        Ok(())
    }

    /// Flywheel: the card it saved joins robot `i`'s hand at its deal.
    pub(in crate::race) fn unpark_flywheel(&mut self, i: usize) {
        let r = &mut self.robots[i];
        if let Some(card) = r.marks.flywheel.take() {
            r.hand.push(card);
            r.hand.sort();
            self.emit(Event::OptionUsed {
                player: PlayerId(i as u8),
                option: OptionCard::Flywheel,
            });
        }
    }

    /// Conditional: before register `register` is revealed, each running
    /// robot with a card parked on it and a card in that register is asked
    /// whether the parked card takes the register's place (asked once per
    /// register; the register is put back on the agenda under the
    /// questions). Returns whether it asked.
    pub(in crate::race) fn conditional_asks(&mut self, register: u8) -> bool {
        self.ask_before_reveal(
            register,
            OptionCard::Conditional,
            |r| r.marks.conditional.is_some(),
            |m| &mut m.conditional_asked,
        )
    }

    /// Conditional used: the parked card takes the place of robot `p`'s
    /// card of the coming register (that card is discarded).
    pub(in crate::race) fn play_conditional(&mut self, p: PlayerId) {
        let register = self.robots[p.index()].marks.conditional_asked.1;
        let slot = usize::from(register.clamp(1, REGISTERS as u8) - 1);
        let r = &mut self.robots[p.index()];
        let Some(card) = r.marks.conditional.take() else {
            return;
        };
        r.registers[slot] = Some(card);
        r.extra[slot].clear();
        self.emit(Event::OptionUsed {
            player: p,
            option: OptionCard::Conditional,
        });
    }
}
