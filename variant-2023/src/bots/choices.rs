//! The planner's rules for every decision but the program: each looks at
//! the legal options and the distance maps, never searches.

use super::maps::CourseMaps;
use crate::actions::{Action, Decision, Pile, Rel, Side};
use crate::cards::Card;
use crate::race::Race;
use crate::upgrades::{Upgrade, UpgradeKind, UpgradeUse, Weapon};
use robo_core::geom::{Dir, Pos};
use robo_core::PlayerId;

/// Upgrades worth installing, best first: each helps a robot that plans
/// alone (Hover Unit is in its simulation; the rest act by themselves or
/// through a decision below).
pub(crate) const HELPFUL: [Upgrade; 10] = [
    Upgrade::HoverUnit,
    Upgrade::Firewall,
    Upgrade::Brakes,
    Upgrade::DeflectorShield,
    Upgrade::DoubleBarrelLaser,
    Upgrade::RailGun,
    Upgrade::RearLaser,
    Upgrade::Spiky,
    Upgrade::RammingGear,
    Upgrade::Recharge,
];

/// Energy from which the planner buys a random upgrade.
const DRAW_ENERGY: u8 = 5;
/// Energy from which the planner pays for Deflector Shield.
const SHIELD_ENERGY: u8 = 2;

/// Cards to remove from the game, most welcome first.
const REMOVE_FIRST: [Card; 9] = [
    Card::Again,
    Card::MoveBack,
    Card::PowerUp,
    Card::UTurn,
    Card::RotateLeft,
    Card::RotateRight,
    Card::Move1,
    Card::Move2,
    Card::Move3,
];

/// Using Recharge, when it is among the options.
pub(crate) fn recharge(opts: &[Action]) -> Option<Action> {
    let a = Action::Use(UpgradeUse::Recharge);
    opts.contains(&a).then_some(a)
}

/// The planner's answer to `decision`, from `opts` (the legal actions,
/// complete); `None` to take the first option.
pub(crate) fn choose(
    maps: &CourseMaps,
    race: &Race,
    player: PlayerId,
    decision: Decision,
    opts: &[Action],
) -> Option<Action> {
    let judge = Judge::new(maps, race, player);
    let best = |f: &dyn Fn(&Action) -> Option<u16>| best_of(opts, f);
    match decision {
        Decision::BlockStart => opts
            .iter()
            .filter_map(|a| match a {
                Action::BlockStart(p) => Some((judge.start(*p), a)),
                _ => None,
            })
            .max_by_key(|(v, _)| *v)
            .map(|(_, a)| a.clone()),
        Decision::ChooseStart => best(&|a| match a {
            Action::ChooseStart(p) => Some(judge.start(*p)),
            _ => None,
        }),
        Decision::Upgrades => upgrade_phase(race, player, opts),
        Decision::RebootFacing => {
            let spot = race.reboot_spot(player).map(|s| s.0);
            best(&|a| match (a, spot) {
                (Action::Face(d), Some(p)) => Some(judge.at(Some(p), *d)),
                _ => None,
            })
        }
        Decision::Haywire(_) => haywire(&judge, race, player, opts),
        Decision::Brakes => {
            let falls = judge
                .here()
                .is_some_and(|(p, f)| maps.walk(p, f, 1).is_none());
            Some(Action::Brake(falls))
        }
        Decision::Slide(_) | Decision::EnergyConversion => best(&|a| match a {
            Action::Shift(None) => judge.here().map(|(p, f)| judge.at(Some(p), f)),
            Action::Shift(Some(rel)) => judge
                .here()
                .map(|(p, f)| judge.at(maps.walk(p, rel.of(f), 1), f)),
            _ => None,
        }),
        Decision::Shield => {
            let energy = race.player(player).map_or(0, |pl| pl.energy());
            Some(Action::Shield(energy >= SHIELD_ENERGY))
        }
        Decision::Weapon => Some(Action::Fire(Weapon::MainLaser)).filter(|a| opts.contains(a)),
        Decision::PiercingDrill => opts
            .iter()
            .find(|a| matches!(a, Action::Pierce(Some(_))))
            .cloned(),
        Decision::Magnetic => Some(Action::Follow(false)),
        Decision::ModularChassis => Some(Action::Exchange(None)),
        Decision::LuckyBooster => Some(Action::PlayHaywire(false)),
        Decision::SelfDiagnostics => removal(opts),
        Decision::Window { .. } => recharge(opts).or(Some(Action::Done)),
        Decision::Order | Decision::Program => None,
    }
    .filter(|a| opts.contains(a))
}

