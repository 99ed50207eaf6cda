//! Text forms of positions and games: transcripts (`f5d6c3`), OBF positions and diagrams.
//!
//! OBF ("Othello Board File", the format of the FFO test suite): 64 characters for a1..h8,
//! row by row from row 1, `X` black, `O` white, `-` empty; a space; the side to move (`X` or
//! `O`). FFO files follow it with `;` and `MOVE:SCORE;` pairs, best first.

use std::fmt;
use std::str::FromStr;

use crate::engine::formats::ggf::{GgfError, GgfGame};
use crate::engine::game::{Game, GameError, Ply};
use crate::engine::position::{Position, PositionError};
use crate::engine::side::Side;
use crate::engine::square::{Square, square_list};

/// What is wrong with one move of a transcript.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TranscriptErrorKind {
    /// The text is neither a square nor `pa`.
    #[error("not a square")]
    NotASquare,
    /// The game does not allow the move (an illegal square, a pass with a move at hand, or a
    /// move after the end), said as a transcript reader says it: the square is already
    /// named.
    #[error("{}", transcript_reason(.0))]
    Game(GameError),
}

/// A game's refusal of a move, for a message that has already named the move.
fn transcript_reason(e: &GameError) -> String {
    match e {
        GameError::IllegalMove { color, legal, .. } => {
            format!("not legal for {color} here (legal: {})", square_list(legal))
        }
        GameError::CannotPass { .. } => e.to_string(),
        GameError::GameOver => "the game is already over".to_string(),
    }
}

/// A transcript that does not parse: which move (counted from 1 as written) and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {number} \"{text}\": {kind}")]
pub struct TranscriptError {
    /// The move's number in the transcript, from 1, counting written passes.
    pub number: usize,
    /// The move's text as written.
    pub text: String,
    /// What is wrong with it.
    pub kind: TranscriptErrorKind,
}

/// Splits a transcript into two-character moves, skipping whitespace (and commas).
fn transcript_tokens(text: &str) -> Vec<String> {
    let chars: Vec<char> = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .collect();
    chars.chunks(2).map(|c| c.iter().collect()).collect()
}

impl Game {
    /// Plays a transcript such as `f5d6c3` or `F5 d6 c3 pa e3` from the current position.
    /// Case does not matter, spaces are allowed, and passes may be written `pa` or left out.
    ///
    /// # Errors
    /// [`TranscriptError`] naming the first bad move; the game keeps the moves before it.
    pub fn play_transcript(&mut self, text: &str) -> Result<(), TranscriptError> {
        for (i, token) in transcript_tokens(text).into_iter().enumerate() {
            let error = |kind| TranscriptError {
                number: i + 1,
                text: token.clone(),
                kind,
            };
            let ply = if token.eq_ignore_ascii_case("pa") {
                Ply::Pass
            } else {
                let sq = token
                    .parse::<Square>()
                    .map_err(|_| error(TranscriptErrorKind::NotASquare))?;
                if self.must_pass() {
                    self.play(Ply::Pass).expect("a forced pass is legal");
                }
                Ply::Move(sq)
            };
            self.play(ply)
                .map_err(|e| error(TranscriptErrorKind::Game(e)))?;
        }
        Ok(())
    }

    /// A game from the standard start with a transcript played. See
    /// [`Game::play_transcript`].
    ///
    /// # Errors
    /// [`TranscriptError`] naming the first bad move.
    pub fn from_transcript(text: &str) -> Result<Game, TranscriptError> {
        let mut game = Game::new();
        game.play_transcript(text)?;
        Ok(game)
    }
}

/// Why a game given as text (see [`Game::from_text`]) cannot be read: what was recognised,
/// and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameTextError {
    /// A GGF record that does not read.
    #[error(transparent)]
    Ggf(#[from] GgfError),
    /// A first line that looks like an OBF position but is not one.
    #[error("line 1: {0}")]
    Position(ObfError),
    /// A transcript line with a bad move (numbered from the transcript's start).
    #[error("transcript line {line}: {error}")]
    Transcript {
        /// The line, from 1.
        line: usize,
        /// The move and what is wrong with it.
        error: TranscriptError,
    },
}

