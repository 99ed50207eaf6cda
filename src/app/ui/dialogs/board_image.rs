//! The Board image window (Game > Board as image...; issue 74): the position on show as a
//! picture, with or without the coordinates, the hints and the last move, at a size chosen;
//! copied to the clipboard or saved as PNG. The preview follows the board while the window
//! is open, so the player can step through a game and copy each diagram.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy_egui::egui;

use crate::app::files::settings::Settings;
use crate::app::play::board_image::{Picture, Rendered, SIZES, render};
use crate::app::ui::view::{GameView, Requests};
use crate::t;

/// The preview's side in pixels.
const PREVIEW: u32 = 320;

/// What a full-size picture is drawn for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// The clipboard.
    Copy,
    /// A PNG file.
    Save,
}

/// A full-size picture being drawn (and, to save, encoded) on the task pool: at 1600 px
/// that takes about a seventh of a second, which no frame waits for.
struct Drawing {
    purpose: Purpose,
    task: Task<(Rendered, Result<Vec<u8>, String>)>,
}

/// The preview's texture and the picture it shows, and a full-size picture being drawn.
#[derive(Resource, Default)]
pub(in crate::app::ui) struct ImagePreview {
    shown: Option<(Picture, egui::TextureHandle)>,
    drawing: Option<Drawing>,
}

impl ImagePreview {
    /// Starts drawing `picture` at full size for `purpose`.
    fn draw(&mut self, picture: Picture, purpose: Purpose) {
        let task = AsyncComputeTaskPool::get().spawn(async move {
            let image = render(&picture);
            let png = match purpose {
                Purpose::Save => image.png(),
                Purpose::Copy => Ok(Vec::new()),
            };
            (image, png)
        });
        self.drawing = Some(Drawing { purpose, task });
    }

    /// Hands a finished picture to the clipboard or the file prompt.
    fn finish(&mut self, ctx: &egui::Context, tr: &crate::app::i18n::Tr, requests: &mut Requests) {
        let Some(drawing) = self.drawing.as_mut() else {
            return;
        };
        let Some((image, png)) = block_on(poll_once(&mut drawing.task)) else {
            // Look again next frame, even if nothing else moves.
            ctx.request_repaint();
            return;
        };
        let purpose = drawing.purpose;
        self.drawing = None;
        match (purpose, png) {
            (Purpose::Copy, _) => {
                ctx.copy_image(color_image(&image));
                requests.say = Some(t!(tr, "image-copied", size = image.size));
            }
            (Purpose::Save, Ok(png)) => requests.save_image = Some(png),
            (Purpose::Save, Err(e)) => requests.say = Some(t!(tr, "file-save-failed", error = e)),
        }
    }
}

/// A drawn picture as egui's image.
fn color_image(image: &Rendered) -> egui::ColorImage {
    let side = image.size as usize;
    egui::ColorImage::from_rgba_unmultiplied([side, side], &image.rgba)
}

/// Shows the window; false once closed.
pub(super) fn board_image_window(
    ctx: &egui::Context,
    view: &GameView,
    settings: &mut ResMut<Settings>,
    preview: &mut ImagePreview,
    requests: &mut Requests,
) -> bool {
    let tr = &*view.tr;
    let mut open = true;
    let picture = Picture::of(
        &view.m,
        &view.hints,
        &view.book.book,
        settings.board_image,
        settings.theme,
    );
    let mut options = settings.board_image;
    let small = Picture {
        size: PREVIEW,
        ..picture.clone()
    };
    if preview.shown.as_ref().is_none_or(|(p, _)| *p != small) {
        let texture = ctx.load_texture(
            "board-image-preview",
            color_image(&render(&small)),
            egui::TextureOptions::LINEAR,
        );
        preview.shown = Some((small, texture));
    }
    egui::Window::new(t!(tr, "image-title"))
        .id(egui::Id::new("board_image_window"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_pos(egui::pos2(80.0, 60.0))
        .show(ctx, |ui| {
            if let Some((_, texture)) = &preview.shown {
                let side = PREVIEW as f32;
                ui.image((texture.id(), egui::vec2(side, side)));
            }
            ui.horizontal(|ui| {
                ui.checkbox(&mut options.coordinates, t!(tr, "image-coordinates"));
                ui.checkbox(&mut options.hints, t!(tr, "image-hints"))
                    .on_hover_text(t!(tr, "image-hints-tip"));
                ui.checkbox(&mut options.last_move, t!(tr, "image-last-move"));
            });
            ui.horizontal(|ui| {
                ui.label(t!(tr, "image-size"));
                for size in SIZES {
                    ui.selectable_value(&mut options.size, size, format!("{size}"));
                }
                ui.label(t!(tr, "image-pixels"));
            });
            ui.horizontal(|ui| {
                let idle = preview.drawing.is_none();
                if ui
                    .add_enabled(idle, egui::Button::new(t!(tr, "image-copy")))
                    .clicked()
                {
                    preview.draw(picture.clone(), Purpose::Copy);
                }
                if ui
                    .add_enabled(idle, egui::Button::new(t!(tr, "image-save")))
                    .clicked()
                {
                    preview.draw(picture.clone(), Purpose::Save);
                }
                if !idle {
                    ui.spinner();
                }
            });
        });
    preview.finish(ctx, tr, requests);
    // The settings change (and are saved) only when an option does.
    if options != settings.board_image {
        settings.board_image = options;
    }
    open
}
