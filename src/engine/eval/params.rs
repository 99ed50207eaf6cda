//! The evaluator's data files: `config/eval.ron` (phases, feature weights, which pattern
//! tables join) and `config/patterns/<name>.ron` (one table each), their validation, and the
//! interpolation between phase keyframes.

use std::collections::BTreeMap;

use crate::engine::config::error::{
    ConfigError, locate_key, locate_string, parse_ron, repeated_string_keys,
};
use crate::engine::eval::features::{FEATURE_COUNT, FEATURE_NAMES};
use crate::engine::eval::pattern::{FAMILIES, PatternFamily};

/// The largest magnitude of any weight or table value, in discs.
pub const MAX_VALUE: f32 = 64.0;

/// `config/eval.ron`: phase keyframes and the feature weights at each.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvalFile {
    /// Keyframes as numbers of empty squares, strictly decreasing within 60..=0. A position
    /// between two keyframes gets values interpolated linearly between theirs; beyond the
    /// first or last, that keyframe's values.
    pub phases: Vec<u32>,
    /// Discs per legal move of difference.
    pub mobility: Vec<f32>,
    /// Discs per frontier square of difference.
    pub potential_mobility: Vec<f32>,
    /// Discs per corner of difference.
    pub corners: Vec<f32>,
    /// Discs per X-square (next to an empty corner) of difference.
    pub x_squares: Vec<f32>,
    /// Discs per C-square (next to an empty corner) of difference.
    pub c_squares: Vec<f32>,
    /// Discs per stable disc of difference.
    pub stable_discs: Vec<f32>,
    /// Discs per quadrant with an odd number of empties.
    pub parity: Vec<f32>,
    /// Discs per disc of difference.
    pub disc_difference: Vec<f32>,
    /// Discs for an odd number of empty squares (and minus that for an even number). A file
    /// without the key (one written before it existed) gets 0 at every keyframe.
    #[serde(default)]
    pub odd_empties: Vec<f32>,
    /// The pattern tables in use, each read from `patterns/<name>.ron`.
    pub patterns: Vec<String>,
}

impl EvalFile {
    /// The feature weights as rows in [`FEATURE_NAMES`] order, one value per keyframe.
    pub fn weights(&self) -> [&Vec<f32>; FEATURE_COUNT] {
        [
            &self.mobility,
            &self.potential_mobility,
            &self.corners,
            &self.x_squares,
            &self.c_squares,
            &self.stable_discs,
            &self.parity,
            &self.disc_difference,
            &self.odd_empties,
        ]
    }

    /// The feature weights, mutable, in [`FEATURE_NAMES`] order.
    pub fn weights_mut(&mut self) -> [&mut Vec<f32>; FEATURE_COUNT] {
        [
            &mut self.mobility,
            &mut self.potential_mobility,
            &mut self.corners,
            &mut self.x_squares,
            &mut self.c_squares,
            &mut self.stable_discs,
            &mut self.parity,
            &mut self.disc_difference,
            &mut self.odd_empties,
        ]
    }
}

/// `config/patterns/<name>.ron`: one table's values, by configuration.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatternFile {
    /// The family's name; must match the file name.
    pub pattern: String,
    /// Values in discs per keyframe, by configuration in the family's notation. A
    /// configuration stands for its mirror image too; configurations not listed are 0. A
    /// configuration written twice is an error (a plain map would keep the last silently).
    #[serde(deserialize_with = "unique_keys")]
    pub values: BTreeMap<String, Vec<f32>>,
}

/// What a repeated configuration's deserialization error begins with, so that
/// [`parse_pattern_file`] can place the error at both lines.
const REPEATED_KEY: &str = "repeated configuration ";

/// A map of configurations that refuses a key written twice, while it is read (no second
/// pass over the file, which is megabytes of RON).
fn unique_keys<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<BTreeMap<String, Vec<f32>>, D::Error> {
    struct Unique;
    impl<'de> serde::de::Visitor<'de> for Unique {
        type Value = BTreeMap<String, Vec<f32>>;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a map of configurations to values")
        }

        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some((key, values)) = map.next_entry::<String, Vec<f32>>()? {
                if out.contains_key(&key) {
                    return Err(serde::de::Error::custom(format!("{REPEATED_KEY}\"{key}\"")));
                }
                out.insert(key, values);
            }
            Ok(out)
        }
    }
    deserializer.deserialize_map(Unique)
}

