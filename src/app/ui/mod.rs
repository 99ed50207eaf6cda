//! The egui interface, built each frame in egui's pass: `shortcuts.rs` (the keyboard),
//! `panels/` (menu bar, side panel, status line), `dialogs.rs` (the windows, one function
//! each) and here the toasts. The UI changes the game only through `CommandIssued` messages
//! (read in the next frame's `Update`) and the settings only through [`Settings`]; what the
//! UI systems read is `GameView`, what they ask for goes out through `UiOutputs` (both in
//! `view.rs`, the vocabulary of these files, with `Dialogs`, the windows open).
//!
//! Two windows live with their features: the open/save prompt in `files.rs` and the
//! designer's broken files in `designer/`.

mod dialogs;
mod fonts;
mod panels;
mod shortcuts;
mod view;

use bevy::a11y::AccessibilityRequested;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use self::view::{Dialogs, Welcome};

use super::files::settings::{FirstStart, Settings};
use super::i18n::{Tr, side_id};
use super::modal::ModalOpen;
use super::notices::{Notices, Toasts};
use super::play::game::Match;
use super::study::graph::ScoreHistory;
use super::study::review::{GameReview, ReviewRequested};
use crate::t;

/// Opens the first start's window, with the settings' choices (the defaults) chosen.
fn open_welcome(
    first: Option<Res<FirstStart>>,
    settings: Res<Settings>,
    mut dialogs: ResMut<Dialogs>,
) {
    if first.is_some_and(|f| f.0) {
        dialogs.welcome = Some(Welcome {
            color: settings.human_color,
            level: settings.level.clone(),
            hints: settings.hints_vs_engine,
        });
    }
}

/// Saves the settings once the first start's window closes, however it closes (Play, its
/// close button, Esc), so that it shows only once even when nothing was changed.
fn save_when_welcomed(
    dialogs: Res<Dialogs>,
    mut settings: ResMut<Settings>,
    mut was_open: Local<bool>,
) {
    let open = dialogs.welcome.is_some();
    if *was_open && !open {
        settings.set_changed();
    }
    *was_open = open;
}

/// Tells the rest of the game whether a window that may change the game is open.
fn publish_modal(dialogs: Res<Dialogs>, mut modal: ResMut<ModalOpen>) {
    modal.set_if_neq(ModalOpen(dialogs.may_change_game()));
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notices>()
        .init_resource::<Tr>()
        .init_resource::<GameReview>()
        .init_resource::<ScoreHistory>()
        .add_message::<ReviewRequested>()
        .init_resource::<Dialogs>()
        .init_resource::<dialogs::ImagePreview>()
        .init_resource::<Toasts>()
        .init_resource::<ModalOpen>()
        .add_systems(Startup, (style_egui, open_welcome))
        .add_systems(
            PreUpdate,
            shortcuts::take_board_tab
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        )
        .add_systems(
            Update,
            (
                publish_modal
                    .after(super::schedule::GameSystems::Logic)
                    .before(super::schedule::GameSystems::Engine),
                accesskit_on_demand.run_if(resource_exists::<AccessibilityRequested>),
            ),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                apply_text_scale,
                fonts::warm_glyphs,
                shortcuts::read_shortcuts,
                panels::draw_panels,
                dialogs::draw_dialogs,
                save_when_welcomed,
                draw_toasts,
            )
                .chain()
                .in_set(super::schedule::GameSystems::Ui),
        );
}

/// Shows the toasts above the status line, left of the side panel, each for a few
/// seconds.
fn draw_toasts(mut contexts: EguiContexts, mut toasts: ResMut<Toasts>, time: Res<Time>) -> Result {
    if toasts.0.is_empty() {
        return Ok(());
    }
    let now = time.elapsed_secs();
    toasts
        .0
        .retain(|t| t.until_s.is_none_or(|until| until > now));
    let ctx = contexts.ctx_mut()?;
    egui::Area::new("toasts".into())
        .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-306.0, -36.0))
        .interactable(false)
        .show(ctx, |ui| {
            for toast in &mut toasts.0 {
                toast.until_s.get_or_insert(now + Toasts::SHOW_S);
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    // One line: an area anchored at the right starts with almost no width,
                    // and a wrapping label there stood one letter a line.
                    ui.add(egui::Label::new(toast.text.as_str()).extend());
                });
            }
        });
    // Redraw while a toast shows, so that it goes on time even with no input.
    ctx.request_repaint();
    Ok(())
}

