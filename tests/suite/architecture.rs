//! The map in docs/ARCHITECTURE.md, kept true: no circle among the
//! modules of `src/` (each imports only from the floors below it), and
//! every step of the add-a-game recipe done for every registered game.
//!
//! The import graph is read from the source as written: every `use`, every
//! path that starts `crate::`, `super::` or `rummy::`, and every path
//! through a module brought in by `use` (`use super::screens;` then
//! `screens::title::draw`). Test code is left out: a test may use anything.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A module: its crate ("lib" or "bin") and its path in it.
type Module = (&'static str, Vec<String>);

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("a source folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every module of `src/` and its file.
fn modules() -> BTreeMap<Module, PathBuf> {
    let src = Path::new(ROOT).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut out = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(&src).expect("under src");
        let mut parts: Vec<String> = rel
            .with_extension("")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if parts.last().is_some_and(|p| p == "mod") {
            parts.pop();
        }
        let krate = match parts.first().map(String::as_str) {
            Some("main" | "tui" | "serve") => "bin",
            _ => "lib",
        };
        if parts == ["lib"] || parts == ["main"] {
            parts.clear();
        }
        out.insert((krate, parts), file);
    }
    out
}

/// Whether a module is test code only.
fn test_only(path: &[String]) -> bool {
    path.last().is_some_and(|n| {
        n.ends_with("_tests") || n == "tests" || n == "test_kit" || n == "test_support"
    })
}

/// `text` without comments, and without its test modules (`#[cfg(test)]`
/// before a `mod` with a body, a `mod` declaration or a `use`).
fn production_code(text: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .map(|l| match l.find("//") {
            // A `//` inside a string ("https://") is rare in imports; a
            // line's code before its comment is what matters here.
            Some(i) => &l[..i],
            None => l,
        })
        .collect();
    let mut code = lines.join("\n");
    while let Some(at) = code.find("#[cfg(test)]") {
        let rest = &code[at + "#[cfg(test)]".len()..];
        let body_start = rest.find('{');
        let end_of_item = rest.find(';');
        let end = match (body_start, end_of_item) {
            (Some(b), Some(e)) if e < b => at + "#[cfg(test)]".len() + e + 1,
            (Some(b), _) => {
                let start = at + "#[cfg(test)]".len() + b + 1;
                let mut depth = 1;
                let mut end = code.len();
                for (i, c) in code[start..].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = start + i + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                end
            }
            (None, Some(e)) => at + "#[cfg(test)]".len() + e + 1,
            (None, None) => code.len(),
        };
        code.replace_range(at..end, "");
    }
    code
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// A `use` tree (`crate::{a::b, c::{d, e}}`) as the paths it names.
fn expand(tree: &str) -> Vec<String> {
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(open) = tree.find('{') else {
        return vec![tree];
    };
    let Some(close) = tree.rfind('}').filter(|&c| c > open) else {
        // Not a use tree (the word "use" in a string): nothing named.
        return Vec::new();
    };
    let (head, body) = (&tree[..open], &tree[open + 1..close]);
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in body.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&body[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&body[start..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| expand(&format!("{head}{p}")))
        .collect()
}

/// The paths `code` names: its `use` trees, and every `crate::`,
/// `super::`, `self::` or `rummy::` path.
fn named_paths(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut at = 0;
    while let Some(i) = code[at..].find("use ") {
        let start = at + i;
        let before = code[..start].chars().next_back();
        at = start + 4;
        if before.is_some_and(|c| is_ident(c) || c == ':') {
            continue;
        }
        if let Some(end) = code[at..].find(';') {
            paths.extend(expand(&code[at..at + end]));
        }
    }
    for root in ["crate::", "super::", "self::", "rummy::"] {
        let mut at = 0;
        while let Some(i) = code[at..].find(root) {
            let start = at + i;
            at = start + root.len();
            if code[..start]
                .chars()
                .next_back()
                .is_some_and(|c| is_ident(c) || c == ':')
            {
                continue;
            }
            paths.push(path_at(&code[start..]));
        }
    }
    paths
}

/// The path (`a::b::c`) that `text` starts with.
fn path_at(text: &str) -> String {
    let mut end = 0;
    let bytes = text.as_bytes();
    while end < bytes.len() {
        let c = bytes[end] as char;
        if is_ident(c) {
            end += 1;
        } else if text[end..].starts_with("::")
            && text[end + 2..].chars().next().is_some_and(is_ident)
        {
            end += 2;
        } else {
            break;
        }
    }
    text[..end].to_string()
}

/// The module `path`, named in module `from`, stands for (the longest
/// module it starts with), if it is one of this program's.
fn resolve(all: &BTreeMap<Module, PathBuf>, (krate, from): &Module, path: &str) -> Option<Module> {
    let segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let (krate, mut full): (&'static str, Vec<String>) = match *segs.first()? {
        "crate" => (krate, Vec::new()),
        "rummy" if *krate == "bin" => ("lib", Vec::new()),
        "self" => (krate, from.clone()),
        "super" => (krate, from.clone()),
        _ => return None,
    };
    let mut rest = &segs[..];
    if rest[0] == "self" || rest[0] == "crate" || rest[0] == "rummy" {
        rest = &rest[1..];
    }
    while rest.first() == Some(&"super") {
        full.pop();
        rest = &rest[1..];
    }
    full.extend(rest.iter().map(|s| s.to_string()));
    (1..=full.len())
        .rev()
        .map(|n| (krate, full[..n].to_vec()))
        .find(|m| all.contains_key(m))
}

/// Each module's imports of other modules (not of the modules it is in).
fn import_graph() -> BTreeMap<Module, BTreeSet<Module>> {
    let all = modules();
    let mut graph = BTreeMap::new();
    for (module, file) in &all {
        let mut to = BTreeSet::new();
        if !test_only(&module.1) {
            let code = production_code(&std::fs::read_to_string(file).expect("a source file"));
            let mut paths = named_paths(&code);
            // A module brought in by `use`, then named through its alias.
            let mut through = Vec::new();
            for p in &paths {
                let alias = p.rsplit("::").next().unwrap_or("");
                if alias.is_empty()
                    || p.contains(" as ")
                    || ["self", "super", "crate", "*"].contains(&alias)
                {
                    continue;
                }
                if resolve(&all, module, p)
                    .is_some_and(|m| m.1.last().map(String::as_str) == Some(alias))
                {
                    let mut at = 0;
                    let key = format!("{alias}::");
                    while let Some(i) = code[at..].find(&key) {
                        let start = at + i;
                        at = start + key.len();
                        if code[..start]
                            .chars()
                            .next_back()
                            .is_some_and(|c| is_ident(c) || c == ':')
                        {
                            continue;
                        }
                        through.push(format!("{p}{}", &path_at(&code[start..])[alias.len()..]));
                    }
                }
            }
            paths.extend(through);
            for p in paths {
                if let Some(m) = resolve(&all, module, &p) {
                    let inside = m.0 == module.0 && module.1.starts_with(&m.1);
                    if !inside && !test_only(&m.1) {
                        to.insert(m);
                    }
                }
            }
        }
        graph.insert(module.clone(), to);
    }
    graph
}

/// The circles of `graph`: its strongly connected parts of more than one
/// module (Tarjan's algorithm).
fn circles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on: BTreeSet<&'a Module>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a Module) {
        let n = w.index.len();
        w.index.insert(v, n);
        w.low.insert(v, n);
        w.stack.push(v);
        w.on.insert(v);
        for t in &w.graph[v] {
            if !w.index.contains_key(t) {
                visit(w, t);
                let low = w.low[v].min(w.low[t]);
                w.low.insert(v, low);
            } else if w.on.contains(t) {
                let low = w.low[v].min(w.index[t]);
                w.low.insert(v, low);
            }
        }
        if w.low[v] == w.index[v] {
            let mut part = Vec::new();
            loop {
                let t = w.stack.pop().expect("on the stack");
                w.on.remove(t);
                part.push(format!("{}::{}", t.0, t.1.join("::")));
                if t == v {
                    break;
                }
            }
            if part.len() > 1 {
                part.sort();
                w.found.push(part);
            }
        }
    }
    let mut w = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !w.index.contains_key(v) {
            visit(&mut w, v);
        }
    }
    w.found
}

