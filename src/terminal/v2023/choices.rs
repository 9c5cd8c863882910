//! Readable labels for the options of a decision, and questions in words.

use robo_core::geom::{Dir, Turn};
use variant_2023::actions::{Pile, Rel, Side};
use variant_2023::cards::CardId;
use variant_2023::{Action, Decision, Upgrade, UpgradeUse, View, Weapon};

/// A label for one option, in words. Cards of the viewer's hand are named
/// with their number in the hand, as listed by
/// [`draw_hand`](super::draw_hand).
///
/// ```
/// use robo_core::geom::Dir;
/// use roborally::terminal::label;
/// use variant_2023::{Action, Upgrade, Weapon};
/// # use robo_core::{Game, PlayerId};
/// # use variant_2023::{courses, Race, Setup};
/// # let race = Race::new(Setup::new(courses::course("Milk Run").unwrap(), 2), 1).unwrap();
/// let view = race.view(PlayerId(0));
/// assert_eq!(label(&Action::Face(Dir::E), &view), "face E (right, >)");
/// assert_eq!(
///     label(&Action::Fire(Weapon::Upgrade(Upgrade::RailGun)), &view),
///     "fire Rail Gun: The main laser passes walls and robots; every robot hit is damaged."
/// );
/// ```
#[must_use]
pub fn label(action: &Action, view: &View) -> String {
    match action {
        Action::BlockStart(p) => format!("cover the start space {p} with your energy cube"),
        Action::ChooseStart(p) => format!("start at {p}"),
        Action::DrawUpgrade => "buy an upgrade card for 1 energy".to_string(),
        Action::Install {
            upgrade,
            discard: None,
        } => format!(
            "install {upgrade} for {} energy: {}",
            upgrade.cost(),
            upgrade.text()
        ),
        Action::Install {
            upgrade,
            discard: Some(d),
        } => format!(
            "install {upgrade} for {} energy, discarding {d}: {}",
            upgrade.cost(),
            upgrade.text()
        ),
        Action::Uninstall(u) => format!("uninstall and discard {u}"),
        Action::Use(u) => format!("use {}", use_text(*u)),
        Action::Done => match view.asked {
            Some(Decision::Upgrades) => "done with upgrades for this round".to_string(),
            Some(Decision::Window { .. }) => "use nothing now".to_string(),
            _ => "done".to_string(),
        },
        Action::Program(p) => format!("program {p}"),
        Action::ShutDown => {
            "shut down this round (no program; damage in hand and registers is discarded)"
                .to_string()
        }
        Action::TimeUp(_) => "time's up: fill the open registers at random".to_string(),
        Action::ReturnCard(c) => format!("put {} back on top of your deck", hand_card(*c, view)),
        Action::Face(d) => format!("face {}", dir_text(*d)),
        Action::Brake(true) => "brake: the Move 1 moves 0".to_string(),
        Action::Brake(false) => "no brake: move 1".to_string(),
        Action::Rotate(t) => match t {
            Turn::Left => "rotate left".to_string(),
            Turn::Right => "rotate right".to_string(),
            Turn::UTurn => "U-turn".to_string(),
        },
        Action::Sidestep(Side::Left) => "move 2 to your left".to_string(),
        Action::Sidestep(Side::Right) => "move 2 to your right".to_string(),
        Action::PayEnergy(k) => format!("pay {k} energy and move {}", 2 * u16::from(*k)),
        Action::Remove { pile, card } => format!(
            "remove {} {card} from your {} from the game",
            if card.to_string().starts_with(['A', 'E', 'I', 'O']) {
                "an"
            } else {
                "a"
            },
            match pile {
                Pile::Hand => "hand",
                Pile::Discard => "discard pile",
            }
        ),
        Action::KeepAll => "remove nothing".to_string(),
        Action::InstallFree(u) => format!("install {u} for free this round: {}", u.text()),
        Action::First(c) => format!("resolve {} first", c.card()),
        Action::Fire(Weapon::MainLaser) => "fire the main laser".to_string(),
        Action::Fire(Weapon::Upgrade(u)) => format!("fire {}", upgrade_text(*u)),
        Action::Shield(true) => "pay 1 energy: Deflector Shield stops the damage".to_string(),
        Action::Shield(false) => "take the damage, keep the energy".to_string(),
        Action::Shift(None) => "stay".to_string(),
        Action::Shift(Some(r)) => format!(
            "step 1 {}",
            match r {
                Rel::Forward => "forward",
                Rel::Back => "back",
                Rel::Left => "to your left",
                Rel::Right => "to your right",
            }
        ),
        Action::Follow(true) => "follow the robot".to_string(),
        Action::Follow(false) => "stay".to_string(),
        Action::Pierce(None) => "do not use Piercing Drill".to_string(),
        Action::Pierce(Some(d)) => {
            format!(
                "use Piercing Drill, turning the pushed robot to {}",
                dir_text(*d)
            )
        }
        Action::Exchange(None) => "keep Modular Chassis".to_string(),
        Action::Exchange(Some(u)) => format!("trade Modular Chassis for {u}"),
        Action::PlayHaywire(true) => "play the Haywire instead of the revealed card".to_string(),
        Action::PlayHaywire(false) => "discard the Haywire, keep the revealed card".to_string(),
    }
}

