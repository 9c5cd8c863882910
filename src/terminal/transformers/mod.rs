//! Robo Rally: Transformers at a terminal: its [`Presenter`]. The course
//! is drawn as the race driver draws it ([`course_text`]: robots over
//! their cells, `b` for bot mode, the markers where they are now, compact
//! in a narrow terminal) with its [`LEGEND`]; a program is typed as hand
//! numbers with the mode after them.

mod board;

pub use board::{course_text, Markers, Robot, LEGEND};

use super::present::{Presenter, TerminalEdition};
use super::session::race_finish;
use super::{Config, Finish};
use crate::bots;
use crate::editions::InAny;
use crate::words::transformers::{describe, tell};
use robo_core::PlayerId;
use variant_transformers::courses::Course;
use variant_transformers::scenario::option_text;
use variant_transformers::view::RegisterView;
use variant_transformers::{Action, Decision, Event, Mode, Outcome, Program, Race, Slot, View};

/// How to answer, for `help`.
const HELP: &str = "\
How to answer:
  a numbered list: type the number of your choice, or its short form
    (`done`, `convert`, `turn`, `straight`, `fire N`, `gain`, ...), or `random`.
  a program: hand numbers, one per register, then the mode for the round,
    like `3 1 4 2 5 bot` or `9 8 7 6 5 alt` (without a mode your robot keeps
    its own). A number is one card: typing it twice is refused. `-` leaves a
    register empty (only when your hand has run out). SCRAP cards in your
    hand count: a register holding one does nothing. `random` plans at random.
  anywhere: `board` draws the course again, `help` shows this, `quit` leaves.";

/// A Transformers race in words, for the person in one seat: the public
/// course and their own [`View`] only.
#[derive(Clone, Debug)]
pub struct TransformersPresenter {
    course: Course,
    you: PlayerId,
    /// The terminal's width (0: any).
    columns: usize,
}

impl TerminalEdition for Race {
    type Presenter = TransformersPresenter;

    fn presenter(game: &Race, you: PlayerId, columns: usize) -> TransformersPresenter {
        TransformersPresenter {
            course: game.course().clone(),
            you,
            columns,
        }
    }
}

/// Each seat's line: character, mode, Energon, checkpoints, upgrades,
/// damage in play, registers (face-down ones as `?`).
fn draw_players(view: &View) -> String {
    let mut out = String::new();
    for p in &view.players {
        let regs: Vec<String> = p
            .registers
            .iter()
            .map(|r| match r {
                RegisterView::Empty => "-".to_string(),
                RegisterView::Hidden(_) => "?".to_string(),
                RegisterView::Shown(cards) => cards
                    .iter()
                    .map(|c| c.card.to_string())
                    .collect::<Vec<_>>()
                    .join("+"),
            })
            .collect();
        let installed: Vec<String> = p.installed.iter().map(ToString::to_string).collect();
        let damage: Vec<String> = p.damage.iter().map(ToString::to_string).collect();
        out.push_str(&format!(
            "{}{} {} ({} mode{}): {} Energon, checkpoint {}, {} in hand, registers [{}]",
            p.player,
            if p.player == view.me { " (you)" } else { "" },
            p.character,
            p.mode,
            if p.off { ", off the course" } else { "" },
            p.energon,
            p.checkpoints,
            p.hand,
            regs.join(" | "),
        ));
        if !installed.is_empty() {
            out.push_str(&format!("; upgrades {}", installed.join(", ")));
        }
        if p.held > 0 {
            out.push_str(&format!("; {} held", p.held));
        }
        if !damage.is_empty() {
            out.push_str(&format!("; damage {}", damage.join(", ")));
        }
        out.push('\n');
    }
    out
}

/// The viewer's hand, numbered, and their held upgrades.
fn draw_hand(view: &View) -> String {
    let cards: Vec<String> = view
        .hand
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{}:{}", i + 1, c.card))
        .collect();
    let mut out = format!("Your hand: {}\n", cards.join("  "));
    if !view.uninstalled.is_empty() {
        let held: Vec<String> = view.uninstalled.iter().map(ToString::to_string).collect();
        out.push_str(&format!(
            "Your upgrades not installed: {}\n",
            held.join(", ")
        ));
    }
    out
}

