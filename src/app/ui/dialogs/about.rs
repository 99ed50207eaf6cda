//! The About window: the version, the authors and the licences of every crate built in.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::i18n::Tr;
use crate::t;

/// Every crate the game is built from, with its version, licence and home
/// (`scripts/licenses.sh` writes it from `cargo metadata`).
pub(super) const CRATE_LICENSES: &str = include_str!("../../../../assets/licenses.txt");

/// About the game; false once closed.
pub(super) fn about_window(ctx: &egui::Context, tr: &Tr) -> bool {
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
