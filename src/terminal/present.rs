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

    /// An event in one line; `None` leaves it out.
    fn describe(&self, event: &G::Event) -> Option<String>;

    /// An option of a decision, in words.
    fn label(&self, action: &G::Action, view: &G::View) -> String;

    /// The short form a person may type instead of an option's number.
    fn short(&self, action: &G::Action) -> String;

    /// The question of a decision.
    fn question(&self, decision: &G::Decision, view: &G::View) -> String;

    /// What to show before a question (the board before a start space is
    /// chosen, the upgrades before they are bought).
    fn before_question(&self, decision: &G::Decision, view: &G::View) -> String {
        let _ = (decision, view);
        String::new()
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

/// An edition a person can play at the keyboard: its presenter for the
/// seat they play. 2023 implements it in `terminal/v2023/mod.rs`,
/// conquest in `terminal/conquest.rs`; the edition's
/// [`Playable::terminal`] then points at [`run_terminal`](super::run_terminal).
pub trait TerminalEdition: Playable {
    /// The edition's presenter.
    type Presenter: Presenter<Self>;

    /// The presenter for the person in seat `you` of `game`.
    fn presenter(game: &Self, you: PlayerId) -> Self::Presenter;
}
