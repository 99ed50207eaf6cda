//! The book's file: versioned line-based text with a checksum.
//!
//! ```text
//! reversi-book 1
//! 0000000810000000 0000001008000000 d6:+1:12 3 0 1
//! ...
//! checksum 6c62272e07bb0142
//! ```
//!
//! After the header, one position a line, sorted: the side to move's discs and the other
//! side's as 16 hex digits (bit 0 = a1, bit 63 = h8; any orientation is read, the canonical
//! one is written), the leaf as `move:value:depth` (`--` for the position's own value, `-`
//! for no leaf), then the wins, draws and losses of the side to move, and, when a value was
//! set by hand, `=value` (e.g. `=-4`). A position removed by hand is its two words and
//! `removed`, after the positions: so a player's book keeps what it removed from the
//! shipped book. The last line is the
//! FNV-1a 64 hash of every byte between the header line and it, so that a truncated or
//! edited file is noticed. Lines starting with `#` are comments (and count in the hash).

use std::fmt::Write;

use crate::engine::board::{Board, BookKey};
use crate::engine::book::{Book, Entry, Leaf, Stats};
use crate::engine::formats::{FNV_OFFSET, fnv1a};
use crate::engine::square::Square;

/// The first line of a book file (the format's version).
pub const BOOK_HEADER: &str = "reversi-book 1";

/// What is wrong with one position line of a book.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookLineError {
    /// Not six or seven fields (or three for a removed position).
    #[error(
        "{0} fields: expected 6 (player, opponent, leaf, wins, draws, losses), 7 (and \
         =value) or 3 (player, opponent, removed)"
    )]
    Fields(usize),
    /// A value set by hand that is not `=` and a number of discs.
    #[error("\"{0}\": expected a value set by hand, =-64 to =+64")]
    Fixed(String),
    /// A board word that is not 16 hex digits.
    #[error("\"{0}\": expected 16 hex digits")]
    Board(String),
    /// The two sides share a square.
    #[error("the two sides share squares {0:#018x}")]
    Overlap(u64),
    /// A leaf that is not `move:value:depth` or `-`.
    #[error("leaf \"{0}\": expected move:value:depth (e.g. d6:+1:12, --:+4:60) or -")]
    Leaf(String),
    /// The leaf's move is not legal in the position.
    #[error("leaf move {0} is not legal in this position")]
    IllegalMove(Square),
    /// A count that is not a number.
    #[error("count \"{0}\": expected a whole number")]
    Count(String),
    /// The position is already in the book (in this or another orientation).
    #[error("the position is already in the book")]
    Duplicate,
}

/// A book file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// No text at all.
    #[error("empty file: expected \"{BOOK_HEADER}\"")]
    Empty,
    /// The first line is not [`BOOK_HEADER`].
    #[error("line 1: \"{0}\": expected \"{BOOK_HEADER}\" (an unknown format or version)")]
    Header(String),
    /// A bad position line (1-based).
    #[error("line {line}: {error}")]
    Line {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        error: BookLineError,
    },
    /// The file ends without its checksum line: it was cut short.
    #[error("no checksum line after line {0}: the file is truncated")]
    Truncated(usize),
    /// The checksum does not match the text: the file was damaged or edited.
    #[error("line {line}: checksum \"{found}\" does not match the text ({computed:016x})")]
    Checksum {
        /// The checksum line's number.
        line: usize,
        /// The checksum as written.
        found: String,
        /// The checksum of the text read.
        computed: u64,
    },
    /// Text after the checksum line.
    #[error("line {0}: text after the checksum line")]
    AfterChecksum(usize),
}

impl Book {
    /// The book as text (see the module docs): positions sorted by key, so that the same
    /// book always writes the same bytes.
    pub fn to_text(&self) -> String {
        let mut keys: Vec<&BookKey> = self.entries.keys().collect();
        keys.sort();
        let mut body = String::with_capacity(keys.len() * 56);
        for key in keys {
            let e = &self.entries[key];
            let leaf = match e.leaf {
                None => "-".to_string(),
                Some(l) => format!(
                    "{}:{:+}:{}",
                    l.best.map_or("--".to_string(), |sq| sq.to_string()),
                    l.value,
                    l.depth
                ),
            };
            let _ = write!(
                body,
                "{:016x} {:016x} {leaf} {} {} {}",
                key.player, key.opponent, e.stats.wins, e.stats.draws, e.stats.losses
            );
            match e.fixed {
                Some(v) => {
                    let _ = writeln!(body, " ={v:+}");
                }
                None => body.push('\n'),
            }
        }
        for key in &self.removed {
            let _ = writeln!(body, "{:016x} {:016x} removed", key.player, key.opponent);
        }
        let checksum = fnv1a(FNV_OFFSET, body.as_bytes());
        format!("{BOOK_HEADER}\n{body}checksum {checksum:016x}\n")
    }