#[test]
fn the_graph_is_read_whole() {
    // The reading is checked on what it must find: the game trait's
    // imports, and a screen's import of the commands.
    let graph = import_graph();
    let game = &graph[&("lib", vec!["game".to_string()])];
    assert!(
        game.contains(&("lib", vec!["rules".to_string()])),
        "{game:?}"
    );
    let title = &graph[&("bin", vec!["tui".into(), "screens".into(), "title".into()])];
    assert!(
        title.contains(&("bin", vec!["tui".into(), "commands".into()])),
        "{title:?}"
    );
    let wump = &graph[&("lib", vec!["variants".into(), "wump".into()])];
    assert!(
        wump.contains(&("lib", vec!["game".to_string()])),
        "{wump:?}"
    );
    // And on a circle made up: two modules that import each other.
    let mut made = BTreeMap::new();
    let a: Module = ("lib", vec!["a".into()]);
    let b: Module = ("lib", vec!["b".into()]);
    made.insert(a.clone(), BTreeSet::from([b.clone()]));
    made.insert(b, BTreeSet::from([a]));
    assert_eq!(
        circles(&made),
        vec![vec!["lib::a".to_string(), "lib::b".to_string()]]
    );
}

#[test]
fn no_circle_among_the_engines_modules() {
    let graph = import_graph();
    let engine: Vec<Vec<String>> = circles(&graph)
        .into_iter()
        .filter(|c| c.iter().all(|m| m.starts_with("lib::")))
        .collect();
    assert!(
        engine.is_empty(),
        "modules of the engine that import each other: {engine:#?}"
    );
}

