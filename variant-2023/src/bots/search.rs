//! The planner's program search: the race kit's search
//! ([`robo_core::race::plan::best_program`]) over every distinct program
//! the hand allows, each simulated alone through the 2023 register
//! pipeline and scored by the 2023 rules below.

use super::maps::CourseMaps;
use super::Planner;
use crate::actions::{Program, Slot};
use crate::cards::{Card, CardId};
use crate::race::Race;
use crate::robot::REGISTERS;
use crate::solo::{solo_key, EffectMemo, SoloError, SoloKey, SoloOutcome, World};
use robo_core::race::plan::{assign, best_program, best_program_tree, PlanEdition, PrefixPlan};
use robo_core::PlayerId;
use smallvec::SmallVec;
use std::cell::RefCell;

/// The program a planner chose, with what it expects of it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlannedProgram {
    /// The program, ready to hand in as [`crate::Action::Program`].
    pub program: Program,
    /// The card in each register (face-down Haywires included).
    pub cards: [Card; REGISTERS],
    /// Its score (higher is better).
    pub score: f32,
    /// What the simulation expects the program to do.
    pub expected: SoloOutcome,
    /// How many distinct programs were simulated.
    pub considered: u64,
}

impl Planner {
    /// The best program for `player` now: every distinct program of the
    /// hand (registers holding a face-down Haywire keep it), simulated alone
    /// with [`Race::simulate_solo`] and scored; the first best in
    /// enumeration order wins. `None` when `player` is not programming a
    /// full program (no such seat, the robot is not placed, or the hand
    /// cannot fill the open registers).
    ///
    /// ```
    /// use robo_core::geom::{Dir, Pos};
    /// use robo_core::PlayerId;
    /// use variant_2023::bots::Planner;
    /// use variant_2023::position::{Position, RobotSpec};
    /// use variant_2023::testkit::simple_course;
    /// use variant_2023::{Card, Race, Setup};
    /// // Checkpoint 1 of the simple course is at (1, 1): three cells north.
    /// let mut me = RobotSpec::at(Pos::new(1, 4), Dir::N);
    /// me.hand = vec![Card::UTurn, Card::RotateLeft, Card::Move3, Card::MoveBack,
    ///                Card::RotateRight, Card::PowerUp, Card::Move1, Card::Again, Card::Move2];
    /// let other = RobotSpec::at(Pos::new(5, 7), Dir::N);
    /// let race = Race::from_position(Position::new(Setup::new(simple_course(), 2), vec![me, other])).unwrap();
    /// let plan = Planner::new(1).best_program(&race, PlayerId(0)).unwrap();
    /// assert_eq!(plan.expected.checkpoints, 1);
    /// assert!(plan.considered > 1000);
    /// ```
    pub fn best_program(&mut self, race: &Race, player: PlayerId) -> Option<PlannedProgram> {
        let pl = race.player(player)?;
        self.prepare(race);
        let maps = self.maps.as_ref()?;
        let slots: [Option<Card>; REGISTERS] =
            std::array::from_fn(|r| pl.registers()[r].card().map(CardId::card));
        let hand: SmallVec<[Card; 12]> = pl.hand().iter().map(|c| c.card()).collect();
        let must: SmallVec<[Card; 5]> = pl.must_program.iter().map(|c| c.card()).collect();
        let mut memo = std::mem::take(&mut self.memo);
        let board = race.arena.board();
        memo.begin(
            board.width(),
            board.height(),
            hand.iter().chain(slots.iter().flatten()).copied(),
        );
        let decision = Decision {
            planner: self,
            maps,
            race,
            player,
            start: pl.checkpoints(),
            slots,
            spam_in_hand: hand.contains(&Card::Spam),
            memo: RefCell::new(memo),
        };
        let best = if self.plain {
            best_program(&decision, &hand, &slots, &must)
        } else {
            best_program_tree(&decision, &hand, &slots, &must)
        };
        self.memo = decision.memo.into_inner();
        let best = best.ok()??;
        let cards = <[Card; REGISTERS]>::try_from(best.cards.as_slice()).ok()?;
        let placed = assign(pl.hand(), CardId::card, &cards, &slots)?;
        let mut program = Program::default();
        for (slot, id) in program.registers.iter_mut().zip(placed) {
            if let Some(id) = id {
                *slot = Slot::Card(id);
            }
        }
        Some(PlannedProgram {
            program,
            cards,
            score: best.score,
            expected: best.expected,
            considered: best.considered,
        })
    }
}

/// One programming decision: what the race kit's search asks of the 2023
/// planner (simulate a program alone, score it).
struct Decision<'a> {
    planner: &'a Planner,
    maps: &'a CourseMaps,
    race: &'a Race,
    player: PlayerId,
    /// Checkpoints reached before the program.
    start: u8,
    /// The registers' cards that are fixed (face-down Haywires).
    slots: [Option<Card>; REGISTERS],
    /// The hand holds a SPAM card (else no open register can).
    spam_in_hand: bool,
    /// The effects of the registers run so far in this decision (the
    /// prefix-tree search's; the plain search runs every register).
    memo: RefCell<EffectMemo>,
}

/// The same simulation one register at a time, for the prefix-tree
/// search: the solo world is small and `Copy`, and its key is all of it
/// but the course. The score reads the cards only to count the SPAM
/// played in open registers, so merging equal worlds is exact.
impl<'a> PrefixPlan for Decision<'a> {
    type State = World<'a>;
    type Key = SoloKey;

    fn start(&self) -> Result<World<'a>, SoloError> {
        self.race.solo_world(self.player)
    }

    fn run_register(&self, state: &mut World<'a>, register: u8, card: Card) {
        let mut memo = self.memo.borrow_mut();
        self.race
            .solo_register_memo(state, register, card, &mut memo);
    }

    fn settled(&self, state: &World<'a>) -> bool {
        state.settled()
    }

    fn outcome(&self, state: &World<'a>) -> SoloOutcome {
        state.outcome()
    }

    fn key(&self, state: &World<'a>) -> Option<SoloKey> {
        solo_key(state)
    }

    /// The effects table ([`EffectMemo`]) already keeps what each register
    /// does.
    fn memo_runs(&self) -> bool {
        false
    }
}

impl PlanEdition for Decision<'_> {
    type Card = Card;
    type Error = SoloError;

    fn simulate(&self, program: &[Card]) -> Result<SoloOutcome, SoloError> {
        self.race.simulate_program(self.player, program)
    }

    /// The core [`Weights`] on where the program leaves the robot, counting
    /// quarter turns still needed as part of the distance, plus a small
    /// credit for each SPAM card played (it leaves the deck for good).
    ///
    /// [`Weights`]: robo_core::plan::Weights
    fn score(&self, cards: &[Card], out: &SoloOutcome) -> f32 {
        let (planner, maps) = (self.planner, self.maps);
        let next = usize::from(self.start.saturating_add(out.checkpoints));
        let (distance, turns) = match out.end {
            Some((pos, facing)) if !out.won => maps.distance_and_turns(next, pos, facing),
            _ => (Some(0), 0),
        };
        let spam = if self.spam_in_hand {
            cards
                .iter()
                .zip(&self.slots)
                .filter(|(c, s)| s.is_none() && **c == Card::Spam)
                .count()
        } else {
            0
        };
        planner
            .weights
            .score(&out.result(distance), maps.worst(next))
            + planner.weights.distance * planner.turn_weight * f32::from(turns)
            + planner.spam_credit * spam as f32
    }
}
