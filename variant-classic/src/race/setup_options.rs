//! The setup's optional rules by name: one table ([`SETUP_OPTIONS`]) that
//! every program reads (`race --option NAME`, `play --option NAME`, batch
//! jobs, scenario files). Each row names a rule in the rulebook's words
//! (lower case, dashes), says in one line what it does and edits a
//! [`Setup`]. A rule that takes a value is written `name=value`.
//!
//! ```
//! use variant_classic::race::{FlagRule, Setup, StartRule};
//! let mut setup = Setup::named("Risky Exchange", 4).unwrap();
//! setup.choose("extra-lives").unwrap();
//! setup.choose("random-flags=3").unwrap();
//! setup.choose("starting-gate").unwrap();
//! assert_eq!((setup.lives, setup.flags.clone(), setup.start), (4, FlagRule::Random(3), StartRule::Gate));
//! let err = setup.choose("laser-tag").unwrap_err().to_string();
//! assert!(err.contains("laser-tag") && err.contains("extra-lives"), "{err}");
//! ```

use super::setup::{FlagRule, Setup, StartRule, EXTRA_LIVES, MAX_FLAGS};
use super::ScavengerHunt;
use robo_core::geom::Pos;
use thiserror::Error;

/// One optional rule of the setup.
#[derive(Clone, Copy, Debug)]
pub struct SetupOption {
    /// Its name, in the rulebook's words (lower case, dashes).
    pub name: &'static str,
    /// The value it takes after `=`, if any (`N`, `X,Y`), for the help.
    pub value: Option<&'static str>,
    /// What it does, in one line.
    pub about: &'static str,
    /// How it edits the setup, given the value after `=` (if any).
    pub apply: fn(&mut Setup, Option<&str>) -> Result<(), String>,
}

/// An optional rule the setup refuses.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    /// No rule has this name.
    #[error("no classic setup option is named `{name}` (options: {known})")]
    Unknown {
        /// The name given.
        name: String,
        /// The known names, comma separated.
        known: String,
    },
    /// The rule's value is missing, not wanted, or does not parse.
    #[error("option `{option}`: {why}")]
    BadValue {
        /// The option as given.
        option: String,
        /// What was expected.
        why: String,
    },
}

fn no_value(value: Option<&str>) -> Result<(), String> {
    match value {
        None => Ok(()),
        Some(v) => Err(format!("takes no value, not `{v}`")),
    }
}

/// `X,Y`.
fn cell(text: &str) -> Result<Pos, String> {
    let bad = || format!("`{text}` is not a cell: write X,Y");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let x = x.trim().parse().map_err(|_| bad())?;
    let y = y.trim().parse().map_err(|_| bad())?;
    Ok(Pos::new(x, y))
}

fn flag_count(text: &str) -> Result<u8, String> {
    match text.trim().parse::<u8>() {
        Ok(n) if (1..=MAX_FLAGS).contains(&usize::from(n)) => Ok(n),
        _ => Err(format!(
            "`{text}` flags: give a number from 1 to {MAX_FLAGS}"
        )),
    }
}

