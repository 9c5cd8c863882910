//! [`Table`]: one game with the binding's state around it (its settings,
//! the episode's seed, the seats' menus), the unit that every Python face
//! steps. [`AnyTable`] is the same behind one object-safe trait, so that
//! the Python classes hold any edition.

use crate::encode::{write, Encode, Layout};
use crate::menu::Menu;
use crate::Error;
use robo_core::protocol::{seat_seed, Outcome, Pending};
use robo_core::PlayerId;
use roborally::editions::{NewGame, NewGameError, Playable};
use roborally::{AnyGame, Edition};
use std::sync::Arc;

/// What a table is made from: the settings of every game it plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The edition.
    pub edition: Edition,
    /// Seats, course, round cap, first player, options (the seed is the
    /// table's, per episode).
    pub game: NewGame,
    /// Most entries of a menu (the size of the action space).
    pub menu: usize,
    /// Observations show every seat's cards.
    pub full_information: bool,
}

/// The edition games the binding plays.
pub trait Edition2:
    Playable<Action: Send + Sync, Event: Send + Sync, Setup: Send + Sync> + Encode + Send + Sync
{
}

impl<G> Edition2 for G where
    G: Playable<Action: Send + Sync, Event: Send + Sync, Setup: Send + Sync> + Encode + Send + Sync
{
}

/// What every game of a table shares, built once: its settings, the
/// edition's setup made from them (the course already built) and the
/// observation's fixed planes at the start of a game, so that a new game
/// costs a copy of the setup rather than a reading of the course and a
/// drawing of its planes.
struct Shared<G: Edition2> {
    settings: Settings,
    setup: G::Setup,
    /// The layout and fixed planes of a game of this setup at its start
    /// (the same for every seed: tested for every edition).
    start: (Layout, Arc<[f32]>),
}

/// One game and its seats' menus.
pub struct Table<G: Edition2> {
    shared: Arc<Shared<G>>,
    game: G,
    /// This episode's seed.
    seed: u64,
    /// Answers applied in this episode (it seeds the menus).
    decisions: u64,
    layout: Layout,
    /// The planes that never change during this game (shared by copies,
    /// and kept from one game to the next while they are the same).
    statics: Arc<[f32]>,
    menus: Vec<Menu<G::Action>>,
    /// Reused buffers: each pending seat's decoded answer, the events.
    answers: Vec<Option<G::Action>>,
    events: Vec<G::Event>,
}

impl<G: Edition2> Clone for Table<G> {
    fn clone(&self) -> Self {
        Table {
            shared: Arc::clone(&self.shared),
            game: self.game.clone(),
            seed: self.seed,
            decisions: self.decisions,
            layout: self.layout,
            statics: Arc::clone(&self.statics),
            menus: self.menus.clone(),
            answers: Vec::new(),
            events: Vec::new(),
        }
    }
}

impl<G: Edition2> Shared<G> {
    /// The edition's setup of `settings` (what [`Playable::new_game`]
    /// starts from), with its first game, seeded `seed`.
    fn new(settings: Settings, seed: u64) -> Result<(Arc<Self>, G), Error> {
        if settings.edition != G::EDITION {
            return Err(Error::Setup(format!(
                "settings of the {} edition for a {} table",
                settings.edition,
                G::EDITION
            )));
        }
        let setup =
            G::setup_with_options(&settings.game).map_err(|e| Error::Setup(e.to_string()))?;
        let game = Self::game(&setup, seed)?;
        let (layout, statics) = game.course_planes();
        let shared = Shared {
            settings,
            setup,
            start: (layout, statics.into()),
        };
        Ok((Arc::new(shared), game))
    }

    /// A new game of `setup` with `seed`: [`Playable::new_game`] of the
    /// settings with that seed.
    fn game(setup: &G::Setup, seed: u64) -> Result<G, Error> {
        G::new(setup.clone(), seed)
            .map_err(|e| Error::Setup(NewGameError::Setup(G::any_setup_error(e)).to_string()))
    }

    /// A new game with `seed`.
    fn start(&self, seed: u64) -> Result<G, Error> {
        Self::game(&self.setup, seed)
    }
}

