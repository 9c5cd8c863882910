//! The 2023 edition at a terminal: its [`Presenter`], over the board
//! drawing, labels, event lines and program notation of this folder.

mod board;
mod choices;
mod course_text;
mod program;

pub use crate::words::describe;
pub use board::{
    draw_board, draw_board_fitting, draw_hand, draw_mat, draw_robots, draw_robots_on,
    draw_upgrades, robot_legend, LEGEND,
};
pub use choices::{label, question};
pub use course_text::{course_text, full_width, under, Standing};
pub use program::{parse_program, prefilled_registers, refusal, ProgramInputError};

use super::present::{Presenter, TerminalEdition};
use super::session::race_finish;
use super::{Config, Finish};
use crate::bots;
use crate::editions::InAny;
use robo_core::protocol::ActionError;
use robo_core::PlayerId;
use variant_2023::actions::{Program, Slot};
use variant_2023::courses::Course;
use variant_2023::{Action, Decision, Event, Outcome, Race, Reason, View};

/// How to answer, for `help`.
const HELP: &str = "\
How to answer:
  a numbered list: type the number of your choice, or its short form
    (`done`, `face N`, `start (1,12)`, `brake`, ...), or `random`.
  a program: hand numbers, one per open register, like `3 1 4 2 5`.
    A number is one card: typing it twice is refused.
    A register holding a face-down Haywire is not open: leave it out
    (`3 1 4 2`), or type all five with `h` in its place (`3 h 1 4 2`).
    `3+7` puts a Crab Legs pair (a rotate card and a Move 1) in one register.
    `-` leaves a register empty (only when your hand has run out).
    `| 6 8` after the registers keeps cards 6 and 8 on Memory Cards.
    `random` programs at random; `o1`, `o2`, ... choose the other answers listed.
  anywhere: `board` draws the board again, `help` shows this, `quit` leaves.";

/// A 2023 race in words, for the person in one seat: the public course
/// and their own [`View`] only.
#[derive(Clone, Debug)]
pub struct V2023Presenter {
    course: Course,
    you: PlayerId,
    /// The terminal's width (0: any).
    columns: usize,
}

impl TerminalEdition for Race {
    type Presenter = V2023Presenter;

    fn presenter(game: &Race, you: PlayerId, columns: usize) -> V2023Presenter {
        V2023Presenter {
            course: game.course().clone(),
            you,
            columns,
        }
    }
}

impl Presenter<Race> for V2023Presenter {
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
            "Robo Rally 2023 on {}: {} robots, {}, seed {}{cap}.\n\
             {goal} Type `help` at any prompt.\n",
            self.course.name(),
            game.seats(),
            config.who_plays(game.seats(), bots, ""),
            config.seed,
        )
    }

    fn draw(&self, view: &View) -> String {
        format!(
            "{}{}\n{LEGEND}\n{}",
            draw_board_fitting(&self.course, view, self.columns),
            robot_legend(self.you),
            draw_robots_on(Some(&self.course), view)
        )
    }

    fn draw_own(&self, view: &View) -> String {
        draw_mat(view)
    }

    fn describe(&mut self, event: &Event) -> Option<String> {
        Some(describe(event))
    }

    fn tell(&mut self, events: &[Event]) -> Vec<String> {
        crate::words::tell(events)
    }

    fn label(&self, action: &Action, view: &View) -> String {
        label(action, view)
    }

    fn short(&self, action: &Action) -> String {
        action.to_string()
    }

    fn question(&self, decision: &Decision, view: &View) -> String {
        if view.returning > 0 {
            format!(
                "Memory Swap: put {} more card{} back on top of your deck:",
                view.returning,
                if view.returning == 1 { "" } else { "s" }
            )
        } else {
            question(*decision)
        }
    }

    fn before_question(&mut self, decision: &Decision, view: &View) -> String {
        match decision {
            Decision::ChooseStart | Decision::BlockStart | Decision::RebootFacing => {
                self.draw(view)
            }
            Decision::Upgrades => draw_upgrades(view),
            _ => String::new(),
        }
    }

    /// Cards to put back are listed in hand order, so that option k is
    /// hand card k wherever every card may go back.
    fn arrange(&self, options: &mut [Action], view: &View) {
        options.sort_by_key(|a| match a {
            Action::ReturnCard(c) => view.hand.iter().position(|s| s.id == *c),
            _ => None,
        });
    }

    fn program_prompt(&self, view: &View) -> String {
        let open = 5 - prefilled_registers(view).len();
        let how = match open {
            0 => "Every register holds a face-down Haywire: type `h h h h h`".to_string(),
            1 => "Type 1 hand number for the open register".to_string(),
            n => format!(
                "Type {n} hand numbers, one per open register (like `{}`)",
                (1..=n).map(|k| k.to_string()).collect::<Vec<_>>().join(" ")
            ),
        };
        format!(
            "Round {}: program your registers.\n{}{}{how}, or `help`.\n",
            view.round,
            self.draw(view),
            draw_mat(view)
        )
    }

    fn parse_program(&self, line: &str, view: &View) -> Result<Action, String> {
        parse_program(line, view)
            .map(Action::Program)
            .map_err(|e| e.to_string())
    }

    fn is_program(&self, action: &Action) -> bool {
        matches!(action, Action::Program(_))
    }

    fn accepted(&self, action: &Action, view: &View) -> Option<String> {
        match action {
            Action::Program(p) => Some(format!("Your program: {}", program_text(p, view))),
            _ => None,
        }
    }

    fn refusal(&self, error: &ActionError<Reason>, view: &View) -> String {
        refusal(error, view)
    }

    fn help(&self) -> &str {
        HELP
    }

    fn round(&self, view: &View) -> u16 {
        view.round
    }

    fn finish(&self, outcome: &Outcome, you: PlayerId) -> (String, Finish) {
        race_finish(outcome.winner, outcome.rounds, you)
    }
}

/// A program in words: `1:Move 2  2:Rotate Left  3:(Haywire)  ...`.
fn program_text(p: &Program, view: &View) -> String {
    let name = |c| {
        view.hand
            .iter()
            .find(|s| s.id == c)
            .map_or_else(|| "?".to_string(), |s| s.card.to_string())
    };
    let prefilled = prefilled_registers(view);
    let mut parts = Vec::new();
    for (i, slot) in p.registers.iter().enumerate() {
        let text = match *slot {
            Slot::Empty if prefilled.contains(&(i as u8 + 1)) => "face-down Haywire".to_string(),
            Slot::Empty => "empty".to_string(),
            Slot::Card(c) => name(c),
            Slot::Crab { rotate, move1 } => format!("{} + {}", name(rotate), name(move1)),
        };
        parts.push(format!("{}:{text}", i + 1));
    }
    let mut s = parts.join("  ");
    if !p.memory.is_empty() {
        let kept: Vec<String> = p.memory.iter().map(|&c| name(c)).collect();
        s.push_str(&format!("  kept: {}", kept.join(", ")));
    }
    s
}
