//! The scenario file as written: every field optional except the robots,
//! unknown fields refused (so a misspelt field is an error, not a silent
//! default). See `docs/scenario-format.md` for the format with examples.

use super::expect::Expect;
use super::names::{CardName, Cards, Facing, UpgradeName, Xy};
use crate::setup::Options;
pub use robo_core::race::scenario::{BoardText, RunFile};
use robo_core::serde_shapes;
use serde::{Deserialize, Serialize};

/// A 2023 scenario: a course, an exact position on it, how far to run,
/// the answers to the choices the run asks for, and what to expect.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// The edition: `"2023"`.
    pub edition: String,
    /// One line saying what the scenario checks.
    #[serde(default)]
    pub about: String,
    /// The board in the board text format, one string per line (or one
    /// string with line breaks). Either this or `course`.
    #[serde(default)]
    pub board: Option<BoardText>,
    /// A built-in course by name. Either this or `board`.
    #[serde(default)]
    pub course: Option<String>,
    /// Checkpoint cells in order (required with `board`; with `course`,
    /// replaces the course's checkpoints).
    #[serde(default)]
    pub checkpoints: Option<Vec<Xy>>,
    /// Reboot tokens (with `board`): one per board other than the docking bay.
    #[serde(default)]
    pub reboot: Vec<TokenFile>,
    /// Damage cards drawn when rebooting (default 2, or the course's).
    #[serde(default)]
    pub reboot_damage: Option<u8>,
    /// The optional rules.
    #[serde(default)]
    pub options: Options,
    /// End the race without a winner after this round.
    #[serde(default)]
    pub max_rounds: Option<u16>,
    /// Seed of the game's generator (reshuffles, unlisted cards).
    #[serde(default)]
    pub seed: u64,
    /// The round (default 1).
    #[serde(default)]
    pub round: Option<u16>,
    /// The seat holding the priority token (default 0).
    #[serde(default)]
    pub priority: u8,
    /// Where to start (default `"register 1"`).
    #[serde(default)]
    pub start: Option<String>,
    /// How far to run (default `"round"`).
    #[serde(default)]
    pub run: Option<RunFile>,
    /// The robots, in seat order (seat 0 first).
    pub robots: Vec<RobotFile>,
    /// Top of the damage deck, top card first.
    #[serde(default)]
    pub damage_deck: Cards,
    /// The damage discard pile, most recent first.
    #[serde(default)]
    pub damage_discard: Cards,
    /// Damage cards removed from the game.
    #[serde(default)]
    pub damage_removed: Cards,
    /// Where damage cards listed nowhere go: `"deck"` (default, shuffled
    /// under the listed top) or `"discard"`.
    #[serde(default)]
    pub damage_rest: Rest,
    /// Top of the upgrade deck, top card first.
    #[serde(default)]
    pub upgrade_deck: Vec<UpgradeName>,
    /// The upgrade discard pile, most recent first.
    #[serde(default)]
    pub upgrade_discard: Vec<UpgradeName>,
    /// What the run should end with (only the fields given are compared).
    #[serde(default)]
    pub expect: Option<Expect>,
}

/// A reboot token or an archive token: cell and arrow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenFile {
    /// The cell.
    pub at: Xy,
    /// The arrow (where an occupant is moved to make room).
    pub dir: Facing,
}

/// Where cards listed nowhere go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rest {
    /// Shuffled under the listed top of the deck.
    #[default]
    Deck,
    /// Shuffled under the listed discard pile.
    Discard,
}

