//! `docs/server-protocol.md` shows real messages: every JSON example
//! reads as JSON, and every complete one (without `...`) as one of the
//! protocol's types.

use roborally::core::protocol::Replay;
use roborally::AnyGame;
use roborally_server::api::{
    ApiErrorBody, CreateMatch, Created, HandToBot, Join, Leave, MatchInfo, SeatToken,
};
use roborally_server::protocol::{ClientMessage, ServerMessage};
use serde::de::DeserializeOwned;

fn reads_as<T: DeserializeOwned>(text: &str) -> bool {
    serde_json::from_str::<T>(text).is_ok()
}

#[test]
fn every_example_of_the_protocol_document_is_a_real_message() {
    let doc = include_str!("../../../docs/server-protocol.md");
    let mut examples = 0;
    let mut complete = 0;
    for block in doc.split("```json\n").skip(1) {
        let text = block.split("```").next().unwrap();
        let value: serde_json::Value =
            serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"));
        examples += 1;
        if text.contains("...") {
            continue;
        }
        complete += 1;
        let known = reads_as::<ClientMessage>(text)
            || reads_as::<ServerMessage>(text)
            || reads_as::<CreateMatch>(text)
            || reads_as::<Created>(text)
            || reads_as::<MatchInfo>(text)
            || reads_as::<Join>(text)
            || reads_as::<SeatToken>(text)
            || reads_as::<Leave>(text)
            || reads_as::<HandToBot>(text)
            || reads_as::<ApiErrorBody>(text)
            || reads_as::<Replay<AnyGame>>(text);
        assert!(known, "not a message of the protocol: {value}");
    }
    assert!(
        examples >= 25 && complete >= 20,
        "{examples} examples, {complete} complete"
    );
}
