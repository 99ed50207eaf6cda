//! The WTHOR game database's files (issue 56): the French federation's public format, in
//! which every tournament game since 1977 is published, a file a year. Our own reader of the
//! published layout; all numbers little-endian.
//!
//! Every file begins with a 16-byte header: the century, year, month and day it was made
//! (a byte each), the number of games (32 bits), the number of names (16 bits), the games'
//! year (16 bits), the board's size (0 or 8 for 8x8; 10 is another game), the game type, the
//! depth from which the theoretical scores are exact, and a reserved byte.
//!
//! - `.wtb`, the games: 68 bytes each: the tournament's number, Black's and White's player
//!   numbers (16 bits each), Black's discs at the end, Black's discs with perfect play from
//!   the header's depth, then the 60 moves, a byte each, `10 * row + column` (11 = a1,
//!   18 = h1, 88 = h8), 0 after the last. Passes are not written.
//! - `.jou`, the players: 20 bytes a name; `.trn`, the tournaments: 26 bytes a name (Latin-1,
//!   padded with zero bytes).

use super::ByteError;
use crate::engine::game::{Game, Ply};
use crate::engine::square::Square;

/// The header's length.
pub const WTHOR_HEADER: usize = 16;
/// A game's length in a `.wtb` file.
pub const WTHOR_GAME: usize = 68;
/// A player's name's length in a `.jou` file.
pub const WTHOR_PLAYER: usize = 20;
/// A tournament's name's length in a `.trn` file.
pub const WTHOR_TOURNAMENT: usize = 26;

/// What is wrong with a WTHOR file, and where.
pub type WthorError = ByteError;

/// A file's header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WthorHeader {
    /// The date the file was made: year, month, day.
    pub made: (u16, u8, u8),
    /// Games in a `.wtb` file.
    pub games: u32,
    /// Names in a `.jou` or `.trn` file.
    pub names: u16,
    /// The year of the games.
    pub year: u16,
    /// The depth (empties) from which the theoretical scores are exact.
    pub depth: u8,
}

/// One game of a `.wtb` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WthorGame {
    /// The tournament's number in the `.trn` file.
    pub tournament: u16,
    /// Black's number in the `.jou` file.
    pub black: u16,
    /// White's number.
    pub white: u16,
    /// Black's discs at the end of the game as played.
    pub black_discs: u8,
    /// Black's discs with perfect play from the header's depth.
    pub theoretical: u8,
    /// The moves (passes left out, as the file leaves them).
    pub moves: Vec<Square>,
}

impl WthorGame {
    /// The game replayed from the start, the passes put back.
    ///
    /// # Errors
    /// The number of the first move that is not legal where it is played.
    pub fn game(&self) -> Result<Game, String> {
        let mut game = Game::new();
        for (i, &sq) in self.moves.iter().enumerate() {
            if game.must_pass() {
                game.play(Ply::Pass).map_err(|e| e.to_string())?;
            }
            game.play(Ply::Move(sq))
                .map_err(|_| format!("move {} ({sq}) is not legal", i + 1))?;
        }
        Ok(game)
    }
}

/// Reads a file's header.
///
/// # Errors
/// A file shorter than the header, or one for a board other than 8x8.
pub fn read_wthor_header(bytes: &[u8]) -> Result<WthorHeader, WthorError> {
    let h = bytes.get(..WTHOR_HEADER).ok_or_else(|| WthorError {
        offset: bytes.len(),
        message: format!(
            "the file ends inside its {WTHOR_HEADER}-byte header ({} bytes)",
            bytes.len()
        ),
    })?;
    if h[12] != 0 && h[12] != 8 {
        return Err(WthorError {
            offset: 12,
            message: format!("a board of size {} (only 8x8 Othello is read)", h[12]),
        });
    }
    Ok(WthorHeader {
        made: (u16::from(h[0]) * 100 + u16::from(h[1]), h[2], h[3]),
        games: u32::from_le_bytes([h[4], h[5], h[6], h[7]]),
        names: u16::from_le_bytes([h[8], h[9]]),
        year: u16::from_le_bytes([h[10], h[11]]),
        depth: h[14],
    })
}

/// The records after the header: whole records of `width` bytes (a `what`, as errors name
/// it), as many as the header announces at its byte `announced.1`.
fn records<'a>(
    bytes: &'a [u8],
    width: usize,
    what: &str,
    announced: (usize, usize),
) -> Result<&'a [u8], WthorError> {
    let body = &bytes[WTHOR_HEADER..];
    let count = body.len() / width;
    if !body.len().is_multiple_of(width) {
        return Err(WthorError {
            offset: WTHOR_HEADER + count * width,
            message: format!(
                "the file ends inside {what} {} ({} of its {width} bytes)",
                count + 1,
                body.len() % width
            ),
        });
    }
    if count != announced.0 {
        return Err(WthorError {
            offset: announced.1,
            message: format!(
                "the header announces {} {what}s; the file holds {count}",
                announced.0
            ),
        });
    }
    Ok(body)
}

