//! The folder of games played (issue 74): the game keeps every game a move is played in as a
//! GGF file named by when it began (`2026-11-28-210509.ggf`; the game's `files/resume.rs`
//! writes them). This reads such a folder into summaries (the date, the players, the level
//! played against, the result, the opening's name, the length), filters and sorts them, and
//! counts the player's record against each level: what the Library window shows, and what its
//! bench times. No Bevy type: the bench builds without the game.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::engine::{Game, GgfGame, OpeningNames, Position, Side};

/// The name the game gives a human player in its GGF files.
pub const HUMAN: &str = "Human";
/// How the game names its engine at a level in its GGF files: `Reversi (Casual)`.
const ENGINE_PREFIX: &str = "Reversi (";
/// The largest game file read (a game with every variation is a few kilobytes).
const MAX_FILE_BYTES: u64 = 1 << 20;

/// One game of the folder, as the Library window lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    /// Its file.
    pub path: PathBuf,
    /// When it began, `2026-11-28 21:05`: from the file's name, else the file's time.
    pub date: String,
    /// The players as the file names them.
    pub black: String,
    /// White's name.
    pub white: String,
    /// The main line's moves (passes left out).
    pub moves: usize,
    /// Black's final disc difference, when the game is over.
    pub black_score: Option<i32>,
    /// The deepest named opening the main line reaches.
    pub opening: Option<String>,
    /// The main line as the game copies it: its transcript (`f5d6c3`), after the start
    /// position in OBF and a line break when it did not begin at the standard start.
    pub text: String,
}

/// How a game ended for the player against the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outcome {
    /// The player won.
    Won,
    /// A draw.
    Drawn,
    /// The player lost.
    Lost,
    /// Not over.
    Unfinished,
}

impl PlayedGame {
    /// The engine's level, when the game was played against the engine.
    pub fn level(&self) -> Option<&str> {
        match (self.black.as_str(), self.white.as_str()) {
            (HUMAN, white) => engine(white),
            (black, HUMAN) => engine(black),
            _ => None,
        }
    }

    /// The player's side, when the game was played against the engine.
    pub fn human(&self) -> Option<Side> {
        self.level()?;
        Some(if self.black == HUMAN {
            Side::Black
        } else {
            Side::White
        })
    }

    /// How it ended for the player; `None` when it was not the player against the engine.
    pub fn outcome(&self) -> Option<Outcome> {
        let human = self.human()?;
        let Some(black) = self.black_score else {
            return Some(Outcome::Unfinished);
        };
        let mine = if human == Side::Black { black } else { -black };
        Some(match mine.cmp(&0) {
            Ordering::Greater => Outcome::Won,
            Ordering::Equal => Outcome::Drawn,
            Ordering::Less => Outcome::Lost,
        })
    }

    /// The final score as discs, Black's first (`40-24`; the empties to the winner), when
    /// over.
    pub fn score_text(&self) -> Option<String> {
        self.black_score.map(discs_text)
    }
}

/// The name the game gives its engine at `level` in its GGF files: `Reversi (Casual)`.
pub fn engine_name(level: &str) -> String {
    format!("{ENGINE_PREFIX}{level})")
}

/// A final result as discs, Black's first (`40-24`; the empties to the winner), from
/// Black's disc difference.
pub fn discs_text(black_score: i32) -> String {
    let black = (64 + black_score) / 2;
    format!("{black}-{}", 64 - black)
}

/// The level of the engine a player's name stands for (`Reversi (Casual)`: `Casual`).
pub fn engine(name: &str) -> Option<&str> {
    name.strip_prefix(ENGINE_PREFIX)?.strip_suffix(')')
}

/// The date a game's file is named by, `2026-11-28-210509.ggf` read as `2026-11-28 21:05`.
fn date_of_name(path: &Path) -> Option<String> {
    let stem = path.file_stem()?.to_str()?;
    let date = chrono::NaiveDateTime::parse_from_str(stem, "%Y-%m-%d-%H%M%S").ok()?;
    Some(date.format("%Y-%m-%d %H:%M").to_string())
}

