//! The protocol's secrecy promise, checked the same way for every
//! edition: at a moment of a game, no seat's view shows what that seat
//! may not see.

use crate::ids::PlayerId;
use crate::protocol::Game;
use serde::Serialize;
use std::fmt::{Debug, Display};

/// Checks every seat's view of `game` now: serialized to JSON, it holds
/// none of `secrets(game, viewer)`, neither a card (looked for as the JSON
/// string of its [`Display`] form, `"<card>"`) nor an upgrade (looked for
/// in its JSON form). Returns how many views it checked.
///
/// # Errors
/// The first secret a view shows, named with `context` (the seed and
/// step, say) and the viewer; or a view that does not serialize.
///
/// ```
/// use robo_core::harness::views::check_views_hide;
/// use robo_core::toy::race::{Race, Setup};
/// use robo_core::Game;
/// let setup = Setup { board: "+--+--+\n .. F1\n+  +  +\n .. ..\n+--+--+\n".into(),
///                     starts: vec![robo_core::geom::Pos::new(0, 1)], max_rounds: 5 };
/// let race = Race::new(setup, 1).unwrap();
/// // The toy race keeps no secrets: every view passes.
/// let none = |_: &Race, _| (Vec::<u32>::new(), Vec::<u32>::new());
/// assert_eq!(check_views_hide(&race, none, &"seed 1"), Ok(1));
/// ```
pub fn check_views_hide<G, C, U>(
    game: &G,
    secrets: impl Fn(&G, PlayerId) -> (Vec<C>, Vec<U>),
    context: &dyn Display,
) -> Result<usize, String>
where
    G: Game,
    C: Display + Debug,
    U: Serialize + Display,
{
    let seats = game.num_players();
    for v in 0..seats {
        let v = PlayerId(u8::try_from(v).unwrap_or(u8::MAX));
        let json = serde_json::to_string(&game.view(v))
            .map_err(|e| format!("{context}: {v}'s view does not serialize: {e}"))?;
        let (cards, upgrades) = secrets(game, v);
        if let Some(c) = cards.iter().find(|c| json.contains(&format!("\"{c}\""))) {
            return Err(format!("{context}: {v} sees {c:?}"));
        }
        for u in upgrades {
            let needle = serde_json::to_string(&u)
                .map_err(|e| format!("{context}: {u} does not serialize: {e}"))?;
            if json.contains(&needle) {
                return Err(format!("{context}: {v} sees the hidden {u}"));
            }
        }
    }
    Ok(seats)
}