#[test]
fn no_circle_among_the_screens_nor_the_server() {
    // The app routes: a screen that keeps its own state (`tui::route::Go`)
    // never imports the app that holds it, and the server's parts import
    // one way too.
    let found = circles(&import_graph());
    assert!(
        found.is_empty(),
        "modules that import each other: {found:#?}"
    );
}

#[test]
fn the_game_trait_imports_nothing_above_it() {
    let graph = import_graph();
    let game = &graph[&("lib", vec!["game".to_string()])];
    let below = [
        "card",
        "deck",
        "dict",
        "judgement",
        "open",
        "pile",
        "rng",
        "rules",
        "seat",
        "variant_id",
    ];
    for m in game {
        assert!(
            below.contains(&m.1[0].as_str()),
            "game imports {} (the floors below it are {below:?})",
            m.1.join("::")
        );
    }
}

/// The recipe's paths: each `path` in backticks of the list under "Adding
/// a game" that names a file.
fn recipe_paths() -> Vec<String> {
    let map = std::fs::read_to_string(Path::new(ROOT).join("docs/ARCHITECTURE.md"))
        .expect("docs/ARCHITECTURE.md");
    let start = map.find("## Adding a game").expect("the recipe's heading");
    let section = &map[start..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |e| e + 3)];
    let list: String = section
        .lines()
        .skip_while(|l| !l.starts_with("1. "))
        .take_while(|l| l.is_empty() || l.starts_with(|c: char| c.is_ascii_digit() || c == ' '))
        .collect::<Vec<_>>()
        .join(" ");
    list.split('`')
        .skip(1)
        .step_by(2)
        .filter(|t| !t.contains(' ') && (t.contains('/') || t.ends_with(".toml")))
        .map(str::to_string)
        .collect()
}

