//! The UI's fonts: egui's own (Latin, Greek, Cyrillic: English, Polish, Ukrainian) and,
//! behind them for the characters they lack, Noto Sans CJK JP (SIL Open Font License 1.1)
//! cut down to what the Japanese translation uses: `assets/fonts/NotoSansCJKjp-subset.otf`,
//! written by `scripts/subset-cjk-font.sh` (run it after changing `i18n/ja/`).

use std::collections::BTreeSet;
use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::app::i18n::{Language, Tr};

/// The Japanese font's subset.
const CJK_FONT: &[u8] = include_bytes!("../../../assets/fonts/NotoSansCJKjp-subset.otf");

/// The font's name among egui's fonts.
const CJK_NAME: &str = "noto-sans-cjk-jp-subset";

/// egui's fonts with the Japanese one behind them in both families.
pub(super) fn definitions() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        CJK_NAME.into(),
        Arc::new(egui::FontData::from_static(CJK_FONT)),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push(CJK_NAME.into());
    }
    fonts
}

/// The sizes the UI draws text at besides egui's text styles: the disc counts, the turn line
/// and the clocks (`panels/`).
const OWN_SIZES: [(f32, bool); 3] = [(24.0, false), (16.0, false), (18.0, true)];

/// Each character `language`'s messages (and English's, the fallback) can show, and
/// printable ASCII (moves, numbers, file names), once each.
fn glyph_text(language: Language) -> String {
    let ascii = (' '..='~').collect::<String>();
    let mut chars = BTreeSet::new();
    for text in [ascii.as_str()]
        .into_iter()
        .chain(Language::English.files())
        .chain(language.files())
    {
        chars.extend(
            text.chars()
                .filter(|c| !c.is_whitespace() && !c.is_control()),
        );
    }
    chars.into_iter().collect()
}

/// What [`warm_glyphs`] last drew for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Warmed {
    pixels_per_point: f32,
    language: Language,
    /// How full the atlas was then; less now means egui made a new one.
    fill: f32,
}

/// Draws every glyph the UI may need, at every size it uses, into egui's font atlas before
/// it is needed: rasterizing a glyph the first time costs tens of microseconds, so a frame
/// that brings much new text (a game loaded, a new mode) took over a millisecond. Again
/// after a change of language or text scale, or when egui starts a new atlas.
pub(super) fn warm_glyphs(
    mut contexts: EguiContexts,
    tr: Res<Tr>,
    mut warmed: Local<Option<Warmed>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (fill, binning, has_cjk) = ctx.fonts(|f| {
        (
            f.font_atlas_fill_ratio(),
            f.options().subpixel_binning,
            f.definitions().font_data.contains_key(CJK_NAME),
        )
    });
    // Wait for our fonts and text options (`style_egui`) to reach the atlas.
    if binning || !has_cjk {
        return Ok(());
    }
    let now = Warmed {
        pixels_per_point: ctx.pixels_per_point(),
        language: tr.language(),
        fill,
    };
    if let Some(last) = *warmed
        && last.pixels_per_point == now.pixels_per_point
        && last.language == now.language
        && now.fill >= last.fill
    {
        return Ok(());
    }
    let text = glyph_text(now.language);
    let mut fonts: Vec<egui::FontId> = ctx.global_style().text_styles.values().cloned().collect();
    fonts.extend(OWN_SIZES.iter().map(|&(size, mono)| {
        if mono {
            egui::FontId::monospace(size)
        } else {
            egui::FontId::proportional(size)
        }
    }));
    ctx.fonts_mut(|f| {
        for font in fonts {
            f.layout_no_wrap(text.clone(), font, egui::Color32::WHITE);
        }
    });
    *warmed = Some(Warmed {
        fill: ctx.fonts(|f| f.font_atlas_fill_ratio()),
        ..now
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use bevy_egui::egui::epaint::text::{Fonts, TextOptions};

    use super::*;
    use crate::app::i18n::{Language, PARTS};

    /// The characters of every message of `language` that `fonts` cannot draw.
    fn missing(fonts: &mut Fonts, language: Language) -> String {
        let font = egui::FontId::proportional(14.0);
        let mut missing = String::new();
        for text in language.files() {
            // The whole file: messages, variants and comments alike.
            for c in text.chars().filter(|c| !c.is_control()) {
                if !fonts.has_glyph(&font, c) && !missing.contains(c) {
                    missing.push(c);
                }
            }
        }
        missing
    }

    /// Each language's files, and each language's own name in the language menu, have a
    /// glyph for every character; without the subset, Japanese would not.
    #[test]
    fn every_language_s_text_has_glyphs() {
        assert_eq!(PARTS.len(), Language::English.files().len());
        let mut fonts = Fonts::new(TextOptions::default(), definitions());
        for language in Language::ALL {
            assert_eq!(
                missing(&mut fonts, language),
                "",
                "{}: run scripts/subset-cjk-font.sh",
                language.code()
            );
            let name = egui::FontId::proportional(14.0);
            assert!(fonts.has_glyphs(&name, language.native_name()));
        }
        let mut plain = Fonts::new(TextOptions::default(), egui::FontDefinitions::default());
        assert!(missing(&mut plain, Language::Japanese).chars().count() > 100);
        assert_eq!(missing(&mut plain, Language::Ukrainian), "");
    }
}
