//! The Settings window: every setting of the game in one grid.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::engine::{ADAPTIVE, PonderMode, RatingModel, Side, adaptive_level};

use crate::app::clock::TimeControl;
use crate::app::engine_config::Levels;
use crate::app::files::settings::BoardTheme;
use crate::app::files::settings::Mode;
use crate::app::files::settings::{
    AnimationSpeed, HintStrength, Hints, OtherEngineSetup, Settings,
};
use crate::app::i18n::{Language, Tr};
use crate::app::play::other_engine::{OtherEngine, TestState};
use crate::t;

/// The settings window; false once closed.
pub(super) fn settings_window(
    ctx: &egui::Context,
    tr: &Tr,
    settings: &mut ResMut<Settings>,
    levels: &Levels,
    hints_ms: u64,
    other: &mut OtherEngine,
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
                .show(ui, |ui| {
                    settings_grid(ui, tr, settings, levels, hints_ms, other)
                });
        });
    open
}

/// The settings window's contents. Only real changes mark the settings changed (and so
/// saved).
pub(super) fn settings_grid(
    ui: &mut egui::Ui,
    tr: &Tr,
    settings: &mut ResMut<Settings>,
    levels: &Levels,
    hints_ms: u64,
    other: &mut OtherEngine,
) {
    let mut s = settings.clone();
    egui::Grid::new("settings")
        .num_columns(2)
        .spacing([16.0, 8.0])
        .show(ui, |ui| {
            language_row(ui, tr, &mut s);
            match_rows(ui, tr, &mut s, levels);
            play_rows(ui, tr, &mut s, hints_ms);
            look_rows(ui, tr, &mut s);
            engine_rows(ui, tr, &mut s);
            other_engine_rows(ui, tr, &mut s.other_engine, other);
        });
    ui.label(egui::RichText::new(t!(tr, "settings-saved")).weak());
    if s != **settings {
        **settings = s;
    }
}

/// The language: the system's or one of the translations.
fn language_row(ui: &mut egui::Ui, tr: &Tr, s: &mut Settings) {
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
}

/// Who plays: the game's mode, the player's colour and the engine's level.
fn match_rows(ui: &mut egui::Ui, tr: &Tr, s: &mut Settings, levels: &Levels) {
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
                ui.selectable_value(
                    &mut s.level,
                    ADAPTIVE.to_string(),
                    t!(
                        tr,
                        "adaptive-item",
                        rating = format!("{:.0}", s.adaptive_rating)
                    ),
                );
            });
        let about = if s.level == ADAPTIVE {
            let rating = format!("{:.0}", s.adaptive_rating);
            match adaptive_level(&levels.0, RatingModel::shipped(), s.adaptive_rating).plays_like {
                Some(elo) => t!(
                    tr,
                    "adaptive-about-people",
                    rating = rating,
                    elo = elo.to_string()
                ),
                None => t!(tr, "adaptive-about", rating = rating),
            }
        } else {
            let level = levels.named(&s.level);
            tr.level_about(&level.name, &level.description)
        };
        ui.label(egui::RichText::new(about).weak());
    });
    ui.end_row();
}

/// What the game does around the play: hints, clocks, the designer's view, file dialogs,
/// learning the book and pondering.
fn play_rows(ui: &mut egui::Ui, tr: &Tr, s: &mut Settings, hints_ms: u64) {
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
    ui.label(t!(tr, "settings-hint-strength"));
    ui.vertical(|ui| {
        ui.horizontal(|ui| {
            for strength in HintStrength::ALL {
                ui.radio_value(&mut s.hint_strength, strength, tr.plain(strength.key()));
            }
        });
        let seconds = s.hint_strength.hints_ms(hints_ms) as f64 / 1000.0;
        let about = match s.hint_strength {
            HintStrength::Quick => t!(tr, "hint-strength-quick-about", seconds = seconds),
            HintStrength::Normal => t!(tr, "hint-strength-normal-about", seconds = seconds),
            HintStrength::Deep => t!(tr, "hint-strength-deep-about", seconds = seconds),
        };
        ui.label(egui::RichText::new(about).weak());
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
}

/// How the game looks and sounds: animation, sound, text size and the board.
fn look_rows(ui: &mut egui::Ui, tr: &Tr, s: &mut Settings) {
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
}

/// What the engine may use: its table's memory and its threads.
fn engine_rows(ui: &mut egui::Ui, tr: &Tr, s: &mut Settings) {
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
}

/// Another program: its command, name, depth, roles and time limit, and a Test button that
/// starts it and asks for a move (in the background: the window stays live).
fn other_engine_rows(
    ui: &mut egui::Ui,
    tr: &Tr,
    setup: &mut OtherEngineSetup,
    other: &mut OtherEngine,
) {
    let line = |ui: &mut egui::Ui, text: &mut String, hint: String| {
        ui.add(
            egui::TextEdit::singleline(text)
                .hint_text(hint)
                .desired_width(260.0),
        );
        ui.end_row();
    };
    ui.label(t!(tr, "settings-other-engine"))
        .on_hover_text(t!(tr, "settings-other-engine-hover"));
    line(
        ui,
        &mut setup.command,
        t!(tr, "settings-other-engine-placeholder"),
    );
    ui.label(t!(tr, "settings-other-name"));
    line(
        ui,
        &mut setup.name,
        t!(tr, "settings-other-name-placeholder"),
    );
    ui.label(t!(tr, "settings-other-depth"));
    ui.horizontal(|ui| {
        ui.add(egui::DragValue::new(&mut setup.depth).range(1..=60));
        ui.label(t!(tr, "settings-other-timeout"));
        ui.add(egui::DragValue::new(&mut setup.timeout_s).range(1..=3600));
        ui.label(t!(tr, "settings-other-timeout-value"));
    });
    ui.end_row();
    ui.label("");
    ui.horizontal(|ui| {
        ui.checkbox(&mut setup.plays, t!(tr, "settings-other-plays"))
            .on_hover_text(t!(tr, "settings-other-plays-hover"));
        ui.checkbox(&mut setup.hints, t!(tr, "settings-other-hints"));
    });
    ui.end_row();
    ui.label("");
    ui.horizontal(|ui| {
        let running = other.test == TestState::Running;
        let can_test = !running && !setup.command.trim().is_empty();
        if ui
            .add_enabled(can_test, egui::Button::new(t!(tr, "settings-other-test")))
            .clicked()
        {
            other.ask_test();
        }
        if running {
            ui.spinner();
            ui.label(t!(tr, "settings-other-testing"));
        }
    });
    ui.end_row();
    // What the test found, wrapped within the window.
    let said = match &other.test {
        TestState::Passed(text) => Some((text, egui::Color32::from_rgb(120, 200, 120))),
        TestState::Failed(text) => Some((text, egui::Color32::from_rgb(255, 110, 100))),
        TestState::Untried | TestState::Running => None,
    };
    if let Some((text, color)) = said {
        ui.label("");
        ui.vertical(|ui| {
            ui.set_max_width(290.0);
            ui.add(egui::Label::new(egui::RichText::new(text).color(color)).wrap());
        });
        ui.end_row();
    }
}

/// A pondering mode's message id in the settings window.
pub(super) fn ponder_key(mode: PonderMode) -> &'static str {
    match mode {
        PonderMode::AllReplies => "ponder-all-replies",
        PonderMode::PredictedMove => "ponder-predicted",
    }
}