/// The question of a decision, in words.
#[must_use]
pub fn question(decision: Decision) -> String {
    match decision {
        Decision::BlockStart => "Cover a start space with your energy cube:".to_string(),
        Decision::ChooseStart => "Choose your start space:".to_string(),
        Decision::Upgrades => "Upgrade phase:".to_string(),
        Decision::Program => "Program your registers:".to_string(),
        Decision::Window { after: false } => "Before your card: use an upgrade?".to_string(),
        Decision::Window { after: true } => "After your card: use an upgrade?".to_string(),
        Decision::RebootFacing => "Your robot reboots. Which way should it face?".to_string(),
        Decision::Brakes => "Brakes: you revealed a Move 1.".to_string(),
        Decision::Haywire(h) => format!("Haywire ({}):", h.text()),
        Decision::Order => "Which revealed card resolves first?".to_string(),
        Decision::Weapon => "Which weapon do you fire?".to_string(),
        Decision::Shield => "Deflector Shield: damage is coming.".to_string(),
        Decision::EnergyConversion => "Energy Conversion: a board laser hit you.".to_string(),
        Decision::Slide(u) => format!("{u}: you may step after your rotation."),
        Decision::Magnetic => "Magnetic: an adjacent robot moved.".to_string(),
        Decision::PiercingDrill => "Piercing Drill: you pushed a robot.".to_string(),
        Decision::ModularChassis => "Modular Chassis: you pushed a robot.".to_string(),
        Decision::LuckyBooster => "Lucky Booster found a Haywire.".to_string(),
        Decision::SelfDiagnostics => "Self-Diagnostics: remove a card from the game?".to_string(),
    }
}

fn upgrade_text(u: Upgrade) -> String {
    format!("{u}: {}", u.text())
}

fn use_text(u: UpgradeUse) -> String {
    match u {
        UpgradeUse::Boink(d) => format!("Boink towards {}", dir_text(d)),
        UpgradeUse::ReInitialize(p) => format!("Re-Initialize, giving priority to {p}"),
        UpgradeUse::Switch(p) => format!("Switch, swapping places with {p}"),
        UpgradeUse::Zoop(d) => format!("Zoop to face {}", dir_text(d)),
        other => upgrade_text(other.upgrade()),
    }
}

/// `N (up, ^)`: a compass letter with where it points on the drawn board.
fn dir_text(d: Dir) -> String {
    let word = match d {
        Dir::N => "up",
        Dir::E => "right",
        Dir::S => "down",
        Dir::W => "left",
    };
    format!("{d} ({word}, {})", d.arrow())
}

/// `Move 1 (hand card 3)`.
fn hand_card(c: CardId, view: &View) -> String {
    match view.hand.iter().position(|s| s.id == c) {
        Some(i) => format!("{} (hand card {})", c.card(), i + 1),
        None => c.card().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::{Game, PlayerId};
    use variant_2023::{courses, Race, Setup};

    fn view() -> View {
        let race = Race::new(Setup::new(courses::course("Milk Run").unwrap(), 2), 3).unwrap();
        race.view(PlayerId(0))
    }

    #[test]
    fn every_label_is_words_not_debug_output() {
        let v = view();
        let actions = [
            Action::DrawUpgrade,
            Action::Install {
                upgrade: Upgrade::Brakes,
                discard: Some(Upgrade::Spiky),
            },
            Action::Use(UpgradeUse::Switch(PlayerId(1))),
            Action::PayEnergy(3),
            Action::Remove {
                pile: Pile::Discard,
                card: variant_2023::Card::Spam,
            },
            Action::Shift(Some(Rel::Back)),
            Action::Pierce(Some(Dir::W)),
            Action::First(CardId(44)),
        ];
        for a in &actions {
            let l = label(a, &v);
            assert!(!l.contains("Some(") && !l.contains('{'), "{l}");
        }
        assert_eq!(label(&Action::PayEnergy(3), &v), "pay 3 energy and move 6");
        assert_eq!(
            label(&actions[1], &v),
            "install Brakes for 2 energy, discarding Spiky: \
             A revealed Move 1 card may move 0 instead."
        );
        let again = Action::Remove {
            pile: Pile::Hand,
            card: variant_2023::Card::Again,
        };
        assert_eq!(
            label(&again, &v),
            "remove an Again from your hand from the game"
        );
        assert_eq!(
            label(&Action::First(CardId(44)), &v),
            "resolve Move 2 first"
        );
    }

    #[test]
    fn a_card_put_back_is_named_by_its_hand_number() {
        let mut race = Race::new(Setup::new(courses::course("Milk Run").unwrap(), 2), 3).unwrap();
        let mut rng = robo_core::Rng::from_seed(3);
        while race.view(PlayerId(0)).hand.is_empty() {
            let p = race.pending().players()[0];
            let a = race.sample_action(p, &mut rng).unwrap();
            race.apply(p, a).unwrap();
        }
        let v = race.view(PlayerId(0));
        let second = v.hand[1];
        let l = label(&Action::ReturnCard(second.id), &v);
        assert_eq!(
            l,
            format!("put {} (hand card 2) back on top of your deck", second.card)
        );
    }
}
