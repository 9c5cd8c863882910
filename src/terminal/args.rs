//! The command line of `examples/play.rs`: flags into a [`Config`].

use super::Config;
use crate::editions::NewGameError;
use crate::{bots, Edition};
use thiserror::Error;

/// The usage message printed for bad flags (and for `--help`).
pub const USAGE: &str = "\
usage: play [--edition NAME] [--course NAME] [--players N] [--seat K]
            [--seats K,K...] [--seed S] [--max-rounds N] [--bots NAME]
            [--option NAME]... [--scenario FILE] [--load FILE] [--html FILE]

Play a game at the keyboard against bots: a 2023, classic or Transformers
race (you program one robot; in Transformers you also choose its mode) or
Transformers conquest (you lead one faction leader). Piped input works
too: each line is one answer, and the lines are echoed.

  --edition NAME    2023 (default), classic, transformers or conquest
  --course NAME     a built-in course of the edition (2023 default: Rush
                    Hour; `race --help` lists them; transformers default:
                    Twin Loop Warm-Up Lap; conquest has none)
  --players N       seats, 2 to 6 (default: 2; classic takes 2 to 8,
                    conquest 2 to 4)
  --seat K          the seat you play, 0 to N-1 (default: 0)
  --seats K,K...    hot seat: several people at one keyboard play these
                    seats; the screen is cleared between them, so nobody
                    sees another's cards
  --seed S          the game's seed (default: 1); the bots' seeds follow
                    from it, so the same seed and answers replay a game
  --max-rounds N    end without a winner after N rounds (default: no cap;
                    conquest always plays its six days)
  --bots NAME       how the other seats play: random (default), or the
                    edition's other bots (2023, classic and transformers:
                    planner; conquest: greedy)
  --option NAME     an optional setup rule, repeatable (classic only; the
                    names are listed by `race --help`: extra-lives,
                    random-flags=N, starting-gate, shared-start=X,Y,
                    placed-flags=X,Y/X,Y, on-the-clock, play-on, turn-cap=N,
                    ...)
  --scenario FILE   start from a scenario file (docs/scenario-format.md):
                    its course, robots and cards; --course and --players are
                    then the file's
  --load FILE       resume a game saved with `save FILE` (its edition,
                    seats, bots and seed are the file's)
  --html FILE       when the game ends (or you leave), write an HTML replay
                    of it to FILE: open it in a browser
  -h, --help        this text

At any prompt: `help` (how to answer), `board` (or `map`), `save FILE`,
`quit`.";

/// A command line that cannot be run. Its message says why; print
/// [`USAGE`] after it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ArgsError {
    /// `--help` was asked for (not an error: print the usage and exit 0).
    #[error("help requested")]
    Help,
    /// A flag that does not exist.
    #[error("unknown flag `{0}`")]
    UnknownFlag(String),
    /// A flag without its value.
    #[error("`{0}` needs a value")]
    MissingValue(String),
    /// A value that does not fit its flag.
    #[error("bad value `{value}` for {flag}: {why}")]
    BadValue {
        /// The flag.
        flag: &'static str,
        /// What was given.
        value: String,
        /// What is expected.
        why: String,
    },
    /// A course that does not exist (or an edition without courses).
    #[error("no course is named `{name}`; the courses are: {known}")]
    UnknownCourse {
        /// What was given.
        name: String,
        /// The built-in course names, comma separated.
        known: String,
    },
    /// `--seat` names no seat of the race.
    #[error("seat {seat} is not a seat of a {players}-player race (seats 0 to {last})", last = players.saturating_sub(1))]
    SeatOutOfRange {
        /// The seat asked for.
        seat: u8,
        /// Robots in the race.
        players: u8,
    },
}

