use super::*;
use crate::battle::{roll, SideRoll};
use robo_core::Rng;

#[test]
fn the_one_roll_table_matches_a_direct_count_of_the_dice() {
    // Counted here independently: sort, compare, ties to the defender.
    for a in 1..=3u8 {
        for d in 1..=2u8 {
            let mut counts = std::collections::BTreeMap::new();
            let n = u32::from(a + d);
            for code in 0..6u32.pow(n) {
                let faces: Vec<u8> = (0..n).map(|i| (code / 6u32.pow(i) % 6) as u8 + 1).collect();
                let mut xa = faces[..usize::from(a)].to_vec();
                let mut xd = faces[usize::from(a)..].to_vec();
                xa.sort_unstable_by(|x, y| y.cmp(x));
                xd.sort_unstable_by(|x, y| y.cmp(x));
                let (mut la, mut ld) = (0u8, 0u8);
                for (x, y) in xa.iter().zip(&xd) {
                    if x > y {
                        ld += 1;
                    } else {
                        la += 1;
                    }
                }
                *counts.entry((la, ld)).or_insert(0u64) += 1;
            }
            let table = one_roll(a, d);
            assert_eq!(table.total, 6u64.pow(n));
            assert_eq!(
                table.outcomes.iter().map(|o| o.ways).sum::<u64>(),
                table.total
            );
            for ((la, ld), ways) in counts {
                assert_eq!(table.ways(la, ld), ways, "{a} v {d}: ({la},{ld})");
            }
        }
    }
}

#[test]
fn the_classic_values() {
    let t = one_roll(3, 2);
    assert_eq!(
        (t.ways(2, 0), t.ways(1, 1), t.ways(0, 2)),
        (2275, 2611, 2890)
    );
    assert_eq!(one_roll(1, 1).ways(0, 1), 15);
    assert_eq!(one_roll(2, 1).ways(0, 1), 125);
    assert_eq!(one_roll(3, 1).ways(0, 1), 855);
    assert_eq!(one_roll(1, 2).ways(0, 1), 55);
    let t = one_roll(2, 2);
    assert_eq!((t.ways(2, 0), t.ways(1, 1), t.ways(0, 2)), (581, 420, 295));
    assert_eq!(one_roll(1, 1).fraction(0, 1), (5, 12));
    assert_eq!(one_roll_table().len(), 6);
}

/// Exact rational capture probability by recursion (tiny cases only).
fn exact_capture(a: u8, d: u8) -> (u128, u128) {
    if d == 0 {
        return (1, 1);
    }
    if a == 0 {
        return (0, 1);
    }
    let roll = one_roll(a.min(3), d.min(2));
    let (mut num, mut den) = (0u128, 1u128);
    for o in &roll.outcomes {
        let (n2, d2) = exact_capture(a - o.attacker_lost, d - o.defender_lost);
        // num/den + ways/total * n2/d2
        let (tn, td) = (u128::from(o.ways) * n2, u128::from(roll.total) * d2);
        num = num * td + tn * den;
        den *= td;
        let g = gcd128(num, den);
        num /= g;
        den /= g;
    }
    (num, den)
}

