//! The windows, one function each: settings, rules and shortcuts, about, the quick menu
//! opened with Esc, paste, notices and game over. `draw_dialogs` shows those that are open.

use bevy::prelude::*;
use bevy_egui::{EguiClipboard, EguiContexts, egui};

use crate::engine::{PonderMode, Side};

use super::super::clock::TimeControl;
use super::super::engine_config::Levels;
use super::super::game::{Command, Match, result_heading};
use super::super::i18n::{Language, Tr};
use super::super::notices::Notices;
use super::super::settings::BoardTheme;
use super::super::settings::Mode;
use super::super::settings::{AnimationSpeed, Hints, Settings};
use super::view::{Dialogs, GameView, Requests, UiOutputs, Welcome};
use crate::t;

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
    let tr = &*view.tr;
    let mut requests = Requests::default();
    if let Some(welcome) = &mut dialogs.welcome {
        match welcome_window(&ctx, tr, welcome, &view.levels) {
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
        dialogs.settings = settings_window(&ctx, tr, &mut settings, &view.levels);
    }
    if dialogs.help {
        dialogs.help = help_window(&ctx, tr);
    }
    if dialogs.about {
        dialogs.about = about_window(&ctx, tr);
    }
    if dialogs.menu {
        menu_window(&ctx, tr, &mut dialogs, &mut requests);
    }
    if let Some(text) = dialogs.paste.take() {
        dialogs.paste = paste_window(&ctx, tr, text, &mut clipboard, &mut requests);
    }
    if !notices.0.is_empty() {
        notice_window(&ctx, tr, &mut notices);
    }
    let m = &*view.m;
    if dialogs.game_over_open(m) {
        game_over_window(&ctx, tr, m, &settings, &mut dialogs, &mut requests);
    }
    outputs.apply(requests, &ctx);
    Ok(())
}

