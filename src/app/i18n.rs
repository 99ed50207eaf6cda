//! The game's words in the player's language.
//!
//! Every user-facing string lives in Fluent files, `i18n/<code>/<part>.ftl`, one set per
//! [`Language`], embedded in the binary. Code asks for a message by its id through the
//! [`t!`](crate::t) macro and the [`Tr`] resource: `t!(tr, "status-undone")` or
//! `t!(tr, "review-progress", done = 3, total = 30)`. Fluent picks plural forms by the
//! language's CLDR rules (Polish and Ukrainian have four); numbers are written the
//! language's way by [`Tr::decimal`] and the bundles' formatters (a decimal comma and
//! spaced thousands in Polish and Ukrainian). A message missing from a translation, or
//! failing in it, falls back to English; the test
//! `every_language_has_every_message_with_the_same_arguments` keeps that for accidents. Language names are written in their own language and never
//! translated, so a player can always find theirs.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use bevy::prelude::*;

use crate::engine::{Ply, Side};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::{FluentNumber, FluentNumberOptions};
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// A language the game speaks.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Language {
    /// English, the source of every other file and the fallback.
    #[default]
    #[serde(rename = "en")]
    English,
    /// Polski.
    #[serde(rename = "pl")]
    Polish,
    /// Українська.
    #[serde(rename = "uk")]
    Ukrainian,
    /// 日本語.
    #[serde(rename = "ja")]
    Japanese,
}

/// The parts each language's folder holds, `i18n/<code>/<part>.ftl`.
pub(super) const PARTS: [&str; 5] = ["game", "panels", "dialogs", "settings", "designer"];

/// The Fluent text of each language's parts, in [`PARTS`]' order.
macro_rules! language_files {
    ($code:literal) => {
        [
            include_str!(concat!("../../i18n/", $code, "/game.ftl")),
            include_str!(concat!("../../i18n/", $code, "/panels.ftl")),
            include_str!(concat!("../../i18n/", $code, "/dialogs.ftl")),
            include_str!(concat!("../../i18n/", $code, "/settings.ftl")),
            include_str!(concat!("../../i18n/", $code, "/designer.ftl")),
        ]
    };
}

impl Language {
    /// Every language, as Settings lists them.
    pub const ALL: [Language; 4] = [
        Language::English,
        Language::Polish,
        Language::Ukrainian,
        Language::Japanese,
    ];

    /// The BCP 47 code, also the folder under `i18n/`.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Polish => "pl",
            Language::Ukrainian => "uk",
            Language::Japanese => "ja",
        }
    }

    /// The language's name in itself.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Polish => "Polski",
            Language::Ukrainian => "Українська",
            Language::Japanese => "日本語",
        }
    }

    /// The language's Fluent files, in [`PARTS`]' order.
    pub(super) fn files(self) -> [&'static str; PARTS.len()] {
        match self {
            Language::English => language_files!("en"),
            Language::Polish => language_files!("pl"),
            Language::Ukrainian => language_files!("uk"),
            Language::Japanese => language_files!("ja"),
        }
    }

    /// The language of a locale as systems write it (`pl-PL`, `uk_UA.UTF-8`, `ja`), if
    /// the game speaks it.
    pub fn from_locale(locale: &str) -> Option<Language> {
        let primary = locale
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        Language::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The first of the system's preferred languages that the game speaks; English when
    /// it speaks none of them.
    pub fn of_system() -> Language {
        sys_locale::get_locales()
            .find_map(|l| Language::from_locale(&l))
            .unwrap_or_default()
    }

    /// How the language writes numbers: the decimal mark, the thousands separator and the
    /// fewest digits before the point for which it groups them (CLDR's minimum grouping
    /// digits: Polish writes 1000 but 10 000).
    fn number_style(self) -> (char, char, usize) {
        match self {
            Language::English | Language::Japanese => ('.', ',', 4),
            Language::Polish => (',', '\u{a0}', 5),
            Language::Ukrainian => (',', '\u{a0}', 4),
        }
    }

    fn langid(self) -> LanguageIdentifier {
        self.code()
            .parse()
            .expect("the codes are valid language tags")
    }
}

