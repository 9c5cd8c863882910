//! The race example's command line, parsed by hand.

use super::RaceOptions;
use crate::bots;
use std::path::PathBuf;
use std::str::FromStr;

/// The race example's usage message.
pub const USAGE: &str = "\
usage: race [--edition NAME] [--course NAME] [--players N] [--seed S]
            [--policy NAME[,...]] [--priority K] [--max-rounds N]
            [--option NAME]... [--verbose] [--html FILE] [--scenario FILE]

A race between bots, played to the end: the course, one line per round
and the winner (conquest: the standings after each day and the winners).

  --edition NAME     2023 (default), classic, transformers or conquest
  --course NAME      a built-in course of the edition (2023 default: Rush
                     Hour; the 2023 courses with the rulebook's game
                     length: Milk Run (short), Castle Tour (short), Rush
                     Hour, River Run (medium), The Cactus Cup (long),
                     Dangerous Curves (medium), Twist & Shout (medium),
                     Treachery (long), Cry Havoc (long), Intensity
                     (long), Ride the Lightning (long), For the Glory
                     (long); classic default: Risky Exchange;
                     transformers default: Twin Loop Warm-Up Lap;
                     conquest has none)
  --players N        seats, 2 to 6 (default: 4; classic takes 2 to 8,
                     conquest 2 to 4)
  --seed S           the game's seed (default: 1); each bot's seed follows
                     from it and its seat
  --policy P         a bot for every seat, or one per seat: planner,random,...
                     (2023, classic and transformers: planner (default)
                     or random; conquest: greedy (default) or random)
  --priority K       the seat that first holds the priority token and plays
                     first (default: 0; the rulebook gives it to the
                     youngest player); rotate it for fair comparisons
                     (conquest: the first player, who claims first and
                     begins every day)
  --max-rounds N     end without a winner after N rounds (default: 100)
  --option NAME      an optional setup rule, repeatable (classic only;
                     NAME=VALUE where it takes a value):
                       docking-bay     start on the docks (default)
                       shared-start=X,Y  every robot starts virtual on
                                       one cell (default: the first dock)
                       starting-gate   First Out of the Starting Gate
                       course-flags    the course's flags (default)
                       placed-flags=X,Y/X,Y/...  flags on these cells
                       random-flags=N  Random Flag Placement (default N:
                                       the course's flag count)
                       extra-lives     four lives instead of three
                       on-the-clock    the last programmer can be timed out
                       play-on         race on after the winner to rank
                                       every robot (finished robots leave)
                       standard-options  one option for each robot
                       deluxe-options  three options dealt, one kept
                       turbo-wrenches  a one-wrench site may give an
                                       option instead of the repair
                       first-edition-double-tool  a double-tool site
                                       gives two repairs or an option
                       bio-bots        every robot carries a Bio Option
                       immortality     no life lost on destruction
                       scavenger-hunt-i  options in piles on the flags;
                                       a robot's first visit takes one
                       scavenger-hunt-ii  as I, the player to the left
                                       picks the robot's option
                       high-flying     flying robots pass over walls and
                                       floor elements, meet only flyers
                       turn-cap=N      end without a winner after N turns
  --verbose          print the board after every register
  --html FILE        write a self-contained HTML replay to FILE: a grid
                     race register by register, a conquest game day by day
                     and attack by attack; open it in a browser
  --scenario FILE    start from a scenario file (its course, robots and
                     cards; docs/scenario-format.md) instead of a new race
  -h, --help         this text";

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
        why: String,
    },
    /// The help was asked for (not an error: print the usage and exit 0).
    #[error("help")]
    Help,
}

fn number<T: FromStr>(flag: &'static str, value: &str, why: &str) -> Result<T, ArgError> {
    value.parse().map_err(|_| ArgError::BadValue {
        flag,
        value: value.to_string(),
        why: why.to_string(),
    })
}

