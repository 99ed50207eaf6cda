//! Saving and opening games: a transcript (`.txt`) or GGF (`.ggf`); and choosing an Edax
//! book file to import or export (the opening book does the work: `book.rs`), through the
//! system's file dialog (`rfd`: the XDG desktop portal on Linux, zenity if no portal runs; the native
//! dialogs on Windows and macOS) or the game's own path prompt, which stays as the fallback:
//! it is used when the setting is off, when Linux has no session bus and no zenity, and when
//! a system dialog comes back empty-handed faster than a person could cancel it. Files
//! opened and saved are remembered for the Game menu's "Open recent".
//!
//! A file that does not parse is reported with its line and move, and the game in progress
//! is left as it is.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::ecs::system::{NonSendMarker, SystemParam};
use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, block_on, poll_once};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::engine::{Game, GgfGame};
use crate::t;
use crate::whole_file::write_whole;

use super::settings::Mode;
use super::settings::Settings;
use crate::app::coach::practice::Practice;
use crate::app::i18n::Tr;
use crate::app::library::book::EdaxBookFile;
use crate::app::library::database::DatabaseRequest;
use crate::app::messages::{Command, CommandIssued, StatusLine};
use crate::app::play::game::Match;

/// The largest game file read, in bytes: a game is a few hundred.
const MAX_FILE_BYTES: u64 = 1 << 20;

/// Opening and saving: the game's own prompt when shown, a system dialog while one is open,
/// and what the UI asked for this frame.
#[derive(Resource, Debug, Default)]
pub(crate) struct FilePrompt {
    prompt: Option<Prompt>,
    /// The last path used, offered next time.
    last: Option<PathBuf>,
    /// Asked by the UI; carried out by [`run_file_requests`], which knows the settings.
    asked: Option<Asked>,
    /// A system dialog open, its answer to come.
    dialog: Option<SystemDialog>,
}

/// What a file is chosen for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FileJob {
    /// Open a game.
    OpenGame,
    /// Save the game.
    SaveGame,
    /// Import an Edax book into the player's book.
    ImportEdaxBook,
    /// Export the book as an Edax book.
    ExportEdaxBook,
    /// Choose the folder of the game database's WTHOR files.
    DatabaseFolder,
    /// Save a picture of the board ([`ImageToSave`]) as PNG.
    SaveImage,
}

/// The picture of the board the Board image window asked to save, as PNG, until the player
/// has chosen where.
#[derive(Resource, Debug, Default)]
pub(crate) struct ImageToSave(pub Option<Vec<u8>>);

impl FileJob {
    /// Whether the file is written (a save dialog).
    fn writes(self) -> bool {
        matches!(
            self,
            FileJob::SaveGame | FileJob::ExportEdaxBook | FileJob::SaveImage
        )
    }

    /// Whether the file is an Edax book.
    fn edax(self) -> bool {
        matches!(self, FileJob::ImportEdaxBook | FileJob::ExportEdaxBook)
    }

    /// Whether a folder is chosen, not a file.
    fn folder(self) -> bool {
        self == FileJob::DatabaseFolder
    }

    /// The title of its dialog and the label of its button.
    fn words(self, tr: &Tr) -> (String, String) {
        match self {
            FileJob::OpenGame => (t!(tr, "file-open-title"), t!(tr, "file-open")),
            FileJob::SaveGame => (t!(tr, "file-save-title"), t!(tr, "file-save")),
            FileJob::ImportEdaxBook => (t!(tr, "file-import-book-title"), t!(tr, "file-import")),
            FileJob::ExportEdaxBook => (t!(tr, "file-export-book-title"), t!(tr, "file-export")),
            FileJob::DatabaseFolder => (t!(tr, "file-database-title"), t!(tr, "file-choose")),
            FileJob::SaveImage => (t!(tr, "file-save-image-title"), t!(tr, "file-save")),
        }
    }
}

/// What the UI asked of the files.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Asked {
    /// Choose a file for this.
    Choose(FileJob),
    /// Open this file (a recent one).
    Open(PathBuf),
}

/// A system file dialog on its own thread.
#[derive(Debug)]
struct SystemDialog {
    job: FileJob,
    task: Task<Option<PathBuf>>,
    started: Instant,
}

