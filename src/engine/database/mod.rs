//! A game database (issue 56): the games of WTHOR files, and at any position the moves
//! people played there, how often, and how they scored. Positions match up to symmetry, so
//! a move played in a mirrored game counts, shown in the orientation asked about.
//!
//! The index is compact: for every move of every game, the 32 high bits of a hash of the
//! position it was played at (its canonical key) and the game's number, 8 bytes a move,
//! sorted by hash. A question finds its hash's games by binary search and replays each of
//! them to the position (as many moves as the position has discs beyond the start's four),
//! which tells a game that only shares the hash apart, the side that moved and the move.
//! `index_file.rs` keeps the whole of it on disk.

mod index_file;
mod ratings;

use std::collections::HashMap;

use crate::engine::bitboard::Symmetry;
use crate::engine::board::{Board, BookKey};
use crate::engine::formats::wthor::WthorGame;
use crate::engine::game::{Game, Ply};
use crate::engine::square::Square;

pub use index_file::{INDEX_MAGIC, SourceFile};
pub use ratings::{RatedGame, RatingFit, expected_score, fit_ratings, log_loss};

/// One game of the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DbGame {
    /// The year it was played.
    pub year: u16,
    /// Its tournament's number (see [`Database::tournament`]).
    pub tournament: u32,
    /// Black's number (see [`Database::player`]).
    pub black: u32,
    /// White's number.
    pub white: u32,
    /// Black's discs less White's at the end (empty squares to the winner).
    pub black_score: i8,
    /// The moves, each its square's index plus one, 0 after the last (passes are not
    /// written: a side without a move passes).
    moves: [u8; 60],
}

impl DbGame {
    /// The moves (passes left out).
    pub fn moves(&self) -> impl Iterator<Item = Square> + '_ {
        self.moves
            .iter()
            .take_while(|&&m| m != 0)
            .map(|&m| Square::from_index(m - 1))
    }

    /// The game replayed from the start, the passes put back.
    pub fn game(&self) -> Game {
        let mut game = Game::new();
        for sq in self.moves() {
            if game.must_pass() {
                let _ = game.play(Ply::Pass);
            }
            let _ = game.play(Ply::Move(sq));
        }
        game
    }
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

/// Which games a question counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DbFilter {
    /// Only games in which a player whose name contains this (any case) played either side.
    pub player: Option<String>,
    /// Only games of this year or later.
    pub from: Option<u16>,
    /// Only games of this year or earlier.
    pub to: Option<u16>,
}

/// A game that reached a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameAt {
    /// The game's number.
    pub game: usize,
    /// The plies of [`DbGame::game`] (passes counted) before it reached the position.
    pub ply: usize,
    /// The move it played there, in the orientation of the position asked about.
    pub square: Square,
    /// Whether Black played it.
    pub black: bool,
}

/// The games, their players' and tournaments' names, and the index of every position they
/// played a move at.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Database {
    players: Vec<String>,
    tournaments: Vec<String>,
    games: Vec<DbGame>,
    /// The 32 high bits of each indexed position's hash, sorted.
    hashes: Vec<u32>,
    /// The game of each hash.
    owners: Vec<u32>,
    /// The files the games were read from, to tell when an index on disk is stale.
    sources: Vec<SourceFile>,
}

/// A 64-bit hash of a canonical key (two rounds of a SplitMix64 finaliser).
fn key_hash(key: BookKey) -> u64 {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    mix(key.player ^ mix(key.opponent.wrapping_add(0x9E37_79B9_7F4A_7C15)))
}

/// What the index keeps of a position: its hash's high half.
fn index_hash(key: BookKey) -> u32 {
    (key_hash(key) >> 32) as u32
}

/// Games and names gathered before the index is built ([`DatabaseBuilder::build`]).
#[derive(Debug, Default)]
pub struct DatabaseBuilder {
    players: Vec<String>,
    player_numbers: HashMap<String, u32>,
    tournaments: Vec<String>,
    tournament_numbers: HashMap<String, u32>,
    games: Vec<DbGame>,
    sources: Vec<SourceFile>,
}

