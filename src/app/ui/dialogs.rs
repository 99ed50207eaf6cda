//! The windows, one function each: settings, rules and shortcuts, about, the quick menu
//! opened with Esc, paste, notices and game over. `draw_dialogs` shows those that are open.

use bevy::prelude::*;
use bevy_egui::{EguiClipboard, EguiContexts, egui};

use crate::engine::{Color as Side, PonderMode};

use super::super::clock::TimeControl;
use super::super::engine_tasks::Levels;
use super::super::game::{Command, Match, result_text};
use super::super::notices::Notices;
use super::super::settings::BoardTheme;
use super::super::settings::Mode;
use super::super::settings::{AnimationSpeed, Hints, Settings};
use super::{Dialogs, GameView, Requests, UiOutputs, Welcome};

/// Builds every open window.
pub(super) fn draw_dialogs(
    mut contexts: EguiContexts,
    view: GameView,
    mut dialogs: ResMut<Dialogs>,
    mut settings: ResMut<Settings>,
    mut notices: ResMut<Notices>,
    mut clipboard: ResMut<EguiClipboard>,
    mut outputs: UiOutputs,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut requests = Requests::default();
    if let Some(welcome) = &mut dialogs.welcome {
        match welcome_window(&ctx, welcome, &view.levels) {
            WelcomeChoice::Open => {}
            WelcomeChoice::Play => {
                let w = dialogs.welcome.take().expect("open");
                settings.mode = Mode::HumanVsEngine;
                settings.human_color = w.color;
                settings.level = w.level;
                settings.hints_vs_engine = w.hints;
                requests.commands.push(Command::NewGame);
            }
            WelcomeChoice::Close => dialogs.welcome = None,
        }
    }
    if dialogs.settings {
        dialogs.settings = settings_window(&ctx, &mut settings, &view.levels);
    }
    if dialogs.help {
        dialogs.help = help_window(&ctx);
    }
    if dialogs.about {
        dialogs.about = about_window(&ctx);
    }
    if dialogs.menu {
        menu_window(&ctx, &mut dialogs, &mut requests);
    }
    if let Some(text) = dialogs.paste.take() {
        dialogs.paste = paste_window(&ctx, text, &mut clipboard, &mut requests);
    }
    if !notices.0.is_empty() {
        notice_window(&ctx, &mut notices);
    }
    let m = &*view.m;
    if dialogs.game_over_open(m) {
        game_over_window(&ctx, m, &settings, &mut dialogs, &mut requests);
    }
    outputs.apply(requests, &ctx);
    Ok(())
}

/// The settings window; false once closed.
fn settings_window(ctx: &egui::Context, settings: &mut ResMut<Settings>, levels: &Levels) -> bool {
    let mut open = true;
    // Taller than a small window: it scrolls rather than running off the screen.
    let height = (ctx.viewport_rect().height() - 80.0).max(200.0);
    egui::Window::new("Settings")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .max_height(height)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(height)
                .min_scrolled_height(height)
                .show(ui, |ui| settings_grid(ui, settings, levels));
        });
    open
}

/// What the player did with the first start's window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum WelcomeChoice {
    /// Nothing yet.
    Open,
    /// Play with the choices.
    Play,
    /// Closed: keep the settings as they are.
    Close,
}

