//! The atoms every scenario file is written with: cells `[x, y]`,
//! facings `"N"`, board text, how far to run, and words read without
//! regard to case, spaces or punctuation.

use super::{RunLength, ScenarioError};
use crate::geom::{Dir, Pos};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The most registers a run may ask for (a hundred rounds of five).
pub const MAX_REGISTERS: u16 = 500;

/// `s` in lower case with everything but letters and digits dropped, so
/// that `"U-Turn"`, `"u turn"` and `"UTURN"` read alike.
///
/// ```
/// assert_eq!(robo_core::race::scenario::squash("U-Turn"), "uturn");
/// ```
#[must_use]
pub fn squash(s: &str) -> String {
    s.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Reads a value that may take several JSON shapes, with a message that
/// says which shapes are meant (instead of serde's "did not match any
/// variant"). Each shape is a visitor method (`visit_str`, `visit_seq`,
/// `visit_map`), the type it is read as, and the value it makes.
///
/// ```
/// use robo_core::serde_shapes;
/// #[derive(Debug, PartialEq)]
/// enum Cards { One(String), Many(Vec<String>) }
/// serde_shapes!(
///     Cards,
///     "a card name, or a list of them",
///     visit_str(s: String) => Cards::One(s.to_string()),
///     visit_seq(v: Vec<String>) => Cards::Many(v),
/// );
/// let c: Cards = serde_json::from_str(r#"["Move 1", "Move 2"]"#).unwrap();
/// assert_eq!(c, Cards::Many(vec!["Move 1".into(), "Move 2".into()]));
/// let e = serde_json::from_str::<Cards>("3").unwrap_err();
/// assert!(e.to_string().contains("a card name, or a list of them"));
/// ```
#[macro_export]
macro_rules! serde_shapes {
    ($t:ty, $expecting:literal, $($method:ident($v:ident: $arg:ty) => $body:expr),* $(,)?) => {
        impl<'de> $crate::race::scenario::__serde::Deserialize<'de> for $t {
            fn deserialize<D: $crate::race::scenario::__serde::Deserializer<'de>>(
                d: D,
            ) -> Result<Self, D::Error> {
                struct V;
                impl<'de> $crate::race::scenario::__serde::de::Visitor<'de> for V {
                    type Value = $t;
                    fn expecting(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                        f.write_str($expecting)
                    }
                    $($crate::serde_shapes!(@method $method, $v, $arg, $body);)*
                }
                d.deserialize_any(V)
            }
        }
    };
    (@method visit_str, $v:ident, $arg:ty, $body:expr) => {
        fn visit_str<E: $crate::race::scenario::__serde::de::Error>(
            self,
            $v: &str,
        ) -> Result<Self::Value, E> {
            Ok($body)
        }
    };
    (@method visit_seq, $v:ident, $arg:ty, $body:expr) => {
        fn visit_seq<A: $crate::race::scenario::__serde::de::SeqAccess<'de>>(
            self,
            seq: A,
        ) -> Result<Self::Value, A::Error> {
            use $crate::race::scenario::__serde::de::value::SeqAccessDeserializer;
            let $v = <$arg as $crate::race::scenario::__serde::Deserialize>::deserialize(
                SeqAccessDeserializer::new(seq),
            )?;
            Ok($body)
        }
    };
    (@method visit_map, $v:ident, $arg:ty, $body:expr) => {
        fn visit_map<A: $crate::race::scenario::__serde::de::MapAccess<'de>>(
            self,
            map: A,
        ) -> Result<Self::Value, A::Error> {
            use $crate::race::scenario::__serde::de::value::MapAccessDeserializer;
            let $v = <$arg as $crate::race::scenario::__serde::Deserialize>::deserialize(
                MapAccessDeserializer::new(map),
            )?;
            Ok($body)
        }
    };
}

