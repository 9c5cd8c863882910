//! The `expect` block: a part of a [`Summary`], compared field by field
//! with the shared [`Differences`]. Only the fields written are compared;
//! each one that differs is a [`Difference`] that reads like
//! `robot 1 position: expected [3,4], got [3,5]`.

use super::names::{CardName, Cards, Facing, UpgradeName, Xy};
use super::summary::{RobotSummary, Summary};
use crate::cards::Card;
use crate::events::Phase;
use robo_core::race::scenario::{present, Difference, Differences, Expectation, Shown};
use serde::{Deserialize, Serialize};

/// What a run should end with.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Expect {
    /// The robots by seat; `{}` for a robot with nothing to check.
    pub robots: Vec<RobotExpect>,
    /// The round.
    pub round: Option<u16>,
    /// The phase (`"Upgrade"`, `"Programming"`, `"Activation"`).
    pub phase: Option<Phase>,
    /// The register last begun.
    pub register: Option<u8>,
    /// The priority token's holder.
    pub priority: Option<u8>,
    /// The race is over.
    pub over: Option<bool>,
    /// The winner's seat, `null` for none.
    #[serde(deserialize_with = "present")]
    pub winner: Option<Option<u8>>,
    /// Cards in the damage deck.
    pub damage_deck: Option<usize>,
    /// Cards in the damage discard pile.
    pub damage_discard: Option<usize>,
    /// Cards in the upgrade deck.
    pub upgrade_deck: Option<usize>,
    /// Cards in the upgrade discard pile.
    pub upgrade_discard: Option<usize>,
    /// Cards removed from the game (in any order).
    pub removed: Option<Cards>,
    /// Answers refused at the next decision after the run stopped:
    /// `[{"robot": 0, "answer": "brake", "reason": "not one of the
    /// options"}]` (see `robo_core::race::scenario::refusals`).
    pub refused: Vec<robo_core::race::scenario::Refusal<super::file::Answer>>,
}

/// What one robot should end with.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RobotExpect {
    /// Its cell, `null` for off the board.
    #[serde(deserialize_with = "present")]
    pub position: Option<Option<Xy>>,
    /// Its facing.
    pub facing: Option<Facing>,
    /// On the board.
    pub on_board: Option<bool>,
    /// Waiting to reboot.
    pub rebooting: Option<bool>,
    /// Shut down.
    pub shut_down: Option<bool>,
    /// Energy.
    pub energy: Option<u8>,
    /// Last checkpoint reached.
    pub checkpoint: Option<u8>,
    /// Damage cards held anywhere.
    pub damage: Option<usize>,
    /// SPAM cards held anywhere.
    pub spam: Option<usize>,
    /// Haywire cards held anywhere.
    pub haywire: Option<usize>,
    /// Cards in the deck.
    pub deck: Option<usize>,
    /// Cards in hand.
    pub hand: Option<usize>,
    /// Cards drawn into the hand at the run's last programming phase
    /// (`null`: none drawn in the run).
    #[serde(deserialize_with = "present")]
    pub dealt: Option<Option<u8>>,
    /// Cards in the discard pile.
    pub discard: Option<usize>,
    /// The top of the deck, top card first (the rest is not compared).
    pub deck_cards: Option<Cards>,
    /// The hand, in any order.
    pub hand_cards: Option<Cards>,
    /// The discard pile, in any order.
    pub discard_cards: Option<Cards>,
    /// The card SPAM Filter turned face up, `null` for none.
    #[serde(deserialize_with = "present")]
    pub face_up: Option<Option<CardName>>,
    /// The cards of registers 1 to 5 (as many registers as listed).
    pub registers: Option<Vec<Cards>>,
    /// The face-down Haywires under registers 1 to 5 (as many as listed).
    pub under: Option<Vec<Option<CardName>>>,
    /// Installed upgrades, in any order.
    pub installed: Option<Vec<UpgradeName>>,
    /// Uninstalled upgrades, in any order.
    pub uninstalled: Option<Vec<UpgradeName>>,
    /// Cards on Memory Cards, in any order.
    pub memory: Option<Cards>,
    /// The archive token's cell.
    pub archive: Option<Xy>,
}

impl Shown for Phase {
    fn shown(&self) -> String {
        format!("{self:?}")
    }
}

fn card_names(cards: &[Card]) -> Vec<String> {
    cards.iter().map(ToString::to_string).collect()
}

impl Expect {
    /// The differences between this expectation and `s`, in the order of
    /// the fields (game first, then robots by seat).
    #[must_use]
    pub fn differences(&self, s: &Summary) -> Vec<Difference> {
        let mut d = Differences::new();
        self.compare(s, &mut d);
        d.into_vec()
    }
}

