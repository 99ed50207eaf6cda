//! The first start's window: your colour, the engine's strength and the hints, in one step.

use bevy_egui::egui;

use crate::engine::Side;

use crate::app::engine_config::Levels;
use crate::app::files::settings::Hints;
use crate::app::i18n::Tr;
use crate::app::ui::view::Welcome;
use crate::t;

/// What the player did with the first start's window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum WelcomeChoice {
    /// Nothing yet.
    Open,
    /// Play with the choices.
    Play,
    /// Closed: keep the settings as they are.
    Close,
}

/// The first start's window: the player's colour, the engine's strength in plain words
/// (the levels' own descriptions, on a slider from easiest to strongest) and the hints.
pub(super) fn welcome_window(
    ctx: &egui::Context,
    tr: &Tr,
    w: &mut Welcome,
    levels: &Levels,
) -> WelcomeChoice {
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
        let mut root = crate::app::ui::panels::root_ui(ctx);
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
}
