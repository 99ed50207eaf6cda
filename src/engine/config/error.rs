//! Errors in designers' RON files, naming the file, line and column.

/// A configuration file that could not be used: where, and why. The previous good values
/// stay in force wherever such an error is reported.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}{}: {message}", place(*.line, *.column))]
pub struct ConfigError {
    /// The file's name as the caller gave it (e.g. `config/search.ron`).
    pub file: String,
    /// 1-based line of the problem (0 when the whole file is concerned).
    pub line: usize,
    /// 1-based column of the problem (0 when the whole file is concerned).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl ConfigError {
    /// A RON parse or type error at the position RON reports.
    pub fn from_ron(file: &str, error: &ron::error::SpannedError) -> ConfigError {
        ConfigError {
            file: file.to_string(),
            line: error.span.start.line,
            column: error.span.start.col,
            message: error.code.to_string(),
        }
    }

    /// A problem with a value that parsed, found by validation.
    pub fn invalid(file: &str, message: impl Into<String>) -> ConfigError {
        ConfigError {
            file: file.to_string(),
            line: 0,
            column: 0,
            message: message.into(),
        }
    }
}

/// `:line:column`, or nothing when the whole file is concerned (line 0).
fn place(line: usize, column: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!(":{line}:{column}")
    }
}

/// Parses a RON document into `T`, naming `file` in any error.
///
/// # Errors
/// [`ConfigError`] with the line and column RON reports.
pub fn parse_ron<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, ConfigError> {
    ron::Options::default()
        .from_str(text)
        .map_err(|e| ConfigError::from_ron(file, &e))
}

