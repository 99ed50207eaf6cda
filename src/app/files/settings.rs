//! The player's settings: what they are, and keeping them in `settings.ron` in the OS config
//! folder.
//!
//! Saving writes a temporary file beside the real one and renames it over, so a crash never
//! leaves half a file. A file that cannot be read or parsed is moved aside to
//! `settings.ron.bad` (nothing the player wrote is lost) and the game starts with defaults and
//! a notice naming the file and the error.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::app::clock::TimeControl;

use crate::engine::{MAX_THREADS, PonderMode, Side, Threads};
use bevy::prelude::*;

use crate::app::i18n::{Language, Tr};
use crate::app::notices::{Notice, Notices, SetAside, raise_at_build};
use crate::app::run_options::RunOptions;

/// The settings file's name inside the config folder.
use super::paths::PlayerPaths;

/// Who plays whom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) enum Mode {
    /// The human plays one colour (see [`Settings::human_color`]), the engine the other.
    #[default]
    HumanVsEngine,
    /// Two humans take turns at the same board.
    HumanVsHuman,
    /// The engine plays both sides (with pause and step).
    EngineVsEngine,
}

impl Mode {
    /// Every mode, as menus list them.
    pub(crate) const ALL: [Mode; 3] = [
        Mode::HumanVsEngine,
        Mode::HumanVsHuman,
        Mode::EngineVsEngine,
    ];

    /// The message id of its name in menus.
    pub(crate) fn key(self) -> &'static str {
        match self {
            Mode::HumanVsEngine => "mode-human-vs-engine",
            Mode::HumanVsHuman => "mode-human-vs-human",
            Mode::EngineVsEngine => "mode-engine-vs-engine",
        }
    }
}

/// A board theme the player can choose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) enum BoardTheme {
    /// A green baize board in a wooden frame.
    #[default]
    Classic,
    /// A blue-grey board.
    Ocean,
    /// Black board, bright yellow lines, pure black and white discs with strong rims.
    HighContrast,
    /// A blue board with markers told apart by lightness and the blue-orange axis, which
    /// red-green colour blindness keeps (Okabe and Ito's palette): no red on green.
    ColorBlindSafe,
}

impl BoardTheme {
    /// Every theme, as the settings window lists them.
    pub(crate) const ALL: [BoardTheme; 4] = [
        BoardTheme::Classic,
        BoardTheme::Ocean,
        BoardTheme::HighContrast,
        BoardTheme::ColorBlindSafe,
    ];

    /// The message id of its name in the settings window.
    pub(crate) fn key(self) -> &'static str {
        match self {
            BoardTheme::Classic => "theme-classic",
            BoardTheme::Ocean => "theme-ocean",
            BoardTheme::HighContrast => "theme-high-contrast",
            BoardTheme::ColorBlindSafe => "theme-colour-blind",
        }
    }
}

/// The game's sounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub(crate) struct SoundSettings {
    /// Whether the game makes sounds at all.
    pub on: bool,
    /// Loudness, 0 to 100 (percent of the sounds' own level).
    pub volume_percent: u8,
    /// Whether the game keeps quiet while its window is not the focused one.
    pub quiet_in_background: bool,
}

impl Default for SoundSettings {
    fn default() -> SoundSettings {
        SoundSettings {
            on: true,
            volume_percent: 70,
            quiet_in_background: false,
        }
    }
}

impl SoundSettings {
    /// The playback volume, 0 to 1, of a sound played at `gain` (0 to 1) of its own level;
    /// 0 when the sounds are off. A percentage over 100 in a hand-edited file counts as 100.
    pub(crate) fn volume(self, gain: f32) -> f32 {
        if self.on {
            f32::from(self.volume_percent.min(100)) / 100.0 * gain
        } else {
            0.0
        }
    }
}

/// How fast discs turn over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) enum AnimationSpeed {
    /// No animation: discs change at once.
    Off,
    /// 0.12 s a disc.
    Fast,
    /// 0.25 s a disc.
    #[default]
    Normal,
    /// 0.5 s a disc.
    Slow,
}

impl AnimationSpeed {
    /// Every speed, fastest last, as the settings window lists them.
    pub(crate) const ALL: [AnimationSpeed; 4] = [
        AnimationSpeed::Off,
        AnimationSpeed::Slow,
        AnimationSpeed::Normal,
        AnimationSpeed::Fast,
    ];

    /// Seconds for one disc to turn over; `None` when animation is off.
    pub(crate) fn flip_s(self) -> Option<f32> {
        match self {
            AnimationSpeed::Off => None,
            AnimationSpeed::Fast => Some(0.12),
            AnimationSpeed::Normal => Some(0.25),
            AnimationSpeed::Slow => Some(0.5),
        }
    }