/// The option `f` rates lowest (the first of equals); options it does not
/// rate are skipped.
fn best_of(opts: &[Action], f: impl Fn(&Action) -> Option<u16>) -> Option<Action> {
    opts.iter()
        .filter_map(|a| f(a).map(|v| (v, a)))
        .min_by_key(|(v, _)| *v)
        .map(|(_, a)| a.clone())
}

/// The upgrade phase: Recharge, a helpful install, a draw, or done.
fn upgrade_phase(race: &Race, player: PlayerId, opts: &[Action]) -> Option<Action> {
    if let Some(a) = recharge(opts) {
        return Some(a);
    }
    for u in HELPFUL {
        let a = Action::Install {
            upgrade: u,
            discard: None,
        };
        if opts.contains(&a) {
            return Some(a);
        }
    }
    let energy = race.player(player).map_or(0, |pl| pl.energy());
    if energy >= DRAW_ENERGY && opts.contains(&Action::DrawUpgrade) {
        return Some(Action::DrawUpgrade);
    }
    Some(Action::Done)
}

/// A Haywire's choice: the facing, turn, sideways move or energy that
/// leaves the robot closest to its checkpoint; the card to remove; the
/// upgrade to lend.
fn haywire(judge: &Judge<'_>, race: &Race, player: PlayerId, opts: &[Action]) -> Option<Action> {
    let maps = judge.maps;
    let Some((pos, facing)) = judge.here() else {
        return removal(opts).or_else(|| lend(opts));
    };
    let energy = race.player(player).map_or(0, |pl| pl.energy());
    best_of(opts, |a| match *a {
        Action::Face(d) => Some(judge.at(maps.walk(pos, d, 1), d)),
        Action::Rotate(t) => Some(judge.at(Some(pos), facing.turn(t))),
        Action::Sidestep(side) => {
            let rel = if side == Side::Left {
                Rel::Left
            } else {
                Rel::Right
            };
            Some(judge.at(maps.walk(pos, rel.of(facing), 2), facing))
        }
        // Ties go to the smaller payment (energy is worth keeping).
        Action::PayEnergy(k) if k <= energy => Some(
            judge
                .at(maps.walk(pos, facing, k.saturating_mul(2)), facing)
                .saturating_mul(16)
                .saturating_add(u16::from(k)),
        ),
        _ => None,
    })
    .or_else(|| removal(opts))
    .or_else(|| lend(opts))
}

/// The card to remove from the game: a SPAM (from the hand first), then a
/// Haywire, else nothing if allowed, else the least useful regular card.
fn removal(opts: &[Action]) -> Option<Action> {
    let removes = |card: Card| {
        [Pile::Hand, Pile::Discard]
            .into_iter()
            .map(move |pile| Action::Remove { pile, card })
            .find(|a| opts.contains(a))
    };
    removes(Card::Spam)
        .or_else(|| {
            opts.iter()
                .find(|a| {
                    matches!(
                        a,
                        Action::Remove {
                            card: Card::Haywire(_),
                            ..
                        }
                    )
                })
                .cloned()
        })
        .or_else(|| opts.contains(&Action::KeepAll).then_some(Action::KeepAll))
        .or_else(|| REMOVE_FIRST.into_iter().find_map(removes))
}

/// The upgrade to install for free: the most helpful one offered.
fn lend(opts: &[Action]) -> Option<Action> {
    HELPFUL
        .into_iter()
        .filter(|u| u.kind() == UpgradeKind::Permanent)
        .map(Action::InstallFree)
        .find(|a| opts.contains(a))
}

/// Judges cells and facings for one player's robot.
struct Judge<'a> {
    maps: &'a CourseMaps,
    race: &'a Race,
    player: PlayerId,
    /// The checkpoint it heads for (0-based).
    next: usize,
}

impl<'a> Judge<'a> {
    fn new(maps: &'a CourseMaps, race: &'a Race, player: PlayerId) -> Self {
        let next = race
            .player(player)
            .map_or(0, |pl| usize::from(pl.checkpoints()));
        Judge {
            maps,
            race,
            player,
            next,
        }
    }

    /// Where the robot stands and faces.
    fn here(&self) -> Option<(Pos, Dir)> {
        self.race.robot(self.player)
    }

    /// Moves and turns to the next checkpoint from `pos` facing `facing`;
    /// far worse than any cell for a fall (`None`).
    fn at(&self, pos: Option<Pos>, facing: Dir) -> u16 {
        match pos {
            Some(p) => self.maps.effort(self.next, p, facing),
            None => self.maps.worst(self.next).saturating_add(20),
        }
    }

    /// How good a start space is: moves to checkpoint 1, facing the
    /// course's start facing.
    fn start(&self, pos: Pos) -> u16 {
        self.at(Some(pos), self.maps.course().course().start_facing())
    }
}
