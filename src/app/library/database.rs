//! The game database in the game (issue 56): the WTHOR files of a folder the player chose
//! (kept in Settings), opened in the background from their index beside them
//! (`crate::database_files`: built, with progress, when missing or stale), and at the
//! position on the board the moves people played there and the games that reached it,
//! asked off the main thread whenever the position or the filter changes while the Database
//! window is open. A game of the list opens on the board at the position.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use crate::database_files::{self, DbStep, INDEX_FILE, Opened};
use crate::engine::{Board, Database, DbFilter, DbMove, GameAt};
use crate::t;

use crate::app::files::settings::Settings;
use crate::app::i18n::Tr;
use crate::app::messages::{Command, CommandIssued};
use crate::app::notices::Toasts;
use crate::app::play::game::Match;

/// The most games of a position the window lists.
pub(super) const LISTED_GAMES: usize = 200;

/// What the Database window asks for.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub(crate) enum DatabaseRequest {
    /// The window is shown this frame: open the folder in Settings if it is not yet, and
    /// keep the answers up to date.
    Shown,
    /// Read this folder (chosen by the player; `files.rs`).
    Folder(PathBuf),
    /// Count only these games.
    Filter(DbFilter),
    /// Open game number `game` of the database on the board, at ply `ply`.
    OpenGame {
        /// The game's number.
        game: usize,
        /// The ply to show.
        ply: usize,
    },
}

/// The answer at a position: the moves played there, and the games that reached it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct DbAnswer {
    /// The position.
    pub board: Board,
    /// The filter it was asked with.
    pub filter: DbFilter,
    /// The moves, the most played first.
    pub moves: Vec<DbMove>,
    /// The first [`LISTED_GAMES`] games that reached it.
    pub games: Vec<GameAt>,
    /// All the games that reached it.
    pub reached: usize,
}

/// A folder being opened.
struct Opening {
    dir: PathBuf,
    task: Task<Result<(Database, Opened), String>>,
    step: Arc<Mutex<Option<DbStep>>>,
}

/// The database: its folder, the games once read, the answer at the position.
#[derive(Resource, Default)]
pub(crate) struct GameDatabase {
    /// The folder read (or being read).
    pub dir: Option<PathBuf>,
    /// The games, once read.
    pub db: Option<Arc<Database>>,
    /// Why the folder could not be read.
    pub error: Option<String>,
    /// How it was opened, for the window: from the index, or built (and why).
    pub how: Option<String>,
    /// The games counted.
    pub filter: DbFilter,
    /// The answer at the position last asked about.
    pub answer: Option<DbAnswer>,
    opening: Option<Opening>,
    query: Option<Task<DbAnswer>>,
    /// Whether the window asked this frame.
    shown: bool,
}

impl GameDatabase {
    /// While a folder is being opened: what it is doing.
    pub(crate) fn progress(&self) -> Option<Option<DbStep>> {
        self.opening
            .as_ref()
            .map(|o| *o.step.lock().expect("not poisoned"))
    }

    /// Starts opening `dir` (what was open is dropped).
    fn open(&mut self, dir: PathBuf) {
        let step = Arc::new(Mutex::new(None));
        let seen = Arc::clone(&step);
        let folder = dir.clone();
        let task = AsyncComputeTaskPool::get().spawn(async move {
            database_files::open(&folder, &mut |s| {
                *seen.lock().expect("not poisoned") = Some(s);
            })
        });
        self.dir = Some(dir.clone());
        self.db = None;
        self.error = None;
        self.how = None;
        self.answer = None;
        self.query = None;
        self.opening = Some(Opening { dir, task, step });
    }
}

