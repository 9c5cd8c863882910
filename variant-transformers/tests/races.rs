//! Whole races: planner bots finish every built-in course, a Team Versus
//! Team race ends with the winning team, and views taken all through
//! random races never show another player's hand, face-down registers or
//! uninstalled upgrades (while those random races use the upgrades).

use robo_core::harness::views::check_views_hide;
use robo_core::protocol::RandomPolicy;
use robo_core::{Game, PlayerId, Policy, Rng};
use std::collections::BTreeSet;
use variant_transformers::bots::Planner;
use variant_transformers::cards::CardId;
use variant_transformers::courses;
use variant_transformers::upgrades::Upgrade;
use variant_transformers::{Event, Mode, Race, Setup, SetupError};

/// `ROBORALLY_PLAYOUTS` games instead of `default`.
fn cases(default: usize) -> usize {
    std::env::var("ROBORALLY_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Plays `race` to its end with one policy per seat; every event seen.
fn play(race: &mut Race, seats: &mut [Box<dyn Policy<Race>>], max_actions: usize) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..max_actions {
        if race.pending().is_terminal() {
            return events;
        }
        let p = race.pending().players()[0];
        let a = seats[p.index()].choose(race, p).expect("an action");
        events.extend(race.apply(p, a).expect("a legal action"));
    }
    panic!("the race did not end in {max_actions} actions");
}

fn planners(n: usize) -> Vec<Box<dyn Policy<Race>>> {
    (0..n)
        .map(|i| Box::new(Planner::new(i as u64 + 1)) as Box<dyn Policy<Race>>)
        .collect()
}

#[test]
fn planner_bots_race_every_built_in_course_to_a_winner_who_reached_every_checkpoint() {
    for name in courses::course_names() {
        let course = courses::course(name).unwrap();
        let total = course.checkpoints().len();
        // The fewest robots the course takes.
        let (mut race, n) = (2..=6)
            .find_map(|n| {
                let mut s = Setup::new(course.clone(), n);
                s.max_rounds = Some(30);
                Race::new(s, 11).ok().map(|r| (r, n))
            })
            .unwrap_or_else(|| panic!("{name}: no robot count is accepted"));
        let mut seats = planners(n);
        play(&mut race, &mut seats, 50_000);
        let outcome = race.outcome().expect("over");
        let winner = outcome
            .winner
            .unwrap_or_else(|| panic!("{name}: no winner in 30 rounds"));
        assert_eq!(
            usize::from(race.player(winner).unwrap().checkpoints()),
            total,
            "{name}"
        );
        eprintln!(
            "{name}: {n} planners, {} wins in round {}",
            winner, outcome.rounds
        );
    }
}

#[test]
fn a_team_race_ends_with_the_first_finishers_whole_team_winning() {
    let course = courses::course(courses::DEFAULT_COURSE).unwrap();
    for (teams, seed) in [(vec![0u8, 1, 0, 1], 3u64), (vec![0, 1, 2, 0, 1, 2], 4)] {
        let mut s = Setup::new(course.clone(), teams.len());
        s.teams = Some(teams.clone());
        s.max_rounds = Some(30);
        let mut race = Race::new(s, seed).unwrap();
        let mut seats = planners(teams.len());
        play(&mut race, &mut seats, 80_000);
        let outcome = race.outcome().unwrap();
        let w = outcome.winner.expect("a winner");
        let expected: Vec<PlayerId> = (0..teams.len())
            .filter(|&i| teams[i] == teams[w.index()])
            .map(|i| PlayerId(i as u8))
            .collect();
        assert_eq!(outcome.team.to_vec(), expected, "{teams:?}");
        assert_eq!(race.teams(), Some(teams.as_slice()));
    }
    // Bad team shapes are typed errors.
    for bad in [vec![0u8, 0, 1, 1], vec![0, 1, 0], vec![0, 1, 2, 0, 1]] {
        let mut s = Setup::new(course.clone(), bad.len());
        s.teams = Some(bad.clone());
        assert!(
            matches!(Race::new(s, 1), Err(SetupError::Teams(_))),
            "{bad:?}"
        );
    }
}

/// Card ids and upgrades `viewer` may not see.
fn secrets(race: &Race, viewer: PlayerId) -> (Vec<CardId>, Vec<Upgrade>) {
    let mut cards: Vec<CardId> = race.damage_deck().draw_pile().copied().collect();
    let mut ups: Vec<Upgrade> = race.upgrade_deck().draw_pile().copied().collect();
    for q in 0..race.seats() {
        let q = PlayerId(q as u8);
        let pl = race.player(q).unwrap();
        cards.extend(pl.deck().draw_pile().copied());
        if q == viewer {
            continue;
        }
        cards.extend(pl.hand().iter().filter(|c| !c.is_damage()));
        for r in pl.registers() {
            if !r.revealed {
                cards.extend(r.cards.iter().copied());
            }
        }
        ups.extend(pl.upgrades().uninstalled.iter().copied());
    }
    (cards, ups)
}

fn random_setup(rng: &mut Rng) -> Setup {
    let names: Vec<&str> = courses::course_names().collect();
    let course = courses::course(names[rng.index(names.len())]).unwrap();
    let starts = course.free_starts().count().min(6);
    let mut s = Setup::new(course, 2 + rng.index(starts - 1));
    for seat in &mut s.seats {
        if rng.chance(1, 2) {
            seat.mode = Mode::Bot;
        }
    }
    s.max_rounds = Some(8);
    s
}

#[test]
fn views_never_show_hidden_cards_or_upgrades_while_random_races_use_upgrades() {
    let mut checked = 0;
    let mut used: BTreeSet<Upgrade> = BTreeSet::new();
    for seed in 0..cases(40) as u64 {
        let mut rng = Rng::from_seed(500 + seed);
        let Ok(mut race) = Race::new(random_setup(&mut rng), seed) else {
            continue;
        };
        let mut policy = RandomPolicy::new(seed);
        let mut step = 0;
        while !race.pending().is_terminal() && step < 20_000 {
            if step % 3 == 0 {
                let at = format!("seed {seed} step {step}");
                checked += check_views_hide(&race, secrets, &at).unwrap();
            }
            let p = race.pending().players()[0];
            let a = policy.choose(&race, p).unwrap();
            for e in race.apply(p, a).unwrap() {
                if let Event::UpgradeUsed { upgrade, .. } = e {
                    used.insert(upgrade);
                }
            }
            step += 1;
        }
    }
    assert!(checked > 500, "{checked} views checked");
    // Random play installs and uses a good part of the 38.
    assert!(used.len() >= 10, "only {used:?} were used");
    eprintln!("{checked} views checked; upgrades used: {}", used.len());
}