    /// The message id of its name in the settings window.
    pub(crate) fn key(self) -> &'static str {
        match self {
            AnimationSpeed::Off => "animation-off",
            AnimationSpeed::Fast => "animation-fast",
            AnimationSpeed::Normal => "animation-normal",
            AnimationSpeed::Slow => "animation-slow",
        }
    }
}

/// What the board shows for a human to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub(crate) enum Hints {
    /// Nothing.
    Off,
    /// A dot on each legal move.
    Moves,
    /// Each legal move's score in discs, refined in the background as the search deepens.
    #[default]
    Scores,
}

impl Hints {
    /// Every choice, as the settings window lists them.
    pub(crate) const ALL: [Hints; 3] = [Hints::Off, Hints::Moves, Hints::Scores];

    /// The message id of its name in menus.
    pub(crate) fn key(self) -> &'static str {
        match self {
            Hints::Off => "hints-off",
            Hints::Moves => "hints-moves",
            Hints::Scores => "hints-scores",
        }
    }

    /// The next choice, for the H key: off, moves, scores, off, ...
    pub(crate) fn next(self) -> Hints {
        match self {
            Hints::Off => Hints::Moves,
            Hints::Moves => Hints::Scores,
            Hints::Scores => Hints::Off,
        }
    }
}

/// How long the move scores think about a position: a share of the designer's `hints_ms`
/// (`config/search.ron`, 3 s shipped), budgeted by phase as a timed level's move.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub(crate) enum HintStrength {
    /// A sixth of it: half a second, the scores settle at once and a core rests.
    Quick,
    /// All of it: as long as the strongest timed level thinks.
    #[default]
    Normal,
    /// Five times it: deeper scores, every engine core busy while the human thinks.
    Deep,
}

impl HintStrength {
    /// Every choice, as the settings window lists them.
    pub(crate) const ALL: [HintStrength; 3] = [
        HintStrength::Quick,
        HintStrength::Normal,
        HintStrength::Deep,
    ];

    /// The message id of its name.
    pub(crate) fn key(self) -> &'static str {
        match self {
            HintStrength::Quick => "hint-strength-quick",
            HintStrength::Normal => "hint-strength-normal",
            HintStrength::Deep => "hint-strength-deep",
        }
    }

    /// The hints' milliseconds a position, of the designer's `hints_ms`.
    pub(crate) fn hints_ms(self, designed_ms: u64) -> u64 {
        match self {
            HintStrength::Quick => designed_ms / 6,
            HintStrength::Normal => designed_ms,
            HintStrength::Deep => designed_ms * 5,
        }
    }
}

/// Reads a choice by name, or the `true`/`false` of settings files written before scores
/// existed (`true` was the dots).
impl<'de> serde::Deserialize<'de> for Hints {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Hints, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Hints;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("Off, Moves, Scores, true or false")
            }

            fn visit_bool<E: serde::de::Error>(self, on: bool) -> Result<Hints, E> {
                Ok(if on { Hints::Moves } else { Hints::Off })
            }

            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Hints, E> {
                match name {
                    "true" => self.visit_bool(true),
                    "false" => self.visit_bool(false),
                    _ => Hints::ALL
                        .into_iter()
                        .find(|h| format!("{h:?}") == name)
                        .ok_or_else(|| E::unknown_variant(name, &["Off", "Moves", "Scores"])),
                }
            }
        }
        // RON hands a bare word, `Scores` or `true`, to an identifier's visitor as text.
        deserializer.deserialize_identifier(Visitor)
    }
}

/// The window's size (logical pixels) and its top-left corner (physical pixels, as the
/// system places windows; `None` when the system never said where it put the window, as
/// without a window manager: the window then comes back centred).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WindowPlace {
    /// Width in logical pixels.
    pub width: u32,
    /// Height in logical pixels.
    pub height: u32,
    /// Left and top edges in physical pixels.
    pub corner: Option<(i32, i32)>,
    /// Whether the window was maximised; the size and corner are then the ones it
    /// un-maximises to. Missing in files from before it was kept: false.
    #[serde(default)]
    pub maximized: bool,
}

impl WindowPlace {
    /// The place to save for a window now `current` (its size and corner) and `maximized`,
    /// given the place saved before: a maximised window keeps the size and corner it had
    /// before, which it gets back when un-maximised.
    pub(crate) fn next(current: WindowPlace, maximized: bool, saved: Option<WindowPlace>) -> Self {
        match (maximized, saved) {
            (true, Some(before)) => WindowPlace {
                maximized: true,
                ..before
            },
            _ => WindowPlace {
                maximized,
                ..current
            },
        }
    }
}

