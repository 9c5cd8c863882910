//! The protocol as a JSON Schema and as TypeScript definitions, both
//! generated from the Rust types: the messages of the WebSocket, the
//! bodies of the lobby, and through them the setups, actions, decisions,
//! events, views and outcomes of every playable edition (the facade's
//! `Any*` types with their edition types, derived with `schemars` behind
//! the engines' `schema` feature).
//!
//! The TypeScript is written from the schema (one source, so the two
//! cannot disagree): each definition becomes an exported type. Checked in
//! as `docs/protocol/roborally.schema.json` and
//! `docs/protocol/roborally.d.ts`; a test fails when they are not current
//! (`ROBORALLY_BLESS=1 cargo test -p roborally-server --test server schema`
//! rewrites them, as does `cargo run -p roborally-server --example schema`).
//!
//! ```
//! let schema = roborally_server::schema::json_schema();
//! assert!(schema["$defs"]["ClientMessage"].is_object());
//! let ts = roborally_server::schema::typescript(&schema);
//! assert!(ts.contains("export type ServerMessage ="));
//! ```

use crate::api::{
    ApiErrorBody, CreateMatch, Created, EditionInfo, HandToBot, Join, Leave, MatchInfo, SeatToken,
};
use crate::protocol::{ClientMessage, ServerMessage};
use crate::replay::ReplayJson;
use schemars::generate::SchemaSettings;
use serde_json::{Map, Value};
use std::fmt::Write as _;