/// Reads one game file.
///
/// # Errors
/// `FILE: why` (I/O, size, or the GGF error with its line and column).
pub fn read_played_game(path: &Path, names: &OpeningNames) -> Result<PlayedGame, String> {
    let name = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("{name}: {e}"))?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "{name}: {} bytes is too large for a game",
            meta.len()
        ));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let ggf: GgfGame = text.parse().map_err(|e| format!("{name}: {e}"))?;
    let game: &Game = &ggf.game;
    let date = date_of_name(path).unwrap_or_else(|| {
        meta.modified()
            .ok()
            .map(|t| {
                chrono::DateTime::<chrono::Local>::from(t)
                    .format("%Y-%m-%d %H:%M")
                    .to_string()
            })
            .unwrap_or_default()
    });
    Ok(PlayedGame {
        path: path.to_path_buf(),
        date,
        black: ggf.property("PB").unwrap_or("?").to_string(),
        white: ggf.property("PW").unwrap_or("?").to_string(),
        moves: game.played_moves().len(),
        black_score: game.is_over().then(|| game.position().final_score_black()),
        opening: names.of_game(game).map(|n| n.opening.name.clone()),
        text: if game.start() == Position::start() {
            game.transcript()
        } else {
            format!("{}\n{}", game.start(), game.transcript_with_passes())
        },
    })
}

/// What reading a folder gave: its games (the newest first) and the files that did not read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayedFolder {
    /// The games.
    pub games: Vec<PlayedGame>,
    /// `FILE: why`, for each file that could not be read.
    pub errors: Vec<String>,
}

/// Reads every `.ggf` file of `dir` (none when it does not exist), telling `progress` how
/// many of how many are done as it goes.
pub fn read_played_folder(dir: &Path, progress: &mut dyn FnMut(usize, usize)) -> PlayedFolder {
    let mut paths: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("ggf")))
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => {
            return PlayedFolder {
                games: Vec::new(),
                errors: vec![format!("{}: {e}", dir.display())],
            };
        }
    };
    paths.sort();
    let names = OpeningNames::shipped();
    let mut folder = PlayedFolder::default();
    let total = paths.len();
    for (i, path) in paths.iter().enumerate() {
        match read_played_game(path, names) {
            Ok(game) => folder.games.push(game),
            Err(e) => folder.errors.push(e),
        }
        if i % 64 == 63 || i + 1 == total {
            progress(i + 1, total);
        }
    }
    sort_games(&mut folder.games, SortBy::Date, true);
    folder
}

/// What the list keeps.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LibraryFilter {
    /// Games against this level only.
    pub level: Option<String>,
    /// Games that ended so for the player only.
    pub outcome: Option<Outcome>,
    /// Games whose opening's name holds this (any case); empty for all.
    pub opening: String,
    /// Games whose date begins so (`2026-11`); empty for all.
    pub date: String,
}

impl LibraryFilter {
    /// Whether `game` is kept.
    pub fn keeps(&self, game: &PlayedGame) -> bool {
        let opening = self.opening.trim().to_lowercase();
        self.level
            .as_deref()
            .is_none_or(|level| game.level() == Some(level))
            && self.outcome.is_none_or(|o| game.outcome() == Some(o))
            && (opening.is_empty()
                || game
                    .opening
                    .as_ref()
                    .is_some_and(|name| name.to_lowercase().contains(&opening)))
            && game.date.starts_with(self.date.trim())
    }
}

/// What the list is sorted by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SortBy {
    /// When the game began.
    #[default]
    Date,
    /// The level played against (games between humans or engines last).
    Level,
    /// The result, from the player's side where the game was against the engine, else
    /// Black's.
    Result,
    /// The opening's name.
    Opening,
    /// The number of moves.
    Length,
}

