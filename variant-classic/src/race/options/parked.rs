//! What each player sees of the cards options keep aside (Flywheel,
//! Conditional, Robo-Copter): the owner sees each card; the others see
//! that the option holds a card, face down, except Robo-Copter's card
//! once the registers run (it is run in the open, every register).

use crate::cards::Card;
use crate::options::OptionCard;
use crate::race::{Decision, Race};
use robo_core::agenda::Waiting;
use robo_core::ids::PlayerId;
use serde::{Deserialize, Serialize};

/// A card an option keeps aside, as one player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicParkedCard")
)]
pub struct ParkedCard {
    /// The option keeping it (Flywheel, Conditional or Robo-Copter).
    pub option: OptionCard,
    /// The card, face up (`None`: face down, to a player who may not see
    /// it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<Card>,
}

impl Race {
    /// The cards robot `i`'s options keep aside as `me` sees them (see
    /// the module).
    pub(in crate::race) fn parked_seen(&self, i: usize, me: PlayerId) -> Vec<ParkedCard> {
        let Some(r) = self.robots.get(i) else {
            return Vec::new();
        };
        let m = &r.marks;
        if m.flywheel.is_none() && m.conditional.is_none() && m.copter.is_none() {
            return Vec::new();
        }
        let owner = i == me.index();
        let running =
            self.core.register > 0 && self.core.waiting != Waiting::All(Decision::Program);
        [
            (OptionCard::Flywheel, m.flywheel, false),
            (OptionCard::Conditional, m.conditional, false),
            (OptionCard::RoboCopter, m.copter, running),
        ]
        .into_iter()
        .filter_map(|(option, card, open)| {
            let card = card?;
            Some(ParkedCard {
                option,
                card: (owner || open).then_some(card),
            })
        })
        .collect()
    }
}
