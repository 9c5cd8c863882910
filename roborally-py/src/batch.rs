//! [`Batch`]: many tables of one edition stepped in one call, writing
//! into arrays the caller owns (numpy's, from Python), without
//! allocating per step. Games end and start again by themselves (auto
//! reset); game `i` of episode `k` is seeded `seed + i + k * n`.
//!
//! The observations are written whole when a game starts, and after
//! that only what moves: the course planes stay in the caller's array as
//! they were written, and the robots' cells of the last step are cleared
//! and set again. A call with another `obs` array (another address or
//! size) than the last one writes every observation whole.

use crate::table::{make, AnyTable, Settings};
use crate::Error;

/// The arrays of one step, flat, row-major: `actions` `[n, seats]`,
/// `obs` `[n, seats, obs_len]`, `masks` `[n, seats, menu]`, `rewards`
/// `[n, seats]`, `dones` `[n]`.
pub struct Arrays<'a> {
    /// One menu entry per game and seat (ignored for seats not asked).
    pub actions: &'a [i64],
    /// Observations written.
    pub obs: &'a mut [f32],
    /// Action masks written.
    pub masks: &'a mut [u8],
    /// Rewards written (a finished game's returns, else 0).
    pub rewards: &'a mut [f32],
    /// 1 where a game ended in this step (and was started again).
    pub dones: &'a mut [u8],
}

/// Many tables of one edition.
pub struct Batch {
    tables: Vec<Box<dyn AnyTable>>,
    seed: u64,
    episodes: Vec<u64>,
    seats: usize,
    obs_len: usize,
    menu: usize,
    /// Per game and seat: the moving numbers its last observation set.
    marks: Vec<Vec<u32>>,
    /// Per game: its observations must be written whole (a new game).
    whole: Vec<bool>,
    /// The address and length of the last `obs` written.
    last_obs: (usize, usize),
}

impl Batch {
    /// `n` games of `settings`, game `i` seeded `seed + i`.
    ///
    /// # Errors
    /// The engine's refusal of the settings, or `n == 0`.
    pub fn new(settings: &Settings, n: usize, seed: u64) -> Result<Self, Error> {
        if n == 0 {
            return Err(Error::Setup("a batch holds at least one game".into()));
        }
        let tables = (0..n)
            .map(|i| make(settings.clone(), seed.wrapping_add(i as u64)))
            .collect::<Result<Vec<_>, _>>()?;
        let seats = tables[0].seats();
        let obs_len = tables[0].layout().len();
        Ok(Batch {
            tables,
            seed,
            episodes: vec![0; n],
            seats,
            obs_len,
            menu: settings.menu,
            marks: vec![Vec::new(); n * seats],
            whole: vec![true; n],
            last_obs: (0, 0),
        })
    }

    /// Games.
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// No game (never: a batch holds at least one).
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// Seats per game.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// Numbers per observation.
    pub fn obs_len(&self) -> usize {
        self.obs_len
    }

    /// Entries per menu.
    pub fn menu(&self) -> usize {
        self.menu
    }

    /// The tables (read only).
    pub fn tables(&self) -> &[Box<dyn AnyTable>] {
        &self.tables
    }

    fn check(&self, name: &str, len: usize, per_game: usize) -> Result<(), Error> {
        let want = self.tables.len() * per_game;
        if len == want {
            Ok(())
        } else {
            Err(Error::Shape(format!(
                "{name} holds {len} numbers; this batch needs {want} ({} games x {per_game})",
                self.tables.len()
            )))
        }
    }

    fn check_out(&self, obs: &[f32], masks: &[u8]) -> Result<(), Error> {
        self.check("obs", obs.len(), self.seats * self.obs_len)?;
        self.check("masks", masks.len(), self.seats * self.menu)
    }

    /// Starts every game again (game `i` seeded `seed + i`) and writes
    /// the first observations and masks.
    ///
    /// # Errors
    /// Arrays of the wrong size (nothing changed).
    pub fn reset(&mut self, seed: u64, obs: &mut [f32], masks: &mut [u8]) -> Result<(), Error> {
        self.check_out(obs, masks)?;
        self.seed = seed;
        for (i, t) in self.tables.iter_mut().enumerate() {
            t.reset(seed.wrapping_add(i as u64))?;
            self.episodes[i] = 0;
        }
        self.whole.fill(true);
        self.write(obs, masks);
        Ok(())
    }