/// Reads a pattern file the quick way when it is written as `write_pattern_file` writes
/// it (comments, `pattern: "..."`, then `values: { "key": [numbers], ... }`), the same
/// [`PatternFile`] RON would give; `None` for anything else (another field order, escapes,
/// block comments, special floats, a repeated key, an error), which RON then reads and
/// reports. The shipped tables are megabytes: RON takes several times longer.
fn read_pattern_file_quickly(text: &str) -> Option<PatternFile> {
    let mut r = Reader {
        bytes: text.as_bytes(),
        at: 0,
    };
    r.punct(b'(')?;
    r.word("pattern")?;
    r.punct(b':')?;
    let pattern = r.string()?.to_string();
    r.punct(b',')?;
    r.word("values")?;
    r.punct(b':')?;
    r.punct(b'{')?;
    let mut values = BTreeMap::new();
    while !r.peek(b'}')? {
        let key = r.string()?;
        r.punct(b':')?;
        r.punct(b'[')?;
        let mut row = Vec::with_capacity(8);
        while !r.peek(b']')? {
            row.push(r.number()?);
            if !r.peek(b']')? {
                r.punct(b',')?;
            }
        }
        r.punct(b']')?;
        if values.insert(key.to_string(), row).is_some() {
            return None;
        }
        if !r.peek(b'}')? {
            r.punct(b',')?;
        }
    }
    r.punct(b'}')?;
    if !r.peek(b')')? {
        r.punct(b',')?;
    }
    r.punct(b')')?;
    r.skip_blank()?;
    (r.at == r.bytes.len()).then_some(PatternFile { pattern, values })
}

/// A cursor over a pattern file for [`read_pattern_file_quickly`]: every step skips blanks
/// and line comments first, and gives `None` on anything unexpected.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn skip_blank(&mut self) -> Option<()> {
        loop {
            match self.bytes.get(self.at..self.at + 2) {
                Some(b"//") => {
                    while self.at < self.bytes.len() && self.bytes[self.at] != b'\n' {
                        self.at += 1;
                    }
                }
                Some(b"/*") => return None,
                _ => match self.bytes.get(self.at) {
                    Some(c) if c.is_ascii_whitespace() => self.at += 1,
                    _ => return Some(()),
                },
            }
        }
    }

    fn peek(&mut self, c: u8) -> Option<bool> {
        self.skip_blank()?;
        Some(self.bytes.get(self.at) == Some(&c))
    }

    fn punct(&mut self, c: u8) -> Option<()> {
        self.peek(c)?.then(|| self.at += 1)
    }

    fn word(&mut self, w: &str) -> Option<()> {
        self.skip_blank()?;
        let end = self.at + w.len();
        let after = self.bytes.get(end).copied().unwrap_or(b' ');
        (self.bytes.get(self.at..end)? == w.as_bytes()
            && !(after.is_ascii_alphanumeric() || after == b'_'))
            .then(|| self.at = end)
    }

    fn string(&mut self) -> Option<&'a str> {
        self.punct(b'"')?;
        let start = self.at;
        let len = self.bytes[start..].iter().position(|&c| c == b'"')?;
        let s = std::str::from_utf8(&self.bytes[start..start + len]).ok()?;
        if s.contains('\\') {
            return None;
        }
        self.at = start + len + 1;
        Some(s)
    }

    fn number(&mut self) -> Option<f32> {
        self.skip_blank()?;
        let start = self.at;
        while self.at < self.bytes.len()
            && matches!(
                self.bytes[self.at],
                b'0'..=b'9' | b'.' | b'-' | b'+' | b'e' | b'E'
            )
        {
            self.at += 1;
        }
        let token = std::str::from_utf8(&self.bytes[start..self.at]).ok()?;
        let v: f32 = token.parse().ok()?;
        v.is_finite().then_some(v)
    }
}

/// An error at a place of the file: `at` is a 1-based (line, column), (0, 0) for the file.
fn error_at(file: &str, at: (usize, usize), message: String) -> ConfigError {
    ConfigError {
        file: file.to_string(),
        line: at.0,
        column: at.1,
        message,
    }
}

