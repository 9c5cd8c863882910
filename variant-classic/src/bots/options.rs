//! The planner's options, where the choice is simple: the distance an
//! option offers for a card (Brakes, Fourth Gear, Reverse Gears), chosen
//! by simulating the rest of its program with each; the option it gives
//! up to stop a damage token (the one worth least, and only once the
//! token would lock a register, unless the option is worth less than
//! nothing); the weapon it fires (a push into a pit or off the floor
//! first); the option it takes from a Scavenger Hunt pile (the one worth
//! most).

use super::{Planner, Search};
use crate::cards::Kind;
use crate::options::{Held, OptionCard};
use crate::race::{Action, Race, REGISTERS};
use crate::tiles;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::{PlayerId, RobotId};
use robo_core::race::plan::PlanEdition;
use smallvec::SmallVec;

/// Damage from which the next token locks a register: the planner gives
/// up an option to stop it.
const GUARD_FROM: u8 = 4;

/// What an option is worth to the planner, from 0 (worse than nothing:
/// Circuit Breaker powers it down) up. A spent launcher is worth little;
/// what saves damage, adds cards or shoots is worth most; options it
/// does not play are in between.
#[must_use]
pub(super) fn worth(h: &Held) -> u8 {
    use OptionCard as O;
    if h.card.payload() > 0 && h.payload == 0 && h.card != O::Converter {
        return 1;
    }
    match h.card {
        O::CircuitBreaker => 0,
        O::SelfDestruct => 1,
        O::ExtraMemory => 9,
        O::AblativeCoat | O::Shield | O::PowerDownShield | O::SuperiorArchiveCopy => 8,
        O::DoubleBarrelLaser | O::HighPowerLaser | O::RearLaser | O::BigGun => 7,
        O::MiniHowitzer | O::PressorBeam | O::FireControl | O::Reflector => 6,
        O::FourthGear | O::Brakes | O::ReverseGears | O::FrogLegs | O::Recompile => 5,
        _ => 3,
    }
}

/// The planner's answer to a coming damage token: a spare part at once;
/// an option worth nothing at once; otherwise the option worth least,
/// only from [`GUARD_FROM`] damage tokens (the token would lock a
/// register or destroy the robot).
pub(super) fn prevent(race: &Race, p: PlayerId, legal: &[Action]) -> Action {
    let Some(r) = race.robot(p) else {
        return Action::Prevent(None);
    };
    let spares = r.guards.len();
    if spares > 0 && legal.contains(&Action::Prevent(Some(0))) {
        return Action::Prevent(Some(0));
    }
    let cheapest = r
        .options
        .iter()
        .enumerate()
        .filter(|&(i, _)| legal.contains(&Action::Prevent(Some((spares + i) as u8))))
        .min_by_key(|&(i, h)| (worth(h), std::cmp::Reverse(i)));
    match cheapest {
        Some((i, h)) if r.damage >= GUARD_FROM || worth(h) == 0 => {
            Action::Prevent(Some((spares + i) as u8))
        }
        _ => Action::Prevent(None),
    }
}

/// Would a one-cell push of robot `target` towards `dir` drop it (a pit,
/// a drain, an open trap door or the floor's edge, no wall in the way, no
/// robot there to push)? A flying robot passes over.
fn push_drops(race: &Race, target: PlayerId, dir: Dir) -> bool {
    let world = race.world();
    let r = RobotId::of(target);
    let Some((at, _)) = world.at(r) else {
        return false;
    };
    if world.is_flying(r) || !tiles::crossing(race.course().board(), at, dir).passes() {
        return false;
    }
    let to: Pos = at.step(dir);
    let taken = (0..race.seats() as u8).any(|i| world.at(RobotId(i)).is_some_and(|(q, _)| q == to));
    !taken && world.tile(to).is_none_or(|t| t.swallows(race.register()))
}

/// The planner's weapon: a push (Mini-Howitzer, Pressor Beam) or a pull
/// (Tractor Beam) that drops the target; else the Big Gun (two tokens),
/// else the Mini-Howitzer (a token and a push) unless a laser
/// modification makes the main laser worth more, else the main laser.
pub(super) fn weapon(race: &Race, player: PlayerId, legal: &[Action]) -> Action {
    let offered = |c| legal.contains(&Action::Fire(Some(c)));
    if let Some((target, dir)) = race.shot(player) {
        for (card, way) in [
            (OptionCard::MiniHowitzer, dir),
            (OptionCard::PressorBeam, dir),
            (OptionCard::TractorBeam, dir.opposite()),
        ] {
            if offered(card) && push_drops(race, target, way) {
                return Action::Fire(Some(card));
            }
        }
    }
    let modified = race
        .robot(player)
        .is_some_and(|r| r.has(OptionCard::DoubleBarrelLaser) || r.has(OptionCard::HighPowerLaser));
    if offered(OptionCard::BigGun) {
        Action::Fire(Some(OptionCard::BigGun))
    } else if offered(OptionCard::MiniHowitzer) && !modified {
        Action::Fire(Some(OptionCard::MiniHowitzer))
    } else {
        Action::Fire(None)
    }
}

