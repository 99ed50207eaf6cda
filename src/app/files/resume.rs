//! The game in progress, kept: after every change of the position shown (a move, an undo, a
//! variation chosen, a new game) and of who plays, the level or the hints, the whole match
//! (moves, variations, the line and position shown, clocks, sides, level, hints) is written to
//! `game.ron` in the data folder ([`PlayerPaths::game`]), whole and off the main thread; the
//! next start brings it back as it was, also after a crash or `kill -9`, and says so on the
//! status line. Every game a move is played in is also kept in the `games` folder as a GGF
//! file named by when it began, so that starting a new game keeps the old one. A damaged file is set
//! aside (`game.ron.bad`) with a notice and the game starts afresh; one that a newer version
//! wrote is left alone and nothing is written over it.

use std::path::PathBuf;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use chrono::NaiveDateTime;

use crate::engine::{Game, Ply, Position, Side, ValuePrecision};
use crate::t;

use super::open_save::{match_text, player_names};
use super::paths::PlayerPaths;
use super::player_file::{FileNotices, Refused, load_player_file};
use super::settings::{Hints, Mode, Settings};
use crate::app::clock::{Clocks, KeptClocks};
use crate::app::coach::practice::{PositionPlayed, Practice};
use crate::app::i18n::Tr;
use crate::app::messages::{MovePlayed, PositionJumped, StatusLine};
use crate::app::notices::{Notice, Notices, raise_at_build};
use crate::app::play::game::{Help, Match};
use crate::app::run_options::RunOptions;

/// The version of `game.ron` this program writes and reads.
const GAME_VERSION: u32 = 1;
/// How `started` and `saved` are written.
const TIME_FORMAT: &str = "%Y-%m-%d %H:%M:%S";
/// How a game's file in the `games` folder is named (no `:`, which Windows refuses).
const FILE_TIME_FORMAT: &str = "%Y-%m-%d-%H%M%S";
/// The plies a game needs to be kept in the folder of games played: a game left after the
/// engine's first move is not one.
const KEPT_FROM_PLIES: usize = 2;
/// How often the files are written while a clock may be running: a crash loses at most this
/// much of a clock's time.
const CLOCKS_KEPT_EVERY: Duration = Duration::from_secs(10);

/// `game.ron`: the match as text.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct GameFile {
    version: u32,
    /// When the game began.
    started: String,
    /// When this was written.
    saved: String,
    /// The start position (OBF).
    start: String,
    /// Every line of the record, the main line first ([`Game::lines`]; plies by spaces,
    /// passes `pa`).
    lines: Vec<String>,
    /// The line followed.
    line: String,
    /// The plies of the line in effect: the position shown.
    cursor: usize,
    /// Engine vs engine held.
    paused: bool,
    /// Who plays whom, the level and the hints.
    played_with: PlayedWith,
    /// The clocks, when the game has them.
    clocks: Option<KeptClocks>,
    /// The help the player had (files before it: none).
    #[serde(default)]
    help: Help,
}

/// The settings a game is played with, kept with it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct PlayedWith {
    mode: Mode,
    human_color: Side,
    level: String,
    hints: Hints,
    analysis_hints: Hints,
    /// The practice position the game plays out, if it does (files before it: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    practice: Option<KeptPractice>,
}

/// A practice position played out (Game > Practice > Positions), kept with its game: what it
/// was worth for the player and the level that plays it, so that a game brought back is
/// played out against the same opponent and judged against the same value.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct KeptPractice {
    score: i32,
    exact: bool,
    /// The search's depth; for an exact or selective solve, the empties.
    depth: u32,
    /// A selective solve's confidence in tenths of a standard deviation (files before
    /// 2026-11-29 have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    selective: Option<u8>,
    opponent: String,
}

impl KeptPractice {
    /// The practice position `m` plays out, if it does.
    fn of(practice: &Practice, settings: &Settings, m: &Match) -> Option<KeptPractice> {
        let p = practice.played_out(settings, &m.game.start())?;
        let empties = p.start.board.empty_count();
        let (exact, depth, selective) = match p.precision {
            ValuePrecision::Exact => (true, empties, None),
            ValuePrecision::Selective(t) => (false, empties, Some(t)),
            ValuePrecision::Depth(depth) => (false, depth, None),
        };
        Some(KeptPractice {
            score: p.score,
            exact,
            depth,
            selective,
            opponent: settings.practice_opponent.clone(),
        })
    }

