//! The simple evaluator: a value for each square a disc stands on, plus mobility. The
//! search's evaluator until the pattern evaluator lands, and the baseline it is measured
//! against. Weights: `config/simple-eval.ron`.

use crate::engine::board::{Board, legal_moves};
use crate::engine::config::error::{ConfigError, parse_ron};
use crate::engine::eval::{Evaluate, to_discs};

/// The weights as written in RON, in discs.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SimpleEvalFile {
    /// Value of a disc on each square, rows 1..8 top to bottom, columns a..h; counted for
    /// the side to move's discs and against the opponent's.
    pub squares: Vec<Vec<f32>>,
    /// Discs per legal move of difference (own moves minus the opponent's).
    pub mobility: f32,
}

/// Disc-square values and mobility, in hundredths of a disc.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimpleEval {
    squares: [i32; 64],
    mobility: i32,
}

/// The shipped weights, compiled in.
const DEFAULT_RON: &str = include_str!("../../../config/simple-eval.ron");

impl Default for SimpleEval {
    fn default() -> SimpleEval {
        SimpleEval::from_ron("config/simple-eval.ron", DEFAULT_RON)
            .expect("the shipped config/simple-eval.ron is valid")
    }
}

impl SimpleEval {
    /// Reads weights from RON text; `file` names it in errors.
    ///
    /// # Errors
    /// [`ConfigError`] for malformed RON, a missing or extra key, or a value outside
    /// `-64..=64` discs.
    pub fn from_ron(file: &str, text: &str) -> Result<SimpleEval, ConfigError> {
        let f: SimpleEvalFile = parse_ron(file, text)?;
        let mut squares = [0; 64];
        if f.squares.len() != 8 || f.squares.iter().any(|r| r.len() != 8) {
            let sizes: Vec<String> = f.squares.iter().map(|r| r.len().to_string()).collect();
            return Err(ConfigError::invalid(
                file,
                format!(
                    "squares: {} rows of [{}] values, expected 8 rows of 8",
                    f.squares.len(),
                    sizes.join(", ")
                ),
            ));
        }
        for (row, values) in f.squares.iter().enumerate() {
            for (col, &v) in values.iter().enumerate() {
                if !(-64.0..=64.0).contains(&v) {
                    return Err(ConfigError::invalid(
                        file,
                        format!(
                            "squares: {}{} is {v}, expected -64..=64 discs",
                            char::from(b'a' + col as u8),
                            row + 1
                        ),
                    ));
                }
                squares[row * 8 + col] = (v * 100.0).round() as i32;
            }
        }
        if !(-64.0..=64.0).contains(&f.mobility) {
            return Err(ConfigError::invalid(
                file,
                format!("mobility is {}, expected -64..=64 discs", f.mobility),
            ));
        }
        Ok(SimpleEval {
            squares,
            mobility: (f.mobility * 100.0).round() as i32,
        })
    }

    /// The score in hundredths of a disc, unclamped.
    pub fn evaluate_centidiscs(&self, board: &Board) -> i32 {
        self.centidiscs_with_moves(
            board,
            board.moves(),
            legal_moves(board.opponent, board.player),
        )
    }

    /// The same given both sides' legal moves.
    fn centidiscs_with_moves(&self, board: &Board, moves: u64, replies: u64) -> i32 {
        let mut score = 0;
        let mut p = board.player;
        while p != 0 {
            score += self.squares[p.trailing_zeros() as usize];
            p &= p - 1;
        }
        let mut o = board.opponent;
        while o != 0 {
            score -= self.squares[o.trailing_zeros() as usize];
            o &= o - 1;
        }
        let mobility = moves.count_ones() as i32 - replies.count_ones() as i32;
        score + self.mobility * mobility
    }
}

impl Evaluate for SimpleEval {
    fn evaluate(&self, board: &Board) -> i32 {
        to_discs(self.evaluate_centidiscs(board))
    }

    fn evaluate_with_moves(&self, board: &Board, moves: u64, replies: u64) -> i32 {
        to_discs(self.centidiscs_with_moves(board, moves, replies))
    }

    fn evaluate_centidiscs(&self, board: &Board) -> i32 {
        SimpleEval::evaluate_centidiscs(self, board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_even_and_symmetric() {
        let e = SimpleEval::default();
        assert_eq!(e.evaluate(&Board::start()), 0);
    }

    #[test]
    fn bad_files_name_the_problem() {
        let err = SimpleEval::from_ron("x.ron", "(squares: [], mobility: 1.0)").unwrap_err();
        assert_eq!(
            err.to_string(),
            "x.ron: squares: 0 rows of [] values, expected 8 rows of 8"
        );
        let err = SimpleEval::from_ron("x.ron", "(squares: [], mobility: 1.0").unwrap_err();
        assert_eq!((err.file.as_str(), err.line), ("x.ron", 1));
        let text = DEFAULT_RON.replace("mobility: 1.0", "mobility: 99.0");
        assert_eq!(
            SimpleEval::from_ron("x.ron", &text)
                .unwrap_err()
                .to_string(),
            "x.ron: mobility is 99, expected -64..=64 discs"
        );
        let text = DEFAULT_RON.replace("mobility: 1.0", "mobility: 1.0, extra: 2");
        let err = SimpleEval::from_ron("x.ron", &text).unwrap_err();
        assert!(err.message.contains("extra"), "{err}");
        assert!(err.line > 1);
    }
}
