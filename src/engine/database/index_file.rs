//! The database on disk: the games, their names and the index in one file, read back far
//! faster than the WTHOR files are read and indexed. All numbers little-endian:
//!
//! - the magic `RVTHORDB` and the version (32 bits, 1);
//! - the source files: their number (32 bits), then each one's name (16-bit length and
//!   UTF-8), size and time modified (seconds since 1970; 64 bits each);
//! - the players' names, then the tournaments': their number (32 bits), then each name
//!   (16-bit length and UTF-8);
//! - the games: their number (32 bits), then 75 bytes each: the year (16 bits), the
//!   tournament's, Black's and White's numbers (32 bits each), Black's disc difference at the
//!   end (a signed byte) and the 60 moves (a square's index plus one, 0 after the last);
//! - the index: its length (32 bits), the hashes (32 bits each, sorted), then each hash's
//!   game (32 bits each);
//! - the FNV-1a 64 hash of every byte before it.
//!
//! A damaged file is refused with the byte where it goes wrong; every game is replayed as it
//! is read, so that no illegal move reaches a question.

use crate::engine::board::Board;
use crate::engine::formats::{ByteError, ByteReader, FNV_OFFSET, fnv1a};
use crate::engine::square::Square;

use super::{Database, DbGame};

/// The first bytes of an index file.
pub const INDEX_MAGIC: &[u8; 8] = b"RVTHORDB";
/// The version written.
const VERSION: u32 = 1;
/// A game's bytes.
const GAME_BYTES: usize = 2 + 3 * 4 + 1 + 60;

/// A file the games were read from: an index is stale when the folder's files differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// Its name in the folder.
    pub name: String,
    /// Its size in bytes.
    pub size: u64,
    /// When it was last modified, in seconds since 1970.
    pub modified: u64,
}

/// The index's checksum: FNV-1a 64 of `bytes`.
pub(super) fn checksum(bytes: &[u8]) -> u64 {
    fnv1a(FNV_OFFSET, bytes)
}

/// Writes a name: its 16-bit length and its bytes (cut to 65,535 bytes on a character's
/// boundary).
fn put_name(out: &mut Vec<u8>, name: &str) {
    let mut end = name.len().min(usize::from(u16::MAX));
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    out.extend_from_slice(&(end as u16).to_le_bytes());
    out.extend_from_slice(&name.as_bytes()[..end]);
}

/// Writes a list's length.
fn put_len(out: &mut Vec<u8>, len: usize) {
    out.extend_from_slice(
        &u32::try_from(len)
            .expect("fewer than 4 billion")
            .to_le_bytes(),
    );
}

impl Database {
    /// The database as an index file (see the module's docs).
    pub fn to_index_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(
            64 + self.games.len() * GAME_BYTES + self.hashes.len() * 8 + self.players.len() * 16,
        );
        out.extend_from_slice(INDEX_MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        put_len(&mut out, self.sources.len());
        for source in &self.sources {
            put_name(&mut out, &source.name);
            out.extend_from_slice(&source.size.to_le_bytes());
            out.extend_from_slice(&source.modified.to_le_bytes());
        }
        for names in [&self.players, &self.tournaments] {
            put_len(&mut out, names.len());
            for name in names {
                put_name(&mut out, name);
            }
        }
        put_len(&mut out, self.games.len());
        for g in &self.games {
            out.extend_from_slice(&g.year.to_le_bytes());
            for n in [g.tournament, g.black, g.white] {
                out.extend_from_slice(&n.to_le_bytes());
            }
            out.push(g.black_score as u8);
            out.extend_from_slice(&g.moves);
        }
        put_len(&mut out, self.hashes.len());
        for h in &self.hashes {
            out.extend_from_slice(&h.to_le_bytes());
        }
        for o in &self.owners {
            out.extend_from_slice(&o.to_le_bytes());
        }
        let checksum = checksum(&out);
        out.extend_from_slice(&checksum.to_le_bytes());
        out
    }