impl<G: Edition2> Table<G> {
    /// A table playing its first game with `seed`.
    ///
    /// # Errors
    /// The engine's refusal of the settings.
    pub fn new(settings: Settings, seed: u64) -> Result<Self, Error> {
        if settings.menu == 0 {
            return Err(Error::Setup("the menu size must be at least 1".into()));
        }
        let (shared, game) = Shared::new(settings, seed)?;
        Ok(Self::around(shared, game, seed, 0))
    }

    /// A table around `game` (a new one, or one loaded mid-game: its own
    /// planes, unless they are the start's).
    fn around(shared: Arc<Shared<G>>, game: G, seed: u64, decisions: u64) -> Self {
        let (layout, statics) = game.course_planes();
        let statics = if (layout, &statics[..]) == (shared.start.0, &shared.start.1[..]) {
            Arc::clone(&shared.start.1)
        } else {
            statics.into()
        };
        let n = game.num_players();
        let mut t = Table {
            shared,
            game,
            seed,
            decisions,
            layout,
            statics,
            menus: vec![Menu::default(); n],
            answers: Vec::with_capacity(n),
            events: Vec::new(),
        };
        t.refresh();
        t
    }

    /// A new game with `seed`, same settings (the fixed planes are the
    /// start's, shared with this table's copies).
    ///
    /// # Errors
    /// The engine's refusal of the settings.
    pub fn reset(&mut self, seed: u64) -> Result<(), Error> {
        self.game = self.shared.start(seed)?;
        self.seed = seed;
        self.decisions = 0;
        self.layout = self.shared.start.0;
        if !Arc::ptr_eq(&self.statics, &self.shared.start.1) {
            self.statics = Arc::clone(&self.shared.start.1);
        }
        self.refresh();
        Ok(())
    }

    fn menu_seed(&self, seat: usize) -> u64 {
        seat_seed(
            self.seed ^ self.decisions.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            PlayerId(seat as u8),
        )
    }