/// The first start's window: the player's colour, the engine's strength in plain words
/// (the levels' own descriptions, on a slider from easiest to strongest) and the hints.
fn welcome_window(ctx: &egui::Context, w: &mut Welcome, levels: &Levels) -> WelcomeChoice {
    let mut open = true;
    let mut choice = WelcomeChoice::Open;
    egui::Window::new("Welcome to Reversi")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-145.0, 0.0))
        .default_width(420.0)
        .show(ctx, |ui| {
            ui.set_max_width(420.0);
            ui.label(
                "How would you like to play against the engine? Everything here can be \
                 changed later in Settings.",
            );
            ui.add_space(4.0);
            ui.strong("You play");
            ui.horizontal(|ui| {
                ui.radio_value(&mut w.color, Side::Black, "Black (you move first)");
                ui.radio_value(&mut w.color, Side::White, "White");
            });
            ui.add_space(4.0);
            ui.strong("The engine");
            let mut index = levels.0.iter().position(|l| l.name == w.level).unwrap_or(0);
            let last = levels.0.len().saturating_sub(1);
            ui.horizontal(|ui| {
                ui.label("easiest");
                ui.add(egui::Slider::new(&mut index, 0..=last).show_value(false));
                ui.label("strongest");
            });
            if let Some(level) = levels.0.get(index) {
                w.level.clone_from(&level.name);
                ui.label(format!("{}: {}", level.name, level.description));
            }
            ui.add_space(4.0);
            ui.strong("Help on the board");
            ui.horizontal(|ui| {
                for hints in Hints::ALL {
                    ui.radio_value(&mut w.hints, hints, hints.label());
                }
            });
            ui.label(
                egui::RichText::new(match w.hints {
                    Hints::Off => {
                        "The board shows nothing: the game as it is played over the board."
                    }
                    Hints::Moves => "A dot on every square where you can play.",
                    Hints::Scores => {
                        "Every move's score, worked out by the engine: this gives the game away."
                    }
                })
                .weak(),
            );
            ui.add_space(6.0);
            let play = ui.add_sized([120.0, 28.0], egui::Button::new("Play"));
            // Enter plays at once; Tab walks the choices.
            if ui.memory(|m| m.focused().is_none()) {
                play.request_focus();
            }
            if play.clicked() {
                choice = WelcomeChoice::Play;
            }
        });
    if !open {
        choice = WelcomeChoice::Close;
    }
    choice
}

/// Every crate the game is built from, with its version, licence and home
/// (`scripts/licenses.sh` writes it from `cargo metadata`).
const CRATE_LICENSES: &str = include_str!("../../../assets/licenses.txt");

/// About the game; false once closed.
fn about_window(ctx: &egui::Context) -> bool {
    let mut open = true;
    egui::Window::new("About Reversi")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading(format!("Reversi {}", env!("CARGO_PKG_VERSION")));
            ui.label(env!("CARGO_PKG_DESCRIPTION"));
            ui.label(crate::cpu_build::describe());
            ui.label("Built with Rust, Bevy and egui. Licensed MIT OR Apache-2.0.");
            let crates: Vec<(&str, &str, &str)> = CRATE_LICENSES
                .lines()
                .filter(|l| !l.starts_with('#'))
                .filter_map(|l| {
                    let (name, rest) = l.split_once(": ")?;
                    let (licence, home) = rest.split_once("; ")?;
                    Some((name, licence, home))
                })
                .collect();
            let title = format!("Open-source crates it is built from ({})", crates.len());
            egui::CollapsingHeader::new(title).show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(320.0)
                    .show(ui, |ui| {
                        egui::Grid::new("crates").striped(true).show(ui, |ui| {
                            for (name, licence, home) in &crates {
                                ui.label(egui::RichText::new(*name).small())
                                    .on_hover_text(*home);
                                ui.label(egui::RichText::new(*licence).small().weak());
                                ui.end_row();
                            }
                        });
                    });
            });
        });
    open
}

/// The quick menu opened with Esc; an entry that opens another window closes it.
fn menu_window(ctx: &egui::Context, dialogs: &mut Dialogs, requests: &mut Requests) {
    let mut open = true;
    egui::Window::new("Menu")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.set_min_width(200.0);
            let entry = |ui: &mut egui::Ui, label: &str| {
                ui.add_sized([200.0, 28.0], egui::Button::new(label))
                    .clicked()
            };
            if entry(ui, "New game") {
                requests.commands.push(Command::NewGame);
                dialogs.menu = false;
            }
            if entry(ui, "Undo") {
                requests.commands.push(Command::Undo);
            }
            if entry(ui, "Open game...") {
                requests.file = Some(false);
                dialogs.menu = false;
            }
            if entry(ui, "Save game...") {
                requests.file = Some(true);
                dialogs.menu = false;
            }
            if entry(ui, "Settings...") {
                dialogs.settings = true;
                dialogs.menu = false;
            }
            if entry(ui, "Rules and shortcuts") {
                dialogs.help = true;
                dialogs.menu = false;
            }
            if entry(ui, "Quit") {
                requests.quit = true;
            }
            ui.label(egui::RichText::new("Esc closes this menu.").weak());
        });
    dialogs.menu &= open;
}