/// The number of `name` in `names`, added when new.
fn intern(names: &mut Vec<String>, numbers: &mut HashMap<String, u32>, name: &str) -> u32 {
    if let Some(&n) = numbers.get(name) {
        return n;
    }
    let n = u32::try_from(names.len()).expect("fewer than 4 billion names");
    names.push(name.to_string());
    numbers.insert(name.to_string(), n);
    n
}

impl DatabaseBuilder {
    /// No game yet.
    pub fn new() -> DatabaseBuilder {
        DatabaseBuilder::default()
    }

    /// Adds a game.
    ///
    /// # Errors
    /// The first move that is not legal where it is played (nothing is added then), or more
    /// than 60 moves.
    pub fn add(
        &mut self,
        year: u16,
        tournament: &str,
        black: &str,
        white: &str,
        black_score: i32,
        moves: &[Square],
    ) -> Result<(), String> {
        if moves.len() > 60 {
            return Err(format!("{} moves: a game has at most 60", moves.len()));
        }
        let mut board = Board::start();
        let mut coded = [0u8; 60];
        for (i, &sq) in moves.iter().enumerate() {
            if !board.has_moves() {
                board = board.pass();
            }
            board = board
                .try_play(sq)
                .map_err(|_| format!("move {} ({sq}) is not legal", i + 1))?;
            coded[i] = sq.index() + 1;
        }
        let game = DbGame {
            year,
            tournament: intern(
                &mut self.tournaments,
                &mut self.tournament_numbers,
                tournament,
            ),
            black: intern(&mut self.players, &mut self.player_numbers, black),
            white: intern(&mut self.players, &mut self.player_numbers, white),
            black_score: black_score.clamp(-64, 64) as i8,
            moves: coded,
        };
        self.games.push(game);
        Ok(())
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
        let first = self.games.len();
        for (i, g) in games.iter().enumerate() {
            // WTHOR records Black's discs, the empties to the winner: as a difference.
            let black_score = 2 * i32::from(g.black_discs) - 64;
            let added = self.add(
                year,
                &name(tournaments, g.tournament),
                &name(players, g.black),
                &name(players, g.white),
                black_score,
                &g.moves,
            );
            if let Err(e) = added {
                self.games.truncate(first);
                return Err(format!("game {}: {e}", i + 1));
            }
        }
        Ok(())
    }

    /// Notes a file the games came from (see [`Database::sources`]).
    pub fn source(&mut self, file: SourceFile) {
        self.sources.push(file);
    }

    /// The games added.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether no game was added.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Indexes every position of every game; `progress` hears the games done and their
    /// number every 4,096 games and at the end.
    pub fn build(self, progress: &mut dyn FnMut(usize, usize)) -> Database {
        let total: usize = self.games.iter().map(|g| g.moves().count()).sum();
        let mut entries: Vec<(u32, u32)> = Vec::with_capacity(total);
        for (number, game) in self.games.iter().enumerate() {
            let owner = u32::try_from(number).expect("fewer than 4 billion games");
            let mut board = Board::start();
            for sq in game.moves() {
                if !board.has_moves() {
                    board = board.pass();
                }
                entries.push((index_hash(BookKey::of(&board).0), owner));
                board = board.play_unchecked(sq);
            }
            if (number + 1) % 4096 == 0 {
                progress(number + 1, self.games.len());
            }
        }
        entries.sort_unstable();
        progress(self.games.len(), self.games.len());
        Database {
            players: self.players,
            tournaments: self.tournaments,
            games: self.games,
            hashes: entries.iter().map(|e| e.0).collect(),
            owners: entries.iter().map(|e| e.1).collect(),
            sources: self.sources,
        }
    }
}

/// Where a game reached a position: the plies played (passes counted), whether Black was
/// to move there, and the move it played, in the canonical orientation.
fn replay_to(game: &DbGame, moves_before: usize, key: BookKey) -> Option<(usize, bool, Square)> {
    let mut board = Board::start();
    let mut black = true;
    let mut plies = 0;
    let mut moves = game.moves();
    for sq in moves.by_ref().take(moves_before) {
        if !board.has_moves() {
            board = board.pass();
            black = !black;
            plies += 1;
        }
        board = board.play_unchecked(sq);
        black = !black;
        plies += 1;
    }
    let next = moves.next()?;
    if !board.has_moves() {
        board = board.pass();
        black = !black;
        plies += 1;
    }
    let (game_key, sym) = BookKey::of(&board);
    (game_key == key).then(|| (plies, black, sym.apply_square(next)))
}