/// Scavenger Hunt: the option of the pile worth most to the robot it is
/// for (the first of equals), whoever picks. (A player picking for
/// another robot in Scavenger Hunt II gives it the best too: the
/// planner does not play spoiler.)
pub(super) fn scavenge(race: &Race, player: PlayerId, legal: &[Action]) -> Action {
    let pile = race.view_of(player).pile;
    pile.iter()
        .enumerate()
        .filter(|&(i, _)| legal.contains(&Action::Scavenge(Some(i as u8))))
        .max_by_key(|&(i, &c)| (worth(&Held::new(c)), std::cmp::Reverse(i)))
        .map_or(Action::Scavenge(None), |(i, _)| {
            Action::Scavenge(Some(i as u8))
        })
}

impl Planner {
    /// The distance among those offered (Brakes, Fourth Gear, Reverse
    /// Gears) that leaves the robot best placed: each is simulated with
    /// the rest of its program (to its first empty register) on the lone
    /// robot's course and scored as programs are; the card's own distance
    /// (listed first) on a tie.
    pub(super) fn distance(
        &mut self,
        race: &Race,
        p: PlayerId,
        legal: &[Action],
    ) -> Option<Action> {
        let register = race.register().clamp(1, REGISTERS as u8);
        let robot = race.robot(p)?;
        let at = race.world().at(RobotId::of(p))?;
        // Registers before this one are not run: any card holds their place.
        let mut program: SmallVec<[Kind; REGISTERS]> = SmallVec::new();
        for (i, card) in robot.registers.iter().enumerate() {
            match card {
                Some(c) => program.push(c.kind),
                None if i + 1 < usize::from(register) => program.push(Kind::UTurn),
                None => break,
            }
        }
        let weights = self.weights;
        let course = race.course();
        let flags: SmallVec<[Pos; 8]> = race.world().flags().collect();
        let reached = robot.flags;
        let maps = self.maps(race);
        let mut search = Search::new(maps, course, &flags, at, reached);
        search.weights = weights;
        let mut best: Option<(f32, Action)> = None;
        for &a in legal {
            let Action::Distance(n) = a else {
                continue;
            };
            let mut world = search.world(&program);
            world.rules.distance = Some((register, n));
            for r in register..=REGISTERS as u8 {
                world.run_register(&search.pipeline, r);
                if world.settled() {
                    break;
                }
            }
            let score = search.score(&program, &world.outcome());
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, a));
            }
        }
        best.map(|(_, a)| a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::race::Decision;
    use crate::scenario::{Scenario, ScenarioFile};
    use robo_core::protocol::{Pending, Policy};
    use robo_core::Game;

    /// The race of a scenario (JSON), run on to its first question.
    fn race(json: &str) -> Race {
        let file: ScenarioFile = serde_json::from_str(json).unwrap();
        let mut race = Scenario::new(&file).unwrap().race().unwrap();
        race.run_on();
        race
    }

    /// Robot 0 on (0, 0) facing east with `options` and `card` in register
    /// 1, robot 1 on (5, 1); row 0 is `row`, flags at `flags`.
    fn mover(row: &str, flags: &str, options: &str, card: &str) -> Race {
        race(&format!(
            r#"{{"edition": "classic", "start": "register 1", "flags": {flags},
            "board": ["+   +   +   +   +   +   +", "{row}", "+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +"],
            "robots": [{{"at": [0, 0], "facing": "E", "options": [{options}], "registers": ["{card}"]}},
                       {{"at": [5, 1], "facing": "N"}}]}}"#
        ))
    }

    fn answer(race: &Race) -> (Decision, Option<Action>) {
        let Pending::Decision { player, decision } = race.pending() else {
            panic!("no one-player decision: {:?}", race.pending());
        };
        (decision, Planner::new(3).choose(race, player))
    }

    const FLOOR: &str = "  .   .   .   .   .   .  ";

    #[test]
    fn the_planner_takes_fourth_gear_when_the_fourth_cell_is_the_flag() {
        let race = mover(FLOOR, "[[4, 0]]", r#""Fourth Gear""#, "Move 3 790");
        assert_eq!(
            answer(&race),
            (Decision::Distance, Some(Action::Distance(4)))
        );
        // A flag three cells ahead: the card's own distance.
        let race = mover(FLOOR, "[[3, 0]]", r#""Fourth Gear""#, "Move 3 790");
        assert_eq!(
            answer(&race),
            (Decision::Distance, Some(Action::Distance(3)))
        );
    }

    #[test]
    fn the_planner_brakes_before_a_pit_and_reverses_two_onto_a_flag() {
        let pit = "  .  [ ]  .   .   .   .  ";
        let race = mover(pit, "[[5, 0]]", r#""Brakes""#, "Move 1 490");
        assert_eq!(
            answer(&race),
            (Decision::Distance, Some(Action::Distance(0)))
        );
        let race = mover(FLOOR, "[[5, 0]]", r#""Brakes""#, "Move 1 490");
        assert_eq!(
            answer(&race),
            (Decision::Distance, Some(Action::Distance(1)))
        );
        let race = race_back();
        assert_eq!(
            answer(&race),
            (Decision::Distance, Some(Action::Distance(2)))
        );
    }

    /// Robot 0 on (3, 0) facing east backing up with Reverse Gears, the
    /// flag two cells behind it.
    fn race_back() -> Race {
        race(
            r#"{"edition": "classic", "start": "register 1", "flags": [[1, 0]],
            "board": ["+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +"],
            "robots": [{"at": [3, 0], "facing": "E", "options": ["Reverse Gears"], "registers": ["Back Up 430"]},
                       {"at": [5, 0], "facing": "N"}]}"#,
        )
    }

    #[test]
    fn the_planner_gives_up_its_least_worth_option_when_the_token_matters() {
        let legal: Vec<Action> = [None, Some(0), Some(1)].map(Action::Prevent).to_vec();
        let with = |options: &str, damage: u8| {
            race(&format!(
                r#"{{"edition": "classic", "start": "register 5",
                "board": ["+   +   +   +", "  .   .   .  ", "+   +   +   +"],
                "robots": [{{"at": [0, 0], "damage": {damage}, "options": [{options}]}}, {{"at": [2, 0]}}]}}"#
            ))
        };
        let p = PlayerId(0);
        // Low damage: the token is taken, but Circuit Breaker goes at once.
        let r = with(r#""Shield", "Brakes""#, 2);
        assert_eq!(prevent(&r, p, &legal), Action::Prevent(None));
        let r = with(r#""Shield", "Circuit Breaker""#, 2);
        assert_eq!(prevent(&r, p, &legal), Action::Prevent(Some(1)));
        // From four tokens, the option worth least.
        let r = with(r#""Shield", "Brakes""#, 4);
        assert_eq!(prevent(&r, p, &legal), Action::Prevent(Some(1)));
        let r = with(r#""Mine Layer: 0", "Shield""#, 6);
        assert_eq!(prevent(&r, p, &legal), Action::Prevent(Some(0)), "spent");
    }

    #[test]
    fn the_planner_pushes_a_target_into_a_pit() {
        let shooter = |row: &str| {
            race(&format!(
                r#"{{"edition": "classic", "start": "register 5",
                "board": ["+   +   +   +   +   +", "{row}", "+   +   +   +   +   +"],
                "robots": [{{"at": [0, 0], "facing": "E", "options": ["Pressor Beam", "Tractor Beam"]}},
                           {{"at": [2, 0], "facing": "N"}}]}}"#
            ))
        };
        let legal = [
            Action::Fire(None),
            Action::Fire(Some(OptionCard::PressorBeam)),
            Action::Fire(Some(OptionCard::TractorBeam)),
        ];
        let p = PlayerId(0);
        let behind = shooter("  .   .   .  [ ]  .  ");
        assert_eq!(behind.shot(p), Some((PlayerId(1), Dir::E)));
        assert_eq!(
            weapon(&behind, p, &legal),
            Action::Fire(Some(OptionCard::PressorBeam))
        );
        let between = shooter("  .  [ ]  .   .   .  ");
        assert_eq!(
            weapon(&between, p, &legal),
            Action::Fire(Some(OptionCard::TractorBeam))
        );
        let floor = shooter("  .   .   .   .   .  ");
        assert_eq!(weapon(&floor, p, &legal), Action::Fire(None));
    }

    #[test]
    fn the_planner_takes_the_scavenged_option_worth_most() {
        let race = race(
            r#"{"edition": "classic", "start": "register 5", "options": ["scavenger-hunt-i"],
            "flags": [[1, 0], [2, 0]],
            "board": ["+   +   +   +   +", "  .   .   .   .  ", "+   +   +   +   +"],
            "robots": [{"at": [1, 0]}, {"at": [3, 0]}]}"#,
        );
        let (decision, action) = answer(&race);
        assert!(matches!(decision, Decision::Scavenge { .. }));
        let pile = &race.piles().piles[0];
        let Some(Action::Scavenge(Some(i))) = action else {
            panic!("{action:?}");
        };
        let taken = worth(&Held::new(pile[usize::from(i)]));
        assert!(
            pile.iter().all(|&c| worth(&Held::new(c)) <= taken),
            "{pile:?}"
        );
    }
}