/// Writes `n` as `language` does, with the fraction digits its options ask for (at most
/// `maximum_fraction_digits`, rounded, and at least `minimum_fraction_digits`).
fn write_number(language: Language, n: &FluentNumber) -> String {
    let (mark, group, min_grouped) = language.number_style();
    let options = &n.options;
    let min = options.minimum_fraction_digits.unwrap_or(0);
    let mut text = match options.maximum_fraction_digits {
        Some(max) => format!("{:.*}", max.max(min), n.value),
        None => n.value.to_string(),
    };
    if let Some(point) = text.find('.') {
        // Trailing zeros beyond the minimum go.
        let keep = text.trim_end_matches('0').len().max(point + 1 + min);
        text.truncate(keep);
        if text.ends_with('.') {
            text.pop();
        }
    }
    let (int, frac) = match text.split_once('.') {
        Some((i, f)) => (i.to_string(), format!("{f:0<min$}")),
        None => (text.clone(), "0".repeat(min)),
    };
    let (sign, digits) = match int.strip_prefix('-') {
        Some(d) => ("-", d),
        None => ("", int.as_str()),
    };
    let mut grouped = String::new();
    if options.use_grouping && digits.len() >= min_grouped {
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                grouped.push(group);
            }
            grouped.push(c);
        }
    } else {
        grouped.push_str(digits);
    }
    if frac.is_empty() {
        format!("{sign}{grouped}")
    } else {
        format!("{sign}{grouped}{mark}{frac}")
    }
}

/// A bundle's number formatter, one per language (Fluent takes a plain function).
macro_rules! formatter {
    ($name:ident, $language:expr) => {
        fn $name<M>(value: &FluentValue, _: &M) -> Option<String> {
            match value {
                FluentValue::Number(n) => Some(write_number($language, n)),
                _ => None,
            }
        }
    };
}
formatter!(format_en, Language::English);
formatter!(format_pl, Language::Polish);
formatter!(format_uk, Language::Ukrainian);
formatter!(format_ja, Language::Japanese);

/// One language's messages.
type Bundle = FluentBundle<FluentResource>;

/// Builds a language's bundle from its files. A file that does not parse keeps the
/// messages that do (Fluent skips the broken entries); the errors are returned to log.
pub(super) fn bundle(language: Language) -> (Bundle, Vec<String>) {
    let mut bundle = Bundle::new_concurrent(vec![language.langid()]);
    // egui would draw Unicode's isolation marks around each argument as boxes.
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(match language {
        Language::English => format_en,
        Language::Polish => format_pl,
        Language::Ukrainian => format_uk,
        Language::Japanese => format_ja,
    }));
    let mut errors = Vec::new();
    for (part, text) in PARTS.iter().zip(language.files()) {
        let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, e)| {
            errors.extend(
                e.iter()
                    .map(|e| format!("i18n/{}/{part}.ftl: {e:?}", language.code())),
            );
            r
        });
        if let Err(e) = bundle.add_resource(resource) {
            errors.extend(
                e.iter()
                    .map(|e| format!("i18n/{}/{part}.ftl: {e}", language.code())),
            );
        }
    }
    (bundle, errors)
}

/// The translations: every language's bundle and the one in use. Read with [`t!`](crate::t).
#[derive(Resource)]
pub struct Tr {
    /// The language in use.
    language: Language,
    /// Each language's bundle, in [`Language::ALL`]'s order.
    bundles: Vec<Bundle>,
    /// The messages without arguments written out so far in the language in use: the UI
    /// asks for the same labels every frame, and a copy is cheaper than Fluent's resolving.
    plain: Mutex<HashMap<&'static str, String>>,
}

impl Default for Tr {
    fn default() -> Tr {
        Tr::new(Language::English)
    }
}

impl Tr {
    /// Every language's messages, speaking `language`.
    pub fn new(language: Language) -> Tr {
        let bundles = Language::ALL
            .into_iter()
            .map(|l| {
                let (bundle, errors) = bundle(l);
                for e in errors {
                    error!("{e}");
                }
                bundle
            })
            .collect();
        Tr {
            language,
            bundles,
            plain: Mutex::default(),
        }
    }

    /// The language in use.
    pub fn language(&self) -> Language {
        self.language
    }

    /// Speaks `language` from now on.
    pub fn set_language(&mut self, language: Language) {
        self.language = language;
        self.plain
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }

    /// The message `id`, which takes no arguments, as [`Tr::get`] writes it (kept after the
    /// first time): what `t!(tr, "id")` calls.
    pub fn plain(&self, id: &'static str) -> String {
        let mut plain = self.plain.lock().unwrap_or_else(PoisonError::into_inner);
        plain
            .entry(id)
            .or_insert_with(|| self.get(id, None))
            .clone()
    }

