//! Reading a saved race back: what a save names must fit the race (its
//! setup, the seats its tasks name, its register) before the other checks
//! look at it, so that a damaged or hand-edited save is refused with a
//! message instead of misbehaving later (the frame reads every save back
//! through [`robo_core::Game::check_invariants`]).

use crate::race::{Race, Waiting};
use crate::setup::validate_parts;
use crate::task::Task;
use robo_core::PlayerId;

impl Task {
    /// The seats a task names.
    fn seats(&self) -> [Option<PlayerId>; 2] {
        use Task::*;
        match *self {
            BlockStart { player }
            | ChooseStart { player }
            | ReEnter { player }
            | Window { player, .. }
            | ResolveSlot { player }
            | ResolveCard { player, .. }
            | Brakes { player }
            | Effect { player, .. }
            | Op { player, .. }
            | Slide { player, .. }
            | HaywireChoice { player, .. }
            | Order { player, .. }
            | Lucky { player, .. }
            | Magnetic { player, .. }
            | Damage { player, .. }
            | Fall { player, .. }
            | Conversion { player }
            | Fire { player }
            | SelfDiagnostics { player } => [Some(player), None],
            Pierce { player, target } | Chassis { player, target } => [Some(player), Some(target)],
            CardTurns(t) | Conversions(t) | WeaponTurns(t) | Checkpoints(t) => {
                [Some(t.first), None]
            }
            BeginRound
            | Upgrades
            | BeginProgramming
            | Programming
            | EndProgramming
            | Register { .. }
            | Step { .. }
            | EndRegister
            | EndRound => [None, None],
        }
    }
}

impl Race {
    /// The setup a race was dealt from is still a valid one, and every
    /// seat it names (its tasks, who it waits for, the priority token)
    /// exists.
    pub(crate) fn check_saved_fields(&self) -> Result<(), String> {
        let n = self.players.len();
        let robots = u8::try_from(n).unwrap_or(u8::MAX);
        // The priority token moves in play: it is checked below as a seat.
        // A position built by hand may hold a single robot.
        validate_parts(
            self.arena.course(),
            robots,
            1,
            PlayerId(0),
            self.core.max_rounds,
            &self.options,
        )
        .map_err(|e| e.to_string())?;
        if self.bodies.len() != n {
            return Err(format!("{} robots for {n} players", self.bodies.len()));
        }
        let seat_ok = |p: PlayerId| p.index() < n;
        let named = self.core.agenda.iter().flat_map(Task::seats).flatten();
        let waiting = match self.core.waiting {
            Waiting::One(p, _) => Some(p),
            _ => None,
        };
        if let Some(p) = named
            .chain(waiting)
            .chain([self.priority])
            .find(|p| !seat_ok(*p))
        {
            return Err(format!("{p} is not a seat of this race"));
        }
        if self.core.register > 5 {
            return Err(format!("there is no register {}", self.core.register));
        }
        Ok(())
    }
}
