//! The tasks of the classic agenda: small plain data, saved with the game.

use super::Decision;
use robo_core::agenda::Turns;
use robo_core::ids::PlayerId;
use serde::{Deserialize, Serialize};

/// One unit of the game's resolution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Task {
    /// A turn begins: power down takes effect, the deck is shuffled and
    /// dealt (or the game ends at its turn cap).
    BeginTurn,
    /// Everyone programs and announces power down (simultaneous).
    Program,
    /// A register: its cards are revealed, then its steps run.
    Register(u8),
    /// The register's steps from step `from`.
    Steps {
        /// The register.
        register: u8,
        /// The next step (from 0).
        from: u8,
    },
    /// The register's cards, by priority.
    Cards {
        /// The register.
        register: u8,
        /// The turns taken.
        turns: Turns,
    },
    /// A register is over (a milestone, nothing to do).
    RegisterEnd(u8),
    /// The end of the turn: radiation, then [`Task::Repairs`].
    EndTurn,
    /// The end of the turn after radiation: repairs, the wipe, then the
    /// decisions below (in an order drawn from the game's generator).
    Repairs,
    /// A powered-down robot's owner decides to stay down or not.
    StayDown(PlayerId),
    /// A destroyed robot re-enters on its archive marker.
    ReEnter(PlayerId),
    /// Before the first turn, a robot's owner chooses its dock.
    Dock(PlayerId),
    /// A robot on a chop shop is offered an option.
    ChopShop(PlayerId),
    /// Before the first turn, a robot's owner chooses its facing on the
    /// shared start cell.
    Face(PlayerId),
    /// A robot whose card an option may lengthen or shorten: its owner
    /// picks the distance, then the robot carries out its cards.
    Distance {
        /// The robot's owner.
        player: PlayerId,
        /// The register.
        register: u8,
    },
    /// A destroyed robot's owner picks the option it loses.
    LoseOption(PlayerId),
    /// A robot with an optional weapon and a target: its owner picks the
    /// weapon it fires at the robot lasers' step.
    Weapon(PlayerId),
    /// The robots fire, with the weapons their owners picked.
    Fire(u8),
    /// A weapon's forced move: the robot is moved one cell towards `dir`
    /// (after the damage of the robot lasers' step is counted).
    Shove {
        /// The robot's owner.
        player: PlayerId,
        /// Where it goes.
        dir: robo_core::geom::Dir,
    },
    /// Damage tokens are coming to a robot that holds a guard: its owner
    /// gives one up or takes the first token.
    Prevent {
        /// The robot's owner.
        player: PlayerId,
        /// Tokens still coming.
        tokens: u8,
    },
    /// A robot's owner may use a run-time option now (Superior Archive
    /// Copy, Recompile, Abort Switch).
    UseOption {
        /// The robot's owner.
        player: PlayerId,
        /// The option.
        option: crate::options::OptionCard,
    },
    /// Recompile: the robot's hand goes back to the deck and it is dealt
    /// as many new cards (after the damage it paid).
    Recompile(PlayerId),
    /// A robot holding a Reengineering Unit pushed `target`: its owner may
    /// swap the unit for one of the target's options.
    Reengineer {
        /// The pushing robot's owner.
        player: PlayerId,
        /// The pushed robot's owner.
        target: PlayerId,
    },
    /// Deluxe Option Package: a robot's owner keeps one of its options.
    KeepOption(PlayerId),
    /// A robot on a repair site whose variant rule offers an option
    /// instead of the repairs: its owner chooses (before the repairs).
    Wrench(PlayerId),
    /// Fire Control: robot `player`'s main laser hit `target` with a shot
    /// travelling towards `dir`; its owner chooses what the hit does.
    FireControl {
        /// The firer's owner.
        player: PlayerId,
        /// The robot hit.
        target: PlayerId,
        /// The shot's direction.
        dir: robo_core::geom::Dir,
    },
    /// A robot holding Frog Legs is about to run a Move 2 or Move 3: its
    /// owner decides whether it flies through it, then it runs its cards.
    Hop {
        /// The robot's owner.
        player: PlayerId,
        /// The register.
        register: u8,
    },
    /// The turn's start after the bombs went off (and their damage
    /// questions were answered): the deal, then programming.
    Deal,
    /// Scavenger Hunt: robot `player` reached flag `flag` the first time;
    /// `chooser` picks the option of its pile it takes.
    Scavenge {
        /// The robot's owner.
        player: PlayerId,
        /// Who picks (the owner, or the player to its left).
        chooser: PlayerId,
        /// The flag (from 1).
        flag: u8,
    },
}