/// A RON token that matters for locating keys: an identifier, a string's contents as
/// written (escapes kept), or one punctuation character. Comments and whitespace are skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token<'a> {
    Ident(&'a str),
    Str(&'a str),
    Punct(char),
}

/// The tokens of a RON text with their byte offsets, in order. Lenient: text RON would
/// reject still tokenizes, since only the positions of keys are wanted.
fn tokens(text: &str) -> impl Iterator<Item = (usize, Token<'_>)> + '_ {
    let bytes = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() {
            let c = bytes[i];
            if c.is_ascii_whitespace() {
                i += 1;
            } else if bytes[i..].starts_with(b"//") {
                i = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
            } else if bytes[i..].starts_with(b"/*") {
                // Block comments nest in RON.
                let mut depth = 0usize;
                while i < bytes.len() {
                    if bytes[i..].starts_with(b"/*") {
                        depth += 1;
                        i += 2;
                    } else if bytes[i..].starts_with(b"*/") {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
            } else if c == b'"' || c == b'\'' {
                let start = i + 1;
                let mut j = start;
                while j < bytes.len() && bytes[j] != c {
                    j += if bytes[j] == b'\\' { 2 } else { 1 };
                }
                let end = j.min(bytes.len());
                let at = i;
                i = end + 1;
                if c == b'"' {
                    return Some((at, Token::Str(text.get(start..end).unwrap_or(""))));
                }
            } else if c.is_ascii_alphanumeric() || c == b'_' {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                return Some((start, Token::Ident(&text[start..i])));
            } else {
                let at = i;
                // Step over a whole character (text may hold any UTF-8 outside strings).
                let ch = text.get(i..).and_then(|t| t.chars().next());
                match ch {
                    Some(ch) => {
                        i += ch.len_utf8();
                        return Some((at, Token::Punct(ch)));
                    }
                    None => i += 1,
                }
            }
        }
        None
    })
}

/// Consecutive pairs of tokens.
fn token_pairs(text: &str) -> impl Iterator<Item = ((usize, Token<'_>), (usize, Token<'_>))> + '_ {
    let mut toks = tokens(text);
    let mut previous = toks.next();
    std::iter::from_fn(move || {
        let current = toks.next()?;
        let pair = (previous?, current);
        previous = Some(current);
        Some(pair)
    })
}

/// The 1-based (line, column) of byte `offset`, the column counted in characters.
pub(crate) fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Where a key is written in a RON text: the key is an identifier (`tt_mib`) or a quoted
/// string (`"X-O"`, as a map key), followed by `:`, outside comments and strings. The
/// `nth` such place (from 0), as a 1-based (line, column); (0, 0) if there is none.
pub fn locate_key(text: &str, key: &str, nth: usize) -> (usize, usize) {
    token_pairs(text)
        .filter(|(first, second)| {
            second.1 == Token::Punct(':')
                && match first.1 {
                    Token::Ident(name) | Token::Str(name) => name == key,
                    Token::Punct(_) => false,
                }
        })
        .nth(nth)
        .map_or((0, 0), |(first, _)| line_column(text, first.0))
}

/// Where a string literal with these contents is written outside comments (the `nth`, from
/// 0): a 1-based (line, column), or (0, 0).
pub fn locate_string(text: &str, contents: &str, nth: usize) -> (usize, usize) {
    tokens(text)
        .filter(|(_, t)| *t == Token::Str(contents))
        .nth(nth)
        .map_or((0, 0), |(at, _)| line_column(text, at))
}

/// A 1-based (line, column) in a text.
pub type Place = (usize, usize);

/// The quoted map keys of a RON text written more than once: for each repeat, the key and
/// the places of its first and of its repeated appearance, in the order of the text.
pub fn repeated_string_keys(text: &str) -> Vec<(String, Place, Place)> {
    let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut out = Vec::new();
    for (first, second) in token_pairs(text) {
        if let (Token::Str(key), Token::Punct(':')) = (first.1, second.1) {
            match seen.get(key) {
                Some(&at) => out.push((
                    key.to_string(),
                    line_column(text, at),
                    line_column(text, first.0),
                )),
                None => {
                    seen.insert(key, first.0);
                }
            }
        }
    }
    out
}

/// Where a key path is written: `solver.guess_depth` is the first `guess_depth` key after
/// the first `solver` key (so that a key of a section is not confused with a key of the
/// same name elsewhere). When a part is not written (a value left to its default), the
/// place of the deepest part that is; (0, 0) if none is.
pub fn locate_path(text: &str, path: &str) -> Place {
    let keys: Vec<(usize, &str)> = token_pairs(text)
        .filter_map(|(first, second)| match (first.1, second.1) {
            (Token::Ident(name) | Token::Str(name), Token::Punct(':')) => Some((first.0, name)),
            _ => None,
        })
        .collect();
    let mut found = None;
    for part in path.split('.') {
        let after = found.map_or(0, |at| at + 1);
        match keys.iter().find(|&&(at, name)| at >= after && name == part) {
            Some(&(at, _)) => found = Some(at),
            None => break,
        }
    }
    found.map_or((0, 0), |at| line_column(text, at))
}

impl ConfigError {
    /// A problem with the value of `key`, a key or a path of keys through sections (see
    /// `locate_path`), placed where it is written in `text` (line 0 when it is not
    /// written: a default).
    pub fn at_key(file: &str, text: &str, key: &str, message: impl Into<String>) -> ConfigError {
        let (line, column) = locate_path(text, key);
        ConfigError {
            file: file.to_string(),
            line,
            column,
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "// pattern: a comment names the key first\n(\n  /* pattern: \
                        /* nested */ */ pattern: \"edge\",\n  values: {\n    \"X-O\": [1.0],\n    \
                        \"--\": [2.0], \"X-O\" : [3.0],\n  },\n)\n";

    #[test]
    fn keys_are_found_outside_comments_and_strings() {
        assert_eq!(locate_key(TEXT, "pattern", 0), (3, 31));
        assert_eq!(locate_key(TEXT, "values", 0), (4, 3));
        assert_eq!(locate_key(TEXT, "X-O", 1), (6, 18));
        assert_eq!(locate_key(TEXT, "edge", 0), (0, 0));
        assert_eq!(locate_string(TEXT, "edge", 0), (3, 40));
        assert_eq!(
            repeated_string_keys(TEXT),
            vec![("X-O".to_string(), (5, 5), (6, 18))]
        );
    }
}