/// The optional rules of a classic setup, in the order the help lists
/// them. The options issue adds its rows here.
pub const SETUP_OPTIONS: &[SetupOption] = &[
    SetupOption {
        name: "docking-bay",
        value: None,
        about: "robots start on the docks, picked in card priority order (the default)",
        apply: |s, v| {
            no_value(v)?;
            s.start = StartRule::Docks;
            Ok(())
        },
    },
    SetupOption {
        name: "shared-start",
        value: Some("X,Y"),
        about: "no docking bay: every robot starts virtual on one cell (default: the first dock)",
        apply: |s, v| {
            let at = match v {
                Some(v) => cell(v)?,
                None => *s
                    .course
                    .starts()
                    .first()
                    .ok_or("the course has no dock: name the cell")?,
            };
            s.start = StartRule::Shared(at);
            Ok(())
        },
    },
    SetupOption {
        name: "starting-gate",
        value: None,
        about: "First Out of the Starting Gate: robots enter at a free dock in the first register",
        apply: |s, v| {
            no_value(v)?;
            s.start = StartRule::Gate;
            Ok(())
        },
    },
    SetupOption {
        name: "course-flags",
        value: None,
        about: "the flags lie where the course puts them (the default)",
        apply: |s, v| {
            no_value(v)?;
            s.flags = FlagRule::Course;
            Ok(())
        },
    },
    SetupOption {
        name: "placed-flags",
        value: Some("X,Y/X,Y/..."),
        about: "the players place the flags, in order, on these cells",
        apply: |s, v| {
            let v = v.ok_or("needs the cells: placed-flags=X,Y/X,Y")?;
            let cells = v.split('/').map(cell).collect::<Result<Vec<_>, _>>()?;
            s.flags = FlagRule::Placed(cells);
            Ok(())
        },
    },
    SetupOption {
        name: "random-flags",
        value: Some("N"),
        about: "Random Flag Placement: N flags (default: the course's count) on one random board",
        apply: |s, v| {
            let n = match v {
                Some(v) => flag_count(v)?,
                None => flag_count(&s.course.checkpoints().len().to_string())?,
            };
            s.flags = FlagRule::Random(n);
            Ok(())
        },
    },
    SetupOption {
        name: "extra-lives",
        value: None,
        about: "Extra Lives: every robot has four lives instead of three",
        apply: |s, v| {
            no_value(v)?;
            s.lives = EXTRA_LIVES;
            Ok(())
        },
    },
    SetupOption {
        name: "on-the-clock",
        value: None,
        about: "On the Clock: the last player programming can be timed out (random cards)",
        apply: |s, v| {
            no_value(v)?;
            s.on_the_clock = true;
            Ok(())
        },
    },
    SetupOption {
        name: "play-on",
        value: None,
        about: "play on after the winner to rank the others; finished robots leave the course",
        apply: |s, v| {
            no_value(v)?;
            s.play_on = true;
            Ok(())
        },
    },
    SetupOption {
        name: "standard-options",
        value: None,
        about: "Standard Option Package: every robot starts with one option",
        apply: |s, v| {
            no_value(v)?;
            s.options = 1;
            s.variants.deluxe = false;
            Ok(())
        },
    },
    SetupOption {
        name: "deluxe-options",
        value: None,
        about: "Deluxe Option Package: every robot is dealt three options and keeps one",
        apply: |s, v| {
            no_value(v)?;
            s.options = 3;
            s.variants.deluxe = true;
            Ok(())
        },
    },
    SetupOption {
        name: "turbo-wrenches",
        value: None,
        about: "Turbo Wrenches: a one-wrench repair site may give an option instead of the repair",
        apply: |s, v| {
            no_value(v)?;
            s.variants.turbo_wrenches = true;
            Ok(())
        },
    },
    SetupOption {
        name: "first-edition-double-tool",
        value: None,
        about: "the first edition's double-tool site: two repairs or an option, not both",
        apply: |s, v| {
            no_value(v)?;
            s.variants.first_edition_double_tool = true;
            Ok(())
        },
    },
    SetupOption {
        name: "bio-bots",
        value: None,
        about:
            "Bio-Bots: every robot carries a Bio Option it cannot lose (the card leaves the deck)",
        apply: |s, v| {
            no_value(v)?;
            s.variants.bio_bots = true;
            Ok(())
        },
    },
    SetupOption {
        name: "scavenger-hunt-i",
        value: None,
        about: "Scavenger Hunt I: each flag holds a pile of options; a robot reaching it first takes one",
        apply: |s, v| {
            no_value(v)?;
            s.variants.scavenger_hunt = Some(ScavengerHunt::OwnerPicks);
            Ok(())
        },
    },
    SetupOption {
        name: "scavenger-hunt-ii",
        value: None,
        about: "Scavenger Hunt II: as I, but the player to the left picks the robot's option",
        apply: |s, v| {
            no_value(v)?;
            s.variants.scavenger_hunt = Some(ScavengerHunt::LeftPicks);
            Ok(())
        },
    },
    SetupOption {
        name: "immortality",
        value: None,
        about: "Immortality: a destroyed robot loses no life",
        apply: |s, v| {
            no_value(v)?;
            s.variants.immortality = true;
            Ok(())
        },
    },
    SetupOption {
        name: "high-flying",
        value: None,
        about: "High-Flying: flying robots pass over walls and floor elements and meet only flyers",
        apply: |s, v| {
            no_value(v)?;
            s.high_flying = true;
            Ok(())
        },
    },
    SetupOption {
        name: "turn-cap",
        value: Some("N"),
        about: "end the game without a winner after N turns",
        apply: |s, v| {
            let v = v.ok_or("needs a number of turns: turn-cap=N")?;
            match v.trim().parse::<u16>() {
                Ok(n) if n > 0 => {
                    s.max_rounds = Some(n);
                    Ok(())
                }
                _ => Err(format!("`{v}` turns: give a number from 1 to 65535")),
            }
        },
    },
];