/// Checks one row of values: its length and range. `key` is how messages name the row,
/// `quoted` whether they put it in quotes (a configuration) or not (a feature).
fn check_values(
    file: &str,
    at: &dyn Fn() -> (usize, usize),
    (key, quoted): (&str, bool),
    values: &[f32],
    keyframes: usize,
) -> Result<(), ConfigError> {
    let key = || {
        if quoted {
            format!("\"{key}\"")
        } else {
            key.to_string()
        }
    };
    if values.len() != keyframes {
        return Err(error_at(
            file,
            at(),
            format!(
                "{}: {} values, expected {keyframes} (one per phase keyframe)",
                key(),
                values.len()
            ),
        ));
    }
    if let Some(v) = values
        .iter()
        .find(|v| !(-MAX_VALUE..=MAX_VALUE).contains(*v))
    {
        return Err(error_at(
            file,
            at(),
            format!("{}: value {v} is outside -64..=64 discs", key()),
        ));
    }
    Ok(())
}

/// Parses and validates `config/eval.ron`.
///
/// # Errors
/// [`ConfigError`] naming the file, line, column and key: malformed RON, a missing or
/// unknown key, phases not strictly decreasing within 60..=0, a row of the wrong length, a
/// value outside -64..=64, an unknown or repeated pattern name.
pub fn parse_eval_file(file: &str, text: &str) -> Result<EvalFile, ConfigError> {
    let mut f: EvalFile = parse_ron(file, text)?;
    // A file written before the key existed: 0 at every keyframe. A row written empty is
    // checked below like any other.
    if locate_key(text, "odd_empties", 0).0 == 0 {
        f.odd_empties = vec![0.0; f.phases.len()];
    }
    if f.phases.is_empty() || f.phases[0] > 60 || f.phases.windows(2).any(|w| w[0] <= w[1]) {
        return Err(error_at(
            file,
            locate_key(text, "phases", 0),
            format!(
                "phases: {:?} must be empties strictly decreasing within 60..=0",
                f.phases
            ),
        ));
    }
    for (name, values) in FEATURE_NAMES.iter().zip(f.weights()) {
        check_values(
            file,
            &|| locate_key(text, name, 0),
            (name, false),
            values,
            f.phases.len(),
        )?;
    }
    for (i, name) in f.patterns.iter().enumerate() {
        if family(name).is_none() {
            let known: Vec<&str> = FAMILIES.iter().map(|f| f.name).collect();
            return Err(error_at(
                file,
                locate_string(text, name, 0),
                format!(
                    "patterns: unknown pattern \"{name}\" (known: {})",
                    known.join(", ")
                ),
            ));
        }
        if f.patterns[..i].contains(name) {
            return Err(error_at(
                file,
                locate_string(text, name, 1),
                format!("patterns: \"{name}\" is listed twice"),
            ));
        }
    }
    Ok(f)
}

/// The family named `name`.
pub fn family(name: &str) -> Option<PatternFamily> {
    FAMILIES.iter().copied().find(|f| f.name == name)
}

/// Parses and validates a pattern file for `family` with `keyframes` values per entry,
/// returning (canonical index, values) pairs.
///
/// # Errors
/// [`ConfigError`] naming the file, line, column and entry: malformed RON, a missing or
/// unknown key, a name that is not the family's, a malformed configuration string, a row of
/// the wrong length, a value outside -64..=64, a configuration given twice (directly or as
/// its mirror image).
pub fn parse_pattern_file(
    file: &str,
    text: &str,
    family: &PatternFamily,
    keyframes: usize,
) -> Result<Vec<(usize, Vec<f32>)>, ConfigError> {
    let quick = read_pattern_file_quickly(text);
    let f: PatternFile = quick
        .map_or_else(|| parse_ron(file, text), Ok)
        .map_err(|e| {
            // Only now, on the error path, is the text scanned for where the key was written.
            match repeated_string_keys(text).into_iter().next() {
                Some((key, first, again)) if e.message.starts_with(REPEATED_KEY) => error_at(
                    file,
                    again,
                    format!("\"{key}\" is given twice (first on line {})", first.0),
                ),
                _ => e,
            }
        })?;
    if f.pattern != family.name {
        return Err(error_at(
            file,
            locate_key(text, "pattern", 0),
            format!("pattern: \"{}\", expected \"{}\"", f.pattern, family.name),
        ));
    }
    // For each canonical index, the entry that gave it (a position in `keys`).
    let mut seen = vec![u32::MAX; family.table_size()];
    let mut keys = Vec::with_capacity(f.values.len());
    let mut out = Vec::with_capacity(f.values.len());
    for (key, values) in f.values {
        // Located only for an error: tokenizing the whole file per entry is quadratic.
        let at = || locate_key(text, &key, 0);
        let index = family
            .parse_index(&key)
            .map_err(|e| error_at(file, at(), e.to_string()))?;
        let canonical = family.canonical(index);
        if let Some(other) = keys.get(seen[canonical] as usize) {
            return Err(error_at(
                file,
                at(),
                format!("\"{key}\" is the same configuration as \"{other}\" (mirror image)"),
            ));
        }
        check_values(file, &at, (&key, true), &values, keyframes)?;
        seen[canonical] = keys.len() as u32;
        keys.push(key);
        out.push((canonical, values));
    }
    Ok(out)
}

