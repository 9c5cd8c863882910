//! The classic game on the race kit: its state, actions, decisions and
//! events. How the rules run is in the submodules: `task` (the agenda's
//! tasks), `rules` (the agenda's [`Resolve`](robo_core::agenda::Resolve)),
//! `register` (the register as a pipeline of steps), `turn` (dealing and
//! the end of the turn), `game` (the protocol and the checks saves go
//! through).

mod actions;
mod devices;
mod finish;
mod game;
mod options;
mod position;
mod register;
mod robot;
mod rules;
mod setup;
mod setup_options;
pub(crate) use setup::random_flags_within;
mod task;
#[cfg(test)]
mod tests;
mod turn;
mod variants;
mod view;
mod weapons;

pub use crate::event::{Event, Loss};
pub use crate::pieces::{Chop, Device, DeviceKind, Guard, DEVICE_BLAST, GOO_HOLD};
pub use actions::{Action, Aim, Decision, Outcome, Reason};
pub use devices::{
    blast_damage, option_blasts, BIG_JET_BLAST, DRONE_BLAST, DRONE_SPEED, FUEL_BLAST, MISSILE_SPEED,
};
pub use devices::{BombProgram, BOMB_CARDS};
pub use devices::{BIG_ONE_BLAST, SCRAMBLER_RANGE, SELF_DESTRUCT_BLAST};
pub use options::ParkedCard;
pub use options::{fuel_cap, Marks, CONVERTER_BLAST, CONVERTER_FUEL, DAMPING_RANGE, RADIO_RANGE};
pub use options::{stacks, OptionProgram, Programming, Setting};
pub use options::{Piles, ScavengerHunt};
pub use position::{Placed, Position, Start};
pub use register::{register_pipeline, ClassicStep};
pub use robot::{Power, Robot};
pub use setup::{
    FlagRule, Setup, SetupError, StartRule, EXTRA_LIVES, LIVES, MAX_FLAGS, MAX_ROBOTS, MIN_ROBOTS,
};
pub use setup_options::{option_names, OptionError, SetupOption, SETUP_OPTIONS};
pub use task::Task;
pub use variants::Variants;
pub use view::{RobotView, View};

use crate::cards::Card;
use crate::courses::Course;
use crate::options::OptionCard;
use crate::world::World;
use robo_core::ids::PlayerId;
use robo_core::race::frame::RaceCore;
use robo_core::rng::Rng;
use robo_core::transient::Transient;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::fmt;

/// Registers of a program.
pub const REGISTERS: usize = 5;
/// Damage tokens that destroy a robot.
pub const DEADLY_DAMAGE: u8 = 10;
/// Cards dealt to an undamaged robot.
pub const HAND_SIZE: u8 = 9;

/// Is register `register` (1 to 5) locked for a robot with `damage` tokens?
///
/// ```
/// use variant_classic::race::locked;
/// assert!(!locked(4, 5));
/// assert!(locked(5, 5) && !locked(5, 4));
/// assert!(locked(9, 1));
/// ```
#[must_use]
pub fn locked(damage: u8, register: u8) -> bool {
    u16::from(damage) + u16::from(register) >= 10
}

/// A classic game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct Race {
    /// The frame's spine: round, register, round cap, agenda, what the
    /// game waits for, outcome, events.
    #[serde(flatten)]
    core: RaceCore<Race>,
    world: World,
    robots: Vec<Robot>,
    /// The draw pile of this turn.
    deck: Vec<Card>,
    /// The option cards not yet drawn (built and shuffled at the first
    /// draw, and again from every card no robot holds when it runs out).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    option_deck: Vec<OptionCard>,
    rng: Rng,
    /// This register's card order (highest priority first).
    order: SmallVec<[PlayerId; 8]>,
    /// How the robots start.
    #[serde(default)]
    start: StartRule,
    /// The On the Clock rule.
    #[serde(default)]
    on_the_clock: bool,
    /// Play on for the places after the winner.
    #[serde(default)]
    play_on: bool,
    /// The variant rules.
    #[serde(default, skip_serializing_if = "Variants::is_plain")]
    variants: Variants,
    /// Scavenger Hunt: the flags' piles of options.
    #[serde(default, skip_serializing_if = "Piles::is_empty")]
    piles: Piles,
    #[serde(skip)]
    scratch: Transient<Scratch>,
}

robo_core::checked_saves!(Race);

/// What the game keeps beside its state.
#[derive(Default)]
struct Scratch {
    hits: Vec<robo_core::race::fire::Hit>,
    /// Decisions destruction asks for, for [`Race::count_harm`] to put on
    /// the agenda.
    asks: SmallVec<[Task; 2]>,
    /// No option is in effect this register (see [`Race::options_quiet`]):
    /// read at the reveal, forgotten when an option is drawn, `false` in a
    /// fresh copy (then every hook runs).
    quiet: bool,
    /// Never take the quiet path (tests compare it with the general one).
    general: bool,
}

impl fmt::Debug for Scratch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Scratch")
    }
}

impl Race {
    /// The course.
    #[must_use]
    pub fn course(&self) -> &Course {
        self.world.course()
    }

    /// The robots on the grid.
    #[must_use]
    pub fn world(&self) -> &World {
        &self.world
    }

    /// Every player's robot and cards, by seat.
    #[must_use]
    pub fn robots(&self) -> &[Robot] {
        &self.robots
    }

    /// A player's robot and cards.
    #[must_use]
    pub fn robot(&self, p: PlayerId) -> Option<&Robot> {
        self.robots.get(p.index())
    }

    /// The turn being played (from 1; 0 before the first).
    #[must_use]
    pub fn round(&self) -> u16 {
        self.core.round
    }

    /// Is this game played On the Clock (the last player programming may
    /// be timed out with [`Action::TimeUp`])?
    #[must_use]
    pub fn on_the_clock(&self) -> bool {
        self.on_the_clock
    }

    /// The register being resolved (1 to 5; 0 while programming).
    #[must_use]
    pub fn register(&self) -> u8 {
        self.core.register
    }

    /// Seats.
    #[must_use]
    pub fn seats(&self) -> usize {
        self.robots.len()
    }

    /// The result, once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<&Outcome> {
        self.core.outcome.as_ref()
    }

    /// Reports `e` after the grid events logged so far.
    fn emit(&mut self, e: Event) {
        self.flush_log();
        self.core.emit(e);
    }

    /// Moves the world's grid events to the events being reported.
    fn flush_log(&mut self) {
        if self.world.log.is_empty()
            && self.world.flag_log.is_empty()
            && self.world.blasts.is_empty()
        {
            return;
        }
        // Already the game's events: one copy.
        if !self.world.log.is_empty() {
            self.core.scratch.events.append(&mut self.world.log.0);
        }
        if self.world.flag_log.is_empty() && self.world.blasts.is_empty() {
            return;
        }
        let flags = self
            .world
            .flag_log
            .drain(..)
            .map(|(flag, at)| Event::FlagMoved { flag, at });
        self.core.scratch.events.extend(flags);
        let blasts = self
            .world
            .blasts
            .drain(..)
            .map(|(at, damage, device)| Event::Exploded { at, damage, device });
        self.core.scratch.events.extend(blasts);
    }
}