/// The settings window; false once closed.
fn settings_window(
    ctx: &egui::Context,
    tr: &Tr,
    settings: &mut ResMut<Settings>,
    levels: &Levels,
) -> bool {
    let mut open = true;
    // Taller than a small window: it scrolls rather than running off the screen.
    let height = (ctx.viewport_rect().height() - 80.0).max(200.0);
    egui::Window::new(t!(tr, "settings-title"))
        .id(egui::Id::new("settings_window"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .max_height(height)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(height)
                .min_scrolled_height(height)
                .show(ui, |ui| settings_grid(ui, tr, settings, levels));
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
fn welcome_window(ctx: &egui::Context, tr: &Tr, w: &mut Welcome, levels: &Levels) -> WelcomeChoice {
    let mut open = true;
    let mut choice = WelcomeChoice::Open;
    let shown = egui::Window::new(t!(tr, "welcome-title"))
        .id(egui::Id::new("welcome_window"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-145.0, 0.0))
        .default_width(420.0)
        .show(ctx, |ui| {
            ui.set_max_width(420.0);
            ui.label(t!(tr, "welcome-intro"));
            ui.add_space(4.0);
            ui.strong(t!(tr, "welcome-you-play"));
            ui.horizontal(|ui| {
                ui.radio_value(&mut w.color, Side::Black, t!(tr, "welcome-black"));
                ui.radio_value(&mut w.color, Side::White, t!(tr, "welcome-white"));
            });
            ui.add_space(4.0);
            ui.strong(t!(tr, "welcome-engine"));
            let mut index = levels.0.iter().position(|l| l.name == w.level).unwrap_or(0);
            let last = levels.0.len().saturating_sub(1);
            ui.horizontal(|ui| {
                ui.label(t!(tr, "welcome-easiest"));
                ui.add(egui::Slider::new(&mut index, 0..=last).show_value(false));
                ui.label(t!(tr, "welcome-strongest"));
            });
            if let Some(level) = levels.0.get(index) {
                w.level.clone_from(&level.name);
                ui.label(t!(
                    tr,
                    "welcome-level",
                    name = tr.level_name(&level.name),
                    about = tr.level_about(&level.name, &level.description)
                ));
            }
            ui.add_space(4.0);
            ui.strong(t!(tr, "welcome-help"));
            ui.horizontal(|ui| {
                for hints in Hints::ALL {
                    ui.radio_value(&mut w.hints, hints, tr.plain(hints.key()));
                }
            });
            ui.label(
                egui::RichText::new(match w.hints {
                    Hints::Off => t!(tr, "welcome-hints-off"),
                    Hints::Moves => t!(tr, "welcome-hints-moves"),
                    Hints::Scores => t!(tr, "welcome-hints-scores"),
                })
                .weak(),
            );
            ui.add_space(6.0);
            let play = ui.add_sized([120.0, 28.0], egui::Button::new(t!(tr, "welcome-play")));
            // Enter plays at once; Tab walks the choices.
            if ui.memory(|m| m.focused().is_none()) {
                play.request_focus();
            }
            if play.clicked() {
                choice = WelcomeChoice::Play;
            }
        });
    // Modal: Tab walks only its choices (and a notice above it), and the menus and buttons
    // behind it take neither the focus nor a click, so Tab then Enter cannot open the Game
    // menu under it.
    if let Some(shown) = shown {
        ctx.memory_mut(|m| m.set_modal_layer(shown.response.layer_id));
    }
    if !open {
        choice = WelcomeChoice::Close;
    }
    choice
}

/// Every crate the game is built from, with its version, licence and home
/// (`scripts/licenses.sh` writes it from `cargo metadata`).
const CRATE_LICENSES: &str = include_str!("../../../assets/licenses.txt");

/// About the game; false once closed.
fn about_window(ctx: &egui::Context, tr: &Tr) -> bool {
    let mut open = true;
    egui::Window::new(t!(tr, "about-title"))
        .id(egui::Id::new("about_window"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading(t!(tr, "about-heading", version = env!("CARGO_PKG_VERSION")));
            ui.label(t!(tr, "about-description"));
            ui.label(crate::cpu_build::describe());
            ui.label(t!(tr, "about-built"));
            ui.label(t!(tr, "about-font"));
            let crates: Vec<(&str, &str, &str)> = CRATE_LICENSES
                .lines()
                .filter(|l| !l.starts_with('#'))
                .filter_map(|l| {
                    let (name, rest) = l.split_once(": ")?;
                    let (licence, home) = rest.split_once("; ")?;
                    Some((name, licence, home))
                })
                .collect();
            let title = t!(tr, "about-crates", count = crates.len());
            egui::CollapsingHeader::new(title)
                .id_salt("crates")
                .show(ui, |ui| {
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
fn menu_window(ctx: &egui::Context, tr: &Tr, dialogs: &mut Dialogs, requests: &mut Requests) {
    let mut open = true;
    egui::Window::new(t!(tr, "quick-menu-title"))
        .id(egui::Id::new("quick_menu"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.set_min_width(200.0);
            let entry = |ui: &mut egui::Ui, label: String| {
                ui.add_sized([200.0, 28.0], egui::Button::new(label))
                    .clicked()
            };
            if entry(ui, t!(tr, "quick-new-game")) {
                requests.commands.push(Command::NewGame);
                dialogs.menu = false;
            }
            if entry(ui, t!(tr, "quick-undo")) {
                requests.commands.push(Command::Undo);
            }
            if entry(ui, t!(tr, "quick-open")) {
                requests.file = Some(false);
                dialogs.menu = false;
            }
            if entry(ui, t!(tr, "quick-save")) {
                requests.file = Some(true);
                dialogs.menu = false;
            }
            if entry(ui, t!(tr, "quick-settings")) {
                dialogs.settings = true;
                dialogs.menu = false;
            }
            if entry(ui, t!(tr, "quick-rules")) {
                dialogs.help = true;
                dialogs.menu = false;
            }
            if entry(ui, t!(tr, "quick-quit")) {
                requests.quit = true;
            }
            ui.label(egui::RichText::new(t!(tr, "quick-esc")).weak());
        });
    dialogs.menu &= open;
}

/// The paste window with its `text`; the text to keep while it stays open, `None` once
/// closed or loaded.
fn paste_window(
    ctx: &egui::Context,
    tr: &Tr,
    mut text: String,
    clipboard: &mut EguiClipboard,
    requests: &mut Requests,
) -> Option<String> {
    let mut open = true;
    let mut done = false;
    egui::Window::new(t!(tr, "paste-title"))
        .id(egui::Id::new("paste_window"))
        .open(&mut open)
        .collapsible(false)
        .default_width(480.0)
        .show(ctx, |ui| {
            ui.label(t!(tr, "paste-intro"));
            ui.add(
                egui::TextEdit::multiline(&mut text)
                    .desired_rows(4)
                    .desired_width(f32::INFINITY)
                    .code_editor(),
            );
            ui.horizontal(|ui| {
                if ui.button(t!(tr, "paste-from-clipboard")).clicked()
                    && let Some(t) = clipboard.get_text()
                {
                    text = t;
                }
                if ui
                    .add_enabled(
                        !text.trim().is_empty(),
                        egui::Button::new(t!(tr, "paste-load")),
                    )
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
fn notice_window(ctx: &egui::Context, tr: &Tr, notices: &mut Notices) {
    let mut dismissed = false;
    egui::Window::new(t!(tr, "notice-title"))
        .id(egui::Id::new("notice_window"))
        // Above any window, the first start's modal one included, so its OK always works.
        .order(egui::Order::Foreground)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0))
        .default_width(460.0)
        .show(ctx, |ui| {
            ui.label(notices.0[0].text(tr));
            let ok = ui.button(t!(tr, "notice-ok"));
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
    tr: &Tr,
    m: &Match,
    settings: &Settings,
    dialogs: &mut Dialogs,
    requests: &mut Requests,
) {
    egui::Window::new(t!(tr, "game-over-title"))
        .id(egui::Id::new("game_over_window"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-145.0, 0.0))
        .show(ctx, |ui| {
            let position = m.position();
            ui.heading(result_heading(&position, tr));
            if settings.mode == Mode::HumanVsEngine {
                let score = position.final_score_black();
                let mine = if settings.human_color == Side::Black {
                    score
                } else {
                    -score
                };
                ui.label(match mine.signum() {
                    1 => t!(tr, "game-over-won"),
                    -1 => t!(tr, "game-over-lost"),
                    _ => t!(tr, "game-over-draw"),
                });
            }
            ui.horizontal(|ui| {
                let new_game = ui.button(t!(tr, "game-over-new"));
                if ui.memory(|m| m.focused().is_none()) {
                    new_game.request_focus();
                }
                if new_game.clicked() {
                    requests.commands.push(Command::NewGame);
                }
                if ui.button(t!(tr, "game-over-close")).clicked() {
                    dialogs.game_over_closed = Some(m.generation);
                }
            });
        });
}

/// The settings window's contents. Only real changes mark the settings changed (and so
/// saved).
fn settings_grid(ui: &mut egui::Ui, tr: &Tr, settings: &mut ResMut<Settings>, levels: &Levels) {
    let mut s = settings.clone();
    egui::Grid::new("settings")
        .num_columns(2)
        .spacing([16.0, 8.0])
        .show(ui, |ui| {
            ui.label(t!(tr, "settings-language"));
            ui.vertical(|ui| {
                let name = |l: Option<Language>| match l {
                    Some(l) => l.native_name().to_string(),
                    None => t!(
                        tr,
                        "language-system",
                        language = Language::of_system().native_name()
                    ),
                };
                egui::ComboBox::from_id_salt("language")
                    .selected_text(name(s.language))
                    .width(200.0)
                    .show_ui(ui, |ui| {
                        for l in std::iter::once(None).chain(Language::ALL.map(Some)) {
                            ui.selectable_value(&mut s.language, l, name(l));
                        }
                    });
                ui.label(egui::RichText::new(t!(tr, "settings-language-about")).weak());
            });
            ui.end_row();
            ui.label(t!(tr, "settings-game"));
            ui.vertical(|ui| {
                for mode in Mode::ALL {
                    ui.radio_value(&mut s.mode, mode, tr.plain(mode.key()));
                }
            });
            ui.end_row();
            ui.label(t!(tr, "settings-colour"));
            ui.horizontal(|ui| {
                ui.radio_value(&mut s.human_color, Side::Black, t!(tr, "settings-black"));
                ui.radio_value(&mut s.human_color, Side::White, t!(tr, "settings-white"));
            });
            ui.end_row();
            ui.label(t!(tr, "settings-difficulty"));
            ui.vertical(|ui| {
                egui::ComboBox::from_id_salt("level")
                    .selected_text(tr.level_name(&s.level))
                    .width(200.0)
                    .show_ui(ui, |ui| {
                        for (i, level) in levels.0.iter().enumerate() {
                            ui.selectable_value(
                                &mut s.level,
                                level.name.clone(),
                                t!(
                                    tr,
                                    "settings-level-item",
                                    number = i + 1,
                                    name = tr.level_name(&level.name)
                                ),
                            )
                            .on_hover_text(tr.level_about(&level.name, &level.description));
                        }
                    });
                let level = levels.named(&s.level);
                ui.label(
                    egui::RichText::new(tr.level_about(&level.name, &level.description)).weak(),
                );
            });
            ui.end_row();
            ui.label(t!(tr, "settings-hints"));
            ui.vertical(|ui| {
                ui.horizontal(|ui| {
                    for hints in Hints::ALL {
                        ui.radio_value(s.hints_mut(), hints, tr.plain(hints.key()));
                    }
                });
                ui.label(egui::RichText::new(t!(tr, "settings-hints-about")).weak());
            });
            ui.end_row();
            ui.label(t!(tr, "settings-clocks"));
            ui.vertical(|ui| {
                ui.horizontal_wrapped(|ui| {
                    for control in TimeControl::PRESETS {
                        ui.radio_value(&mut s.time_control, control, control.label(tr));
                    }
                });
                ui.label(egui::RichText::new(t!(tr, "settings-clocks-about")).weak());
            });
            ui.end_row();
            ui.label(t!(tr, "settings-designer"));
            ui.vertical(|ui| {
                ui.checkbox(&mut s.designer, t!(tr, "settings-designer-view"));
                ui.label(egui::RichText::new(t!(tr, "settings-designer-about")).weak());
            });
            ui.end_row();
            ui.label(t!(tr, "settings-files"));
            ui.vertical(|ui| {
                ui.checkbox(&mut s.system_dialogs, t!(tr, "settings-system-dialogs"));
                ui.label(egui::RichText::new(t!(tr, "settings-files-about")).weak());
            });
            ui.end_row();
            ui.label(t!(tr, "settings-book"));
            ui.vertical(|ui| {
                ui.checkbox(&mut s.learn, t!(tr, "settings-learn"));
                ui.label(egui::RichText::new(t!(tr, "settings-book-about")).weak());
            });
            ui.end_row();
            ui.label(t!(tr, "settings-pondering"));
            ui.vertical(|ui| {
                ui.checkbox(&mut s.ponder, t!(tr, "settings-ponder"));
                ui.add_enabled_ui(s.ponder, |ui| {
                    ui.horizontal(|ui| {
                        for mode in PonderMode::ALL {
                            ui.radio_value(&mut s.ponder_mode, mode, tr.plain(ponder_key(mode)));
                        }
                    });
                });
                if s.ponder && s.hints() == Hints::Scores {
                    ui.label(egui::RichText::new(t!(tr, "settings-ponder-hints")).weak());
                }
            });
            ui.end_row();
            ui.label(t!(tr, "settings-animation"));
            ui.horizontal(|ui| {
                for speed in AnimationSpeed::ALL {
                    ui.radio_value(&mut s.animation, speed, tr.plain(speed.key()));
                }
            });
            ui.end_row();
            ui.label(t!(tr, "settings-sound"));
            ui.vertical(|ui| {
                let sound = &mut s.sound;
                ui.horizontal(|ui| {
                    ui.checkbox(&mut sound.on, t!(tr, "settings-sounds"));
                    ui.add_enabled(
                        sound.on,
                        egui::Slider::new(&mut sound.volume_percent, 0..=100).suffix(" %"),
                    );
                });
                ui.add_enabled(
                    sound.on,
                    egui::Checkbox::new(&mut sound.quiet_in_background, t!(tr, "settings-quiet")),
                );
            });
            ui.end_row();
            ui.label(t!(tr, "settings-text-size"));
            ui.vertical(|ui| {
                ui.horizontal_wrapped(|ui| {
                    for percent in Settings::TEXT_SCALES {
                        ui.radio_value(&mut s.text_scale_percent, percent, format!("{percent} %"));
                    }
                });
                ui.label(egui::RichText::new(t!(tr, "settings-text-size-about")).weak());
            });
            ui.end_row();
            ui.label(t!(tr, "settings-board"));
            egui::ComboBox::from_id_salt("theme")
                .selected_text(tr.plain(s.theme.key()))
                .show_ui(ui, |ui| {
                    for theme in BoardTheme::ALL {
                        ui.selectable_value(&mut s.theme, theme, tr.plain(theme.key()));
                    }
                });
            ui.end_row();
            ui.label(t!(tr, "settings-memory"));
            egui::ComboBox::from_id_salt("tt")
                .selected_text(format!("{} MiB", s.tt_mib))
                .show_ui(ui, |ui| {
                    for mib in [16, 32, 64, 128, 256, 512, 1024] {
                        ui.selectable_value(&mut s.tt_mib, mib, format!("{mib} MiB"));
                    }
                })
                .response
                .on_hover_text(t!(tr, "settings-memory-hover"));
            ui.end_row();
            ui.label(t!(tr, "settings-threads"));
            let cores = crate::engine::Threads::available();
            egui::ComboBox::from_id_salt("threads")
                .selected_text(s.engine_threads.to_string())
                .show_ui(ui, |ui| {
                    for n in 1..=cores.max(s.engine_threads as usize) as u32 {
                        let label = if n as usize + 1 == cores {
                            t!(tr, "settings-threads-all-but-one", threads = n)
                        } else {
                            n.to_string()
                        };
                        ui.selectable_value(&mut s.engine_threads, n, label);
                    }
                })
                .response
                .on_hover_text(t!(tr, "settings-threads-hover", cores = cores));
            ui.end_row();
        });
    ui.label(egui::RichText::new(t!(tr, "settings-saved")).weak());
    if s != **settings {
        **settings = s;
    }
}

/// A pondering mode's message id in the settings window.
fn ponder_key(mode: PonderMode) -> &'static str {
    match mode {
        PonderMode::AllReplies => "ponder-all-replies",
        PonderMode::PredictedMove => "ponder-predicted",
    }
}

/// Rules and keyboard shortcuts; false once closed.
fn help_window(ctx: &egui::Context, tr: &Tr) -> bool {
    let mut open = true;
    egui::Window::new(t!(tr, "help-title"))
        .id(egui::Id::new("help_window"))
        .open(&mut open)
        .collapsible(false)
        .default_width(460.0)
        .show(ctx, |ui| help_text(ui, tr));
    open
}

/// The keys the help window lists, each with what it does: the key's name (a message id
/// where the name is a word) and the id of what it does.
const SHORTCUTS: [(&str, &str); 15] = [
    ("Ctrl+N", "shortcut-new"),
    ("Ctrl+Z", "shortcut-undo"),
    ("Ctrl+Y", "shortcut-redo"),
    ("Ctrl+C", "shortcut-copy"),
    ("Ctrl+V", "shortcut-paste"),
    ("H", "shortcut-hints"),
    ("M", "shortcut-sound"),
    ("key-arrows", "shortcut-arrows"),
    ("Tab, Shift+Tab", "shortcut-tab"),
    ("key-enter-space", "shortcut-enter"),
    ("key-delete", "shortcut-delete"),
    ("F1", "shortcut-f1"),
    ("F10", "shortcut-f10"),
    ("Esc", "shortcut-esc"),
    ("Ctrl+Plus, Ctrl+Minus", "shortcut-zoom"),
];

/// The rules and the shortcuts, as the help window shows them.
fn help_text(ui: &mut egui::Ui, tr: &Tr) {
    ui.heading(t!(tr, "help-rules"));
    ui.label(t!(tr, "help-rules-text"));
    ui.add_space(6.0);
    ui.heading(t!(tr, "help-playing"));
    ui.label(t!(tr, "help-playing-text"));
    ui.add_space(6.0);
    ui.heading(t!(tr, "help-shortcuts"));
    egui::Grid::new("shortcuts").num_columns(2).show(ui, |ui| {
        for (key, what) in SHORTCUTS {
            let key = if key.starts_with("key-") {
                tr.plain(key)
            } else {
                key.to_string()
            };
            ui.label(egui::RichText::new(key).monospace().strong());
            ui.label(tr.plain(what));
            ui.end_row();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs one frame of a menu bar with a Game menu under the first start's window,
    /// pressing `keys`; says whether the Game menu is open afterwards.
    fn welcome_frame(
        ctx: &egui::Context,
        w: &mut Welcome,
        keys: &[egui::Key],
    ) -> (WelcomeChoice, bool) {
        let events = keys
            .iter()
            .flat_map(|&key| {
                [true, false].map(|pressed| egui::Event::Key {
                    key,
                    physical_key: None,
                    pressed,
                    repeat: false,
                    modifiers: egui::Modifiers::NONE,
                })
            })
            .collect();
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1200.0, 800.0),
            )),
            events,
            ..egui::RawInput::default()
        };
        let tr = Tr::default();
        let levels = Levels(crate::engine::default_levels());
        ctx.begin_pass(input);
        let mut root = super::super::panels::root_ui(ctx);
        egui::Panel::top("menu_bar").show(&mut root, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("Game", |ui| {
                    let _ = ui.button("New game");
                });
            });
        });
        let choice = welcome_window(ctx, &tr, w, &levels);
        // The font atlas's uploads are for a renderer: none here.
        ctx.end_pass().textures_delta.clear();
        (choice, egui::Popup::is_any_open(ctx))
    }

    #[test]
    fn tab_stays_in_the_first_start_window() {
        use egui::Key::{Enter, Tab};
        // Tab k times, then Enter, for every k up to twice round the window's widgets.
        let outcomes: Vec<(WelcomeChoice, bool)> = (0..16)
            .map(|k| {
                let ctx = egui::Context::default();
                let mut w = Welcome {
                    color: Side::Black,
                    level: "Casual".into(),
                    hints: Hints::Off,
                };
                // The first frames lay the window out and focus Play.
                for _ in 0..3 {
                    welcome_frame(&ctx, &mut w, &[]);
                }
                for _ in 0..k {
                    let (choice, menu) = welcome_frame(&ctx, &mut w, &[Tab]);
                    assert_eq!((choice, menu), (WelcomeChoice::Open, false), "Tab {k}");
                }
                welcome_frame(&ctx, &mut w, &[Enter])
            })
            .collect();
        // Enter never opens the Game menu behind the window: the focus stays on its own
        // widgets (Play at first, the close button after it, then the choices and back).
        assert!(outcomes.iter().all(|&(_, menu)| !menu), "{outcomes:?}");
        assert_eq!(outcomes[0], (WelcomeChoice::Play, false));
        assert_eq!(outcomes[1], (WelcomeChoice::Close, false));
        let plays = outcomes
            .iter()
            .filter(|&&(choice, _)| choice == WelcomeChoice::Play)
            .count();
        assert!(
            plays >= 2,
            "Tab never came back round to Play: {outcomes:?}"
        );
    }

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
