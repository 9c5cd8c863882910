//! Damaged saves: a save edited by hand or cut short is refused with a
//! message, or read back as a race that keeps its invariants as it is
//! played on. Never a panic.

use robo_core::protocol::{Policy, RandomPolicy};
use robo_core::{Game, Pending, Rng};
use serde_json::{json, Value};
use variant_2023::actions::Decision;
use variant_2023::{courses, Event, Race, Setup};

/// A race of `seed` played a random number of actions by random players.
fn mid_game(seed: u64) -> Race {
    let mut rng = Rng::from_seed(seed);
    let names: Vec<&str> = courses::course_names().collect();
    let course = courses::course(names[rng.index(names.len())]).expect("a built-in course");
    let robots = 2 + rng.index(5) as u8;
    let mut setup = Setup::new(course, robots);
    setup.max_rounds = Some(6);
    let mut race = Race::new(setup, seed).expect("a valid setup");
    let mut policy = RandomPolicy::new(seed);
    for _ in 0..rng.index(150) {
        let Some(p) = next_player(&race) else { break };
        let a = policy.choose(&race, p).expect("an action");
        race.apply(p, a).expect("a legal action");
    }
    race
}

fn next_player(race: &Race) -> Option<robo_core::PlayerId> {
    match race.pending() {
        Pending::Terminal(_) => None,
        Pending::Decision { player, .. } => Some(player),
        Pending::Simultaneous { players, .. } => players.first().copied(),
    }
}

/// Every leaf of `v`, as a JSON pointer.
fn leaves(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                leaves(x, format!("{at}/{k}"), out);
            }
        }
        Value::Array(a) => {
            out.push(at.clone()); // arrays themselves are damaged too
            for (i, x) in a.iter().enumerate() {
                leaves(x, format!("{at}/{i}"), out);
            }
        }
        _ => out.push(at),
    }
}

/// One random damage at a random place of the save.
fn damage(v: &mut Value, rng: &mut Rng) -> String {
    let mut places = Vec::new();
    leaves(v, String::new(), &mut places);
    let place = &places[rng.index(places.len())];
    let Some(x) = v.pointer_mut(place) else {
        return String::new();
    };
    *x = match x.take() {
        Value::Number(n) => {
            let k = n.as_i64().unwrap_or(0);
            let choices = [k + 1, k - 1, 0, 1, 5, 6, 7, 10, 11, 255, 256, 65_535, -1];
            Value::from(choices[rng.index(choices.len())])
        }
        Value::Bool(b) => Value::Bool(!b),
        Value::String(s) => match rng.index(3) {
            0 => Value::String(String::new()),
            1 => Value::String(format!("{s}x")),
            _ => Value::from(3),
        },
        Value::Array(mut a) => {
            match rng.index(3) {
                0 if !a.is_empty() => {
                    a.remove(rng.index(a.len()));
                }
                1 if !a.is_empty() => {
                    let d = a[rng.index(a.len())].clone();
                    a.push(d);
                }
                _ => a.reverse(),
            }
            Value::Array(a)
        }
        Value::Null => Value::from(0),
        other => other,
    };
    format!("{place} = {x}")
}

#[test]
fn damaged_saves_are_refused_or_play_on_keeping_the_invariants() {
    let mut read_back = 0;
    let mut refused = 0;
    for seed in 0..u64::from(robo_core::testing::cases(120)) {
        let race = mid_game(seed);
        let good = serde_json::to_value(&race).expect("a race serialises");
        let mut rng = Rng::from_seed(seed ^ 0x5eed);
        for _ in 0..4 {
            let mut bad = good.clone();
            let what: Vec<String> = (0..=rng.index(2))
                .map(|_| damage(&mut bad, &mut rng))
                .collect();
            let name = format!("{seed} ({})", what.join("; "));
            let Ok(mut race) = serde_json::from_value::<Race>(bad) else {
                refused += 1;
                continue;
            };
            read_back += 1;
            if let Err(e) = race.check_invariants() {
                panic!("seed {name}: a save that breaks an invariant was read back: {e}");
            }
            let mut policy = RandomPolicy::new(seed);
            for step in 0..100 {
                let Some(p) = next_player(&race) else { break };
                let Some(a) = policy.choose(&race, p) else {
                    panic!("seed {name} step {step}: no action for a pending player");
                };
                if let Err(e) = race.apply(p, a) {
                    panic!("seed {name} step {step}: a sampled action was refused: {e}");
                }
                if let Err(e) = race.check_invariants() {
                    panic!("seed {name} step {step}: {e}");
                }
            }
        }
    }
    assert!(
        refused > 0 && read_back > 0,
        "{refused} refused, {read_back} read back"
    );
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
