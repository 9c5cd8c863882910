//! The conquest game's terms in words: counts, dice, what cards and
//! leaders do.

use variant_conquest::battle::Dice;
use variant_conquest::{Card, Leader, Mode};

/// `n` things, in the plural unless one: `1 robot`, `3 robots`, `2 dice`.
///
/// ```
/// use roborally::words::count;
/// assert_eq!(count(1u8, "robot"), "1 robot");
/// assert_eq!(count(0u8, "robot"), "0 robots");
/// assert_eq!(count(2u8, "die"), "2 dice");
/// ```
#[must_use]
pub fn count(n: impl Into<u32>, thing: &str) -> String {
    match (n.into(), thing) {
        (1, _) => format!("1 {thing}"),
        (n, "die") => format!("{n} dice"),
        (n, "army") => format!("{n} armies"),
        (n, _) => format!("{n} {thing}s"),
    }
}

/// Dice as they count, high to low, with the roll before modifiers when
/// a modifier changed it: `6-4-2`, `6-5 (rolled 5-5)`.
#[must_use]
pub fn dice_text(d: &Dice) -> String {
    let show = |v: &[u8]| {
        v.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("-")
    };
    if d.rolled() == d.values() {
        show(d.values())
    } else {
        format!("{} (rolled {})", show(d.values()), show(d.rolled()))
    }
}

/// What a card does, in a few words.
///
/// ```
/// use roborally::words::card_effect;
/// use variant_conquest::Card;
/// assert_eq!(card_effect(Card::Blitz), "the defender rolls only one die");
/// ```
#[must_use]
pub fn card_effect(card: Card) -> &'static str {
    match card {
        Card::Reinforcements => "3 more robots to place",
        Card::EmergencyRecall => "2 more robots to place",
        Card::FactoryOverdrive => {
            "3 more robots to place if you hold an open secret factory, else 1"
        }
        Card::IonBlaster => "+1 on your highest die when you attack",
        Card::TargetingScanner => "you win ties when you attack",
        Card::Blitz => "the defender rolls only one die",
        Card::ForceField => "+1 on your highest die when you defend",
        Card::ArmorPlating => "when you defend, your first lost comparison costs no robot",
        Card::Smokescreen => "-1 on the attacker's highest die when you defend",
        Card::SpaceBridge => "turn a rotating piece of the map one step (morph phase)",
        Card::SeismicShift => "slide a sliding piece of the map one step (morph phase)",
        Card::Transwarp => "your leader jumps alone to any zone you hold (morph phase)",
        Card::RapidTransit => "one more backup move this turn",
    }
}

/// What a leader does in a mode, in a few words.
///
/// ```
/// use roborally::words::leader_effect;
/// use variant_conquest::{Leader, Mode};
/// assert!(leader_effect(Leader::Megatron, Mode::Vehicle).contains("2 more robots"));
/// ```
#[must_use]
pub fn leader_effect(leader: Leader, mode: Mode) -> &'static str {
    match (leader, mode) {
        (Leader::OptimusPrime, Mode::Robot) => "+1 on his side's highest die in his battles",
        (Leader::OptimusPrime, Mode::Vehicle) => {
            "backup moves may go to any zone joined by a chain of your zones"
        }
        (Leader::Bumblebee, Mode::Robot) => "his side wins ties in his battles",
        (Leader::Bumblebee, Mode::Vehicle) => "two backup moves a turn instead of one",
        (Leader::Megatron, Mode::Robot) => "-1 on the other side's highest die in his battles",
        (Leader::Megatron, Mode::Vehicle) => "2 more robots to place every turn",
        (Leader::Barricade, Mode::Robot) => "+1 on his side's lowest die in his battles",
        (Leader::Barricade, Mode::Vehicle) => "attacks on his zone roll at most 2 dice",
    }
}