/// Sets egui's zoom to the settings' text scale; a zoom the player made with egui's own keys
/// (Ctrl+Plus, Ctrl+Minus, Ctrl+0) goes into the settings, so that it is kept.
fn apply_text_scale(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    mut applied: Local<Option<f32>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let zoom = ctx.zoom_factor();
    if let Some(last) = *applied
        && (zoom - last).abs() > 1e-3
    {
        let percent = (zoom * 100.0).round().clamp(50.0, 300.0) as u16;
        if settings.text_scale_percent != percent {
            settings.text_scale_percent = percent;
        }
    }
    let wanted = settings.ui_zoom();
    if (zoom - wanted).abs() > 1e-3 {
        ctx.set_zoom_factor(wanted);
    }
    *applied = Some(wanted);
    Ok(())
}

/// Lets egui build its AccessKit tree only while assistive technology asks for it: bevy_egui
/// turns it on for every window (winit gives every window an adapter), and building it costs
/// every frame whether or not a screen reader listens.
fn accesskit_on_demand(requested: Res<AccessibilityRequested>, mut contexts: EguiContexts) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    if requested.get() {
        ctx.enable_accesskit();
    } else {
        ctx.disable_accesskit();
    }
}

/// Gives egui its fonts (with Japanese) and a slightly roomier look than its defaults,
/// once its context exists.
fn style_egui(mut contexts: EguiContexts, mut done: Local<bool>) {
    if *done {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    *done = true;
    ctx.set_fonts(fonts::definitions());
    ctx.set_visuals(egui::Visuals::dark());
    ctx.global_style_mut(|style| {
        // Each glyph drawn once a size rather than at four sub-pixel offsets: sharper
        // text, and a quarter of the atlas for `fonts::warm_glyphs` to fill ahead of time.
        style.visuals.text_options.subpixel_binning = false;
        style.spacing.item_spacing = egui::vec2(8.0, 6.0);
        style.spacing.button_padding = egui::vec2(8.0, 3.0);
    });
}

/// The transcript to copy, and the status line about it.
pub(super) fn copy_transcript(m: &Match, tr: &Tr) -> (String, String) {
    let transcript = m.game.transcript();
    let what = if transcript.is_empty() {
        t!(tr, "status-empty-transcript")
    } else {
        t!(tr, "status-transcript-copied", moves = transcript.len() / 2)
    };
    (transcript, what)
}

/// The label of the level playing (`level`: the player's, or a practice position's
/// opponent), colour and mode, e.g. "You (Black) vs engine (White), level Casual".
pub(super) fn match_label(settings: &Settings, level: &str, tr: &Tr) -> String {
    use super::files::settings::Mode;
    let other = &settings.other_engine;
    let other_plays = other.in_use() && other.plays;
    let level = if other_plays && settings.mode == Mode::HumanVsEngine {
        t!(tr, "match-level-other", name = other.shown_name())
    } else {
        tr.level_name(level)
    };
    if other_plays && settings.mode == Mode::EngineVsEngine {
        return t!(
            tr,
            "match-engines-other",
            level = level,
            name = other.shown_name()
        );
    }
    match settings.mode {
        Mode::HumanVsEngine => t!(
            tr,
            "match-vs-engine",
            side = side_id(settings.human_color),
            level = level
        ),
        Mode::HumanVsHuman => t!(tr, "match-humans"),
        Mode::EngineVsEngine => t!(tr, "match-engines", level = level),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::files::settings::Hints;

    #[test]
    fn the_match_label_names_another_program_that_plays() {
        use crate::app::files::settings::{Mode, OtherEngineSetup};
        let tr = Tr::default();
        let mut settings = Settings::default();
        assert_eq!(
            match_label(&settings, &settings.level, &tr),
            "You (Black) vs engine (White), level Casual"
        );
        assert_eq!(
            match_label(&settings, "Strongest", &tr),
            "You (Black) vs engine (White), level Strongest"
        );
        settings.other_engine = OtherEngineSetup {
            command: "ntest x".into(),
            name: "NTest".into(),
            plays: true,
            ..OtherEngineSetup::default()
        };
        assert_eq!(
            match_label(&settings, &settings.level, &tr),
            "You (Black) vs engine (White), level NTest (another program)"
        );
        settings.mode = Mode::EngineVsEngine;
        assert_eq!(
            match_label(&settings, &settings.level, &tr),
            "Engine vs engine: Casual (Black) vs NTest (White)"
        );
        // Giving the hints only, it plays no side.
        settings.other_engine.plays = false;
        settings.other_engine.hints = true;
        assert_eq!(
            match_label(&settings, &settings.level, &tr),
            "Engine vs engine, level Casual"
        );
    }

    #[test]
    fn the_settings_are_saved_when_the_welcome_closes_by_esc() {
        let dir = crate::app::temp_dir::TempDir::new("ui-welcome-save");
        let file = dir.0.join("settings.ron");
        let mut app = App::new();
        app.insert_resource(crate::app::run_options::RunOptions {
            settings_dir: Some(dir.0.clone()),
            ..Default::default()
        })
        .init_resource::<Notices>()
        .init_resource::<Dialogs>()
        .add_plugins(crate::app::files::settings::plugin)
        .add_systems(Startup, open_welcome)
        .add_systems(Update, save_when_welcomed);
        app.update();
        app.update();
        assert!(app.world().resource::<Dialogs>().welcome.is_some());
        assert!(!file.exists(), "nothing saved while it is open");
        // Esc, as `read_shortcuts` does it.
        assert!(app.world_mut().resource_mut::<Dialogs>().close_one());
        app.update();
        assert!(file.exists(), "saved once closed");
    }

    #[test]
    fn the_welcome_opens_on_the_first_start_only_and_esc_closes_it() {
        for first in [true, false] {
            let mut app = App::new();
            app.insert_resource(FirstStart(first))
                .insert_resource(Settings::default())
                .init_resource::<Dialogs>()
                .add_systems(Startup, open_welcome);
            app.update();
            let mut dialogs = app.world_mut().resource_mut::<Dialogs>();
            let expected = first.then(|| Welcome {
                color: crate::engine::Side::Black,
                level: "Casual".into(),
                hints: Hints::Off,
            });
            assert_eq!(dialogs.welcome, expected);
            assert_eq!(dialogs.any_open(), first);
            assert_eq!(dialogs.may_change_game(), first);
            assert_eq!(dialogs.close_one(), first);
            assert_eq!(dialogs.welcome, None);
        }
    }

    #[test]
    fn the_modal_flag_follows_the_windows_that_may_change_the_game() {
        let mut app = App::new();
        app.init_resource::<Dialogs>()
            .init_resource::<ModalOpen>()
            .add_systems(Update, publish_modal);
        let modal = |app: &App| app.world().resource::<ModalOpen>().0;
        app.update();
        assert!(!modal(&app));
        app.world_mut().resource_mut::<Dialogs>().menu = true;
        app.update();
        assert!(modal(&app));
        // Help and About change nothing in the game: the engine may go on.
        let mut dialogs = app.world_mut().resource_mut::<Dialogs>();
        dialogs.menu = false;
        dialogs.help = true;
        dialogs.about = true;
        app.update();
        assert!(!modal(&app));
        app.world_mut().resource_mut::<Dialogs>().paste = Some(String::new());
        app.update();
        assert!(modal(&app));
    }
}
