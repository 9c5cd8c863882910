//! Prints the exact battle odds of Transformers conquest: the one-roll
//! table (every outcome of attacker 1-3 dice against defender 1-2 dice) and
//! the capture table for 1-10 attackers against 1-10 defenders.
//!
//! ```text
//! cargo run --example conquest_odds
//! ```

use roborally::conquest::odds::{one_roll_table, CaptureTable};

fn main() {
    println!("One roll (six-sided dice; ties go to the defender)");
    println!(
        "{:>4} {:>4}  {:<30} {:>12} {:>7}",
        "att", "def", "outcome", "ways", "p"
    );
    for t in one_roll_table() {
        for o in &t.outcomes {
            let what = format!(
                "attacker -{}, defender -{}",
                o.attacker_lost, o.defender_lost
            );
            let (n, d) = t.fraction(o.attacker_lost, o.defender_lost);
            println!(
                "{:>4} {:>4}  {:<30} {:>12} {:>7.3}",
                t.attacker_dice,
                t.defender_dice,
                what,
                format!("{n}/{d}"),
                t.probability(o.attacker_lost, o.defender_lost)
            );
        }
    }
    println!();
    println!(
        "Capture probability: A robots able to attack (the zone holds A + 1) against D defenders"
    );
    let table = CaptureTable::new(10);
    print!("{:>6}", "A \\ D");
    for d in 1..=10 {
        print!("{d:>7}");
    }
    println!();
    for a in 1..=10 {
        print!("{a:>6}");
        for d in 1..=10 {
            print!("{:>7.3}", table.get(a, d).unwrap_or(f64::NAN));
        }
        println!();
    }
}