impl Game {
    /// Reads a game as a player pastes or opens it: a GGF record (`(;GM[Othello]...`, with
    /// the variations [`GgfGame::read_with_variations`] finds after it), or an
    /// optional OBF position line (64 squares and the side to move) followed by a transcript
    /// from it over any number of lines.
    ///
    /// # Errors
    /// [`GameTextError`]: the GGF error, the position line's, or the transcript's line and
    /// move (counted from the transcript's first move).
    pub fn from_text(text: &str) -> Result<Game, GameTextError> {
        let trimmed = text.trim();
        if trimmed.contains("(;") {
            return Ok(GgfGame::read_with_variations(trimmed)?.game);
        }
        let mut lines = trimmed.lines().enumerate().peekable();
        let mut game = Game::new();
        if let Some((_, first)) = lines.peek() {
            let squares = first
                .chars()
                .take_while(|c| !c.is_whitespace())
                .filter(|c| "XxOo-.*".contains(*c))
                .count();
            if squares >= 32 {
                let position = first.parse::<Position>().map_err(GameTextError::Position)?;
                game = Game::from_position(position);
                lines.next();
            }
        }
        // Line by line, to name the line of an error.
        let mut number = 0;
        for (i, line) in lines {
            let before = number;
            game.play_transcript(line).map_err(|mut error| {
                error.number += before;
                GameTextError::Transcript { line: i + 1, error }
            })?;
            number += transcript_tokens(line).len();
        }
        Ok(game)
    }
}

/// What is wrong with an OBF position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ObfError {
    /// The board field does not have 64 squares.
    #[error("OBF: {0} squares, expected 64")]
    Length(usize),
    /// A board character that is not `X`, `O` or `-`.
    #[error("OBF: square {square} is '{found}', expected X, O or -")]
    BadSquare {
        /// The square.
        square: Square,
        /// The character found there.
        found: char,
    },
    /// Nothing after the board.
    #[error("OBF: no side to move, expected X or O")]
    MissingSide,
    /// A side to move other than `X` or `O`.
    #[error("OBF: side to move \"{0}\", expected X or O")]
    BadSide(String),
    /// A `MOVE:SCORE` pair that does not parse.
    #[error("OBF: \"{0}\" is not a move and score like A2:+38")]
    BadMoveScore(String),
    /// The discs are not a position the engine plays (fewer than four).
    #[error("OBF: {0}")]
    Position(PositionError),
}

/// A line of an FFO/OBF test file: the position and, when given, the exact score of moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObfRecord {
    /// The position.
    pub position: Position,
    /// `(move, score in discs from the side to move)`, best first, as the file lists them.
    pub move_scores: Vec<(Square, i32)>,
}

impl ObfRecord {
    /// The best score the file gives (that of its first pair), if any.
    pub fn best_score(&self) -> Option<i32> {
        self.move_scores.first().map(|&(_, s)| s)
    }
}

impl FromStr for ObfRecord {
    type Err = ObfError;