/// The two keyframes around `empties` and the weight of the second, for interpolation:
/// the value is `(1 - t) * v[i] + t * v[j]`.
pub fn interpolation(phases: &[u32], empties: u32) -> (usize, usize, f32) {
    let last = phases.len() - 1;
    if empties >= phases[0] {
        return (0, 0, 0.0);
    }
    if empties <= phases[last] {
        return (last, last, 0.0);
    }
    let i = phases
        .windows(2)
        .position(|w| w[0] >= empties && empties >= w[1])
        .expect("empties between two keyframes");
    let (hi, lo) = (phases[i], phases[i + 1]);
    (i, i + 1, (hi - empties) as f32 / (hi - lo) as f32)
}

/// Writes `config/eval.ron` text for `file`, values rounded to hundredths.
pub fn write_eval_file(file: &EvalFile) -> String {
    let row = |v: &[f32]| {
        let items: Vec<String> = v.iter().map(|x| format!("{:.2}", x)).collect();
        format!("[{}]", items.join(", "))
    };
    let mut out = String::from(
        "// The evaluator's feature weights. Units: discs of final disc difference per unit of\n\
         // the feature, from the side to move. One value per phase keyframe (a number of empty\n\
         // squares); positions between keyframes interpolate. See config/README.md.\n(\n",
    );
    let phases: Vec<String> = file.phases.iter().map(u32::to_string).collect();
    out.push_str(&format!("    phases: [{}],\n", phases.join(", ")));
    for (name, values) in FEATURE_NAMES.iter().zip(file.weights()) {
        out.push_str(&format!("    {name}: {},\n", row(values)));
    }
    let names: Vec<String> = file.patterns.iter().map(|n| format!("\"{n}\"")).collect();
    out.push_str(&format!("    patterns: [{}],\n)\n", names.join(", ")));
    out
}

