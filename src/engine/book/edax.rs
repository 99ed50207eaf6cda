//! Edax's opening-book file (`book.dat`), read and written (issue 56): the common format
//! players trade books in. Our own reader and writer of the layout Edax 4 documents in its
//! sources; all numbers little-endian.
//!
//! The header, 42 bytes: `EDAX` and `BOOK` as two 32-bit words (the bytes `XADE` `KOOB`);
//! the version (4) and release bytes; the date (a 16-bit year, then month, day, hour,
//! minute and second bytes, padded to 8 bytes); the options (level, empties, midgame error,
//! endcut error, verbosity: five 32-bit integers); the number of positions (32 bits).
//!
//! Each position: the side to move's discs and the other side's (64 bits each, bit 0 = a1,
//! bit 63 = h8; the board in the orientation whose (player, opponent) pair is the smallest of
//! its eight images, as [`BookKey`] keeps it); wins, draws, losses and open lines (32 bits
//! each); the value and its lower and upper bounds (16 bits each); the number of links and
//! the search level (a byte each); then each link (a move to a position of the book: its
//! score, a signed byte, then its square, 0..=63, or 64 for a pass) and last the leaf (the
//! best move out of the book, the same two bytes; square 65 and score -127 when there is
//! none).
//!
//! Ours to theirs: a position's value is its negamax value, its links the moves whose
//! positions are in the book (worth minus their values), its leaf our leaf unless a link
//! supersedes it, its level the leaf's search depth (60 for exact), its counts our games'
//! results. Theirs to ours: every position with its counts and its leaf (value and depth);
//! link scores are not kept, as the positions they lead to carry the values.

use crate::engine::board::{Board, BookKey};
use crate::engine::formats::{ByteError, ByteReader as Reader};
use crate::engine::square::Square;

use super::EXACT_DEPTH;
use super::{Book, Stats};

/// The first word of an Edax file ("EDAX").
const EDAX: u32 = 0x4544_4158;
/// The second word of a book ("BOOK").
const BOOK: u32 = 0x424F_4F4B;
/// The version Edax 4 reads and writes.
const VERSION: u8 = 4;
/// The release byte we write (Edax 4.4's).
const RELEASE: u8 = 4;
/// The header's length in bytes.
const HEADER: usize = 42;
/// A position's length before its links.
const FIXED: usize = 40;
/// A pass, as a link's square.
const PASS: u8 = 64;
/// No move, as the leaf's square.
const NO_MOVE: u8 = 65;
/// The score of no move.
const NO_SCORE: i8 = -127;

/// What is wrong with an Edax book file, and where.
pub type EdaxError = ByteError;

/// Reads an Edax book into a book of ours.
///
/// # Errors
/// [`EdaxError`] with the byte offset: not an Edax book (its first eight bytes), another
/// version, a file that ends inside a position, a square with both colours, a link or leaf
/// that is not a legal move of its position (or a pass where there are moves), a position
/// twice, or fewer or more positions than the header announces. Nothing is read then.
pub fn read_edax(bytes: &[u8]) -> Result<Book, EdaxError> {
    let mut r = Reader { bytes, at: 0 };
    let (edax, book) = (r.u32("the header")?, r.u32("the header")?);
    if edax != EDAX || book != BOOK {
        return Err(EdaxError {
            offset: 0,
            message: "not an Edax book: it does not begin with the bytes \"XADEKOOB\"".into(),
        });
    }
    let version = r.u8("the header")?;
    if version != VERSION {
        return Err(EdaxError {
            offset: 8,
            message: format!("book version {version}; only Edax 4's version 4 is read"),
        });
    }
    // The release, the date and the options say nothing the positions do not.
    r.take(1 + 8 + 20, "the header")?;
    let announced = r.u32("the header")? as usize;
    let mut out = Book::new();
    let mut count = 0usize;
    while r.at < bytes.len() {
        let start = r.at;
        count += 1;
        let at = |message: String| EdaxError {
            offset: start,
            message: format!("position {count}: {message}"),
        };
        let what = format!("position {count}");
        let board = Board {
            player: r.u64(&what)?,
            opponent: r.u64(&what)?,
        };
        let stats = Stats {
            wins: r.u32(&what)?,
            draws: r.u32(&what)?,
            losses: r.u32(&what)?,
        };
        // Open lines, the value and its bounds: ours come from the positions.
        r.take(4 + 6, &what)?;
        let links = r.u8(&what)?;
        let level = r.u8(&what)?;
        if board.player & board.opponent != 0 {
            return Err(at("a square holds discs of both colours".into()));
        }
        let moves = board.moves();
        // A pass links to the position after it; as the leaf it stands for the position's
        // own value (the side must pass, or the game is over).
        let legal = |sq: u8, leaf: bool| -> Result<Option<Square>, String> {
            match sq {
                0..=63 if moves & (1 << sq) != 0 => Ok(Some(Square::from_index(sq))),
                PASS if moves == 0 && (leaf || board.pass().has_moves()) => Ok(None),
                0..=63 => Err(format!("{} is not a legal move", Square::from_index(sq))),
                PASS => Err("a pass where the side to move has a move, or the game is over".into()),
                _ => Err(format!("square number {sq} is not a square")),
            }
        };
        for _ in 0..links {
            let (_, sq) = (r.u8(&what)?, r.u8(&what)?);
            legal(sq, false).map_err(|m| at(format!("link: {m}")))?;
        }
        let (score, sq) = (r.u8(&what)? as i8, r.u8(&what)?);
        if out.get(&board).is_some() {
            return Err(at(
                "the same position as an earlier one (up to symmetry)".into()
            ));
        }
        if sq == NO_MOVE || score == NO_SCORE {
            out.remove_leaf(&board);
        } else {
            let best = legal(sq, true).map_err(|m| at(format!("leaf: {m}")))?;
            if !(-64..=64).contains(&score) {
                return Err(at(format!("leaf score {score} is not in -64..=64")));
            }
            let depth = if u32::from(level) >= 60 {
                EXACT_DEPTH
            } else {
                u32::from(level)
            };
            out.set_leaf(&board, best, i32::from(score), depth);
        }
        out.set_stats(&board, stats);
    }
    if count != announced {
        return Err(EdaxError {
            offset: 38,
            message: format!("the header announces {announced} positions; the file holds {count}"),
        });
    }
    Ok(out)
}

