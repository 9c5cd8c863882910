//! Transformers conquest at a terminal: every phase asked in words, step
//! by step ([`Facet`]s: what now? attack from which zone? which zone? with
//! how many robots? ...), zones by their map names, the map drawn sector by
//! sector ([`draw_map`]), and every event told by
//! [`ConquestWords`](crate::words::ConquestWords).

mod facets;
mod map;

pub use map::{draw_map, MAP_KEY};

use super::present::{Facet, Presenter, TerminalEdition};
use super::{Config, Finish};
use crate::bots;
use crate::editions::{InAny, Playable};
use crate::words::{card_effect, leader_effect, ConquestWords, Seen};
use robo_core::protocol::{ActionError, Outcome as _};
use robo_core::PlayerId;
use variant_conquest::{
    Action, Conquest, ConquestOutcome, Decision, Event, MapHandle, Reason, View, ZoneId,
};

const HELP: &str = "\
How to answer:
  each question lists its answers: type the number of one, or a name
    (`Kaon Arena`, or its start, `kaon a`), or `random`; `back` starts the
    question again. Add `x5` to an answer to do it five times (placing
    robots: `Kaon Arena x5`).
  the map: each zone with its holder (* yours), its robots and marks:
    L the holder's leader, P the Launch Pad, F an open secret factory
    (f closed), ~ a shifting piece. Holding a whole sector gives more
    robots every turn; the most zones after the last day wins.
  anywhere: `map` (or `board`) draws the map and your cards, `help` shows
    this, `save FILE` saves the game, `quit` leaves.";

/// A conquest game in words, for the person in one seat: the public map
/// and their own [`View`].
#[derive(Clone, Debug)]
pub struct ConquestPresenter {
    map: MapHandle,
    you: PlayerId,
    words: ConquestWords,
    /// Columns of the terminal.
    width: usize,
    /// The phase the map was last drawn for: day, turn, phase.
    shown: Option<(u8, PlayerId, u8)>,
}

impl TerminalEdition for Conquest {
    type Presenter = ConquestPresenter;

    fn presenter(game: &Conquest, you: PlayerId, columns: usize) -> ConquestPresenter {
        let width = if columns == 0 { 80 } else { columns };
        ConquestPresenter {
            map: game.map().clone(),
            you,
            words: ConquestWords::new(game, Seen::Seat(you)),
            width,
            shown: None,
        }
    }

    fn every_action(&self, player: PlayerId) -> Option<Vec<Action>> {
        Some(self.every_legal_action(player))
    }
}

impl ConquestPresenter {
    /// A zone's name.
    fn zone(&self, z: ZoneId) -> &str {
        self.map.zone_name(z)
    }

    /// The phases that draw the map when they begin (the claims, the
    /// setup placement, a turn's placement and its attacks); `None` for
    /// the others, which the map drawn before serves.
    fn map_phase(decision: &Decision) -> Option<u8> {
        match decision {
            Decision::Claim => Some(0),
            Decision::SetupPlace { .. } => Some(1),
            Decision::Place { .. } => Some(2),
            Decision::Attack => Some(4),
            Decision::Morph
            | Decision::MoveIn { .. }
            | Decision::Defend { .. }
            | Decision::Backup { .. } => None,
        }
    }
}

impl Presenter<Conquest> for ConquestPresenter {
    fn intro(&self, game: &Conquest, config: &Config) -> String {
        let bots = bots::canonical(Conquest::EDITION, &config.bots).unwrap_or(&config.bots);
        let you = game
            .player(self.you)
            .map(|p| {
                format!(
                    " ({}: in robot mode {}; in vehicle mode {})",
                    p.leader,
                    leader_effect(p.leader, variant_conquest::Mode::Robot),
                    leader_effect(p.leader, variant_conquest::Mode::Vehicle)
                )
            })
            .unwrap_or_default();
        let goal = if game.rules().sides {
            "Your side wins by holding the most zones together"
        } else {
            "You win by holding the most zones"
        };
        format!(
            "Transformers conquest on {}: {} players, {}, seed {}.\n\
             {goal} after day {} (or by wiping out every enemy). Type `help` at any prompt.\n",
            self.map.name(),
            game.players().len(),
            config.who_plays(game.players().len(), bots, &you),
            config.seed,
            game.rules().rounds,
        )
    }