/// A system dialog that comes back with nothing sooner than this did not show (no portal
/// answered, no zenity): a person takes longer to cancel one.
const NO_DIALOG_WITHIN: Duration = Duration::from_millis(400);

#[derive(Debug)]
struct Prompt {
    job: FileJob,
    path: String,
    error: Option<String>,
    /// Game files in the folder of `path`, listed when the prompt opened.
    listing: Vec<PathBuf>,
    /// Whether the path has been given the keyboard (once, as the prompt opens).
    focused: bool,
}

impl FilePrompt {
    /// Asks for a file for `job`: a system dialog or the prompt, as the settings say.
    pub(crate) fn open(&mut self, job: FileJob) {
        self.asked = Some(Asked::Choose(job));
    }

    /// Asks to open this file.
    pub(crate) fn open_path(&mut self, path: PathBuf) {
        self.asked = Some(Asked::Open(path));
    }

    /// Shows the game's own prompt for a file for `job`.
    fn show_prompt(&mut self, job: FileJob) {
        let name = match job {
            FileJob::SaveImage => "board.png",
            _ if job.edax() => "book.dat",
            _ => "game.ggf",
        };
        let dir = self
            .last
            .as_ref()
            .and_then(|p| p.parent())
            .map(Path::to_path_buf)
            .or_else(|| {
                directories::UserDirs::new().and_then(|d| d.document_dir().map(Path::to_path_buf))
            })
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_default();
        // A game: the last file used; a book or a picture: its folder; the database: a
        // folder.
        let path = match &self.last {
            _ if job.folder() => dir.clone(),
            Some(last) if !job.edax() && job != FileJob::SaveImage => last.clone(),
            _ => dir.join(name),
        };
        let extensions: &[&str] = match job {
            _ if job.folder() => &["wtb"],
            FileJob::SaveImage => &["png"],
            _ if job.edax() => &["dat"],
            _ => &["txt", "ggf"],
        };
        let listed = if job.folder() {
            path.as_path()
        } else {
            path.parent().unwrap_or(Path::new("."))
        };
        let listing = list_files(listed, extensions);
        self.prompt = Some(Prompt {
            job,
            path: path.display().to_string(),
            error: None,
            listing,
            focused: false,
        });
    }

    /// Whether the prompt or a system dialog is shown (or asked for).
    pub(crate) fn is_open(&self) -> bool {
        self.prompt.is_some() || self.dialog.is_some() || self.asked.is_some()
    }

    /// Hides the prompt; false when it was not shown.
    pub(crate) fn close(&mut self) -> bool {
        self.prompt.take().is_some()
    }
}

/// The files of a folder with one of these extensions, sorted (at most 200).
fn list_files(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file()
                && p.extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
        })
        .take(200)
        .collect();
    files.sort();
    files
}

/// Whether a path names a GGF file.
fn is_ggf(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("ggf"))
}

/// The text of a game file: GGF for `.ggf` (the main line, then each variation as a game
/// of its own); otherwise the main line's transcript, preceded by the start position in OBF
/// when the game did not start from the standard position.
pub(super) fn game_text(game: &Game, ggf: bool, black: &str, white: &str) -> String {
    if ggf {
        return GgfGame::write_with_variations(game, black, white, "Reversi");
    }
    let game = game.main_line();
    let moves = game.transcript_with_passes();
    if game.start() == crate::engine::Position::start() {
        format!("{}\n", game.transcript())
    } else {
        format!("{}\n{moves}\n", game.start())
    }
}

/// The text of a game file for the match: as [`game_text`], and in GGF with the time
/// control (`TI`) and each timed ply's seconds when the game has clocks.
pub(super) fn match_text(m: &Match, ggf: bool, black: &str, white: &str) -> String {
    match (&m.clocks, ggf) {
        (Some(clocks), true) => GgfGame::write_with_variations_timed(
            &m.game,
            black,
            white,
            "Reversi",
            Some(&clocks.control.ggf()),
            |position, ply| clocks.used_s(position, ply),
        ),
        _ => game_text(&m.game, ggf, black, white),
    }
}

