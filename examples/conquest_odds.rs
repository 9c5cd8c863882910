//! Prints the exact battle odds of Transformers conquest, for plain dice
//! or with the leaders, the eight-sided leader die and the cards the game
//! has: the one-roll table and the capture table, or one battle in full.
//!
//! ```text
//! cargo run --release --example conquest_odds
//! cargo run --release --example conquest_odds -- --attackers 5 --defenders 4 \
//!     --attacker-leader "Optimus Prime" --defender-leader megatron --d8
//! cargo run --release --example conquest_odds -- --help
//! ```

mod common;
use common::say;
use roborally::conquest::battle::Fighter;
use roborally::conquest::odds::{Modifiers, OddsCache};
use roborally::conquest::{Card, Leader, Mode};
use std::process::ExitCode;

const HELP: &str = "\
Exact battle odds of Transformers conquest, by enumerating every face of
the dice and solving the battle as a Markov chain (no sampling).

Without --attackers and --defenders it prints two tables: one roll (every
outcome of 1-3 attacking dice against 1-2 defending dice) and the
probability of capturing the zone for 1 to --max robots on each side.
With them it prints that battle in full: its first roll, the chance of
capture, how many robots each side has left, and the risk to the leaders.

Both sides roll the most dice they may in every roll; a leader named here
fights in every roll while it stands; cards go with the first roll.

