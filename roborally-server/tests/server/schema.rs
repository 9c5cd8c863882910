//! The checked-in JSON Schema and TypeScript definitions are what the
//! Rust types generate now, and real messages fit the schema's shape.

use roborally_server::schema::{json_schema, json_text, typescript};
use serde_json::{json, Value};
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

/// Whether `value` fits `schema` (the keywords the generated schema
/// uses; `format` and `pattern` are not checked). `root` resolves `$ref`.
fn fits(value: &Value, schema: &Value, root: &Value) -> bool {
    let Some(s) = schema.as_object() else {
        return schema != &Value::Bool(false);
    };
    if let Some(r) = s.get("$ref").and_then(Value::as_str) {
        let name = r.trim_start_matches("#/$defs/");
        if !fits(value, &root["$defs"][name], root) {
            return false;
        }
    }
    if s.get("const").is_some_and(|c| c != value) {
        return false;
    }
    if let Some(e) = s.get("enum").and_then(Value::as_array) {
        if !e.contains(value) {
            return false;
        }
    }
    if let Some(t) = s.get("type") {
        let types: Vec<&str> = match t {
            Value::String(t) => vec![t.as_str()],
            Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
            _ => vec![],
        };
        if !types.iter().any(|t| is_type(value, t)) {
            return false;
        }
    }
    if let (Some(min), Some(n)) = (s.get("minimum").and_then(Value::as_f64), value.as_f64()) {
        if n < min {
            return false;
        }
    }
    if let (Some(max), Some(n)) = (s.get("maximum").and_then(Value::as_f64), value.as_f64()) {
        if n > max {
            return false;
        }
    }
    if let Some(obj) = value.as_object() {
        let props = s.get("properties").and_then(Value::as_object);
        if let Some(req) = s.get("required").and_then(Value::as_array) {
            if !req
                .iter()
                .filter_map(Value::as_str)
                .all(|k| obj.contains_key(k))
            {
                return false;
            }
        }
        for (k, v) in obj {
            match props.and_then(|p| p.get(k)) {
                Some(ps) => {
                    if !fits(v, ps, root) {
                        return false;
                    }
                }
                None => {
                    if let Some(extra) = s.get("additionalProperties") {
                        if !fits(v, extra, root) {
                            return false;
                        }
                    }
                }
            }
        }
    }
    if let Some(list) = value.as_array() {
        let len = list.len() as u64;
        if s.get("minItems")
            .and_then(Value::as_u64)
            .is_some_and(|m| len < m)
            || s.get("maxItems")
                .and_then(Value::as_u64)
                .is_some_and(|m| len > m)
        {
            return false;
        }
        let tuple = s.get("prefixItems").and_then(Value::as_array);
        for (i, item) in list.iter().enumerate() {
            let item_schema = match tuple.and_then(|t| t.get(i)) {
                Some(t) => Some(t),
                None => s.get("items"),
            };
            if item_schema.is_some_and(|is| !fits(item, is, root)) {
                return false;
            }
        }
    }
    if let Some(all) = s.get("allOf").and_then(Value::as_array) {
        if !all.iter().all(|x| fits(value, x, root)) {
            return false;
        }
    }
    if let Some(any) = s.get("anyOf").and_then(Value::as_array) {
        if !any.iter().any(|x| fits(value, x, root)) {
            return false;
        }
    }
    if let Some(one) = s.get("oneOf").and_then(Value::as_array) {
        if one.iter().filter(|x| fits(value, x, root)).count() != 1 {
            return false;
        }
    }
    true
}

fn is_type(v: &Value, t: &str) -> bool {
    match t {
        "null" => v.is_null(),
        "boolean" => v.is_boolean(),
        "string" => v.is_string(),
        "integer" => v.is_i64() || v.is_u64(),
        "number" => v.is_number(),
        "array" => v.is_array(),
        "object" => v.is_object(),
        _ => false,
    }
}

fn def(root: &Value, name: &str) -> Value {
    root["$defs"][name].clone()
}

/// Every complete example of docs/server-protocol.md (real frames of a
/// 2023 race and a conquest match, and every lobby body) fits the schema,
/// and messages the server refuses do not.
#[test]
fn the_protocol_documents_examples_fit_the_schema() {
    let root = json_schema();
    let doc = include_str!("../../../docs/server-protocol.md");
    let mut checked = 0;
    for block in doc.split("```json\n").skip(1) {
        let text = block.split("```").next().unwrap();
        if text.contains("...") {
            continue;
        }
        let value: Value = serde_json::from_str(text).unwrap();
        assert!(
            fits(&value, &root, &root),
            "does not fit the schema: {value}"
        );
        checked += 1;
    }
    assert!(checked >= 20, "{checked} examples");
    let client = def(&root, "ClientMessage");
    for good in [
        json!({"type": "hello", "token": "00ff", "since": 3}),
        json!({"type": "hello"}),
        json!({"type": "ping"}),
        json!({"type": "action", "action": {"conquest": "transform"}}),
    ] {
        assert!(fits(&good, &client, &root), "refused: {good}");
    }
    for bad in [
        json!({"type": "hullo"}),
        json!({"type": "hello", "token": 7}),
        json!({"type": "action"}),
        json!({"type": "action", "action": {"2024": "pass"}}),
        json!({"type": "ping", "extra": 1}),
    ] {
        assert!(!fits(&bad, &client, &root), "accepted: {bad}");
    }
    let create = def(&root, "CreateMatch");
    assert!(fits(
        &json!({"edition":"2023","course":"Milk Run","seats":[{"person":"seat 1"},{"bot":"planner"}]}),
        &create,
        &root
    ));
    assert!(!fits(
        &json!({"edition":"2023","seats":[{"robot":"x"}]}),
        &create,
        &root
    ));
}