    /// Refills every seat's menu after a change.
    fn refresh(&mut self) {
        let pending = self.game.pending();
        for seat in 0..self.menus.len() {
            let p = PlayerId(seat as u8);
            if pending.is_waiting_for(p) {
                let seed = self.menu_seed(seat);
                let size = self.shared.settings.menu;
                self.menus[seat].fill(&self.game, p, seed, size);
            } else {
                self.menus[seat].clear();
            }
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.shared.settings
    }

    /// Writes seat `seat`'s whole observation into `out`.
    pub fn observe(&self, seat: usize, out: &mut [f32]) {
        self.observe_into(seat, out, &mut Vec::new(), true);
    }

    /// Writes seat `seat`'s observation into `out` with `marks`, as
    /// [`write()`] does: whole, or only what moves when `out` holds the
    /// seat's previous observation of this game written with `marks`.
    pub fn observe_into(&self, seat: usize, out: &mut [f32], marks: &mut Vec<u32>, whole: bool) {
        let full = self.shared.settings.full_information;
        let p = PlayerId(seat as u8);
        write(
            &self.game,
            p,
            full,
            &self.layout,
            &self.statics,
            out,
            marks,
            whole,
        );
    }

    /// Writes seat `seat`'s action mask into `out` (`menu` entries): the
    /// menu's entries, or entry 0 alone (wait) for a seat with nothing
    /// to decide.
    pub fn mask(&self, seat: usize, out: &mut [u8]) {
        let len = self.menus.get(seat).map_or(0, Menu::len);
        out.fill(0);
        if len == 0 {
            if let Some(x) = out.first_mut() {
                *x = 1;
            }
        } else {
            let n = len.min(out.len());
            out[..n].fill(1);
        }
    }

    /// Entry `index` of seat `seat`'s menu.
    ///
    /// # Errors
    /// [`Error::NotAsked`] or [`Error::BadIndex`].
    pub fn entry(&self, seat: usize, index: usize) -> Result<G::Action, Error> {
        let menu = self.menus.get(seat).ok_or(Error::NoSeat(seat))?;
        if menu.is_empty() {
            return Err(Error::NotAsked(seat));
        }
        menu.entry(&self.game, PlayerId(seat as u8), index)
            .ok_or(Error::BadIndex {
                seat,
                index,
                len: menu.len(),
            })
    }

    /// Applies `action` for `seat`, the table unchanged on refusal.
    ///
    /// # Errors
    /// The engine's refusal, in its words.
    pub fn apply(&mut self, seat: usize, action: G::Action) -> Result<(), Error> {
        let p = PlayerId(seat as u8);
        self.events.clear();
        self.game
            .apply_into(p, action, &mut self.events)
            .map_err(|e| Error::Refused(e.to_string()))?;
        self.decisions += 1;
        self.refresh();
        Ok(())
    }

    /// Applies one answer per asked seat (`actions[seat]`, menu entries;
    /// the others are ignored); returns the answers applied.
    ///
    /// # Errors
    /// A bad entry (nothing applied), or the engine's refusal of one.
    pub fn step(&mut self, actions: &[i64]) -> Result<usize, Error> {
        let mut answers = std::mem::take(&mut self.answers);
        answers.clear();
        for seat in 0..self.menus.len() {
            if self.menus[seat].is_empty() {
                answers.push(None);
                continue;
            }
            let a = actions.get(seat).copied().unwrap_or(-1);
            let index = usize::try_from(a).map_err(|_| Error::BadIndex {
                seat,
                index: usize::MAX,
                len: self.menus[seat].len(),
            });
            let decoded = index.and_then(|i| self.entry(seat, i));
            match decoded {
                Ok(action) => answers.push(Some(action)),
                Err(e) => {
                    self.answers = answers;
                    return Err(e);
                }
            }
        }
        let mut applied = 0;
        let mut result = Ok(());
        for (seat, a) in answers.drain(..).enumerate() {
            let Some(action) = a else { continue };
            self.events.clear();
            if let Err(e) = self
                .game
                .apply_into(PlayerId(seat as u8), action, &mut self.events)
            {
                result = Err(Error::Refused(e.to_string()));
                break;
            }
            self.decisions += 1;
            applied += 1;
        }
        self.answers = answers;
        self.refresh();
        result.map(|()| applied)
    }

    /// The game is over.
    pub fn is_over(&self) -> bool {
        self.game.pending().is_terminal()
    }

    /// Each seat's return: +1 for a winner, -1 for the others when
    /// someone won, 0 for all when nobody did (the round cap); 0 while
    /// the game goes on.
    pub fn returns(&self, out: &mut [f32]) {
        out.fill(0.0);
        if let Pending::Terminal(o) = self.game.pending() {
            let winners = o.winners();
            if winners.is_empty() {
                return;
            }
            for (seat, x) in out.iter_mut().enumerate() {
                *x = if winners.contains(&PlayerId(seat as u8)) {
                    1.0
                } else {
                    -1.0
                };
            }
        }
    }
}

/// A table of any edition: what the Python classes hold.
pub trait AnyTable: Send + Sync {
    /// The settings.
    fn settings(&self) -> &Settings;
    /// Seats.
    fn seats(&self) -> usize;
    /// The observation's shape.
    fn layout(&self) -> Layout;
    /// This episode's seed.
    fn seed(&self) -> u64;
    /// A new game with `seed`.
    ///
    /// # Errors
    /// The engine's refusal of the settings.
    fn reset(&mut self, seed: u64) -> Result<(), Error>;
    /// Seats asked for something now, in seat order.
    fn asked(&self) -> Vec<usize>;
    /// Entries in `seat`'s menu (0: nothing to decide).
    fn menu_len(&self, seat: usize) -> usize;
    /// Writes `seat`'s whole observation.
    fn observe(&self, seat: usize, out: &mut [f32]);
    /// Writes `seat`'s observation with `marks` (see [`Table::observe_into`]).
    fn observe_into(&self, seat: usize, out: &mut [f32], marks: &mut Vec<u32>, whole: bool);
    /// Writes `seat`'s action mask.
    fn mask(&self, seat: usize, out: &mut [u8]);
    /// One answer per asked seat; the answers applied.
    ///
    /// # Errors
    /// As [`Table::step`].
    fn step(&mut self, actions: &[i64]) -> Result<usize, Error>;
    /// Applies entry `index` of `seat`'s menu, unchanged on error.
    ///
    /// # Errors
    /// A bad entry, a seat not asked.
    fn step_one(&mut self, seat: usize, index: usize) -> Result<(), Error>;
    /// Applies an action given as the edition's JSON, unchanged on error.
    ///
    /// # Errors
    /// JSON that is not an action of the edition, or the engine's refusal.
    fn apply_json(&mut self, seat: usize, action: &str) -> Result<(), Error>;
    /// Entry `index` of `seat`'s menu as JSON and as text.
    ///
    /// # Errors
    /// A bad entry, a seat not asked.
    fn entry(&self, seat: usize, index: usize) -> Result<(String, String), Error>;
    /// The action the edition's bot `name` chooses for `seat`, as JSON
    /// (the bot is seeded from the episode's seed and the seat).
    ///
    /// # Errors
    /// An unknown bot, a seat not asked, a bot that gives up.
    fn bot_action(&mut self, seat: usize, name: &str) -> Result<String, Error>;
    /// The game is over.
    fn is_over(&self) -> bool;
    /// The winners' seats (empty while the game goes on, or when nobody won).
    fn winners(&self) -> Vec<usize>;
    /// Each seat's return (see [`Table::returns`]).
    fn returns(&self, out: &mut [f32]);
    /// What `seat` may see, as the edition's JSON view (`None`: what
    /// everyone sees).
    fn view_json(&self, seat: Option<usize>) -> Result<String, Error>;
    /// The game as text.
    fn text(&self) -> String;
    /// The whole state as JSON (the game's own save, the seed, the
    /// answers count).
    fn save(&self) -> Result<String, Error>;
    /// A copy.
    fn clone_box(&self) -> Box<dyn AnyTable>;
    /// The game, as the facade's [`AnyGame`].
    fn any_game(&self) -> AnyGame;
}

/// A table behind [`AnyTable`].
pub struct Boxed<G: Edition2> {
    /// The table.
    pub table: Table<G>,
}

impl<G: Edition2> Boxed<G> {
    /// A table without bots yet.
    pub fn new(table: Table<G>) -> Self {
        Boxed { table }
    }
}

fn seat_of(seat: usize, n: usize) -> Result<PlayerId, Error> {
    if seat < n {
        Ok(PlayerId(seat as u8))
    } else {
        Err(Error::NoSeat(seat))
    }
}

impl<G: Edition2> AnyTable for Boxed<G> {
    fn settings(&self) -> &Settings {
        self.table.settings()
    }

