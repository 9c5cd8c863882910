//! What a scenario run ends with: each robot's place and mat, the decks,
//! and the event log, in the same names a scenario file uses.

use super::names::{CardName, Facing, UpgradeName, Xy};
use crate::cards::{Card, CardId};
use crate::events::{Event, Phase};
use crate::race::Race;
use crate::robot::REGISTERS;
use robo_core::PlayerId;
use serde::Serialize;

/// One robot at the end of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RobotSummary {
    /// Its cell; `null` while off the board.
    pub position: Option<Xy>,
    /// Its facing; `null` while off the board.
    pub facing: Option<Facing>,
    /// On the board.
    pub on_board: bool,
    /// Waiting to reboot.
    pub rebooting: bool,
    /// Shut down this round.
    pub shut_down: bool,
    /// Energy.
    pub energy: u8,
    /// The last checkpoint reached (0: none yet).
    pub checkpoint: u8,
    /// Damage cards held anywhere (hand, deck, discard pile, registers,
    /// face-down Haywires).
    pub damage: usize,
    /// SPAM cards among them.
    pub spam: usize,
    /// Haywire cards among them.
    pub haywire: usize,
    /// Cards in the programming deck (draw pile).
    pub deck: usize,
    /// Cards in hand.
    pub hand: usize,
    /// Cards in the discard pile.
    pub discard: usize,
    /// Cards drawn into the hand at the run's last programming phase
    /// (`None`: the run drew none).
    pub dealt: Option<u8>,
    /// The deck, top card first.
    pub deck_cards: Vec<CardName>,
    /// The hand.
    pub hand_cards: Vec<CardName>,
    /// The discard pile, most recent first.
    pub discard_cards: Vec<CardName>,
    /// The top card of the deck turned face up by SPAM Filter.
    pub face_up: Option<CardName>,
    /// The cards in each register.
    pub registers: [Vec<CardName>; REGISTERS],
    /// The face-down Haywire under each register.
    pub under: [Option<CardName>; REGISTERS],
    /// Installed upgrades (permanent first).
    pub installed: Vec<UpgradeName>,
    /// Upgrades held but not installed.
    pub uninstalled: Vec<UpgradeName>,
    /// Cards kept on Memory Cards.
    pub memory: Vec<CardName>,
    /// The archive token's cell.
    pub archive: Xy,
}

/// The state a run ends in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// The round.
    pub round: u16,
    /// The phase.
    pub phase: Phase,
    /// The register last begun in this round (0 outside the activation phase).
    pub register: u8,
    /// The seat holding the priority token.
    pub priority: u8,
    /// The race is over.
    pub over: bool,
    /// The winner's seat, once the race is over with a winner.
    pub winner: Option<u8>,
    /// The robots, by seat.
    pub robots: Vec<RobotSummary>,
    /// Cards in the damage deck.
    pub damage_deck: usize,
    /// Cards in the damage discard pile.
    pub damage_discard: usize,
    /// Cards in the upgrade deck.
    pub upgrade_deck: usize,
    /// Cards in the upgrade discard pile.
    pub upgrade_discard: usize,
    /// Cards removed from the game.
    pub removed: Vec<CardName>,
    /// Every decision of the run and its answer (scripted or default).
    pub decisions: Vec<String>,
    /// Scripted answers never asked for, as `robot N: answer`.
    pub unused_answers: Vec<String>,
    /// Everything that happened, in order (left out of the JSON when empty).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<Event>,
}

fn names<'a>(ids: impl Iterator<Item = &'a CardId>) -> Vec<CardName> {
    ids.map(|c| CardName(c.card())).collect()
}

impl Summary {
    /// The summary of `race` after a run that gave `events`.
    #[must_use]
    pub fn of(race: &Race, events: Vec<Event>) -> Summary {
        let robots = (0..race.seats())
            .map(|i| {
                let p = PlayerId(i as u8);
                let mut r = robot_summary(race, p);
                r.dealt = events.iter().rev().find_map(|e| match e {
                    Event::HandDrawn { player, cards } if *player == p => Some(*cards),
                    _ => None,
                });
                r
            })
            .collect();
        Summary {
            round: race.round(),
            phase: race.phase(),
            register: race.register(),
            priority: race.priority().0,
            over: race.outcome().is_some(),
            winner: race.outcome().and_then(|o| o.winner).map(|p| p.0),
            robots,
            damage_deck: race.damage_deck().draw_len(),
            damage_discard: race.damage_deck().discard_len(),
            upgrade_deck: race.upgrade_deck().draw_len(),
            upgrade_discard: race.upgrade_deck().discard_len(),
            removed: names(race.removed().iter()),
            decisions: Vec::new(),
            unused_answers: Vec::new(),
            events,
        }
    }
}

fn robot_summary(race: &Race, p: PlayerId) -> RobotSummary {
    let pl = &race.players[p.index()];
    let at = race.robot(p);
    let held: Vec<Card> = pl.all_cards().map(CardId::card).collect();
    let spam = held.iter().filter(|c| **c == Card::Spam).count();
    let haywire = held.iter().filter(|c| c.is_haywire()).count();
    RobotSummary {
        position: at.map(|(pos, _)| Xy(pos)),
        facing: at.map(|(_, d)| Facing(d)),
        on_board: at.is_some(),
        rebooting: pl.rebooting().is_some(),
        shut_down: pl.is_shut_down(),
        energy: pl.energy(),
        checkpoint: pl.checkpoints(),
        damage: spam + haywire,
        spam,
        haywire,
        deck: pl.deck().draw_len(),
        hand: pl.hand().len(),
        discard: pl.deck().discard_len(),
        dealt: None,
        deck_cards: names(pl.deck().draw_pile()),
        hand_cards: names(pl.hand().iter()),
        discard_cards: names(pl.deck().discard_pile()),
        face_up: pl.face_up_top.map(|c| CardName(c.card())),
        registers: std::array::from_fn(|r| names(pl.registers()[r].cards.iter())),
        under: std::array::from_fn(|r| pl.registers()[r].under.map(|c| CardName(c.card()))),
        installed: pl.installed().map(UpgradeName).collect(),
        uninstalled: pl.uninstalled().iter().copied().map(UpgradeName).collect(),
        memory: names(pl.memory().iter()),
        archive: Xy(pl.archive().0),
    }
}