/// One robot and its player mat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct RobotFile {
    /// Its cell; leave out for a robot waiting to reboot.
    pub at: Option<Xy>,
    /// Its facing (default `"N"`).
    pub facing: Option<Facing>,
    /// Waiting to reboot (off the board).
    pub rebooting: bool,
    /// The board (id) a rebooting robot fell from (default: the board of
    /// its archive token).
    pub fell_from: Option<u8>,
    /// The archive token (default: its cell, its facing).
    pub archive: Option<TokenFile>,
    /// Energy (default 3; 0 in a lighter game).
    pub energy: Option<u8>,
    /// Checkpoints reached so far.
    pub checkpoint: u8,
    /// Installed upgrades.
    pub installed: Vec<UpgradeName>,
    /// Upgrades held but not installed.
    pub uninstalled: Vec<UpgradeName>,
    /// Registers 1 to 5: a card name, `null` for empty, or a Crab Legs
    /// pair `["Rotate Left", "Move 1"]`.
    pub registers: Vec<Option<RegisterFile>>,
    /// Face-down Haywires under registers 1 to 5 (`null` for none).
    pub under: Vec<Option<CardName>>,
    /// The hand.
    pub hand: Cards,
    /// Top of the programming deck, top card first.
    pub deck: Cards,
    /// The discard pile, most recent first.
    pub discard: Cards,
    /// Where its programming cards listed nowhere go (default `"deck"`).
    pub rest: Rest,
    /// Cards on Memory Cards.
    pub memory: Cards,
    /// Cards removed from the game.
    pub removed: Cards,
    /// Shut down this round.
    pub shut_down: bool,
    /// The card resolved last in the register before the start (for
    /// Again; default: the card in that register, if it says).
    pub last_card: Option<CardName>,
    /// Answers to the choices the run asks this robot, in order.
    pub answers: Vec<Answer>,
}

/// A register: one card, or a Crab Legs pair.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum RegisterFile {
    /// One card (`"Move 2"`), or a pair written `"Rotate Left + Move 1"`.
    One(String),
    /// Cards joined in one register: `["Rotate Left", "Move 1"]`.
    Many(Vec<String>),
}

/// A scripted answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// An answer by its words: `"brake"`, `"face N"`, `"use Boink E"`,
    /// `"fire Rail Gun"`, `"done"`, `"shut down"`, ...
    Words(String),
    /// A program: registers 1 to 5 as in [`RobotFile::registers`].
    Program(Vec<Option<RegisterFile>>),
    /// A program with more to say.
    Full(FullProgram),
}

/// A program with cards kept on Memory Cards, or act fast's time's up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FullProgram {
    /// Registers 1 to 5 (empty ones are filled at random on time's up).
    #[serde(default)]
    pub program: Vec<Option<RegisterFile>>,
    /// Cards to keep on Memory Cards.
    #[serde(default)]
    pub keep: Cards,
    /// Act fast: time is up (empty registers are filled at random).
    #[serde(default)]
    pub time_up: bool,
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let regs = |f: &mut std::fmt::Formatter<'_>, r: &[Option<RegisterFile>]| {
            let names: Vec<String> = r
                .iter()
                .map(|x| match x {
                    None => "-".to_string(),
                    Some(RegisterFile::One(s)) => s.clone(),
                    Some(RegisterFile::Many(v)) => v.join(" + "),
                })
                .collect();
            write!(f, "[{}]", names.join(", "))
        };
        match self {
            Answer::Words(w) => write!(f, "\"{w}\""),
            Answer::Program(r) => regs(f, r),
            Answer::Full(p) => {
                if p.time_up {
                    f.write_str("time up ")?;
                }
                regs(f, &p.program)?;
                if !p.keep.0.is_empty() {
                    let keep: Vec<String> = p.keep.0.iter().map(ToString::to_string).collect();
                    write!(f, " keep [{}]", keep.join(", "))?;
                }
                Ok(())
            }
        }
    }
}

serde_shapes!(
    RegisterFile,
    "a card name like \"Move 2\", or a Crab Legs pair like [\"Rotate Left\", \"Move 1\"]",
    visit_str(s: String) => RegisterFile::One(s.to_string()),
    visit_seq(cards: Vec<String>) => RegisterFile::Many(cards),
);

serde_shapes!(
    Answer,
    "an answer: words like \"brake\", a program like [\"Move 1\", \"Again\", ...], or {\"program\": [...], \"keep\": [...]}",
    visit_str(s: String) => Answer::Words(s.to_string()),
    visit_seq(regs: Vec<Option<RegisterFile>>) => Answer::Program(regs),
    visit_map(full: FullProgram) => Answer::Full(full),
);
