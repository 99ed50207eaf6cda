//! GGF, the Generic Game Format of GGS game servers and NBoard: one game is
//! `(;GM[Othello]PC[..]PB[..]PW[..]TY[8]BO[8 <64 squares> *]B[f5]W[d6]...;)`.
//!
//! `BO` gives the start position: the board size `8`, 64 squares a1..h8 row by row
//! (`*` Black, `O` White, `-` empty; spaces between rows allowed) and the side to move
//! (`*` or `O`). Moves are `B[..]` and `W[..]`, a square or `PA` (pass), optionally followed
//! by `/evaluation/seconds`, which are kept for nothing. Other properties (players, place,
//! date, result, clock) are kept as text in the order read.

use std::fmt;
use std::str::FromStr;

use crate::engine::config::error::line_column;
use crate::engine::game::{Game, GameError, Ply};
use crate::engine::position::{Position, PositionError};
use crate::engine::side::Side;
use crate::engine::square::{Square, square_list};

/// A game read from or written as GGF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GgfGame {
    /// Properties other than `GM`, `TY`, `BO`, `B` and `W`, as `(name, value)` in order.
    pub properties: Vec<(String, String)>,
    /// The record: the start position and the plies, checked against the rules.
    pub game: Game,
    /// Hundredths of a second each ply of the record took, when known (written
    /// `B[f5//1.25]`; not read back). Shorter than the record, or empty, when not known.
    pub times: Vec<Option<u32>>,
}

/// What is wrong with a GGF text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GgfErrorKind {
    /// The text does not begin a game with `(;`.
    #[error("no game found (expected \"(;\")")]
    NoGame,
    /// The game is not closed with `;)`.
    #[error("the game is not closed with \";)\"")]
    Unterminated,
    /// Text between properties that is not `NAME[value]`.
    #[error("expected NAME[value], found \"{0}\"")]
    Syntax(String),
    /// `GM` names a game other than Othello.
    #[error("GM[{0}] is not Othello")]
    NotOthello(String),
    /// `TY` names a board other than 8x8 (or a variant this engine does not play).
    #[error("TY[{0}]: only 8x8 Othello is supported")]
    BoardType(String),
    /// `BO` does not describe an 8x8 position.
    #[error("BO: {0}")]
    Board(GgfBoardError),
    /// No `BO` property before the first move.
    #[error("a move comes before the board (BO)")]
    MissingBoard,
    /// No `BO` property at all.
    #[error("the game has no board (BO[8 ...])")]
    NoBoard,
    /// Move `number` (from 1, as written, passes counted) does not parse or is not legal.
    #[error("move {number} {text}: {reason}")]
    Move {
        /// The move's number among the `B`/`W` properties, from 1.
        number: usize,
        /// The property as written, e.g. `B[c9]`.
        text: String,
        /// Why it cannot be played.
        reason: GgfMoveError,
    },
}

/// A GGF text that cannot be read: the line and column (from 1) where the problem is, and
/// what it is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("GGF line {line}, column {column}: {kind}")]
pub struct GgfError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1 (in characters).
    pub column: usize,
    /// What is wrong.
    pub kind: GgfErrorKind,
}

/// Why a `BO` value is not a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GgfBoardError {
    /// Nothing at all.
    #[error("empty")]
    Empty,
    /// A size other than 8.
    #[error("board size \"{0}\", expected 8")]
    Size(String),
    /// Not 64 squares and a side to move after the size.
    #[error("{0} characters after the size, expected 64 squares and the side to move")]
    Length(usize),
    /// A square that is not `*`, `O` or `-` (or their other spellings).
    #[error("square {square} is '{found}', expected *, O or -")]
    BadSquare {
        /// The square.
        square: Square,
        /// The character found there.
        found: char,
    },
    /// A side to move that is not `*` or `O`.
    #[error("side to move '{0}', expected * or O")]
    BadSide(char),
    /// The discs are not a position the engine plays.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// Why a `B[..]`/`W[..]` move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GgfMoveError {
    /// The value is neither a square nor a pass.
    #[error("\"{0}\" is not a square")]
    NotASquare(String),
    /// A move after the end of the game.
    #[error("the game is already over")]
    GameOver,
    /// The other side is to move, and it has a move (so the record skipped one).
    #[error("it is {0}'s turn")]
    NotYourTurn(Side),
    /// A square the mover cannot play; the legal ones, a1 first.
    #[error("not legal here (legal: {})", square_list(.0))]
    Illegal(Vec<Square>),
    /// Any other refusal of the game's rules.
    #[error(transparent)]
    Game(#[from] GameError),
}

