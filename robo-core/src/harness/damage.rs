//! Damaged saves: a save edited by hand, cut short or corrupted must be
//! refused when it is read back, or read back as a game that keeps every
//! promise as it is played on. Never a panic, never a game stuck with a
//! pending player who has nothing to answer.

use super::PlayoutFailure;
use crate::protocol::Game;
use crate::rng::Rng;
use serde_json::Value;

/// How many games to damage and how hard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DamageConfig {
    /// Games to play into and save.
    pub games: u32,
    /// A game is saved after a random number of actions below this.
    pub max_prefix: usize,
    /// Damaged copies made of each save.
    pub copies: u32,
    /// Damages in one copy: one to this many.
    pub damages: u32,
    /// Actions played on a copy that is read back (or until it ends).
    pub play_on: usize,
    /// Seed of the first game; game `i` uses `seed + i`.
    pub seed: u64,
}

impl DamageConfig {
    /// `games` games (or `PROPTEST_CASES`), four damaged copies of each.
    #[must_use]
    pub fn new(games: u32, max_prefix: usize) -> Self {
        DamageConfig {
            games: crate::testing::cases(games),
            max_prefix,
            copies: 4,
            damages: 3,
            play_on: 100,
            seed: 1,
        }
    }
}

/// What the damage check saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DamageReport {
    /// Damaged saves made.
    pub saves: u64,
    /// Of those, refused when read back.
    pub refused: u64,
    /// Of those, read back and played on.
    pub read_back: u64,
    /// Actions applied to saves read back.
    pub actions: u64,
}

/// Plays random games, saves each as JSON at a random point, damages the
/// save at random places (numbers changed, flags flipped, strings and lists
/// cut, lengthened or reordered) and reads it back. A copy read back must
/// keep the edition's invariants and go on with random legal actions, each
/// accepted, the invariants holding after every one.
///
/// # Errors
/// A [`PlayoutFailure`] naming the seed, the damage and the step.
pub fn check_damaged_saves<G: Game>(
    config: DamageConfig,
    mut setup: impl FnMut(&mut Rng) -> G::Setup,
) -> Result<DamageReport, PlayoutFailure> {
    let mut report = DamageReport::default();
    for i in 0..config.games {
        let seed = config.seed.wrapping_add(u64::from(i));
        let mut rng = Rng::from_seed(seed);
        let fail = |action: usize, message: String| PlayoutFailure {
            seed,
            action,
            message,
        };
        let s = setup(&mut rng);
        let game_seed = rng.next_u64();
        let mut game = G::new(s, game_seed).map_err(|e| fail(0, format!("setup refused: {e}")))?;
        let prefix = rng.index(config.max_prefix.max(1));
        for step in 0..prefix {
            let Some(p) = next_player(&game) else { break };
            let a = game
                .sample_action(p, &mut rng)
                .ok_or_else(|| fail(step, format!("no action sampled for pending {p}")))?;
            game.apply(p, a)
                .map_err(|e| fail(step, format!("a sampled action was refused: {e}")))?;
        }
        let good = serde_json::to_value(&game)
            .map_err(|e| fail(prefix, format!("serialising the game failed: {e}")))?;
        for _ in 0..config.copies {
            let mut bad = good.clone();
            let damages = 1 + rng.below(config.damages.max(1));
            let what: Vec<String> = (0..damages)
                .map(|_| damage_json(&mut bad, &mut rng))
                .collect();
            let what = what.join("; ");
            report.saves += 1;
            let Ok(mut back) = serde_json::from_value::<G>(bad) else {
                report.refused += 1;
                continue;
            };
            report.read_back += 1;
            let fail = |step: usize, m: String| {
                fail(
                    prefix,
                    format!("save damaged ({what}), {step} actions on: {m}"),
                )
            };
            back.check_invariants()
                .map_err(|m| fail(0, format!("read back, but {m}")))?;
            for step in 0..config.play_on {
                let Some(p) = next_player(&back) else { break };
                let a = back
                    .sample_action(p, &mut rng)
                    .ok_or_else(|| fail(step, format!("no action for pending {p}")))?;
                back.apply(p, a.clone())
                    .map_err(|e| fail(step, format!("sampled {a:?} refused: {e}")))?;
                report.actions += 1;
                back.check_invariants().map_err(|m| fail(step + 1, m))?;
            }
        }
    }
    Ok(report)
}

/// The first player the game waits for; `None` once it is over.
fn next_player<G: Game>(game: &G) -> Option<crate::ids::PlayerId> {
    game.pending().players().first().copied()
}

/// Every place of `v` a damage may hit, as JSON pointers: each leaf, and
/// each list itself.
fn places(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let key = k.replace('~', "~0").replace('/', "~1");
                places(x, format!("{at}/{key}"), out);
            }
        }
        Value::Array(a) => {
            out.push(at.clone());
            for (i, x) in a.iter().enumerate() {
                places(x, format!("{at}/{i}"), out);
            }
        }
        _ => out.push(at),
    }
}

/// One damage at a random place of `v` (a number changed, a flag flipped,
/// a string or list cut, lengthened or reordered); says where and what it
/// wrote, as a JSON pointer and value. For an edition's own checks of
/// other data read back (maps, courses).
///
/// ```
/// use robo_core::harness::damage::damage_json;
/// let mut v = serde_json::json!({"robots": [1, 2, 3]});
/// let what = damage_json(&mut v, &mut robo_core::Rng::from_seed(1));
/// assert!(what.starts_with("/robots"));
/// assert_ne!(v, serde_json::json!({"robots": [1, 2, 3]}));
/// ```
pub fn damage_json(v: &mut Value, rng: &mut Rng) -> String {
    let mut all = Vec::new();
    places(v, String::new(), &mut all);
    let Some(place) = rng.pick(&all).cloned() else {
        return String::new();
    };
    let Some(x) = v.pointer_mut(&place) else {
        return String::new();
    };
    *x = match x.take() {
        Value::Number(n) => {
            let k = n.as_i64().unwrap_or(0);
            let near = [k + 1, k - 1, 0, 1, 2, 5, 6, 7, 10, 11, 255, 256, 65_535, -1];
            Value::from(near[rng.index(near.len())])
        }
        Value::Bool(b) => Value::Bool(!b),
        Value::String(s) => match rng.below(3) {
            0 => Value::String(String::new()),
            1 => Value::String(format!("{s}x")),
            _ => Value::from(3),
        },
        Value::Array(mut a) => {
            match rng.below(3) {
                0 if !a.is_empty() => {
                    a.remove(rng.index(a.len()));
                }
                1 if !a.is_empty() => {
                    let copy = a[rng.index(a.len())].clone();
                    a.push(copy);
                }
                _ => a.reverse(),
            }
            Value::Array(a)
        }
        Value::Null => Value::from(0),
        other => other,
    };
    format!("{place} = {x}")
}