/// The names of [`SETUP_OPTIONS`], comma separated.
#[must_use]
pub fn option_names() -> String {
    SETUP_OPTIONS
        .iter()
        .map(|o| o.name)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Setup {
    /// Switches on the optional rule `option` (`name` or `name=value`,
    /// a row of [`SETUP_OPTIONS`]). Later options override earlier ones
    /// where they set the same thing (the start, the flags).
    ///
    /// # Errors
    /// [`OptionError::Unknown`] with the known names, or
    /// [`OptionError::BadValue`]; the setup is then unchanged.
    pub fn choose(&mut self, option: &str) -> Result<(), OptionError> {
        let (name, value) = match option.split_once('=') {
            Some((name, value)) => (name.trim(), Some(value.trim())),
            None => (option.trim(), None),
        };
        let row = SETUP_OPTIONS
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| OptionError::Unknown {
                name: name.to_string(),
                known: option_names(),
            })?;
        let mut edited = self.clone();
        (row.apply)(&mut edited, value).map_err(|why| OptionError::BadValue {
            option: option.to_string(),
            why,
        })?;
        *self = edited;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::race::{Race, SetupError};
    use robo_core::Game;

    fn setup() -> Setup {
        Setup::named("Risky Exchange", 3).unwrap()
    }

    /// An option and what it must have set.
    type Case = (&'static str, fn(&Setup) -> bool);

    #[test]
    fn every_option_edits_the_setup_it_names() {
        let plain = setup();
        let first_dock = plain.course.starts()[0];
        let cases: [Case; 20] = [
            ("standard-options", |s| s.options == 1 && !s.variants.deluxe),
            ("deluxe-options", |s| s.options == 3 && s.variants.deluxe),
            ("turbo-wrenches", |s| s.variants.turbo_wrenches),
            ("first-edition-double-tool", |s| {
                s.variants.first_edition_double_tool
            }),
            ("bio-bots", |s| s.variants.bio_bots),
            ("immortality", |s| s.variants.immortality),
            ("scavenger-hunt-i", |s| {
                s.variants.scavenger_hunt == Some(ScavengerHunt::OwnerPicks)
            }),
            ("scavenger-hunt-ii", |s| {
                s.variants.scavenger_hunt == Some(ScavengerHunt::LeftPicks)
            }),
            ("high-flying", |s| s.high_flying),
            ("extra-lives", |s| s.lives == EXTRA_LIVES),
            ("play-on", |s| s.play_on),
            ("on-the-clock", |s| s.on_the_clock),
            ("turn-cap=12", |s| s.max_rounds == Some(12)),
            ("starting-gate", |s| s.start == StartRule::Gate),
            ("shared-start=4,5", |s| {
                s.start == StartRule::Shared(Pos::new(4, 5))
            }),
            ("random-flags=5", |s| s.flags == FlagRule::Random(5)),
            ("placed-flags=1,2/3,4", |s| {
                s.flags == FlagRule::Placed(vec![Pos::new(1, 2), Pos::new(3, 4)])
            }),
            ("random-flags", |s| {
                s.flags == FlagRule::Random(s.course.checkpoints().len() as u8)
            }),
            ("docking-bay", |s| s.start == StartRule::Docks),
            ("course-flags", |s| s.flags == FlagRule::Course),
        ];
        for (option, holds) in cases {
            let mut s = plain.clone();
            s.choose(option).unwrap();
            assert!(holds(&s), "{option}: {s:?}");
        }
        let mut s = plain.clone();
        s.choose("shared-start").unwrap();
        assert_eq!(s.start, StartRule::Shared(first_dock));
        // Every row is reached by the cases above.
        for row in SETUP_OPTIONS {
            assert!(
                cases
                    .iter()
                    .any(|(o, _)| o.split('=').next() == Some(row.name)),
                "{} untested",
                row.name
            );
        }
    }

    #[test]
    fn chosen_options_reach_the_game() {
        let mut s = setup();
        for o in [
            "extra-lives",
            "random-flags=4",
            "on-the-clock",
            "turn-cap=2",
            "high-flying",
        ] {
            s.choose(o).unwrap();
        }
        let race = Race::new(s, 5).unwrap();
        assert!(race.robots().iter().all(|r| r.lives == EXTRA_LIVES));
        assert_eq!(race.course().checkpoints().len(), 4);
        assert!(race.on_the_clock());
        assert!(race.world().high_flying());
    }

    #[test]
    fn bad_options_are_refused_and_leave_the_setup_unchanged() {
        let plain = setup();
        for bad in [
            "laser-tag",
            "extra-lives=2",
            "random-flags=0",
            "random-flags=9",
            "placed-flags",
            "placed-flags=1,2/x",
            "shared-start=3",
            "turn-cap",
            "turn-cap=0",
            "starting-gate=yes",
            "play-on=1",
        ] {
            let mut s = plain.clone();
            let err = s.choose(bad).unwrap_err();
            assert_eq!(s, plain, "{bad}");
            let unknown = matches!(err, OptionError::Unknown { .. });
            assert_eq!(unknown, bad == "laser-tag", "{bad}: {err}");
            assert!(err.to_string().contains(bad.split('=').next().unwrap()));
        }
        // A well-formed option the game then refuses is the setup's error.
        let mut s = plain.clone();
        s.choose("placed-flags=0,0/0,0").unwrap();
        assert!(matches!(
            Race::new(s, 1),
            Err(SetupError::FlagTwice { number: 2, .. }
                | SetupError::FlagOnPit { .. }
                | SetupError::FlagOnDock { .. })
        ));
    }
}
