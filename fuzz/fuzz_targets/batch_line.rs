//! A batch job line, read as the batch runner reads it and played (the
//! game kept short: at most 3 rounds, random bots in place of the
//! planner, so that a line costs milliseconds).
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|bytes: &[u8]| {
    let Ok(line) = std::str::from_utf8(bytes) else {
        return;
    };
    let _ = serde_json::from_str::<roborally::batch::Job>(line);
    let Ok(Value::Object(mut job)) = serde_json::from_str::<Value>(line) else {
        let _ = roborally::batch::run_job(line);
        return;
    };
    let rounds = job.get("max_rounds").and_then(Value::as_u64).unwrap_or(3);
    if rounds > 3 || !job.contains_key("max_rounds") {
        job.insert("max_rounds".into(), Value::from(rounds.min(3)));
    }
    if let Some(Value::Array(policies)) = job.get_mut("policies") {
        for p in policies.iter_mut() {
            if p.as_str()
                .is_some_and(|s| s.eq_ignore_ascii_case("planner"))
            {
                *p = Value::from("random");
            }
        }
    }
    let line = Value::Object(job).to_string();
    if let Ok(result) = roborally::batch::run_job(&line) {
        let _: Value = serde_json::from_str(result.get()).expect("a result line is JSON");
    }
});
