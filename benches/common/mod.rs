//! What the benches of several editions share: a whole game of random
//! policies, played and checked the same way for every edition.

use roborally::core::protocol::{play_out, seat_seed, PlayResult, Policy, RandomPolicy};
use roborally::core::{Game, PlayerId};

/// Plays `game` to its end with a random policy in each of `seats` seats,
/// each seeded from `seed` with [`seat_seed`] (as batch jobs seed them);
/// its outcome and how many of its events `counted` picks (the registers
/// resolved). Panics if the game does not finish: a bench must not time
/// a broken engine.
pub fn random_game<G: Game>(
    mut game: G,
    seats: u8,
    seed: u64,
    counted: impl Fn(&G::Event) -> bool,
) -> (G::Outcome, u64) {
    let mut bots: Vec<RandomPolicy> = (0..seats)
        .map(|s| RandomPolicy::new(seat_seed(seed, PlayerId(s))))
        .collect();
    let mut policies: Vec<&mut dyn Policy<G>> =
        bots.iter_mut().map(|b| b as &mut dyn Policy<G>).collect();
    let mut count = 0u64;
    let result = play_out(&mut game, &mut policies, 1_000_000, &mut Vec::new(), |e| {
        count += u64::from(counted(e));
    })
    .expect("random actions are legal");
    match result {
        PlayResult::Finished(o) => (o, count),
        other => panic!("the game did not finish: {other:?}"),
    }
}
