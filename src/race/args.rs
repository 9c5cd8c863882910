//! The race example's command line, parsed by hand.

use super::{PolicyKind, RaceOptions};
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// The race example's usage message.
pub const USAGE: &str = "\
usage: race [--course NAME] [--players 2-6] [--seed S] [--policy planner|random[,...]]
            [--max-rounds N] [--verbose] [--html FILE] [--scenario FILE]

  --course NAME      a built-in 2023 course (default: Milk Run)
  --players N        robots in the race, 2 to 6 (default: 4)
  --seed S           the game's seed; each bot's seed follows from it and its seat
  --policy P         planner or random for every seat, or one per seat: planner,random,...
  --max-rounds N     end without a winner after N rounds (default: 100)
  --verbose          print the board after every register
  --html FILE        write a self-contained HTML replay to FILE
  --scenario FILE    start from a 2023 scenario file (its course, robots and
                     cards; docs/scenario-format.md) instead of a new race";

/// What is wrong with a command line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArgError {
    /// A flag the race does not know.
    #[error("unknown argument `{0}`")]
    Unknown(String),
    /// A flag given without its value.
    #[error("{0} needs a value")]
    MissingValue(&'static str),
    /// A value that does not parse or is out of range.
    #[error("bad value `{value}` for {flag}: {why}")]
    BadValue {
        /// The flag.
        flag: &'static str,
        /// The value given.
        value: String,
        /// What was expected.
        why: &'static str,
    },
    /// The help was asked for (not an error: print the usage and exit 0).
    #[error("help")]
    Help,
}

impl FromStr for PolicyKind {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        match s.trim().to_ascii_lowercase().as_str() {
            "planner" => Ok(PolicyKind::Planner),
            "random" => Ok(PolicyKind::Random),
            _ => Err(()),
        }
    }
}

impl fmt::Display for PolicyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PolicyKind::Planner => "planner",
            PolicyKind::Random => "random",
        })
    }
}

fn number<T: FromStr>(flag: &'static str, value: &str, why: &'static str) -> Result<T, ArgError> {
    value.parse().map_err(|_| ArgError::BadValue {
        flag,
        value: value.to_string(),
        why,
    })
}

impl RaceOptions {
    /// Options from command-line arguments (without the program name).
    ///
    /// # Errors
    /// An [`ArgError`] naming the first bad argument ([`ArgError::Help`]
    /// for `--help`).
    ///
    /// ```
    /// use roborally::race::{PolicyKind, RaceOptions};
    /// let args = ["--players", "3", "--policy", "planner,random,planner", "--seed", "9"];
    /// let o = RaceOptions::from_args(args.iter().map(|s| s.to_string())).unwrap();
    /// assert_eq!(o.seed, 9);
    /// assert_eq!(o.policies, vec![PolicyKind::Planner, PolicyKind::Random, PolicyKind::Planner]);
    /// assert!(RaceOptions::from_args(["--players".to_string(), "9".to_string()]).is_err());
    /// ```
    pub fn from_args(args: impl IntoIterator<Item = String>) -> Result<Self, ArgError> {
        let mut o = RaceOptions::default();
        let mut players: Option<u8> = None;
        let mut policies: Option<Vec<PolicyKind>> = None;
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            let mut value = |name: &'static str| args.next().ok_or(ArgError::MissingValue(name));
            match flag.as_str() {
                "--course" => o.course = value("--course")?,
                "--players" => {
                    let v = value("--players")?;
                    let n: u8 = number("--players", &v, "a number from 2 to 6")?;
                    if !(2..=6).contains(&n) {
                        return Err(ArgError::BadValue {
                            flag: "--players",
                            value: v,
                            why: "a number from 2 to 6",
                        });
                    }
                    players = Some(n);
                }
                "--seed" => o.seed = number("--seed", &value("--seed")?, "a whole number")?,
                "--policy" => {
                    let v = value("--policy")?;
                    let list: Result<Vec<PolicyKind>, ()> = v.split(',').map(str::parse).collect();
                    policies = Some(list.map_err(|()| ArgError::BadValue {
                        flag: "--policy",
                        value: v.clone(),
                        why: "planner or random, or a comma list of them",
                    })?);
                }
                "--max-rounds" => {
                    let v = value("--max-rounds")?;
                    let n: u16 = number("--max-rounds", &v, "a number from 1 to 65535")?;
                    if n == 0 {
                        return Err(ArgError::BadValue {
                            flag: "--max-rounds",
                            value: v,
                            why: "a number from 1 to 65535",
                        });
                    }
                    o.max_rounds = n;
                }
                "--verbose" => o.verbose = true,
                "--html" => o.html = Some(PathBuf::from(value("--html")?)),
                "--scenario" => o.scenario = Some(PathBuf::from(value("--scenario")?)),
                "--help" | "-h" => return Err(ArgError::Help),
                _ => return Err(ArgError::Unknown(flag)),
            }
        }
        let list = policies.unwrap_or_else(|| vec![PolicyKind::Planner]);
        let n = match (players, list.len()) {
            (Some(n), 1) => n,
            (Some(n), k) if usize::from(n) == k => n,
            (None, 1) => o.policies.len() as u8,
            (None, k) if (2..=6).contains(&k) => k as u8,
            _ => {
                return Err(ArgError::BadValue {
                    flag: "--policy",
                    value: list
                        .iter()
                        .map(PolicyKind::to_string)
                        .collect::<Vec<_>>()
                        .join(","),
                    why: "one policy for every seat, or one policy for 2 to 6 seats",
                })
            }
        };
        o.players = n;
        o.policies = if list.len() == 1 {
            vec![list[0]; usize::from(n)]
        } else {
            list
        };
        Ok(o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<RaceOptions, ArgError> {
        RaceOptions::from_args(s.split_whitespace().map(String::from))
    }

    #[test]
    fn defaults_are_four_planners_on_the_default_course() {
        let o = parse("").unwrap();
        assert_eq!(o, RaceOptions::default());
        assert_eq!(o.policies, vec![PolicyKind::Planner; 4]);
        assert_eq!(o.course, variant_2023::courses::DEFAULT_COURSE);
    }

    #[test]
    fn every_flag_is_read() {
        let o = parse(
            "--course Castle --players 2 --seed 12 --policy random --max-rounds 7 --verbose --html x.html",
        )
        .unwrap();
        assert_eq!(o.course, "Castle");
        assert_eq!(o.policies, vec![PolicyKind::Random; 2]);
        assert_eq!(o.players, 2);
        assert_eq!((o.seed, o.max_rounds, o.verbose), (12, 7, true));
        assert_eq!(o.html, Some(PathBuf::from("x.html")));
        let o = parse("--policy planner,random,random").unwrap();
        assert_eq!((o.players, o.policies.len()), (3, 3));
        let o = parse("--players 2 --policy planner,random").unwrap();
        assert_eq!((o.players, o.policies.len()), (2, 2));
    }

    #[test]
    fn bad_arguments_are_named() {
        assert_eq!(parse("--fast"), Err(ArgError::Unknown("--fast".into())));
        assert_eq!(parse("--seed"), Err(ArgError::MissingValue("--seed")));
        for bad in [
            "--players 1",
            "--players 7",
            "--players x",
            "--seed -1",
            "--policy smart",
            "--max-rounds 0",
            "--players 3 --policy planner,random",
            "--policy planner,random,random,random,random,random,random",
        ] {
            assert!(
                matches!(parse(bad), Err(ArgError::BadValue { .. })),
                "{bad}"
            );
        }
        assert_eq!(parse("-h"), Err(ArgError::Help));
    }
}