/// Writes a type as a string (`$write`: `fn(&T) -> String`) and reads it
/// back through a naming function (`$read`: `fn(&str) -> Result<T,
/// String>`, whose message is the error), for names in scenario files:
/// cards, upgrades, facings.
///
/// ```
/// #[derive(Debug, PartialEq)]
/// struct Speed(u8);
/// robo_core::serde_by_name!(Speed, |s| format!("speed {}", s.0), |s| {
///     s.strip_prefix("speed ").and_then(|n| n.parse().ok()).map(Speed).ok_or(format!("`{s}`: write \"speed N\""))
/// });
/// assert_eq!(serde_json::to_string(&Speed(2)).unwrap(), r#""speed 2""#);
/// assert_eq!(serde_json::from_str::<Speed>(r#""speed 3""#).unwrap(), Speed(3));
/// assert!(serde_json::from_str::<Speed>(r#""fast""#).unwrap_err().to_string().contains("write"));
/// ```
#[macro_export]
macro_rules! serde_by_name {
    ($t:ty, $write:expr, $read:expr) => {
        impl $crate::race::scenario::__serde::Serialize for $t {
            fn serialize<S: $crate::race::scenario::__serde::Serializer>(
                &self,
                s: S,
            ) -> Result<S::Ok, S::Error> {
                let write: fn(&$t) -> String = $write;
                s.serialize_str(&write(self))
            }
        }

        impl<'de> $crate::race::scenario::__serde::Deserialize<'de> for $t {
            fn deserialize<D: $crate::race::scenario::__serde::Deserializer<'de>>(
                d: D,
            ) -> Result<Self, D::Error> {
                let s = <String as $crate::race::scenario::__serde::Deserialize>::deserialize(d)?;
                let read: fn(&str) -> Result<$t, String> = $read;
                read(&s).map_err(<D::Error as $crate::race::scenario::__serde::de::Error>::custom)
            }
        }
    };
}

/// A facing written `"N"`, `"E"`, `"S"` or `"W"` (or `"north"`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Facing(pub Dir);

crate::serde_by_name!(Facing, |f| f.0.to_string(), |s| {
    s.to_ascii_lowercase()
        .parse::<Dir>()
        .map(Facing)
        .map_err(|_| format!("`{s}` is not a facing: use N, E, S or W"))
});

impl fmt::Display for Facing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A cell written `[x, y]`: x from 0 at the left, y from 0 at the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Xy(pub Pos);

impl Serialize for Xy {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.0.x, self.0.y].serialize(s)
    }
}

impl<'de> Deserialize<'de> for Xy {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let [x, y] = <[i16; 2]>::deserialize(d)?;
        Ok(Xy(Pos::new(x, y)))
    }
}

impl fmt::Display for Xy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{},{}]", self.0.x, self.0.y)
    }
}

/// Board text (`docs/board-format.md`): a list of lines, or one string.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum BoardText {
    /// One string per line.
    Lines(Vec<String>),
    /// The whole board.
    Text(String),
}

impl BoardText {
    /// The text with one line per row.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            BoardText::Lines(l) => {
                let mut s = l.join("\n");
                s.push('\n');
                s
            }
            BoardText::Text(t) => t.clone(),
        }
    }
}

crate::serde_shapes!(
    BoardText,
    "the board as a list of text lines (or one string)",
    visit_str(s: String) => BoardText::Text(s.to_string()),
    visit_seq(lines: Vec<String>) => BoardText::Lines(lines),
);

/// How far to run, as written: `{"registers": N}`, `"round"`, `"end"`, or
/// `{"register": N, "after": "cards"}` (stop after a named step of a
/// register).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum RunFile {
    /// `"round"` or `"end"`.
    Word(String),
    /// `{"registers": N}`.
    Registers {
        /// Registers to resolve.
        registers: u16,
    },
    /// `{"register": N, "after": "cards"}`.
    Step {
        /// The register, from 1.
        register: u8,
        /// The step's name in the edition's words.
        after: String,
    },
}

/// `{"registers": N}` or `{"register": N, "after": "step"}`.
#[derive(Deserialize)]
#[serde(untagged)]
enum RunMap {
    Registers(RegistersRun),
    Step(StepRun),
}

/// `{"registers": N}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegistersRun {
    registers: u16,
}

/// `{"register": N, "after": "step"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepRun {
    register: u8,
    after: String,
}

