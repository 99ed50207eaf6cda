//! Why a move was a mistake, as facts the game puts in words.
//!
//! [`explain_move`] searches the line after the move played and the line after the best
//! move, then compares what each leads to over its first plies: corners taken or given
//! (and when), an X- or C-square played next to an empty corner, the opponent's mobility
//! right after the move, the frontier discs the move leaves, the stable discs at the end
//! of each line, and, in the endgame, the parity of the empty regions left to the
//! opponent. Each [`Fact`] holds the two figures it compares; the app writes it in the
//! player's language. Nothing is canned: a fact shows only when the two lines differ on it.

use std::sync::atomic::AtomicBool;

use crate::engine::bitboard::{CORNERS, neighbours};
use crate::engine::control::{SearchLimits, start_clock};
use crate::engine::player::Searcher;
use crate::engine::position::Position;
use crate::engine::side::Side;
use crate::engine::square::Square;
use crate::engine::stability::stable_count;

/// How many plies of each line the corners and stable discs are looked for in.
pub const LOOKAHEAD: usize = 8;

/// Empties at or below which the parity of the regions is told.
pub const PARITY_EMPTIES: u32 = 20;

/// One reason a move was worse than the best, comparing the line after it with the best
/// line. "Mover" is the side that played the move; figures are the played line's first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    /// The played line lets the opponent take `corner`, `ply` plies after the move (1: the
    /// reply); the best line does not give it.
    GivesCorner {
        /// The corner.
        corner: Square,
        /// Plies after the move played.
        ply: usize,
    },
    /// The best line takes `corner` for the mover, `ply` plies after the best move (0: the
    /// best move itself); the played line does not.
    MissesCorner {
        /// The corner.
        corner: Square,
        /// Plies after the best move.
        ply: usize,
    },
    /// Right after the move played the opponent may take `corner`, which the best move does
    /// not allow.
    OpensCorner {
        /// The corner.
        corner: Square,
    },
    /// The move played is the X-square diagonal to the empty `corner`.
    XSquare {
        /// The corner.
        corner: Square,
    },
    /// The move played is a C-square beside the empty `corner`.
    CSquare {
        /// The corner.
        corner: Square,
    },
    /// The opponent's legal moves right after the move played, and after the best move.
    Mobility {
        /// After the move played.
        played: u32,
        /// After the best move.
        best: u32,
    },
    /// The mover's frontier discs (next to an empty square) right after each move.
    Frontier {
        /// After the move played.
        played: u32,
        /// After the best move.
        best: u32,
    },
    /// The mover's stable discs at the end of each line's first [`LOOKAHEAD`] plies.
    Stable {
        /// At the end of the played line.
        played: u32,
        /// At the end of the best line.
        best: u32,
    },
    /// In the endgame: the regions of empty squares with an odd count that each move
    /// leaves the opponent (the mover would rather leave none, to answer last in each).
    Parity {
        /// After the move played.
        played: u32,
        /// After the best move.
        best: u32,
    },
}

/// The explanation of a move against the best one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The position; its side to move played.
    pub position: Position,
    /// The move played, then the line the search expects after it.
    pub played_line: Vec<Square>,
    /// The best move, then the line after it.
    pub best_line: Vec<Square>,
    /// The facts, the weightiest first.
    pub facts: Vec<Fact>,
}

/// Explains `played` against `best` in `position`: each line is the move and the search's
/// line after it to `depth` (exact at the searcher's exact empties). `None` when `stop` was
/// raised or a move is not legal.
pub fn explain_move(
    position: &Position,
    played: Square,
    best: Square,
    searcher: &mut Searcher,
    depth: u32,
    stop: &AtomicBool,
) -> Option<Explanation> {
    let legal = position.board.moves();
    if legal & played.bit() == 0 || legal & best.bit() == 0 {
        return None;
    }
    let played_line = line_after(position, played, searcher, depth, stop)?;
    let best_line = line_after(position, best, searcher, depth, stop)?;
    let facts = facts(position, &played_line, &best_line);
    Some(Explanation {
        position: *position,
        played_line,
        best_line,
        facts,
    })
}

/// `first`, then the search's line from the position after it, searched on from its end
/// while it is shorter than [`LOOKAHEAD`] plies (a solver's or a table's line can stop
/// short); `None` when `stop` was raised. The best line the Practice window plays out, too.
pub fn line_after(
    position: &Position,
    first: Square,
    searcher: &mut Searcher,
    depth: u32,
    stop: &AtomicBool,
) -> Option<Vec<Square>> {
    let mut line = vec![first];
    while line.len() < LOOKAHEAD {
        let end = positions_along(position, &line)
            .last()
            .copied()
            .unwrap_or(*position);
        if end.board.is_game_over() {
            break;
        }
        let board = if end.board.has_moves() {
            end.board
        } else {
            end.board.pass()
        };
        searcher.clear();
        let found = searcher.search(
            &board,
            &SearchLimits::depth(depth),
            stop,
            &start_clock(),
            &mut |_| {},
        );
        if found.stopped {
            return None;
        }
        if found.info.pv.is_empty() {
            break;
        }
        line.extend(found.info.pv);
    }
    Some(line)
}