    /// Writes every game's observations (whole for a new game or another
    /// array, else what moves) and masks.
    fn write(&mut self, obs: &mut [f32], masks: &mut [u8]) {
        let (s, l, k) = (self.seats, self.obs_len, self.menu);
        let here = (obs.as_ptr() as usize, obs.len());
        let other = here != self.last_obs;
        self.last_obs = here;
        for (i, t) in self.tables.iter().enumerate() {
            let whole = other || self.whole[i];
            self.whole[i] = false;
            for seat in 0..s {
                let row = i * s + seat;
                t.observe_into(
                    seat,
                    &mut obs[row * l..(row + 1) * l],
                    &mut self.marks[row],
                    whole,
                );
                t.mask(seat, &mut masks[row * k..(row + 1) * k]);
            }
        }
    }

    /// One step of every game: each asked seat answers with its entry of
    /// `arrays.actions`. Returns the answers applied (agent decisions).
    ///
    /// # Errors
    /// Arrays of the wrong size, or an entry outside an asked seat's menu
    /// (the message names the game; nothing changed), or the engine's
    /// refusal.
    pub fn step(&mut self, arrays: Arrays<'_>) -> Result<u64, Error> {
        let (s, n) = (self.seats, self.tables.len());
        self.check("actions", arrays.actions.len(), s)?;
        self.check_out(arrays.obs, arrays.masks)?;
        self.check("rewards", arrays.rewards.len(), s)?;
        self.check("dones", arrays.dones.len(), 1)?;
        for (i, t) in self.tables.iter().enumerate() {
            for seat in 0..s {
                let len = t.menu_len(seat);
                let a = arrays.actions[i * s + seat];
                if len > 0 && !(0..len as i64).contains(&a) {
                    return Err(Error::Shape(format!(
                        "game {i}: action {a} is not in seat {seat}'s menu of {len} entries"
                    )));
                }
            }
        }
        let mut decisions = 0;
        arrays.rewards.fill(0.0);
        arrays.dones.fill(0);
        for (i, t) in self.tables.iter_mut().enumerate() {
            decisions +=
                t.step(&arrays.actions[i * s..(i + 1) * s])
                    .map_err(|e| Error::Refused(format!("game {i}: {e}")))? as u64;
            if t.is_over() {
                t.returns(&mut arrays.rewards[i * s..(i + 1) * s]);
                arrays.dones[i] = 1;
                self.episodes[i] += 1;
                let seed = self
                    .seed
                    .wrapping_add(i as u64)
                    .wrapping_add(self.episodes[i].wrapping_mul(n as u64));
                t.reset(seed)?;
                self.whole[i] = true;
            }
        }
        self.write(arrays.obs, arrays.masks);
        Ok(decisions)
    }
}

/// The arrays of a batch owned in Rust (what numpy holds for a Python
/// caller), sized for one batch: for Rust callers, tests and drivers.
///
/// ```
/// use roborally_py::batch::{Batch, Buffers};
/// use roborally_py::table::Settings;
/// use roborally::editions::NewGame;
/// use robo_core::Rng;
/// let settings = Settings {
///     edition: roborally::Edition::V2023,
///     game: NewGame { players: 2, ..NewGame::default() },
///     menu: 16,
///     full_information: false,
/// };
/// let mut batch = Batch::new(&settings, 4, 0).unwrap();
/// let mut arrays = Buffers::new(&batch);
/// arrays.reset(&mut batch, 0).unwrap();
/// arrays.random_actions(&mut Rng::from_seed(1));
/// assert!(arrays.step(&mut batch).unwrap() >= 4);
/// ```
pub struct Buffers {
    /// Observations, `[n, seats, obs_len]`.
    pub obs: Vec<f32>,
    /// Action masks, `[n, seats, menu]`.
    pub masks: Vec<u8>,
    /// Rewards, `[n, seats]`.
    pub rewards: Vec<f32>,
    /// Games ended in the last step, `[n]`.
    pub dones: Vec<u8>,
    /// The entries of the next step, `[n, seats]`.
    pub actions: Vec<i64>,
    menu: usize,
}

impl Buffers {
    /// Zeroed arrays for `batch`.
    pub fn new(batch: &Batch) -> Self {
        let (n, s) = (batch.len(), batch.seats());
        Buffers {
            obs: vec![0.0; n * s * batch.obs_len()],
            masks: vec![0; n * s * batch.menu()],
            rewards: vec![0.0; n * s],
            dones: vec![0; n],
            actions: vec![0; n * s],
            menu: batch.menu(),
        }
    }

    /// [`Batch::reset`] into these arrays.
    ///
    /// # Errors
    /// As [`Batch::reset`].
    pub fn reset(&mut self, batch: &mut Batch, seed: u64) -> Result<(), Error> {
        batch.reset(seed, &mut self.obs, &mut self.masks)
    }

    /// A uniformly random entry of every game's and seat's mask into
    /// `actions`.
    pub fn random_actions(&mut self, rng: &mut robo_core::Rng) {
        let k = self.menu;
        for (a, m) in self.actions.iter_mut().zip(self.masks.chunks(k)) {
            let legal = m.iter().filter(|&&x| x == 1).count();
            *a = rng.index(legal.max(1)) as i64;
        }
    }

