//! A game database (issue 56): the games of WTHOR files, and at any position the moves
//! people played there, how often, and how they scored. Positions match up to symmetry, so
//! a move played in a mirrored game counts, shown in the orientation asked about.

use std::collections::HashMap;

use crate::engine::board::Board;
use crate::engine::book::BookKey;
use crate::engine::formats::wthor::WthorGame;
use crate::engine::game::Ply;
use crate::engine::square::Square;

/// One game of the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DbGame {
    /// The year it was played.
    pub year: u16,
    /// Its tournament's name.
    pub tournament: String,
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
    /// Black's discs less White's at the end (empty squares to the winner).
    pub black_score: i32,
    /// Its plies from the start, passes included.
    pub plies: Vec<Ply>,
}

/// A move people played at a position, and how it went for the side that played it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DbMove {
    /// The move, in the orientation of the position asked about.
    pub square: Square,
    /// Games in which it was played there.
    pub games: u32,
    /// Of those, won, drawn and lost by the side that played it.
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Lost.
    pub losses: u32,
    /// The mean final disc difference for the side that played it.
    pub mean_discs: f64,
}

impl DbMove {
    /// The side's score: wins and half the draws, over the games (0..=1).
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games.max(1))
    }
}

/// The games, and every position they reach keyed up to symmetry.
#[derive(Clone, Debug, Default)]
pub struct Database {
    games: Vec<DbGame>,
    /// Each position reached (by its canonical key): the games that played on from it, and
    /// the move each played (in the canonical orientation).
    index: HashMap<BookKey, Vec<(u32, Square)>>,
}

/// The final disc difference for Black when a game's record stops before its end: what
/// WTHOR records (Black's discs, the empties to the winner) as a difference.
fn black_score(black_discs: u8) -> i32 {
    2 * i32::from(black_discs) - 64
}

impl Database {
    /// An empty database.
    pub fn new() -> Database {
        Database::default()
    }

    /// Adds a WTHOR file's games of `year`, their numbers read against `players` and
    /// `tournaments` (a number without a name reads as `#N`).
    ///
    /// # Errors
    /// The game's number in the file and its first move that is not legal; the games before
    /// it are kept.
    pub fn add_wthor(
        &mut self,
        year: u16,
        games: &[WthorGame],
        players: &[String],
        tournaments: &[String],
    ) -> Result<(), String> {
        let name = |names: &[String], n: u16| {
            names
                .get(usize::from(n))
                .cloned()
                .unwrap_or_else(|| format!("#{n}"))
        };
        for (i, g) in games.iter().enumerate() {
            let game = g.game().map_err(|e| format!("game {}: {e}", i + 1))?;
            self.add(DbGame {
                year,
                tournament: name(tournaments, g.tournament),
                black: name(players, g.black),
                white: name(players, g.white),
                black_score: black_score(g.black_discs),
                plies: game.recorded_plies().to_vec(),
            });
        }
        Ok(())
    }

