//! The programming phase, seen from one player: checking a program,
//! placing it, act fast's time's-up, and drawing random programs.

use crate::actions::{Action, Program, Reason, Slot};
use crate::cards::{Card, CardId};
use crate::events::Event;
use crate::race::Race;
use crate::robot::{ProgramStatus, REGISTERS};
use crate::upgrades::Upgrade;
use robo_core::race::program::{self, ProgramCheck, SlotError};
use robo_core::{PlayerId, Rng};
use smallvec::SmallVec;

impl From<SlotError<CardId>> for Reason {
    fn from(e: SlotError<CardId>) -> Self {
        match e {
            SlotError::Fixed(r) => Reason::Prefilled(r),
            SlotError::NotInHand(c) => Reason::NotInHand(c),
            SlotError::Duplicate(c) => Reason::Duplicate(c),
            SlotError::EmptyRegister(r) => Reason::EmptyRegister(r),
            SlotError::MustProgram(c) => Reason::MustProgram(c),
        }
    }
}

impl Race {
    /// Checks a program (`partial`: act fast's time's-up, where empty
    /// registers are allowed and filled at random): the race kit's program
    /// slots (prefilled registers are fixed), with Crab Legs pairs and
    /// Memory Cards checked along the way.
    pub(crate) fn check_program(
        &self,
        p: PlayerId,
        prog: &Program,
        partial: bool,
    ) -> Result<(), Reason> {
        let Some(pl) = self.players.get(p.index()) else {
            return Err(Reason::NotInHand(CardId(0)));
        };
        let fixed: [bool; REGISTERS] = std::array::from_fn(|r| !pl.registers[r].cards.is_empty());
        let mut check = ProgramCheck::new(&pl.hand, &fixed);
        for (r, slot) in prog.registers.iter().enumerate() {
            match *slot {
                Slot::Empty => check.register(r, &[])?,
                Slot::Card(c) => check.register(r, &[c])?,
                Slot::Crab { rotate, move1 } => {
                    check.register(r, &[rotate, move1])?;
                    if !self.has(p, Upgrade::CrabLegs) {
                        return Err(Reason::NeedsUpgrade(Upgrade::CrabLegs));
                    }
                    let turn = matches!(rotate.card(), Card::RotateLeft | Card::RotateRight);
                    if !turn || move1.card() != Card::Move1 {
                        return Err(Reason::BadPair);
                    }
                }
            }
        }
        if !prog.memory.is_empty() && !self.has(p, Upgrade::MemoryCards) {
            return Err(Reason::NeedsUpgrade(Upgrade::MemoryCards));
        }
        if let Some(&c) = prog.memory.iter().find(|c| c.is_damage()) {
            return Err(Reason::DamageInMemory(c));
        }
        check.cards(prog.cards())?;
        if !partial {
            check.complete(prog.cards(), &pl.must_program)?;
        }
        Ok(())
    }

    /// Puts a checked program in place: cards face down in the registers,
    /// Memory Cards loaded, regular leftovers discarded (damage stays in
    /// hand, unless the less SPAM-y rule sends SPAM to the discard pile).
    pub(crate) fn place_program(&mut self, p: PlayerId, prog: &Program) {
        let spammy = !self.options.less_spammy;
        let Some(pl) = self.players.get_mut(p.index()) else {
            return;
        };
        for (r, slot) in prog.registers.iter().enumerate() {
            let reg = &mut pl.registers[r];
            match *slot {
                Slot::Empty => continue,
                Slot::Card(c) => reg.cards.push(c),
                Slot::Crab { rotate, move1 } => {
                    reg.cards.extend([rotate, move1]);
                    reg.crab = true;
                }
            }
            reg.revealed = false;
            reg.replaced = false;
        }
        let used: SmallVec<[CardId; 12]> = prog.cards().collect();
        pl.memory.extend(prog.memory.iter().copied());
        let hand = std::mem::take(&mut pl.hand);
        for c in hand {
            if used.contains(&c) {
                continue;
            }
            if c.is_damage() && (spammy || c.card() != Card::Spam) {
                pl.hand.push(c);
            } else {
                pl.deck.discard(c);
            }
        }
        pl.must_program.clear();
        pl.round.program = ProgramStatus::Submitted;
        self.emit(Event::ProgramSubmitted { player: p });
    }

