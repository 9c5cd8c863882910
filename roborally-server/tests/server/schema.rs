//! The checked-in JSON Schema and TypeScript definitions are what the
//! Rust types generate now, and real messages fit the schema's shape.

use roborally_server::schema::{json_schema, json_text, typescript};
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/protocol")
}

#[test]
fn the_checked_in_schema_and_typescript_are_current() {
    let schema = json_schema();
    let files = [
        ("roborally.schema.json", json_text(&schema)),
        ("roborally.d.ts", typescript(&schema)),
    ];
    let bless = std::env::var_os("ROBORALLY_BLESS").is_some();
    for (name, now) in files {
        let path = dir().join(name);
        if bless {
            std::fs::create_dir_all(dir()).unwrap();
            std::fs::write(&path, &now).unwrap();
            continue;
        }
        let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            checked_in == now,
            "{} is not what the Rust types generate: run `cargo run -p roborally-server --example schema` \
             (or ROBORALLY_BLESS=1 cargo test -p roborally-server --test server schema) and commit it",
            path.display()
        );
    }
}

#[test]
fn every_edition_and_message_is_in_the_schema() {
    let schema = json_schema();
    let defs = schema["$defs"].as_object().unwrap();
    for name in [
        "ClientMessage",
        "ServerMessage",
        "StateFrame",
        "CreateMatch",
        "Created",
        "MatchInfo",
        "Replay",
        "AnyAction",
        "AnyView",
        "AnyEvent",
        "AnyDecision",
        "AnyOutcome",
    ] {
        assert!(defs.contains_key(name), "{name} missing");
    }
    // Every playable edition is a branch of the Any* types.
    let text = serde_json::to_string(&defs["AnyView"]).unwrap();
    for edition in roborally::Edition::ALL
        .into_iter()
        .filter(|e| e.is_playable())
    {
        assert!(
            text.contains(&format!("\"{edition}\"")),
            "{edition}: {text}"
        );
    }
    // No two Rust types share a name in it (schemars would number them).
    for name in defs.keys() {
        assert!(
            !name.ends_with(|c: char| c.is_ascii_digit()) || name == "V2023",
            "a numbered definition: {name}"
        );
    }
    let ts = typescript(&schema);
    assert!(ts.contains("export type ClientMessage ="));
    assert!(ts.contains("export type AnyView ="));
}
