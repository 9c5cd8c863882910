//! Readable names in scenario files: cards (`"Move 2"`, `"SPAM"`,
//! `"Haywire: Move 3, U-turn"`), upgrades (`"Rail Gun"`), facings (`"N"`)
//! and cells (`[x, y]`), read without regard to case, spaces or
//! punctuation, and written back in one spelling. Facings, cells and
//! [`squash`] are the shared runner's atoms.

use crate::cards::{Card, Haywire, PROGRAMMING_DECK};
use crate::upgrades::Upgrade;
pub use robo_core::race::scenario::{squash, Facing, Xy};
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// The regular cards and SPAM, in the order they are listed in messages.
fn plain() -> impl Iterator<Item = Card> {
    Card::REGULAR.into_iter().chain([Card::Spam])
}

/// The Haywire named `s`: its effect as written by the engine
/// (`"Move 3, U-turn"`) or its Rust name (`"MoveThreeUTurn"`), with or
/// without a leading `"Haywire"`.
#[must_use]
pub fn haywire_named(s: &str) -> Option<Haywire> {
    let k = squash(s);
    let k = k.strip_prefix("haywire").unwrap_or(&k);
    Haywire::ALL
        .into_iter()
        .find(|h| squash(h.text()) == k || squash(&format!("{h:?}")) == k)
}

/// The card named `s` (see the module docs).
///
/// # Errors
/// A message listing the names that are known.
///
/// ```
/// use variant_2023::cards::{Card, Haywire};
/// use variant_2023::scenario::names::card_named;
/// assert_eq!(card_named("move 2"), Ok(Card::Move2));
/// assert_eq!(card_named("U-Turn"), Ok(Card::UTurn));
/// assert_eq!(card_named("Haywire: Move 3, U-turn"), Ok(Card::Haywire(Haywire::MoveThreeUTurn)));
/// assert!(card_named("Move 4").is_err());
/// ```
pub fn card_named(s: &str) -> Result<Card, String> {
    let s = s.trim();
    let k = squash(s);
    if let Some(c) = plain().find(|c| squash(&c.to_string()) == k) {
        return Ok(c);
    }
    haywire_named(s).map(Card::Haywire).ok_or_else(|| {
        let known: Vec<String> = plain().map(|c| c.to_string()).collect();
        format!(
            "unknown card `{s}`: use {}, or a Haywire by its effect, e.g. \"Haywire: {}\"",
            known.join(", "),
            Haywire::MoveThreeUTurn.text()
        )
    })
}

/// The upgrade named `s` (`"Rail Gun"`, `"rail-gun"`, `"RailGun"`).
///
/// # Errors
/// A message listing the upgrades.
pub fn upgrade_named(s: &str) -> Result<Upgrade, String> {
    let k = squash(s);
    Upgrade::ALL
        .into_iter()
        .find(|u| squash(u.name()) == k)
        .ok_or_else(|| {
            let known: Vec<&str> = Upgrade::ALL.iter().map(|u| u.name()).collect();
            format!(
                "unknown upgrade `{s}`: the upgrades are {}",
                known.join(", ")
            )
        })
}

/// How many copies of `card` a programming deck or the damage deck holds.
#[must_use]
pub fn copies(card: Card) -> usize {
    match card {
        Card::Spam => usize::from(crate::cards::SPAM_CARDS),
        Card::Haywire(_) => 1,
        c => PROGRAMMING_DECK.iter().filter(|d| **d == c).count(),
    }
}

/// Reads `"NAME"` or `"NAME xN"` (N copies, e.g. `"SPAM x5"`).
fn card_run(s: &str) -> Result<(Card, usize), String> {
    let t = s.trim();
    if let Some((name, n)) = t.rsplit_once(['x', '×']) {
        if let (Ok(n), false) = (n.trim().parse::<usize>(), name.trim().is_empty()) {
            if name.ends_with(' ') {
                return card_named(name).map(|c| (c, n));
            }
        }
    }
    card_named(t).map(|c| (c, 1))
}

/// A card written by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardName(pub Card);

robo_core::serde_by_name!(CardName, |c| c.0.to_string(), |s| card_named(s)
    .map(CardName));

/// A list of cards by name; `"SPAM x3"` stands for three SPAM cards.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Cards(pub Vec<Card>);

impl Serialize for Cards {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|c| CardName(*c)))
    }
}

impl<'de> Deserialize<'de> for Cards {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Cards;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of card names, like [\"Move 2\", \"SPAM x3\"]")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Cards, A::Error> {
                let mut out = Vec::new();
                while let Some(s) = seq.next_element::<String>()? {
                    let (card, n) = card_run(&s).map_err(de::Error::custom)?;
                    if n > 40 {
                        return Err(de::Error::custom(format!("`{s}`: too many copies")));
                    }
                    out.extend(std::iter::repeat_n(card, n));
                }
                Ok(Cards(out))
            }
        }
        d.deserialize_seq(V)
    }
}

/// An upgrade written by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UpgradeName(pub Upgrade);

robo_core::serde_by_name!(UpgradeName, |u| u.0.name().to_string(), |s| {
    upgrade_named(s).map(UpgradeName)
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_and_upgrade_reads_back_from_its_written_name() {
        for c in plain() {
            assert_eq!(card_named(&c.to_string()), Ok(c));
        }
        for h in Haywire::ALL {
            let c = Card::Haywire(h);
            assert_eq!(card_named(&c.to_string()), Ok(c));
            assert_eq!(card_named(h.text()), Ok(c));
            assert_eq!(card_named(&format!("{h:?}")), Ok(c));
        }
        for u in Upgrade::ALL {
            assert_eq!(upgrade_named(u.name()), Ok(u));
            assert_eq!(upgrade_named(&u.name().to_uppercase()), Ok(u));
        }
        assert!(upgrade_named("Laser Cannon")
            .unwrap_err()
            .contains("Rail Gun"));
        assert!(card_named("Move 4").unwrap_err().contains("Move 3"));
    }

    #[test]
    fn runs_of_cards_expand_and_bad_names_are_refused() {
        let c: Cards = serde_json::from_str(r#"["SPAM x3", "Move 1", "move 2 x2"]"#).unwrap();
        assert_eq!(
            c.0,
            vec![
                Card::Spam,
                Card::Spam,
                Card::Spam,
                Card::Move1,
                Card::Move2,
                Card::Move2
            ]
        );
        let e = serde_json::from_str::<Cards>(r#"["Mvoe 2"]"#).unwrap_err();
        assert!(e.to_string().contains("unknown card `Mvoe 2`"), "{e}");
        assert_eq!(copies(Card::Move1), 4);
        assert_eq!(copies(Card::Spam), 23);
    }
}