/// The paste window with its `text`; the text to keep while it stays open, `None` once
/// closed or loaded.
fn paste_window(
    ctx: &egui::Context,
    mut text: String,
    clipboard: &mut EguiClipboard,
    requests: &mut Requests,
) -> Option<String> {
    let mut open = true;
    let mut done = false;
    egui::Window::new("Paste a game or position")
        .open(&mut open)
        .collapsible(false)
        .default_width(480.0)
        .show(ctx, |ui| {
            ui.label(
                "A transcript (f5d6c3...), an OBF position (64 squares of X, O or - and the \
                 side to move) or a GGF game:",
            );
            ui.add(
                egui::TextEdit::multiline(&mut text)
                    .desired_rows(4)
                    .desired_width(f32::INFINITY)
                    .code_editor(),
            );
            ui.horizontal(|ui| {
                if ui.button("Paste from clipboard").clicked()
                    && let Some(t) = clipboard.get_text()
                {
                    text = t;
                }
                if ui
                    .add_enabled(!text.trim().is_empty(), egui::Button::new("Load"))
                    .clicked()
                {
                    requests.commands.push(Command::Paste(text.clone()));
                    done = true;
                }
            });
        });
    (open && !done).then_some(text)
}

/// The oldest notice, until the player dismisses it.
fn notice_window(ctx: &egui::Context, notices: &mut Notices) {
    let mut dismissed = false;
    egui::Window::new("Notice")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0))
        .default_width(460.0)
        .show(ctx, |ui| {
            ui.label(notices.0[0].as_str());
            let ok = ui.button("OK");
            // Enter or Space dismisses it (unless the player moved the focus elsewhere).
            if ui.memory(|m| m.focused().is_none()) {
                ok.request_focus();
            }
            if ok.clicked() {
                dismissed = true;
            }
        });
    if dismissed {
        notices.dismiss_oldest();
    }
}

/// The result, with New game and Close (which keeps it closed for this game).
fn game_over_window(
    ctx: &egui::Context,
    m: &Match,
    settings: &Settings,
    dialogs: &mut Dialogs,
    requests: &mut Requests,
) {
    egui::Window::new("Game over")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-145.0, 0.0))
        .show(ctx, |ui| {
            let position = m.position();
            ui.heading(result_text(&position).trim_start_matches("Game over: "));
            if settings.mode == Mode::HumanVsEngine {
                let score = position.final_score_black();
                let mine = if settings.human_color == Side::Black {
                    score
                } else {
                    -score
                };
                ui.label(match mine.signum() {
                    1 => "Well played: you won!",
                    -1 => "The engine won this one.",
                    _ => "A draw.",
                });
            }
            ui.horizontal(|ui| {
                let new_game = ui.button("New game");
                if ui.memory(|m| m.focused().is_none()) {
                    new_game.request_focus();
                }
                if new_game.clicked() {
                    requests.commands.push(Command::NewGame);
                }
                if ui.button("Close").clicked() {
                    dialogs.game_over_closed = Some(m.generation);
                }
            });
        });
}