/// Writes `book` as an Edax book, its positions in key order (the date left at zero).
pub fn write_edax(book: &Book) -> Vec<u8> {
    let mut keys: Vec<&BookKey> = book.iter().map(|(k, _)| k).collect();
    keys.sort();
    let mut out = Vec::with_capacity(HEADER + keys.len() * (FIXED + 8));
    let level = book
        .iter()
        .filter_map(|(_, e)| e.leaf.map(|l| l.depth.min(60)))
        .max()
        .unwrap_or(0);
    let empties = keys
        .iter()
        .map(|k| k.board().empty_count())
        .max()
        .unwrap_or(0);
    out.extend_from_slice(&EDAX.to_le_bytes());
    out.extend_from_slice(&BOOK.to_le_bytes());
    out.extend_from_slice(&[VERSION, RELEASE]);
    out.extend_from_slice(&[0; 8]);
    for option in [u32::from(level), empties, 2, 1, 0] {
        out.extend_from_slice(&option.to_le_bytes());
    }
    out.extend_from_slice(&(keys.len() as u32).to_le_bytes());
    for key in keys {
        let board = key.board();
        let entry = book.get(&board).expect("a key of the book");
        out.extend_from_slice(&board.player.to_le_bytes());
        out.extend_from_slice(&board.opponent.to_le_bytes());
        for count in [entry.stats.wins, entry.stats.draws, entry.stats.losses, 0] {
            out.extend_from_slice(&count.to_le_bytes());
        }
        let value = book.value(&board);
        let (v, lower, upper) = match value {
            Some(v) => (v as i16, v as i16, v as i16),
            None => (-127, -127, 127),
        };
        for word in [v, lower, upper] {
            out.extend_from_slice(&word.to_le_bytes());
        }
        // The links: moves to positions of the book (a pass when the side must pass).
        let mut links: Vec<(i8, u8)> = Vec::new();
        if board.has_moves() {
            for m in book.moves(&board).iter().filter(|m| m.in_book) {
                links.push((m.value.clamp(-64, 64) as i8, m.square.index()));
            }
        } else if let Some(v) = book.value(&board.pass()) {
            links.push(((-v).clamp(-64, 64) as i8, PASS));
        }
        links.sort_by_key(|&(_, sq)| sq);
        // A leaf whose move leads into the book is superseded: Edax keeps the two apart.
        let leaf = entry.leaf.filter(|l| match l.best {
            Some(sq) => !links.iter().any(|&(_, s)| s == sq.index()),
            None => links.is_empty(),
        });
        let depth = leaf.map_or(0, |l| l.depth.min(60));
        let leaf = leaf.map_or((NO_SCORE, NO_MOVE), |l| {
            (l.value, l.best.map_or(PASS, Square::index))
        });
        out.extend_from_slice(&[links.len() as u8, depth]);
        for (score, sq) in links {
            out.extend_from_slice(&[score as u8, sq]);
        }
        out.extend_from_slice(&[leaf.0 as u8, leaf.1]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::board_after as after;

    #[test]
    fn the_shipped_book_goes_through_edax_s_format_whole() {
        let book = Book::shipped();
        let bytes = write_edax(book);
        let back = read_edax(&bytes).unwrap();
        assert_eq!(back.len(), book.len());
        for (key, entry) in book.iter() {
            let board = key.board();
            assert_eq!(back.value(&board), book.value(&board), "{key:?}");
            assert_eq!(back.moves(&board), book.moves(&board), "{key:?}");
            assert_eq!(back.get(&board).unwrap().stats, entry.stats, "{key:?}");
        }
        assert_eq!(write_edax(&back), bytes);
    }

    /// A small book: the root's leaf, two children (one with a leaf that a grandchild
    /// supersedes), counts.
    fn small() -> Book {
        let mut book = Book::new();
        book.set_leaf(&after("f5"), Some("d6".parse().unwrap()), 1, 12);
        book.set_leaf(&after("f5f4"), Some("e3".parse().unwrap()), -3, 60);
        book.set_leaf(&after("f5f6"), Some("e6".parse().unwrap()), 2, 14);
        book.set_leaf(&after("f5f6e6"), Some("f4".parse().unwrap()), 0, 14);
        book.add_result(&after("f5"), 4);
        book.add_result(&after("f5"), -2);
        book.add_result(&after("f5f4"), 0);
        book
    }

    #[test]
    fn a_book_written_and_read_again_has_every_position_value_and_count() {
        let book = small();
        let bytes = write_edax(&book);
        // The header, then each position: 40 bytes and two a link and for the leaf.
        assert_eq!(&bytes[..8], b"XADEKOOB");
        assert_eq!((bytes[8], bytes[9]), (4, 4));
        assert_eq!(u32::from_le_bytes(bytes[38..42].try_into().unwrap()), 4);
        let back = read_edax(&bytes).unwrap();
        assert_eq!(back.len(), book.len());
        for (key, entry) in book.iter() {
            let board = key.board();
            assert_eq!(back.value(&board), book.value(&board), "{key:?}");
            assert_eq!(back.get(&board).unwrap().stats, entry.stats);
            assert_eq!(back.moves(&board), book.moves(&board));
        }
        // f5f6's leaf e6 is superseded by the position after it: written as no leaf.
        assert_eq!(back.get(&after("f5f6")).unwrap().leaf, None);
        // Exact stays exact; other depths are kept.
        assert_eq!(back.get(&after("f5f4")).unwrap().leaf.unwrap().depth, 60);
        assert_eq!(back.get(&after("f5")).unwrap().leaf.unwrap().depth, 12);
        // The root's record links to f5f4 and f5f6: f4 (+3 for White) and f6 (0: f5f6e6's
        // value supersedes f5f6's leaf), in the key's orientation.
        let (root, sym) = BookKey::of(&after("f5"));
        let mut at = HEADER;
        let links = loop {
            let player = u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
            let opponent = u64::from_le_bytes(bytes[at + 8..at + 16].try_into().unwrap());
            let n = usize::from(bytes[at + FIXED - 2]);
            if (player, opponent) == (root.player, root.opponent) {
                break (0..n)
                    .map(|i| {
                        (
                            bytes[at + FIXED + 2 * i] as i8,
                            bytes[at + FIXED + 2 * i + 1],
                        )
                    })
                    .collect::<Vec<_>>();
            }
            at += FIXED + 2 * (n + 1);
        };
        let square = |s: &str| sym.apply_square(s.parse().unwrap()).index();
        let mut expected = vec![(3, square("f4")), (0, square("f6"))];
        expected.sort_by_key(|&(_, sq)| sq);
        assert_eq!(links, expected);
        // Written again, the same bytes.
        assert_eq!(write_edax(&back), bytes);
    }

    #[test]
    fn damaged_files_are_refused_with_the_byte_offset() {
        let bytes = write_edax(&small());
        let err = |b: &[u8]| read_edax(b).unwrap_err().to_string();
        assert_eq!(
            err(b"GARBAGE!and more"),
            "byte 0: not an Edax book: it does not begin with the bytes \"XADEKOOB\""
        );
        let mut v5 = bytes.clone();
        v5[8] = 5;
        assert_eq!(
            err(&v5),
            "byte 8: book version 5; only Edax 4's version 4 is read"
        );
        assert_eq!(
            err(&bytes[..20]),
            "byte 9: the file ends inside the header (11 bytes left, 29 needed)"
        );
        // Cut inside the last position.
        let cut = &bytes[..bytes.len() - 3];
        let e = read_edax(cut).unwrap_err();
        assert!(
            e.message.starts_with("the file ends inside position 4"),
            "{e}"
        );
        // Both colours on a square in the first position.
        let mut both = bytes.clone();
        both[HEADER + 8..HEADER + 16].copy_from_slice(&u64::MAX.to_le_bytes());
        assert_eq!(
            err(&both),
            "byte 42: position 1: a square holds discs of both colours"
        );
        // A leaf on an occupied square.
        let mut occupied = bytes.clone();
        let last = occupied.len() - 1;
        occupied[last - 1] = 0;
        occupied[last] = 27; // d4: a centre square, never empty.
        let e = read_edax(&occupied).unwrap_err();
        assert!(e.message.ends_with("leaf: d4 is not a legal move"), "{e}");
        // One position more than the header says.
        let mut more = bytes.clone();
        more[38] = 3;
        assert_eq!(
            err(&more),
            "byte 38: the header announces 3 positions; the file holds 4"
        );
    }
}
