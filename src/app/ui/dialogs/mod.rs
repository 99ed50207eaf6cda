//! The windows, a file each: settings, the first start, rules and shortcuts (help), about,
//! the quick menu opened with Esc, paste, practice, the opening book, the game database,
//! the library of games played, the board as an image, notices and game over. `draw_dialogs` shows those
//! that are open.

mod about;
mod board_image;
mod book;
mod database;
mod game_over;
mod help;
mod library;
mod menu;
mod notice;
mod paste;
mod practice;
mod settings;
mod welcome;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiClipboard, EguiContexts};

use super::view::{Dialogs, GameView, Requests, UiOutputs};
use crate::app::coach::practice::PracticeAction;
use crate::app::files::settings::Mode;
use crate::app::files::settings::Settings;
use crate::app::messages::Command;
use crate::app::notices::Notices;
use crate::app::play::other_engine::OtherEngine;
use about::about_window;
pub(super) use board_image::ImagePreview;
use board_image::board_image_window;
use book::book_window;
use database::database_window;
use game_over::game_over_window;
use help::help_window;
use library::library_window;
use menu::menu_window;
use notice::notice_window;
use paste::paste_window;
use practice::practice_window;
use settings::settings_window;
use welcome::{WelcomeChoice, welcome_window};

/// What some windows keep or change besides the settings: the notices, the clipboard, the
/// board image's preview and the other engine's test.
#[derive(SystemParam)]
pub(super) struct WindowParts<'w> {
    notices: ResMut<'w, Notices>,
    clipboard: ResMut<'w, EguiClipboard>,
    preview: ResMut<'w, ImagePreview>,
    other: ResMut<'w, OtherEngine>,
}

/// Builds every open window.
pub(super) fn draw_dialogs(
    mut contexts: EguiContexts,
    view: GameView,
    mut dialogs: ResMut<Dialogs>,
    mut settings: ResMut<Settings>,
    mut parts: WindowParts,
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
        let hints_ms = view.config.set.search.time.hints_ms;
        dialogs.settings = settings_window(
            &ctx,
            tr,
            &mut settings,
            &view.levels,
            hints_ms,
            &mut parts.other,
        );
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
        dialogs.paste = paste_window(&ctx, tr, text, &mut parts.clipboard, &mut requests);
    }
    if dialogs.practice {
        dialogs.practice = practice_window(
            &ctx,
            &view,
            &mut settings.practice_opponent,
            &mut requests.practice,
        );
        // A position to play goes on the game's board: the window makes way.
        if requests.practice.iter().any(|a| {
            matches!(
                a,
                PracticeAction::PlayPosition { .. } | PracticeAction::Drill(_)
            )
        }) {
            dialogs.practice = false;
        }
    }
    if dialogs.book {
        dialogs.book = book_window(&ctx, &view, &mut requests);
    }
    if dialogs.database {
        dialogs.database = database_window(&ctx, &view, &mut requests);
    }
    if dialogs.library {
        dialogs.library = library_window(&ctx, &view, &mut requests);
    }
    if dialogs.board_image {
        dialogs.board_image = board_image_window(
            &ctx,
            &view,
            &mut settings,
            &mut parts.preview,
            &mut requests,
        );
    }
    if !parts.notices.0.is_empty() {
        notice_window(&ctx, tr, &mut parts.notices);
    }
    let m = &*view.m;
    if dialogs.game_over_open(m) {
        game_over_window(
            &ctx,
            tr,
            m,
            &settings,
            &view.practice,
            &mut dialogs,
            &mut requests,
        );
    }
    outputs.apply(requests, &ctx);
    Ok(())
}