/// The settings window's contents. Only real changes mark the settings changed (and so
/// saved).
fn settings_grid(ui: &mut egui::Ui, settings: &mut ResMut<Settings>, levels: &Levels) {
    let mut s = settings.clone();
    egui::Grid::new("settings")
        .num_columns(2)
        .spacing([16.0, 8.0])
        .show(ui, |ui| {
            ui.label("Game");
            ui.vertical(|ui| {
                for mode in Mode::ALL {
                    ui.radio_value(&mut s.mode, mode, mode.label());
                }
            });
            ui.end_row();
            ui.label("Your colour");
            ui.horizontal(|ui| {
                ui.radio_value(&mut s.human_color, Side::Black, "Black (moves first)");
                ui.radio_value(&mut s.human_color, Side::White, "White");
            });
            ui.end_row();
            ui.label("Difficulty");
            ui.vertical(|ui| {
                egui::ComboBox::from_id_salt("level")
                    .selected_text(s.level.as_str())
                    .width(200.0)
                    .show_ui(ui, |ui| {
                        for (i, level) in levels.0.iter().enumerate() {
                            ui.selectable_value(
                                &mut s.level,
                                level.name.clone(),
                                format!("{}. {}", i + 1, level.name),
                            )
                            .on_hover_text(level.description.as_str());
                        }
                    });
                ui.label(egui::RichText::new(levels.named(&s.level).description.as_str()).weak());
            });
            ui.end_row();
            ui.label("Hints (H)");
            ui.vertical(|ui| {
                ui.horizontal(|ui| {
                    for hints in Hints::ALL {
                        ui.radio_value(s.hints_mut(), hints, hints.label());
                    }
                });
                ui.label(
                    egui::RichText::new(
                        "Move scores: each legal move's score in discs (gold when exact), the \
                         best ringed.",
                    )
                    .weak(),
                );
            });
            ui.end_row();
            ui.label("Clocks");
            ui.vertical(|ui| {
                ui.horizontal_wrapped(|ui| {
                    for control in TimeControl::PRESETS {
                        ui.radio_value(&mut s.time_control, control, control.label());
                    }
                });
                ui.label(
                    egui::RichText::new(
                        "Time for each side from the next game on, plus the seconds added \
                         after each move; the engine plays by its clock too.",
                    )
                    .weak(),
                );
            });
            ui.end_row();
            ui.label("Designer");
            ui.vertical(|ui| {
                ui.checkbox(&mut s.designer, "Designer's view");
                ui.label(
                    egui::RichText::new(
                        "Play with your own tables (a folder beside your settings, empty at \
                         first: the shipped tables) and see why the engine likes a position; \
                         edit its entries there. reversi --config DIR does the same with any \
                         folder.",
                    )
                    .weak(),
                );
            });
            ui.end_row();
            ui.label("Files");
            ui.vertical(|ui| {
                ui.checkbox(&mut s.system_dialogs, "Use the system's file dialogs");
                ui.label(
                    egui::RichText::new(
                        "Off, or when none answers, Open and Save ask for a path in the game.",
                    )
                    .weak(),
                );
            });
            ui.end_row();
            ui.label("Opening book");
            ui.vertical(|ui| {
                ui.checkbox(&mut s.learn, "Learn from finished games");
                ui.label(
                    egui::RichText::new(
                        "Each finished game's opening is searched and added to your book, so \
                         that a line that lost is not played again.",
                    )
                    .weak(),
                );
            });
            ui.end_row();
            ui.label("Pondering");
            ui.vertical(|ui| {
                ui.checkbox(&mut s.ponder, "Engine thinks on your time");
                ui.add_enabled_ui(s.ponder, |ui| {
                    ui.horizontal(|ui| {
                        for mode in PonderMode::ALL {
                            ui.radio_value(&mut s.ponder_mode, mode, ponder_label(mode));
                        }
                    });
                });
                if s.ponder && s.hints() == Hints::Scores {
                    ui.label(
                        egui::RichText::new(
                            "With move scores on, scoring your moves is the pondering.",
                        )
                        .weak(),
                    );
                }
            });
            ui.end_row();
            ui.label("Animation");
            ui.horizontal(|ui| {
                for speed in AnimationSpeed::ALL {
                    ui.radio_value(&mut s.animation, speed, speed.label());
                }
            });
            ui.end_row();
            ui.label("Sound");
            ui.vertical(|ui| {
                let sound = &mut s.sound;
                ui.horizontal(|ui| {
                    ui.checkbox(&mut sound.on, "Sounds");
                    ui.add_enabled(
                        sound.on,
                        egui::Slider::new(&mut sound.volume_percent, 0..=100).suffix(" %"),
                    );
                });
                ui.add_enabled(
                    sound.on,
                    egui::Checkbox::new(
                        &mut sound.quiet_in_background,
                        "Quiet while the window is in the background",
                    ),
                );
            });
            ui.end_row();
            ui.label("Text size");
            ui.vertical(|ui| {
                ui.horizontal_wrapped(|ui| {
                    for percent in Settings::TEXT_SCALES {
                        ui.radio_value(&mut s.text_scale_percent, percent, format!("{percent} %"));
                    }
                });
                ui.label(
                    egui::RichText::new(
                        "Menus, panels and windows; Ctrl+Plus and Ctrl+Minus change it too.",
                    )
                    .weak(),
                );
            });
            ui.end_row();
            ui.label("Board");
            egui::ComboBox::from_id_salt("theme")
                .selected_text(s.theme.label())
                .show_ui(ui, |ui| {
                    for theme in BoardTheme::ALL {
                        ui.selectable_value(&mut s.theme, theme, theme.label());
                    }
                });
            ui.end_row();
            ui.label("Engine memory");
            egui::ComboBox::from_id_salt("tt")
                .selected_text(format!("{} MiB", s.tt_mib))
                .show_ui(ui, |ui| {
                    for mib in [16, 32, 64, 128, 256, 512, 1024] {
                        ui.selectable_value(&mut s.tt_mib, mib, format!("{mib} MiB"));
                    }
                })
                .response
                .on_hover_text("Transposition table size: more remembers more positions");
            ui.end_row();
            ui.label("Engine threads");
            let cores = crate::engine::Threads::available();
            egui::ComboBox::from_id_salt("threads")
                .selected_text(s.engine_threads.to_string())
                .show_ui(ui, |ui| {
                    for n in 1..=cores.max(s.engine_threads as usize) as u32 {
                        let label = if n as usize + 1 == cores {
                            format!("{n} (all cores but one)")
                        } else {
                            n.to_string()
                        };
                        ui.selectable_value(&mut s.engine_threads, n, label);
                    }
                })
                .response
                .on_hover_text(format!(
                    "The cores the engine thinks on (this machine has {cores}); the board \
                     keeps one to stay smooth"
                ));
            ui.end_row();
        });
    ui.label(egui::RichText::new("Settings are saved as you change them.").weak());
    if s != **settings {
        **settings = s;
    }
}

