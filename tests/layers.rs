#![cfg(not(target_arch = "wasm32"))]
//! The layers, checked from the sources: each crate's manifest names only the crates below it
//! (Cargo then refuses any import against the direction), and inside each crate no two of its
//! top-level modules (`game`, `pgn`, `explain`, `search`, `eval`, ...; in the adapter `chess`,
//! `clock`, `error`, ...) import each other, directly or through others.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The `rocada-*` crates a manifest depends on (normal dependencies only).
fn rocada_deps(manifest: &str) -> BTreeSet<String> {
    let text = fs::read_to_string(Path::new(ROOT).join(manifest)).unwrap();
    let mut deps = BTreeSet::new();
    let mut section = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            section = line.to_owned();
            continue;
        }
        if section == "[dependencies]" {
            if let Some(name) = line.split([' ', '=']).next().filter(|n| n.starts_with("rocada")) {
                deps.insert(name.to_owned());
            }
        }
    }
    deps
}

#[test]
fn each_crate_knows_only_the_layers_below() {
    let set = |names: &[&str]| names.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(rocada_deps("src/rules/Cargo.toml"), set(&[]), "the rules know no other layer");
    assert_eq!(rocada_deps("src/game/Cargo.toml"), set(&["rocada-rules"]), "the game layer knows the rules only");
    assert_eq!(rocada_deps("src/engine/Cargo.toml"), set(&["rocada-rules"]), "the engine knows the rules only");
    assert_eq!(rocada_deps("Cargo.toml"), set(&["rocada-engine", "rocada-game", "rocada-rules"]), "the adapter knows them all");
}

/// The names of a manifest's normal dependencies (any crate).
fn all_deps(manifest: &str) -> BTreeSet<String> {
    let text = fs::read_to_string(Path::new(ROOT).join(manifest)).unwrap();
    let mut deps = BTreeSet::new();
    let mut normal = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            normal = line == "[dependencies]" || (line.starts_with("[target.") && line.ends_with(".dependencies]"));
        } else if normal {
            if let Some(name) = line.split([' ', '=']).next().filter(|n| !n.is_empty() && !n.starts_with('#')) {
                deps.insert(name.to_owned());
            }
        }
    }
    deps
}

#[test]
fn test_code_is_never_shipped() {
    for manifest in ["Cargo.toml", "src/rules/Cargo.toml", "src/game/Cargo.toml", "src/engine/Cargo.toml"] {
        let deps = all_deps(manifest);
        assert!(!deps.is_empty(), "{manifest}: no dependency read (is the parser blind?)");
        for test_only in ["rocada-testkit", "shakmaty", "proptest", "rand"] {
            assert!(!deps.contains(test_only), "{manifest} ships {test_only}");
        }
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file of `src` belongs to (`search/negamax.rs` -> `search`).
fn top_module(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).ok()?;
    let first = rel.components().next()?.as_os_str().to_str()?.trim_end_matches(".rs").to_owned();
    (first != "lib" && first != "main" && first != "bin").then_some(first)
}

/// Edges `a -> b` where a file of top-level module `a` names `crate::b` (outside comments).
fn module_graph(src: &Path, skip: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut modules = BTreeSet::new();
    for f in &files {
        if let Some(m) = top_module(src, f) {
            modules.insert(m);
        }
    }
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in &files {
        if skip.iter().any(|s| f.starts_with(src.join(s))) {
            continue;
        }
        let Some(from) = top_module(src, f) else { continue };
        let text = fs::read_to_string(f).unwrap();
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            let mut rest = code;
            while let Some(i) = rest.find("crate::") {
                rest = &rest[i + 7..];
                let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                if name != from && modules.contains(&name) {
                    graph.entry(from.clone()).or_default().insert(name);
                }
            }
        }
    }
    graph
}

/// A cycle in `graph`, if any, as the list of modules along it.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_owned(), 1);
        stack.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            match state.get(next.as_str()) {
                Some(1) => {
                    let start = stack.iter().position(|n| n == next).unwrap();
                    let mut cycle = stack[start..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Some(_) => {}
                None => {
                    if let Some(c) = visit(next, graph, state, stack) {
                        return Some(c);
                    }
                }
            }
        }
        stack.pop();
        state.insert(node.to_owned(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        if !state.contains_key(node.as_str()) {
            if let Some(c) = visit(node, graph, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn no_import_cycle_between_top_level_modules() {
    for src in ["src/rules/src", "src/game/src", "src/engine/src"] {
        let graph = module_graph(&Path::new(ROOT).join(src), &[]);
        assert!(!graph.is_empty() || src.contains("rules"), "{src}: no edge found (is the parser blind?)");
        if let Some(cycle) = find_cycle(&graph) {
            panic!("{src}: import cycle {}", cycle.join(" -> "));
        }
    }
    // Inside a folder the files are the concepts (iterative deepening, levels, the move
    // picker, ...): no cycle between them either.
    for dir in ["src/engine/src/search", "src/engine/src/eval", "src/game/src/game", "src/game/src/pgn", "src/game/src/clock"] {
        if let Some(cycle) = find_cycle(&file_graph(&Path::new(ROOT).join(dir))) {
            panic!("{dir}: import cycle {}", cycle.join(" -> "));
        }
    }
}

/// Edges between the files of one folder: `a.rs` naming `super::b` (`mod.rs` is the folder
/// itself and may name its children).
fn file_graph(dir: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let stems: BTreeSet<String> =
        fs::read_dir(dir).unwrap().filter_map(|e| e.ok()?.path().file_stem()?.to_str().map(str::to_owned)).filter(|s| s != "mod").collect();
    for stem in &stems {
        let Ok(text) = fs::read_to_string(dir.join(format!("{stem}.rs"))) else { continue };
        for line in text.lines() {
            let mut rest = line.split("//").next().unwrap_or("");
            while let Some(i) = rest.find("super::") {
                rest = &rest[i + 7..];
                let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                if &name != stem && stems.contains(&name) {
                    graph.entry(stem.clone()).or_default().insert(name);
                }
            }
        }
    }
    graph
}

#[test]
fn the_cycle_finder_finds_cycles() {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    g.entry("a".into()).or_default().insert("b".into());
    g.entry("b".into()).or_default().insert("c".into());
    assert_eq!(find_cycle(&g), None);
    g.entry("c".into()).or_default().insert("a".into());
    assert_eq!(find_cycle(&g), Some(vec!["a".into(), "b".into(), "c".into(), "a".into()]));
}
