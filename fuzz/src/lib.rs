//! What the fuzz targets share: a game read from outside is checked the
//! way the damaged-save harness checks one (its invariants hold, and it
//! goes on with legal actions, each accepted, the invariants holding after
//! every one), with choices drawn from the input itself so that a crash
//! replays from its input alone.

use robo_core::{Game, Rng};

/// Actions played on a game that was read back.
pub const PLAY_ON: usize = 40;

/// A seed drawn from the input's bytes (FNV-1a), for the choices played
/// on a game it made.
#[must_use]
pub fn seed_of(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Checks a game read from outside and plays up to [`PLAY_ON`] random
/// legal actions on it.
///
/// # Panics
/// When a promise of the protocol breaks: the invariants, a pending
/// player without an action, a sampled action refused, a refused action
/// that changed the game, a JSON round trip that changes the game.
pub fn play_on<G: Game>(mut game: G, seed: u64) {
    if let Err(why) = game.check_invariants() {
        panic!("a game read back breaks its invariants: {why}");
    }
    let json = serde_json::to_string(&game).expect("a game serialises");
    let back: G = match serde_json::from_str(&json) {
        Ok(back) => back,
        Err(e) => panic!("a game does not read its own save back: {e}"),
    };
    assert!(back == game, "a game changed through its own save");
    let mut rng = Rng::from_seed(seed);
    for step in 0..PLAY_ON {
        let Some(&p) = game.pending().players().first() else {
            return;
        };
        let Some(action) = game.sample_action(p, &mut rng) else {
            panic!("{p} is pending with no action, {step} actions on");
        };
        if let Err(e) = game.apply(p, action.clone()) {
            panic!("a sampled action {action:?} of {p} was refused: {e}");
        }
        if let Err(why) = game.check_invariants() {
            panic!("{step} actions on: {why}");
        }
    }
}

/// Reads `bytes` as a save of `G` (the game's own JSON) and plays on it.
pub fn save<G: Game>(bytes: &[u8]) {
    if let Ok(game) = serde_json::from_slice::<G>(bytes) {
        play_on(game, seed_of(bytes));
    }
}

/// Reads `bytes` as a scenario file of `edition` (others are left
/// alone): run as the scenario runner runs it, then set up at its
/// position and played on.
pub fn scenario(edition: roborally::Edition, bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    if roborally::scenario::edition_of("fuzz.json", text).ok() != Some(edition) {
        return;
    }
    let _ = roborally::scenario::run_text("fuzz.json", text);
    if let Ok(game) = roborally::scenario::load_text("fuzz.json", text) {
        assert_eq!(game.edition(), edition);
        play_on(game, seed_of(bytes));
    }
}

/// The environment variable that turns a save target into a writer of its
/// own seed corpus (`scripts/fuzz-corpus.sh`): set to a directory, the
/// target writes saves of its edition there and exits before fuzzing.
pub const SAVE_SEEDS: &str = "ROBORALLY_FUZZ_SAVE_SEEDS";

/// Actions played on a seed game before it is saved a second time.
const SEED_PLAYED: usize = 20;

/// With [`SAVE_SEEDS`] set, writes saves of `edition` to that directory
/// and exits: each scenario file of `conformance/<edition>/` (read from
/// the current directory) set up, as loaded and after a few random legal
/// actions; conquest, which has no scenario files, from a new game of 2,
/// 3 and 4 players. Without it, does nothing (the target fuzzes).
///
/// # Panics
/// When the directory cannot be written.
pub fn write_save_seeds(edition: roborally::Edition) {
    let Some(out) = std::env::var_os(SAVE_SEEDS) else {
        return;
    };
    let out = std::path::PathBuf::from(out);
    std::fs::create_dir_all(&out).expect("the seed directory");
    let mut games = Vec::new();
    if edition == roborally::Edition::Conquest {
        for players in 2..=4 {
            let setup = variant_conquest::Setup::for_players(players);
            let game = <variant_conquest::Conquest as Game>::new(setup, players as u64)
                .expect("a conquest game of 2 to 4 players");
            games.push(roborally::AnyGame::Conquest(Box::new(game)));
        }
    } else {
        let dir = std::path::Path::new("conformance").join(edition.name());
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        files.sort();
        for path in files {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            if let Ok(game) = roborally::scenario::load_text(&path.display().to_string(), &text) {
                games.push(game);
            }
        }
    }
    let mut written = 0;
    for (i, mut game) in games.into_iter().enumerate() {
        for stage in 0..2 {
            if stage == 1 {
                play_random(&mut game, SEED_PLAYED, i as u64);
            }
            let Some(save) = inner_json(&game) else {
                continue;
            };
            std::fs::write(out.join(format!("{i:04}-{stage}.json")), save).expect("a seed file");
            written += 1;
        }
    }
    eprintln!(
        "{written} {} saves written to {}",
        edition.name(),
        out.display()
    );
    std::process::exit(0);
}

/// Up to `n` random legal actions, the first pending player's each.
fn play_random<G: Game>(game: &mut G, n: usize, seed: u64) {
    let mut rng = Rng::from_seed(seed);
    for _ in 0..n {
        let Some(&p) = game.pending().players().first() else {
            return;
        };
        let Some(action) = game.sample_action(p, &mut rng) else {
            return;
        };
        if game.apply(p, action).is_err() {
            return;
        }
    }
}

/// The edition's own save of a game (the JSON inside the edition's tag).
fn inner_json(game: &roborally::AnyGame) -> Option<Vec<u8>> {
    match serde_json::to_value(game).ok()? {
        serde_json::Value::Object(tagged) if tagged.len() == 1 => {
            serde_json::to_vec(tagged.values().next()?).ok()
        }
        _ => None,
    }
}