/// Carries out the window's requests.
fn handle_requests(
    mut requests: MessageReader<DatabaseRequest>,
    mut database: ResMut<GameDatabase>,
    mut settings: ResMut<Settings>,
    mut commands: MessageWriter<CommandIssued>,
    tr: Res<Tr>,
) {
    database.shown = false;
    for request in requests.read() {
        match request {
            DatabaseRequest::Shown => {
                database.shown = true;
                if database.dir.is_none()
                    && let Some(dir) = settings.database_dir.clone()
                {
                    database.open(dir);
                }
            }
            DatabaseRequest::Folder(dir) => {
                settings.database_dir = Some(dir.clone());
                database.open(dir.clone());
            }
            DatabaseRequest::Filter(filter) => database.filter = filter.clone(),
            DatabaseRequest::OpenGame { game, ply } => {
                let Some(db) = &database.db else {
                    continue;
                };
                let g = db.game(*game);
                let source = t!(
                    tr,
                    "database-game-source",
                    black = db.player(g.black),
                    white = db.player(g.white),
                    tournament = db.tournament(g.tournament),
                    year = g.year.to_string()
                );
                commands.write(CommandIssued(Command::Load {
                    game: g.game(),
                    source,
                }));
                commands.write(CommandIssued(Command::GoTo(*ply)));
            }
        }
    }
}

/// Takes a folder opened: the games, or why not; a toast says so.
fn finish_opening(mut database: ResMut<GameDatabase>, mut toasts: ResMut<Toasts>, tr: Res<Tr>) {
    let Some(opening) = database.opening.as_mut() else {
        return;
    };
    let Some(done) = block_on(poll_once(&mut opening.task)) else {
        return;
    };
    let dir = database.opening.take().expect("polled above").dir;
    match done {
        Ok((db, opened)) => {
            let how = match opened {
                Opened::FromIndex => t!(tr, "database-from-index", file = INDEX_FILE),
                Opened::Built { why, written } => match written {
                    Ok(()) => t!(tr, "database-built", why = why, file = INDEX_FILE),
                    Err(e) => t!(tr, "database-built-unsaved", why = why, error = e),
                },
            };
            toasts.push(t!(
                tr,
                "database-opened",
                games = db.len(),
                dir = dir.display().to_string()
            ));
            database.how = Some(how);
            database.db = Some(Arc::new(db));
        }
        Err(e) => database.error = Some(e),
    }
}