/// Reads `3 1 4 2 5 bot`: hand numbers (1-based) per register, `-` for an
/// empty one, and an optional mode.
///
/// # Errors
/// The word or number that does not fit, in a sentence.
pub fn parse_program(line: &str, view: &View) -> Result<Program, String> {
    let me = view.players.get(view.me.index());
    let mut program = Program {
        mode: me.map_or(Mode::Alt, |p| p.mode),
        ..Program::default()
    };
    let mut used: Vec<usize> = Vec::new();
    let mut k = 0;
    for word in line.split_whitespace() {
        match word.to_ascii_lowercase().as_str() {
            "bot" => program.mode = Mode::Bot,
            "alt" => program.mode = Mode::Alt,
            w if k >= 5 => return Err(format!("`{w}`: five registers at most")),
            "-" => k += 1,
            w => {
                let n: usize = w
                    .parse()
                    .map_err(|_| format!("`{w}` is not a hand number, `-`, `bot` or `alt`"))?;
                let card = n
                    .checked_sub(1)
                    .and_then(|i| view.hand.get(i))
                    .ok_or_else(|| format!("{n}: your hand has {} cards", view.hand.len()))?;
                if used.contains(&n) {
                    return Err(format!("card {n} is typed twice"));
                }
                used.push(n);
                program.registers[k] = Slot::Card(card.id);
                k += 1;
            }
        }
    }
    if k < 5 {
        return Err(format!(
            "{k} register{} given: type one hand number (or `-`) per register, 5 in all",
            if k == 1 { "" } else { "s" }
        ));
    }
    Ok(program)
}

/// A program in words: `1:Move 2  2:Turn Left ... (bot mode)`.
fn program_text(p: &Program, view: &View) -> String {
    let parts: Vec<String> = p
        .registers
        .iter()
        .enumerate()
        .map(|(i, slot)| {
            let name = match slot {
                Slot::Empty => "empty".to_string(),
                Slot::Card(c) => view
                    .hand
                    .iter()
                    .find(|s| s.id == *c)
                    .map_or_else(|| c.to_string(), |s| s.card.to_string()),
            };
            format!("{}:{name}", i + 1)
        })
        .collect();
    format!("{}  ({} mode)", parts.join("  "), p.mode)
}

impl Presenter<Race> for TransformersPresenter {
    fn intro(&self, game: &Race, config: &Config) -> String {
        let bots = bots::canonical(Race::EDITION, &config.bots).unwrap_or(&config.bots);
        let cap = match config.max_rounds {
            Some(n) => format!(", at most {n} rounds"),
            None => String::new(),
        };
        let goal = match self.course.checkpoints().len() {
            1 => "Reach checkpoint 1 to win.".to_string(),
            n => format!("Reach checkpoints 1 to {n} in order to win."),
        };
        format!(
            "Robo Rally: Transformers on {}: {} robots, you play {}, {bots} bots, seed {}{cap}.\n\
             {goal} Each round you choose bot or alt mode with your program. Type `help` at any prompt.\n",
            self.course.name(),
            game.seats(),
            self.you,
            config.seed,
        )
    }

    fn draw(&self, view: &View) -> String {
        let robots: Vec<Robot> = view
            .grid
            .robots
            .iter()
            .filter_map(|r| {
                Some(Robot {
                    seat: r.player,
                    at: r.at?,
                    bot: view.players.get(r.player.index())?.mode == Mode::Bot,
                })
            })
            .collect();
        let now = Markers {
            checkpoints: &view.checkpoints,
            cubes: &view.cubes,
            mines: &view.mines,
        };
        format!(
            "{}{LEGEND}\n{} holds the Cosmos token; you are {}.\n{}",
            course_text(&self.course, now, &robots, self.columns),
            view.priority,
            self.you,
            draw_players(view)
        )
    }

    fn draw_own(&self, view: &View) -> String {
        draw_hand(view)
    }