/// Sorts `games` by `by`, the greatest first when `descending`; ties by date, the newest
/// first.
pub fn sort_games(games: &mut [PlayedGame], by: SortBy, descending: bool) {
    let result = |g: &PlayedGame| match (g.human(), g.black_score) {
        (_, None) => None,
        (Some(Side::White), Some(s)) => Some(-s),
        (_, Some(s)) => Some(s),
    };
    games.sort_by(|a, b| {
        let order = match by {
            SortBy::Date => Ordering::Equal,
            SortBy::Level => a.level().cmp(&b.level()),
            SortBy::Result => result(a).cmp(&result(b)),
            SortBy::Opening => a.opening.cmp(&b.opening),
            SortBy::Length => a.moves.cmp(&b.moves),
        };
        let order = if descending { order.reverse() } else { order };
        order.then_with(|| b.date.cmp(&a.date).then_with(|| b.path.cmp(&a.path)))
    });
    if by == SortBy::Date && !descending {
        games.reverse();
    }
}

/// The player's games against one level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Won.
    pub won: usize,
    /// Drawn.
    pub drawn: usize,
    /// Lost.
    pub lost: usize,
    /// Not finished.
    pub unfinished: usize,
}

impl Record {
    /// The finished games' score in percent (a draw half a win); `None` with none finished.
    pub fn percent(&self) -> Option<f64> {
        let finished = self.won + self.drawn + self.lost;
        (finished > 0)
            .then(|| (self.won as f64 + self.drawn as f64 / 2.0) * 100.0 / finished as f64)
    }
}