impl Config {
    /// Reads the flags (without the program name).
    ///
    /// ```
    /// use roborally::terminal::Config;
    /// let c = Config::from_args(["--players", "3", "--seat", "2", "--seed", "9"]).unwrap();
    /// assert_eq!((c.players, c.seat, c.seed, c.bots.as_str()), (3, 2, 9, "random"));
    /// assert!(Config::from_args(["--players", "7"]).is_err());
    /// assert!(Config::from_args(["--seat", "2"]).is_err()); // 2 players by default
    /// ```
    ///
    /// # Errors
    /// An [`ArgsError`] naming the bad flag; [`ArgsError::Help`] for
    /// `--help`.
    pub fn from_args<I, S>(args: I) -> Result<Config, ArgsError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut config = Config::default();
        let args: Vec<String> = args.into_iter().map(|s| s.as_ref().to_string()).collect();
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            if flag == "--help" || flag == "-h" {
                return Err(ArgsError::Help);
            }
            let known = [
                "--edition",
                "--course",
                "--players",
                "--seat",
                "--seed",
                "--max-rounds",
                "--bots",
                "--scenario",
                "--seats",
                "--load",
                "--html",
                "--option",
            ];
            let Some(&name) = known.iter().find(|k| **k == flag.as_str()) else {
                return Err(ArgsError::UnknownFlag(flag.clone()));
            };
            let value = it
                .next()
                .ok_or_else(|| ArgsError::MissingValue(flag.clone()))?;
            match name {
                "--edition" => {
                    config.edition =
                        value
                            .parse()
                            .map_err(|e: crate::UnknownEdition| ArgsError::BadValue {
                                flag: "--edition",
                                value: value.clone(),
                                why: e.to_string(),
                            })?;
                }
                "--course" => config.course = Some(value.clone()),
                "--players" => config.players = number(name, value, 2, 8)?,
                "--seat" => config.seat = number(name, value, 0, 7)?,
                "--seed" => {
                    config.seed = value.parse().map_err(|_| ArgsError::BadValue {
                        flag: name,
                        value: value.clone(),
                        why: "a whole number from 0".into(),
                    })?;
                }
                "--max-rounds" => config.max_rounds = Some(number(name, value, 1, u16::MAX)?),
                "--scenario" => config.scenario = Some(std::path::PathBuf::from(value)),
                "--load" => config.load = Some(std::path::PathBuf::from(value)),
                "--html" => config.html = Some(std::path::PathBuf::from(value)),
                "--option" => config.options.push(value.clone()),
                "--seats" => {
                    let mut seats = Vec::new();
                    for part in value.split(',') {
                        let seat = number("--seats", part.trim(), 0, 7)?;
                        if seats.contains(&seat) {
                            return Err(ArgsError::BadValue {
                                flag: "--seats",
                                value: value.clone(),
                                why: format!("seat {seat} is named twice"),
                            });
                        }
                        seats.push(seat);
                    }
                    config.seat = seats[0];
                    config.seats = seats;
                }
                _ => config.bots = value.clone(),
            }
        }
        // Course and bot names are the edition's, known only now.
        if let Some(name) = &config.course {
            config.course = Some(course_name(config.edition, name)?);
        }
        config.bots = bots::canonical(config.edition, &config.bots)
            .map_err(|e| ArgsError::BadValue {
                flag: "--bots",
                value: config.bots.clone(),
                why: e.to_string(),
            })?
            .to_string();
        // With a scenario or a save the seats are the file's: checked when
        // it is read.
        if config.scenario.is_none() && config.load.is_none() {
            let max = config.edition.max_seats();
            if config.players > max {
                return Err(ArgsError::BadValue {
                    flag: "--players",
                    value: config.players.to_string(),
                    why: format!("the {} edition takes 2 to {max} seats", config.edition),
                });
            }
            let options = &config.options;
            let course = config.course.as_deref();
            if let Some(e) =
                crate::any::option_error(config.edition, course, config.players, options)
            {
                return Err(ArgsError::BadValue {
                    flag: "--option",
                    value: options.join(" "),
                    why: e.to_string(),
                });
            }
            if let Some(&seat) = config
                .people()
                .iter()
                .map(|p| &p.0)
                .find(|&&s| s >= config.players)
            {
                return Err(ArgsError::SeatOutOfRange {
                    seat,
                    players: config.players,
                });
            }
        }
        Ok(config)
    }
}

/// A built-in course's own spelling of `name` (looked up without case).
fn course_name(edition: Edition, name: &str) -> Result<String, ArgsError> {
    match edition.course_name(name) {
        Ok(course) => Ok(course),
        Err(NewGameError::UnknownCourse { known, .. }) => Err(ArgsError::UnknownCourse {
            name: name.to_string(),
            known,
        }),
        Err(e) => Err(ArgsError::BadValue {
            flag: "--course",
            value: name.to_string(),
            why: e.to_string(),
        }),
    }
}