    fn seats(&self) -> usize {
        self.table.menus.len()
    }

    fn layout(&self) -> Layout {
        self.table.layout
    }

    fn seed(&self) -> u64 {
        self.table.seed
    }

    fn reset(&mut self, seed: u64) -> Result<(), Error> {
        self.table.reset(seed)
    }

    fn asked(&self) -> Vec<usize> {
        (0..self.seats())
            .filter(|&s| !self.table.menus[s].is_empty())
            .collect()
    }

    fn menu_len(&self, seat: usize) -> usize {
        self.table.menus.get(seat).map_or(0, Menu::len)
    }

    fn observe(&self, seat: usize, out: &mut [f32]) {
        self.table.observe(seat, out);
    }

    fn observe_into(&self, seat: usize, out: &mut [f32], marks: &mut Vec<u32>, whole: bool) {
        self.table.observe_into(seat, out, marks, whole);
    }

    fn mask(&self, seat: usize, out: &mut [u8]) {
        self.table.mask(seat, out);
    }

    fn step(&mut self, actions: &[i64]) -> Result<usize, Error> {
        self.table.step(actions)
    }

    fn step_one(&mut self, seat: usize, index: usize) -> Result<(), Error> {
        let action = self.table.entry(seat, index)?;
        self.table.apply(seat, action)
    }

    fn apply_json(&mut self, seat: usize, action: &str) -> Result<(), Error> {
        seat_of(seat, self.seats())?;
        let action: G::Action = serde_json::from_str(action).map_err(|e| {
            Error::Json(format!("not an action of the {} edition: {e}", G::EDITION))
        })?;
        self.table.apply(seat, action)
    }