impl Database {
    /// The number of games.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether there is no game.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Game number `n`.
    pub fn game(&self, n: usize) -> &DbGame {
        &self.games[n]
    }

    /// Player number `n`'s name.
    pub fn player(&self, n: u32) -> &str {
        &self.players[n as usize]
    }

    /// Tournament number `n`'s name.
    pub fn tournament(&self, n: u32) -> &str {
        &self.tournaments[n as usize]
    }

    /// The files the games were read from (name, size, time modified), as noted when the
    /// database was built.
    pub fn sources(&self) -> &[SourceFile] {
        &self.sources
    }

    /// Positions indexed (one a move of every game).
    pub fn positions(&self) -> usize {
        self.hashes.len()
    }

    /// Whether game `game` passes `filter`; `players` says which players the filter's name
    /// matches (`None`: every player).
    fn keeps(&self, game: &DbGame, filter: &DbFilter, players: Option<&[bool]>) -> bool {
        filter.from.is_none_or(|y| game.year >= y)
            && filter.to.is_none_or(|y| game.year <= y)
            && players.is_none_or(|p| p[game.black as usize] || p[game.white as usize])
    }

    /// The players whose names contain the filter's (any case), when it names one.
    fn matching_players(&self, filter: &DbFilter) -> Option<Vec<bool>> {
        let name = filter.player.as_ref()?.to_lowercase();
        Some(
            self.players
                .iter()
                .map(|p| p.to_lowercase().contains(&name))
                .collect(),
        )
    }

    /// Every game that played a move at `board` (any orientation) and passes `filter`, in
    /// the order of their numbers, with the ply it reached the position at and its move
    /// there (in `board`'s orientation, one square for moves the position's symmetry makes
    /// the same).
    pub fn games_at(&self, board: &Board, filter: &DbFilter) -> Vec<GameAt> {
        let (key, sym) = BookKey::of(board);
        // The symmetries that leave the canonical board as it is: moves they exchange are
        // one move.
        let canonical = key.board();
        let same: Vec<Symmetry> = Symmetry::ALL
            .into_iter()
            .filter(|s| {
                s.apply(canonical.player) == key.player
                    && s.apply(canonical.opponent) == key.opponent
            })
            .collect();
        let back = sym.inverse();
        let moves_before = 60usize.saturating_sub(board.empty_count() as usize);
        let players = self.matching_players(filter);
        let hash = index_hash(key);
        let start = self.hashes.partition_point(|&h| h < hash);
        let end = start + self.hashes[start..].partition_point(|&h| h == hash);
        let mut found: Vec<GameAt> = self.owners[start..end]
            .iter()
            .filter_map(|&owner| {
                let game = &self.games[owner as usize];
                if !self.keeps(game, filter, players.as_deref()) {
                    return None;
                }
                let (ply, black, square) = replay_to(game, moves_before, key)?;
                let square = same
                    .iter()
                    .map(|s| s.apply_square(square))
                    .min_by_key(|s| s.index())
                    .unwrap_or(square);
                Some(GameAt {
                    game: owner as usize,
                    ply,
                    square: back.apply_square(square),
                    black,
                })
            })
            .collect();
        found.sort_by_key(|g| g.game);
        found
    }

    /// The moves played at `board` (any orientation), the most played first (then the best
    /// scoring, then in square order), each with its games and results for the side that
    /// played it, among the games that pass `filter`.
    pub fn moves_at(&self, board: &Board, filter: &DbFilter) -> Vec<DbMove> {
        self.tally(&self.games_at(board, filter))
    }