/// Whether `pattern` (a `*` in its last part stands for any text) names a
/// file under the project.
fn exists(pattern: &str) -> bool {
    let path = Path::new(ROOT).join(pattern);
    let name = path
        .file_name()
        .expect("a file name")
        .to_string_lossy()
        .into_owned();
    match name.split_once('*') {
        None => path.is_file(),
        Some((head, tail)) => std::fs::read_dir(path.parent().expect("a folder"))
            .map(|entries| {
                entries.flatten().any(|e| {
                    let n = e.file_name().to_string_lossy().into_owned();
                    n.len() > head.len() + tail.len() && n.starts_with(head) && n.ends_with(tail)
                })
            })
            .unwrap_or(false),
    }
}

#[test]
fn every_registered_game_has_every_part_of_the_recipe() {
    let paths = recipe_paths();
    // The recipe names its parts by file: a rule text, a rules file, the
    // game's module and hint checker, its adapter, How to play and bench.
    for needed in [
        "rules/<name>.toml",
        "src/variants/<module>/mod.rs",
        "src/tui/howto/<name>.txt",
    ] {
        assert!(
            paths.iter().any(|p| p == needed),
            "the recipe names {needed}: {paths:?}"
        );
    }
    let guides =
        std::fs::read_to_string(Path::new(ROOT).join("src/tui/guide.rs")).expect("guide.rs");
    let cargo = std::fs::read_to_string(Path::new(ROOT).join("Cargo.toml")).expect("Cargo.toml");
    for id in rummy::variants::registered() {
        let module = id.name().replace('-', "_");
        for p in &paths {
            let file = p.replace("<name>", id.name()).replace("<module>", &module);
            assert!(
                exists(&file),
                "{} lacks {file} (the recipe's {p})",
                id.title()
            );
        }
        assert!(
            guides.contains(&format!("variant: VariantId::{id:?},")),
            "{} has no guided first deal in GUIDES",
            id.title()
        );
        assert!(
            cargo.contains(&format!("[[bench]]\nname = \"{module}\"")),
            "{} has no [[bench]] in Cargo.toml",
            id.title()
        );
    }
}

#[test]
fn a_missing_part_is_seen() {
    // The check itself fails on a game that lacks a part.
    assert!(exists("rules/text/wump-*.txt"));
    assert!(!exists("rules/text/nogame-*.txt"));
    assert!(!exists("src/tui/howto/nogame.txt"));
}

#[test]
fn only_the_app_implements_the_app() {
    // Every screen keeps its own state and answers with what the app is to
    // do: no screen reaches into the app by adding methods to it.
    let mut files = Vec::new();
    rust_files(&Path::new(ROOT).join("src"), &mut files);
    let outside: Vec<String> = files
        .iter()
        .filter(|f| !f.ends_with("src/tui/app.rs"))
        .filter(|f| {
            let text = std::fs::read_to_string(f).expect("a source file");
            production_code(&text)
                .lines()
                .any(|l| l.trim_start().starts_with("impl App {"))
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        outside.is_empty(),
        "modules that add to the app: {outside:?}"
    );
}

#[test]
fn only_the_screen_speaks_to_a_terminal() {
    // The engine and the server never name ratatui or crossterm: drawing,
    // escape sequences and keys are the screen's (`src/tui`), and the
    // command line's (`src/main.rs`).
    let src = Path::new(ROOT).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let outside: Vec<String> = files
        .iter()
        .filter(|f| {
            let rel = f.strip_prefix(&src).expect("under src");
            !rel.starts_with("tui") && rel != Path::new("main.rs")
        })
        .filter(|f| {
            let code = production_code(&std::fs::read_to_string(f).expect("a source file"));
            code.contains("ratatui") || code.contains("crossterm")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        outside.is_empty(),
        "modules outside the screen that use it: {outside:?}"
    );
}