    fn entry(&self, seat: usize, index: usize) -> Result<(String, String), Error> {
        let a = self.table.entry(seat, index)?;
        let json = serde_json::to_string(&a).map_err(|e| Error::Json(e.to_string()))?;
        Ok((json, describe(&a)))
    }

    fn bot_action(&mut self, seat: usize, name: &str) -> Result<String, Error> {
        let p = seat_of(seat, self.seats())?;
        if !self.table.game.pending().is_waiting_for(p) {
            return Err(Error::NotAsked(seat));
        }
        let name = roborally::bots::canonical(G::EDITION, name)
            .map_err(|e| Error::Setup(e.to_string()))?;
        // A new bot for every call, seeded from the episode, the seat and
        // the answers so far: the same position asks the same bot.
        let seed = seat_seed(self.table.seed ^ self.table.decisions, p);
        let mut bot = G::bot(name, seed).ok_or_else(|| Error::Setup(format!("no bot `{name}`")))?;
        let action = bot
            .choose(&self.table.game, p)
            .ok_or_else(|| Error::Refused(format!("the {name} bot gave up")))?;
        serde_json::to_string(&action).map_err(|e| Error::Json(e.to_string()))
    }

    fn is_over(&self) -> bool {
        self.table.is_over()
    }

    fn winners(&self) -> Vec<usize> {
        match self.table.game.pending() {
            Pending::Terminal(o) => o.winners().iter().map(|p| p.index()).collect(),
            _ => Vec::new(),
        }
    }

    fn returns(&self, out: &mut [f32]) {
        self.table.returns(out);
    }

    fn view_json(&self, seat: Option<usize>) -> Result<String, Error> {
        let view = match seat {
            Some(s) => self.table.game.view(seat_of(s, self.seats())?),
            None => self.table.game.public_view(),
        };
        serde_json::to_string(&view).map_err(|e| Error::Json(e.to_string()))
    }

    fn text(&self) -> String {
        self.table.game.text()
    }

    fn save(&self) -> Result<String, Error> {
        let game =
            serde_json::to_string(&self.table.game).map_err(|e| Error::Json(e.to_string()))?;
        Ok(format!(
            "{{\"game\":{{\"{}\":{game}}},\"seed\":{},\"decisions\":{}}}",
            G::EDITION.name(),
            self.table.seed,
            self.table.decisions
        ))
    }

    fn clone_box(&self) -> Box<dyn AnyTable> {
        Box::new(Boxed {
            table: self.table.clone(),
        })
    }

