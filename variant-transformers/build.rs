//! Turns the edition's data files into Rust tables (checked here, so a
//! malformed row fails the build with its line number):
//! - `data/special-damage.txt`: the 16 special damage cards;
//! - `data/upgrade-costs.txt`: the Energon cost of each upgrade.

use std::fmt::Write;
use std::path::Path;

const MECHANISMS: [(&str, bool); 11] = [
    ("LoseEnergon", true),
    ("Setback", false),
    ("Spin", true),
    ("DrawDamage", true),
    ("DiscardRandom", true),
    ("Convert", false),
    ("MovePenalty", true),
    ("WeaponJam", false),
    ("ConvertLock", false),
    ("HandLimit", true),
    ("NoRoadBonus", false),
];

fn rows(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| (i + 1, l.split('|').map(str::trim).collect()))
}

fn effect(line: usize, s: &str) -> String {
    let (name, arg) = match s.split_once('(') {
        Some((n, rest)) => {
            let arg = rest
                .strip_suffix(')')
                .unwrap_or_else(|| panic!("special-damage.txt line {line}: `{s}` lacks `)`"));
            let n_ok = arg.parse::<u8>().is_ok_and(|n| (1..=9).contains(&n));
            assert!(
                n_ok,
                "special-damage.txt line {line}: `{arg}` is not 1 to 9"
            );
            (n, Some(arg))
        }
        None => (s, None),
    };
    let Some(&(_, takes)) = MECHANISMS.iter().find(|(m, _)| *m == name) else {
        panic!("special-damage.txt line {line}: no mechanism `{name}`");
    };
    assert_eq!(
        takes,
        arg.is_some(),
        "special-damage.txt line {line}: `{name}` {} a number",
        if takes { "needs" } else { "takes no" }
    );
    match arg {
        Some(n) => format!("Effect::{name}({n})"),
        None => format!("Effect::{name}"),
    }
}

fn damage(text: &str) -> String {
    let mut out = String::from("/// The special damage faces of `data/special-damage.txt`, in card order.\npub(crate) const SPECIAL_FACES: [SpecialFace; SPECIAL_CARDS as usize] = [\n");
    let mut n = 0;
    for (line, cols) in rows(text) {
        let [name, source, timing, eff, what] = cols.as_slice() else {
            panic!("special-damage.txt line {line}: five columns separated by `|`");
        };
        let designed = match *source {
            "rulebook" => false,
            "designed" => true,
            s => panic!("special-damage.txt line {line}: source `{s}` is not rulebook or designed"),
        };
        let timing = match timing.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["instant"] => "Timing::Instant".to_string(),
            ["round"] => "Timing::Round".to_string(),
            ["ongoing", k] if k.parse::<u8>().is_ok_and(|k| k <= 10) => {
                format!("Timing::Ongoing {{ fix: {k} }}")
            }
            _ => panic!("special-damage.txt line {line}: timing `{timing}`"),
        };
        writeln!(
            out,
            "    SpecialFace {{ name: {name:?}, designed: {designed}, timing: {timing}, effect: {}, text: {what:?} }},",
            effect(line, eff)
        )
        .unwrap();
        n += 1;
    }
    assert_eq!(n, 16, "special-damage.txt: 16 special cards, found {n}");
    out.push_str("];\n");
    out
}

fn ident(name: &str) -> String {
    name.split(|c: char| !c.is_ascii_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let w: String = w.chars().filter(char::is_ascii_alphanumeric).collect();
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

fn costs(text: &str) -> String {
    let mut out = String::from("/// The Energon cost of each upgrade, from `data/upgrade-costs.txt`.\npub(crate) const fn cost_of(u: Upgrade) -> u8 {\n    match u {\n");
    for (line, cols) in rows(text) {
        let [name, cost, _why] = cols.as_slice() else {
            panic!("upgrade-costs.txt line {line}: three columns separated by `|`");
        };
        let cost: u8 = cost.parse().ok().filter(|c| *c <= 10).unwrap_or_else(|| {
            panic!("upgrade-costs.txt line {line}: cost `{cost}` is not 0 to 10")
        });
        writeln!(out, "        Upgrade::{} => {cost},", ident(name)).unwrap();
    }
    out.push_str("    }\n}\n");
    out
}

fn main() {
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let read = |f: &str| {
        println!("cargo:rerun-if-changed=data/{f}");
        std::fs::read_to_string(Path::new("data").join(f)).expect("the data file is there")
    };
    std::fs::write(
        Path::new(&dir).join("special_damage.rs"),
        damage(&read("special-damage.txt")),
    )
    .expect("OUT_DIR is writable");
    std::fs::write(
        Path::new(&dir).join("upgrade_costs.rs"),
        costs(&read("upgrade-costs.txt")),
    )
    .expect("OUT_DIR is writable");
}