    /// Reads an index file written by [`Database::to_index_bytes`].
    ///
    /// # Errors
    /// [`ByteError`] with the byte offset: not an index (its first eight bytes), another
    /// version, a checksum that does not match (a damaged or cut file), or what is wrong
    /// inside: a name that is not UTF-8, a number of a name or a game out of range, a move
    /// that is not legal, hashes out of order.
    pub fn from_index_bytes(bytes: &[u8]) -> Result<Database, ByteError> {
        let at = |offset: usize, message: String| ByteError { offset, message };
        if bytes.get(..8) != Some(INDEX_MAGIC) {
            return Err(at(
                0,
                "not a game database index: it does not begin with \"RVTHORDB\"".into(),
            ));
        }
        let mut r = ByteReader { bytes, at: 8 };
        let version = r.u32("the header")?;
        if version != VERSION {
            return Err(at(
                8,
                format!("index version {version}; this game reads {VERSION}"),
            ));
        }
        let Some(body) = bytes.len().checked_sub(8).filter(|&b| b >= 12) else {
            return Err(at(bytes.len(), "the file ends inside its header".into()));
        };
        let written = u64::from_le_bytes(bytes[body..].try_into().expect("8 bytes"));
        if checksum(&bytes[..body]) != written {
            return Err(at(
                body,
                "the checksum does not match the file: it was damaged or cut short".into(),
            ));
        }
        let mut r = ByteReader {
            bytes: &bytes[..body],
            at: r.at,
        };
        let name = |r: &mut ByteReader, what: &str| -> Result<String, ByteError> {
            let len = r.u16(what)?;
            let start = r.at;
            let raw = r.take(usize::from(len), what)?;
            String::from_utf8(raw.to_vec())
                .map_err(|_| at(start, format!("{what} is not UTF-8 text")))
        };
        let count = r.u32("the source files' number")?;
        let mut sources = Vec::new();
        for i in 0..count {
            let what = format!("source file {}", i + 1);
            sources.push(super::SourceFile {
                name: name(&mut r, &what)?,
                size: r.u64(&what)?,
                modified: r.u64(&what)?,
            });
        }
        let mut lists = Vec::new();
        for what in ["player", "tournament"] {
            let count = r.u32(&format!("the {what}s' number"))?;
            let mut names = Vec::new();
            for i in 0..count {
                names.push(name(&mut r, &format!("{what} {}", i + 1))?);
            }
            lists.push(names);
        }
        let tournaments = lists.pop().expect("two lists");
        let players = lists.pop().expect("two lists");
        let count = r.u32("the games' number")? as usize;
        let mut games = Vec::with_capacity(count.min(bytes.len() / GAME_BYTES));
        for i in 0..count {
            let start = r.at;
            let what = format!("game {}", i + 1);
            let raw = r.take(GAME_BYTES, &what)?;
            let word = |k: usize| u32::from_le_bytes(raw[k..k + 4].try_into().expect("4 bytes"));
            let game = DbGame {
                year: u16::from_le_bytes([raw[0], raw[1]]),
                tournament: word(2),
                black: word(6),
                white: word(10),
                black_score: raw[14] as i8,
                moves: raw[15..].try_into().expect("60 bytes"),
            };
            if game.tournament as usize >= tournaments.len()
                || game.black as usize >= players.len()
                || game.white as usize >= players.len()
            {
                return Err(at(start, format!("{what}: a name's number out of range")));
            }
            if let Some(problem) = check_moves(&game.moves) {
                return Err(at(start + 15, format!("{what}: {problem}")));
            }
            games.push(game);
        }
        let len = r.u32("the index's length")? as usize;
        let start = r.at;
        let hashes: Vec<u32> = r
            .take(len.saturating_mul(4), "the index's hashes")?
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes")))
            .collect();
        if let Some(i) = hashes.windows(2).position(|w| w[0] > w[1]) {
            return Err(at(
                start + 4 * (i + 1),
                "the index's hashes are out of order".into(),
            ));
        }
        let start = r.at;
        let owners: Vec<u32> = r
            .take(len.saturating_mul(4), "the index's games")?
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes")))
            .collect();
        if let Some(i) = owners.iter().position(|&o| o as usize >= games.len()) {
            return Err(at(start + 4 * i, "a game's number out of range".into()));
        }
        if r.at != body {
            return Err(at(r.at, format!("{} bytes after the index", body - r.at)));
        }
        Ok(Database {
            players,
            tournaments,
            games,
            hashes,
            owners,
            sources,
        })
    }
}

/// What is wrong with a game's moves: a square that is not one, a move after the end, a move
/// that is not legal.
fn check_moves(moves: &[u8; 60]) -> Option<String> {
    let mut board = Board::start();
    let mut ended = false;
    for (i, &m) in moves.iter().enumerate() {
        match m {
            0 => ended = true,
            _ if ended => return Some(format!("move {} after the game's end", i + 1)),
            65.. => return Some(format!("move {}: {m} is not a square", i + 1)),
            _ => {
                if !board.has_moves() {
                    board = board.pass();
                }
                let sq = Square::from_index(m - 1);
                match board.try_play(sq) {
                    Ok(b) => board = b,
                    Err(_) => return Some(format!("move {} ({sq}) is not legal", i + 1)),
                }
            }
        }
    }
    None
}
