//! The Board image window (Game > Board as image...; issue 74): the position on show as a
//! picture, with or without the coordinates, the hints and the last move, at a size chosen;
//! copied to the clipboard or saved as PNG. The preview follows the board while the window
//! is open, so the player can step through a game and copy each diagram.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::files::settings::Settings;
use crate::app::play::board_image::{Picture, Rendered, SIZES, render};
use crate::app::ui::view::{GameView, Requests};
use crate::t;

/// The preview's side in pixels.
const PREVIEW: u32 = 320;

/// The preview's texture and the picture it shows.
#[derive(Resource, Default)]
pub(in crate::app::ui) struct ImagePreview {
    shown: Option<(Picture, egui::TextureHandle)>,
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
                if ui.button(t!(tr, "image-copy")).clicked() {
                    let image = render(&picture);
                    ctx.copy_image(color_image(&image));
                    requests.say = Some(t!(tr, "image-copied", size = image.size));
                }
                if ui.button(t!(tr, "image-save")).clicked() {
                    match render(&picture).png() {
                        Ok(png) => requests.save_image = Some(png),
                        Err(e) => requests.say = Some(t!(tr, "file-save-failed", error = e)),
                    }
                }
            });
        });
    // The settings change (and are saved) only when an option does.
    if options != settings.board_image {
        settings.board_image = options;
    }
    open
}