    /// Reads a book written by [`Book::to_text`] (or by hand: any orientation, comments).
    ///
    /// # Errors
    /// The first problem found, with its line: an unknown header, a bad line, a position
    /// given twice, a missing checksum (a truncated file) or one that does not match.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut lines = text.split_inclusive('\n').enumerate();
        let header = match lines.next() {
            None => return Err(BookError::Empty),
            Some((_, l)) => l.trim_end(),
        };
        if header != BOOK_HEADER {
            return Err(BookError::Header(header.to_string()));
        }
        let mut book = Book::new();
        let mut hash = FNV_OFFSET;
        let mut last = 1;
        while let Some((i, raw)) = lines.next() {
            let line = raw.trim_end();
            last = i + 1;
            if let Some(found) = line.strip_prefix("checksum ") {
                let found = found.trim();
                if u64::from_str_radix(found, 16) != Ok(hash) {
                    return Err(BookError::Checksum {
                        line: i + 1,
                        found: found.to_string(),
                        computed: hash,
                    });
                }
                if let Some((j, _)) = lines.find(|(_, l)| !l.trim().is_empty()) {
                    return Err(BookError::AfterChecksum(j + 1));
                }
                return Ok(book);
            }
            hash = fnv1a(hash, raw.as_bytes());
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            book.read_line(line)
                .map_err(|error| BookError::Line { line: i + 1, error })?;
        }
        Err(BookError::Truncated(last))
    }

    /// Adds one position line.
    fn read_line(&mut self, line: &str) -> Result<(), BookLineError> {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [player, opponent, ref rest @ ..] = fields[..] else {
            return Err(BookLineError::Fields(fields.len()));
        };
        let word = |s: &str| {
            if s.len() == 16 {
                u64::from_str_radix(s, 16).map_err(|_| BookLineError::Board(s.to_string()))
            } else {
                Err(BookLineError::Board(s.to_string()))
            }
        };
        let board = Board {
            player: word(player)?,
            opponent: word(opponent)?,
        };
        if board.player & board.opponent != 0 {
            return Err(BookLineError::Overlap(board.player & board.opponent));
        }
        let (key, sym) = BookKey::of(&board);
        if self.entries.contains_key(&key) || self.removed.contains(&key) {
            return Err(BookLineError::Duplicate);
        }
        let (leaf, wins, draws, losses, fixed) = match *rest {
            ["removed"] => {
                self.removed.insert(key);
                return Ok(());
            }
            [leaf, wins, draws, losses] => (leaf, wins, draws, losses, None),
            [leaf, wins, draws, losses, fixed] => (leaf, wins, draws, losses, Some(fixed)),
            _ => return Err(BookLineError::Fields(fields.len())),
        };
        let fixed = fixed
            .map(|f| {
                f.strip_prefix('=')
                    .and_then(|v| v.parse::<i8>().ok())
                    .filter(|v| (-64..=64).contains(v))
                    .ok_or_else(|| BookLineError::Fixed(f.to_string()))
            })
            .transpose()?;
        let count = |s: &str| {
            s.parse::<u32>()
                .map_err(|_| BookLineError::Count(s.to_string()))
        };
        let stats = Stats {
            wins: count(wins)?,
            draws: count(draws)?,
            losses: count(losses)?,
        };
        let leaf = parse_leaf(leaf, &board)?;
        let leaf = leaf.map(|l| Leaf {
            best: l.best.map(|sq| sym.apply_square(sq)),
            ..l
        });
        self.entries.insert(key, Entry { leaf, stats, fixed });
        Ok(())
    }
}

