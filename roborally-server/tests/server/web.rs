//! The browser client as the server serves it: its page and files (built
//! in, so a fresh clone needs nothing else), the courses it offers, and a
//! match's picture, which comes from the setup and never tells the seed.

use crate::support::{config, create, http, http_text, start, temp_dir};
use serde_json::json;

#[tokio::test]
async fn the_client_is_served_from_the_binary() {
    let server = start("web-files").await;
    let addr = server.addr;
    let (status, page) = http_text(addr, "GET", "/", None).await;
    assert_eq!(status, 200);
    assert!(
        page.contains(r#"<script type="module" src="/web/app.js">"#),
        "{page}"
    );
    for (name, _, text) in roborally_server::web::FILES {
        let (status, body) = http_text(addr, "GET", &format!("/web/{name}"), None).await;
        assert_eq!(status, 200, "{name}");
        assert_eq!(body, text, "{name} is served as built in");
    }
    let (status, _) = http_text(addr, "GET", "/web/../Cargo.toml", None).await;
    assert_eq!(status, 404);
    let (status, _) = http_text(addr, "GET", "/web/secret.js", None).await;
    assert_eq!(status, 404);
}

#[test]
fn every_file_of_the_client_is_built_in() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../web");
    let mut on_disk: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".js") || n.ends_with(".css") || n.ends_with(".html"))
        .collect();
    on_disk.sort();
    let mut built_in: Vec<String> = roborally_server::web::FILES
        .iter()
        .map(|(n, _, _)| n.to_string())
        .collect();
    built_in.sort();
    assert_eq!(
        on_disk, built_in,
        "web/ and roborally_server::web::FILES list the same files"
    );
}

#[tokio::test]
async fn courses_and_pictures() {
    let server = start("web-pictures").await;
    let addr = server.addr;
    let (status, courses) = http(addr, "GET", "/api/courses", None).await;
    assert_eq!(status, 200);
    let list = courses["2023"].as_array().unwrap();
    assert!(list.iter().any(|c| c == "Milk Run"), "{courses}");
    assert!(list.len() > 5, "{courses}");
    for edition in roborally::Edition::playable() {
        let names: Vec<&str> = courses[edition.to_string()]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        assert_eq!(names, edition.course_names(), "{edition}");
        assert_eq!(names.is_empty(), edition == roborally::Edition::Conquest);
    }

    // The lobby's rules: each edition's switches and counts with their
    // defaults, which a match takes back as its setup.
    let (status, options) = http(addr, "GET", "/api/options", None).await;
    assert_eq!(status, 200);
    assert_eq!(
        options["2023"]["options.less_deadly"]["default"],
        json!(false),
        "{options}"
    );
    assert_eq!(
        options["conquest"]["sides"]["default"],
        json!(false),
        "{options}"
    );
    assert_eq!(
        options["conquest"]["sides"]["label"],
        json!("Sides"),
        "{options}"
    );
    assert!(
        options["conquest"]["rounds"]["default"].is_u64(),
        "{options}"
    );
    // Classic's On the Clock is described by the engine's own table.
    let clock = roborally::classic::race::SETUP_OPTIONS
        .iter()
        .find(|o| o.name == "on-the-clock")
        .unwrap();
    assert_eq!(
        options["classic"]["on_the_clock"]["about"],
        json!(clock.about),
        "{options}"
    );
    assert_eq!(
        options["classic"]["on_the_clock"]["label"],
        json!("On the clock"),
        "{options}"
    );
    assert!(options["2023"].get("course").is_none() && options["2023"].get("max_rounds").is_none());
    let (status, _) = http(
        addr,
        "POST",
        "/api/matches",
        Some(r#"{"edition":"conquest","seats":[{"bot":"greedy"},{"bot":"greedy"}],"setup":{"rounds":2}}"#),
    )
    .await;
    assert_eq!(status, 201, "a count from the list is a setup field");

    let (id, _) = create(
        addr,
        json!({"edition":"2023","course":"Milk Run","seats":[{"person":"a"},{"bot":"random"}]}),
    )
    .await;
    let (status, text) = http_text(addr, "GET", &format!("/api/matches/{id}/picture"), None).await;
    assert_eq!(status, 200, "{text}");
    let picture: serde_json::Value = serde_json::from_str(&text).unwrap();
    let board = &picture["board"];
    assert_eq!(
        board["width"].as_u64().unwrap() * board["height"].as_u64().unwrap(),
        board["cells"].as_array().unwrap().len() as u64
    );
    assert!(
        !text.contains("seed"),
        "a picture tells nothing of the game: {text}"
    );
    let (status, _) = http(
        addr,
        "GET",
        "/api/matches/000000000000000000000000/picture",
        None,
    )
    .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn the_webassembly_package_is_served_from_its_directory() {
    let pkg = temp_dir("web-pkg");
    std::fs::write(pkg.join("roborally.js"), "export const x = 1;").unwrap();
    std::fs::write(pkg.join("roborally_wasm_bg.wasm"), b"\0asm").unwrap();
    std::fs::write(pkg.join("notes.txt"), "not a package file").unwrap();
    let server = roborally_server::start(roborally_server::config::Config {
        wasm: pkg.clone(),
        ..config("web-pkg-server")
    })
    .await
    .unwrap();
    let (status, body) = http_text(server.addr, "GET", "/web/pkg/roborally.js", None).await;
    assert_eq!((status, body.as_str()), (200, "export const x = 1;"));
    let (status, _) = http_text(server.addr, "GET", "/web/pkg/roborally_wasm_bg.wasm", None).await;
    assert_eq!(status, 200);
    for refused in [
        "/web/pkg/notes.txt",
        "/web/pkg/missing.js",
        "/web/pkg/..%2Fsecret.js",
        "/web/pkg/.hidden.js",
    ] {
        let (status, _) = http_text(server.addr, "GET", refused, None).await;
        assert_eq!(status, 404, "{refused}");
    }
    // Without a package: 404, saying how to build one.
    let plain = roborally_server::start(roborally_server::config::Config {
        wasm: "/nonexistent".into(),
        ..config("web-no-pkg")
    })
    .await
    .unwrap();
    let (status, text) = http_text(plain.addr, "GET", "/web/pkg/roborally.js", None).await;
    assert_eq!(status, 404);
    assert!(text.contains("scripts/wasm-build.sh"), "{text}");
}
