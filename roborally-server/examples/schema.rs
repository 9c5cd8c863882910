//! Writes the protocol's JSON Schema and TypeScript definitions into
//! `docs/protocol/` (a test checks they are current).
//!
//! ```text
//! cargo run -p roborally-server --example schema
//! ```

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/protocol");
    let schema = roborally_server::schema::json_schema();
    let files = [
        (
            "roborally.schema.json",
            roborally_server::schema::json_text(&schema),
        ),
        (
            "roborally.d.ts",
            roborally_server::schema::typescript(&schema),
        ),
    ];
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("schema: {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    for (name, text) in files {
        let path = dir.join(name);
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("schema: {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        println!("wrote {}", path.display());
    }
    ExitCode::SUCCESS
}
