//! Transformers conquest at a terminal: a numbered-options presenter. The
//! person sees the map as a list of zones, every leader's public counts and
//! their own hand, and picks each answer from the game's legal actions.

use super::present::{Presenter, TerminalEdition};
use super::{Config, Finish};
use crate::bots;
use crate::editions::{InAny, Playable};
use robo_core::protocol::Outcome as _;
use robo_core::PlayerId;
use std::fmt::Write as _;
use variant_conquest::{
    Action, Conquest, ConquestOutcome, Decision, Event, MapHandle, Target, View, ZoneId,
};

const HELP: &str = "\
How to answer:
  a numbered list: type the number of your choice, or its short form
    (`done`, `place on Z3`, `transform`, ...), or `random`.
  a list too long to show: type the action as JSON, like {\"place\":3},
    or `random`.
  anywhere: `board` draws the map again, `help` shows this, `quit` leaves.";

/// A conquest game in words, for the person in one seat: the public map
/// and their own [`View`].
#[derive(Clone, Debug)]
pub struct ConquestPresenter {
    map: MapHandle,
    you: PlayerId,
}

impl TerminalEdition for Conquest {
    type Presenter = ConquestPresenter;

    fn presenter(game: &Conquest, you: PlayerId) -> ConquestPresenter {
        ConquestPresenter {
            map: game.map().clone(),
            you,
        }
    }
}

impl ConquestPresenter {
    /// `Z3 Iacon`.
    fn zone(&self, z: ZoneId) -> String {
        format!("{z} {}", self.map.zone_name(z))
    }
}

impl Presenter<Conquest> for ConquestPresenter {
    fn intro(&self, game: &Conquest, config: &Config) -> String {
        let bots = bots::canonical(Conquest::EDITION, &config.bots).unwrap_or(&config.bots);
        let leader = game
            .player(self.you)
            .map(|p| format!(" ({})", p.leader))
            .unwrap_or_default();
        format!(
            "Transformers conquest on {}: {} players, you play {}{leader}, {bots} bots, seed {}.\n\
             Type `help` at any prompt.\n",
            self.map.name(),
            game.players().len(),
            self.you,
            config.seed,
        )
    }

    fn draw(&self, view: &View) -> String {
        let mut out = format!(
            "Day {} of {}, {}'s turn.\n",
            view.round, view.rounds, view.turn
        );
        for (i, p) in view.players.iter().enumerate() {
            let _ = writeln!(
                out,
                "P{i}{} {} ({}): {} zones, {} robots on the map, {} in supply, {} cards{}",
                if i == self.you.index() { " (you)" } else { "" },
                p.leader,
                p.mode,
                p.zones,
                p.robots,
                p.supply,
                p.hand,
                if p.out { ", wiped out" } else { "" }
            );
        }
        out.push_str("Zones:\n");
        for (i, z) in view.zones.iter().enumerate() {
            let id = ZoneId(i as u8);
            let holder = match z.owner {
                Some(p) => p.to_string(),
                None => "--".to_string(),
            };
            let leaders: Vec<String> = view
                .players
                .iter()
                .filter(|p| p.leader_at == Some(id))
                .map(|p| format!(" + {}", p.leader))
                .collect();
            let _ = writeln!(
                out,
                "  {:<24} {holder:>3} {:>3} robots{}",
                self.zone(id),
                z.robots,
                leaders.concat()
            );
        }
        out
    }

    fn draw_own(&self, view: &View) -> String {
        if view.hand.is_empty() {
            return "Your hand: empty\n".to_string();
        }
        let cards: Vec<String> = view.hand.iter().map(ToString::to_string).collect();
        format!("Your hand: {}\n", cards.join(", "))
    }

    fn describe(&self, event: &Event) -> Option<String> {
        let z = |id: &ZoneId| self.zone(*id);
        Some(match event.seen_by(self.you) {
            Event::Claimed { player, zone } => format!("{player} claims {}", z(&zone)),
            Event::Placed { player, zone } => format!("{player} places a robot on {}", z(&zone)),
            Event::SetupComplete => "setup is complete".to_string(),
            Event::RoundStarted { round } => format!("=== day {round} ==="),
            Event::TurnStarted { player } => format!("--- {player}'s turn ---"),
            Event::Reinforced {
                player,
                reinforcement,
            } => format!("{player} gets {} robots", reinforcement.granted),
            Event::CardPlayed {
                player,
                card,
                target,
            } => format!("{player} plays {card}{}", target_text(&target, self)),
            Event::ExtraRobots { player, robots } => format!("{player} gets {robots} more robots"),
            Event::Transformed {
                player,
                leader,
                mode,
            } => format!("{player}'s {leader} transforms to {mode}"),
            Event::Shifted { piece, position } => format!("{piece} turns to {position}"),
            Event::FactoryOpened { zone } => format!("the factory at {} opens", z(&zone)),
            Event::FactoryClosed { zone } => format!("the factory at {} closes", z(&zone)),
            Event::LeaderMoved { player, from, to } => {
                format!("{player}'s leader moves from {} to {}", z(&from), z(&to))
            }
            Event::AttackDeclared {
                attacker,
                defender,
                from,
                to,
                dice,
                ..
            } => format!(
                "{attacker} attacks {defender} at {} from {} with {dice} dice",
                z(&to),
                z(&from)
            ),
            Event::DefenceChosen { defender, dice, .. } => {
                format!("{defender} defends with {dice} dice")
            }
            Event::Rolled {
                attacker_lost,
                defender_lost,
                ..
            } => format!(
                "the dice fall: the attacker loses {attacker_lost}, the defender {defender_lost}"
            ),
            Event::LeaderRemoved {
                player,
                leader,
                zone,
            } => format!("{player}'s {leader} falls at {}", z(&zone)),
            Event::Captured { player, zone, from } => {
                format!("{player} captures {} from {from}", z(&zone))
            }
            Event::Eliminated { player } => format!("{player} is wiped out"),
            Event::MovedIn {
                player, to, robots, ..
            } => format!("{player} moves {robots} robots into {}", z(&to)),
            Event::BackedUp {
                player,
                from,
                to,
                robots,
                ..
            } => format!(
                "{player} moves {robots} robots from {} to {}",
                z(&from),
                z(&to)
            ),
            Event::DeckReshuffled => "the upgrade deck is reshuffled".to_string(),
            Event::CardDrawn { player, card } => match card {
                Some(c) => format!("{player} draws {c}"),
                None => format!("{player} draws a card"),
            },
            Event::NoCardToDraw { player } => format!("{player} finds no card to draw"),
            Event::GameOver(outcome) => {
                let names: Vec<String> = outcome.winners().iter().map(|p| p.to_string()).collect();
                format!("the game is over: {} won", names.join(" and "))
            }
            #[allow(unreachable_patterns)]
            other => format!("{other:?}"),
        })
    }

    fn label(&self, action: &Action, _: &View) -> String {
        let lead = |l: bool| if l { " and the leader" } else { "" };
        match *action {
            Action::Place(zone) => format!("place a robot on {}", self.zone(zone)),
            Action::Attack {
                from,
                to,
                dice,
                leader,
                card,
            } => format!(
                "attack {} from {} with {dice}{}{}",
                self.zone(to),
                self.zone(from),
                lead(leader),
                card.map(|c| format!(", playing {c}")).unwrap_or_default()
            ),
            Action::Backup {
                from,
                to,
                robots,
                leader,
            } => format!(
                "move {robots} robots{} from {} to {}",
                lead(leader),
                self.zone(from),
                self.zone(to)
            ),
            Action::Play { card, target } => {
                format!("play {card}{}", target_text(&target, self))
            }
            ref other => other.to_string(),
        }
    }

    fn short(&self, action: &Action) -> String {
        action.to_string()
    }

    fn question(&self, decision: &Decision, _: &View) -> String {
        let text = decision.to_string();
        let mut chars = text.chars();
        match chars.next() {
            Some(first) => format!("{}{}:", first.to_uppercase(), chars.as_str()),
            None => text,
        }
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

    fn help(&self) -> &str {
        HELP
    }

    fn round(&self, view: &View) -> u16 {
        u16::from(view.round)
    }

    fn noun(&self) -> &str {
        "game"
    }

    fn finish(&self, outcome: &ConquestOutcome, you: PlayerId) -> (String, Finish) {
        let rounds = Conquest::rounds(outcome);
        let winners: Vec<PlayerId> = outcome.winners().to_vec();
        let names: Vec<String> = winners
            .iter()
            .map(|w| format!("{w}{}", if *w == you { " (you)" } else { "" }))
            .collect();
        let line = format!(
            "{} {} the game on day {rounds}.",
            names.join(" and "),
            if winners.len() == 1 { "wins" } else { "win" }
        );
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

/// ` on Z3 Iacon`, ` turning piece 1 to 2`, or nothing.
fn target_text(target: &Target, p: &ConquestPresenter) -> String {
    match *target {
        Target::Zone(z) => format!(" on {}", p.zone(z)),
        ref other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use crate::terminal::{play, Config, Finish};
    use crate::Edition;

    fn config(seed: u64) -> Config {
        Config {
            edition: Edition::Conquest,
            players: 3,
            seat: 1,
            seed,
            bots: "greedy".into(),
            echo: true,
            ..Config::default()
        }
    }

    #[test]
    fn a_person_plays_conquest_from_numbered_options_to_the_end() {
        let script = "help\nboard\n0\nrandom\n".to_string() + &"random\n".repeat(4000);
        let mut out = Vec::new();
        let finish = play(&config(3), script.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("Transformers conquest on Cybertron: 3 players, you play P1"));
        assert!(text.contains("How to answer:"));
        assert!(text.contains("Zones:\n"));
        assert!(text.contains("P1 (you) "));
        assert!(
            text.contains("Not accepted: `0` is not an option"),
            "{text}"
        );
        assert!(text.contains("  1. "), "options are numbered");
        assert!(text.contains("=== day 1 ==="));
        assert!(
            matches!(finish, Finish::Won { .. } | Finish::Shared { .. }),
            "{finish:?}"
        );
        let last = text.lines().last().unwrap_or_default();
        assert!(last.contains(" the game on day "), "{last}");
    }

    #[test]
    fn quitting_and_the_end_of_input_leave_the_game() {
        let mut out = Vec::new();
        let finish = play(&config(1), "quit\n".as_bytes(), &mut out).unwrap();
        assert_eq!(finish, Finish::Quit { round: 0 });
        let text = String::from_utf8(out).unwrap();
        assert!(text.ends_with("You leave the game in round 0.\n"), "{text}");
        let mut out = Vec::new();
        let finish = play(&config(1), "".as_bytes(), &mut out).unwrap();
        assert_eq!(finish, Finish::InputEnded { round: 0 });
    }

    #[test]
    fn a_course_or_an_unknown_bot_is_refused() {
        let course = Config {
            course: Some("Milk Run".into()),
            ..config(1)
        };
        let e = play(&course, "".as_bytes(), Vec::new()).unwrap_err();
        assert_eq!(e.to_string(), "conquest has no course");
        let planner = Config {
            bots: "planner".into(),
            ..config(1)
        };
        let e = play(&planner, "".as_bytes(), Vec::new()).unwrap_err();
        assert!(e.to_string().contains("greedy, random"), "{e}");
    }
}
