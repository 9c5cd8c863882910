//! What each player sees of a robot's option program.

use super::OptionProgram;
use crate::cards::Card;
use crate::race::{Race, REGISTERS};
use robo_core::ids::PlayerId;

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
        let shown = |register: u8| owner || register <= self.core.register || r.is_locked(register);
        let programming =
            self.core.waiting == robo_core::agenda::Waiting::All(crate::race::Decision::Program);
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
