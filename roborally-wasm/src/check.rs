//! An answer checked in the browser before it is sent to the server,
//! which stays the authority: against what the seat is asked (an answer
//! the state frame lists must be one of them) and, for a whole program
//! (too many to list), against the seat's own view with the race kit's
//! program check ([`ProgramCheck`]), the editions' own messages. What the
//! view does not show (upgrades held, cards that must be programmed) is
//! left to the server.

use crate::error::Error;
use roborally::any::AnyView;
use roborally::core::race::program::ProgramCheck;
use roborally::frame::Asked;
use roborally::{transformers, v2023, AnyAction};

/// Checks `action` (JSON) against `view` (the seat's, JSON) and `asked`
/// (the state frame's `asked`, JSON).
///
/// ```
/// use roborally_wasm::{check_action, Session};
/// let mut game = Session::create("2023", r#"{"players": 2}"#, 1).unwrap();
/// let frame: serde_json::Value = serde_json::from_str(&game.state(Some(0))).unwrap();
/// let (view, asked) = (frame["view"].to_string(), frame["asked"].to_string());
/// let legal = frame["asked"]["legal"][0].to_string();
/// assert!(check_action(&view, &asked, &legal).is_ok());
/// let err = check_action(&view, &asked, r#"{"2023": {"ChooseStart": {"x": 99, "y": 0}}}"#).unwrap_err();
/// assert!(err.to_string().contains("not one of the answers"), "{err}");
/// ```
///
/// # Errors
/// [`Error::Refused`] with the reason, or JSON that does not read.
pub fn check_action(view: &str, asked: &str, action: &str) -> Result<(), Error> {
    let view: AnyView = serde_json::from_str(view).map_err(|e| Error::json("a view", &e))?;
    let asked: Asked = serde_json::from_str(asked).map_err(|e| Error::json("a question", &e))?;
    let action: AnyAction =
        serde_json::from_str(action).map_err(|e| Error::json("an action", &e))?;
    if let Some(legal) = &asked.legal {
        if !legal.contains(&action) {
            return Err(Error::Refused(
                "this answer is not one of the answers the game lists".to_string(),
            ));
        }
    }
    match (&view, &action) {
        (AnyView::V2023(view), AnyAction::V2023(v2023::Action::Program(program))) => {
            program_2023(view, program)
        }
        (
            AnyView::Transformers(view),
            AnyAction::Transformers(transformers::Action::Plan(plan)),
        ) => plan_transformers(view, plan),
        _ => Ok(()),
    }
}

/// A 2023 program against the hand and the registers already filled.
fn program_2023(view: &v2023::View, program: &v2023::Program) -> Result<(), Error> {
    let hand: Vec<v2023::CardId> = view.hand.iter().map(|c| c.id).collect();
    let me = view.robots.get(view.you.index());
    let fixed: [bool; 5] = std::array::from_fn(|r| {
        me.and_then(|m| m.registers.get(r))
            .is_some_and(|reg| !reg.cards.is_empty() || reg.under.is_some())
    });
    let refused = |e| Error::Refused(v2023::Reason::from(e).to_string());
    let mut check = ProgramCheck::new(&hand, &fixed);
    for (r, slot) in program.registers.iter().enumerate() {
        let cards: Vec<v2023::CardId> = match *slot {
            v2023::Slot::Empty => Vec::new(),
            v2023::Slot::Card(c) => vec![c],
            v2023::Slot::Crab { rotate, move1 } => vec![rotate, move1],
        };
        check.register(r, &cards).map_err(refused)?;
    }
    let cards: Vec<v2023::CardId> = program.cards().collect();
    check.finish(cards, &[]).map_err(refused)
}

/// A Transformers plan against the hand.
fn plan_transformers(view: &transformers::View, plan: &transformers::Program) -> Result<(), Error> {
    let hand: Vec<_> = view.hand.iter().map(|c| c.id).collect();
    let fixed = [false; 5];
    let refused = |e: roborally::core::race::program::SlotError<_>| {
        Error::Refused(transformers::actions::PlanError::Slots(e.to_string()).to_string())
    };
    let mut check = ProgramCheck::new(&hand, &fixed);
    for (r, slot) in plan.registers.iter().enumerate() {
        let cards: Vec<_> = slot.card().into_iter().collect();
        check.register(r, &cards).map_err(refused)?;
    }
    check
        .finish(plan.registers.iter().filter_map(|s| s.card()), &[])
        .map_err(refused)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bot, Session};
    use roborally::core::{Game, PlayerId};

    /// A 2023 game at its first programming, seat 0's view and question.
    fn programming() -> (Session, serde_json::Value) {
        let mut game = Session::create("2023", r#"{"players": 2}"#, 4).unwrap();
        let mut bots = [0, 1].map(|s| Bot::new("2023", "random", s).unwrap());
        loop {
            let frame: serde_json::Value = serde_json::from_str(&game.state(Some(0))).unwrap();
            if frame["asked"]["decision"]["2023"] == "Program" {
                return (game, frame);
            }
            let seat = game.waiting()[0];
            let action = bots[seat as usize].choose(&game, seat).unwrap();
            game.apply(seat, &action, None).unwrap();
        }
    }

    #[test]
    fn a_program_is_checked_against_the_hand_with_the_engines_message() {
        let (game, frame) = programming();
        let (view, asked) = (frame["view"].to_string(), frame["asked"].to_string());
        // A suggested program (the suggestion may be to shut down instead).
        let mut game = game;
        let good = (0..100)
            .map(|_| serde_json::from_str::<serde_json::Value>(&game.state(Some(0))).unwrap())
            .map(|f| f["asked"]["suggestion"].clone())
            .find(|s| s["2023"]["Program"].is_object())
            .unwrap()
            .to_string();
        assert_eq!(check_action(&view, &asked, &good), Ok(()));
        // A card of the other seat's hand: the engine refuses it the same way.
        let theirs: serde_json::Value = serde_json::from_str(&game.view(Some(1))).unwrap();
        let other = theirs["2023"]["hand"][0]["id"].clone();
        let mut bad: serde_json::Value = serde_json::from_str(&good).unwrap();
        bad["2023"]["Program"]["registers"][0] = serde_json::json!({ "Card": other });
        let err = check_action(&view, &asked, &bad.to_string()).unwrap_err();
        let engine = game
            .game()
            .clone()
            .apply(PlayerId(0), serde_json::from_value(bad.clone()).unwrap())
            .unwrap_err();
        assert_eq!(err.to_string(), engine.to_string());
        // The same card twice.
        let mut twice: serde_json::Value = serde_json::from_str(&good).unwrap();
        twice["2023"]["Program"]["registers"][1] = twice["2023"]["Program"]["registers"][0].clone();
        let err = check_action(&view, &asked, &twice.to_string()).unwrap_err();
        let engine = game
            .game()
            .clone()
            .apply(PlayerId(0), serde_json::from_value(twice).unwrap())
            .unwrap_err();
        assert_eq!(err.to_string(), engine.to_string());
    }
}