/// Reads a game file.
///
/// # Errors
/// A message naming the file and the problem (I/O, size, or the line and move that does
/// not parse).
pub(crate) fn read_game(path: &Path) -> Result<Game, String> {
    let name = path.display();
    let size = fs::metadata(path)
        .map_err(|e| format!("{name}: {e}"))?
        .len();
    if size > MAX_FILE_BYTES {
        return Err(format!("{name}: {size} bytes is too large for a game file"));
    }
    let text = fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    Game::from_text(&text).map_err(|e| format!("{name}: {e}"))
}

/// Whether a system file dialog can answer here. On Linux rfd talks to the desktop portal
/// over the session bus and falls back to zenity; with neither there is nothing to show.
fn system_dialog_possible() -> bool {
    if !cfg!(target_os = "linux") {
        return true;
    }
    let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
        || std::env::var_os("XDG_RUNTIME_DIR")
            .is_some_and(|dir| Path::new(&dir).join("bus").exists());
    let zenity = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join("zenity").is_file()));
    bus || zenity
}

/// What a system dialog's answer means.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    /// A file was chosen.
    Chosen(PathBuf),
    /// The player cancelled.
    Cancelled,
    /// Nothing showed: use the game's prompt instead.
    NoDialog,
}

/// Reads a system dialog's answer, `elapsed` after it was opened.
fn answer(chosen: Option<PathBuf>, elapsed: Duration) -> Answer {
    match chosen {
        Some(path) => Answer::Chosen(path),
        None if elapsed < NO_DIALOG_WITHIN => Answer::NoDialog,
        None => Answer::Cancelled,
    }
}

/// Opens a system dialog for a file for `job`, starting in `folder`.
fn spawn_system_dialog(job: FileJob, folder: Option<&Path>, tr: &Tr) -> SystemDialog {
    let (title, _) = job.words(tr);
    let (filter, extensions, name): (String, &[&str], &str) = match job {
        FileJob::SaveImage => (t!(tr, "file-filter-images"), &["png"], "board.png"),
        _ if job.edax() => (t!(tr, "file-filter-edax-books"), &["dat"], "book.dat"),
        _ => (t!(tr, "file-filter-games"), &["ggf", "txt"], "game.ggf"),
    };
    let mut dialog = rfd::AsyncFileDialog::new()
        .set_title(title)
        .add_filter(filter, extensions)
        .add_filter(t!(tr, "file-filter-all"), &["*"]);
    if let Some(folder) = folder {
        dialog = dialog.set_directory(folder);
    }
    let task = if job.folder() {
        let future = dialog.pick_folder();
        IoTaskPool::get().spawn(async move { future.await.map(|f| f.path().to_path_buf()) })
    } else if job.writes() {
        let future = dialog.set_file_name(name).save_file();
        IoTaskPool::get().spawn(async move { future.await.map(|f| f.path().to_path_buf()) })
    } else {
        let future = dialog.pick_file();
        IoTaskPool::get().spawn(async move { future.await.map(|f| f.path().to_path_buf()) })
    };
    SystemDialog {
        job,
        task,
        started: Instant::now(),
    }
}

/// What carrying out a file's job touches: the game, the settings (the recent files), the
/// status line, the game's commands and the opening book's requests.
#[derive(SystemParam)]
struct FileWork<'w> {
    m: Res<'w, Match>,
    settings: ResMut<'w, Settings>,
    status: StatusLine<'w>,
    writer: MessageWriter<'w, CommandIssued>,
    books: MessageWriter<'w, EdaxBookFile>,
    database: MessageWriter<'w, DatabaseRequest>,
    image: Res<'w, ImageToSave>,
    practice: Res<'w, Practice>,
}