    /// Parses `<64 squares> <X|O>[;] [MOVE:SCORE; ...]`.
    fn from_str(line: &str) -> Result<ObfRecord, ObfError> {
        let line = line.trim();
        let (board, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let count = board.chars().count();
        if count != 64 {
            return Err(ObfError::Length(count));
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (i, c) in board.chars().enumerate() {
            let bit = 1u64 << i;
            match c {
                'X' | 'x' | '*' | 'B' | 'b' => black |= bit,
                'O' | 'o' | 'W' | 'w' => white |= bit,
                '-' | '.' => {}
                found => {
                    return Err(ObfError::BadSquare {
                        square: Square::from_index(i as u8),
                        found,
                    });
                }
            }
        }
        let mut fields = rest.split(';').map(str::trim);
        let side = match fields.next().unwrap_or("") {
            "" => return Err(ObfError::MissingSide),
            "X" | "x" | "*" | "B" | "b" => Side::Black,
            "O" | "o" | "W" | "w" => Side::White,
            other => return Err(ObfError::BadSide(other.to_string())),
        };
        let move_scores = fields
            .filter(|f| !f.is_empty())
            .map(|pair| {
                let bad = || ObfError::BadMoveScore(pair.to_string());
                let (mv, score) = pair.split_once(':').ok_or_else(bad)?;
                let sq = mv.trim().parse::<Square>().map_err(|_| bad())?;
                let score = score.trim().parse::<i32>().map_err(|_| bad())?;
                Ok((sq, score))
            })
            .collect::<Result<_, _>>()?;
        Ok(ObfRecord {
            position: Position::try_from_colors(black, white, side).map_err(ObfError::Position)?,
            move_scores,
        })
    }
}

impl FromStr for Position {
    type Err = ObfError;

    /// Parses an OBF position; `;` and move scores after the side to move are allowed and
    /// ignored.
    fn from_str(s: &str) -> Result<Position, ObfError> {
        s.parse::<ObfRecord>().map(|r| r.position)
    }
}

impl fmt::Display for Position {
    /// Writes OBF: 64 squares, a space, the side to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let squares: String = Square::all()
            .map(|sq| match self.disc(sq) {
                Some(c) => c.obf_char(),
                None => '-',
            })
            .collect();
        write!(f, "{squares} {}", self.side_to_move.obf_char())
    }
}

impl Position {
    /// A text diagram: rows 1-8 top to bottom, `X` black, `O` white, `-` empty, `*` a legal
    /// move, then the disc counts and who is to move.
    pub fn diagram(&self) -> String {
        let moves = self.board.moves();
        let mut out = String::from("  a b c d e f g h\n");
        for row in 0..8u8 {
            out.push(char::from(b'1' + row));
            for col in 0..8u8 {
                let sq = Square::from_coords(col, row).expect("in range");
                out.push(' ');
                out.push(match self.disc(sq) {
                    Some(c) => c.obf_char(),
                    None if moves & sq.bit() != 0 => '*',
                    None => '-',
                });
            }
            out.push(' ');
            out.push(char::from(b'1' + row));
            out.push('\n');
        }
        out.push_str("  a b c d e f g h\n");
        let status = if self.board.is_game_over() {
            "game over".to_string()
        } else {
            format!("{} to move", self.side_to_move)
        };
        out.push_str(&format!(
            "Black (X) {}  White (O) {}  {status}\n",
            self.black().count_ones(),
            self.white().count_ones()
        ));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transcript_errors_name_the_move() {
        let e = Game::from_transcript("f5d6c3d3c4f4c5b3c9").unwrap_err();
        assert_eq!(e.to_string(), "move 9 \"c9\": not a square");
        let e = Game::from_transcript("f5 d6 a1").unwrap_err();
        assert_eq!(
            e.to_string(),
            "move 3 \"a1\": not legal for Black here (legal: c3 c4 c5 c6 c7)"
        );
    }

    #[test]
    fn near_empty_positions_are_refused() {
        // Issue 17: three discs and a legal move for White crashed the evaluator.
        let e = "---------------------------OX------X---------------------------- O"
            .parse::<Position>()
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "OBF: 61 empty squares, at most 60 (a game never has fewer than 4 discs)"
        );
        let start = Position::start().to_string();
        assert_eq!(start.parse::<Position>(), Ok(Position::start()));
    }

    #[test]
    fn start_diagram() {
        let expected = "  a b c d e f g h
1 - - - - - - - - 1
2 - - - - - - - - 2
3 - - - * - - - - 3
4 - - * O X - - - 4
5 - - - X O * - - 5
6 - - - - * - - - 6
7 - - - - - - - - 7
8 - - - - - - - - 8
  a b c d e f g h
Black (X) 2  White (O) 2  Black to move
";
        assert_eq!(Position::start().diagram(), expected);
    }
}
