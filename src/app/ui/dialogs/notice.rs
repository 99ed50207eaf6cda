//! The notice window: what went wrong with a file or a command, until it is read.

use bevy_egui::egui;

use crate::app::i18n::Tr;
use crate::app::notices::Notices;
use crate::t;

/// The oldest notice, until the player dismisses it.
pub(super) fn notice_window(ctx: &egui::Context, tr: &Tr, notices: &mut Notices) {
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
