//! JSON helpers of scenario files: errors with line and column, and
//! reports written with short lists on one line.

use super::ScenarioError;

/// Pretty JSON with every list that holds no object written on one line.
pub(super) fn compact_lists(pretty: &str) -> String {
    let mut lines: Vec<String> = pretty.lines().map(str::to_string).collect();
    loop {
        let mut changed = false;
        let mut out: Vec<String> = Vec::with_capacity(lines.len());
        let mut i = 0;
        while i < lines.len() {
            let line = &lines[i];
            if line.ends_with('[') {
                let mut j = i + 1;
                let mut items = Vec::new();
                while j < lines.len() {
                    let t = lines[j].trim();
                    if t == "]" || t == "]," {
                        break;
                    }
                    let simple = !t.starts_with('{')
                        && !t.ends_with('{')
                        && !t.ends_with('[')
                        && (!t.starts_with('[') || t.ends_with(']') || t.ends_with("],"));
                    if !simple {
                        break;
                    }
                    items.push(t.trim_end_matches(',').to_string());
                    j += 1;
                }
                if j < lines.len() && j > i + 1 && matches!(lines[j].trim(), "]" | "],") {
                    let close = lines[j].trim().trim_start_matches(']');
                    out.push(format!("{}{}]{close}", line, items.join(", ")));
                    i = j + 1;
                    changed = true;
                    continue;
                }
            }
            out.push(line.clone());
            i += 1;
        }
        lines = out;
        if !changed {
            break;
        }
    }
    let mut s = lines.join("\n");
    s.push('\n');
    s
}

pub(super) fn json_error(path: &str, e: &serde_json::Error) -> ScenarioError {
    let message = e.to_string();
    // serde_json ends its message with " at line L column C"; say it once.
    let message = match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message,
    };
    ScenarioError::Json {
        path: path.to_string(),
        line: e.line(),
        column: e.column(),
        message,
    }
}