/// Reads a leaf field of a line for `board` (in the line's orientation).
fn parse_leaf(field: &str, board: &Board) -> Result<Option<Leaf>, BookLineError> {
    if field == "-" {
        return Ok(None);
    }
    let bad = || BookLineError::Leaf(field.to_string());
    let mut parts = field.split(':');
    let (Some(mv), Some(value), Some(depth), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad());
    };
    let best = match mv {
        "--" => None,
        _ => {
            let sq: Square = mv.parse().map_err(|_| bad())?;
            if board.moves() & (1 << sq.index()) == 0 {
                return Err(BookLineError::IllegalMove(sq));
            }
            Some(sq)
        }
    };
    let value: i8 = value.parse().map_err(|_| bad())?;
    if !(-64..=64).contains(&value) {
        return Err(bad());
    }
    let depth: u8 = depth.parse().map_err(|_| bad())?;
    Ok(Some(Leaf { best, value, depth }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::board_after as after;

    fn small_book() -> Book {
        let mut book = Book::new();
        book.set_leaf(&after("f5"), Some("d6".parse().unwrap()), 1, 12);
        book.set_leaf(&after("f5f4"), Some("e3".parse().unwrap()), -3, 12);
        book.add_result(&after("f5f4"), -6);
        book
    }

    #[test]
    fn text_round_trips_and_is_stable() {
        let book = small_book();
        let text = book.to_text();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0], BOOK_HEADER);
        assert!(lines[3].starts_with("checksum "), "{text}");
        let read = Book::parse(&text).unwrap();
        assert_eq!(read, book);
        assert_eq!(read.to_text(), text);
        assert_eq!(read.value(&after("f5")), Some(3));
    }

    #[test]
    fn damaged_files_name_the_line_and_the_problem() {
        let text = small_book().to_text();
        assert_eq!(Book::parse(""), Err(BookError::Empty));
        assert_eq!(
            Book::parse("reversi-book 9\n").unwrap_err().to_string(),
            "line 1: \"reversi-book 9\": expected \"reversi-book 1\" (an unknown format or version)"
        );
        // Cut short: the checksum line is missing.
        let cut: String = text.lines().take(2).map(|l| format!("{l}\n")).collect();
        assert_eq!(Book::parse(&cut), Err(BookError::Truncated(2)));
        // One digit changed in a value: the checksum no longer matches.
        let edited = text.replacen(":-3:", ":-4:", 1);
        assert_ne!(edited, text);
        // The hash of the lines between the header and the checksum line.
        let body_hash = |t: &str| {
            let body = t
                .split_once('\n')
                .unwrap()
                .1
                .rsplit_once("checksum ")
                .unwrap()
                .0;
            fnv1a(FNV_OFFSET, body.as_bytes())
        };
        let written = text
            .lines()
            .nth(3)
            .unwrap()
            .strip_prefix("checksum ")
            .unwrap();
        assert_eq!(
            Book::parse(&edited),
            Err(BookError::Checksum {
                line: 4,
                found: written.to_string(),
                computed: body_hash(&edited)
            })
        );
        // A checksum that is not hex is a mismatch too, quoted as written.
        let garbled = text.replace(written, "zz");
        assert_eq!(
            Book::parse(&garbled).unwrap_err().to_string(),
            format!(
                "line 4: checksum \"zz\" does not match the text ({:016x})",
                body_hash(&text)
            )
        );
        // A bad line is reported before the checksum is reached.
        let bad = format!("{BOOK_HEADER}\n0000000810000000 00000010080000 - 0 0 0\n");
        assert_eq!(
            Book::parse(&bad).unwrap_err().to_string(),
            "line 2: \"00000010080000\": expected 16 hex digits"
        );
        let start = Board::start();
        let illegal = format!(
            "{BOOK_HEADER}\n{:016x} {:016x} a1:+0:4 0 0 0\n",
            start.player, start.opponent
        );
        assert_eq!(
            Book::parse(&illegal).unwrap_err().to_string(),
            "line 2: leaf move a1 is not legal in this position"
        );
        let twice = format!(
            "{BOOK_HEADER}\n{p:016x} {o:016x} - 0 0 0\n{p:016x} {o:016x} - 1 0 0\n",
            p = start.player,
            o = start.opponent
        );
        assert_eq!(
            Book::parse(&twice).unwrap_err().to_string(),
            "line 3: the position is already in the book"
        );
        // A value set by hand out of range, or not a number; a removed position given
        // again; a line of the wrong length.
        for (rest, error) in [
            (
                "- 0 0 0 =+65",
                "line 2: \"=+65\": expected a value set by hand, =-64 to =+64",
            ),
            (
                "- 0 0 0 4",
                "line 2: \"4\": expected a value set by hand, =-64 to =+64",
            ),
            (
                "- 0 0",
                "line 2: 5 fields: expected 6 (player, opponent, leaf, wins, draws, losses), \
                 7 (and =value) or 3 (player, opponent, removed)",
            ),
            (
                "removed\n{p:016x} {o:016x} - 0 0 0",
                "line 3: the position is already in the book",
            ),
        ] {
            let line = format!(
                "{BOOK_HEADER}\n{:016x} {:016x} {}\n",
                start.player,
                start.opponent,
                rest.replace("{p:016x}", &format!("{:016x}", start.player))
                    .replace("{o:016x}", &format!("{:016x}", start.opponent))
            );
            assert_eq!(Book::parse(&line).unwrap_err().to_string(), error, "{rest}");
        }
        let after_end = format!("{text}0 0 - 0 0 0\n");
        assert_eq!(Book::parse(&after_end), Err(BookError::AfterChecksum(5)));
    }
}