    /// How sure the kept value is.
    fn precision(&self) -> ValuePrecision {
        match (self.exact, self.selective) {
            (true, _) => ValuePrecision::Exact,
            (false, Some(t)) => ValuePrecision::Selective(t),
            (false, None) => ValuePrecision::Depth(self.depth),
        }
    }
}

impl PlayedWith {
    fn of(settings: &Settings) -> PlayedWith {
        PlayedWith {
            mode: settings.mode,
            human_color: settings.human_color,
            level: settings.level.clone(),
            hints: settings.hints_vs_engine,
            analysis_hints: settings.hints_analysis,
            practice: None,
        }
    }

    /// Puts these into `settings`.
    fn apply(self, settings: &mut Settings) {
        settings.mode = self.mode;
        settings.human_color = self.human_color;
        settings.level = self.level;
        settings.hints_vs_engine = self.hints;
        settings.hints_analysis = self.analysis_hints;
        if let Some(p) = self.practice {
            settings.practice_opponent = p.opponent;
        }
    }
}

/// Plies as the file writes them: `f5 d6 pa c3`.
fn plies_text(plies: &[Ply]) -> String {
    let words: Vec<String> = plies.iter().map(Ply::to_string).collect();
    words.join(" ")
}

/// Plies the file wrote; `what` names them in the error.
fn read_plies(text: &str, what: &str) -> Result<Vec<Ply>, String> {
    text.split_whitespace()
        .map(|word| word.parse::<Ply>().map_err(|e| format!("{what}: {e}")))
        .collect()
}

impl GameFile {
    /// The file of `m`, played with `settings`, written at `saved`.
    fn of(m: &Match, settings: &Settings, saved: NaiveDateTime) -> GameFile {
        GameFile {
            version: GAME_VERSION,
            started: m.started.format(TIME_FORMAT).to_string(),
            saved: saved.format(TIME_FORMAT).to_string(),
            start: m.game.start().to_string(),
            lines: m.game.lines().iter().map(|l| plies_text(l)).collect(),
            line: plies_text(m.game.recorded_plies()),
            cursor: m.game.cursor(),
            paused: m.paused,
            played_with: PlayedWith::of(settings),
            clocks: m.clocks.as_ref().map(Clocks::kept),
            help: m.help,
        }
    }

    /// The match the file keeps, and what it was played with.
    ///
    /// # Errors
    /// What is wrong, naming the field (and the line of the record).
    fn read_back(self) -> Result<(Match, PlayedWith), String> {
        let started = NaiveDateTime::parse_from_str(&self.started, TIME_FORMAT)
            .map_err(|e| format!("started: \"{}\": {e}", self.started))?;
        let start: Position = self.start.parse().map_err(|e| format!("start: {e}"))?;
        let mut game = Game::from_position(start);
        for (i, line) in self.lines.iter().enumerate() {
            let what = format!("lines, line {}", i + 1);
            let plies = read_plies(line, &what)?;
            game.add_line(&plies).map_err(|e| format!("{what}: {e}"))?;
        }
        for (n, ply) in read_plies(&self.line, "line")?.into_iter().enumerate() {
            if !game.choose(n, ply) {
                return Err(format!("line: ply {} ({ply}) is not in the lines", n + 1));
            }
        }
        if self.cursor > game.len() {
            return Err(format!(
                "cursor: {} plies, the line has {}",
                self.cursor,
                game.len()
            ));
        }
        game.go_to(self.cursor);
        let clocks = self
            .clocks
            .map(Clocks::from_kept)
            .transpose()
            .map_err(|e| format!("clocks: {e}"))?;
        let mut m = Match::new(game);
        m.viewing = m.game.cursor() < m.game.len();
        m.paused = self.paused;
        m.clocks = clocks;
        m.started = started;
        m.help = self.help;
        Ok((m, self.played_with))
    }

    /// The file's text.
    fn text(&self) -> String {
        let mut text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("a game is RON");
        text.push('\n');
        text
    }