    /// The moves `games` played at a position ([`Database::games_at`]'s), counted as
    /// [`Database::moves_at`] counts them.
    pub fn tally(&self, games: &[GameAt]) -> Vec<DbMove> {
        let mut by_square: HashMap<Square, (u32, u32, u32, u32, i64)> = HashMap::new();
        for at in games {
            let game = &self.games[at.game];
            let score = if at.black {
                i32::from(game.black_score)
            } else {
                -i32::from(game.black_score)
            };
            let e = by_square.entry(at.square).or_default();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(t: &str) -> Vec<Square> {
        Game::from_transcript(t).unwrap().played_moves()
    }

    fn after(t: &str) -> Board {
        Game::from_transcript(t).unwrap().position().board
    }

    /// Three games: after f5, White played d6 twice (once as the mirror image, after d3
    /// c5) and f6 once.
    fn three() -> Database {
        let mut b = DatabaseBuilder::new();
        b.add(2001, "Test", "A", "W", 10, &moves("f5d6c3")).unwrap();
        b.add(2002, "Test", "B", "W", -4, &moves("d3c5f6")).unwrap();
        b.add(2003, "Open", "A", "W", 0, &moves("f5f6e6")).unwrap();
        b.build(&mut |_, _| {})
    }

    fn shown(moves: &[DbMove]) -> Vec<(String, u32, u32, u32, u32, f64)> {
        moves
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
            .collect()
    }

    #[test]
    fn the_moves_at_a_position_count_games_in_every_orientation() {
        let db = three();
        let all = DbFilter::default();
        let moves = db.moves_at(&after("f5"), &all);
        // d6 for White: lost by 10 (Black +10), won by 4 (Black -4): 1-0-1, mean -3.
        assert_eq!(
            shown(&moves),
            [
                ("d6".to_string(), 2, 1, 0, 1, -3.0),
                ("f6".to_string(), 1, 0, 1, 0, 0.0)
            ]
        );
        assert!((moves[0].score() - 0.5).abs() < 1e-12);
        // Asked in another orientation (d3 is f5 mirrored), the moves come in it.
        let mirrored = db.moves_at(&after("d3"), &all);
        assert_eq!(
            mirrored
                .iter()
                .map(|m| (m.square.to_string(), m.games))
                .collect::<Vec<_>>(),
            [("c5".to_string(), 2), ("c3".to_string(), 1)]
        );
        // By player (any case, part of the name) and by years.
        let a = db.moves_at(
            &after("f5"),
            &DbFilter {
                player: Some("a".into()),
                ..DbFilter::default()
            },
        );
        assert_eq!(
            a.iter()
                .map(|m| (m.square.to_string(), m.games))
                .collect::<Vec<_>>(),
            [("f6".to_string(), 1), ("d6".to_string(), 1)]
        );
        let years = db.moves_at(
            &after("f5"),
            &DbFilter {
                from: Some(2002),
                to: Some(2002),
                ..DbFilter::default()
            },
        );
        assert_eq!(shown(&years), [("d6".to_string(), 1, 1, 0, 0, 4.0)]);
        // The games there: each with its ply and move (in the orientation asked about).
        assert_eq!(
            db.games_at(&after("f5"), &all),
            [
                GameAt {
                    game: 0,
                    ply: 1,
                    square: "d6".parse().unwrap(),
                    black: false
                },
                GameAt {
                    game: 1,
                    ply: 1,
                    square: "d6".parse().unwrap(),
                    black: false
                },
                GameAt {
                    game: 2,
                    ply: 1,
                    square: "f6".parse().unwrap(),
                    black: false
                },
            ]
        );
        assert_eq!(db.games_at(&Board::start(), &all).len(), 3);
        // A position no game reached has no move; the names are the games'.
        assert!(db.moves_at(&after("f5f4"), &all).is_empty());
        assert_eq!(
            (
                db.player(db.game(1).black),
                db.tournament(db.game(2).tournament)
            ),
            ("B", "Open")
        );
        assert_eq!(db.game(0).game().transcript(), "f5d6c3");
        assert_eq!(db.positions(), 9);
    }

    #[test]
    fn symmetric_positions_count_a_move_and_its_mirror_image_as_one() {
        // The start is symmetric: its four first moves are one move, shown as d3 (the
        // canonical orientation's smallest square among the four, turned back).
        let mut b = DatabaseBuilder::new();
        for (t, score) in [("f5", 2), ("d3", -2), ("c4", 0), ("e6", 4)] {
            b.add(1990, "T", "P", "Q", score, &moves(t)).unwrap();
        }
        let db = b.build(&mut |_, _| {});
        let moves = db.moves_at(&Board::start(), &DbFilter::default());
        assert_eq!(shown(&moves), [("d3".to_string(), 4, 2, 1, 1, 1.0)]);
    }

    #[test]
    fn a_game_with_an_illegal_move_is_refused_and_wthor_games_are_added_whole() {
        let mut b = DatabaseBuilder::new();
        assert_eq!(
            b.add(
                2000,
                "T",
                "P",
                "Q",
                0,
                &moves("f5")[..]
                    .iter()
                    .chain(&["a1".parse().unwrap()])
                    .copied()
                    .collect::<Vec<_>>()
            ),
            Err("move 2 (a1) is not legal".to_string())
        );
        let good = WthorGame {
            tournament: 0,
            black: 1,
            white: 7,
            black_discs: 40,
            theoretical: 40,
            moves: moves("f5d6c3"),
        };
        let bad = WthorGame {
            moves: vec!["a1".parse().unwrap()],
            ..good.clone()
        };
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        assert_eq!(
            b.add_wthor(2020, &[good.clone(), bad], &names, &["Cup".to_string()]),
            Err("game 2: move 1 (a1) is not legal".to_string())
        );
        assert!(b.is_empty());
        b.add_wthor(2020, &[good], &names, &["Cup".to_string()])
            .unwrap();
        let db = b.build(&mut |_, _| {});
        let g = db.game(0);
        assert_eq!(
            (
                db.player(g.black),
                db.player(g.white),
                db.tournament(g.tournament),
                g.black_score,
                g.year
            ),
            ("Bob", "#7", "Cup", 16, 2020)
        );
    }

    #[test]
    fn the_index_file_reads_back_whole_and_a_damaged_one_names_the_byte() {
        let mut b = DatabaseBuilder::new();
        b.source(SourceFile {
            name: "WTH_2001.wtb".into(),
            size: 1234,
            modified: 1_700_000_000,
        });
        for (t, s) in [("f5d6c3d3c4", 6), ("f5f6e6f4", -2), ("e6f4c3c4d3", 0)] {
            b.add(2001, "Cup", "Ann", "Bob", s, &moves(t)).unwrap();
        }
        let db = b.build(&mut |_, _| {});
        let bytes = db.to_index_bytes();
        assert_eq!(&bytes[..8], INDEX_MAGIC);
        let back = Database::from_index_bytes(&bytes).unwrap();
        assert_eq!(back, db);
        assert_eq!(back.sources()[0].name, "WTH_2001.wtb");
        // Damaged: a flipped byte, a cut file, another file.
        let mut flipped = bytes.clone();
        flipped[40] ^= 1;
        let body = bytes.len() - 8;
        assert_eq!(
            Database::from_index_bytes(&flipped)
                .unwrap_err()
                .to_string(),
            format!(
                "byte {body}: the checksum does not match the file: it was damaged or cut short"
            )
        );
        assert_eq!(
            Database::from_index_bytes(&bytes[..bytes.len() - 3])
                .unwrap_err()
                .offset,
            body - 3
        );
        assert_eq!(
            Database::from_index_bytes(b"WTHOR")
                .unwrap_err()
                .to_string(),
            "byte 0: not a game database index: it does not begin with \"RVTHORDB\""
        );
        // An illegal move under a good checksum (a file written by something else): named.
        let games_start = bytes.len() - 8 - 4 - 8 * db.positions() - 3 * 75;
        let mut illegal = bytes[..body].to_vec();
        illegal[games_start + 15] = 1; // a1
        let sum = index_file::checksum(&illegal);
        illegal.extend_from_slice(&sum.to_le_bytes());
        assert_eq!(
            Database::from_index_bytes(&illegal)
                .unwrap_err()
                .to_string(),
            format!(
                "byte {}: game 1: move 1 (a1) is not legal",
                games_start + 15
            )
        );
    }
}
