//! Packaging: the licence files, the changelog and every crate's metadata
//! (description, keywords, categories, a readme that exists), and no
//! placeholder repository URL.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The workspace's crate folders, from `members` (and the root itself).
fn crate_dirs() -> Vec<PathBuf> {
    let manifest = read(&root().join("Cargo.toml"));
    let start = manifest.find("members = [").expect("a members list");
    let end = start + manifest[start..].find(']').expect("the list ends");
    let mut dirs = vec![root()];
    for part in manifest[start..end].split('"').skip(1).step_by(2) {
        dirs.push(root().join(part));
    }
    dirs
}

/// The value of `key` in the `[package]` table of a manifest.
fn package_value<'a>(manifest: &'a str, key: &str) -> Option<&'a str> {
    let package = manifest
        .split("\n[")
        .find(|t| t.starts_with("[package]") || t.starts_with("package]"))?;
    package.lines().find_map(|l| {
        let (k, v) = l.split_once('=')?;
        (k.trim() == key).then(|| v.trim())
    })
}

#[test]
fn every_crate_has_its_metadata_and_readme() {
    let dirs = crate_dirs();
    assert!(dirs.len() >= 6, "{dirs:?}");
    for dir in dirs {
        let manifest = read(&dir.join("Cargo.toml"));
        let name = package_value(&manifest, "name").expect("a name");
        for key in ["description", "keywords", "categories", "readme"] {
            let value = package_value(&manifest, key)
                .unwrap_or_else(|| panic!("{name}: no `{key}` in [package]"));
            assert!(value.len() > 4, "{name}: `{key}` is empty");
        }
        let keywords = package_value(&manifest, "keywords").unwrap_or_default();
        let count = keywords.matches('"').count() / 2;
        assert!((1..=5).contains(&count), "{name}: 1 to 5 keywords");
        let readme = package_value(&manifest, "readme")
            .unwrap_or_default()
            .trim_matches('"');
        let text = read(&dir.join(readme));
        assert!(text.starts_with("# "), "{name}: the readme has a title");
        assert_eq!(
            package_value(&manifest, "license.workspace"),
            Some("true"),
            "{name}: the workspace licence"
        );
        assert!(
            !manifest.contains("repository"),
            "{name}: no repository until there is a public one"
        );
    }
    let workspace = read(&root().join("Cargo.toml"));
    assert!(workspace.contains("license = \"MIT OR Apache-2.0\""));
    assert!(!workspace.contains("example.invalid"));
}

#[test]
fn the_licences_and_the_changelog_are_there() {
    let mit = read(&root().join("LICENSE-MIT"));
    assert!(mit.starts_with("MIT License"));
    assert!(mit.contains("WITHOUT WARRANTY OF ANY KIND"));
    let apache = read(&root().join("LICENSE-APACHE"));
    assert!(apache.contains("Apache License"));
    assert!(apache.contains("Version 2.0, January 2004"));
    let changelog = read(&root().join("CHANGELOG.md"));
    assert!(changelog.starts_with("# Changelog"));
    assert!(changelog.contains("## Unreleased"));
    let readme = read(&root().join("README.md"));
    assert!(readme.contains("LICENSE-MIT") && readme.contains("LICENSE-APACHE"));
}
