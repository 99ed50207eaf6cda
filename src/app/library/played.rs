//! The Library window's games (issue 74): the folder of games played
//! ([`PlayerPaths::games`], which `files/resume.rs` fills) read in the background with
//! progress each time the window opens (`crate::played_games`), the list filtered and sorted
//! as the window asks, and a game opened on the board or deleted.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use crate::played_games::{LibraryFilter, PlayedFolder, SortBy, read_played_folder, sort_games};
use crate::t;

use crate::app::files::open_save::read_game;
use crate::app::files::paths::PlayerPaths;
use crate::app::i18n::Tr;
use crate::app::messages::{Command, CommandIssued};
use crate::app::notices::Toasts;
use crate::app::run_options::RunOptions;

/// What the Library window asks for.
#[derive(Message, Clone, Debug, PartialEq)]
pub(crate) enum LibraryRequest {
    /// The window is shown this frame: the folder is read again when it was not shown the
    /// frame before.
    Shown,
    /// List only these games.
    Filter(LibraryFilter),
    /// Sort the list so (the greatest first when true).
    Sort(SortBy, bool),
    /// Open this game on the board.
    Open(PathBuf),
    /// Delete this game's file.
    Delete(PathBuf),
}

/// The folder being read: the task, and how many files of how many are done.
struct Reading {
    task: Task<PlayedFolder>,
    done: Arc<Mutex<(usize, usize)>>,
}

/// The games played, as the Library window lists them.
#[derive(Resource, Default)]
pub(crate) struct GameLibrary {
    /// The folder; `None` when the run keeps no files.
    pub dir: Option<PathBuf>,
    /// The games once read (the newest first), and the files that did not read.
    pub folder: Option<PlayedFolder>,
    /// The games listed: indices into `folder.games`, filtered and sorted.
    pub listed: Vec<usize>,
    /// The filter.
    pub filter: LibraryFilter,
    /// The order, and whether the greatest comes first.
    pub sort: (SortBy, bool),
    reading: Option<Reading>,
    /// Whether the window was shown the frame before.
    shown: bool,
}

impl GameLibrary {
    /// While the folder is being read: files done, of how many.
    pub(crate) fn progress(&self) -> Option<(usize, usize)> {
        self.reading
            .as_ref()
            .map(|r| *r.done.lock().unwrap_or_else(|p| p.into_inner()))
    }

    /// Starts reading the folder again.
    fn read(&mut self) {
        let Some(dir) = self.dir.clone() else {
            self.folder = Some(PlayedFolder::default());
            return;
        };
        let done = Arc::new(Mutex::new((0, 0)));
        let seen = Arc::clone(&done);
        let task = AsyncComputeTaskPool::get().spawn(async move {
            read_played_folder(&dir, &mut |n, of| {
                *seen.lock().unwrap_or_else(|p| p.into_inner()) = (n, of);
            })
        });
        self.reading = Some(Reading { task, done });
    }

    /// Lists the games the filter keeps, in the order asked.
    fn relist(&mut self) {
        let Some(folder) = self.folder.as_mut() else {
            self.listed.clear();
            return;
        };
        let (by, descending) = self.sort;
        sort_games(&mut folder.games, by, descending);
        self.listed = (0..folder.games.len())
            .filter(|&i| self.filter.keeps(&folder.games[i]))
            .collect();
    }
}

/// Carries out the window's requests.
fn handle_requests(
    mut requests: MessageReader<LibraryRequest>,
    mut library: ResMut<GameLibrary>,
    mut commands: MessageWriter<CommandIssued>,
    mut toasts: ResMut<Toasts>,
    tr: Res<Tr>,
) {
    let mut shown = false;
    for request in requests.read() {
        match request {
            LibraryRequest::Shown => {
                if !library.shown && !shown {
                    library.read();
                }
                shown = true;
            }
            LibraryRequest::Filter(filter) => {
                library.filter = filter.clone();
                library.relist();
            }
            LibraryRequest::Sort(by, descending) => {
                library.sort = (*by, *descending);
                library.relist();
            }
            LibraryRequest::Open(path) => match read_game(path) {
                Ok(game) => {
                    let date = library
                        .folder
                        .as_ref()
                        .and_then(|f| f.games.iter().find(|g| &g.path == path))
                        .map_or_else(|| path.display().to_string(), |g| g.date.clone());
                    commands.write(CommandIssued(Command::Load {
                        game,
                        source: t!(tr, "library-game-source", date = date),
                    }));
                }
                Err(e) => toasts.push(e),
            },
            LibraryRequest::Delete(path) => match std::fs::remove_file(path) {
                Ok(()) => {
                    if let Some(folder) = library.folder.as_mut() {
                        folder.games.retain(|g| &g.path != path);
                    }
                    library.relist();
                    toasts.push(t!(tr, "library-deleted", path = path.display().to_string()));
                }
                Err(e) => toasts.push(format!("{}: {e}", path.display())),
            },
        }
    }
    library.shown = shown;
}