/// Parses the `BO` value: `8`, 64 squares, the side to move.
fn parse_board(value: &str) -> Result<Position, GgfBoardError> {
    let value = value.trim_start();
    let size_end = value.find(char::is_whitespace).unwrap_or(value.len());
    match &value[..size_end] {
        "8" => {}
        "" => return Err(GgfBoardError::Empty),
        size => return Err(GgfBoardError::Size(size.to_string())),
    }
    let rest: Vec<char> = value[size_end..]
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    if rest.len() != 65 {
        return Err(GgfBoardError::Length(rest.len()));
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, &c) in rest[..64].iter().enumerate() {
        match c {
            '*' | 'X' | 'x' | 'B' | 'b' => black |= 1 << i,
            'O' | 'o' | 'W' | 'w' => white |= 1 << i,
            '-' | '.' => {}
            _ => {
                return Err(GgfBoardError::BadSquare {
                    square: Square::from_index(i as u8),
                    found: c,
                });
            }
        }
    }
    let side = match rest[64] {
        '*' | 'X' | 'x' | 'B' | 'b' => Side::Black,
        'O' | 'o' | 'W' | 'w' => Side::White,
        c => return Err(GgfBoardError::BadSide(c)),
    };
    Ok(Position::try_from_colors(black, white, side)?)
}

/// The `BO` value for a position.
fn board_value(position: &Position) -> String {
    let squares: String = Square::all()
        .map(|sq| match position.disc(sq) {
            Some(Side::Black) => '*',
            Some(Side::White) => 'O',
            None => '-',
        })
        .collect();
    let side = match position.side_to_move {
        Side::Black => '*',
        Side::White => 'O',
    };
    format!("8 {squares} {side}")
}