usage: conquest_odds [--attackers A --defenders D] [--max N]
                     [--attacker-leader NAME] [--attacker-mode robot|vehicle]
                     [--defender-leader NAME] [--defender-mode robot|vehicle]
                     [--d8] [--attack-card CARD] [--defence-card CARD]

  --attackers A        robots able to attack: the zone's robots but the one
                       that stays behind (a fighting leader counts), 1-255
  --defenders D        robots in the defended zone (its leader counts), 1-255
  --max N              size of the capture table (default 10, at most 30)
  --attacker-leader L  the attacker's leader fights: Optimus Prime (+1 on
                       his side's highest die), Bumblebee (his side wins
                       ties), Megatron (-1 on the other side's highest die)
                       or Barricade (+1 on his side's lowest die)
  --attacker-mode M    robot (default: the effect above) or vehicle (no
                       effect in battle)
  --defender-leader L  the defending leader stands in the zone and fights
  --defender-mode M    robot (default) or vehicle; Barricade in vehicle mode
                       is a Roadblock: attacks on his zone roll at most 2 dice
  --d8                 fighting leaders roll an eight-sided die
  --attack-card C      Ion Blaster (+1 on the attacker's highest die),
                       Targeting Scanner (the attacker wins ties) or Blitz
                       (the defender rolls one die)
  --defence-card C     Force Field (+1 on the defender's highest die),
                       Armor Plating (the defender's first lost comparison
                       costs nothing) or Smokescreen (-1 on the attacker's
                       highest die)
  -h, --help           this text

Names are read loosely: \"optimus-prime\", \"Optimus Prime\" and
\"optimusprime\" are the same leader.";

struct Args {
    battle: Option<(u8, u8)>,
    max: u8,
    modifiers: Modifiers,
}

fn parse_mode(v: &str, flag: &str) -> Result<Mode, String> {
    match v.to_ascii_lowercase().as_str() {
        "robot" => Ok(Mode::Robot),
        "vehicle" => Ok(Mode::Vehicle),
        _ => Err(format!("{flag}: `{v}` is not robot or vehicle")),
    }
}

fn parse_count(v: &str, flag: &str, max: u8) -> Result<u8, String> {
    match v.parse::<u8>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!("{flag}: `{v}` is not a number from 1 to {max}")),
    }
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Option<Args>, String> {
    let (mut attackers, mut defenders, mut max) = (None, None, 10);
    let (mut a_leader, mut d_leader): (Option<Leader>, Option<Leader>) = (None, None);
    let (mut a_mode, mut d_mode) = (Mode::Robot, Mode::Robot);
    let mut m = Modifiers::NONE;
    let mut args = args.peekable();
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--attackers" => attackers = Some(parse_count(&value()?, &flag, u8::MAX)?),
            "--defenders" => defenders = Some(parse_count(&value()?, &flag, u8::MAX)?),
            "--max" => max = parse_count(&value()?, &flag, 30)?,
            "--attacker-leader" => {
                a_leader = Some(value()?.parse().map_err(|e| format!("{flag}: {e}"))?)
            }
            "--defender-leader" => {
                d_leader = Some(value()?.parse().map_err(|e| format!("{flag}: {e}"))?)
            }
            "--attacker-mode" => a_mode = parse_mode(&value()?, &flag)?,
            "--defender-mode" => d_mode = parse_mode(&value()?, &flag)?,
            "--d8" => m.leader_d8 = true,
            "--attack-card" => {
                m.attack_card = Some(
                    value()?
                        .parse::<Card>()
                        .map_err(|e| format!("{flag}: {e}"))?,
                );
            }
            "--defence-card" | "--defense-card" => {
                m.defence_card = Some(
                    value()?
                        .parse::<Card>()
                        .map_err(|e| format!("{flag}: {e}"))?,
                );
            }
            "-h" | "--help" => return Ok(None),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    m.attacker_leader = a_leader.map(|l| Fighter::new(l, a_mode));
    m.defender_leader = d_leader.map(|l| Fighter::new(l, d_mode));
    m.check().map_err(|e| e.to_string())?;
    let battle = match (attackers, defenders) {
        (Some(a), Some(d)) => Some((a, d)),
        (None, None) => None,
        _ => return Err("--attackers and --defenders go together".into()),
    };
    Ok(Some(Args {
        battle,
        max,
        modifiers: m,
    }))
}

fn print_roll(odds: &mut OddsCache, a: u8, d: u8, m: &Modifiers) {
    let t = odds.one_roll(a, d, m);
    for o in &t.outcomes {
        let what = format!(
            "attacker -{}, defender -{}",
            o.attacker_lost, o.defender_lost
        );
        let (n, total) = t.fraction(o.attacker_lost, o.defender_lost);
        say!(
            "{:>4} {:>4}  {:<30} {:>12} {:>7.3}",
            t.attacker_dice,
            t.defender_dice,
            what,
            format!("{n}/{total}"),
            t.probability(o.attacker_lost, o.defender_lost)
        );
    }
}

fn roll_header() {
    say!(
        "{:>4} {:>4}  {:<30} {:>12} {:>7}",
        "att",
        "def",
        "outcome",
        "ways",
        "p"
    );
}

fn print_tables(odds: &mut OddsCache, max: u8, m: &Modifiers) {
    say!("One roll ({m}; ties go to the defender unless the attacker wins them)");
    roll_header();
    for a in 1..=m.max_attack_dice() {
        for d in 1..=m.max_defence_dice() {
            print_roll(odds, a, d, m);
        }
    }
    say!();
    say!(
        "Capture probability: A robots able to attack (all but the one that stays) against D defenders"
    );
    let mut grid = |what: fn(&mut OddsCache, u8, u8, &Modifiers) -> f64| {
        let head: String = (1..=max).map(|d| format!("{d:>7}")).collect();
        say!("{:>6}{head}", "A \\ D");
        for a in 1..=max {
            let row: String = (1..=max)
                .map(|d| format!("{:>7.3}", what(odds, a, d, m)))
                .collect();
            say!("{a:>6}{row}");
        }
    };
    grid(|o, a, d, m| o.chances(a, d, m).capture);
    if m.attacker_leader.is_some() {
        say!();
        say!("Probability that the attacking leader falls");
        grid(|o, a, d, m| o.chances(a, d, m).attacker_leader_falls);
    }
}

fn print_battle(odds: &mut OddsCache, a: u8, d: u8, m: &Modifiers) {
    say!("{a} able to attack against {d} defenders ({m})");
    say!();
    say!("First roll");
    roll_header();
    print_roll(odds, a.min(3), d.min(2), m);
    let b = odds.battle(a, d, m);
    say!();
    say!("Capture: {:.4}", b.capture);
    say!(
        "Expected losses: attacker {:.2}, defender {:.2}",
        b.expected_attacker_losses(),
        b.expected_defender_losses()
    );
    if m.attacker_leader.is_some() {
        say!("The attacking leader falls: {:.4}", b.attacker_leader_falls);
    }
    if m.defender_leader.is_some() {
        say!("The defending leader falls: {:.4}", b.defender_leader_falls);
    }
    say!();
    say!("{:>6} {:>16} {:>16}", "left", "attackers", "defenders");
    for k in 0..=usize::from(a.max(d)) {
        let cell = |v: &[f64]| v.get(k).map_or(String::new(), |p| format!("{p:.4}"));
        say!(
            "{k:>6} {:>16} {:>16}",
            cell(&b.attackers_left),
            cell(&b.defenders_left)
        );
    }
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(Some(a)) => a,
        Ok(None) => {
            say!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("error: {e}\n(conquest_odds --help lists the flags)");
            return ExitCode::from(2);
        }
    };
    let mut odds = OddsCache::new();
    match args.battle {
        Some((a, d)) => print_battle(&mut odds, a, d, &args.modifiers),
        None => print_tables(&mut odds, args.max, &args.modifiers),
    }
    ExitCode::SUCCESS
}