/// Everything the player chooses in the Settings window. Fields missing from the file take
/// their defaults, so older files keep working.
#[derive(Clone, Debug, PartialEq, Resource, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub(crate) struct Settings {
    /// The name of the engine's level (see `config/levels.ron`), or `Adaptive`.
    pub level: String,
    /// The Adaptive level's rating, moved after each game against it.
    pub adaptive_rating: f64,
    /// The level that plays a practice position out against the player (Game > Practice >
    /// Positions): the strongest by default, so that holding a position's value is a test.
    pub practice_opponent: String,
    /// Who plays whom.
    pub mode: Mode,
    /// The human's colour against the engine.
    pub human_color: Side,
    /// What the board shows for the human to move against the engine: off at first, so
    /// that a new player's game is not given away (older files' `true`/`false` read as
    /// moves/off). Read it through [`Settings::hints`].
    #[serde(rename = "hints")]
    pub hints_vs_engine: Hints,
    /// What the board shows between two humans and in engine-vs-engine analysis: the
    /// scores at first.
    #[serde(rename = "analysis_hints")]
    pub hints_analysis: Hints,
    /// How long the move scores think about a position.
    pub hint_strength: HintStrength,
    /// Whether the engine's best line is drawn on the board as numbered discs (B).
    pub show_line: bool,
    /// Whether the engine thinks on the human's time (against the engine).
    pub ponder: bool,
    /// What the engine thinks about on the human's time.
    pub ponder_mode: PonderMode,
    /// How fast discs turn over.
    pub animation: AnimationSpeed,
    /// The board's colours.
    pub theme: BoardTheme,
    /// The sounds.
    pub sound: SoundSettings,
    /// The size of the menus, panels and windows, in percent (Ctrl+Plus / Ctrl+Minus too);
    /// read through [`Settings::ui_zoom`].
    pub text_scale_percent: u16,
    /// The game's language; `None` follows the system's (English when the game does not
    /// speak it).
    pub language: Option<Language>,
    /// The engine's transposition table size in MiB.
    pub tt_mib: u32,
    /// The threads the engine searches on (its searches, pondering and hints): by default
    /// the machine's cores but one, which the game's own drawing keeps.
    pub engine_threads: u32,
    /// Whether each finished game is learned into the player's opening book.
    pub learn: bool,
    /// Whether the designer's view is on without `--config`: the game plays with the tables
    /// of the player's own designer folder and shows why it likes a position.
    pub designer: bool,
    /// The clocks of the next games (minutes a side, 0 for none; seconds added a move).
    pub time_control: TimeControl,
    /// Whether Open and Save use the system's file dialogs (the game's own prompt when off,
    /// or when no system dialog answers).
    pub system_dialogs: bool,
    /// The game files opened or saved last, the latest first (at most
    /// [`Settings::RECENT_FILES`]).
    pub recent_files: Vec<PathBuf>,
    /// The folder of WTHOR files the Database window reads (`None` until one is chosen).
    pub database_dir: Option<PathBuf>,
    /// The window's size and place when last moved or resized (`None` before that: the
    /// first start fits the window to the screen).
    pub window: Option<WindowPlace>,
    /// What the board's picture shows (Game > Board as image...).
    pub board_image: ImageOptions,
    /// Another program (an NBoard engine) as the opponent or the hints.
    pub other_engine: OtherEngineSetup,
}

/// Another Othello program in the game: any engine that speaks the NBoard protocol (NTest,
/// Edax, `reversi-engine nboard`), started with a command line.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub(crate) struct OtherEngineSetup {
    /// The command that starts it (run by the system's shell).
    pub command: String,
    /// The name the game shows for it; empty: the name it gives itself.
    pub name: String,
    /// The depth it is asked to search (`set depth`).
    pub depth: u32,
    /// Whether it plays instead of our engine: the engine's side against a human, White in
    /// engine vs engine.
    pub plays: bool,
    /// Whether the move scores of the hints are its.
    pub hints: bool,
    /// The longest a move or the hints may take, in seconds, before it is given up.
    pub timeout_s: u32,
}

impl OtherEngineSetup {
    /// Whether a command is set and the engine has something to do.
    pub(crate) fn in_use(&self) -> bool {
        !self.command.trim().is_empty() && (self.plays || self.hints)
    }

    /// The name the game gives it: the one set, else its program's file name
    /// (`/opt/ntest/ntest x` is `ntest`).
    pub(crate) fn shown_name(&self) -> String {
        if !self.name.trim().is_empty() {
            return self.name.trim().to_string();
        }
        let program = self.command.split_whitespace().next().unwrap_or_default();
        Path::new(program)
            .file_name()
            .map_or_else(|| program.to_string(), |n| n.to_string_lossy().into_owned())
    }
}