/// Reads a `.wtb` file: its header and games.
///
/// # Errors
/// [`WthorError`] with the byte offset: a short header, a file whose length is not the
/// header and whole games, fewer or more games than the header announces, or a move byte
/// that is not a square (nor 0 after the last move).
pub fn read_wtb(bytes: &[u8]) -> Result<(WthorHeader, Vec<WthorGame>), WthorError> {
    let header = read_wthor_header(bytes)?;
    let body = records(bytes, WTHOR_GAME, "game", (header.games as usize, 4))?;
    let count = body.len() / WTHOR_GAME;
    let mut games = Vec::with_capacity(count);
    for (i, g) in body.chunks_exact(WTHOR_GAME).enumerate() {
        let at = WTHOR_HEADER + i * WTHOR_GAME;
        let word = |k: usize| u16::from_le_bytes([g[k], g[k + 1]]);
        let mut moves = Vec::with_capacity(60);
        for (k, &b) in g[8..].iter().enumerate() {
            if b == 0 {
                if let Some(after) = g[8 + k..].iter().position(|&b| b != 0) {
                    return Err(WthorError {
                        offset: at + 8 + k + after,
                        message: format!("game {}: a move after the end of its moves", i + 1),
                    });
                }
                break;
            }
            let (row, column) = (b / 10, b % 10);
            let sq = (1..=8)
                .contains(&row)
                .then(|| Square::from_coords(column.wrapping_sub(1), row - 1))
                .flatten()
                .ok_or_else(|| WthorError {
                    offset: at + 8 + k,
                    message: format!(
                        "game {}: move {} is {b}, not a square (11 = a1 .. 88 = h8)",
                        i + 1,
                        k + 1
                    ),
                })?;
            moves.push(sq);
        }
        games.push(WthorGame {
            tournament: word(0),
            black: word(2),
            white: word(4),
            black_discs: g[6],
            theoretical: g[7],
            moves,
        });
    }
    Ok((header, games))
}

