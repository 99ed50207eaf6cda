//! The UI's fonts: egui's own (Latin, Greek, Cyrillic: English, Polish, Ukrainian) and,
//! behind them for the characters they lack, Noto Sans CJK JP (SIL Open Font License 1.1)
//! cut down to what the Japanese translation uses: `assets/fonts/NotoSansCJKjp-subset.otf`,
//! written by `scripts/subset-cjk-font.sh` (run it after changing `i18n/ja/`).

use std::sync::Arc;

use bevy_egui::egui;

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

#[cfg(test)]
mod tests {
    use bevy_egui::egui::epaint::text::{Fonts, TextOptions};

    use super::super::super::i18n::{Language, PARTS};
    use super::*;

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