impl RunMap {
    fn file(self) -> RunFile {
        match self {
            RunMap::Registers(r) => RunFile::Registers {
                registers: r.registers,
            },
            RunMap::Step(s) => RunFile::Step {
                register: s.register,
                after: s.after,
            },
        }
    }
}

crate::serde_shapes!(
    RunFile,
    "\"round\", \"end\", {\"registers\": N} or {\"register\": N, \"after\": \"step\"}",
    visit_str(s: String) => RunFile::Word(s.to_string()),
    visit_map(r: RunMap) => r.file(),
);

/// How far a run goes, from the file's `run` field (default: the round),
/// for an edition that names no register steps (a step is refused).
///
/// # Errors
/// A [`ScenarioError::Field`] for a word that is not `round` or `end`, or
/// more than [`MAX_REGISTERS`] registers.
pub fn run_length<E>(r: Option<&RunFile>) -> Result<RunLength, ScenarioError<E>> {
    run_length_in(r, &[])
}

/// How far a run goes, from the file's `run` field (default: the round):
/// `steps` names the steps of the edition's register pipeline in order
/// (a name may stand for several steps in a row, such as two passes of
/// the same belts: the run stops after the last of them). Names are read
/// without regard to case, spaces or punctuation.
///
/// ```
/// use robo_core::race::scenario::{run_length_in, RunFile, RunLength};
/// let steps = ["cards", "belts", "belts", "lasers"];
/// let run: RunFile = serde_json::from_str(r#"{"register": 2, "after": "Belts"}"#).unwrap();
/// let length = run_length_in::<String>(Some(&run), &steps).unwrap();
/// assert_eq!(length, RunLength::AfterStep { register: 2, step: 2 });
/// let bad: RunFile = serde_json::from_str(r#"{"register": 2, "after": "gears"}"#).unwrap();
/// let e = run_length_in::<String>(Some(&bad), &steps).unwrap_err();
/// assert!(e.to_string().contains("cards, belts, lasers"), "{e}");
/// ```
///
/// # Errors
/// A [`ScenarioError::Field`] for a word that is not `round` or `end`,
/// more than [`MAX_REGISTERS`] registers, a register that is not 1 to 5
/// or a step the edition does not name.
pub fn run_length_in<E>(
    r: Option<&RunFile>,
    steps: &[&str],
) -> Result<RunLength, ScenarioError<E>> {
    match r {
        Some(RunFile::Step { register, after }) => {
            let mut names: Vec<&str> = Vec::new();
            for s in steps {
                if !names.contains(s) {
                    names.push(s);
                }
            }
            let listed = if names.is_empty() {
                "this edition names no register steps".to_string()
            } else {
                format!("the steps are {}", names.join(", "))
            };
            if !(1..=5).contains(register) {
                return Err(ScenarioError::field(
                    "run",
                    format!("register {register}: write {{\"register\": 1 to 5, \"after\": STEP}}"),
                ));
            }
            let step = steps
                .iter()
                .rposition(|s| squash(s) == squash(after))
                .ok_or_else(|| ScenarioError::field("run", format!("step `{after}`: {listed}")))?;
            Ok(RunLength::AfterStep {
                register: *register,
                step: u8::try_from(step).unwrap_or(u8::MAX),
            })
        }
        other => run_length_plain(other),
    }
}

fn run_length_plain<E>(r: Option<&RunFile>) -> Result<RunLength, ScenarioError<E>> {
    match r {
        None => Ok(RunLength::Round),
        Some(RunFile::Registers { registers }) if *registers > MAX_REGISTERS => {
            Err(ScenarioError::field(
                "run",
                format!("{registers} registers: a scenario runs at most {MAX_REGISTERS}"),
            ))
        }
        Some(RunFile::Registers { registers }) => Ok(RunLength::Registers(*registers)),
        Some(RunFile::Step { .. }) => Err(ScenarioError::field("run", "a step")),
        Some(RunFile::Word(w)) => match squash(w).as_str() {
            "round" => Ok(RunLength::Round),
            "end" => Ok(RunLength::End),
            _ => Err(ScenarioError::field(
                "run",
                format!("`{w}`: use \"round\", \"end\" or {{\"registers\": N}}"),
            )),
        },
    }
}