    fn describe(&mut self, event: &Event) -> Option<String> {
        describe(event)
    }

    fn tell(&mut self, events: &[Event]) -> Vec<String> {
        tell(events)
    }

    fn label(&self, action: &Action, view: &View) -> String {
        match action {
            Action::Plan(p) => program_text(p, view),
            Action::Convert => "convert to the other mode (1 Energon)".into(),
            Action::Corner(true) => "turn here".into(),
            Action::Corner(false) => "go straight on".into(),
            Action::DrawUpgrade => "draw an upgrade (1 Energon)".into(),
            Action::PitGain => "gain 1 Energon".into(),
            other => option_text(other),
        }
    }

    fn short(&self, action: &Action) -> String {
        option_text(action)
    }

    fn question(&self, decision: &Decision, _view: &View) -> String {
        let mut q = decision.to_string();
        if let Some(first) = q.get(..1) {
            q = first.to_uppercase() + &q[1..];
        }
        format!("{q}:")
    }

    fn before_question(&mut self, decision: &Decision, view: &View) -> String {
        match decision {
            Decision::ChooseStart | Decision::Return => self.draw(view),
            Decision::Upgrades => draw_hand(view),
            _ => String::new(),
        }
    }

    fn program_prompt(&self, view: &View) -> String {
        format!(
            "Round {}: program your registers and choose your mode.\n{}{}\
             Type 5 hand numbers and a mode (like `1 2 3 4 5 bot`), or `help`.\n",
            view.grid.round,
            self.draw(view),
            draw_hand(view)
        )
    }

    fn parse_program(&self, line: &str, view: &View) -> Result<Action, String> {
        parse_program(line, view).map(Action::Plan)
    }

    fn is_program(&self, action: &Action) -> bool {
        matches!(action, Action::Plan(_))
    }

    fn accepted(&self, action: &Action, view: &View) -> Option<String> {
        match action {
            Action::Plan(p) => Some(format!("Your program: {}", program_text(p, view))),
            _ => None,
        }
    }

    fn help(&self) -> &str {
        HELP
    }

    fn round(&self, view: &View) -> u16 {
        view.grid.round
    }

    fn finish(&self, outcome: &Outcome, you: PlayerId) -> (String, Finish) {
        race_finish(outcome.winner, outcome.rounds, you)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::Game;
    use variant_transformers::Setup;

    fn planning_view() -> View {
        let course =
            variant_transformers::courses::course(variant_transformers::courses::DEFAULT_COURSE)
                .unwrap();
        let mut race = Race::new(Setup::new(course, 2), 7).unwrap();
        let mut rng = robo_core::rng::Rng::from_seed(1);
        for _ in 0..50 {
            let mut options = Vec::new();
            if matches!(
                race.legal_actions(PlayerId(0), &mut options),
                robo_core::protocol::Legal::TooMany
            ) {
                return race.view(PlayerId(0));
            }
            let pending = race.pending().players();
            let p = pending[0];
            let a = race.sample_action(p, &mut rng).unwrap();
            race.apply(p, a).unwrap();
        }
        panic!("no planning decision in 50 answers");
    }

    #[test]
    fn a_typed_program_takes_hand_cards_and_a_mode() {
        let view = planning_view();
        let p = parse_program("5 4 3 2 1 bot", &view).unwrap();
        assert_eq!(p.mode, Mode::Bot);
        assert_eq!(p.registers[0], Slot::Card(view.hand[4].id));
        assert_eq!(p.registers[4], Slot::Card(view.hand[0].id));
    }

    #[test]
    fn a_bad_program_says_what_is_wrong() {
        let view = planning_view();
        assert!(parse_program("1 1 2 3 4", &view)
            .unwrap_err()
            .contains("twice"));
        assert!(parse_program("1 2 3", &view)
            .unwrap_err()
            .contains("5 in all"));
        assert!(parse_program("1 2 3 4 fly", &view)
            .unwrap_err()
            .contains("`fly`"));
        assert!(parse_program("1 2 3 4 99", &view)
            .unwrap_err()
            .contains("99"));
    }
}