/// Asks the database about the position on the board (and the filter) off the main thread
/// whenever they change while the window is shown; takes the answer.
fn ask(mut database: ResMut<GameDatabase>, m: Res<Match>) {
    if let Some(task) = database.query.as_mut() {
        let Some(answer) = block_on(poll_once(task)) else {
            return;
        };
        database.query = None;
        database.answer = Some(answer);
    }
    let Some(db) = database.db.clone() else {
        return;
    };
    let board = m.position().board;
    let filter = database.filter.clone();
    let current = database
        .answer
        .as_ref()
        .is_some_and(|a| a.board == board && a.filter == filter);
    if !database.shown || current {
        return;
    }
    database.query = Some(AsyncComputeTaskPool::get().spawn(async move {
        let mut games = db.games_at(&board, &filter);
        let moves = db.tally(&games);
        let reached = games.len();
        games.truncate(LISTED_GAMES);
        DbAnswer {
            board,
            filter,
            moves,
            games,
            reached,
        }
    }));
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameDatabase>()
        .init_resource::<Toasts>()
        .init_resource::<Tr>()
        .add_message::<DatabaseRequest>()
        .add_systems(Update, (handle_requests, finish_opening, ask).chain());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::temp_dir::TempDir;
    use crate::engine::{Game, WTHOR_PLAYER, WthorGame, write_wtb, write_wthor_names};

    /// A folder with three games of 2020: after f5, d6 twice (once mirrored) and f6 once.
    fn folder(name: &str) -> TempDir {
        let dir = TempDir::new(name);
        let games: Vec<WthorGame> = [("f5d6c3d3c4", 40u8), ("d3c5f6f5e6", 30), ("f5f6e6f4", 32)]
            .iter()
            .enumerate()
            .map(|(i, (moves, discs))| WthorGame {
                tournament: 0,
                black: i as u16,
                white: (i as u16 + 1) % 3,
                black_discs: *discs,
                theoretical: *discs,
                moves: Game::from_transcript(moves).unwrap().played_moves(),
            })
            .collect();
        std::fs::write(dir.0.join("WTH_2020.wtb"), write_wtb(2020, &games)).unwrap();
        let names = ["Ann", "Bob", "Cid"].map(String::from);
        std::fs::write(
            dir.0.join("WTHOR.JOU"),
            write_wthor_names(&names, WTHOR_PLAYER),
        )
        .unwrap();
        dir
    }

    fn database_app(settings: Settings) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(settings)
            .insert_resource(Match::new(Game::from_transcript("f5").unwrap()))
            .add_message::<CommandIssued>();
        plugin(&mut app);
        app
    }

    /// Runs the app, the window shown, until `done` holds.
    fn run_until(app: &mut App, done: impl Fn(&GameDatabase) -> bool) {
        for _ in 0..1000 {
            app.world_mut().write_message(DatabaseRequest::Shown);
            app.update();
            if done(app.world().resource::<GameDatabase>()) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        panic!("not done");
    }

    fn answered(db: &GameDatabase) -> bool {
        db.answer.as_ref().is_some_and(|a| a.filter == db.filter) && db.query.is_none()
    }

    #[test]
    fn a_folder_is_indexed_asked_about_and_a_game_opened_at_the_position() {
        let dir = folder("database-app");
        let mut app = database_app(Settings::default());
        // Shown with no folder chosen: nothing happens.
        app.world_mut().write_message(DatabaseRequest::Shown);
        app.update();
        assert!(app.world().resource::<GameDatabase>().dir.is_none());
        app.world_mut()
            .write_message(DatabaseRequest::Folder(dir.0.clone()));
        run_until(&mut app, answered);
        let database = app.world().resource::<GameDatabase>();
        assert_eq!(
            database.how.as_deref(),
            Some(
                "Read from the WTHOR files (no index yet); the index reversi-thor.idx was \
                 written for next time."
            )
        );
        assert!(dir.0.join(INDEX_FILE).exists());
        assert_eq!(
            app.world().resource::<Settings>().database_dir.as_ref(),
            Some(&dir.0)
        );
        let answer = database.answer.as_ref().unwrap();
        let moves: Vec<(String, u32)> = answer
            .moves
            .iter()
            .map(|m| (m.square.to_string(), m.games))
            .collect();
        assert_eq!(moves, [("d6".to_string(), 2), ("f6".to_string(), 1)]);
        assert_eq!((answer.reached, answer.games.len()), (3, 3));
        // Bob's games only.
        app.world_mut()
            .write_message(DatabaseRequest::Filter(DbFilter {
                player: Some("BOB".into()),
                ..DbFilter::default()
            }));
        run_until(&mut app, |db| answered(db) && db.filter.player.is_some());
        let answer = app
            .world()
            .resource::<GameDatabase>()
            .answer
            .clone()
            .unwrap();
        assert_eq!(answer.reached, 2);
        // The second game (mirrored) opens on the board at the position, ply 1.
        app.world_mut()
            .write_message(DatabaseRequest::OpenGame { game: 1, ply: 1 });
        app.update();
        let commands: Vec<String> = app
            .world()
            .resource::<Messages<CommandIssued>>()
            .iter_current_update_messages()
            .map(|c| match &c.0 {
                Command::Load { game, source } => format!("load {} {source}", game.transcript()),
                other => format!("{other:?}"),
            })
            .collect();
        assert_eq!(commands, ["load d3c5f6f5e6 Bob - Cid, #0 2020", "GoTo(1)"]);
        let toasts = app.world().resource::<Toasts>().texts();
        assert_eq!(
            toasts,
            [format!(
                "The game database is open: 3 games from {}.",
                dir.0.display()
            )
            .as_str()]
        );
        // The next start reads the index (the folder comes from the settings).
        let mut again = database_app(Settings {
            database_dir: Some(dir.0.clone()),
            ..Settings::default()
        });
        run_until(&mut again, answered);
        assert_eq!(
            again.world().resource::<GameDatabase>().how.as_deref(),
            Some("Read from its index (reversi-thor.idx).")
        );
    }

    #[test]
    fn a_folder_without_games_says_so() {
        let dir = TempDir::new("database-empty");
        let mut app = database_app(Settings::default());
        app.world_mut()
            .write_message(DatabaseRequest::Folder(dir.0.clone()));
        run_until(&mut app, |db| db.error.is_some());
        assert_eq!(
            app.world().resource::<GameDatabase>().error.as_deref(),
            Some(
                format!(
                    "{}: no .wtb game file (the WTHOR database's files: WTH_2024.wtb, ..., with \
                     WTHOR.JOU and WTHOR.TRN)",
                    dir.0.display()
                )
                .as_str()
            )
        );
    }
}