/// The player's record against each level, by the level's name.
pub fn records(games: &[PlayedGame]) -> BTreeMap<String, Record> {
    let mut records: BTreeMap<String, Record> = BTreeMap::new();
    for game in games {
        let (Some(level), Some(outcome)) = (game.level(), game.outcome()) else {
            continue;
        };
        let record = records.entry(level.to_string()).or_default();
        match outcome {
            Outcome::Won => record.won += 1,
            Outcome::Drawn => record.drawn += 1,
            Outcome::Lost => record.lost += 1,
            Outcome::Unfinished => record.unfinished += 1,
        }
    }
    records
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder under the temp folder, removed when dropped.
    struct Folder(PathBuf);

    impl Folder {
        fn new(name: &str) -> Folder {
            let dir = std::env::temp_dir().join(format!("played-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            Folder(dir)
        }

        fn write(&self, name: &str, moves: &str, black: &str, white: &str) {
            let game = Game::from_transcript(moves).unwrap();
            let text = GgfGame::write_with_variations(&game, black, white, "Reversi");
            std::fs::write(self.0.join(name), text).unwrap();
        }
    }

    impl Drop for Folder {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// A finished game, Black losing 7-57 (from the strength history's test).
    const LOST_AS_BLACK: &str = "d3c5b6f3d6c3g2e3b3f2f4g4f5e2e1d1f1g1d2b4a3c4h3g5h5h4c1b1b2c2g3h6g6c6b7f7g7e7h7a4e8c7f8a8a2a1b8c8d8f6e6h1b5a7h2a5a6h8g8d7";

    fn folder(name: &str) -> Folder {
        let dir = Folder::new(name);
        dir.write(
            "2026-11-28-210509.ggf",
            LOST_AS_BLACK,
            HUMAN,
            "Reversi (Casual)",
        );
        dir.write(
            "2026-11-29-090000.ggf",
            LOST_AS_BLACK,
            "Reversi (Strong)",
            HUMAN,
        );
        dir.write(
            "2026-11-27-120000.ggf",
            "f5d6c3d3c4",
            HUMAN,
            "Reversi (Casual)",
        );
        dir.write("2026-11-26-120000.ggf", "f5f6e6f4", "Black", "White");
        std::fs::write(dir.0.join("2026-11-25-120000.ggf"), "(;GM[Othello]B[z9];)").unwrap();
        std::fs::write(dir.0.join("notes.txt"), "not a game").unwrap();
        dir
    }

    #[test]
    fn a_folder_reads_into_summaries_the_newest_first() {
        let dir = folder("read");
        let mut seen = Vec::new();
        let read = read_played_folder(&dir.0, &mut |done, total| seen.push((done, total)));
        assert_eq!(seen, [(5, 5)]);
        let dates: Vec<&str> = read.games.iter().map(|g| g.date.as_str()).collect();
        assert_eq!(
            dates,
            [
                "2026-11-29 09:00",
                "2026-11-28 21:05",
                "2026-11-27 12:00",
                "2026-11-26 12:00"
            ]
        );
        assert_eq!(read.errors.len(), 1);
        assert!(
            read.errors[0].ends_with(
                "2026-11-25-120000.ggf: GGF line 1, column 14: a move comes before the board (BO)"
            ),
            "{}",
            read.errors[0]
        );
        let won = &read.games[0];
        assert_eq!(
            (won.level(), won.human(), won.outcome(), won.score_text()),
            (
                Some("Strong"),
                Some(Side::White),
                Some(Outcome::Won),
                Some("7-57".into())
            )
        );
        assert_eq!(won.moves, 60);
        let short = &read.games[2];
        assert_eq!(short.outcome(), Some(Outcome::Unfinished));
        assert_eq!(short.opening.as_deref(), Some("Tiger"));
        assert_eq!(short.moves, 5);
        assert_eq!(short.text, "f5d6c3d3c4");
        let humans = &read.games[3];
        assert_eq!((humans.level(), humans.outcome()), (None, None));
        assert_eq!(humans.opening.as_deref(), Some("Diagonal"));
        let missing = read_played_folder(&dir.0.join("none"), &mut |_, _| {});
        assert_eq!(missing, PlayedFolder::default());
    }

    #[test]
    fn filters_sorts_and_records() {
        let dir = folder("filter");
        let games = read_played_folder(&dir.0, &mut |_, _| {}).games;
        let kept = |filter: LibraryFilter| -> Vec<String> {
            games
                .iter()
                .filter(|g| filter.keeps(g))
                .map(|g| g.date.clone())
                .collect()
        };
        let casual = LibraryFilter {
            level: Some("Casual".into()),
            ..LibraryFilter::default()
        };
        assert_eq!(kept(casual), ["2026-11-28 21:05", "2026-11-27 12:00"]);
        let lost = LibraryFilter {
            outcome: Some(Outcome::Lost),
            ..LibraryFilter::default()
        };
        assert_eq!(kept(lost), ["2026-11-28 21:05"]);
        let tiger = LibraryFilter {
            opening: " tIGER ".into(),
            date: "2026-11-2".into(),
            ..LibraryFilter::default()
        };
        assert_eq!(kept(tiger), ["2026-11-27 12:00"]);
        let mut sorted = games.clone();
        sort_games(&mut sorted, SortBy::Length, false);
        let moves: Vec<usize> = sorted.iter().map(|g| g.moves).collect();
        assert_eq!(moves, [4, 5, 60, 60]);
        sort_games(&mut sorted, SortBy::Result, true);
        let results: Vec<Option<String>> = sorted.iter().map(PlayedGame::score_text).collect();
        // The player's +50 as White, then the -50 as Black; the unfinished last.
        assert_eq!(
            results,
            [Some("7-57".into()), Some("7-57".into()), None, None]
        );
        assert_eq!(sorted[0].human(), Some(Side::White));
        sort_games(&mut sorted, SortBy::Date, false);
        assert_eq!(sorted[0].date, "2026-11-26 12:00");
        let records = records(&games);
        assert_eq!(
            records.into_iter().collect::<Vec<_>>(),
            [
                (
                    "Casual".to_string(),
                    Record {
                        lost: 1,
                        unfinished: 1,
                        ..Record::default()
                    }
                ),
                (
                    "Strong".to_string(),
                    Record {
                        won: 1,
                        ..Record::default()
                    }
                ),
            ]
        );
        assert_eq!(
            Record {
                won: 2,
                drawn: 1,
                lost: 1,
                unfinished: 3
            }
            .percent(),
            Some(62.5)
        );
    }
}
