//! Saving and opening games: a transcript (`.txt`) or GGF (`.ggf`), through a simple path
//! prompt (native dialog crates need GTK on Linux).
//!
//! A file that does not parse is reported with its line and move, and the game in progress
//! is left as it is.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::engine::{Game, GgfGame};

use super::game::{Command, CommandIssued, Match, StatusLine};
use super::settings::Mode;
use super::settings::Settings;

/// The largest game file read, in bytes: a game is a few hundred.
const MAX_FILE_BYTES: u64 = 1 << 20;

/// The open/save prompt, when shown.
#[derive(Resource, Debug, Default)]
pub(super) struct FilePrompt {
    prompt: Option<Prompt>,
    /// The last path used, offered next time.
    last: Option<PathBuf>,
}

#[derive(Debug)]
struct Prompt {
    save: bool,
    path: String,
    error: Option<String>,
    /// Game files in the folder of `path`, listed when the prompt opened.
    listing: Vec<PathBuf>,
}

impl FilePrompt {
    /// Shows the prompt for saving (`true`) or opening a game.
    pub(super) fn open(&mut self, save: bool) {
        let path = self.last.clone().unwrap_or_else(|| {
            let dir = directories::UserDirs::new()
                .and_then(|d| d.document_dir().map(Path::to_path_buf))
                .or_else(|| std::env::current_dir().ok())
                .unwrap_or_default();
            dir.join("game.ggf")
        });
        let listing = list_games(path.parent().unwrap_or(Path::new(".")));
        self.prompt = Some(Prompt {
            save,
            path: path.display().to_string(),
            error: None,
            listing,
        });
    }

    /// Whether the prompt is shown.
    pub(super) fn is_open(&self) -> bool {
        self.prompt.is_some()
    }

    /// Hides the prompt; false when it was not shown.
    pub(super) fn close(&mut self) -> bool {
        self.prompt.take().is_some()
    }
}

/// The `.txt` and `.ggf` files in a folder, sorted (at most 200).
fn list_games(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file()
                && p.extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| e.eq_ignore_ascii_case("ggf") || e.eq_ignore_ascii_case("txt"))
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

/// Writes `text` to `path` through a temporary file renamed over it.
pub(super) fn write_file(path: &Path, text: &str) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    fs::rename(&tmp, path)
}

/// Reads a game file.
///
/// # Errors
/// A message naming the file and the problem (I/O, size, or the line and move that does
/// not parse).
pub(super) fn read_game(path: &Path) -> Result<Game, String> {
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

/// The players' names for a GGF file.
fn player_names(settings: &Settings) -> (String, String) {
    let engine = format!("Reversi ({})", settings.level);
    match settings.mode {
        Mode::HumanVsHuman => ("Black".into(), "White".into()),
        Mode::EngineVsEngine => (engine.clone(), engine),
        Mode::HumanVsEngine => match settings.human_color {
            crate::engine::Color::Black => ("Human".into(), engine),
            crate::engine::Color::White => (engine, "Human".into()),
        },
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FilePrompt>().add_systems(
        EguiPrimaryContextPass,
        draw_file_prompt.in_set(super::GameSystems::Ui),
    );
}

/// The prompt: a path field, the game files of its folder, and Save or Open.
fn draw_file_prompt(
    mut contexts: EguiContexts,
    mut files: ResMut<FilePrompt>,
    m: Res<Match>,
    settings: Res<Settings>,
    mut status: StatusLine,
    mut writer: MessageWriter<CommandIssued>,
) -> Result {
    let FilePrompt { prompt, last } = &mut *files;
    let Some(p) = prompt else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut act = false;
    let title = if p.save { "Save game" } else { "Open game" };
    egui::Window::new(title)
        .open(&mut open)
        .collapsible(false)
        .default_width(520.0)
        .show(ctx, |ui| {
            ui.label("File (.ggf for GGF, anything else for a transcript):");
            let edit = ui.add(egui::TextEdit::singleline(&mut p.path).desired_width(f32::INFINITY));
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
                if ui.button(title.trim_end_matches(" game")).clicked() {
                    act = true;
                }
            });
        });
    if act {
        let path = PathBuf::from(p.path.trim());
        if p.save {
            let (black, white) = player_names(&settings);
            let text = game_text(&m.game, is_ggf(&path), &black, &white);
            match write_file(&path, &text) {
                Ok(()) => {
                    status.say(format!("Saved {}.", path.display()));
                    *last = Some(path);
                    open = false;
                }
                Err(e) => p.error = Some(format!("{}: {e}", path.display())),
            }
        } else {
            match read_game(&path) {
                Ok(game) => {
                    writer.write(CommandIssued(Command::Load {
                        game,
                        source: path.display().to_string(),
                    }));
                    *last = Some(path);
                    open = false;
                }
                Err(e) => {
                    status.say(format!(
                        "Could not open the game: {e}. The game is unchanged."
                    ));
                    p.error = Some(e);
                }
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

    #[test]
    fn saved_games_read_back() {
        let dir = std::env::temp_dir().join(format!("reversi-files-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let mut game = Game::from_transcript("f5d6c3d3c4").unwrap();
        for (name, ggf) in [("g.ggf", true), ("g.txt", false)] {
            let path = dir.join(name);
            write_file(&path, &game_text(&game, ggf, "A", "B")).unwrap();
            assert_eq!(read_game(&path).unwrap().plies(), game.plies());
        }
        // With a variation (viewed): GGF keeps it, a transcript the main line.
        game.go_to(2);
        game.play_transcript("c5").unwrap();
        let path = dir.join("v.ggf");
        write_file(&path, &game_text(&game, true, "A", "B")).unwrap();
        let back = read_game(&path).unwrap();
        assert_eq!(back.lines(), game.lines());
        assert_eq!(back.transcript(), "f5d6c3d3c4");
        let path = dir.join("v.txt");
        write_file(&path, &game_text(&game, false, "A", "B")).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "f5d6c3d3c4\n");
        // A set-up start is kept in a transcript file as an OBF line.
        let mut from_setup = Game::from_position(game.position());
        from_setup.play_transcript("f4").unwrap();
        let path = dir.join("setup.txt");
        write_file(&path, &game_text(&from_setup, false, "A", "B")).unwrap();
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