impl FileWork<'_> {
    /// Carries out `job` with the chosen `path`: a game saved (and said) or opened; an Edax
    /// book handed to the opening book, which reads or writes it in the background. A
    /// message naming the file when a game does not save or open.
    fn carry_out(&mut self, job: FileJob, path: &Path) -> Result<(), String> {
        match job {
            FileJob::SaveGame => {
                let level = self
                    .practice
                    .level_in_force(&self.settings, &self.m.game.start())
                    .to_string();
                save_game(path, &self.m, &level, &mut self.settings).map(|()| {
                    let text = t!(
                        self.status.tr,
                        "file-saved",
                        path = path.display().to_string()
                    );
                    self.status.say(text);
                })
            }
            FileJob::OpenGame => open_game(path, &mut self.settings, &mut self.writer),
            FileJob::ImportEdaxBook => {
                self.books.write(EdaxBookFile::Import(path.to_path_buf()));
                Ok(())
            }
            FileJob::ExportEdaxBook => {
                self.books.write(EdaxBookFile::Export(path.to_path_buf()));
                Ok(())
            }
            FileJob::DatabaseFolder if path.is_dir() => {
                self.database
                    .write(DatabaseRequest::Folder(path.to_path_buf()));
                Ok(())
            }
            FileJob::DatabaseFolder => Err(t!(
                self.status.tr,
                "file-not-a-folder",
                path = path.display().to_string()
            )),
            FileJob::SaveImage => {
                // Never an empty file in the player's folder: the window always hands one.
                let png = self
                    .image
                    .0
                    .as_deref()
                    .ok_or("no picture of the board to save")?;
                write_whole(path, png)?;
                let text = t!(
                    self.status.tr,
                    "file-saved",
                    path = path.display().to_string()
                );
                self.status.say(text);
                Ok(())
            }
        }
    }
}

/// Saves the game to `path` (the engine named by `level`, the level playing it) and
/// remembers it; a message naming the file when it fails.
fn save_game(path: &Path, m: &Match, level: &str, settings: &mut Settings) -> Result<(), String> {
    let (black, white) = player_names(settings, level);
    let text = match_text(m, is_ggf(path), &black, &white);
    write_whole(path, &text)?;
    settings.remember_file(path);
    Ok(())
}

/// Reads the game at `path` and asks the game to load it, remembering the file; a message
/// naming the file and the problem when it does not read (the game is then unchanged).
fn open_game(
    path: &Path,
    settings: &mut Settings,
    writer: &mut MessageWriter<CommandIssued>,
) -> Result<(), String> {
    let game = read_game(path)?;
    writer.write(CommandIssued(Command::Load {
        game,
        source: path.display().to_string(),
    }));
    settings.remember_file(path);
    Ok(())
}

/// Carries out what the UI asked (a dialog or the prompt, a recent file) and reads the
/// answer of a system dialog. Runs on the main thread, where macOS wants its dialogs made.
fn run_file_requests(
    _main_thread: NonSendMarker,
    mut files: ResMut<FilePrompt>,
    mut work: FileWork,
) {
    match files.asked.take() {
        Some(Asked::Choose(job)) if work.settings.system_dialogs && system_dialog_possible() => {
            let folder = files
                .last
                .as_ref()
                .and_then(|p| p.parent())
                .map(Path::to_path_buf);
            files.prompt = None;
            files.dialog = Some(spawn_system_dialog(job, folder.as_deref(), &work.status.tr));
        }
        Some(Asked::Choose(job)) => files.show_prompt(job),
        Some(Asked::Open(path)) => match work.carry_out(FileJob::OpenGame, &path) {
            Ok(()) => files.last = Some(path),
            Err(e) => {
                work.settings.recent_files.retain(|p| *p != path);
                let text = t!(work.status.tr, "file-open-recent-failed", error = e);
                work.status.say(text);
            }
        },
        None => {}
    }
    let Some(dialog) = files.dialog.as_mut() else {
        return;
    };
    let Some(chosen) = block_on(poll_once(&mut dialog.task)) else {
        return;
    };
    let SystemDialog { job, started, .. } = files.dialog.take().expect("polled above");
    let tr = &work.status.tr;
    let text = match answer(chosen, started.elapsed()) {
        Answer::Chosen(path) => match work.carry_out(job, &path) {
            Ok(()) => {
                if !job.folder() {
                    files.last = Some(path);
                }
                return;
            }
            Err(e) if job.writes() => t!(work.status.tr, "file-save-failed", error = e),
            Err(e) => t!(work.status.tr, "file-open-failed", error = e),
        },
        Answer::Cancelled if job.writes() => t!(tr, "file-not-saved"),
        Answer::Cancelled => t!(tr, "file-nothing-opened"),
        Answer::NoDialog => {
            files.show_prompt(job);
            t!(tr, "file-no-dialog")
        }
    };
    work.status.say(text);
}