    fn any_game(&self) -> AnyGame {
        self.table.game.clone().into_any()
    }
}

/// A short description of an action: its JSON without quotes.
fn describe<A: serde::Serialize>(a: &A) -> String {
    serde_json::to_string(a)
        .unwrap_or_default()
        .replace('"', "")
}

/// A table of `settings`' edition playing its first game with `seed`.
///
/// # Errors
/// The engine's refusal of the settings.
pub fn make(settings: Settings, seed: u64) -> Result<Box<dyn AnyTable>, Error> {
    fn boxed<G: Edition2>(settings: Settings, seed: u64) -> Result<Box<dyn AnyTable>, Error> {
        Ok(Box::new(Boxed::new(Table::<G>::new(settings, seed)?)))
    }
    match settings.edition {
        Edition::Classic => boxed::<variant_classic::Race>(settings, seed),
        Edition::V2023 => boxed::<variant_2023::Race>(settings, seed),
        Edition::Transformers => boxed::<variant_transformers::Race>(settings, seed),
        Edition::Conquest => boxed::<variant_conquest::Conquest>(settings, seed),
    }
}

/// Restores a table from [`AnyTable::save`] with `settings`.
///
/// # Errors
/// JSON that is not a save of the settings' edition.
pub fn load(settings: Settings, save: &str) -> Result<Box<dyn AnyTable>, Error> {
    fn boxed<G: Edition2>(
        settings: Settings,
        game: AnyGame,
        seed: u64,
        decisions: u64,
    ) -> Result<Box<dyn AnyTable>, Error> {
        let game = G::take_any(game).map_err(|g| {
            Error::Json(format!(
                "a save of the {} edition, not {}",
                g.edition(),
                G::EDITION
            ))
        })?;
        let (shared, _) = Shared::new(settings, seed)?;
        Ok(Box::new(Boxed::new(Table::around(
            shared, game, seed, decisions,
        ))))
    }
    let v: serde_json::Value =
        serde_json::from_str(save).map_err(|e| Error::Json(e.to_string()))?;
    let seed = v["seed"]
        .as_u64()
        .ok_or_else(|| Error::Json("a save has a seed".into()))?;
    let decisions = v["decisions"]
        .as_u64()
        .ok_or_else(|| Error::Json("a save has a decisions count".into()))?;
    let game: AnyGame =
        serde_json::from_value(v["game"].clone()).map_err(|e| Error::Json(e.to_string()))?;
    match settings.edition {
        Edition::Classic => boxed::<variant_classic::Race>(settings, game, seed, decisions),
        Edition::V2023 => boxed::<variant_2023::Race>(settings, game, seed, decisions),
        Edition::Transformers => {
            boxed::<variant_transformers::Race>(settings, game, seed, decisions)
        }
        Edition::Conquest => boxed::<variant_conquest::Conquest>(settings, game, seed, decisions),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::Game;

    #[test]
    fn a_table_starts_the_same_game_as_the_facade_for_every_edition() {
        for edition in [
            Edition::V2023,
            Edition::Classic,
            Edition::Transformers,
            Edition::Conquest,
        ] {
            let game = NewGame {
                players: 3,
                ..NewGame::default()
            };
            let settings = Settings {
                edition,
                game: game.clone(),
                menu: 8,
                full_information: false,
            };
            let mut t = make(settings, 5).unwrap();
            for seed in [5, 6] {
                if seed != 5 {
                    t.reset(seed).unwrap();
                }
                let facade = roborally::any::new_game(
                    edition,
                    &NewGame {
                        seed,
                        ..game.clone()
                    },
                )
                .unwrap();
                assert_eq!(
                    serde_json::to_string(&t.any_game()).unwrap(),
                    serde_json::to_string(&facade).unwrap(),
                    "{edition} seed {seed}"
                );
            }
        }
    }

    /// The fixed planes of new games of `players` seats, seeds 0 to 5,
    /// each as the game itself draws them.
    fn start_planes<G: Edition2>(players: u8) -> Vec<(Layout, Vec<f32>)> {
        let settings = NewGame {
            players,
            ..NewGame::default()
        };
        let setup = G::setup_with_options(&settings).unwrap();
        (0..6)
            .map(|seed| Shared::<G>::game(&setup, seed).unwrap().course_planes())
            .collect()
    }

    #[test]
    fn the_fixed_planes_at_a_games_start_do_not_depend_on_its_seed() {
        // What lets a table share one copy of them for every game.
        for players in [2, 4] {
            for planes in [
                start_planes::<variant_2023::Race>(players),
                start_planes::<variant_classic::Race>(players),
                start_planes::<variant_transformers::Race>(players),
                start_planes::<variant_conquest::Conquest>(players),
            ] {
                assert!(planes.iter().all(|p| *p == planes[0]), "{players} seats");
            }
        }
    }

    #[test]
    fn a_copy_shares_the_settings_and_course_and_goes_on_alone() {
        let settings = Settings {
            edition: Edition::V2023,
            game: NewGame {
                players: 2,
                ..NewGame::default()
            },
            menu: 8,
            full_information: false,
        };
        let t = Table::<variant_2023::Race>::new(settings, 1).unwrap();
        let mut c = t.clone();
        assert!(Arc::ptr_eq(&t.shared, &c.shared) && Arc::ptr_eq(&t.statics, &c.statics));
        let seat = c.game().pending().players()[0].index();
        let action = c.entry(seat, 0).unwrap();
        c.apply(seat, action).unwrap();
        assert_ne!(c.decisions, t.decisions);
        let before = Arc::clone(&c.statics);
        c.reset(2).unwrap();
        assert!(
            Arc::ptr_eq(&before, &c.statics),
            "the same course keeps its planes"
        );
    }
}