impl Default for OtherEngineSetup {
    fn default() -> OtherEngineSetup {
        OtherEngineSetup {
            command: String::new(),
            name: String::new(),
            depth: 12,
            plays: false,
            hints: false,
            timeout_s: 30,
        }
    }
}

/// What a picture of the board shows, and its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub(crate) struct ImageOptions {
    /// The letters and numbers around the board.
    pub coordinates: bool,
    /// The hints: the moves' scores where the hints have them, else a dot on each legal move.
    pub hints: bool,
    /// The mark on the last move.
    pub last_move: bool,
    /// The picture's side in pixels (kept to 100-1600 when drawn).
    pub size: u32,
}

impl Default for ImageOptions {
    fn default() -> ImageOptions {
        ImageOptions {
            coordinates: true,
            hints: false,
            last_move: true,
            size: 800,
        }
    }
}

impl Settings {
    /// The hints the board shows in the current mode.
    pub(crate) fn hints(&self) -> Hints {
        if self.mode == Mode::HumanVsEngine {
            self.hints_vs_engine
        } else {
            self.hints_analysis
        }
    }

    /// The hints of the current mode, to change.
    pub(crate) fn hints_mut(&mut self) -> &mut Hints {
        if self.mode == Mode::HumanVsEngine {
            &mut self.hints_vs_engine
        } else {
            &mut self.hints_analysis
        }
    }

    /// The sizes offered for the menus, panels and windows, in percent.
    pub(crate) const TEXT_SCALES: [u16; 6] = [75, 100, 125, 150, 175, 200];

    /// egui's zoom factor for [`Settings::text_scale_percent`], kept to 0.5 - 3 whatever a
    /// hand-edited file says.
    pub(crate) fn ui_zoom(&self) -> f32 {
        f32::from(self.text_scale_percent.clamp(50, 300)) / 100.0
    }

    /// The engine threads by default: the cores but one, at least one.
    pub(super) fn default_engine_threads() -> u32 {
        Threads::available().saturating_sub(1).clamp(1, MAX_THREADS) as u32
    }

    /// The smallest and largest transposition table offered, in MiB.
    pub(super) const TT_MIB_RANGE: std::ops::RangeInclusive<u32> = 1..=1024;

    /// How many recent files the Game menu lists.
    pub(super) const RECENT_FILES: usize = 8;

    /// Puts `path` first among the recent files (once), dropping the oldest beyond
    /// [`Settings::RECENT_FILES`].
    pub(super) fn remember_file(&mut self, path: &Path) {
        self.recent_files.retain(|p| p != path);
        self.recent_files.insert(0, path.to_path_buf());
        self.recent_files.truncate(Settings::RECENT_FILES);
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            level: "Casual".into(),
            adaptive_rating: crate::engine::ADAPTIVE_START,
            practice_opponent: "Strongest".into(),
            mode: Mode::HumanVsEngine,
            human_color: Side::Black,
            hints_vs_engine: Hints::Off,
            hints_analysis: Hints::Scores,
            hint_strength: HintStrength::Normal,
            show_line: false,
            ponder: true,
            ponder_mode: PonderMode::AllReplies,
            animation: AnimationSpeed::Normal,
            theme: BoardTheme::Classic,
            sound: SoundSettings::default(),
            text_scale_percent: 100,
            language: None,
            tt_mib: 64,
            engine_threads: Settings::default_engine_threads(),
            learn: true,
            designer: false,
            time_control: TimeControl::OFF,
            system_dialogs: true,
            recent_files: Vec::new(),
            database_dir: None,
            window: None,
            board_image: ImageOptions::default(),
            other_engine: OtherEngineSetup::default(),
        }
    }
}

/// Where the settings live; `None` for a scripted run, which keeps them in memory only.
#[derive(Clone, Debug, Resource)]
pub(super) struct SettingsFile(pub Option<PathBuf>);

/// What loading the settings gave: the settings and, when the file was bad, a notice for
/// the player.
#[derive(Debug)]
pub(super) struct Loaded {
    /// The settings to use.
    pub settings: Settings,
    /// Why the defaults are in use, naming the file and the error.
    pub notice: Option<Notice>,
    /// Whether changes may be saved to the file: not when it exists but could not be read
    /// (no permission, a folder in its place), so that a good file is never written over.
    pub writable: bool,
    /// Whether there was no file: the player's first start.
    pub first_start: bool,
}

/// Whether this is the player's first start (no settings file yet, and not a scripted run):
/// the game then asks how they want to play.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FirstStart(pub bool);