impl RaceOptions {
    /// Options from command-line arguments (without the program name).
    /// Bot names are checked against the edition's ([`crate::bots`]).
    ///
    /// # Errors
    /// An [`ArgError`] naming the first bad argument ([`ArgError::Help`]
    /// for `--help`).
    ///
    /// ```
    /// use roborally::race::RaceOptions;
    /// use roborally::Edition;
    /// let args = ["--players", "3", "--policy", "planner,random,planner", "--seed", "9"];
    /// let o = RaceOptions::from_args(args.iter().map(|s| s.to_string())).unwrap();
    /// assert_eq!(o.seed, 9);
    /// assert_eq!(o.policies, ["planner", "random", "planner"]);
    /// assert!(RaceOptions::from_args(["--players".to_string(), "9".to_string()]).is_err());
    /// let o = RaceOptions::from_args(["--edition", "conquest"].map(String::from)).unwrap();
    /// assert_eq!((o.edition, o.policies.len()), (Edition::Conquest, 4));
    /// assert_eq!(o.policies[0], "greedy");
    /// ```
    pub fn from_args(args: impl IntoIterator<Item = String>) -> Result<Self, ArgError> {
        let mut o = RaceOptions::default();
        let mut players: Option<u8> = None;
        let mut policies: Option<(String, Vec<String>)> = None;
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            let mut value = |name: &'static str| args.next().ok_or(ArgError::MissingValue(name));
            match flag.as_str() {
                "--edition" => {
                    let v = value("--edition")?;
                    o.edition =
                        v.parse()
                            .map_err(|e: crate::UnknownEdition| ArgError::BadValue {
                                flag: "--edition",
                                value: v.clone(),
                                why: e.to_string(),
                            })?;
                }
                "--course" => o.course = Some(value("--course")?),
                "--players" => {
                    let v = value("--players")?;
                    let n: u8 = number("--players", &v, "a number from 2 to 8")?;
                    if !(2..=8).contains(&n) {
                        return Err(ArgError::BadValue {
                            flag: "--players",
                            value: v,
                            why: "a number from 2 to 8".into(),
                        });
                    }
                    players = Some(n);
                }
                "--seed" => o.seed = number("--seed", &value("--seed")?, "a whole number")?,
                "--policy" => {
                    let v = value("--policy")?;
                    let list = v.split(',').map(|s| s.trim().to_string()).collect();
                    policies = Some((v, list));
                }
                "--max-rounds" => {
                    let v = value("--max-rounds")?;
                    let n: u16 = number("--max-rounds", &v, "a number from 1 to 65535")?;
                    if n == 0 {
                        return Err(ArgError::BadValue {
                            flag: "--max-rounds",
                            value: v,
                            why: "a number from 1 to 65535".into(),
                        });
                    }
                    o.max_rounds = n;
                }
                "--priority" => {
                    o.priority = number("--priority", &value("--priority")?, "a seat from 0 to 5")?;
                }
                "--option" => o.options.push(value("--option")?),
                "--verbose" => o.verbose = true,
                "--html" => o.html = Some(PathBuf::from(value("--html")?)),
                "--scenario" => o.scenario = Some(PathBuf::from(value("--scenario")?)),
                "--help" | "-h" => return Err(ArgError::Help),
                _ => return Err(ArgError::Unknown(flag)),
            }
        }
        let list = match policies {
            None => vec![bots::default_name(o.edition)
                .unwrap_or("random")
                .to_string()],
            Some((given, list)) => {
                // Bot names are the edition's, which is known only now.
                let mut named = Vec::with_capacity(list.len());
                for name in &list {
                    let canonical =
                        bots::canonical(o.edition, name).map_err(|e| ArgError::BadValue {
                            flag: "--policy",
                            value: given.clone(),
                            why: e.to_string(),
                        })?;
                    named.push(canonical.to_string());
                }
                named
            }
        };
        let n = match (players, list.len()) {
            (Some(n), 1) => n,
            (Some(n), k) if usize::from(n) == k => n,
            (None, 1) => o.players,
            (None, k) if (2..=8).contains(&k) => k as u8,
            _ => {
                return Err(ArgError::BadValue {
                    flag: "--policy",
                    value: list.join(","),
                    why: "one policy for every seat, or one policy for 2 to 8 seats".into(),
                })
            }
        };
        let max = o.edition.max_seats();
        if n > max {
            return Err(ArgError::BadValue {
                flag: "--players",
                value: n.to_string(),
                why: format!("the {} edition takes 2 to {max} seats", o.edition),
            });
        }
        o.players = n;
        if let Some(e) = crate::any::option_error(o.edition, o.course.as_deref(), n, &o.options) {
            return Err(ArgError::BadValue {
                flag: "--option",
                value: o.options.join(" "),
                why: e.to_string(),
            });
        }
        o.policies = if list.len() == 1 {
            vec![list[0].clone(); usize::from(n)]
        } else {
            list
        };
        Ok(o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Edition;

    fn parse(s: &str) -> Result<RaceOptions, ArgError> {
        RaceOptions::from_args(s.split_whitespace().map(String::from))
    }

    #[test]
    fn defaults_are_four_planners_on_the_default_course() {
        let o = parse("").unwrap();
        assert_eq!(o, RaceOptions::default().normalised());
        assert_eq!(o.policies, vec!["planner"; 4]);
        assert_eq!((o.edition, o.course.as_deref()), (Edition::V2023, None));
    }

    #[test]
    fn every_flag_is_read() {
        let o = parse(
            "--course Castle --players 2 --seed 12 --policy Random --max-rounds 7 --verbose --html x.html",
        )
        .unwrap();
        assert_eq!(o.course.as_deref(), Some("Castle"));
        assert_eq!(o.policies, vec!["random"; 2]);
        assert_eq!(o.players, 2);
        assert_eq!((o.seed, o.max_rounds, o.verbose), (12, 7, true));
        assert_eq!(o.html, Some(PathBuf::from("x.html")));
        let o = parse("--policy planner,random,random").unwrap();
        assert_eq!((o.players, o.policies.len()), (3, 3));
        let o = parse("--players 2 --policy planner,random").unwrap();
        assert_eq!((o.players, o.policies.len()), (2, 2));
        // The edition may come after the bots it names.
        let o = parse("--policy greedy,random --edition conquest").unwrap();
        assert_eq!(o.edition, Edition::Conquest);
        assert_eq!(o.policies, ["greedy", "random"]);
        // Classic seats eight; the others refuse more than six.
        let o = parse("--edition classic --players 8").unwrap();
        assert_eq!((o.players, o.policies.len()), (8, 8));
        let o = parse(
            "--policy planner,random,random,random,random,random,random,random --edition classic",
        )
        .unwrap();
        assert_eq!(o.players, 8);
        for bad in [
            "--players 8",
            "--edition transformers --players 7",
            "--edition classic --players 9",
        ] {
            assert!(
                matches!(
                    parse(bad),
                    Err(ArgError::BadValue {
                        flag: "--players",
                        ..
                    })
                ),
                "{bad}: {:?}",
                parse(bad)
            );
        }
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
            "--policy greedy",
            "--edition conquest --policy planner",
            "--edition chess",
            "--max-rounds 0",
            "--players 3 --policy planner,random",
            "--policy planner,random,random,random,random,random,random",
        ] {
            assert!(
                matches!(parse(bad), Err(ArgError::BadValue { .. })),
                "{bad}"
            );
        }
        let e = parse("--policy smart").unwrap_err().to_string();
        assert!(e.contains("planner, random"), "{e}");
        assert_eq!(parse("-h"), Err(ArgError::Help));
    }