    /// A programming-phase action of `p`, checked first.
    pub(crate) fn program_action(&mut self, p: PlayerId, action: &Action) -> Result<(), Reason> {
        let status = self.players[p.index()].round.program;
        if let ProgramStatus::Returning(left) = status {
            let Action::ReturnCard(c) = *action else {
                return Err(Reason::Returning);
            };
            let pl = &mut self.players[p.index()];
            let Some(i) = pl.hand.iter().position(|x| *x == c) else {
                return Err(Reason::NotInHand(c));
            };
            if pl.must_program.contains(&c) {
                return Err(Reason::MustProgram(c));
            }
            pl.hand.remove(i);
            pl.deck.put_on_top(c);
            pl.round.program = if left > 1 {
                ProgramStatus::Returning(left - 1)
            } else {
                ProgramStatus::Choosing
            };
            return Ok(());
        }
        match action {
            Action::Program(prog) => {
                self.check_program(p, prog, false)?;
                self.place_program(p, prog);
            }
            Action::TimeUp(partial) => {
                if !self.options.act_fast {
                    return Err(Reason::NotActFast);
                }
                self.check_program(p, partial, true)?;
                let full = self.fill_at_random(p, partial);
                self.place_program(p, &full);
            }
            Action::ShutDown => {
                let pl = &mut self.players[p.index()];
                pl.round.shutdown_declared = true;
                pl.must_program.clear();
                pl.round.program = ProgramStatus::Submitted;
                self.emit(Event::ProgramSubmitted { player: p });
            }
            Action::Use(u) => {
                let mut opts = Vec::new();
                self.programming_uses(p, &mut opts);
                if !opts.contains(action) {
                    return Err(Reason::NotAnOption(action.clone()));
                }
                self.use_now(p, *u);
            }
            Action::ReturnCard(_) => return Err(Reason::NotReturning),
            other => return Err(Reason::NotAnOption(other.clone())),
        }
        Ok(())
    }

    /// Fills the empty registers of a partial program with the rest of the
    /// hand, shuffled with the game's generator.
    fn fill_at_random(&mut self, p: PlayerId, partial: &Program) -> Program {
        let pl = &self.players[p.index()];
        let used: SmallVec<[CardId; 12]> = partial.cards().collect();
        let fixed: [bool; REGISTERS] = std::array::from_fn(|r| !pl.registers[r].cards.is_empty());
        // A register holding anything (a card or a Crab Legs pair) is taken.
        let mut chosen: [Option<CardId>; REGISTERS] =
            std::array::from_fn(|r| match partial.registers[r] {
                Slot::Empty => None,
                Slot::Card(c) | Slot::Crab { rotate: c, .. } => Some(c),
            });
        program::fill_empty(&mut chosen, &pl.hand, &fixed, &used, &mut self.rng);
        let mut full = partial.clone();
        for (slot, c) in full.registers.iter_mut().zip(chosen) {
            if let (Slot::Empty, Some(c)) = (*slot, c) {
                *slot = Slot::Card(c);
            }
        }
        full
    }

    /// A random legal program: uniform over the ways of filling the open
    /// registers with distinct hand cards (rewired Haywires always placed);
    /// with Crab Legs a rotate card is paired with a spare Move 1 half the
    /// time, and with Memory Cards each spare regular card is kept half the
    /// time.
    pub(crate) fn sample_program(&self, p: PlayerId, rng: &mut Rng) -> Program {
        let mut prog = Program::default();
        let Some(pl) = self.players.get(p.index()) else {
            return prog;
        };
        let fixed: [bool; REGISTERS] = std::array::from_fn(|r| !pl.registers[r].cards.is_empty());
        let (chosen, mut spare) = program::sample(&pl.hand, &fixed, &pl.must_program, rng);
        for (slot, c) in prog.registers.iter_mut().zip(chosen) {
            if let Some(c) = c {
                *slot = Slot::Card(c);
            }
        }
        if self.has(p, Upgrade::CrabLegs) {
            for slot in &mut prog.registers {
                let Slot::Card(rotate) = *slot else { continue };
                if !matches!(rotate.card(), Card::RotateLeft | Card::RotateRight)
                    || !rng.chance(1, 2)
                {
                    continue;
                }
                if let Some(i) = spare.iter().position(|c| c.card() == Card::Move1) {
                    let move1 = spare.remove(i);
                    *slot = Slot::Crab { rotate, move1 };
                }
            }
        }
        if self.has(p, Upgrade::MemoryCards) {
            prog.memory = spare
                .iter()
                .copied()
                .filter(|c| !c.is_damage() && rng.chance(1, 2))
                .take(4)
                .collect();
        }
        prog
    }
}