/// A pondering mode's name in the settings window.
fn ponder_label(mode: PonderMode) -> &'static str {
    match mode {
        PonderMode::AllReplies => "All your replies",
        PonderMode::PredictedMove => "Your predicted move",
    }
}

/// Rules and keyboard shortcuts; false once closed.
fn help_window(ctx: &egui::Context) -> bool {
    let mut open = true;
    egui::Window::new("Rules and shortcuts")
        .open(&mut open)
        .collapsible(false)
        .default_width(460.0)
        .show(ctx, help_text);
    open
}

/// The rules and the shortcuts, as the help window shows them.
fn help_text(ui: &mut egui::Ui) {
    ui.heading("Rules");
    ui.label(
        "Black moves first. Place a disc so that it outflanks one or more of your opponent's \
         discs in a straight line (across, down or diagonally) between it and another of your \
         discs; every outflanked disc turns over to your colour. If you cannot move you pass; \
         when neither player can move the game ends and the player with more discs wins \
         (empty squares go to the winner).",
    );
    ui.add_space(6.0);
    ui.heading("Playing");
    ui.label(
        "Click a square to play there, or move the cursor there with the arrow keys or Tab \
         and press Enter; the hints mark the legal moves, with scores: each \
         move's outcome in discs for you (gold when exact, solved to the end), the best \
         ringed. Click a move in the list to view that position, then play from it or \
         continue. In engine vs engine, Pause and Step control the engines. Against the \
         engine it thinks on your time (pondering; see Settings).",
    );
    ui.add_space(6.0);
    ui.heading("Shortcuts");
    egui::Grid::new("shortcuts").num_columns(2).show(ui, |ui| {
        for (key, what) in [
            ("Ctrl+N", "New game"),
            (
                "Ctrl+Z",
                "Undo (against the engine: back to your last move)",
            ),
            ("Ctrl+Y", "Redo"),
            ("Ctrl+C", "Copy the transcript"),
            ("Ctrl+V", "Paste a transcript, OBF position or GGF game"),
            ("H", "Move hints: off, legal moves, move scores"),
            ("M", "Sounds on or off"),
            ("Arrows", "Move the board's cursor"),
            (
                "Tab, Shift+Tab",
                "Cursor to the next or previous legal move",
            ),
            (
                "Enter, Space",
                "Play the cursor's square (editor: paint it)",
            ),
            ("Delete", "Editor: empty the cursor's square"),
            ("F1", "This window"),
            ("Esc", "Close a window, or open the menu"),
        ] {
            ui.label(egui::RichText::new(key).monospace().strong());
            ui.label(what);
            ui.end_row();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The About window's list names exactly the packages of Cargo.lock (the root aside):
    /// run `scripts/licenses.sh` after changing the dependencies.
    #[test]
    fn the_crate_list_matches_cargo_lock() {
        let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.lock"))
            .expect("Cargo.lock");
        let mut locked: Vec<String> = lock
            .split("[[package]]")
            .skip(1)
            .filter_map(|p| {
                let field = |key: &str| {
                    p.lines()
                        .find_map(|l| l.strip_prefix(key))
                        .map(|v| v.trim().trim_matches('"').to_string())
                };
                Some(format!("{} {}", field("name = ")?, field("version = ")?))
            })
            .filter(|p| !p.starts_with("reversi "))
            .collect();
        let mut listed: Vec<String> = CRATE_LICENSES
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.split(':').next().unwrap().to_string())
            .collect();
        locked.sort();
        listed.sort();
        assert_eq!(listed, locked, "run scripts/licenses.sh");
        assert!(
            CRATE_LICENSES.contains("bevy 0.19.1: MIT OR Apache-2.0;"),
            "{}",
            &CRATE_LICENSES[..200]
        );
    }
}