impl Expectation<Summary> for Expect {
    fn compare(&self, s: &Summary, d: &mut Differences) {
        d.check(|| "round".into(), self.round.as_ref(), &s.round);
        d.check(|| "phase".into(), self.phase.as_ref(), &s.phase);
        d.check(|| "register".into(), self.register.as_ref(), &s.register);
        d.check(|| "priority".into(), self.priority.as_ref(), &s.priority);
        d.check(|| "over".into(), self.over.as_ref(), &s.over);
        d.check(|| "winner".into(), self.winner.as_ref(), &s.winner);
        d.check(
            || "damage_deck".into(),
            self.damage_deck.as_ref(),
            &s.damage_deck,
        );
        d.check(
            || "damage_discard".into(),
            self.damage_discard.as_ref(),
            &s.damage_discard,
        );
        d.check(
            || "upgrade_deck".into(),
            self.upgrade_deck.as_ref(),
            &s.upgrade_deck,
        );
        d.check(
            || "upgrade_discard".into(),
            self.upgrade_discard.as_ref(),
            &s.upgrade_discard,
        );
        let removed: Vec<Card> = s.removed.iter().map(|c| c.0).collect();
        d.bag(
            || "removed".into(),
            self.removed.as_ref().map(|c| card_names(&c.0)),
            card_names(&removed),
        );
        d.robots(&self.robots, &s.robots, |i, e, r, d| e.compare(i, r, d));
    }
}

fn names_of(cards: &[CardName]) -> Vec<String> {
    cards.iter().map(|c| c.0.to_string()).collect()
}

fn upgrade_names(u: &[UpgradeName]) -> Vec<String> {
    u.iter().map(|u| u.0.name().to_string()).collect()
}

impl RobotExpect {
    fn compare(&self, i: usize, r: &RobotSummary, d: &mut Differences) {
        let f = |field: &'static str| move || format!("robot {i} {field}");
        d.check(f("position"), self.position.as_ref(), &r.position);
        d.check(f("facing"), self.facing.map(Some).as_ref(), &r.facing);
        d.check(f("on_board"), self.on_board.as_ref(), &r.on_board);
        d.check(f("rebooting"), self.rebooting.as_ref(), &r.rebooting);
        d.check(f("shut_down"), self.shut_down.as_ref(), &r.shut_down);
        d.check(f("energy"), self.energy.as_ref(), &r.energy);
        d.check(f("checkpoint"), self.checkpoint.as_ref(), &r.checkpoint);
        d.check(f("damage"), self.damage.as_ref(), &r.damage);
        d.check(f("spam"), self.spam.as_ref(), &r.spam);
        d.check(f("haywire"), self.haywire.as_ref(), &r.haywire);
        d.check(f("deck"), self.deck.as_ref(), &r.deck);
        d.check(f("hand"), self.hand.as_ref(), &r.hand);
        d.check(f("dealt"), self.dealt.as_ref(), &r.dealt);
        d.check(f("discard"), self.discard.as_ref(), &r.discard);
        if let Some(want) = &self.deck_cards {
            let got: Vec<String> = names_of(&r.deck_cards)
                .into_iter()
                .take(want.0.len())
                .collect();
            d.check(f("deck_cards"), Some(&card_names(&want.0)), &got);
        }
        d.bag(
            f("hand_cards"),
            self.hand_cards.as_ref().map(|c| card_names(&c.0)),
            names_of(&r.hand_cards),
        );
        d.bag(
            f("discard_cards"),
            self.discard_cards.as_ref().map(|c| card_names(&c.0)),
            names_of(&r.discard_cards),
        );
        if let Some(want) = &self.face_up {
            let show =
                |c: &Option<CardName>| c.map_or_else(|| "null".to_string(), |c| c.0.to_string());
            if *want != r.face_up {
                d.differ(format!("robot {i} face_up"), show(want), show(&r.face_up));
            }
        }
        for (k, want) in self.registers.iter().flatten().enumerate() {
            let got = r.registers.get(k).map(|c| names_of(c)).unwrap_or_default();
            d.check(
                || format!("robot {i} register {}", k + 1),
                Some(&card_names(&want.0)),
                &got,
            );
        }
        for (k, want) in self.under.iter().flatten().enumerate() {
            let got = r.under.get(k).copied().flatten().map(|c| c.0.to_string());
            let want = want.map(|c| c.0.to_string());
            if want != got {
                d.differ(
                    format!("robot {i} under register {}", k + 1),
                    want.unwrap_or_else(|| "null".into()),
                    got.unwrap_or_else(|| "null".into()),
                );
            }
        }
        d.bag(
            f("installed"),
            self.installed.as_ref().map(|u| upgrade_names(u)),
            upgrade_names(&r.installed),
        );
        d.bag(
            f("uninstalled"),
            self.uninstalled.as_ref().map(|u| upgrade_names(u)),
            upgrade_names(&r.uninstalled),
        );
        d.bag(
            f("memory"),
            self.memory.as_ref().map(|c| card_names(&c.0)),
            names_of(&r.memory),
        );
        d.check(f("archive"), self.archive.as_ref(), &r.archive);
    }
}
