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
    /// Every move of every game: the position it was played at (a 64-bit hash of its
    /// canonical key), the game, and the move (in the canonical orientation); sorted by the
    /// hash, so that a position's moves lie together. 16 bytes a move.
    index: Vec<Played>,
}

/// One move of the index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Played {
    hash: u64,
    game: u32,
    square: u8,
}

/// A 64-bit hash of a canonical key (two rounds of a SplitMix64 finaliser). Two positions
/// that share one are told apart when their games are replayed.
fn key_hash(key: BookKey) -> u64 {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    mix(key.player ^ mix(key.opponent.wrapping_add(0x9E37_79B9_7F4A_7C15)))
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
    /// The game's number in the file and its first move that is not legal; nothing of the
    /// file is added then.
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
        let mut read = Vec::with_capacity(games.len());
        for (i, g) in games.iter().enumerate() {
            let game = g.game().map_err(|e| format!("game {}: {e}", i + 1))?;
            read.push(DbGame {
                year,
                tournament: name(tournaments, g.tournament),
                black: name(players, g.black),
                white: name(players, g.white),
                black_score: black_score(g.black_discs),
                plies: game.recorded_plies().to_vec(),
            });
        }
        self.add_games(read);
        Ok(())
    }

    /// Adds games and their positions (the index is sorted once, after them all).
    pub fn add_games(&mut self, games: impl IntoIterator<Item = DbGame>) {
        for game in games {
            let number = u32::try_from(self.games.len()).expect("fewer than 4 billion games");
            let mut board = Board::start();
            for &ply in &game.plies {
                match ply {
                    Ply::Move(sq) => {
                        let (key, sym) = BookKey::of(&board);
                        self.index.push(Played {
                            hash: key_hash(key),
                            game: number,
                            square: sym.apply_square(sq).index(),
                        });
                        board = board.play_unchecked(sq);
                    }
                    Ply::Pass => board = board.pass(),
                }
            }
            self.games.push(game);
        }
        self.index.sort_unstable();
    }

    /// Adds a game and its positions.
    pub fn add(&mut self, game: DbGame) {
        self.add_games([game]);
    }

    /// The index's moves played at positions with `key`'s hash.
    fn played_at(&self, key: BookKey) -> &[Played] {
        let hash = key_hash(key);
        let start = self.index.partition_point(|p| p.hash < hash);
        let end = start + self.index[start..].partition_point(|p| p.hash == hash);
        &self.index[start..end]
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether there is no game.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The games that reached `board` (any orientation) and played on, by number.
    pub fn games_at(&self, board: &Board) -> Vec<usize> {
        let mut games: Vec<usize> = self
            .played_at(BookKey::of(board).0)
            .iter()
            .map(|p| p.game as usize)
            .filter(|&n| mover_is_black(&self.games[n], board).is_some())
            .collect();
        games.dedup();
        games
    }

    /// The moves played at `board` (any orientation), the most played first (then the best
    /// scoring, then in square order), each with its games and results for the side that
    /// played it, `keep` choosing the games counted (by player or year).
    pub fn moves_at(&self, board: &Board, keep: &dyn Fn(&DbGame) -> bool) -> Vec<DbMove> {
        let (key, sym) = BookKey::of(board);
        let mut by_square: HashMap<Square, (u32, u32, u32, u32, i64)> = HashMap::new();
        let back = sym.inverse();
        for played in self.played_at(key) {
            let game = &self.games[played.game as usize];
            if !keep(game) {
                continue;
            }
            // A game whose positions only share the hash does not reach this one.
            let Some(mover_is_black) = mover_is_black(game, board) else {
                continue;
            };
            let square = back.apply_square(Square::from_index(played.square));
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

/// Whether Black is to move where `game` plays a move at `board`'s position (up to
/// symmetry); `None` when it plays none there.
fn mover_is_black(game: &DbGame, board: &Board) -> Option<bool> {
    let key = BookKey::of(board).0;
    let mut position = crate::engine::position::Position::start();
    for &ply in &game.plies {
        if matches!(ply, Ply::Move(_)) && BookKey::of(&position.board).0 == key {
            return Some(position.side_to_move == crate::engine::side::Side::Black);
        }
        position = match ply {
            Ply::Move(sq) => position.play_unchecked(sq),
            Ply::Pass => position.pass(),
        };
    }
    None
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
        // A game that does not reach a position is told apart (as when two positions share
        // a hash): no mover there.
        assert_eq!(mover_is_black(&db.games[0], &nowhere), None);
        assert_eq!(mover_is_black(&db.games[1], &after_f5), Some(false));
    }
}
