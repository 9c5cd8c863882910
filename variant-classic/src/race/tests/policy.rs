//! The random policy exercises every option: random legal games with
//! options dealt to every robot take every kind of [`Action`] (each kind
//! is produced by the legal-action list in some state they reach), use
//! every option an action names, launch buzz bombs, end, and keep the
//! game's invariants after every action.

use crate::courses;
use crate::options::{Class, OptionCard};
use crate::race::{Action, Decision, Race, Setup};
use robo_core::protocol::{Pending, RandomPolicy};
use robo_core::{Game, Policy, Rng};

/// The kinds of action, one name per [`Action`] variant.
const KINDS: [&str; 27] = [
    "Program",
    "Announce",
    "StayDown",
    "Dock",
    "Chop",
    "Enter",
    "Face",
    "TimeUp",
    "Prevent",
    "LoseOption",
    "Distance",
    "Fire",
    "UseOption",
    "Reengineer",
    "KeepOption",
    "TakeOption",
    "Aim",
    "Park",
    "Set",
    "Stack",
    "Gadget",
    "Hop",
    "Park Flywheel",
    "Park Conditional",
    "Park Robo-Copter",
    "Bomb",
    "Scavenge",
];

/// The kind of `a` (an index in [`KINDS`]); a parked card also counts
/// under its option (see [`park_kind`]).
fn kind(a: &Action) -> usize {
    match a {
        Action::Program(_) => 0,
        Action::Announce(_) => 1,
        Action::StayDown(_) => 2,
        Action::Dock(_) => 3,
        Action::Chop(_) => 4,
        Action::Enter { .. } => 5,
        Action::Face(_) => 6,
        Action::TimeUp => 7,
        Action::Prevent(_) => 8,
        Action::LoseOption(_) => 9,
        Action::Distance(_) => 10,
        Action::Fire(_) => 11,
        Action::UseOption(_) => 12,
        Action::Reengineer(_) => 13,
        Action::KeepOption(_) => 14,
        Action::TakeOption(_) => 15,
        Action::Aim(_) => 16,
        Action::Park { .. } => 17,
        Action::Set { .. } => 18,
        Action::Stack { .. } => 19,
        Action::Gadget { .. } => 20,
        Action::Hop(_) => 21,
        Action::Bomb(_) => 25,
        Action::Scavenge(_) => 26,
    }
}

/// The kind of a parked card by its option (Flywheel, Conditional,
/// Robo-Copter), for the options that park one.
fn park_kind(a: &Action) -> Option<usize> {
    use crate::options::OptionCard as O;
    match a {
        Action::Park { option, .. } => match option {
            O::Flywheel => Some(22),
            O::Conditional => Some(23),
            O::RoboCopter => Some(24),
            _ => None,
        },
        _ => None,
    }
}

/// The option a chosen action programs, fires or uses (answering the
/// decision `asked`), if it names one.
fn used(a: &Action, asked: Option<Decision>) -> Option<OptionCard> {
    match (a, asked) {
        (
            Action::Set { option, .. }
            | Action::Stack { option, .. }
            | Action::Gadget { option, .. }
            | Action::Park { option, .. }
            | Action::Fire(Some(option)),
            _,
        ) => Some(*option),
        (Action::UseOption(true), Some(Decision::UseOption(option))) => Some(option),
        (Action::Bomb(_), _) => Some(OptionCard::BuzzBomb),
        _ => None,
    }
}

/// Is `option` used through an action that names it (programmed, fired
/// in place of the main laser, or a run-time option's "use it now")?
fn named_by_actions(option: OptionCard) -> bool {
    matches!(
        option.class(),
        Class::TurnProgrammed | Class::PhaseProgrammed | Class::OptionalWeapon
    ) || matches!(
        option,
        OptionCard::SuperiorArchiveCopy
            | OptionCard::Recompile
            | OptionCard::AbortSwitch
            | OptionCard::Conditional
            | OptionCard::Interceptor
    )
}

/// A random setup: 2 to 8 robots on a built-in course, options dealt to
/// every robot, any start, now and then On the Clock and the option
/// variants.
fn setup(rng: &mut Rng) -> Setup {
    let names: Vec<&str> = courses::course_names().collect();
    let name = names[rng.index(names.len())];
    let mut s = Setup::new(courses::course(name).unwrap(), 2 + rng.below(7) as u8);
    let most = (crate::options::OptionCard::ALL.len() / usize::from(s.players)).min(4);
    s.options = 1 + rng.below(most as u32) as u8;
    s.max_rounds = Some(6);
    s.on_the_clock = rng.chance(1, 3);
    let start = ["docking-bay", "shared-start", "starting-gate"][rng.index(3)];
    let _ = s.choose(start);
    for rule in [
        "deluxe-options",
        "turbo-wrenches",
        "first-edition-double-tool",
        "bio-bots",
        "scavenger-hunt-i",
        "scavenger-hunt-ii",
    ] {
        if rng.chance(1, 3) {
            let _ = s.choose(rule);
        }
    }
    s
}

#[test]
fn random_games_with_options_take_every_kind_of_action() {
    let mut seen = [0u32; KINDS.len()];
    let mut rng = Rng::from_seed(11);
    let mut options: Vec<OptionCard> = Vec::new();
    let wanted = OptionCard::ALL
        .iter()
        .filter(|o| named_by_actions(**o))
        .count();
    let (mut games, mut bombs) = (0, 0);
    while games < 400 && (seen.contains(&0) || options.len() < wanted) {
        games += 1;
        let seed = rng.next_u64();
        let Ok(mut race) = Race::new(setup(&mut rng), seed) else {
            continue;
        };
        let mut bots: Vec<RandomPolicy> = (0..race.num_players())
            .map(|i| RandomPolicy::new(seed ^ (i as u64 + 1)))
            .collect();
        for _ in 0..20_000 {
            let pending = race.pending();
            let Some(p) = pending.players().into_iter().next() else {
                break;
            };
            let asked = match pending {
                Pending::Decision { decision, .. } => Some(decision),
                _ => None,
            };
            let a = bots[p.index()].choose(&race, p).unwrap();
            if let Some(o) = used(&a, asked) {
                if !options.contains(&o) {
                    options.push(o);
                }
            }
            seen[kind(&a)] += 1;
            if let Some(k) = park_kind(&a) {
                seen[k] += 1;
            }
            let events = race.apply(p, a).unwrap();
            race.check_invariants().unwrap();
            bombs += events
                .iter()
                .filter(|e| {
                    matches!(e, crate::race::Event::DeviceLaid { device }
                        if device.kind == crate::race::DeviceKind::BuzzBomb)
                })
                .count();
        }
        assert!(race.outcome().is_some(), "game {games} (seed {seed}) ends");
    }
    let counts: Vec<String> = KINDS
        .iter()
        .zip(seen)
        .map(|(k, n)| format!("{k}: {n}"))
        .collect();
    let missed: Vec<OptionCard> = OptionCard::ALL
        .into_iter()
        .filter(|o| named_by_actions(*o) && !options.contains(o))
        .collect();
    eprintln!(
        "{games} games, {bombs} buzz bombs: {}; missed {missed:?}",
        counts.join(", ")
    );
    assert!(
        !seen.contains(&0),
        "after {games} games: {}",
        counts.join(", ")
    );
    assert!(missed.is_empty(), "options never used: {missed:?}");
    assert!(bombs > 0, "no buzz bomb launched in {games} games");
}
