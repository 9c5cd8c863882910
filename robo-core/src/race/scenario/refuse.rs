//! Answers that must be refused: an expect block may say that, where the
//! run stopped, a robot's answer is not accepted (with the reason it is
//! refused for) and leaves the game as it was.

use super::expect::Differences;
use crate::ids::PlayerId;
use crate::protocol::Game;
use serde::{Deserialize, Serialize};
use std::fmt;

/// An answer an expect block says the game refuses, at the first decision
/// the game asks for after the run stopped (a run that stops after a step
/// stops just before the choice of the next one).
///
/// Written `{"robot": 0, "answer": "bridge 4,0", "reason": "not one of the
/// options"}`; `answer` is the edition's scripted answer (words or a
/// program), `reason` (optional) a part of the refusal's message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refusal<A> {
    /// The robot's seat.
    pub robot: u8,
    /// The answer, as a script writes it.
    pub answer: A,
    /// Words the refusal's message must contain (case and spacing
    /// ignored); any refusal will do without them.
    #[serde(default)]
    pub reason: Option<String>,
}

/// Lower case, single spaces.
fn plain(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Checks each of `refused` on `game` as a run left it: the game is run on
/// (a copy, with `advance`) to its next decision, then each answer is named
/// with `name` (the edition's reading of a scripted answer: its message
/// when the words name no option is the refusal) and, when it names
/// actions, the first is applied to a copy: the game must refuse it and
/// stay as it was. A refusal that does not say `reason`, an answer
/// accepted or a game changed by a refusal is a difference.
///
/// ```
/// use robo_core::race::scenario::{refusals, Differences, Refusal};
/// use robo_core::toy::race::{Race, Setup};
/// use robo_core::Game;
/// let board = "+--+--+\n .. F1\n+  +  +\n .. ..\n+--+--+\n";
/// let setup = Setup { board: board.into(), starts: vec![robo_core::geom::Pos::new(0, 1)], max_rounds: 3 };
/// let race = Race::new(setup, 1).unwrap();
/// let no = vec![Refusal { robot: 0, answer: "fly".to_string(), reason: Some("no such card".into()) }];
/// let mut d = Differences::new();
/// refusals(&race, &no, |_| {}, |_, _, a: &String| Err(format!("{a}: no such card")), &mut d);
/// assert!(d.into_vec().is_empty());
/// ```
pub fn refusals<G, A>(
    game: &G,
    refused: &[Refusal<A>],
    advance: impl FnOnce(&mut G),
    name: impl Fn(&G, PlayerId, &A) -> Result<Vec<G::Action>, String>,
    d: &mut Differences,
) where
    G: Game,
    A: fmt::Display,
{
    if refused.is_empty() {
        return;
    }
    let mut at = game.clone();
    advance(&mut at);
    for r in refused {
        let p = PlayerId(r.robot);
        let what = format!("refused answer of robot {} ({})", r.robot, r.answer);
        let message = match name(&at, p, &r.answer) {
            Err(message) => message,
            Ok(actions) => {
                let Some(action) = actions.into_iter().next() else {
                    d.differ(what, "refused", "an answer naming nothing");
                    continue;
                };
                let mut tried = at.clone();
                match tried.apply(p, action) {
                    Ok(_) => {
                        d.differ(what, "refused", "accepted");
                        continue;
                    }
                    Err(e) => {
                        if tried != at {
                            d.differ(what.clone(), "the game unchanged", "changed");
                        }
                        e.to_string()
                    }
                }
            }
        };
        if let Some(reason) = &r.reason {
            if !plain(&message).contains(&plain(reason)) {
                d.differ(
                    format!("{what} reason"),
                    format!("\"{reason}\""),
                    format!("\"{message}\""),
                );
            }
        }
    }
}