    /// Reads a file's text (see [`load_player_file`]'s rules).
    fn parse(text: &str) -> Result<(Match, PlayedWith), Refused> {
        let file = ron::from_str::<GameFile>(text).map_err(|e| {
            Refused::Damaged(format!(
                "line {}, column {}: {}",
                e.span.start.line, e.span.start.col, e.code
            ))
        })?;
        if file.version != GAME_VERSION {
            return Err(Refused::Newer(format!(
                "version {}, this program reads version {GAME_VERSION}",
                file.version
            )));
        }
        file.read_back().map_err(Refused::Damaged)
    }
}

/// A file to write whole.
struct Write {
    path: PathBuf,
    text: String,
}

/// Writes files whole, in order, on a thread of its own, so that no frame waits on the disk.
/// A failure is told once (until a write succeeds again).
/// Dropping it waits for the files handed over.
struct Writer {
    jobs: Option<mpsc::Sender<Write>>,
    worker: Option<JoinHandle<()>>,
    failures: Arc<Mutex<Vec<Notice>>>,
}

impl Drop for Writer {
    fn drop(&mut self) {
        drop(self.jobs.take());
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

impl Writer {
    fn start() -> Writer {
        let (jobs, queue) = mpsc::channel::<Write>();
        let failures = Arc::new(Mutex::new(Vec::new()));
        let told = Arc::clone(&failures);
        let worker = std::thread::spawn(move || {
            let mut failing = false;
            for Write { path, text } in queue {
                let written = path
                    .parent()
                    .map_or(Ok(()), std::fs::create_dir_all)
                    .and_then(|()| crate::whole_file::write_whole_io(&path, &text));
                match written {
                    Ok(()) => failing = false,
                    Err(e) if !failing => {
                        failing = true;
                        let notice = Notice::new("game-save-failed")
                            .path("path", &path)
                            .arg("error", e);
                        told.lock().unwrap_or_else(|p| p.into_inner()).push(notice);
                    }
                    Err(_) => {}
                }
            }
        });
        Writer {
            jobs: Some(jobs),
            worker: Some(worker),
            failures,
        }
    }
}

/// What is kept of the game in progress, and where.
#[derive(Resource, Default)]
pub(super) struct GameKeeper {
    /// `game.ron`; `None` when the run keeps no files or the file is a newer version's.
    game: Option<PathBuf>,
    /// The folder of games played.
    games: Option<PathBuf>,
    /// The writer, once the first file is written.
    writer: Option<Writer>,
    /// What the files last written were of: the match's generation, its clocks' flag, its
    /// pause, and the settings it was played with.
    last: Option<(u64, Option<Side>, bool, PlayedWith)>,
    /// The game read at start, to bring back once every feature is in.
    resumed: Option<(Match, PlayedWith)>,
    /// The practice position the game in hand plays out, written with it.
    practice: Option<KeptPractice>,
    /// When the last game a move was played in began: a game opened or pasted goes to the
    /// folder of games played only once a move is played in it.
    moved_in: Option<NaiveDateTime>,
    /// When the files were last handed over.
    kept_at: Option<Instant>,
}

impl GameKeeper {
    /// The files that keep `m`: `game.ron`, and the game's GGF file once a move was played
    /// in it and it has [`KEPT_FROM_PLIES`].
    fn writes(&self, m: &Match, settings: &Settings, now: NaiveDateTime) -> Vec<Write> {
        let mut writes = Vec::new();
        if let Some(path) = &self.game {
            let mut file = GameFile::of(m, settings, now);
            file.played_with.practice.clone_from(&self.practice);
            let text = file.text();
            writes.push(Write {
                path: path.clone(),
                text,
            });
        }
        let played = self.moved_in == Some(m.started) && m.game.len() >= KEPT_FROM_PLIES;
        if let Some(folder) = self.games.as_ref().filter(|_| played) {
            let level = self
                .practice
                .as_ref()
                .map_or(settings.level.as_str(), |p| p.opponent.as_str());
            let (black, white) = player_names(settings, level);
            let name = format!("{}.ggf", m.started.format(FILE_TIME_FORMAT));
            writes.push(Write {
                path: folder.join(name),
                text: match_text(m, true, &black, &white),
            });
        }
        writes
    }

    /// Hands `m`'s files to the writer.
    fn keep(&mut self, m: &Match, settings: &Settings) {
        self.kept_at = Some(Instant::now());
        let now = chrono::Local::now().naive_local();
        let writes = self.writes(m, settings, now);
        let writer = self.writer.get_or_insert_with(Writer::start);
        if let Some(jobs) = &writer.jobs {
            for write in writes {
                // The writer only stops when it is dropped.
                let _ = jobs.send(write);
            }
        }
    }

    /// Waits for the files handed over to be written; what failed.
    fn finish(&mut self) -> Vec<Notice> {
        let failures = self.failures();
        let Some(writer) = self.writer.take() else {
            return failures;
        };
        let told = Arc::clone(&writer.failures);
        drop(writer);
        let mut rest = std::mem::take(&mut *told.lock().unwrap_or_else(|p| p.into_inner()));
        rest.splice(0..0, failures);
        rest
    }

    /// The failures the writer has told since last asked.
    fn failures(&self) -> Vec<Notice> {
        self.writer.as_ref().map_or(Vec::new(), |w| {
            std::mem::take(&mut *w.failures.lock().unwrap_or_else(|p| p.into_inner()))
        })
    }
}

/// Writes the game's files whenever the position shown, the clocks' flag, the pause or the
/// settings it is played with changed, every [`CLOCKS_KEPT_EVERY`] while a clock may run,
/// and once more (waiting for the disk) when the app closes, with the clocks as they stand.
fn keep_game(
    m: Res<Match>,
    settings: Res<Settings>,
    practice: Res<Practice>,
    mut keeper: ResMut<GameKeeper>,
    mut exits: MessageReader<AppExit>,
    mut moves: MessageReader<MovePlayed>,
    mut notices: ResMut<Notices>,
) {
    let exiting = exits.read().next().is_some();
    if moves.read().next().is_some() {
        keeper.moved_in = Some(m.started);
    }
    // The match's part of what was written, and the settings' part, looked at (a copy of
    // the level's name) only in a frame that changed them.
    // The practice position played out, looked at only in a frame that may have changed it.
    let mut practice_moved = false;
    if practice.is_changed() || settings.is_changed() || m.is_changed() {
        let practising = KeptPractice::of(&practice, &settings, &m);
        practice_moved = practising != keeper.practice;
        keeper.practice = practising;
    }
    let now = (m.generation, m.flagged(), m.paused);
    let last = keeper.last.as_ref();
    let moved = last.is_none_or(|&(g, f, p, _)| (g, f, p) != now);
    let resettled = (settings.is_changed()
        && last.is_none_or(|(.., with)| *with != PlayedWith::of(&settings)))
        || practice_moved;
    let clock_due = m.clocks.is_some()
        && !m.game.is_over()
        && keeper
            .kept_at
            .is_some_and(|at| at.elapsed() >= CLOCKS_KEPT_EVERY);
    if moved || resettled || exiting || clock_due {
        let (g, f, p) = now;
        keeper.last = Some((g, f, p, PlayedWith::of(&settings)));
        keeper.keep(&m, &settings);
    }
    let failures = if exiting {
        keeper.finish()
    } else {
        keeper.failures()
    };
    for notice in failures {
        warn!("{}", notice.text(&Tr::default()));
        notices.push(notice);
    }
}

/// Brings back the game read at start, once the game's own start-up (its clocks, its
/// welcome) is done, and says so.
fn bring_back(
    mut keeper: ResMut<GameKeeper>,
    mut m: ResMut<Match>,
    mut settings: ResMut<Settings>,
    mut practice: ResMut<Practice>,
    mut status: StatusLine,
    mut jumped: MessageWriter<PositionJumped>,
) {
    let Some((resumed, played_with)) = keeper.resumed.take() else {
        return;
    };
    let generation = m.generation + 1;
    *m = Match {
        generation,
        ..resumed
    };
    if let Some(p) = &played_with.practice {
        practice.playing = Some(PositionPlayed {
            start: m.game.start(),
            score: p.score,
            precision: p.precision(),
        });
    }
    if PlayedWith::of(&settings) != played_with {
        played_with.apply(&mut settings);
    }
    jumped.write(PositionJumped);
    if !m.game.is_empty() || m.game.start() != Position::start() {
        status.say(t!(
            status.tr,
            "status-game-back",
            date = m.started.format("%Y-%m-%d %H:%M").to_string(),
            number = m.game.played_moves().len()
        ));
    }
}

pub(super) fn plugin(app: &mut App) {
    let options = app.world().resource::<RunOptions>().clone();
    let paths = PlayerPaths::of(&options);
    let mut keeper = GameKeeper {
        games: paths.games,
        ..GameKeeper::default()
    };
    if let Some(path) = paths.game {
        // A game named on the command line is played instead of the kept one.
        let loaded = if options.moves.is_some() {
            None
        } else {
            let notices = FileNotices {
                unreadable: "game-unreadable",
                damaged_kept: "game-damaged-kept",
                damaged_left: "game-damaged-left",
            };
            Some(load_player_file(&path, &notices, GameFile::parse))
        };
        if let Some(loaded) = loaded {
            if let Some(notice) = loaded.notice {
                warn!("{}", notice.text(&Tr::default()));
                raise_at_build(app, notice);
            }
            keeper.resumed = loaded.value;
            keeper.game = loaded.writable.then_some(path);
        } else {
            keeper.game = Some(path);
        }
    }
    app.insert_resource(keeper)
        .init_resource::<Notices>()
        .init_resource::<Practice>()
        .add_systems(PostStartup, bring_back)
        .add_systems(Last, keep_game);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::clock::TimeControl;
    use crate::app::temp_dir::TempDir;

    /// A match with a variation, viewed two plies back, on a clock, from a set-up start.
    fn a_match() -> Match {
        let start = Game::from_transcript("f5").unwrap().position();
        let mut game = Game::from_position(start);
        game.play_transcript("d6 c3").unwrap();
        game.go_to(0);
        game.play_transcript("f6 e6").unwrap();
        game.go_to(1);
        let mut m = Match::new(game);
        m.viewing = true;
        m.help = Help {
            hints: true,
            takebacks: 2,
            set_up: false,
        };
        m.started = NaiveDateTime::parse_from_str("2026-11-28 21:05:09", TIME_FORMAT).unwrap();
        let mut clocks = Clocks::start(TimeControl::new(5, 3)).unwrap();
        clocks.run(Side::White, 2500.0);
        clocks.played(m.game.start(), m.game.recorded_plies()[0]);
        m.clocks = Some(clocks);
        m
    }

    fn played_with() -> Settings {
        Settings {
            mode: Mode::HumanVsHuman,
            human_color: Side::White,
            level: "Strong".into(),
            hints_vs_engine: Hints::Moves,
            ..Settings::default()
        }
    }

    #[test]
    fn a_match_comes_back_exactly() {
        let m = a_match();
        let saved = NaiveDateTime::parse_from_str("2026-11-28 21:07:00", TIME_FORMAT).unwrap();
        let file = GameFile::of(&m, &played_with(), saved);
        assert_eq!(file.lines, ["d6 c3", "f6 e6"]);
        assert_eq!(file.line, "f6 e6");
        assert_eq!(file.cursor, 1);
        assert_eq!(file.started, "2026-11-28 21:05:09");
        assert_eq!(file.saved, "2026-11-28 21:07:00");
        let (back, with) = GameFile::parse(&file.text()).ok().unwrap();
        assert_eq!(back.game, m.game);
        assert_eq!(back.clocks, m.clocks);
        assert_eq!(back.started, m.started);
        assert_eq!(back.help, m.help);
        assert!(back.viewing);
        assert_eq!(with, PlayedWith::of(&played_with()));
        // The main line followed comes back as the main line.
        let mut m = m;
        m.game.choose(0, "d6".parse().unwrap());
        m.game.go_to(2);
        let file = GameFile::of(&m, &played_with(), saved);
        let (back, _) = GameFile::parse(&file.text()).ok().unwrap();
        assert_eq!(back.game, m.game);
        assert!(back.game.on_main_line());
        assert!(!back.viewing);
    }

    fn damage(text: &str) -> String {
        match GameFile::parse(text) {
            Err(Refused::Damaged(why)) => why,
            Err(Refused::Newer(why)) => panic!("newer: {why}"),
            Ok(_) => panic!("read"),
        }
    }

    #[test]
    fn a_damaged_file_says_what_is_wrong() {
        let saved = NaiveDateTime::parse_from_str("2026-11-28 21:07:00", TIME_FORMAT).unwrap();
        let file = GameFile::of(&a_match(), &played_with(), saved);
        let with = |f: &dyn Fn(&mut GameFile)| {
            let mut file = file.clone();
            f(&mut file);
            file.text()
        };
        assert_eq!(
            damage(&with(&|f| f.lines[1] = "f6 a1".into())),
            "lines, line 2: a1 is not legal for Black here (legal: d3 c4 e6 f7)"
        );
        assert_eq!(
            damage(&with(&|f| f.lines[0] = "d6 zz".into())),
            "lines, line 1: \"zz\": not a square"
        );
        assert_eq!(
            damage(&with(&|f| f.line = "d6 e6".into())),
            "line: ply 2 (e6) is not in the lines"
        );
        assert_eq!(
            damage(&with(&|f| f.cursor = 9)),
            "cursor: 9 plies, the line has 2"
        );
        assert_eq!(
            damage(&with(&|f| f.started = "yesterday".into())),
            "started: \"yesterday\": input contains invalid characters"
        );
        assert_eq!(
            damage("(version: 1,"),
            "line 1, column 12: Unexpected end of RON"
        );
        let newer = with(&|f| f.version = 2);
        assert!(matches!(
            GameFile::parse(&newer),
            Err(Refused::Newer(why)) if why == "version 2, this program reads version 1"
        ));
    }

    #[test]
    fn the_keeper_writes_the_game_and_its_ggf_and_a_new_game_keeps_the_old() {
        let dir = TempDir::new("game-keeper");
        let mut keeper = GameKeeper {
            game: Some(dir.0.join("game.ron")),
            games: Some(dir.0.join("games")),
            ..GameKeeper::default()
        };
        let m = a_match();
        let settings = played_with();
        // Opened, not played in: not kept among the games played.
        keeper.keep(&m, &settings);
        assert!(keeper.finish().is_empty());
        assert!(!dir.0.join("games").exists());
        keeper.moved_in = Some(m.started);
        keeper.keep(&m, &settings);
        let fresh = Match::new(Game::new());
        keeper.keep(&fresh, &settings);
        assert!(keeper.finish().is_empty());
        // game.ron holds the new game; the old one is in the games folder.
        let text = std::fs::read_to_string(dir.0.join("game.ron")).unwrap();
        let (back, _) = GameFile::parse(&text).ok().unwrap();
        assert_eq!(back.game, Game::new());
        let kept = dir.0.join("games").join("2026-11-28-210509.ggf");
        let ggf = std::fs::read_to_string(&kept).unwrap();
        let read = Game::from_text(&ggf).unwrap();
        assert_eq!(read.lines(), m.game.lines());
        assert!(ggf.contains("PB[Black]PW[White]"), "{ggf}");
        let files = std::fs::read_dir(dir.0.join("games")).unwrap().count();
        assert_eq!(files, 1, "a game with no ply is not kept");
    }

    #[test]
    fn a_practice_position_played_out_is_kept_with_its_value_and_opponent() {
        let dir = TempDir::new("game-keeper-practice");
        let m = a_match();
        let start = m.game.start();
        let settings = Settings {
            mode: Mode::HumanVsEngine,
            human_color: start.side_to_move,
            practice_opponent: "Master".into(),
            ..Settings::default()
        };
        let mut practice = Practice::default();
        assert_eq!(KeptPractice::of(&practice, &settings, &m), None);
        practice.playing = Some(PositionPlayed {
            start,
            score: -2,
            precision: ValuePrecision::Selective(25),
        });
        let kept = KeptPractice::of(&practice, &settings, &m);
        let expected = KeptPractice {
            score: -2,
            exact: false,
            depth: start.board.empty_count(),
            selective: Some(25),
            opponent: "Master".into(),
        };
        assert_eq!(kept, Some(expected.clone()));
        let keeper = GameKeeper {
            game: Some(dir.0.join("game.ron")),
            practice: kept,
            ..GameKeeper::default()
        };
        let now = NaiveDateTime::parse_from_str("2026-11-29 08:00:00", TIME_FORMAT).unwrap();
        let writes = keeper.writes(&m, &settings, now);
        let (_, with) = GameFile::parse(&writes[0].text).ok().unwrap();
        assert_eq!(with.practice, Some(expected));
        let back = with.practice.as_ref().map(KeptPractice::precision);
        assert_eq!(back, Some(ValuePrecision::Selective(25)));
        assert!(
            writes[0].text.contains("selective: Some(25),"),
            "{}",
            writes[0].text
        );
        // A file from before selective values, without the key: a depth's value.
        let older = writes[0].text.replace("selective: Some(25),", "");
        let (_, before) = GameFile::parse(&older).ok().unwrap();
        let empties = start.board.empty_count();
        let back = before.practice.as_ref().map(KeptPractice::precision);
        assert_eq!(back, Some(ValuePrecision::Depth(empties)));
        // Brought back: the opponent is the practice opponent again.
        let mut later = Settings::default();
        with.apply(&mut later);
        assert_eq!(
            (later.practice_opponent.as_str(), later.mode),
            ("Master", Mode::HumanVsEngine)
        );
        // Another game (or the player on the other side) plays out no practice position.
        let other = Settings {
            human_color: !start.side_to_move,
            ..settings
        };
        assert_eq!(KeptPractice::of(&practice, &other, &m), None);
    }

    #[test]
    fn a_write_that_fails_is_told_once() {
        let dir = TempDir::new("game-keeper-fails");
        // A file where the folder should be.
        std::fs::write(dir.0.join("games"), "").unwrap();
        let m = a_match();
        let mut keeper = GameKeeper {
            games: Some(dir.0.join("games")),
            moved_in: Some(m.started),
            ..GameKeeper::default()
        };
        keeper.keep(&m, &played_with());
        keeper.keep(&m, &played_with());
        let told = keeper.finish();
        assert_eq!(told.len(), 1);
        assert_eq!(told[0].id, "game-save-failed");
    }

    /// What keeping a game costs: the texts made on the main thread after each move, and the
    /// writing (whole, synced) that the writer's thread does, for a finished game of 60 moves
    /// on a clock. A measurement, run on purpose:
    /// `cargo test --lib keeping_costs -- --ignored --nocapture` (the tests build our code at
    /// opt-level 3).
    #[test]
    #[ignore = "a measurement; prints figures"]
    fn keeping_costs() {
        // A finished game (from the strength history's test).
        let moves = "d3c5b6f3d6c3g2e3b3f2f4g4f5e2e1d1f1g1d2b4a3c4h3g5h5h4c1b1b2c2g3h6g6c6b7f7g7e7h7a4e8c7f8a8a2a1b8c8d8f6e6h1b5a7h2a5a6h8g8d7";
        let game = Game::from_transcript(moves).unwrap();
        let mut m = Match::new(game);
        let mut clocks = Clocks::start(TimeControl::new(10, 5)).unwrap();
        for n in 0..m.game.len() {
            clocks.run(m.game.position_at(n).side_to_move, 1234.5);
            clocks.played(m.game.position_at(n), m.game.recorded_plies()[n]);
        }
        m.clocks = Some(clocks);
        let dir = TempDir::new("game-keeper-costs");
        let keeper = GameKeeper {
            game: Some(dir.0.join("game.ron")),
            games: Some(dir.0.join("games")),
            moved_in: Some(m.started),
            ..GameKeeper::default()
        };
        let settings = played_with();
        let now = chrono::Local::now().naive_local();
        let rounds = 2000;
        let t = std::time::Instant::now();
        let mut bytes = 0;
        for _ in 0..rounds {
            bytes = keeper
                .writes(&m, &settings, now)
                .iter()
                .map(|w| w.text.len())
                .sum();
        }
        let texts_us = t.elapsed().as_secs_f64() * 1e6 / f64::from(rounds);
        std::fs::create_dir_all(dir.0.join("games")).unwrap();
        let writes = keeper.writes(&m, &settings, now);
        let rounds = 100;
        let t = std::time::Instant::now();
        for _ in 0..rounds {
            for w in &writes {
                crate::whole_file::write_whole_io(&w.path, &w.text).unwrap();
            }
        }
        let write_us = t.elapsed().as_secs_f64() * 1e6 / f64::from(rounds);
        println!(
            "keeping a game of {} plies: texts {texts_us:.0} us on the main thread ({bytes} bytes), \
             writing both files {write_us:.0} us on the writer's thread",
            m.game.len()
        );
    }
}
