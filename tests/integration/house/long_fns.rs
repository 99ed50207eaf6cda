//! Long functions, counted as house-check counts them.
//!
//! Outside the test module (see `source.rs`), a line that opens with `fn name` (after
//! whitespace, a visibility, `const`, `async` or `unsafe`) starts a function; it runs to the
//! line where the braces opened from there close again, both lines counted. Braces are
//! counted on each line less its comment (from `//`), its character literals and its
//! strings; a line with a `;` and no `{` before the body opens ends a declaration with no
//! body. A function inside a counted one is counted with it, not on its own.

use super::source::{after_visibility, blank_strings, is_word, without_tests};

/// The longest a function may be, in lines.
pub const LIMIT: usize = 150;

/// The name of the function whose `fn` line `line` is (house-check's
/// `\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+|async\s+|unsafe\s+)*fn\s+(\w+)`).
fn fn_name(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    rest = after_visibility(rest).unwrap_or(rest);
    while let Some(after) = ["const", "async", "unsafe"]
        .into_iter()
        .find_map(|word| rest.strip_prefix(word))
    {
        let next = after.trim_start();
        if next.len() == after.len() {
            break;
        }
        rest = next;
    }
    let after = rest.strip_prefix("fn")?;
    let name = after.trim_start();
    let len = name.len() - name.trim_start_matches(is_word).len();
    (name.len() < after.len() && len > 0).then(|| &name[..len])
}

/// Where a character literal opened by the quote at `open` ends (just after its closing
/// quote): one character other than a quote or a backslash, or a backslash and any
/// character, then a quote (house-check's `'(?:\\.|[^'\\])'`).
fn char_end(line: &str, open: usize) -> Option<usize> {
    let mut chars = line[open + 1..].chars();
    let body = match chars.next()? {
        '\'' => return None,
        '\\' => 1 + chars.next().filter(|&c| c != '\n')?.len_utf8(),
        c => c.len_utf8(),
    };
    let close = open + 1 + body;
    line[close..].starts_with('\'').then_some(close + 1)
}

/// A line's code for counting braces: cut at `//`, each character literal made `''`, each
/// string made `""`.
fn braces_code(line: &str) -> String {
    let line = line.find("//").map_or(line, |at| &line[..at]);
    let mut out = String::with_capacity(line.len());
    let (mut copied, mut i) = (0, 0);
    while i < line.len() {
        if line.as_bytes()[i] == b'\''
            && let Some(end) = char_end(line, i)
        {
            out.push_str(&line[copied..i]);
            out.push_str("''");
            (copied, i) = (end, end);
        } else {
            i += 1;
        }
    }
    out.push_str(&line[copied..]);
    blank_strings(&out)
}

/// The line where the function whose `fn` line is `lines[start]` ends, and whether it has a
/// body (`false` for a declaration such as a trait's `fn f(&self);`). A body that never
/// closes ends past the last line.
fn body_end(lines: &[&str], start: usize) -> (usize, bool) {
    let (mut depth, mut started, mut j) = (0i64, false, start);
    while j < lines.len() {
        let code = braces_code(lines[j]);
        let opens = code.contains('{');
        if code.contains(';') && !started && !opens {
            break;
        }
        depth += code.matches('{').count() as i64;
        started |= opens;
        depth -= code.matches('}').count() as i64;
        if started && depth <= 0 {
            break;
        }
        j += 1;
    }
    (j, started)
}

/// The functions of a file's text longer than `limit` lines outside its test module, each
/// its name and length in lines.
pub fn long_functions(text: &str, limit: usize) -> Vec<(String, usize)> {
    let lines: Vec<&str> = without_tests(text).split('\n').collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(name) = fn_name(lines[i]) else {
            i += 1;
            continue;
        };
        let (end, started) = body_end(&lines, i);
        let length = end - i + 1;
        if started && length > limit {
            found.push((name.to_string(), length));
        }
        i = if started { end + 1 } else { i + 1 };
    }
    found
}

/// A function of `lines` lines, opening with `first` (which may hold several lines).
fn planted_fn(first: &str, lines: usize) -> String {
    let body: String = (0..lines - 2)
        .map(|n| format!("    let _x{n} = {n};\n"))
        .collect();
    format!("{first}\n{body}}}\n")
}

#[test]
fn a_planted_long_function_is_found_with_its_length() {
    let text = [
        "use std::fmt;\n".to_string(),
        planted_fn("pub(crate) const fn long_one() {", LIMIT + 1),
        planted_fn("fn just_short_enough() {", LIMIT),
        // Braces in a comment, a character literal and a string are not counted; the fn
        // inside is counted with its outer one.
        planted_fn(
            "async fn long_two(a: &str)\nwhere\n    T: Copy,\n{\n    let _ = ('{', \"{\"); // {\n    fn inner() {}",
            LIMIT - 4,
        ),
        "pub trait Named {\n    fn name(&self) -> String;\n}\n".to_string(),
    ]
    .concat();
    assert_eq!(
        long_functions(&text, LIMIT),
        [
            ("long_one".to_string(), LIMIT + 1),
            ("long_two".to_string(), LIMIT + 1)
        ]
    );
}

#[test]
fn a_long_function_in_the_test_module_is_not_reported() {
    let text = [
        planted_fn("fn short() {", 3),
        "#[cfg(test)]\nmod tests {\n".to_string(),
        planted_fn("    fn long_test() {", LIMIT + 50),
        "}\n".to_string(),
    ]
    .concat();
    assert_eq!(long_functions(&text, LIMIT), []);
    // Outside the test module it would be.
    let outside = text.replace("#[cfg(test)]\nmod tests {\n", "mod helpers {\n");
    assert_eq!(
        long_functions(&outside, LIMIT),
        [("long_test".to_string(), LIMIT + 50)]
    );
}