    fn bundle_of(&self, language: Language) -> &Bundle {
        let i = Language::ALL
            .iter()
            .position(|&l| l == language)
            .expect("every language has a bundle");
        &self.bundles[i]
    }

    /// The message `id` in `language` and whether it formatted without errors, if the
    /// language has it.
    fn try_format(
        &self,
        language: Language,
        id: &str,
        args: Option<&FluentArgs>,
    ) -> Option<(String, bool)> {
        let bundle = self.bundle_of(language);
        let pattern = bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, args, &mut errors);
        Some((text.into_owned(), errors.is_empty()))
    }

    /// The message `id` in `language`, if it is there and formats without errors.
    fn format_in(&self, language: Language, id: &str, args: Option<&FluentArgs>) -> Option<String> {
        self.try_format(language, id, args)
            .and_then(|(text, ok)| ok.then_some(text))
    }

    /// The message `id` with `args`, in the language in use, else in English (with its
    /// errors, if it has any: a missing argument shows as `{$name}`). An id that English
    /// lacks too, which the tests rule out for the ids the code names, shows as itself
    /// and is logged.
    pub fn get(&self, id: &str, args: Option<&FluentArgs>) -> String {
        self.format_in(self.language, id, args)
            .or_else(|| {
                let (text, ok) = self.try_format(Language::English, id, args)?;
                if !ok {
                    error!("message '{id}' fails in English");
                }
                Some(text)
            })
            .unwrap_or_else(|| {
                error!("no message '{id}' in any language");
                id.to_string()
            })
    }

    /// A number to show with exactly `digits` fraction digits (`1.5 s`, `0.25 M nodes/s`),
    /// written the language's way: pass it as a message argument.
    pub fn decimal(value: f64, digits: usize) -> FluentValue<'static> {
        FluentValue::Number(FluentNumber::new(
            value,
            FluentNumberOptions {
                minimum_fraction_digits: Some(digits),
                maximum_fraction_digits: Some(digits),
                ..FluentNumberOptions::default()
            },
        ))
    }

    /// A signed whole number of discs as the game shows scores: `+4`, `-2`, `+0`.
    pub fn signed(value: i32) -> FluentValue<'static> {
        FluentValue::String(Cow::Owned(format!("{value:+}")))
    }

    /// A level's name: the levels file's own (a designer's words, in English) unless the
    /// language has one for that name (`level-<name>` in lower case).
    /// The Adaptive level has its name in every language (`adaptive-name`).
    pub fn level_name(&self, name: &str) -> String {
        if name == crate::engine::ADAPTIVE {
            return self.plain("adaptive-name");
        }
        self.level_text(name, "", name)
    }

    /// A level's description, as [`Tr::level_name`] (`level-<name>-about`).
    pub fn level_about(&self, name: &str, description: &str) -> String {
        self.level_text(name, "-about", description)
    }

    fn level_text(&self, name: &str, suffix: &str, own: &str) -> String {
        if self.language == Language::English {
            return own.to_string();
        }
        self.format_in(self.language, &level_id(name, suffix), None)
            .unwrap_or_else(|| own.to_string())
    }
}

/// The message id of a level's name (`suffix` "") or description (`suffix` "-about"):
/// `level-grandmaster-about`.
pub(super) fn level_id(name: &str, suffix: &str) -> String {
    let slug: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    format!("level-{slug}{suffix}")
}

/// A colour as message arguments name it: `black` or `white` (translations pick their
/// words by it).
pub(super) fn side_id(side: Side) -> &'static str {
    match side {
        Side::Black => "black",
        Side::White => "white",
    }
}

/// A ply as the game shows it: the square, or "pass" in the player's language.
pub(super) fn ply_text(ply: Ply, tr: &Tr) -> String {
    match ply {
        Ply::Move(sq) => sq.to_string(),
        Ply::Pass => crate::t!(tr, "ply-pass"),
    }
}

/// A message in the player's language: `t!(tr, "id")`, or with arguments,
/// `t!(tr, "id", name = value, ...)` where each value is a number, a string or a
/// `FluentValue` (see `Tr::decimal`).
#[macro_export]
macro_rules! t {
    ($tr:expr, $id:literal) => {
        $tr.plain($id)
    };
    ($tr:expr, $id:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = ::fluent_bundle::FluentArgs::new();
        $(args.set(stringify!($name), $value);)+
        $tr.get($id, Some(&args))
    }};
}

#[cfg(test)]
mod tests;
