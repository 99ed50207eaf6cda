//! A source file read as `shared/tools/house-check` reads it: the module it holds, its code
//! without the test module, comments and strings, the paths it names (its `use` lines and
//! the `crate::`/`super::` paths written inline) and the file each path leads to.
//!
//! The rules are house-check's regular expressions, quirks included, so that the test and
//! the tool find the same things: a comment runs from any `//` to the line's end (even one
//! inside a string), block comments stay, and a string continued by a backslash at a line's
//! end is not a string to them (see [`blank_strings`]).

use std::collections::BTreeMap;

/// A file's text with its line ends as Python reads them (universal newlines): `\r\n` and a
/// lone `\r` become `\n`.
pub fn python_newlines(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// The module a file holds, as its path from the crate: `src/app/ui/panels.rs` and
/// `src/app/ui/panels/mod.rs` are both `crate/app/ui/panels`; a `lib.rs` or `main.rs` holds
/// its folder's module (`src/lib.rs` is `crate`).
pub fn module_of(file: &str) -> String {
    let stem = file.strip_suffix(".rs").unwrap_or(file);
    let stem = ["/mod", "/lib", "/main"]
        .iter()
        .find_map(|end| stem.strip_suffix(end))
        .unwrap_or(stem);
    let inside = stem.split_once('/').map_or("", |(_, rest)| rest);
    if inside.is_empty() {
        "crate".to_string()
    } else {
        format!("crate/{inside}")
    }
}

/// A character of a word (Python's `\w`).
pub fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether a word character ends just before byte `at` of `text` (so that no word starts at
/// `at`: Python's `\b` before a word).
fn word_before(text: &str, at: usize) -> bool {
    text[..at].chars().next_back().is_some_and(is_word)
}

/// What follows a visibility (`pub` or `pub(...)`) and the whitespace after it at the start
/// of `text`; `None` when `text` opens with none.
pub fn after_visibility(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("pub")?;
    let rest = match rest.strip_prefix('(') {
        Some(inside) => &inside[inside.find(')')? + 1..],
        None => rest,
    };
    let after = rest.trim_start();
    (after.len() < rest.len()).then_some(after)
}

/// Whether `text` at `at` opens a test module: `#[cfg(test)]`, then `mod name {`, `pub mod
/// name {` or `pub(...) mod name {`, whitespace allowed between.
fn opens_test_module(text: &str, at: usize) -> bool {
    let rest = text[at + "#[cfg(test)]".len()..].trim_start();
    let rest = after_visibility(rest).unwrap_or(rest);
    let Some(rest) = rest.strip_prefix("mod") else {
        return false;
    };
    let name = rest.trim_start();
    if name.len() == rest.len() {
        return false;
    }
    let after_name = name.trim_start_matches(is_word);
    after_name.len() < name.len() && after_name.trim_start().starts_with('{')
}

/// A file's text up to its first test module (`#[cfg(test)] mod ... {`), which is left out
/// with everything after it. A test module in a file of its own (`#[cfg(test)] mod tests;`)
/// is not left out.
pub fn without_tests(text: &str) -> &str {
    let cut = text
        .match_indices("#[cfg(test)]")
        .map(|(at, _)| at)
        .find(|&at| opens_test_module(text, at))
        .unwrap_or(text.len());
    &text[..cut]
}

/// `text` without its line comments: each line cut at its first `//`.
pub fn without_line_comments(text: &str) -> String {
    text.split('\n')
        .map(|line| line.find("//").map_or(line, |at| &line[..at]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where a string opened by the quote at `open` ends (just after its closing quote), read
/// as house-check's `"(?:\\.|[^"\\])*"`: any character but a quote or a backslash, or a
/// backslash and the character after it unless that is a line end. `None` where none closes
/// so: at a backslash ending a line, or at the text's end.
fn string_end(bytes: &[u8], open: usize) -> Option<usize> {
    let mut i = open + 1;
    loop {
        match *bytes.get(i)? {
            b'"' => return Some(i + 1),
            b'\\' => match bytes.get(i + 1) {
                Some(&c) if c != b'\n' => i += 2,
                _ => return None,
            },
            _ => i += 1,
        }
    }
}

/// `code` with each string made `""`, as house-check's `re.sub` does: from the left, each
/// quote that opens a string as [`string_end`] reads it is blanked with the string; a quote
/// that opens none (a string continued by a backslash at a line's end) is passed over, and
/// the next quote (that string's closing one) opens the next string.
pub fn blank_strings(code: &str) -> String {
    let bytes = code.as_bytes();
    let mut out = String::with_capacity(code.len());
    let (mut copied, mut i) = (0, 0);
    while i < bytes.len() {
        if bytes[i] == b'"'
            && let Some(end) = string_end(bytes, i)
        {
            out.push_str(&code[copied..i]);
            out.push_str("\"\"");
            (copied, i) = (end, end);
        } else {
            i += 1;
        }
    }
    out.push_str(&code[copied..]);
    out
}

/// The code house-check reads a file's paths from: no test module, no line comments, each
/// string made `""`.
pub fn code_of(text: &str) -> String {
    blank_strings(&without_line_comments(without_tests(text)))
}

/// What follows `use` and whitespace up to the next `;` in each `use` declaration of `code`
/// (house-check's `\buse\s+([^;]+);`), whitespace runs made single spaces.
pub fn use_trees(code: &str) -> Vec<String> {
    let mut trees = Vec::new();
    let mut from = 0;
    while let Some(found) = code[from..].find("use") {
        let at = from + found;
        from = at + 1;
        if word_before(code, at) {
            continue;
        }
        let rest = &code[at + 3..];
        let tree = rest.trim_start();
        if tree.len() == rest.len() {
            continue;
        }
        if let Some(len) = tree.find(';').filter(|&len| len > 0) {
            let words: Vec<&str> = tree[..len].split_whitespace().collect();
            trees.push(words.join(" "));
            from = code.len() - tree.len() + len + 1;
        }
    }
    trees
}

/// The paths of a use tree: `a::{b, c::{d, e as f}}` gives `a::b`, `a::c::d`, `a::c::e`.
pub fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or(tree);
        return vec![path.trim().to_string()];
    };
    let prefix = &tree[..open];
    // Python's `tree[open + 1:tree.rfind('}')]`: without a `}` the last character is left
    // out, and a `}` before the `{` leaves nothing.
    let inside = match tree.rfind('}') {
        Some(close) if close > open => &tree[open + 1..close],
        Some(_) => "",
        None => {
            let last = tree.char_indices().next_back().map_or(0, |(at, _)| at);
            tree.get(open + 1..last).unwrap_or("")
        }
    };
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut current = String::new();
    for ch in inside.chars() {
        if ch == ',' && depth == 0 {
            parts.push(std::mem::take(&mut current));
            continue;
        }
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        current.push(ch);
    }
    parts.push(current);
    parts
        .iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(|p| expand(&format!("{prefix}{}", p.trim())))
        .collect()
}

/// The `crate::` and `super::` paths written in `code` (house-check's
/// `\b(?:crate|super)(?:::[A-Za-z_]\w*)+`): `crate::engine::Board` in
/// `crate::engine::Board::new()`, `super::files::write_file`, `super::super::x`; a path ends
/// at its last name (`crate::app` in `crate::app::{a, b}`).
pub fn inline_paths(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut at = 0;
    while let Some(c) = code[at..].chars().next() {
        let rest = &code[at..];
        if let Some(first) = ["crate", "super"].into_iter().find(|w| rest.starts_with(w))
            && !word_before(code, at)
        {
            let mut end = at + first.len();
            while let Some(name) = code[end..].strip_prefix("::")
                && name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            {
                end += 2 + name.len() - name.trim_start_matches(is_word).len();
            }
            if end > at + first.len() {
                paths.push(code[at..end].to_string());
                at = end;
                continue;
            }
        }
        at += c.len_utf8();
    }
    paths
}

/// The paths a file names in `code`: those of its `use` lines, then, with `inline`, those
/// written inline; spaces taken out.
pub fn paths_in(code: &str, inline: bool) -> Vec<String> {
    let mut paths: Vec<String> = use_trees(code).iter().flat_map(|t| expand(t)).collect();
    if inline {
        paths.extend(inline_paths(code));
    }
    paths.iter().map(|p| p.replace(' ', "")).collect()
}

/// The module a path used in `module` names: the longest start of the path that is a module
/// of `modules`; `None` for paths outside the crate (`std::`, `bevy::`, or relative ones such
/// as `game::Match`) or naming no module of `modules`.
pub fn resolve(module: &str, path: &str, modules: &BTreeMap<String, String>) -> Option<String> {
    let mut parts: Vec<&str> = path.split("::").collect();
    let mut base: Vec<&str> = module.split('/').collect();
    match parts.first() {
        Some(&"crate") => {
            base = vec!["crate"];
            parts.remove(0);
        }
        Some(&("super" | "self")) => {
            while let Some(&first @ ("super" | "self")) = parts.first() {
                if first == "super" {
                    base.pop();
                }
                parts.remove(0);
            }
        }
        _ => return None,
    }
    (0..=parts.len())
        .rev()
        .map(|n| [&base[..], &parts[..n]].concat().join("/"))
        .find(|m| modules.contains_key(m))
}

#[test]
fn modules_are_named_from_their_files() {
    assert_eq!(module_of("src/app/ui/panels.rs"), "crate/app/ui/panels");
    assert_eq!(module_of("src/app/ui/panels/mod.rs"), "crate/app/ui/panels");
    assert_eq!(module_of("src/lib.rs"), "crate");
    assert_eq!(module_of("src/database_files.rs"), "crate/database_files");
}

#[test]
fn inline_paths_are_read_from_code_and_not_from_strings_comments_or_tests() {
    let text = "use super::a::{b, c as d};\n\
                pub(crate) fn f() {\n    \
                    let s = \"crate::in_a_string::x\"; // crate::in_a_comment\n    \
                    super::files::write_file(crate::engine::Board::new(), my_crate::not::x);\n    \
                    pub(super) fn g() -> crate::app::{A, B} {}\n\
                }\n\
                #[cfg(test)]\npub(crate) mod tests {\n    use crate::in_the_tests::T;\n}\n";
    let code = code_of(text);
    assert_eq!(
        inline_paths(&code),
        [
            "super::a",
            "super::files::write_file",
            "crate::engine::Board::new",
            "crate::app"
        ]
    );
    assert_eq!(
        paths_in(&code, true)[..2],
        ["super::a::b".to_string(), "super::a::c".to_string()]
    );
    assert!(!code.contains("in_the_tests") && !code.contains("in_a_"));
}

#[test]
fn strings_are_blanked_as_house_check_does() {
    assert_eq!(
        blank_strings(r#"f("a\"b", '"', "c");"#),
        r#"f("", '""c");"#,
        "a quote in a character opens a string, as in house-check"
    );
    // A backslash at a line's end opens no string: the string's closing quote opens the
    // next one, so the code between the two strings is blanked and the second string's
    // text read as code.
    assert_eq!(
        blank_strings("x(\"one \\\n two\", crate::a::f);\ny(\"crate::b\");"),
        "x(\"one \\\n two\"\"crate::b\");"
    );
}