fn gcd128(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

#[test]
fn the_chain_agrees_with_exact_rationals() {
    let table = CaptureTable::new(10);
    for a in 1..=4u8 {
        for d in 1..=3u8 {
            let (n, den) = exact_capture(a, d);
            let exact = n as f64 / den as f64;
            assert!(
                (table.get(a, d).unwrap() - exact).abs() < 1e-12,
                "{a} v {d}"
            );
            assert!((battle(a, d).capture - exact).abs() < 1e-12, "{a} v {d}");
        }
    }
    assert_eq!(CaptureTable::from_scratch(10), table);
    assert_eq!(table.get(11, 1), None);
}

#[test]
fn survivor_distributions_are_distributions() {
    for (a, d) in [(1, 1), (3, 2), (10, 10), (7, 3), (2, 9)] {
        let b = battle(a, d);
        let sa: f64 = b.attackers_left.iter().sum();
        let sd: f64 = b.defenders_left.iter().sum();
        assert!(
            (sa - 1.0).abs() < 1e-12 && (sd - 1.0).abs() < 1e-12,
            "{a} v {d}"
        );
        assert!((b.capture - (1.0 - b.attackers_left[0])).abs() < 1e-12);
        assert!((b.capture - capture_probability(a, d)).abs() < 1e-12);
        assert!(b.expected_attacker_losses() >= 0.0 && b.expected_defender_losses() >= 0.0);
    }
    // Degenerate battles.
    assert_eq!(battle(3, 0).capture, 1.0);
    assert_eq!(battle(0, 2).capture, 0.0);
}

#[test]
fn more_attackers_help_and_more_defenders_hurt() {
    let t = CaptureTable::new(10);
    for a in 1..=10u8 {
        for d in 1..=10u8 {
            let p = t.get(a, d).unwrap();
            if a < 10 {
                assert!(t.get(a + 1, d).unwrap() > p);
            }
            if d < 10 {
                assert!(t.get(a, d + 1).unwrap() < p);
            }
        }
    }
}

/// |observed - expected| within 5 standard deviations of a binomial count.
pub(super) fn within_bounds(hits: u64, n: u64, p: f64) -> bool {
    let sd = (n as f64 * p * (1.0 - p)).sqrt();
    ((hits as f64) - n as f64 * p).abs() <= 5.0 * sd + 1.0
}

#[test]
fn seeded_rolls_agree_with_the_exact_table() {
    let mut rng = Rng::from_seed(2024);
    let n = 60_000u64;
    for table in one_roll_table() {
        let mut hits = std::collections::BTreeMap::new();
        for _ in 0..n {
            let r = roll(
                &mut rng,
                &SideRoll::plain(table.attacker_dice),
                &SideRoll::plain(table.defender_dice),
                false,
            );
            *hits
                .entry((r.attacker_lost, r.defender_lost))
                .or_insert(0u64) += 1;
        }
        for o in &table.outcomes {
            let h = hits
                .get(&(o.attacker_lost, o.defender_lost))
                .copied()
                .unwrap_or(0);
            let p = table.probability(o.attacker_lost, o.defender_lost);
            assert!(
                within_bounds(h, n, p),
                "{}v{} {o:?}: {h} of {n}",
                table.attacker_dice,
                table.defender_dice
            );
        }
    }
}

#[test]
fn seeded_battles_agree_with_the_chain() {
    let mut rng = Rng::from_seed(77);
    let n = 20_000u64;
    for (a0, d0) in [(3u8, 2u8), (5, 5), (2, 4), (8, 3)] {
        let exact = battle(a0, d0);
        let mut captured = 0u64;
        let mut left = vec![0u64; usize::from(a0) + 1];
        for _ in 0..n {
            let (mut a, mut d) = (a0, d0);
            while a > 0 && d > 0 {
                let r = roll(
                    &mut rng,
                    &SideRoll::plain(a.min(3)),
                    &SideRoll::plain(d.min(2)),
                    false,
                );
                a -= r.attacker_lost;
                d -= r.defender_lost;
            }
            captured += u64::from(d == 0);
            left[usize::from(a)] += 1;
        }
        assert!(
            within_bounds(captured, n, exact.capture),
            "{a0} v {d0}: {captured} of {n} vs {}",
            exact.capture
        );
        for (k, &h) in left.iter().enumerate() {
            assert!(
                within_bounds(h, n, exact.attackers_left[k]),
                "{a0} v {d0} left {k}"
            );
        }
    }
}

#[test]
fn modified_rolls_are_enumerated_too() {
    // A leader's eight-sided die: 8 x 6 cases for one die each.
    let d8 = SideRoll {
        sides: [8, 6, 6],
        ..SideRoll::plain(1)
    };
    let t = one_roll_with(&d8, &SideRoll::plain(1), false);
    assert_eq!(t.total, 48);
    // The attacker wins when its d8 beats the d6: 15 (faces 1-6) + 12 (7, 8).
    assert_eq!(t.ways(0, 1), 27);
    // +1 on the highest die and ties won: 1 die each.
    let strong = SideRoll {
        highest: 1,
        wins_ties: true,
        ..SideRoll::plain(1)
    };
    // It loses only when the defender beats it by 2 or more: 4 + 3 + 2 + 1 cases.
    assert_eq!(
        one_roll_with(&strong, &SideRoll::plain(1), false).ways(0, 1),
        26
    );
    // Armor: the defender never loses with one comparison.
    let armored = one_roll_with(&SideRoll::plain(1), &SideRoll::plain(1), true);
    assert_eq!(
        (armored.ways(0, 1), armored.ways(0, 0), armored.ways(1, 0)),
        (0, 15, 21)
    );
}

mod engine;
mod modified;