/// Writes `config/patterns/<name>.ron` text: one line per configuration (canonical index,
/// keyframe values in discs), skipping configurations whose values all round to 0.
pub fn write_pattern_file(family: &PatternFamily, entries: &[(usize, Vec<f32>)]) -> String {
    let mut out = format!(
        "// The {name} pattern table. Squares in string order: {desc}.\n\
         // X = a disc of the side to move, O = an opponent's disc, - = empty. An entry also\n\
         // stands for its mirror image; configurations not listed are worth 0. Values: discs,\n\
         // one per phase keyframe of config/eval.ron.\n(\n    pattern: \"{name}\",\n    values: {{\n",
        name = family.name,
        desc = family.description
    );
    let mut rows: Vec<(String, String)> = entries
        .iter()
        .filter(|(_, v)| v.iter().any(|x| (x * 100.0).round() != 0.0))
        .map(|(index, v)| {
            let items: Vec<String> = v.iter().map(|x| format!("{:.2}", x)).collect();
            (family.index_to_string(*index), items.join(", "))
        })
        .collect();
    rows.sort();
    for (key, values) in rows {
        out.push_str(&format!("        \"{key}\": [{values}],\n"));
    }
    out.push_str("    },\n)\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interpolation_between_keyframes() {
        let phases = [60, 40, 20, 0];
        assert_eq!(interpolation(&phases, 60), (0, 0, 0.0));
        assert_eq!(interpolation(&phases, 50), (0, 1, 0.5));
        assert_eq!(interpolation(&phases, 20), (1, 2, 1.0));
        assert_eq!(interpolation(&phases, 5), (2, 3, 0.75));
        assert_eq!(interpolation(&phases, 0), (3, 3, 0.0));
        assert_eq!(interpolation(&[50, 10], 55), (0, 0, 0.0));
        assert_eq!(interpolation(&[50, 10], 3), (1, 1, 0.0));
    }

    #[test]
    fn an_eval_file_without_odd_empties_gets_zeros_and_a_short_row_is_refused() {
        let shipped = crate::engine::eval::shipped_eval_text();
        let without: String = shipped
            .lines()
            .filter(|l| !l.trim_start().starts_with("odd_empties:"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_ne!(without, shipped);
        let f = parse_eval_file("eval.ron", &without).unwrap();
        assert_eq!(f.odd_empties, vec![0.0; f.phases.len()]);
        assert_eq!(f, parse_eval_file("eval.ron", shipped).unwrap());
        let short = shipped.replace(
            "odd_empties: [0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00]",
            "odd_empties: [0.50]",
        );
        assert_ne!(short, shipped);
        let e = parse_eval_file("eval.ron", &short).unwrap_err().to_string();
        assert!(e.starts_with("eval.ron:14:"), "{e}");
        assert!(e.contains("odd_empties"), "{e}");
        // An empty row is a row of the wrong length, not a missing key.
        let empty = shipped.replace(
            "odd_empties: [0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00]",
            "odd_empties: []",
        );
        let e = parse_eval_file("eval.ron", &empty).unwrap_err().to_string();
        assert_eq!(
            e,
            "eval.ron:14:5: odd_empties: 0 values, expected 7 (one per phase keyframe)"
        );
    }

    #[test]
    fn pattern_file_errors_name_the_key_line() {
        let edge = family("edge").unwrap();
        let parse = |text: &str| parse_pattern_file("p.ron", text, &edge, 1).unwrap_err();
        // Issue 17: a name mismatch was reported at a comment naming `pattern`.
        let e = parse("// pattern: edge\n(\n  pattern: \"corner3x3\",\n  values: {},\n)");
        assert_eq!(
            e.to_string(),
            "p.ron:3:3: pattern: \"corner3x3\", expected \"edge\""
        );
        // Issue 17: a configuration given twice was silently the last one.
        let key = "X------- --";
        let e = parse(&format!(
            "(\n  pattern: \"edge\",\n  values: {{\n    \"{key}\": [1.0],\n    \"{key}\": [2.0],\n  }},\n)"
        ));
        assert_eq!(
            e.to_string(),
            format!("p.ron:5:5: \"{key}\" is given twice (first on line 4)")
        );
    }

    #[test]
    fn the_quick_reading_gives_what_ron_gives_or_leaves_the_file_to_ron() {
        let ron_reading = |text: &str| parse_ron::<PatternFile>("p.ron", text).unwrap();
        for family in crate::engine::eval::pattern::FAMILIES {
            let name = family.name;
            let text = crate::engine::eval::shipped_pattern_text(name).unwrap();
            let quick = read_pattern_file_quickly(text).expect("a written file");
            assert!(quick.values.len() > 40, "{name}");
            assert_eq!(quick, ron_reading(text), "{name}");
        }
        let edge = family("edge").unwrap();
        let entries = vec![
            (0, vec![0.01, -63.99, 1e-3, 0.0]),
            (edge.canonical(5), vec![-0.0, 12.5, -7.25, 64.0]),
        ];
        let text = write_pattern_file(&edge, &entries);
        assert_eq!(read_pattern_file_quickly(&text), Some(ron_reading(&text)));
        // Hand-written RON the quick reader does not take: RON reads (and judges) these.
        let body = "pattern: \"edge\", values: { \"X------- --\": [1.0, 2] }";
        assert_eq!(
            read_pattern_file_quickly(&format!("({body},)")),
            Some(ron_reading(&format!("({body},)")))
        );
        for text in [
            format!("/* a block comment */ ({body})"),
            "(values: {}, pattern: \"edge\")".to_string(),
            format!("({body}) trailing"),
            "(pattern: \"ed\\u0067e\", values: {})".to_string(),
            "(pattern: \"edge\", values: { \"X------- --\": [inf] })".to_string(),
            "(pattern: \"edge\", values: { \"X------- --\": [1_0.0] })".to_string(),
            "(pattern: \"edge\", values: { \"a\": [1], \"a\": [2] })".to_string(),
            "(pattern: \"edge\", values: { \"a\": [1] }".to_string(),
        ] {
            assert_eq!(read_pattern_file_quickly(&text), None, "{text}");
        }
    }
}
