//! The programming phase, seen from one player: checking a program,
//! placing it, act fast's time's-up, and drawing random programs.

use crate::actions::{Action, Program, Reason, Slot};
use crate::cards::{Card, CardId};
use crate::events::Event;
use crate::race::Race;
use crate::robot::{ProgramStatus, REGISTERS};
use crate::upgrades::Upgrade;
use robo_core::{PlayerId, Rng};
use smallvec::SmallVec;

impl Race {
    /// Checks a program (`partial`: act fast's time's-up, where empty
    /// registers are allowed and filled at random).
    pub(crate) fn check_program(
        &self,
        p: PlayerId,
        prog: &Program,
        partial: bool,
    ) -> Result<(), Reason> {
        let Some(pl) = self.players.get(p.index()) else {
            return Err(Reason::NotInHand(CardId(0)));
        };
        let mut in_registers = 0usize;
        let mut first_empty = None;
        for (r, slot) in prog.registers.iter().enumerate() {
            let prefilled = !pl.registers[r].cards.is_empty();
            let number = r as u8 + 1;
            match *slot {
                Slot::Empty => {
                    if !prefilled && first_empty.is_none() {
                        first_empty = Some(number);
                    }
                }
                _ if prefilled => return Err(Reason::Prefilled(number)),
                Slot::Card(_) => in_registers += 1,
                Slot::Crab { rotate, move1 } => {
                    if !self.has(p, Upgrade::CrabLegs) {
                        return Err(Reason::NeedsUpgrade(Upgrade::CrabLegs));
                    }
                    let turn = matches!(rotate.card(), Card::RotateLeft | Card::RotateRight);
                    if !turn || move1.card() != Card::Move1 {
                        return Err(Reason::BadPair);
                    }
                    in_registers += 2;
                }
            }
        }
        if !prog.memory.is_empty() && !self.has(p, Upgrade::MemoryCards) {
            return Err(Reason::NeedsUpgrade(Upgrade::MemoryCards));
        }
        if let Some(&c) = prog.memory.iter().find(|c| c.is_damage()) {
            return Err(Reason::DamageInMemory(c));
        }
        let mut seen: SmallVec<[CardId; 12]> = SmallVec::new();
        for c in prog.cards() {
            if !pl.hand.contains(&c) {
                return Err(Reason::NotInHand(c));
            }
            if seen.contains(&c) {
                return Err(Reason::Duplicate(c));
            }
            seen.push(c);
        }
        if !partial {
            if let Some(r) = first_empty {
                if pl.hand.len() > in_registers {
                    return Err(Reason::EmptyRegister(r));
                }
            }
            if let Some(&h) = pl
                .must_program
                .iter()
                .find(|h| !prog.cards().take(in_registers).any(|c| c == **h))
            {
                return Err(Reason::MustProgram(h));
            }
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
        let mut full = partial.clone();
        let pl = &self.players[p.index()];
        let used: SmallVec<[CardId; 12]> = partial.cards().collect();
        let mut rest: SmallVec<[CardId; 12]> = pl
            .hand
            .iter()
            .copied()
            .filter(|c| !used.contains(c))
            .collect();
        let prefilled: [bool; REGISTERS] =
            std::array::from_fn(|r| !pl.registers[r].cards.is_empty());
        self.rng.shuffle(&mut rest);
        let mut rest = rest.into_iter();
        for (r, slot) in full.registers.iter_mut().enumerate() {
            if *slot == Slot::Empty && !prefilled[r] {
                if let Some(c) = rest.next() {
                    *slot = Slot::Card(c);
                }
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
        let mut open: SmallVec<[usize; 5]> = (0..REGISTERS)
            .filter(|&r| pl.registers[r].cards.is_empty())
            .collect();
        rng.shuffle(&mut open);
        let mut rest: SmallVec<[CardId; 12]> = pl
            .hand
            .iter()
            .copied()
            .filter(|c| !pl.must_program.contains(c))
            .collect();
        rng.shuffle(&mut rest);
        let mut cards: SmallVec<[CardId; 12]> = pl.must_program.iter().copied().collect();
        cards.extend(rest);
        let mut spare: SmallVec<[CardId; 12]> = cards.iter().skip(open.len()).copied().collect();
        for (&r, &c) in open.iter().zip(cards.iter()) {
            prog.registers[r] = Slot::Card(c);
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