/// The first free name beside `path` for keeping a bad file: `<name>.bad`, `<name>.bad2`, ...
fn bad_path(path: &Path) -> PathBuf {
    let mut n = 1;
    loop {
        let suffix = if n == 1 {
            ".bad".to_string()
        } else {
            format!(".bad{n}")
        };
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        let candidate = PathBuf::from(name);
        if !candidate.exists() {
            return candidate;
        }
        n += 1;
    }
}

/// Renames a damaged file to the first free `<name>.bad...` beside it, so that nothing is
/// written over it; says where it went, for the notice.
pub(crate) fn set_aside(path: &Path) -> SetAside {
    let bad = bad_path(path);
    match fs::rename(path, &bad) {
        Ok(()) => SetAside::Kept(bad),
        Err(e) => SetAside::Left(e),
    }
}

/// Reads settings from `path`. A missing file gives the defaults quietly. A file whose
/// text is damaged (not RON settings, not UTF-8) gives the defaults, is renamed to
/// `<name>.bad`, and a notice says so. A file that cannot be read at all (no permission, a
/// folder in its place) gives the defaults and a notice, and is left alone: it may be
/// good, so nothing is saved over it this session.
pub(super) fn load(path: &Path) -> Loaded {
    let error = match fs::read_to_string(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Loaded {
                settings: Settings::default(),
                notice: None,
                writable: true,
                first_start: true,
            };
        }
        Err(e) if e.kind() != io::ErrorKind::InvalidData => {
            return Loaded {
                settings: Settings::default(),
                notice: Some(
                    Notice::new("settings-unreadable")
                        .path("path", path)
                        .arg("error", e),
                ),
                writable: false,
                first_start: false,
            };
        }
        Err(e) => e.to_string(),
        Ok(text) => match ron::from_str::<Settings>(&text) {
            Ok(mut settings) => {
                settings.tt_mib = settings.tt_mib.clamp(
                    *Settings::TT_MIB_RANGE.start(),
                    *Settings::TT_MIB_RANGE.end(),
                );
                settings.engine_threads = settings.engine_threads.clamp(1, MAX_THREADS as u32);
                return Loaded {
                    settings,
                    notice: None,
                    writable: true,
                    first_start: false,
                };
            }
            Err(e) => format!(
                "line {}, column {}: {}",
                e.span.start.line, e.span.start.col, e.code
            ),
        },
    };
    let notice = set_aside(path)
        .notice("settings-damaged-kept", "settings-damaged-left")
        .path("path", path)
        .arg("error", error);
    Loaded {
        settings: Settings::default(),
        notice: Some(notice),
        writable: true,
        first_start: false,
    }
}

/// Writes settings to `path` through a temporary file renamed over it, creating the folder.
///
/// # Errors
/// The I/O error of creating the folder, writing or renaming.
pub(super) fn save(path: &Path, settings: &Settings) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    let text = ron::ser::to_string_pretty(settings, ron::ser::PrettyConfig::default())
        .map_err(io::Error::other)?;
    crate::whole_file::write_whole_with(path, |file| {
        file.write_all(text.as_bytes())?;
        file.write_all(b"\n")
    })
}

pub(crate) fn plugin(app: &mut App) {
    let options = app.world().resource::<RunOptions>().clone();
    let path = PlayerPaths::of(&options).settings;
    let loaded = path.as_deref().map(load).unwrap_or(Loaded {
        settings: Settings::default(),
        notice: None,
        writable: false,
        first_start: false,
    });
    let path = path.filter(|_| loaded.writable);
    // A scripted run speaks English unless told otherwise, whatever the machine's locale.
    let language = match (options.language, options.scripted()) {
        (Some(language), _) => language,
        (None, true) => Language::English,
        (None, false) => effective_language(&loaded.settings),
    };
    let tr = Tr::new(language);
    if let Some(notice) = loaded.notice {
        warn!("{}", notice.text(&tr));
        raise_at_build(app, notice);
    }
    app.insert_resource(FirstStart(loaded.first_start))
        .insert_resource(tr)
        .insert_resource(loaded.settings)
        .insert_resource(SettingsFile(path))
        .add_systems(First, follow_language)
        .add_systems(Last, save_settings);
}

/// The language the settings ask for: theirs, else the system's.
fn effective_language(settings: &Settings) -> Language {
    settings.language.unwrap_or_else(Language::of_system)
}