/// The positions along `line` from `start`, each after its ply (a side with no move passes
/// first); stops at a move that is not legal.
pub fn positions_along(start: &Position, line: &[Square]) -> Vec<Position> {
    let mut position = *start;
    let mut out = Vec::with_capacity(line.len());
    for &sq in line {
        if !position.board.has_moves() {
            position = position.pass();
        }
        if position.board.moves() & sq.bit() == 0 {
            break;
        }
        position = position.play_unchecked(sq);
        out.push(position);
    }
    out
}

/// The corners `side` takes along `line` in its first [`LOOKAHEAD`] plies, each with its
/// ply (0: the line's first move).
fn corners_taken(start: &Position, line: &[Square], side: Side) -> Vec<(Square, usize)> {
    let mut position = *start;
    let mut taken = Vec::new();
    for (ply, &sq) in line.iter().take(LOOKAHEAD).enumerate() {
        if !position.board.has_moves() {
            position = position.pass();
        }
        if position.board.moves() & sq.bit() == 0 {
            break;
        }
        if CORNERS & sq.bit() != 0 && position.side_to_move == side {
            taken.push((sq, ply));
        }
        position = position.play_unchecked(sq);
    }
    taken
}

/// `side`'s discs in `position`.
fn discs_of(position: &Position, side: Side) -> u64 {
    match side {
        Side::Black => position.black(),
        Side::White => position.white(),
    }
}

/// The corner an X-square (diagonal) or C-square (beside) touches, with which it is.
fn corner_square(sq: Square) -> Option<(Square, bool)> {
    let (file, rank) = (sq.index() % 8, sq.index() / 8);
    let edge = |v: u8| if v < 4 { 0 } else { 7 };
    let corner = Square::from_index(edge(rank) * 8 + edge(file));
    let (df, dr) = (file.abs_diff(edge(file)), rank.abs_diff(edge(rank)));
    match (df, dr) {
        (1, 1) => Some((corner, true)),
        (1, 0) | (0, 1) => Some((corner, false)),
        _ => None,
    }
}

/// The regions (8-connected) of `empties` with an odd number of squares.
pub fn odd_regions(empties: u64) -> u32 {
    let mut left = empties;
    let mut odd = 0;
    while left != 0 {
        let mut region = left & left.wrapping_neg();
        loop {
            let grown = (region | neighbours(region)) & empties;
            if grown == region {
                break;
            }
            region = grown;
        }
        left &= !region;
        odd += region.count_ones() % 2;
    }
    odd
}

/// The facts on which the two lines differ.
fn facts(start: &Position, played_line: &[Square], best_line: &[Square]) -> Vec<Fact> {
    let mover = start.side_to_move;
    let opponent = !mover;
    let played = played_line[0];
    let mut facts = Vec::new();
    // Corners the opponent takes after the move played and not after the best.
    let given_best = corners_taken(start, best_line, opponent);
    for (corner, ply) in corners_taken(start, played_line, opponent) {
        if !given_best.iter().any(|&(c, _)| c == corner) {
            facts.push(Fact::GivesCorner { corner, ply });
        }
    }
    // Corners the opponent may take at once after the move played, not after the best.
    let after_played = start.play_unchecked(played);
    let after_best = start.play_unchecked(best_line[0]);
    let open = after_played.board.moves() & CORNERS & !after_best.board.moves();
    for index in 0..64u8 {
        let corner = Square::from_index(index);
        if open & corner.bit() != 0 && !facts.contains(&Fact::GivesCorner { corner, ply: 1 }) {
            facts.push(Fact::OpensCorner { corner });
        }
    }
    // X- and C-squares next to an empty corner.
    if let Some((corner, x)) = corner_square(played)
        && start.disc(corner).is_none()
    {
        facts.push(if x {
            Fact::XSquare { corner }
        } else {
            Fact::CSquare { corner }
        });
    }
    // Corners the best line takes and the played one does not.
    let taken_played = corners_taken(start, played_line, mover);
    for (corner, ply) in corners_taken(start, best_line, mover) {
        if !taken_played.iter().any(|&(c, _)| c == corner) {
            facts.push(Fact::MissesCorner { corner, ply });
        }
    }
    // The opponent's moves right after each.
    let mobility = |p: &Position| p.board.moves().count_ones();
    let (m_played, m_best) = (mobility(&after_played), mobility(&after_best));
    if m_played >= m_best + 2 {
        facts.push(Fact::Mobility {
            played: m_played,
            best: m_best,
        });
    }
    // Stable discs at the end of each line's first plies.
    let stable_at_end = |line: &[Square]| {
        let along = positions_along(start, &line[..line.len().min(LOOKAHEAD)]);
        let end = along.last().copied().unwrap_or(*start);
        let (mine, theirs) = (discs_of(&end, mover), discs_of(&end, opponent));
        stable_count(mine, theirs)
    };
    let (s_played, s_best) = (stable_at_end(played_line), stable_at_end(best_line));
    if s_best >= s_played + 2 {
        facts.push(Fact::Stable {
            played: s_played,
            best: s_best,
        });
    }
    // Frontier discs right after each move.
    let frontier = |p: &Position| {
        let empty = !(p.black() | p.white());
        (discs_of(p, mover) & neighbours(empty)).count_ones()
    };
    let (f_played, f_best) = (frontier(&after_played), frontier(&after_best));
    if f_played >= f_best + 3 {
        facts.push(Fact::Frontier {
            played: f_played,
            best: f_best,
        });
    }
    // Parity of the regions left to the opponent, in the endgame.
    if start.board.empty_count() <= PARITY_EMPTIES {
        let odd = |p: &Position| odd_regions(!(p.black() | p.white()));
        let (o_played, o_best) = (odd(&after_played), odd(&after_best));
        if o_played > o_best {
            facts.push(Fact::Parity {
                played: o_played,
                best: o_best,
            });
        }
    }
    facts
}

