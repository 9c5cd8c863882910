//! [`Presenter`]: what the terminal session asks of an edition, in words;
//! [`TerminalEdition`]: the edition's presenter for a seat.

use super::{Config, Finish};
use crate::editions::Playable;
use robo_core::protocol::ActionError;
use robo_core::{Game, PlayerId};

/// An edition in words at a terminal: how to draw what a player sees,
/// name the options of a decision, tell events, and read typed answers.
/// The session loop ([`play`](super::play)) is written once over it.
pub trait Presenter<G: Game> {
    /// The lines that open a session (each ending with a newline).
    fn intro(&self, game: &G, config: &Config) -> String;

    /// What everyone sees: the board or map and every player's public
    /// state, from the viewer's `view`.
    fn draw(&self, view: &G::View) -> String;

    /// What only the viewer sees (their hand, their mat); the `board`
    /// command shows it after [`Presenter::draw`].
    fn draw_own(&self, view: &G::View) -> String;

    /// An event in one line; `None` leaves it out. Every event of the
    /// game is told to the presenter in order (a presenter may follow the
    /// game through them, as conquest's follows the battle being told).
    fn describe(&mut self, event: &G::Event) -> Option<String>;

    /// The lines for the events of one action, in order: by default
    /// [`Presenter::describe`] of each, a line equal to the one before it
    /// left out. An edition may merge lines (2023 tells a robot's steps of
    /// one move in one line).
    fn tell(&mut self, events: &[G::Event]) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        for e in events {
            if let Some(line) = self.describe(e) {
                if lines.last() != Some(&line) {
                    lines.push(line);
                }
            }
        }
        lines
    }

    /// An option of a decision, in words.
    fn label(&self, action: &G::Action, view: &G::View) -> String;

    /// The short form a person may type instead of an option's number.
    fn short(&self, action: &G::Action) -> String;

    /// The question of a decision.
    fn question(&self, decision: &G::Decision, view: &G::View) -> String;

    /// What to show before a question (the board before a start space is
    /// chosen, the upgrades before they are bought, the map when a phase
    /// begins).
    fn before_question(&mut self, decision: &G::Decision, view: &G::View) -> String {
        let _ = (decision, view);
        String::new()
    }

    /// The questions that narrow a decision's options down to one, and
    /// this option's answer to each (see [`Facet`]). The default, no
    /// facets, lists every option in one numbered list.
    fn facets(&self, action: &G::Action, view: &G::View) -> Vec<Facet> {
        let _ = (action, view);
        Vec::new()
    }

    /// Puts the options of a decision in the order they are listed.
    fn arrange(&self, options: &mut [G::Action], view: &G::View) {
        let _ = (options, view);
    }

    /// The prompt of a decision with too many options to list (a
    /// program): what to type, after the board.
    fn program_prompt(&self, view: &G::View) -> String;

    /// Reads a typed answer to such a decision.
    ///
    /// # Errors
    /// What is wrong with the line, and how to type it instead.
    fn parse_program(&self, line: &str, view: &G::View) -> Result<G::Action, String>;

    /// Whether a sampled action is a fair answer to `random` at such a
    /// prompt (a program, rather than one of the other answers).
    fn is_program(&self, action: &G::Action) -> bool {
        let _ = action;
        true
    }

    /// The line printed when the person's typed answer is accepted.
    fn accepted(&self, action: &G::Action, view: &G::View) -> Option<String> {
        let _ = (action, view);
        None
    }

    /// The engine's refusal in words the person can act on.
    fn refusal(&self, error: &ActionError<G::Reason>, view: &G::View) -> String {
        let _ = view;
        error.to_string()
    }

    /// How to answer, for `help`.
    fn help(&self) -> &str;

    /// The round the viewer is in, for leaving messages.
    fn round(&self, view: &G::View) -> u16;

    /// What the game is called in messages (`race`, `game`).
    fn noun(&self) -> &str {
        "race"
    }

    /// The closing line of a finished game and how it ended.
    fn finish(&self, outcome: &G::Outcome, you: PlayerId) -> (String, Finish);
}

/// One question of a guided choice and one option's answer to it.
///
/// A presenter that gives facets turns a long list of options into a few
/// short questions: the session asks the first question on which the
/// remaining options differ, lists their distinct answers, keeps the
/// options with the answer chosen, and goes on until one option is left
/// (conquest: what now? attack from which zone? attack which zone? with
/// how many robots? ...). A typed answer may also be the text of an
/// answer further down (a zone's name), or the start of one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facet {
    /// The question (`Attack from which zone?`).
    pub question: String,
    /// This option's answer (`Kaon Arena (5 robots)`).
    pub answer: String,
}

impl Facet {
    /// A question and an answer.
    #[must_use]
    pub fn new(question: impl Into<String>, answer: impl Into<String>) -> Self {
        Facet {
            question: question.into(),
            answer: answer.into(),
        }
    }
}

/// An edition a person can play at the keyboard: its presenter for the
/// seat they play. 2023 implements it in `terminal/v2023/mod.rs`,
/// conquest in `terminal/conquest.rs`; the edition's
/// [`Playable::terminal`] then points at [`run_terminal`](super::run_terminal).
pub trait TerminalEdition: Playable {
    /// The edition's presenter.
    type Presenter: Presenter<Self>;

    /// The presenter for the person in seat `you` of `game`, on a
    /// terminal `columns` wide (0: any width).
    fn presenter(game: &Self, you: PlayerId, columns: usize) -> Self::Presenter;

    /// Every legal action of `player`, for a presenter with
    /// [`Presenter::facets`] when [`Game::legal_actions`] finds too many
    /// to list; `None` (the default) asks for a typed answer instead.
    fn every_action(&self, player: PlayerId) -> Option<Vec<Self::Action>> {
        let _ = player;
        None
    }
}
