//! Debug: a random race with counts of events.
use robo_core::{Game, Rng};
use variant_2023::courses;
use variant_2023::{Event, Race, Setup};

fn main() {
    let course = courses::course("Milk Run").unwrap();
    let mut s = Setup::new(course, 4);
    s.max_rounds = Some(30);
    let mut race = Race::new(s, 3).unwrap();
    let mut rng = Rng::from_seed(9);
    let mut actions = 0;
    let mut moves = 0;
    let mut kinds = std::collections::BTreeMap::new();
    while !race.pending().is_terminal() && actions < 100000 {
        let p = race.pending().players()[0];
        let a = race.sample_action(p, &mut rng).unwrap();
        let ev = race.apply(p, a).unwrap();
        for e in &ev {
            let k = format!("{e:?}");
            let k = k
                .split(|c: char| c == ' ' || c == '(' || c == '{')
                .next()
                .unwrap()
                .to_string();
            *kinds.entry(k).or_insert(0) += 1;
            if let Event::Grid(robo_core::event::GridEvent::Moved { .. }) = e {
                moves += 1;
            }
        }
        actions += 1;
    }
    println!(
        "{:?} actions {actions} moves {moves} round {}",
        race.pending().outcome(),
        race.round()
    );
    println!("{kinds:#?}");
}