fn number<T>(flag: &'static str, value: &str, min: T, max: T) -> Result<T, ArgsError>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    value
        .parse::<T>()
        .ok()
        .filter(|v| *v >= min && *v <= max)
        .ok_or_else(|| ArgsError::BadValue {
            flag,
            value: value.to_string(),
            why: format!("a whole number from {min} to {max}"),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_a_two_player_milk_run() {
        let c = Config::from_args(Vec::<String>::new()).unwrap();
        assert_eq!(c, Config::default());
        assert_eq!((c.edition, c.course.as_deref()), (Edition::V2023, None));
        assert_eq!((c.players, c.seat, c.max_rounds), (2, 0, None));
    }

    #[test]
    fn every_flag_is_read() {
        let c = Config::from_args([
            "--course",
            "castle tour",
            "--players",
            "4",
            "--seat",
            "3",
            "--seed",
            "77",
            "--max-rounds",
            "5",
            "--bots",
            "random",
        ])
        .unwrap();
        assert_eq!(c.course.as_deref(), Some("Castle Tour"));
        assert_eq!((c.players, c.seat, c.seed), (4, 3, 77));
        assert_eq!(c.max_rounds, Some(5));
    }

    #[test]
    fn bad_flags_say_what_is_wrong() {
        let err = |a: &[&str]| Config::from_args(a).unwrap_err();
        assert_eq!(
            err(&["--colour"]),
            ArgsError::UnknownFlag("--colour".into())
        );
        assert_eq!(err(&["--seed"]), ArgsError::MissingValue("--seed".into()));
        assert!(matches!(
            err(&["--players", "1"]),
            ArgsError::BadValue {
                flag: "--players",
                ..
            }
        ));
        // Classic seats eight, the other editions six.
        let c =
            Config::from_args(["--edition", "classic", "--players", "8", "--seat", "7"]).unwrap();
        assert_eq!((c.players, c.seat), (8, 7));
        for bad in [
            &["--players", "7"][..],
            &["--edition", "classic", "--players", "9"],
        ] {
            assert!(matches!(
                err(bad),
                ArgsError::BadValue {
                    flag: "--players",
                    ..
                }
            ));
        }
        assert!(matches!(
            err(&["--max-rounds", "0"]),
            ArgsError::BadValue {
                flag: "--max-rounds",
                ..
            }
        ));
        assert!(matches!(
            err(&["--course", "Nowhere"]),
            ArgsError::UnknownCourse { .. }
        ));
        assert!(err(&["--course", "Nowhere"])
            .to_string()
            .contains("Milk Run"));
        assert_eq!(
            err(&["--players", "3", "--seat", "3"]),
            ArgsError::SeatOutOfRange {
                seat: 3,
                players: 3
            }
        );
        assert_eq!(err(&["--help"]), ArgsError::Help);
    }

    #[test]
    fn bot_kinds_and_scenarios_are_read() {
        let c = Config::from_args(["--bots", "planner", "--scenario", "a.json", "--seat", "4"])
            .unwrap();
        assert_eq!(c.bots, "planner");
        assert_eq!(c.scenario.as_deref(), Some(std::path::Path::new("a.json")));
        // With a scenario the seat is checked against the file, not --players.
        assert!(Config::from_args(["--seat", "4"]).is_err());
        let e = Config::from_args(["--bots", "clever"]).unwrap_err();
        assert!(e.to_string().contains("random"), "{e}");
    }

    #[test]
    fn hot_seats_saves_and_replays_are_read() {
        let c = Config::from_args([
            "--players",
            "3",
            "--seats",
            "0,2",
            "--load",
            "g.json",
            "--html",
            "r.html",
        ])
        .unwrap();
        assert_eq!((c.seat, c.seats.as_slice()), (0, [0, 2].as_slice()));
        assert_eq!(c.load.as_deref(), Some(std::path::Path::new("g.json")));
        assert_eq!(c.html.as_deref(), Some(std::path::Path::new("r.html")));
        let err = |a: &[&str]| Config::from_args(a).unwrap_err();
        assert!(matches!(
            err(&["--seats", "0,0"]),
            ArgsError::BadValue {
                flag: "--seats",
                ..
            }
        ));
        assert!(matches!(
            err(&["--seats", "0,x"]),
            ArgsError::BadValue {
                flag: "--seats",
                ..
            }
        ));
        assert_eq!(
            err(&["--players", "2", "--seats", "0,2"]),
            ArgsError::SeatOutOfRange {
                seat: 2,
                players: 2
            }
        );
    }

    #[test]
    fn the_usage_explains_every_flag() {
        for flag in [
            "--edition",
            "--course",
            "--players",
            "--seat ",
            "--seats",
            "--seed",
            "--max-rounds",
            "--bots",
            "--scenario",
            "--load",
            "--html",
            "--help",
        ] {
            let explained = USAGE.lines().any(|l| {
                let l = l.trim_start().trim_start_matches("-h, ");
                l.starts_with(flag.trim_end()) && l.len() > 20
            });
            assert!(explained, "{flag} is not explained");
        }
    }

    #[test]
    fn the_edition_decides_the_courses_and_bots() {
        let c = Config::from_args([
            "--bots",
            "greedy",
            "--edition",
            "conquest",
            "--players",
            "3",
        ])
        .unwrap();
        assert_eq!((c.edition, c.bots.as_str()), (Edition::Conquest, "greedy"));
        assert!(Config::from_args(["--bots", "greedy"]).is_err());
        let e = Config::from_args(["--edition", "conquest", "--course", "Milk Run"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad value `Milk Run` for --course: conquest has no course"
        );
        assert!(Config::from_args(["--edition", "chess"]).is_err());
    }
}