/// Speaks the language chosen in Settings as soon as that choice changes. Other changes of
/// the settings leave the language alone: the one the run started with (`--language`, or a
/// scripted run's English) stays until the player picks one.
fn follow_language(
    settings: Res<Settings>,
    mut tr: ResMut<Tr>,
    mut chosen: Local<Option<Option<Language>>>,
) {
    let Some(last) = *chosen else {
        *chosen = Some(settings.language);
        return;
    };
    if !settings.is_changed() || settings.language == last {
        return;
    }
    *chosen = Some(settings.language);
    let language = effective_language(&settings);
    if tr.language() != language {
        tr.set_language(language);
    }
}

/// Saves the settings whenever they changed this frame (not when they were first loaded).
fn save_settings(settings: Res<Settings>, file: Res<SettingsFile>, mut notices: ResMut<Notices>) {
    if !settings.is_changed() || settings.is_added() {
        return;
    }
    let Some(path) = &file.0 else { return };
    if let Err(e) = save(path, &settings) {
        notices.push(
            Notice::new("settings-save-failed")
                .path("path", path)
                .arg("error", e),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::files::paths::SETTINGS_FILE as FILE_NAME;
    use crate::app::temp_dir::TempDir;

    #[test]
    fn another_programs_name_is_the_one_set_else_its_file_name() {
        let mut setup = OtherEngineSetup {
            command: "/opt/ntest/ntest x".into(),
            ..OtherEngineSetup::default()
        };
        assert_eq!(setup.shown_name(), "ntest");
        setup.name = " NTest ".into();
        assert_eq!(setup.shown_name(), "NTest");
        assert!(!setup.in_use(), "neither playing nor hinting");
        setup.hints = true;
        assert!(setup.in_use());
        setup.command = "  ".into();
        assert!(!setup.in_use(), "no command");
    }

    #[test]
    fn the_hint_strength_scales_the_designers_time_and_older_files_read_normal() {
        let times: Vec<u64> = HintStrength::ALL.iter().map(|h| h.hints_ms(3000)).collect();
        assert_eq!(times, [500, 3000, 15000]);
        let old: Settings = ron::from_str("(hints: Scores)").unwrap();
        assert_eq!(old.hint_strength, HintStrength::Normal);
        let deep: Settings = ron::from_str("(hint_strength: Deep)").unwrap();
        assert_eq!(deep.hint_strength, HintStrength::Deep);
    }

    /// A notice as the player reads it in English.
    fn notice_text(notice: Option<Notice>) -> String {
        notice.expect("a notice").text(&Tr::default())
    }

    /// A run started in Polish stays Polish when another setting changes, and follows the
    /// player's own choice of a language.
    #[test]
    fn the_run_s_language_stays_until_the_player_picks_one() {
        let mut app = App::new();
        app.insert_resource(Settings::default())
            .insert_resource(Tr::new(Language::Polish))
            .add_systems(First, follow_language);
        app.update();
        app.world_mut().resource_mut::<Settings>().animation = AnimationSpeed::Fast;
        app.update();
        assert_eq!(app.world().resource::<Tr>().language(), Language::Polish);
        app.world_mut().resource_mut::<Settings>().language = Some(Language::Japanese);
        app.update();
        assert_eq!(app.world().resource::<Tr>().language(), Language::Japanese);
        app.world_mut().resource_mut::<Settings>().language = Some(Language::Ukrainian);
        app.update();
        assert_eq!(app.world().resource::<Tr>().language(), Language::Ukrainian);
    }

    #[test]
    fn missing_file_gives_defaults_quietly() {
        let dir = TempDir::new("settings-missing");
        let loaded = load(&dir.0.join(FILE_NAME));
        assert_eq!(loaded.settings, Settings::default());
        assert_eq!(loaded.notice, None);
        assert!(loaded.first_start);
    }

    #[test]
    fn hints_are_off_against_the_engine_and_scores_otherwise_at_first() {
        let mut settings = Settings::default();
        let mut shown = Vec::new();
        for mode in [
            Mode::HumanVsEngine,
            Mode::HumanVsHuman,
            Mode::EngineVsEngine,
        ] {
            settings.mode = mode;
            shown.push(settings.hints());
        }
        assert_eq!(shown, [Hints::Off, Hints::Scores, Hints::Scores]);
        // Each mode keeps its own choice.
        *settings.hints_mut() = Hints::Moves;
        settings.mode = Mode::HumanVsEngine;
        assert_eq!(settings.hints(), Hints::Off);
        settings.mode = Mode::HumanVsHuman;
        assert_eq!(settings.hints(), Hints::Moves);
    }

    #[test]
    fn recent_files_keep_the_latest_first_once() {
        let mut settings = Settings::default();
        for i in 0..10 {
            settings.remember_file(Path::new(&format!("g{i}.ggf")));
        }
        settings.remember_file(Path::new("g5.ggf"));
        let names: Vec<String> = settings
            .recent_files
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        assert_eq!(
            names,
            [
                "g5.ggf", "g9.ggf", "g8.ggf", "g7.ggf", "g6.ggf", "g4.ggf", "g3.ggf", "g2.ggf"
            ]
        );
    }

    #[test]
    fn save_then_load_round_trips_and_leaves_no_temp_file() {
        let dir = TempDir::new("settings-roundtrip");
        let path = dir.0.join("nested").join(FILE_NAME);
        let settings = Settings {
            level: "Expert".into(),
            adaptive_rating: 1717.0,
            practice_opponent: "Master".into(),
            mode: Mode::HumanVsHuman,
            human_color: Side::White,
            hints_vs_engine: Hints::Moves,
            hints_analysis: Hints::Off,
            hint_strength: HintStrength::Deep,
            show_line: true,
            ponder: false,
            ponder_mode: PonderMode::PredictedMove,
            animation: AnimationSpeed::Off,
            theme: BoardTheme::HighContrast,
            sound: SoundSettings {
                on: false,
                volume_percent: 35,
                quiet_in_background: true,
            },
            text_scale_percent: 150,
            language: Some(Language::Ukrainian),
            tt_mib: 256,
            engine_threads: 3,
            learn: false,
            designer: true,
            time_control: TimeControl::new(3, 2),
            system_dialogs: false,
            recent_files: vec![PathBuf::from("/home/me/games/a.ggf")],
            database_dir: Some(PathBuf::from("/home/me/wthor")),
            window: Some(WindowPlace {
                width: 1000,
                height: 700,
                corner: Some((-20, 1100)),
                maximized: true,
            }),
            board_image: ImageOptions {
                coordinates: false,
                hints: true,
                last_move: false,
                size: 1200,
            },
            other_engine: OtherEngineSetup {
                command: "ntest x".into(),
                name: "NTest".into(),
                depth: 18,
                plays: true,
                hints: false,
                timeout_s: 60,
            },
        };
        save(&path, &settings).unwrap();
        let loaded = load(&path);
        assert_eq!(loaded.settings, settings);
        assert_eq!(loaded.notice, None);
        let names: Vec<_> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(names, [FILE_NAME]);
    }

    #[test]
    fn missing_fields_take_defaults() {
        let dir = TempDir::new("settings-partial");
        let path = dir.0.join(FILE_NAME);
        fs::write(&path, "(hints: false, tt_mib: 999999, engine_threads: 0)").unwrap();
        let loaded = load(&path);
        assert_eq!(loaded.notice, None);
        assert_eq!(loaded.settings.hints_vs_engine, Hints::Off);
        assert_eq!(loaded.settings.tt_mib, 1024);
        assert_eq!(loaded.settings.ui_zoom(), 1.0);
        let absurd = Settings {
            text_scale_percent: 0,
            ..Settings::default()
        };
        assert_eq!(absurd.ui_zoom(), 0.5);
        assert_eq!(loaded.settings.engine_threads, 1, "at least one thread");
        assert_eq!(loaded.settings.level, Settings::default().level);
    }

    #[test]
    fn a_maximised_window_keeps_the_place_it_unmaximises_to() {
        let place = |width, corner, maximized| WindowPlace {
            width,
            height: 700,
            corner,
            maximized,
        };
        let before = place(1000, Some((40, 30)), false);
        let screen = place(1920, Some((0, 0)), false);
        // Maximised: the size and corner from before, flagged.
        assert_eq!(
            WindowPlace::next(screen, true, Some(before)),
            place(1000, Some((40, 30)), true)
        );
        // Maximised on a first start, with nothing saved: the size it has.
        assert_eq!(
            WindowPlace::next(screen, true, None),
            place(1920, Some((0, 0)), true)
        );
        // Un-maximised (or moved): what it is now.
        let moved = place(1000, Some((300, 30)), false);
        assert_eq!(
            WindowPlace::next(moved, false, Some(place(1000, Some((40, 30)), true))),
            moved
        );
    }

    #[test]
    fn a_window_place_from_before_maximised_was_kept_still_loads() {
        let dir = TempDir::new("settings-old-window");
        let path = dir.0.join(FILE_NAME);
        fs::write(
            &path,
            "(window: Some((width: 900, height: 650, corner: Some((10, 20)))))",
        )
        .unwrap();
        let loaded = load(&path);
        assert_eq!(loaded.notice, None);
        assert_eq!(
            loaded.settings.window,
            Some(WindowPlace {
                width: 900,
                height: 650,
                corner: Some((10, 20)),
                maximized: false,
            })
        );
    }

    #[test]
    fn old_hint_switches_still_load() {
        let dir = TempDir::new("settings-old-hints");
        let path = dir.0.join(FILE_NAME);
        for (text, hints) in [
            ("(hints: true)", Hints::Moves),
            ("(hints: false)", Hints::Off),
            ("(hints: Scores)", Hints::Scores),
            ("(hints: Moves)", Hints::Moves),
            ("(hints: Off)", Hints::Off),
            ("(level: \"Casual\")", Hints::Off),
        ] {
            fs::write(&path, text).unwrap();
            let loaded = load(&path);
            assert_eq!(loaded.notice, None, "{text}");
            assert_eq!(loaded.settings.hints_vs_engine, hints, "{text}");
            assert_eq!(loaded.settings.hints_analysis, Hints::Scores, "{text}");
            assert!(loaded.settings.ponder, "{text}");
            assert_eq!(loaded.settings.ponder_mode, PonderMode::AllReplies);
        }
        // A whole file as the previous version wrote it.
        let old = "(\n    level: \"Expert\",\n    mode: HumanVsEngine,\n    human_color: White,\n    \
                   hints: true,\n    animation: Fast,\n    theme: Ocean,\n    tt_mib: 128,\n)\n";
        fs::write(&path, old).unwrap();
        let loaded = load(&path);
        assert_eq!(loaded.notice, None);
        assert_eq!(
            loaded.settings,
            Settings {
                level: "Expert".into(),
                human_color: Side::White,
                hints_vs_engine: Hints::Moves,
                animation: AnimationSpeed::Fast,
                theme: BoardTheme::Ocean,
                tt_mib: 128,
                ..Settings::default()
            }
        );
        // An unknown choice is an error like any other.
        fs::write(&path, "(hints: Loud)").unwrap();
        assert!(notice_text(load(&path).notice).contains("Loud"));
    }

    #[test]
    fn corrupt_file_is_kept_as_bad_and_reported() {
        let dir = TempDir::new("settings-corrupt");
        let path = dir.0.join(FILE_NAME);
        let garbage = "(hints: true,\n  theme: Purple)";
        fs::write(&path, garbage).unwrap();
        let loaded = load(&path);
        assert_eq!(loaded.settings, Settings::default());
        let notice = notice_text(loaded.notice);
        assert!(notice.contains(&path.display().to_string()), "{notice}");
        assert!(notice.contains("line 2, column"), "{notice}");
        assert!(notice.contains("settings.ron.bad"), "{notice}");
        assert!(!path.exists());
        assert_eq!(
            fs::read_to_string(dir.0.join("settings.ron.bad")).unwrap(),
            garbage
        );

        // A second bad file does not overwrite the first.
        fs::write(&path, "not ron at all").unwrap();
        let notice = notice_text(load(&path).notice);
        assert!(notice.contains("settings.ron.bad2"), "{notice}");
        assert_eq!(
            fs::read_to_string(dir.0.join("settings.ron.bad")).unwrap(),
            garbage
        );

        // Saving afterwards writes a good file again.
        save(&path, &Settings::default()).unwrap();
        assert_eq!(load(&path).notice, None);
    }

    #[test]
    fn unreadable_file_gives_defaults_and_a_notice() {
        let dir = TempDir::new("settings-unreadable");
        // A folder where the file should be cannot be read as text.
        let path = dir.0.join(FILE_NAME);
        fs::create_dir(&path).unwrap();
        let loaded = load(&path);
        assert_eq!(loaded.settings, Settings::default());
        // Issue 17: it was moved aside as `.bad`; now it is left alone and not saved over.
        assert!(!loaded.writable);
        let notice = notice_text(loaded.notice);
        assert!(
            notice.contains("changes are not saved this session"),
            "{notice}"
        );
        assert!(path.is_dir());
        assert!(!dir.0.join("settings.ron.bad").exists());
    }

    #[test]
    fn a_failed_save_leaves_no_temporary_file() {
        let dir = TempDir::new("settings-failed-save");
        // A folder in the file's place: the rename over it fails.
        let path = dir.0.join(FILE_NAME);
        fs::create_dir(&path).unwrap();
        fs::write(path.join("keep"), "x").unwrap();
        assert!(save(&path, &Settings::default()).is_err());
        let left: Vec<String> = fs::read_dir(&dir.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(left, [FILE_NAME]);
    }

    #[test]
    fn text_that_is_not_utf8_is_kept_as_bad() {
        let dir = TempDir::new("settings-not-utf8");
        let path = dir.0.join(FILE_NAME);
        fs::write(&path, b"(mode: \xff)").unwrap();
        let loaded = load(&path);
        assert!(loaded.writable);
        assert!(dir.0.join("settings.ron.bad").exists());
    }
}