/// The byte offset of the `;)` that closes a game whose properties start at `body`: the
/// first one outside a property's brackets (a value such as `PC[a;)b]` may contain `;)`).
fn find_close(text: &str, body: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut in_value = false;
    let mut i = body;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if in_value => i += 1,
            b'[' if !in_value => in_value = true,
            b']' if in_value => in_value = false,
            b';' if !in_value && bytes.get(i + 1) == Some(&b')') => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// One `NAME[value]` and the byte offset of its name.
struct Property {
    name: String,
    value: String,
    offset: usize,
}

/// Splits the inside of `(; ... ;)` into properties; `start` is the byte offset of `body`.
fn properties(text: &str, start: usize, end: usize) -> Result<Vec<Property>, GgfError> {
    let error = |offset: usize, kind| {
        let (line, column) = line_column(text, offset);
        GgfError { line, column, kind }
    };
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = start;
    while i < end {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let name_start = i;
        while i < end && bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        if i == name_start || i >= end || bytes[i] != b'[' {
            let snippet: String = text[name_start..end].chars().take(12).collect();
            return Err(error(name_start, GgfErrorKind::Syntax(snippet)));
        }
        let name = text[name_start..i].to_ascii_uppercase();
        i += 1;
        let mut value = String::new();
        loop {
            let Some(c) = text[i..end].chars().next() else {
                return Err(error(name_start, GgfErrorKind::Unterminated));
            };
            i += c.len_utf8();
            match c {
                ']' => break,
                '\\' => {
                    if let Some(next) = text[i..end].chars().next() {
                        i += next.len_utf8();
                        value.push(next);
                    }
                }
                _ => value.push(c),
            }
        }
        out.push(Property {
            name,
            value,
            offset: name_start,
        });
    }
    Ok(out)
}

impl FromStr for GgfGame {
    type Err = GgfError;

    /// Reads the first game of a GGF text and checks its moves against the rules. A side
    /// that must pass may have its pass left out.
    fn from_str(text: &str) -> Result<GgfGame, GgfError> {
        match parse_record(text, 0)? {
            Some((game, _)) => Ok(game),
            None => {
                let (line, column) = line_column(text, text.len() - text.trim_start().len());
                Err(GgfError {
                    line,
                    column,
                    kind: GgfErrorKind::NoGame,
                })
            }
        }
    }
}

/// Reads the first game that starts at or after byte `from` of `text`, and the byte offset
/// just after it; `None` when no game starts there. Errors are placed in the whole text.
fn parse_record(text: &str, from: usize) -> Result<Option<(GgfGame, usize)>, GgfError> {
    let error = |offset: usize, kind| {
        let (line, column) = line_column(text, offset);
        GgfError { line, column, kind }
    };
    let Some(open) = text[from..].find("(;").map(|o| from + o) else {
        return Ok(None);
    };
    let body = open + 2;
    let close = find_close(text, body).ok_or_else(|| error(open, GgfErrorKind::Unterminated))?;
    let mut game: Option<Game> = None;
    let mut kept = Vec::new();
    let mut number = 0;
    for p in properties(text, body, close)? {
        match p.name.as_str() {
            "GM" if !p.value.trim().eq_ignore_ascii_case("othello") => {
                return Err(error(p.offset, GgfErrorKind::NotOthello(p.value)));
            }
            "GM" => {}
            "TY" if p.value.trim() != "8" => {
                return Err(error(p.offset, GgfErrorKind::BoardType(p.value)));
            }
            "TY" => {}
            "BO" => {
                let start = parse_board(&p.value)
                    .map_err(|reason| error(p.offset, GgfErrorKind::Board(reason)))?;
                game = Some(Game::from_position(start));
            }
            "B" | "W" => {
                number += 1;
                let g = game
                    .as_mut()
                    .ok_or_else(|| error(p.offset, GgfErrorKind::MissingBoard))?;
                let bad = |reason: GgfMoveError| {
                    error(
                        p.offset,
                        GgfErrorKind::Move {
                            number,
                            text: format!("{}[{}]", p.name, p.value),
                            reason,
                        },
                    )
                };
                play_property(g, &p.name, &p.value).map_err(bad)?;
            }
            _ => kept.push((p.name, p.value)),
        }
    }
    let game = game.ok_or_else(|| error(open, GgfErrorKind::NoBoard))?;
    let record = GgfGame {
        properties: kept,
        game,
        times: Vec::new(),
    };
    Ok(Some((record, close + 2)))
}

/// Plays one `B[..]`/`W[..]` move on `game`, inserting a forced pass when the mover is not
/// the side to move.
fn play_property(game: &mut Game, name: &str, value: &str) -> Result<(), GgfMoveError> {
    let color = if name == "B" {
        Side::Black
    } else {
        Side::White
    };
    let mv = value.split('/').next().unwrap_or("").trim();
    let ply = if mv.eq_ignore_ascii_case("pa") || mv.eq_ignore_ascii_case("pass") {
        Ply::Pass
    } else {
        Ply::Move(
            mv.parse::<Square>()
                .map_err(|_| GgfMoveError::NotASquare(mv.to_string()))?,
        )
    };
    if game.is_over() {
        return Err(GgfMoveError::GameOver);
    }
    if game.side_to_move() != color {
        if game.must_pass() {
            game.play(Ply::Pass)?;
        } else {
            return Err(GgfMoveError::NotYourTurn(game.side_to_move()));
        }
    }
    game.play(ply).map_err(|e| match e {
        GameError::IllegalMove { legal, .. } => GgfMoveError::Illegal(legal),
        other => GgfMoveError::Game(other),
    })
}

impl GgfGame {
    /// A GGF record of the plies in effect in `game`, with these players and place.
    pub fn new(game: &Game, black: &str, white: &str, place: &str) -> GgfGame {
        let mut record = Game::from_position(game.start());
        for &ply in game.plies() {
            record.play(ply).expect("a game's plies are legal");
        }
        let mut properties = vec![
            ("PC".to_string(), place.to_string()),
            ("PB".to_string(), black.to_string()),
            ("PW".to_string(), white.to_string()),
        ];
        if record.is_over() {
            let score = record.position().final_score_black();
            properties.push(("RE".to_string(), format!("{score:+}.000")));
        }
        GgfGame {
            properties,
            game: record,
            times: Vec::new(),
        }
    }

    /// The value of a kept property such as `PB`, if present.
    pub fn property(&self, name: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

impl GgfGame {
    /// Reads a GGF text as the game and its variations: the first game is the main line,
    /// and each game right after it with the same properties (all but `RE`, the result)
    /// and the same start is one of its variations, as [`GgfGame::write_with_variations`]
    /// writes them. Reading stops at the first game that differs; the games after it are
    /// not read.
    ///
    /// # Errors
    /// [`GgfError`] for the first game, or for a later one that does not read (placed in
    /// the whole text).
    pub fn read_with_variations(text: &str) -> Result<GgfGame, GgfError> {
        let Some((mut record, first_end)) = parse_record(text, 0)? else {
            // No game at all: the one-game reader's error says so.
            return text.parse();
        };
        let identity = |g: &GgfGame| -> Vec<(String, String)> {
            g.properties
                .iter()
                .filter(|(name, _)| name != "RE")
                .cloned()
                .collect()
        };
        let (main_identity, start) = (identity(&record), record.game.start());
        let mut from = first_end;
        while let Some((variation, end)) = parse_record(text, from)? {
            if identity(&variation) != main_identity || variation.game.start() != start {
                break;
            }
            record
                .game
                .add_line(variation.game.recorded_plies())
                .expect("a game read from GGF is legal");
            from = end;
        }
        // A record read ends at its end, on the main line.
        record.game.go_to(record.game.len());
        Ok(record)
    }

    /// The GGF text of `game` with its variations: the main line as the first game (all of
    /// it, wherever the cursor is), then each variation as a game of its own from the start
    /// (the plies it shares with the main line included), one game a line. Programs that
    /// read one game see the main line; [`GgfGame::read_with_variations`] rebuilds the tree.
    pub fn write_with_variations(game: &Game, black: &str, white: &str, place: &str) -> String {
        GgfGame::write_with_variations_timed(game, black, white, place, None, |_, _| None)
    }

    /// The same, with the time control in `TI` (e.g. `10:00/00:05/00:00`) and the seconds
    /// each ply took where `time_of(position before it, ply)` knows them.
    pub fn write_with_variations_timed(
        game: &Game,
        black: &str,
        white: &str,
        place: &str,
        time_control: Option<&str>,
        time_of: impl Fn(&Position, Ply) -> Option<f64>,
    ) -> String {
        let mut out = String::new();
        for line in game.lines() {
            let mut record = Game::from_position(game.start());
            let mut times = Vec::new();
            for &ply in &line {
                let seconds = time_of(&record.position(), ply);
                times.push(seconds.map(|s| (s.max(0.0) * 100.0).round() as u32));
                record.play(ply).expect("a game's plies are legal");
            }
            let mut ggf = GgfGame::new(&record, black, white, place);
            if let Some(ti) = time_control {
                ggf.properties.push(("TI".to_string(), ti.to_string()));
            }
            ggf.times = times;
            out.push_str(&ggf.to_string());
            out.push('\n');
        }
        out
    }
}

/// Escapes `]` and `\` in a property value.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

impl fmt::Display for GgfGame {
    /// Writes the game on one line: `(;GM[Othello]...TY[8]BO[..]B[f5]W[d6]...;)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(;GM[Othello]")?;
        for (name, value) in &self.properties {
            write!(f, "{name}[{}]", escape(value))?;
        }
        write!(f, "TY[8]BO[{}]", board_value(&self.game.start()))?;
        let mut position = self.game.start();
        for (i, ply) in self.game.plies().iter().enumerate() {
            let who = match position.side_to_move {
                Side::Black => 'B',
                Side::White => 'W',
            };
            let time = match self.times.get(i).copied().flatten() {
                Some(c) => format!("//{}.{:02}", c / 100, c % 100),
                None => String::new(),
            };
            match ply {
                Ply::Move(sq) => {
                    write!(f, "{who}[{sq}{time}]")?;
                    position = position.play_unchecked(*sq);
                }
                Ply::Pass => {
                    write!(f, "{who}[PA{time}]")?;
                    position = position.pass();
                }
            }
        }
        f.write_str(";)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NBOARD: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[Edax]PW[chris]\
        RE[?]TI[15:00]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- \
        -------- -------- *]B[F5]W[F6/0.5/1.2]B[E6]W[F4];)";

    #[test]
    fn reads_an_nboard_game() {
        let g: GgfGame = NBOARD.parse().unwrap();
        assert_eq!(g.game.transcript(), "f5f6e6f4");
        assert_eq!(g.property("PB"), Some("Edax"));
        assert_eq!(g.property("PC"), Some("NBoard"));
        assert_eq!(g.game.start(), Position::start());
    }

    #[test]
    fn round_trips_with_passes() {
        // Always playing the first legal move (a1 first) gives a game with passes.
        let mut game = Game::new();
        while !game.is_over() {
            let ply = match game.legal_moves().first() {
                Some(&sq) => Ply::Move(sq),
                None => Ply::Pass,
            };
            game.play(ply).unwrap();
        }
        assert!(game.plies().contains(&Ply::Pass));
        let text = GgfGame::new(&game, "Me", "You ]x[", "Reversi").to_string();
        assert!(text.starts_with("(;GM[Othello]PC[Reversi]PB[Me]PW[You \\]x[]RE["));
        assert!(text.contains(
            "]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[d3]"
        ));
        let back: GgfGame = text.parse().unwrap();
        assert_eq!(back.game.plies(), game.plies());
        assert_eq!(back.property("PW"), Some("You ]x["));
    }

    #[test]
    fn variations_are_written_as_games_after_the_main_line_and_read_back() {
        let mut game = Game::from_transcript("f5d6c3d3c4").unwrap();
        game.go_to(2);
        game.play_move("c5".parse().unwrap()).unwrap();
        game.go_to(1);
        game.play_move("f6".parse().unwrap()).unwrap();
        game.go_to(1);
        let text = GgfGame::write_with_variations(&game, "A", "B", "Reversi");
        let records: Vec<&str> = text.lines().collect();
        assert_eq!(records.len(), 3);
        let board = "BO[8 ---------------------------O*------*O--------------------------- *]";
        assert_eq!(
            records[0],
            format!("(;GM[Othello]PC[Reversi]PB[A]PW[B]TY[8]{board}B[f5]W[d6]B[c3]W[d3]B[c4];)")
        );
        assert_eq!(
            records[1],
            format!("(;GM[Othello]PC[Reversi]PB[A]PW[B]TY[8]{board}B[f5]W[d6]B[c5];)")
        );
        assert_eq!(
            records[2],
            format!("(;GM[Othello]PC[Reversi]PB[A]PW[B]TY[8]{board}B[f5]W[f6];)")
        );
        // One game's reader sees the main line.
        assert_eq!(
            text.parse::<GgfGame>().unwrap().game.transcript(),
            "f5d6c3d3c4"
        );
        let back = GgfGame::read_with_variations(&text).unwrap();
        assert_eq!(back.game.lines(), game.lines());
        assert_eq!((back.game.cursor(), back.game.len()), (5, 5));
        assert!(back.game.on_main_line());
        // Written again, byte for byte.
        assert_eq!(
            GgfGame::write_with_variations(&back.game, "A", "B", "Reversi"),
            text
        );
        // Timed: TI and each ply's seconds; read back the same game.
        let timed = GgfGame::write_with_variations_timed(
            &game,
            "A",
            "B",
            "Reversi",
            Some("05:00/00:02/00:00"),
            |p, _| (p.side_to_move == Side::White).then_some(1.5),
        );
        assert_eq!(
            timed.lines().next().unwrap(),
            format!(
                "(;GM[Othello]PC[Reversi]PB[A]PW[B]TI[05:00/00:02/00:00]TY[8]{board}B[f5]\
                 W[d6//1.50]B[c3]W[d3//1.50]B[c4];)"
            )
        );
        assert_eq!(
            GgfGame::read_with_variations(&timed).unwrap().game.lines(),
            game.lines()
        );
        // A game with other players after them is another game: not read as a variation.
        let other = format!("{text}{}", records[1].replace("PB[A]", "PB[C]"));
        let back = GgfGame::read_with_variations(&other).unwrap();
        assert_eq!(back.game.lines().len(), 3);
        // A broken variation is named where it is.
        let broken = format!("{}\n{}", records[0], records[1].replace("B[c5]", "B[a1]"));
        assert_eq!(
            GgfGame::read_with_variations(&broken)
                .unwrap_err()
                .to_string(),
            "GGF line 2, column 122: move 3 B[a1]: not legal here (legal: c3 c4 c5 c6 c7)"
        );
    }

    #[test]
    fn a_left_out_pass_is_inserted() {
        // Black a1 b1, White c1, White to move: White has no move, Black has d1.
        let start = format!("8 **O{}* O", "-".repeat(60));
        let text = format!("(;GM[Othello]TY[8]BO[{start}]B[d1];)");
        let g: GgfGame = text.parse().unwrap();
        assert_eq!(
            g.game.plies(),
            &[Ply::Pass, Ply::Move("d1".parse().unwrap())]
        );
    }

    #[test]
    fn errors_name_line_column_and_move() {
        let bad = NBOARD.replace("W[F4]", "\nW[c9]");
        let e = bad.parse::<GgfGame>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "GGF line 2, column 1: move 4 W[c9]: \"c9\" is not a square"
        );
        let bad = NBOARD.replace("W[F4]", "W[a1]");
        assert_eq!(
            bad.parse::<GgfGame>().unwrap_err().kind,
            GgfErrorKind::Move {
                number: 4,
                text: "W[a1]".into(),
                reason: GgfMoveError::Illegal(vec!["f4".parse().unwrap(), "d6".parse().unwrap()])
            }
        );
        let bad = NBOARD.replace("B[E6]", "W[E6]");
        assert!(matches!(
            bad.parse::<GgfGame>().unwrap_err().kind,
            GgfErrorKind::Move { number: 3, ref reason, .. }
                if reason.to_string() == "it is Black's turn"
        ));
        assert_eq!(
            "hello".parse::<GgfGame>().unwrap_err().kind,
            GgfErrorKind::NoGame
        );
        assert_eq!(
            "(;GM[Othello]TY[8]".parse::<GgfGame>().unwrap_err().kind,
            GgfErrorKind::Unterminated
        );
        assert_eq!(
            "(;GM[Chess]TY[8];)".parse::<GgfGame>().unwrap_err().kind,
            GgfErrorKind::NotOthello("Chess".into())
        );
        assert!(matches!(
            "(;GM[Othello]TY[8]BO[8 ---*];)"
                .parse::<GgfGame>()
                .unwrap_err()
                .kind,
            GgfErrorKind::Board(_)
        ));
        assert!(matches!(
            "(;GM[Othello] B[f5];)".parse::<GgfGame>().unwrap_err().kind,
            GgfErrorKind::MissingBoard
        ));
        assert!(matches!(
            "(;GM[Othello] oops ;)".parse::<GgfGame>().unwrap_err().kind,
            GgfErrorKind::Syntax(_)
        ));
    }

    #[test]
    fn errors_say_what_is_wrong() {
        // Issue 17: these three were reported as something else.
        let err = |text: &str| text.parse::<GgfGame>().unwrap_err().to_string();
        assert_eq!(
            err("(;GM[Othello];)"),
            "GGF line 1, column 1: the game has no board (BO[8 ...])"
        );
        let board = format!(
            "{} *",
            Position::start()
                .to_string()
                .replace('X', "*")
                .split(' ')
                .next()
                .unwrap()
        );
        assert_eq!(
            err(&format!("(;GM[Othello]BO[10 {board}];)")),
            "GGF line 1, column 14: BO: board size \"10\", expected 8"
        );
        let g: GgfGame = format!("(;GM[Othello]PC[a;)b]BO[8 {board}]B[f5];)")
            .parse()
            .unwrap();
        assert_eq!(g.property("PC"), Some("a;)b"));
        assert_eq!(g.game.transcript(), "f5");
        assert_eq!(
            err(&format!(
                "(;GM[Othello]BO[8 {}];)",
                board.replacen('*', "-", 1)
            )),
            "GGF line 1, column 14: BO: 61 empty squares, at most 60 (a game never has fewer \
             than 4 discs)"
        );
    }
}