    /// [`Batch::step`] with these arrays; the decisions applied.
    ///
    /// # Errors
    /// As [`Batch::step`].
    pub fn step(&mut self, batch: &mut Batch) -> Result<u64, Error> {
        batch.step(Arrays {
            actions: &self.actions,
            obs: &mut self.obs,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            dones: &mut self.dones,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::Rng;
    use roborally::editions::NewGame;
    use roborally::Edition;

    fn settings(edition: Edition) -> Settings {
        Settings {
            edition,
            game: NewGame {
                players: 2,
                max_rounds: Some(3),
                ..NewGame::default()
            },
            menu: 16,
            full_information: false,
        }
    }

    /// Plays `steps` random masked steps; returns the decisions, the games
    /// ended and a digest of the observations.
    fn run(edition: Edition, n: usize, steps: usize) -> (u64, u32, f64) {
        let mut b = Batch::new(&settings(edition), n, 5).unwrap();
        let mut x = Buffers::new(&b);
        x.reset(&mut b, 5).unwrap();
        let mut rng = Rng::from_seed(1);
        let (mut decisions, mut ended, mut digest) = (0, 0, 0.0);
        for _ in 0..steps {
            x.random_actions(&mut rng);
            decisions += x.step(&mut b).unwrap();
            ended += x.dones.iter().map(|&d| u32::from(d)).sum::<u32>();
            digest += x.obs.iter().map(|&x| f64::from(x)).sum::<f64>();
        }
        (decisions, ended, digest)
    }

    #[test]
    fn every_edition_plays_whole_games_in_a_batch_and_replays_them_exactly() {
        for edition in [
            Edition::V2023,
            Edition::Classic,
            Edition::Transformers,
            Edition::Conquest,
        ] {
            let steps = if edition == Edition::Conquest {
                1500
            } else {
                150
            };
            let first = run(edition, 3, steps);
            assert!(first.0 >= steps as u64, "{edition}: {first:?}");
            assert!(first.1 > 0, "{edition}: no game ended: {first:?}");
            assert_eq!(run(edition, 3, steps), first, "{edition}");
        }
    }

    /// Every game's and seat's observation in `obs` is the table's whole
    /// observation.
    fn assert_whole(b: &Batch, obs: &[f32], what: &str) {
        let (s, l) = (b.seats(), b.obs_len());
        let mut whole = vec![0.0; l];
        for (i, t) in b.tables().iter().enumerate() {
            for seat in 0..s {
                t.observe(seat, &mut whole);
                let row = i * s + seat;
                assert!(
                    obs[row * l..(row + 1) * l] == whole[..],
                    "{what}: game {i} seat {seat}"
                );
            }
        }
    }

    #[test]
    fn observations_written_in_part_equal_whole_ones_and_another_array_is_written_whole() {
        for edition in [
            Edition::V2023,
            Edition::Classic,
            Edition::Transformers,
            Edition::Conquest,
        ] {
            let mut b = Batch::new(&settings(edition), 3, 9).unwrap();
            let mut x = Buffers::new(&b);
            x.reset(&mut b, 9).unwrap();
            let mut rng = Rng::from_seed(3);
            let mut ended = 0;
            let steps = if edition == Edition::Conquest {
                1500
            } else {
                120
            };
            for step in 0..steps {
                x.random_actions(&mut rng);
                x.step(&mut b).unwrap();
                ended += x.dones.iter().filter(|&&d| d == 1).count();
                assert_whole(&b, &x.obs, &format!("{edition} step {step}"));
            }
            assert!(ended > 0, "{edition}: a game started again");
            // A new array (made while the old one lives: another address),
            // with nothing in it, is written whole.
            x.obs = vec![0.0; x.obs.len()];
            x.random_actions(&mut rng);
            x.step(&mut b).unwrap();
            assert_whole(&b, &x.obs, &format!("{edition}, a new array"));
        }
    }

    #[test]
    fn a_wrong_action_or_array_is_refused_and_changes_nothing() {
        let mut b = Batch::new(&settings(Edition::V2023), 2, 1).unwrap();
        let mut x = Buffers::new(&b);
        x.reset(&mut b, 1).unwrap();
        let before = b.tables()[1].save().unwrap();
        let s = b.seats();
        x.actions[s + b.tables()[1].asked()[0]] = 99;
        let err = x.step(&mut b).unwrap_err();
        assert!(err.to_string().contains("game 1"), "{err}");
        assert_eq!(b.tables()[1].save().unwrap(), before);
        let err = b.reset(1, &mut x.obs[1..], &mut x.masks).unwrap_err();
        assert!(err.to_string().contains("obs"), "{err}");
    }
}