    #[test]
    fn setup_options_are_read_checked_and_listed() {
        let o = parse("--edition classic --option extra-lives --option random-flags=3").unwrap();
        assert_eq!(o.options, ["extra-lives", "random-flags=3"]);
        for (bad, says) in [
            ("--edition classic --option laser-tag", "extra-lives"),
            ("--edition classic --option random-flags=12", "random-flags"),
            ("--option extra-lives", "no setup options"),
            (
                "--edition conquest --option extra-lives",
                "no setup options",
            ),
        ] {
            match parse(bad) {
                Err(ArgError::BadValue {
                    flag: "--option",
                    why,
                    ..
                }) => assert!(why.contains(says), "{bad}: {why}"),
                other => panic!("{bad}: {other:?}"),
            }
        }
        assert_eq!(
            parse("--edition classic --option"),
            Err(ArgError::MissingValue("--option"))
        );
        // The help names every row of the table.
        for row in variant_classic::race::SETUP_OPTIONS {
            let shown = match row.value {
                Some(v) => format!(" {}={v}", row.name),
                None => format!(" {} ", row.name),
            };
            assert!(USAGE.contains(&shown), "`{shown}` is not in the usage");
        }
    }

    #[test]
    fn the_usage_lists_every_2023_course_with_its_game_length() {
        let flat = USAGE.split_whitespace().collect::<Vec<_>>().join(" ");
        let mut from = 0;
        for name in variant_2023::courses::course_names() {
            let shown = match variant_2023::courses::game_length(name) {
                Some(length) => format!("{name} ({})", length.to_string().to_lowercase()),
                None => name.to_string(),
            };
            let at = flat[from..]
                .find(&shown)
                .unwrap_or_else(|| panic!("`{shown}` is not listed, in order, in: {flat}"));
            from += at + shown.len();
        }
    }
}
