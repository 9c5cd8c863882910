//! Damaged saves: a save edited by hand or cut short is refused with a
//! message, or read back as a race that keeps its invariants as it is
//! played on. Never a panic.

use robo_core::harness::{check_damaged_saves, DamageConfig};
use robo_core::protocol::{Policy, RandomPolicy};
use robo_core::{Game, Pending, Rng};
use serde_json::json;
use variant_2023::actions::Decision;
use variant_2023::{courses, Event, Race, Setup};

/// 2 to 6 robots on a built-in course, six rounds at most.
fn random_setup(rng: &mut Rng) -> Setup {
    let names: Vec<&str> = courses::course_names().collect();
    let course = courses::course(names[rng.index(names.len())]).expect("a built-in course");
    let mut setup = Setup::new(course, 2 + rng.index(5) as u8);
    setup.max_rounds = Some(6);
    setup
}

/// A race of `seed` played a random number of actions by random players.
fn mid_game(seed: u64) -> Race {
    let mut rng = Rng::from_seed(seed);
    let mut race = Race::new(random_setup(&mut rng), seed).expect("a valid setup");
    let mut policy = RandomPolicy::new(seed);
    for _ in 0..rng.index(150) {
        let Some(p) = next_player(&race) else { break };
        let a = policy.choose(&race, p).expect("an action");
        race.apply(p, a).expect("a legal action");
    }
    race
}

fn next_player(race: &Race) -> Option<robo_core::PlayerId> {
    race.pending().players().first().copied()
}

#[test]
fn damaged_saves_are_refused_or_play_on_keeping_the_invariants() {
    let config = DamageConfig::new(120, 150);
    let report =
        check_damaged_saves::<Race>(config, random_setup).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.refused > 0 && report.read_back > 0, "{report:?}");
}

#[test]
fn a_save_whose_agenda_runs_dry_ends_the_race_without_a_winner() {
    let race = (0..100)
        .map(mid_game)
        .find(|r| {
            matches!(
                r.pending(),
                Pending::Simultaneous {
                    decision: Decision::Program,
                    ..
                }
            )
        })
        .expect("a race waiting for programs");
    let good = serde_json::to_value(&race).expect("a race serialises");
    // Nothing left after programming: the registers and later rounds are cut.
    let mut cut = good.clone();
    cut["agenda"] = json!(["Programming"]);
    let mut race: Race = serde_json::from_value(cut).expect("it still waits for programs");
    let mut policy = RandomPolicy::new(1);
    let mut events = Vec::new();
    for _ in 0..20 {
        let Some(p) = next_player(&race) else { break };
        let a = policy.choose(&race, p).expect("an action");
        events.extend(race.apply(p, a).expect("a legal action"));
    }
    assert_eq!(race.outcome().map(|o| o.winner), Some(None));
    assert!(events.contains(&Event::GameOver { winner: None }));
    assert_eq!(race.check_invariants(), Ok(()));
    // A save that waits for nothing at all is refused.
    let mut idle = good;
    idle["agenda"] = json!([]);
    idle["waiting"] = json!("Idle");
    let e = serde_json::from_value::<Race>(idle).unwrap_err();
    assert!(e.to_string().contains("waits for nothing"), "{e}");
}