/// The JSON Schema (draft 2020-12) of every message and body: each one a
/// definition under `$defs`, the root accepting any client message.
#[must_use]
pub fn json_schema() -> Value {
    let mut generator = SchemaSettings::draft2020_12().into_generator();
    let roots = [
        ("ClientMessage", generator.subschema_for::<ClientMessage>()),
        ("ServerMessage", generator.subschema_for::<ServerMessage>()),
        ("CreateMatch", generator.subschema_for::<CreateMatch>()),
        ("Created", generator.subschema_for::<Created>()),
        ("Join", generator.subschema_for::<Join>()),
        ("SeatToken", generator.subschema_for::<SeatToken>()),
        ("Leave", generator.subschema_for::<Leave>()),
        ("HandToBot", generator.subschema_for::<HandToBot>()),
        ("MatchInfo", generator.subschema_for::<MatchInfo>()),
        ("ApiErrorBody", generator.subschema_for::<ApiErrorBody>()),
        ("EditionInfo", generator.subschema_for::<EditionInfo>()),
        ("Replay", generator.subschema_for::<ReplayJson<'static>>()),
    ];
    let defs: Map<String, Value> = generator.take_definitions(true).into_iter().collect();
    let mut sorted: Vec<(String, Value)> = defs.into_iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let mut root = Map::new();
    root.insert(
        "$schema".into(),
        "https://json-schema.org/draft/2020-12/schema".into(),
    );
    root.insert("title".into(), "roborally server protocol".into());
    root.insert(
        "description".into(),
        "Every message of the WebSocket and every body of the lobby; validate a message \
         against its definition, e.g. #/$defs/ClientMessage. Generated from the Rust types."
            .into(),
    );
    root.insert(
        "anyOf".into(),
        Value::Array(roots.iter().map(|(_, s)| s.clone().to_value()).collect()),
    );
    root.insert("$defs".into(), Value::Object(sorted.into_iter().collect()));
    Value::Object(root)
}

/// The schema as checked in: pretty JSON with a final newline.
#[must_use]
pub fn json_text(schema: &Value) -> String {
    let mut text = serde_json::to_string_pretty(schema).unwrap_or_default();
    text.push('\n');
    text
}

/// TypeScript definitions of every definition of `schema` (as
/// [`json_schema`] makes it).
#[must_use]
pub fn typescript(schema: &Value) -> String {
    let mut out = String::from(
        "// The roborally server protocol: every message, lobby body, and the\n\
         // setups, actions, decisions, events, views and outcomes of every edition.\n\
         // Generated from the Rust types (via roborally.schema.json): do not edit.\n",
    );
    let empty = Map::new();
    let defs = schema["$defs"].as_object().unwrap_or(&empty);
    for (name, def) in defs {
        out.push('\n');
        doc(&mut out, def, "");
        let _ = writeln!(out, "export type {name} = {};", ts(def, ""));
    }
    out
}

/// A JSDoc comment from a schema's description.
fn doc(out: &mut String, schema: &Value, indent: &str) {
    let Some(d) = schema.get("description").and_then(Value::as_str) else {
        return;
    };
    let lines: Vec<&str> = d.lines().collect();
    if lines.len() == 1 {
        let _ = writeln!(out, "{indent}/** {} */", lines[0].replace("*/", "* /"));
        return;
    }
    let _ = writeln!(out, "{indent}/**");
    for l in lines {
        let l = l.replace("*/", "* /");
        if l.is_empty() {
            let _ = writeln!(out, "{indent} *");
        } else {
            let _ = writeln!(out, "{indent} * {l}");
        }
    }
    let _ = writeln!(out, "{indent} */");
}

/// A property name, quoted unless it is an identifier.
fn key(k: &str) -> String {
    let ident = k
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && k.chars().all(|c| c.is_alphanumeric() || c == '_');
    if ident {
        k.to_string()
    } else {
        Value::String(k.to_string()).to_string()
    }
}

fn union(parts: Vec<String>) -> String {
    let mut seen: Vec<String> = Vec::new();
    for p in parts {
        if !seen.contains(&p) {
            seen.push(p);
        }
    }
    match seen.len() {
        0 => "never".into(),
        1 => seen.remove(0),
        _ => seen
            .iter()
            .map(|p| {
                if p.contains(" & ") {
                    format!("({p})")
                } else {
                    p.clone()
                }
            })
            .collect::<Vec<_>>()
            .join(" | "),
    }
}

/// The TypeScript type of one schema.
fn ts(schema: &Value, indent: &str) -> String {
    let Some(obj) = schema.as_object() else {
        // `true` accepts anything, `false` nothing.
        return if schema == &Value::Bool(false) {
            "never".into()
        } else {
            "unknown".into()
        };
    };
    if let Some(r) = obj.get("$ref").and_then(Value::as_str) {
        return r.rsplit('/').next().unwrap_or("unknown").to_string();
    }
    if let Some(c) = obj.get("const") {
        return c.to_string();
    }
    if let Some(e) = obj.get("enum").and_then(Value::as_array) {
        return union(e.iter().map(Value::to_string).collect());
    }
    let mut parts = Vec::new();
    for k in ["oneOf", "anyOf"] {
        if let Some(list) = obj.get(k).and_then(Value::as_array) {
            parts.push(union(list.iter().map(|s| ts(s, indent)).collect()));
        }
    }
    if let Some(list) = obj.get("allOf").and_then(Value::as_array) {
        parts.extend(list.iter().map(|s| ts(s, indent)));
    }
    let own = match obj.get("type") {
        Some(Value::String(t)) => Some(of_type(t, obj, indent)),
        Some(Value::Array(types)) => Some(union(
            types
                .iter()
                .filter_map(Value::as_str)
                .map(|t| of_type(t, obj, indent))
                .collect(),
        )),
        _ if obj.contains_key("properties") => Some(of_type("object", obj, indent)),
        _ => None,
    };
    if let Some(own) = own {
        parts.insert(0, own);
    }
    match parts.len() {
        0 => "unknown".into(),
        1 => parts.remove(0),
        _ => parts
            .iter()
            .map(|p| {
                if p.contains(" | ") {
                    format!("({p})")
                } else {
                    p.clone()
                }
            })
            .collect::<Vec<_>>()
            .join(" & "),
    }
}

fn of_type(t: &str, obj: &Map<String, Value>, indent: &str) -> String {
    match t {
        "string" => "string".into(),
        "integer" | "number" => "number".into(),
        "boolean" => "boolean".into(),
        "null" => "null".into(),
        "array" => {
            if let Some(tuple) = obj.get("prefixItems").and_then(Value::as_array) {
                let items: Vec<String> = tuple.iter().map(|s| ts(s, indent)).collect();
                return format!("[{}]", items.join(", "));
            }
            match obj.get("items") {
                Some(items) => {
                    let item = ts(items, indent);
                    if item.contains(' ') {
                        format!("({item})[]")
                    } else {
                        format!("{item}[]")
                    }
                }
                None => "unknown[]".into(),
            }
        }
        _ => object(obj, indent),
    }
}

fn object(obj: &Map<String, Value>, indent: &str) -> String {
    let required: Vec<&str> = obj
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let props = obj.get("properties").and_then(Value::as_object);
    let extra = obj.get("additionalProperties");
    let inner = format!("{indent}  ");
    let mut out = String::new();
    if let Some(props) = props.filter(|p| !p.is_empty()) {
        out.push_str("{\n");
        for (k, v) in props {
            doc(&mut out, v, &inner);
            let optional = if required.contains(&k.as_str()) {
                ""
            } else {
                "?"
            };
            let _ = writeln!(out, "{inner}{}{optional}: {};", key(k), ts(v, &inner));
        }
        if let Some(extra) = extra.filter(|e| e.is_object()) {
            let _ = writeln!(out, "{inner}[key: string]: {};", ts(extra, &inner));
        }
        let _ = write!(out, "{indent}}}");
        return out;
    }
    match extra {
        Some(Value::Bool(false)) => "Record<string, never>".into(),
        Some(e) if e.is_object() => format!("{{ [key: string]: {} }}", ts(e, indent)),
        _ => "{ [key: string]: unknown }".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn schemas_become_typescript() {
        let s = json!({"$defs": {
            "A": {"description": "An a.", "oneOf": [
                {"type": "string", "enum": ["X", "Y"]},
                {"type": "object", "properties": {"Z": {"type": ["integer", "null"]}},
                 "required": ["Z"], "additionalProperties": false}
            ]},
            "B": {"type": "object", "properties": {
                "2023": {"$ref": "#/$defs/A"},
                "list": {"type": "array", "items": {"anyOf": [{"$ref": "#/$defs/A"}, {"type": "null"}]}},
                "pair": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}]},
                "map": {"type": "object", "additionalProperties": {"type": "boolean"}}
            }, "required": ["2023"]},
            "C": {"const": "c"}
        }});
        let out = typescript(&s);
        assert!(
            out.contains(
                "/** An a. */\nexport type A = \"X\" | \"Y\" | {\n  Z: number | null;\n};"
            ),
            "{out}"
        );
        assert!(out.contains("  \"2023\": A;\n"), "{out}");
        assert!(out.contains("  list?: (A | null)[];\n"), "{out}");
        assert!(out.contains("  pair?: [number, string];\n"), "{out}");
        assert!(
            out.contains("  map?: { [key: string]: boolean };\n"),
            "{out}"
        );
        assert!(out.contains("export type C = \"c\";"), "{out}");
    }
}