impl Task {
    /// Does every seat the task names exist among `seats` seats, and every
    /// register among five?
    pub(super) fn fits(&self, seats: usize) -> bool {
        match *self {
            Task::StayDown(p)
            | Task::ReEnter(p)
            | Task::Dock(p)
            | Task::ChopShop(p)
            | Task::Face(p)
            | Task::LoseOption(p)
            | Task::Weapon(p)
            | Task::Shove { player: p, .. }
            | Task::UseOption { player: p, .. }
            | Task::Recompile(p)
            | Task::KeepOption(p)
            | Task::Wrench(p) => p.index() < seats,
            Task::Reengineer { player, target } | Task::FireControl { player, target, .. } => {
                player.index() < seats && target.index() < seats
            }
            Task::Prevent { player, tokens } => player.index() < seats && tokens > 0,
            Task::Scavenge {
                player,
                chooser,
                flag,
            } => {
                player.index() < seats
                    && chooser.index() < seats
                    && (1..=super::MAX_FLAGS as u8).contains(&flag)
            }
            Task::Distance { player, register } | Task::Hop { player, register } => {
                player.index() < seats && (1..=5).contains(&register)
            }
            Task::Register(r) | Task::RegisterEnd(r) | Task::Fire(r) => (1..=5).contains(&r),
            Task::Steps { register, .. } => (1..=5).contains(&register),
            Task::Cards { register, turns } => {
                // A robot's turn and its buzz bomb's, at most.
                (1..=5).contains(&register) && usize::from(turns.done) <= 2 * seats
            }
            Task::BeginTurn | Task::Program | Task::EndTurn | Task::Repairs | Task::Deal => true,
        }
    }

    /// Who this task asks, and what (for a task that waits for one player).
    pub(super) fn asks(&self) -> Option<(PlayerId, Decision)> {
        match *self {
            Task::StayDown(p) => Some((p, Decision::StayDown)),
            Task::ReEnter(p) => Some((p, Decision::ReEnter)),
            Task::Dock(p) => Some((p, Decision::Dock)),
            Task::ChopShop(p) => Some((p, Decision::ChopShop)),
            Task::Face(p) => Some((p, Decision::Facing)),
            Task::LoseOption(p) => Some((p, Decision::LoseOption)),
            Task::Distance { player, .. } => Some((player, Decision::Distance)),
            Task::Prevent { player, .. } => Some((player, Decision::Prevent)),
            Task::Weapon(p) => Some((p, Decision::Weapon)),
            Task::UseOption { player, option } => Some((player, Decision::UseOption(option))),
            Task::Reengineer { player, .. } => Some((player, Decision::Reengineer)),
            Task::KeepOption(p) => Some((p, Decision::KeepOption)),
            Task::Wrench(p) => Some((p, Decision::Wrench)),
            Task::FireControl { player, .. } => Some((player, Decision::FireControl)),
            Task::Hop { player, .. } => Some((player, Decision::Hop)),
            Task::Scavenge {
                player,
                chooser,
                flag,
            } => Some((
                chooser,
                Decision::Scavenge {
                    robot: player,
                    flag,
                },
            )),
            _ => None,
        }
    }
}