/// Takes the folder once read.
fn finish_reading(mut library: ResMut<GameLibrary>) {
    let Some(reading) = library.reading.as_mut() else {
        return;
    };
    let Some(folder) = block_on(poll_once(&mut reading.task)) else {
        return;
    };
    library.reading = None;
    for error in &folder.errors {
        warn!("library: {error}");
    }
    library.folder = Some(folder);
    library.relist();
}

pub(super) fn plugin(app: &mut App) {
    let options = app.world().resource::<RunOptions>().clone();
    app.insert_resource(GameLibrary {
        dir: PlayerPaths::of(&options).games,
        sort: (SortBy::Date, true),
        ..GameLibrary::default()
    })
    .init_resource::<Toasts>()
    .init_resource::<Tr>()
    .add_message::<LibraryRequest>()
    .add_message::<CommandIssued>()
    .add_systems(Update, (handle_requests, finish_reading).chain());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::temp_dir::TempDir;
    use crate::engine::{Game, GgfGame};

    fn library_app(dir: &TempDir) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(RunOptions {
                settings_dir: Some(dir.0.clone()),
                ..RunOptions::default()
            })
            .add_plugins(plugin);
        app
    }

    /// Updates until the folder is read.
    fn settle(app: &mut App) {
        for _ in 0..2000 {
            app.world_mut().write_message(LibraryRequest::Shown);
            app.update();
            if app.world().resource::<GameLibrary>().folder.is_some()
                && app.world().resource::<GameLibrary>().progress().is_none()
            {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        panic!("the folder was not read");
    }

    #[test]
    fn the_window_reads_filters_opens_and_deletes() {
        let dir = TempDir::new("library");
        let games = dir.0.join("games");
        std::fs::create_dir_all(&games).unwrap();
        for (name, moves, white) in [
            ("2026-11-28-210509.ggf", "f5d6c3d3c4", "Reversi (Casual)"),
            ("2026-11-28-220000.ggf", "f5f6e6f4", "Reversi (Strong)"),
        ] {
            let game = Game::from_transcript(moves).unwrap();
            let text = GgfGame::write_with_variations(&game, "Human", white, "Reversi");
            std::fs::write(games.join(name), text).unwrap();
        }
        let mut app = library_app(&dir);
        settle(&mut app);
        let dates = |app: &App| -> Vec<String> {
            let library = app.world().resource::<GameLibrary>();
            let folder = library.folder.as_ref().unwrap();
            library
                .listed
                .iter()
                .map(|&i| folder.games[i].date.clone())
                .collect()
        };
        assert_eq!(dates(&app), ["2026-11-28 22:00", "2026-11-28 21:05"]);
        app.world_mut()
            .write_message(LibraryRequest::Sort(SortBy::Length, true));
        app.update();
        assert_eq!(dates(&app), ["2026-11-28 21:05", "2026-11-28 22:00"]);
        app.world_mut()
            .write_message(LibraryRequest::Filter(LibraryFilter {
                level: Some("Strong".into()),
                ..LibraryFilter::default()
            }));
        app.update();
        assert_eq!(dates(&app), ["2026-11-28 22:00"]);
        // Opened on the board.
        let first = games.join("2026-11-28-210509.ggf");
        app.world_mut()
            .write_message(LibraryRequest::Open(first.clone()));
        app.update();
        assert_eq!(
            crate::app::messages::commands_sent(&app),
            ["f5d6c3d3c4 Your game of 2026-11-28 21:05"]
        );
        // Deleted: the file and its row go.
        app.world_mut()
            .write_message(LibraryRequest::Filter(LibraryFilter::default()));
        app.world_mut()
            .write_message(LibraryRequest::Delete(first.clone()));
        app.update();
        assert!(!first.exists());
        assert_eq!(dates(&app), ["2026-11-28 22:00"]);
        let toasts = app.world().resource::<Toasts>();
        assert_eq!(
            toasts.texts(),
            [format!("Deleted {}.", first.display()).as_str()]
        );
    }
}
