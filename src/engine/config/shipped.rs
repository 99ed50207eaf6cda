//! The shipped settings files, compiled in, as the defaults of a designer's copies: a key
//! that a designer's `search.ron` or `mcts.ron` leaves out takes the shipped file's value.
//! One mechanism for every such file: a [`ShippedFile`] reads its text once, and
//! [`shipped_defaults!`] makes, for each field of a settings struct, the function serde
//! calls when a file leaves that key out. The shipped file itself must give every key (a
//! test of each file reads it), and one that does not is named at once instead of
//! recursing.

use std::cell::Cell;
use std::sync::OnceLock;

use crate::engine::config::error::ConfigError;

thread_local! {
    /// The shipped file being read on this thread, if any: a key it leaves out would ask for
    /// its own default, which is the shipped file's.
    static READING: Cell<Option<&'static str>> = const { Cell::new(None) };
}

/// A settings file compiled into the program, read (and checked) the first time it is
/// asked for.
pub(crate) struct ShippedFile<T> {
    /// Its name in messages (`config/search.ron`).
    file: &'static str,
    text: &'static str,
    parse: fn(&str, &str) -> Result<T, ConfigError>,
    value: OnceLock<T>,
}

impl<T> ShippedFile<T> {
    /// The file `file` with the text `text`, read by `parse(file, text)`.
    pub(crate) const fn new(
        file: &'static str,
        text: &'static str,
        parse: fn(&str, &str) -> Result<T, ConfigError>,
    ) -> ShippedFile<T> {
        ShippedFile {
            file,
            text,
            parse,
            value: OnceLock::new(),
        }
    }

    /// The shipped settings.
    ///
    /// # Panics
    /// When the shipped file does not read: a test reads each.
    pub(crate) fn get(&self) -> &T {
        self.value.get_or_init(|| {
            READING.set(Some(self.file));
            let read = (self.parse)(self.file, self.text);
            READING.set(None);
            read.unwrap_or_else(|e| panic!("the shipped {} is valid: {e}", self.file))
        })
    }

    /// The shipped value of `key`, for a file that leaves it out.
    ///
    /// # Panics
    /// When the shipped file itself leaves `key` out.
    pub(crate) fn value<U>(&self, key: &str, get: impl FnOnce(&T) -> U) -> U {
        assert!(
            READING.get() != Some(self.file),
            "the shipped {} must give every key, and leaves out {key}",
            self.file
        );
        get(self.get())
    }
}

/// Defines `mod $module` with, for each listed field, the function serde calls when a file
/// leaves the key out (`#[serde(default = "$module::field")]`): the value at `$path` of
/// the shipped settings `$shipped` (a [`ShippedFile`]), `$prefix` naming the key's section
/// in messages.
macro_rules! shipped_defaults {
    ($module:ident, $shipped:path, $prefix:literal, |$c:ident| $path:expr, { $($field:ident: $ty:ty),* $(,)? }) => {
        pub(crate) mod $module {
            use super::*;
            $(
                pub fn $field() -> $ty {
                    $shipped.value(concat!($prefix, stringify!($field)), |$c| $path.$field.clone())
                }
            )*
        }
    };
}

pub(crate) use shipped_defaults;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{MctsConfig, SearchConfig};

    /// Reads `text` as if it were the shipped file `file` (whose defaults are its own).
    fn read_as_shipped<T>(file: &'static str, parse: impl FnOnce() -> T) -> T {
        READING.set(Some(file));
        let read = parse();
        READING.set(None);
        read
    }

    #[test]
    #[should_panic(
        expected = "the shipped config/search.ron must give every key, and leaves out solver.table_min_empties"
    )]
    fn a_shipped_search_file_without_a_key_is_named() {
        let _ = SearchConfig::shipped();
        let _ = read_as_shipped("config/search.ron", || {
            SearchConfig::from_ron("config/search.ron", "(solver: (guess_depth: 4))")
        });
    }

    #[test]
    #[should_panic(
        expected = "the shipped config/mcts.ron must give every key, and leaves out heavy.corner"
    )]
    fn a_shipped_mcts_file_without_a_key_is_named() {
        let _ = MctsConfig::shipped();
        let _ = read_as_shipped("config/mcts.ron", || {
            MctsConfig::from_ron("config/mcts.ron", "(heavy: (edge: 3.0))")
        });
    }

    #[test]
    fn a_designers_copy_takes_what_it_leaves_out_from_the_shipped_file() {
        let search = SearchConfig::from_ron("s.ron", "(exact_empties: 12)").unwrap();
        assert_eq!(search.exact_empties, 12);
        assert_eq!(
            SearchConfig {
                exact_empties: SearchConfig::shipped().exact_empties,
                ..search
            },
            SearchConfig::shipped()
        );
        let mcts = MctsConfig::from_ron("m.ron", "(heavy: (edge: 3.0))").unwrap();
        assert_eq!(mcts.heavy.edge, 3.0);
        assert_eq!(mcts.heavy.corner, MctsConfig::shipped().heavy.corner);
        assert_eq!(mcts.exploration, MctsConfig::shipped().exploration);
    }
}