#[cfg(test)]
mod tests {
    use super::super::test_searcher as searcher;
    use super::*;
    use crate::engine::Game;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn x_and_c_squares_name_their_corner() {
        assert_eq!(corner_square(sq("b2")), Some((sq("a1"), true)));
        assert_eq!(corner_square(sq("g7")), Some((sq("h8"), true)));
        assert_eq!(corner_square(sq("b1")), Some((sq("a1"), false)));
        assert_eq!(corner_square(sq("h2")), Some((sq("h1"), false)));
        assert_eq!(corner_square(sq("a7")), Some((sq("a8"), false)));
        assert_eq!(corner_square(sq("a1")), None);
        assert_eq!(corner_square(sq("c3")), None);
        assert_eq!(corner_square(sq("d1")), None);
    }

    #[test]
    fn odd_regions_count_connected_empties() {
        let bits = |names: &str| names.split_whitespace().fold(0u64, |b, n| b | sq(n).bit());
        // a1 alone (1), b8 c8 d8 joined (3), h4 h5 (2), f1 g2 diagonal (2).
        assert_eq!(odd_regions(bits("a1 b8 c8 d8 h4 h5 f1 g2")), 2);
        assert_eq!(odd_regions(0), 0);
        assert_eq!(odd_regions(!0), 0);
    }

    /// The game of the cards' tests, where Black (a beginner) loses 7-57.
    const LOST_GAME: &str = "d3c5b6f3d6c3g2e3b3f2f4g4f5e2e1d1f1g1d2b4a3c4h3g5h5h4c1b1b2c2g3h6g6c6b7f7g7e7h7a4e8c7f8a8a2a1b8c8d8f6e6h1b5a7h2a5a6h8g8d7";

    #[test]
    fn an_x_square_beside_an_empty_corner_is_named() {
        // Ply 7: Black played g2 (the X-square of h1) where e3 was best.
        let game = Game::from_transcript(LOST_GAME).unwrap();
        let position = game.position_at(6);
        let stop = AtomicBool::new(false);
        let mut shipped = Searcher::new(crate::engine::SearchConfig {
            tt_mib: 4,
            ..crate::engine::SearchConfig::default()
        });
        let explained =
            explain_move(&position, sq("g2"), sq("e3"), &mut shipped, 8, &stop).unwrap();
        assert_eq!(explained.played_line[0], sq("g2"));
        assert_eq!(explained.best_line[0], sq("e3"));
        // White's moves after each, counted here on the board itself.
        let moves = |m: &str| position.play_unchecked(sq(m)).board.moves().count_ones();
        assert_eq!((moves("g2"), moves("e3")), (7, 6));
        assert_eq!(explained.facts, [Fact::XSquare { corner: sq("h1") }]);
        // Ply 45, exact: Black's a2 (-62; a5 -50 was best) is the C-square of a1, and
        // White takes a1 at once.
        let mut exact = searcher(24);
        let before = game.position_at(44);
        let explained = explain_move(&before, sq("a2"), sq("a5"), &mut exact, 30, &stop).unwrap();
        assert_eq!(
            explained.facts,
            [
                Fact::GivesCorner {
                    corner: sq("a1"),
                    ply: 1
                },
                Fact::CSquare { corner: sq("a1") },
            ]
        );
        assert_eq!(&explained.played_line[..2], [sq("a2"), sq("a1")]);
        assert_eq!(explained.played_line.len(), LOOKAHEAD);
        // Ply 48, exact: White's c8 (+60; b5 +64 was best). Its stable discs at the end of
        // each line are those counted on the lines' last positions.
        let before = game.position_at(47);
        let explained = explain_move(&before, sq("c8"), sq("b5"), &mut exact, 30, &stop).unwrap();
        let stable_at_end = |line: &[Square]| {
            let end = *positions_along(&before, line).last().unwrap();
            stable_count(end.white(), end.black())
        };
        let (played, best) = (
            stable_at_end(&explained.played_line),
            stable_at_end(&explained.best_line),
        );
        assert!(best >= played + 2, "{played} {best}");
        assert!(explained.facts.contains(&Fact::Stable { played, best }));
        // An illegal move explains nothing.
        assert_eq!(
            explain_move(&position, sq("a1"), sq("e3"), &mut searcher(14), 6, &stop),
            None
        );
    }
}