    fn draw(&self, view: &View) -> String {
        draw_map(&self.map, view, self.width)
    }

    fn draw_own(&self, view: &View) -> String {
        if view.hand.is_empty() {
            return "Your cards: none (capturing a zone in your turn draws one)\n".to_string();
        }
        let cards: Vec<String> = view
            .hand
            .iter()
            .map(|c| format!("{c} ({})", card_effect(*c)))
            .collect();
        format!("Your cards: {}\n", cards.join("; "))
    }

    fn describe(&mut self, event: &Event) -> Option<String> {
        self.words.event(event)
    }

    fn label(&self, action: &Action, view: &View) -> String {
        facets::label(self, action, view)
    }

    fn short(&self, action: &Action) -> String {
        action.to_string()
    }

    fn facets(&self, action: &Action, view: &View) -> Vec<Facet> {
        facets::facets(self, action, view)
    }

    fn question(&self, decision: &Decision, view: &View) -> String {
        facets::question(self, decision, view)
    }

    fn before_question(&mut self, decision: &Decision, view: &View) -> String {
        let Some(phase) = Self::map_phase(decision) else {
            return String::new();
        };
        let key = (view.round, view.turn, phase);
        if self.shown == Some(key) {
            return String::new();
        }
        self.shown = Some(key);
        format!("{}{}", self.draw(view), self.draw_own(view))
    }

    fn program_prompt(&self, view: &View) -> String {
        format!(
            "{}{}Too many options to list: type the action as JSON (like {{\"place\":3}}), \
             or `random`.\n",
            self.draw(view),
            self.draw_own(view)
        )
    }

    fn parse_program(&self, line: &str, _: &View) -> Result<Action, String> {
        serde_json::from_str(line).map_err(|e| format!("`{line}` is not an action: {e}"))
    }

    /// The engine's reason with zones by their names.
    fn refusal(&self, error: &ActionError<Reason>, _: &View) -> String {
        let z = |id: &ZoneId| self.zone(*id);
        let ActionError::Illegal(reason) = error else {
            return error.to_string();
        };
        match reason {
            Reason::ZoneHeld(id) => format!("{} is already held", z(id)),
            Reason::NotYours(id) => format!("{} is not yours", z(id)),
            Reason::NotEnemy(id) => format!("{} is not held by an enemy", z(id)),
            Reason::NotAdjacent { from, to } => {
                format!("{} and {} are not neighbours", z(from), z(to))
            }
            Reason::SameZone(id) => format!("{} is both ends of the move", z(id)),
            Reason::NoLeader(id) => format!("your leader is not in {}", z(id)),
            Reason::Robots { zone, robots } => format!(
                "{} cannot give {} (one robot must stay)",
                z(zone),
                crate::words::count(*robots, "robot")
            ),
            other => other.to_string(),
        }
    }

    fn help(&self) -> &str {
        HELP
    }

    fn round(&self, view: &View) -> u16 {
        u16::from(view.round)
    }

    fn noun(&self) -> &str {
        "game"
    }

    fn finish(&self, outcome: &ConquestOutcome, _: PlayerId) -> (String, Finish) {
        let rounds = Conquest::rounds(outcome);
        let winners: Vec<PlayerId> = outcome.winners().to_vec();
        let line = format!("{}.", capitalised(&self.words.outcome(outcome)));
        let finish = match winners.as_slice() {
            [one] => Finish::Won {
                winner: *one,
                rounds,
            },
            _ => Finish::Shared { winners, rounds },
        };
        (line, finish)
    }
}

/// The text with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!("{}{}", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests;