/// Reads a `.jou` (`width` [`WTHOR_PLAYER`]) or `.trn` (`width` [`WTHOR_TOURNAMENT`]) file:
/// its names, in order (Latin-1, the padding dropped).
///
/// # Errors
/// [`WthorError`] with the byte offset: a short header, a file that is not the header and
/// whole names, or fewer or more names than the header announces.
pub fn read_wthor_names(bytes: &[u8], width: usize) -> Result<Vec<String>, WthorError> {
    let header = read_wthor_header(bytes)?;
    let body = records(bytes, width, "name", (usize::from(header.names), 8))?;
    Ok(body
        .chunks_exact(width)
        .map(|name| {
            let end = name.iter().position(|&b| b == 0).unwrap_or(width);
            // Latin-1: each byte is the code point of the same number.
            name[..end]
                .iter()
                .map(|&b| char::from(b))
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect())
}

/// A file's header: made on 1 January of `year`, `games` games or `names` names, of `year`,
/// 8x8, theoretical scores from 22 empties.
fn write_header(games: u32, names: u16, year: u16) -> Vec<u8> {
    let mut h = vec![(year / 100) as u8, (year % 100) as u8, 1, 1];
    h.extend_from_slice(&games.to_le_bytes());
    h.extend_from_slice(&names.to_le_bytes());
    h.extend_from_slice(&year.to_le_bytes());
    h.extend_from_slice(&[8, 0, 22, 0]);
    h
}

/// Writes a `.wtb` file of `year`'s games (what [`read_wtb`] reads): for those who make
/// WTHOR files of their own games, and for tests.
pub fn write_wtb(year: u16, games: &[WthorGame]) -> Vec<u8> {
    let mut out = write_header(games.len() as u32, 0, year);
    for g in games {
        for n in [g.tournament, g.black, g.white] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        out.extend_from_slice(&[g.black_discs, g.theoretical]);
        let mut moves: Vec<u8> = g
            .moves
            .iter()
            .take(60)
            .map(|sq| (sq.index() / 8 + 1) * 10 + sq.index() % 8 + 1)
            .collect();
        moves.resize(60, 0);
        out.extend(moves);
    }
    out
}

/// Writes a `.jou` (`width` [`WTHOR_PLAYER`]) or `.trn` (`width` [`WTHOR_TOURNAMENT`]) file
/// of these names (Latin-1; another character is written `?`; cut to `width - 1` bytes).
pub fn write_wthor_names(names: &[String], width: usize) -> Vec<u8> {
    let mut out = write_header(0, names.len() as u16, 0);
    for name in names {
        let mut bytes: Vec<u8> = name
            .chars()
            .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
            .take(width - 1)
            .collect();
        bytes.resize(width, 0);
        out.extend(bytes);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A header for `games` games or `names` names of `year` (made 2026-11-27).
    fn header(games: u32, names: u16, year: u16) -> Vec<u8> {
        let mut h = vec![20, 26, 11, 27];
        h.extend_from_slice(&games.to_le_bytes());
        h.extend_from_slice(&names.to_le_bytes());
        h.extend_from_slice(&year.to_le_bytes());
        h.extend_from_slice(&[8, 0, 22, 0]);
        h
    }

    /// A `.wtb` game record: the numbers, the scores, the moves (`10 * row + column`).
    fn record(numbers: (u16, u16, u16), scores: (u8, u8), game: &Game) -> Vec<u8> {
        let mut r = Vec::new();
        for n in [numbers.0, numbers.1, numbers.2] {
            r.extend_from_slice(&n.to_le_bytes());
        }
        r.extend_from_slice(&[scores.0, scores.1]);
        for ply in game.recorded_plies() {
            if let Ply::Move(sq) = ply {
                r.push((sq.index() / 8 + 1) * 10 + sq.index() % 8 + 1);
            }
        }
        r.resize(WTHOR_GAME, 0);
        r
    }

    /// A whole game with a pass in it: the last legal move each ply.
    fn long_game() -> Game {
        let mut game = Game::new();
        while !game.is_over() {
            match game.legal_moves().last() {
                Some(&sq) => game.play_move(sq).unwrap(),
                None => game.play(Ply::Pass).unwrap(),
            }
        }
        game
    }

    #[test]
    fn games_read_back_and_replay_with_their_passes() {
        let long = long_game();
        assert!(
            long.recorded_plies().contains(&Ply::Pass),
            "a pass to put back"
        );
        let black = long.position().final_score_black();
        let discs = u8::try_from((64 + black) / 2).unwrap();
        let short = Game::from_transcript("f5d6c3d3c4").unwrap();
        let mut file = header(2, 0, 2025);
        file.extend(record((3, 7, 9), (discs, 30), &long));
        file.extend(record((1, 2, 0), (0, 0), &short));
        let (h, games) = read_wtb(&file).unwrap();
        assert_eq!(
            h,
            WthorHeader {
                made: (2026, 11, 27),
                games: 2,
                names: 0,
                year: 2025,
                depth: 22,
            }
        );
        assert_eq!(
            (games[0].tournament, games[0].black, games[0].white),
            (3, 7, 9)
        );
        assert_eq!((games[0].black_discs, games[0].theoretical), (discs, 30));
        let replayed = games[0].game().unwrap();
        assert_eq!(replayed.recorded_plies(), long.recorded_plies());
        assert_eq!(replayed.position().final_score_black(), black);
        assert_eq!(games[1].game().unwrap().transcript(), "f5d6c3d3c4");
    }

    #[test]
    fn files_written_read_back() {
        let game = WthorGame {
            tournament: 2,
            black: 0,
            white: 1,
            black_discs: 40,
            theoretical: 38,
            moves: long_game().played_moves(),
        };
        let (header, games) = read_wtb(&write_wtb(2019, std::slice::from_ref(&game))).unwrap();
        assert_eq!(
            (header.year, header.made, header.games),
            (2019, (2019, 1, 1), 1)
        );
        assert_eq!(games, [game]);
        let names = vec!["Méril".to_string(), "高橋".to_string()];
        assert_eq!(
            read_wthor_names(&write_wthor_names(&names, WTHOR_PLAYER), WTHOR_PLAYER).unwrap(),
            ["Méril", "??"]
        );
    }

    #[test]
    fn names_read_in_latin_1() {
        let mut file = header(0, 2, 0);
        for name in [&b"Tamenori Hideshi"[..], &b"M\xe9ril"[..]] {
            let mut n = name.to_vec();
            n.resize(WTHOR_PLAYER, 0);
            file.extend(n);
        }
        assert_eq!(
            read_wthor_names(&file, WTHOR_PLAYER).unwrap(),
            ["Tamenori Hideshi", "Méril"]
        );
    }

    #[test]
    fn damaged_files_are_refused_with_the_byte_offset() {
        let short = Game::from_transcript("f5d6c3").unwrap();
        let mut file = header(1, 0, 2025);
        file.extend(record((0, 0, 0), (0, 0), &short));
        let err = |b: &[u8]| read_wtb(b).unwrap_err().to_string();
        assert_eq!(
            err(&file[..10]),
            "byte 10: the file ends inside its 16-byte header (10 bytes)"
        );
        assert_eq!(
            err(&file[..50]),
            "byte 16: the file ends inside game 1 (34 of its 68 bytes)"
        );
        let mut more = file.clone();
        more[4] = 2;
        assert_eq!(
            err(&more),
            "byte 4: the header announces 2 games; the file holds 1"
        );
        let mut not_square = file.clone();
        not_square[16 + 8 + 1] = 19;
        assert_eq!(
            err(&not_square),
            "byte 25: game 1: move 2 is 19, not a square (11 = a1 .. 88 = h8)"
        );
        let mut gap = file.clone();
        gap[16 + 8 + 10] = 11;
        assert_eq!(
            err(&gap),
            "byte 34: game 1: a move after the end of its moves"
        );
        let mut ten = file.clone();
        ten[12] = 10;
        assert_eq!(
            err(&ten),
            "byte 12: a board of size 10 (only 8x8 Othello is read)"
        );
        // A move that is not legal is named when the game is replayed.
        let mut illegal = file;
        illegal[16 + 8 + 1] = 11;
        let (_, games) = read_wtb(&illegal).unwrap();
        assert_eq!(games[0].game().unwrap_err(), "move 2 (a1) is not legal");
    }
}