    /// Adds a game and its positions.
    pub fn add(&mut self, game: DbGame) {
        let number = u32::try_from(self.games.len()).expect("fewer than 4 billion games");
        let mut board = Board::start();
        for &ply in &game.plies {
            match ply {
                Ply::Move(sq) => {
                    let (key, sym) = BookKey::of(&board);
                    self.index
                        .entry(key)
                        .or_default()
                        .push((number, sym.apply_square(sq)));
                    board = board.play_unchecked(sq);
                }
                Ply::Pass => board = board.pass(),
            }
        }
        self.games.push(game);
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether there is no game.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// A game by its number (from 0, in the order added).
    pub fn game(&self, number: usize) -> Option<&DbGame> {
        self.games.get(number)
    }

    /// The games that reached `board` (any orientation) and played on, by number.
    pub fn games_at(&self, board: &Board) -> Vec<usize> {
        self.index
            .get(&BookKey::of(board).0)
            .map_or_else(Vec::new, |v| v.iter().map(|&(n, _)| n as usize).collect())
    }

    /// The moves played at `board` (any orientation), the most played first (then the best
    /// scoring, then in square order), each with its games and results for the side that
    /// played it, `keep` choosing the games counted (by player or year).
    pub fn moves_at(&self, board: &Board, keep: &dyn Fn(&DbGame) -> bool) -> Vec<DbMove> {
        let (key, sym) = BookKey::of(board);
        let Some(played) = self.index.get(&key) else {
            return Vec::new();
        };
        let mut by_square: HashMap<Square, (u32, u32, u32, u32, i64)> = HashMap::new();
        let back = sym.inverse();
        for &(n, canonical) in played {
            let game = &self.games[n as usize];
            if !keep(game) {
                continue;
            }
            let square = back.apply_square(canonical);
            let mover_is_black = mover_is_black(game, board);
            let score = if mover_is_black {
                game.black_score
            } else {
                -game.black_score
            };
            let e = by_square.entry(square).or_default();
            e.0 += 1;
            match score.signum() {
                1 => e.1 += 1,
                0 => e.2 += 1,
                _ => e.3 += 1,
            }
            e.4 += i64::from(score);
        }
        let mut moves: Vec<DbMove> = by_square
            .into_iter()
            .map(|(square, (games, wins, draws, losses, sum))| DbMove {
                square,
                games,
                wins,
                draws,
                losses,
                mean_discs: sum as f64 / f64::from(games),
            })
            .collect();
        moves.sort_by(|a, b| {
            b.games
                .cmp(&a.games)
                .then(b.score().total_cmp(&a.score()))
                .then(a.square.index().cmp(&b.square.index()))
        });
        moves
    }
}

/// Whether Black is to move where `game` reaches `board`'s position (up to symmetry).
fn mover_is_black(game: &DbGame, board: &Board) -> bool {
    let key = BookKey::of(board).0;
    let mut position = crate::engine::position::Position::start();
    for &ply in &game.plies {
        if BookKey::of(&position.board).0 == key && matches!(ply, Ply::Move(_)) {
            break;
        }
        position = match ply {
            Ply::Move(sq) => position.play_unchecked(sq),
            Ply::Pass => position.pass(),
        };
    }
    position.side_to_move == crate::engine::side::Side::Black
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game;

    fn game(moves: &str, black_score: i32, black: &str, year: u16) -> DbGame {
        DbGame {
            year,
            tournament: "Test".into(),
            black: black.into(),
            white: "W".into(),
            black_score,
            plies: Game::from_transcript(moves)
                .unwrap()
                .recorded_plies()
                .to_vec(),
        }
    }

    #[test]
    fn the_moves_at_a_position_count_games_in_every_orientation() {
        let mut db = Database::new();
        // After f5 (any first move: the four are one position), White played d6 twice
        // (once as the mirror image, after d3 c5) and f6 once.
        db.add(game("f5d6c3", 10, "A", 2001));
        db.add(game("d3c5f6", -4, "B", 2002));
        db.add(game("f5f6e6", 0, "A", 2003));
        let after_f5 = Game::from_transcript("f5").unwrap().position().board;
        let moves = db.moves_at(&after_f5, &|_| true);
        let shown: Vec<(String, u32, u32, u32, u32, f64)> = moves
            .iter()
            .map(|m| {
                (
                    m.square.to_string(),
                    m.games,
                    m.wins,
                    m.draws,
                    m.losses,
                    m.mean_discs,
                )
            })
            .collect();
        // d6 for White: lost by 10 (Black +10), won by 4 (Black -4): 1-0-1, mean -3.
        assert_eq!(
            shown,
            [
                ("d6".to_string(), 2, 1, 0, 1, -3.0),
                ("f6".to_string(), 1, 0, 1, 0, 0.0)
            ]
        );
        assert!((moves[0].score() - 0.5).abs() < 1e-12);
        // By player: A's games only; one game each, the draw (f6) scores better than the
        // loss (d6).
        let a = db.moves_at(&after_f5, &|g| g.black == "A");
        assert_eq!(
            a.iter()
                .map(|m| (m.square.to_string(), m.games))
                .collect::<Vec<_>>(),
            [("f6".to_string(), 1), ("d6".to_string(), 1)]
        );
        // Each reached the start; a position no game reached has no move.
        assert_eq!(db.games_at(&Board::start()), [0, 1, 2]);
        let nowhere = Game::from_transcript("f5f4").unwrap().position().board;
        assert!(db.moves_at(&nowhere, &|_| true).is_empty());
    }
}