/// The players' names for a GGF file, our engine playing at `level` (the level in force:
/// the settings' or a practice position's opponent).
pub(super) fn player_names(settings: &Settings, level: &str) -> (String, String) {
    let ours = crate::played_games::engine_name(level);
    // Another program set to play: its name (it is White in engine vs engine).
    let other = &settings.other_engine;
    let engine = if other.in_use() && other.plays {
        other.shown_name()
    } else {
        ours.clone()
    };
    let human = || crate::played_games::HUMAN.to_string();
    match settings.mode {
        Mode::HumanVsHuman => ("Black".into(), "White".into()),
        Mode::EngineVsEngine => (ours, engine),
        Mode::HumanVsEngine => match settings.human_color {
            crate::engine::Side::Black => (human(), engine),
            crate::engine::Side::White => (engine, human()),
        },
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FilePrompt>()
        .init_resource::<ImageToSave>()
        .init_resource::<Practice>()
        .init_resource::<Tr>()
        .add_message::<EdaxBookFile>()
        .add_message::<DatabaseRequest>()
        .add_systems(
            Update,
            run_file_requests.in_set(crate::app::schedule::GameSystems::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw_file_prompt.in_set(crate::app::schedule::GameSystems::Prompts),
        );
}

/// The prompt: a path field, the game files of its folder, and Save or Open.
fn draw_file_prompt(
    mut contexts: EguiContexts,
    mut files: ResMut<FilePrompt>,
    mut work: FileWork,
) -> Result {
    let FilePrompt { prompt, last, .. } = &mut *files;
    let Some(p) = prompt else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut act = false;
    let tr = &work.status.tr;
    let (title, action) = p.job.words(tr);
    egui::Window::new(title)
        .id(egui::Id::new("file_prompt"))
        .open(&mut open)
        .collapsible(false)
        .default_width(520.0)
        .show(ctx, |ui| {
            ui.label(match p.job {
                FileJob::DatabaseFolder => t!(tr, "file-prompt-database"),
                FileJob::SaveImage => t!(tr, "file-prompt-image"),
                _ if p.job.edax() => t!(tr, "file-prompt-edax"),
                _ => t!(tr, "file-prompt"),
            });
            let edit = ui.add(egui::TextEdit::singleline(&mut p.path).desired_width(f32::INFINITY));
            // The path takes the keyboard as the prompt opens (typing must not reach the
            // board's keys).
            if !p.focused {
                edit.request_focus();
                p.focused = true;
            }
            if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                act = true;
            }
            if !p.listing.is_empty() {
                egui::ScrollArea::vertical()
                    .max_height(160.0)
                    .show(ui, |ui| {
                        for f in &p.listing {
                            let name = f
                                .file_name()
                                .map(|n| n.to_string_lossy())
                                .unwrap_or_default();
                            if ui.selectable_label(false, name).clicked() {
                                p.path = f.display().to_string();
                            }
                        }
                    });
            }
            if let Some(e) = &p.error {
                ui.colored_label(egui::Color32::from_rgb(255, 110, 100), e.as_str());
            }
            ui.horizontal(|ui| {
                if ui.button(action).clicked() {
                    act = true;
                }
            });
        });
    if act {
        let path = PathBuf::from(p.path.trim());
        match work.carry_out(p.job, &path) {
            Ok(()) => {
                if !p.job.folder() {
                    *last = Some(path);
                }
                open = false;
            }
            Err(e) => {
                if !p.job.writes() {
                    let text = t!(work.status.tr, "file-open-failed", error = e.as_str());
                    work.status.say(text);
                }
                p.error = Some(e);
            }
        }
    }
    if !open {
        *prompt = None;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The file requests alone, with these settings and a game of a few moves.
    fn files_app(settings: Settings) -> App {
        let mut app = App::new();
        app.insert_resource(settings)
            .insert_resource(Match::new(Game::from_transcript("f5d6c3").unwrap()))
            .init_resource::<FilePrompt>()
            .init_resource::<ImageToSave>()
            .init_resource::<Practice>()
            .init_resource::<Tr>()
            .add_message::<CommandIssued>()
            .add_message::<EdaxBookFile>()
            .add_message::<DatabaseRequest>()
            .add_message::<crate::app::messages::StatusChanged>()
            .add_systems(Update, run_file_requests);
        app
    }

    /// The job and path of the game's prompt on show.
    fn shown_prompt(app: &App) -> (FileJob, String) {
        let prompt = app.world().resource::<FilePrompt>().prompt.as_ref();
        let prompt = prompt.expect("the prompt is shown");
        (prompt.job, prompt.path.clone())
    }

    #[test]
    fn a_database_folder_goes_to_the_database_and_a_file_is_refused() {
        let dir = crate::app::temp_dir::TempDir::new("files-database");
        std::fs::write(dir.0.join("a.txt"), "x").unwrap();
        let mut app = files_app(Settings {
            system_dialogs: false,
            ..Settings::default()
        });
        // The prompt offers a folder: the last file's.
        app.world_mut().resource_mut::<FilePrompt>().last = Some(dir.0.join("g.ggf"));
        app.world_mut()
            .resource_mut::<FilePrompt>()
            .open(FileJob::DatabaseFolder);
        let (folder, file) = (dir.0.clone(), dir.0.join("a.txt"));
        app.add_systems(Update, move |mut work: FileWork| {
            assert_eq!(work.carry_out(FileJob::DatabaseFolder, &folder), Ok(()));
            assert_eq!(
                work.carry_out(FileJob::DatabaseFolder, &file),
                Err(format!("{} is not a folder.", file.display()))
            );
        });
        app.update();
        assert_eq!(
            shown_prompt(&app),
            (FileJob::DatabaseFolder, dir.0.display().to_string())
        );
        let asked: Vec<DatabaseRequest> = app
            .world()
            .resource::<Messages<DatabaseRequest>>()
            .iter_current_update_messages()
            .cloned()
            .collect();
        assert_eq!(asked, [DatabaseRequest::Folder(dir.0.clone())]);
    }

    #[test]
    fn a_picture_never_saves_as_an_empty_file() {
        let dir = crate::app::temp_dir::TempDir::new("files-no-image");
        let mut app = files_app(Settings::default());
        let path = dir.0.join("board.png");
        let file = path.clone();
        app.add_systems(Update, move |mut work: FileWork| {
            assert_eq!(
                work.carry_out(FileJob::SaveImage, &file),
                Err("no picture of the board to save".to_string())
            );
        });
        app.update();
        assert!(!path.exists());
    }

    #[test]
    fn a_pictures_prompt_offers_board_png_in_the_last_folder_and_saves_the_bytes() {
        let dir = crate::app::temp_dir::TempDir::new("files-image");
        let mut app = files_app(Settings {
            system_dialogs: false,
            ..Settings::default()
        });
        app.world_mut().resource_mut::<FilePrompt>().last = Some(dir.0.join("g.ggf"));
        app.world_mut().resource_mut::<ImageToSave>().0 = Some(b"\x89PNG picture".to_vec());
        app.world_mut()
            .resource_mut::<FilePrompt>()
            .open(FileJob::SaveImage);
        let (path, bad) = (dir.0.join("board.png"), dir.0.join("no").join("b.png"));
        app.add_systems(Update, move |mut work: FileWork| {
            assert_eq!(work.carry_out(FileJob::SaveImage, &path), Ok(()));
            assert!(
                work.carry_out(FileJob::SaveImage, &bad)
                    .unwrap_err()
                    .starts_with(&bad.display().to_string())
            );
        });
        app.update();
        assert_eq!(
            shown_prompt(&app),
            (
                FileJob::SaveImage,
                dir.0.join("board.png").display().to_string()
            )
        );
        assert_eq!(
            std::fs::read(dir.0.join("board.png")).unwrap(),
            b"\x89PNG picture"
        );
        // A picture is not a game: the recent files stay as they were.
        assert!(app.world().resource::<Settings>().recent_files.is_empty());
    }

    #[test]
    fn recent_files_open_and_a_missing_one_leaves_the_list() {
        let dir = crate::app::temp_dir::TempDir::new("files-recent");
        let good = dir.0.join("g.ggf");
        write_whole(
            &good,
            game_text(&Game::from_transcript("f5f6").unwrap(), true, "A", "B"),
        )
        .unwrap();
        let missing = dir.0.join("gone.ggf");
        let mut settings = Settings::default();
        settings.remember_file(&missing);
        settings.remember_file(&good);
        let mut app = files_app(settings);
        app.world_mut()
            .resource_mut::<FilePrompt>()
            .open_path(good.clone());
        app.update();
        assert_eq!(
            crate::app::messages::commands_sent(&app),
            [format!("f5f6 {}", good.display())]
        );
        app.world_mut()
            .resource_mut::<FilePrompt>()
            .open_path(missing.clone());
        app.update();
        let said: Vec<String> = app
            .world()
            .resource::<Messages<crate::app::messages::StatusChanged>>()
            .iter_current_update_messages()
            .map(|s| s.0.clone())
            .collect();
        assert_eq!(said.len(), 1);
        assert!(
            said[0].starts_with(&format!("Could not open the game: {}: ", missing.display()))
                && said[0].ends_with("the file is off the recent list."),
            "{}",
            said[0]
        );
        assert_eq!(app.world().resource::<Settings>().recent_files, [good]);
        assert!(!app.world().resource::<FilePrompt>().is_open());
    }

    #[test]
    fn with_system_dialogs_off_the_prompt_opens() {
        let mut app = files_app(Settings {
            system_dialogs: false,
            ..Settings::default()
        });
        app.world_mut()
            .resource_mut::<FilePrompt>()
            .open(FileJob::SaveGame);
        app.update();
        let files = app.world().resource::<FilePrompt>();
        assert!(
            files
                .prompt
                .as_ref()
                .is_some_and(|p| p.job == FileJob::SaveGame && p.path.ends_with("game.ggf"))
        );
        assert!(files.dialog.is_none());
        // An Edax book: its own file name in the folder of the last file.
        app.world_mut().resource_mut::<FilePrompt>().prompt = None;
        app.world_mut().resource_mut::<FilePrompt>().last = Some(PathBuf::from("/tmp/x/g.ggf"));
        app.world_mut()
            .resource_mut::<FilePrompt>()
            .open(FileJob::ExportEdaxBook);
        app.update();
        assert_eq!(
            shown_prompt(&app),
            (FileJob::ExportEdaxBook, "/tmp/x/book.dat".to_string())
        );
    }

    #[test]
    fn an_empty_answer_at_once_means_no_dialog_showed() {
        let path = PathBuf::from("/tmp/g.ggf");
        assert_eq!(
            answer(Some(path.clone()), Duration::from_millis(5)),
            Answer::Chosen(path)
        );
        assert_eq!(answer(None, Duration::from_millis(50)), Answer::NoDialog);
        assert_eq!(answer(None, Duration::from_secs(3)), Answer::Cancelled);
    }

    #[test]
    fn saved_games_read_back() {
        let dir = std::env::temp_dir().join(format!("reversi-files-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let mut game = Game::from_transcript("f5d6c3d3c4").unwrap();
        for (name, ggf) in [("g.ggf", true), ("g.txt", false)] {
            let path = dir.join(name);
            write_whole(&path, game_text(&game, ggf, "A", "B")).unwrap();
            assert_eq!(read_game(&path).unwrap().plies(), game.plies());
        }
        // With a variation (viewed): GGF keeps it, a transcript the main line.
        game.go_to(2);
        game.play_transcript("c5").unwrap();
        let path = dir.join("v.ggf");
        write_whole(&path, game_text(&game, true, "A", "B")).unwrap();
        let back = read_game(&path).unwrap();
        assert_eq!(back.lines(), game.lines());
        assert_eq!(back.transcript(), "f5d6c3d3c4");
        let path = dir.join("v.txt");
        write_whole(&path, game_text(&game, false, "A", "B")).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "f5d6c3d3c4\n");
        // A set-up start is kept in a transcript file as an OBF line.
        let mut from_setup = Game::from_position(game.position());
        from_setup.play_transcript("f4").unwrap();
        let path = dir.join("setup.txt");
        write_whole(&path, game_text(&from_setup, false, "A", "B")).unwrap();
        let back = read_game(&path).unwrap();
        assert_eq!(back.start(), game.position());
        assert_eq!(back.plies(), from_setup.plies());
        // A bad file names the file, line and move.
        let path = dir.join("bad.txt");
        fs::write(&path, "f5d6\nc3zz\n").unwrap();
        let e = read_game(&path).unwrap_err();
        assert!(
            e.ends_with("bad.txt: transcript line 2: move 4 \"zz\": not a square"),
            "{e}"
        );
        let _ = fs::remove_dir_all(&dir);
    }
}
