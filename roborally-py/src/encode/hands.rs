//! [`GridState`] for each grid race: its cards as kinds, its robots.

use super::GridState;
use robo_core::geom::{Dir, Pos};
use robo_core::view::RaceStage;
use robo_core::PlayerId;
use roborally::race::RaceEdition;

/// The robots of a grid race read off its [`RaceEdition::grid`] (the
/// editions whose speed the binding does not chase).
macro_rules! by_grid_view {
    () => {
        fn robot_at(&self, seat: PlayerId) -> Option<(Pos, Dir)> {
            self.grid().robot(seat).and_then(|r| r.at)
        }

        fn reached(&self, seat: PlayerId) -> u8 {
            self.grid().robot(seat).map_or(0, |r| r.checkpoints)
        }

        fn checkpoint_count(&self) -> u8 {
            self.grid().checkpoints
        }

        fn stage(&self) -> (RaceStage, u16, u8) {
            let g = self.grid();
            (g.stage, g.round, g.register)
        }
    };
}

impl GridState for variant_2023::Race {
    /// The nine regular cards, SPAM, Haywire.
    const CARD_KINDS: usize = 11;
    /// Energy, installed upgrades.
    const SCALARS: usize = 2;

    fn hand_kinds(&self, seat: PlayerId, f: &mut dyn FnMut(usize)) {
        if let Some(pl) = self.player(seat) {
            pl.hand().iter().for_each(|c| f(kind_2023(c.card())));
        }
    }

    fn register_kind(&self, seat: PlayerId, r: usize) -> Option<(usize, bool)> {
        let reg = self.player(seat)?.registers().get(r)?;
        let c = reg.cards.first()?;
        Some((kind_2023(c.card()), reg.revealed))
    }

    fn scalars(&self, seat: PlayerId, out: &mut [f32]) {
        if let Some(pl) = self.player(seat) {
            out[0] = f32::from(pl.energy().min(20)) / 10.0;
            out[1] = pl.installed().count() as f32 / 6.0;
        }
    }

    fn robot_at(&self, seat: PlayerId) -> Option<(Pos, Dir)> {
        self.robot(seat)
    }

    fn reached(&self, seat: PlayerId) -> u8 {
        self.player(seat)
            .map_or(0, variant_2023::robot::Player::checkpoints)
    }

    fn checkpoint_count(&self) -> u8 {
        self.arena().checkpoints()
    }

    fn stage(&self) -> (RaceStage, u16, u8) {
        use variant_2023::events::Phase;
        let stage = match self.phase() {
            _ if self.outcome().is_some() => RaceStage::Over,
            Phase::Setup => RaceStage::Setup,
            Phase::Upgrade | Phase::Programming => RaceStage::Planning,
            Phase::Activation => RaceStage::Activation,
        };
        (stage, self.round(), self.register())
    }
}

fn kind_2023(c: variant_2023::Card) -> usize {
    use variant_2023::Card;
    match c {
        Card::Spam => 9,
        Card::Haywire(_) => 10,
        c => Card::REGULAR.iter().position(|k| *k == c).unwrap_or(0),
    }
}

impl GridState for variant_classic::Race {
    /// The seven kinds of program card.
    const CARD_KINDS: usize = 7;
    /// Damage tokens, lives.
    const SCALARS: usize = 2;

    fn hand_kinds(&self, seat: PlayerId, f: &mut dyn FnMut(usize)) {
        if let Some(r) = self.robot(seat) {
            r.hand.iter().for_each(|c| f(kind_classic(c.kind)));
        }
    }

    /// Classic registers are turned face up one by one as they resolve.
    fn register_kind(&self, seat: PlayerId, r: usize) -> Option<(usize, bool)> {
        let card = (*self.robot(seat)?.registers.get(r)?)?;
        let (stage, _, register) = GridState::stage(self);
        let shown = stage == RaceStage::Activation && r < usize::from(register);
        Some((kind_classic(card.kind), shown))
    }

    fn scalars(&self, seat: PlayerId, out: &mut [f32]) {
        if let Some(r) = self.robot(seat) {
            out[0] = f32::from(r.damage) / 10.0;
            out[1] = f32::from(r.lives) / 4.0;
        }
    }

    by_grid_view!();
}

fn kind_classic(k: variant_classic::cards::Kind) -> usize {
    variant_classic::cards::Kind::ALL
        .iter()
        .position(|x| *x == k)
        .unwrap_or(0)
}

impl GridState for variant_transformers::Race {
    /// The eleven planning cards, Scrap, special damage.
    const CARD_KINDS: usize = 13;
    /// Energon, damage cards held.
    const SCALARS: usize = 2;

    fn hand_kinds(&self, seat: PlayerId, f: &mut dyn FnMut(usize)) {
        if let Some(pl) = self.player(seat) {
            pl.hand()
                .iter()
                .for_each(|c| f(kind_transformers(c.card())));
        }
    }

    fn register_kind(&self, seat: PlayerId, r: usize) -> Option<(usize, bool)> {
        let reg = self.player(seat)?.registers().get(r)?;
        let c = reg.cards.first()?;
        Some((kind_transformers(c.card()), reg.revealed))
    }

    fn scalars(&self, seat: PlayerId, out: &mut [f32]) {
        if let Some(pl) = self.player(seat) {
            out[0] = f32::from(pl.energon()) / 10.0;
            out[1] = pl.damage().len() as f32 / 10.0;
        }
    }

    by_grid_view!();
}

fn kind_transformers(c: variant_transformers::cards::Card) -> usize {
    use variant_transformers::cards::Card;
    match c {
        Card::Scrap => 11,
        Card::Special(_) => 12,
        c => Card::PLANNING.iter().position(|k| *k == c).unwrap_or(0),
    }
}
