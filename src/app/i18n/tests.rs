use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast;

use super::*;

/// A Fluent file's messages, each with the variables it names anywhere (its value, its
/// selectors, every variant).
fn messages(text: &str) -> BTreeMap<String, BTreeSet<String>> {
    fn expression(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
        match e {
            ast::Expression::Select { selector, variants } => {
                inline(selector, vars);
                for v in variants {
                    pattern(&v.value, vars);
                }
            }
            ast::Expression::Inline(i) => inline(i, vars),
        }
    }
    fn inline(e: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
        match e {
            ast::InlineExpression::VariableReference { id } => {
                vars.insert(id.name.to_string());
            }
            ast::InlineExpression::Placeable { expression: e } => expression(e, vars),
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline(a, vars);
                }
            }
            _ => {}
        }
    }
    fn pattern(p: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
        for element in &p.elements {
            if let ast::PatternElement::Placeable { expression: e } = element {
                expression(e, vars);
            }
        }
    }
    let resource = fluent_syntax::parser::parse(text).unwrap_or_else(|(_, errors)| {
        panic!("{errors:?}");
    });
    resource
        .body
        .iter()
        .filter_map(|entry| match entry {
            ast::Entry::Message(m) => {
                let mut vars = BTreeSet::new();
                if let Some(value) = &m.value {
                    pattern(value, &mut vars);
                }
                Some((m.id.name.to_string(), vars))
            }
            _ => None,
        })
        .collect()
}

/// Every file of every language parses and loads without an error or a duplicate id.
#[test]
fn every_file_loads_in_every_language() {
    for language in Language::ALL {
        let (_, errors) = bundle(language);
        assert_eq!(errors, Vec::<String>::new(), "{language:?}");
    }
}

/// Each translation has each English message, naming the same variables, and nothing
/// else (but the names and descriptions of the shipped levels, which English takes from
/// the levels file).
#[test]
fn every_language_has_every_message_with_the_same_arguments() {
    for (part, english) in PARTS.iter().zip(Language::English.files()) {
        let english = messages(english);
        assert!(!english.is_empty() || *part == "designer", "{part}");
        for language in [Language::Polish, Language::Ukrainian, Language::Japanese] {
            let i = PARTS.iter().position(|p| p == part).unwrap();
            let translated = messages(language.files()[i]);
            let code = language.code();
            for (id, vars) in &english {
                let Some(theirs) = translated.get(id) else {
                    panic!("i18n/{code}/{part}.ftl lacks '{id}'");
                };
                assert_eq!(
                    theirs, vars,
                    "i18n/{code}/{part}.ftl: '{id}' names other variables"
                );
            }
            for id in translated.keys() {
                assert!(
                    english.contains_key(id) || id.starts_with("level-"),
                    "i18n/{code}/{part}.ftl has '{id}', which English lacks"
                );
            }
        }
    }
}

/// Every shipped level has a name and a description in each translation.
#[test]
fn every_shipped_level_is_translated() {
    let levels = crate::engine::default_levels();
    assert_eq!(levels.len(), 14);
    for language in [Language::Polish, Language::Ukrainian, Language::Japanese] {
        let tr = Tr::new(language);
        for level in &levels {
            for suffix in ["", "-about"] {
                let id = level_id(&level.name, suffix);
                assert!(
                    tr.format_in(language, &id, None).is_some(),
                    "{} lacks '{id}'",
                    language.code()
                );
            }
        }
        assert_ne!(tr.level_name(&levels[0].name), levels[0].name);
    }
    let english = Tr::new(Language::English);
    assert_eq!(english.level_name("Beginner"), "Beginner");
    assert_eq!(english.level_about("Beginner", "mine"), "mine");
    assert_eq!(
        level_id("Grand master 2", "-about"),
        "level-grand-master-2-about"
    );
}

/// The source files under `src/app`, as (path, text).
fn app_sources() -> Vec<(String, String)> {
    fn walk(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((path.display().to_string(), text));
            }
        }
    }
    let mut out = Vec::new();
    walk(
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src/app")),
        &mut out,
    );
    out
}

/// Every id the code names in `t!(tr, "id" ...)` or `Notice::new("id")` is an English
/// message, and every English
/// message is named somewhere in the code (as a literal: `t!`, `tr.get("id", ..)` or a
/// `key()` that returns it), so that none is dead.
#[test]
fn the_code_and_the_english_files_name_the_same_messages() {
    let english: BTreeSet<String> = Language::English
        .files()
        .iter()
        .flat_map(|f| messages(f).into_keys())
        .collect();
    let sources = app_sources();
    let mut named = 0;
    for (path, text) in &sources {
        let calls = text
            .match_indices("t!(")
            .chain(text.match_indices("Notice::new("));
        if path.ends_with("i18n/tests.rs") {
            continue;
        }
        for (i, call) in calls {
            // `assert!(` is no `t!(`.
            if text[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
            {
                continue;
            }
            // Examples in comments are no calls.
            let line_start = text[..i].rfind('\n').map_or(0, |n| n + 1);
            if text[line_start..i].trim_start().starts_with("//") {
                continue;
            }
            // The id: the literal that opens `Notice::new(`, or follows `t!(`'s first comma.
            let mut rest = text[i + call.len()..].trim_start();
            if call == "t!(" {
                let Some(comma) = rest.find(',') else {
                    continue;
                };
                rest = rest[comma + 1..].trim_start();
            }
            let Some(literal) = rest.strip_prefix('"') else {
                continue;
            };
            let id: String = literal.chars().take_while(|&c| c != '"').collect();
            named += 1;
            assert!(
                english.contains(&id),
                "{path} names '{id}', which English lacks"
            );
        }
    }
    assert!(
        named > 300,
        "{named} ids found in t!(...): the scan missed them"
    );
    for id in &english {
        let quoted = format!("\"{id}\"");
        assert!(
            sources.iter().any(|(_, text)| text.contains(&quoted)),
            "'{id}' is named nowhere in src/app"
        );
    }
}

/// The names the settings and menus look up by `key()` are English messages.
#[test]
fn every_choice_has_a_name() {
    use crate::app::files::settings::{AnimationSpeed, BoardTheme, Hints, Mode};
    let tr = Tr::new(Language::English);
    let keys = Mode::ALL
        .map(Mode::key)
        .into_iter()
        .chain(Hints::ALL.map(Hints::key))
        .chain(AnimationSpeed::ALL.map(AnimationSpeed::key))
        .chain(BoardTheme::ALL.map(BoardTheme::key));
    for key in keys {
        assert!(
            tr.format_in(Language::English, key, None).is_some(),
            "{key}"
        );
    }
    assert_eq!(tr.get(Mode::HumanVsHuman.key(), None), "Human vs human");
}

/// Every message of every language formats without an error when given the variables it
/// names (a missing variable, a bad selector or reference would be an error).
#[test]
fn every_message_formats_in_every_language() {
    for language in Language::ALL {
        let tr = Tr::new(language);
        for (part, text) in PARTS.iter().zip(language.files()) {
            for (id, vars) in messages(text) {
                let mut args = FluentArgs::new();
                for v in &vars {
                    args.set(v.clone(), 3);
                }
                let text = tr.format_in(language, &id, Some(&args));
                let text = text
                    .unwrap_or_else(|| panic!("i18n/{}/{part}.ftl: '{id}' fails", language.code()));
                assert!(!text.contains('{'), "'{id}': {text}");
                assert!(!text.trim().is_empty(), "'{id}' is empty");
            }
        }
    }
}

/// Polish and Ukrainian have different words for 1, 2 and 5 of a thing (CLDR's one, few
/// and many); Japanese has none; English has one and other.
#[test]
fn plurals_follow_each_language() {
    let forms = |language: Language| -> Vec<String> {
        let tr = Tr::new(language);
        [1, 2, 5, 22, 25]
            .into_iter()
            .map(|n| {
                let text = t!(tr, "status-transcript-copied", moves = n);
                text.replace(&n.to_string(), "N")
            })
            .collect()
    };
    for language in [Language::Polish, Language::Ukrainian] {
        let f = forms(language);
        assert_ne!(f[0], f[1], "{language:?}: one and few");
        assert_ne!(f[1], f[2], "{language:?}: few and many");
        assert_eq!(f[1], f[3], "{language:?}: 2 and 22 are both few");
        assert_eq!(f[2], f[4], "{language:?}: 5 and 25 are both many");
    }
    let english = forms(Language::English);
    assert_eq!(english[0], "Transcript copied to the clipboard (N move).");
    assert_eq!(english[1], "Transcript copied to the clipboard (N moves).");
    let japanese = forms(Language::Japanese);
    assert!(japanese.iter().all(|f| *f == japanese[0]), "{japanese:?}");
}

#[test]
fn numbers_are_written_each_language_s_way() {
    let cases = [
        (Language::English, 1234567.0, None, "1,234,567"),
        (Language::English, 0.25, Some(2), "0.25"),
        (Language::English, 1.5, Some(1), "1.5"),
        (Language::English, 2.0, Some(1), "2.0"),
        (Language::English, 999.0, None, "999"),
        (Language::Polish, 1.26, Some(1), "1,3"),
        (Language::Polish, 1234.0, None, "1234"),
        (Language::Polish, 12345.0, None, "12\u{a0}345"),
        (Language::Polish, -12345.5, Some(2), "-12\u{a0}345,50"),
        (Language::Ukrainian, 1234.0, None, "1\u{a0}234"),
        (Language::Ukrainian, 0.5, Some(1), "0,5"),
        (Language::Japanese, 1234567.0, None, "1,234,567"),
        (Language::Japanese, 3.14659, Some(2), "3.15"),
    ];
    for (language, value, digits, want) in cases {
        let n = match digits {
            Some(d) => match Tr::decimal(value, d) {
                FluentValue::Number(n) => n,
                _ => unreachable!(),
            },
            None => FluentNumber::from(value),
        };
        assert_eq!(write_number(language, &n), want, "{language:?} {value}");
    }
    let tr = Tr::new(Language::Polish);
    let speed = t!(
        tr,
        "engine-nodes",
        nodes = 1234567,
        mnps = Tr::decimal(2.5, 2)
    );
    assert!(speed.contains("1\u{a0}234\u{a0}567"), "{speed}");
    assert!(speed.contains("2,50"), "{speed}");
}

/// A message missing from a translation, or failing there, shows in English; one missing
/// everywhere shows its id (and is logged).
#[test]
fn a_missing_translation_falls_back_to_english() {
    let source = |text: &str, language: Language| {
        let mut b = Bundle::new_concurrent(vec![language.langid()]);
        b.set_use_isolating(false);
        b.add_resource(FluentResource::try_new(text.to_string()).unwrap())
            .unwrap();
        b
    };
    let mut tr = Tr {
        language: Language::Polish,
        bundles: vec![
            source("a = A\nb = B { $n }\nc = C", Language::English),
            source("a = Polskie A\nb = { $m }", Language::Polish),
            source("", Language::Ukrainian),
            source("", Language::Japanese),
        ],
        plain: Mutex::default(),
    };
    assert_eq!(t!(tr, "a"), "Polskie A");
    assert_eq!(t!(tr, "a"), "Polskie A", "kept, the same");
    assert_eq!(t!(tr, "c"), "C", "missing in Polish");
    assert_eq!(t!(tr, "b", n = 4), "B 4", "failing in Polish: no $m");
    assert_eq!(t!(tr, "b"), "B {$n}", "failing everywhere: English's text");
    assert_eq!(t!(tr, "nowhere"), "nowhere");
    tr.set_language(Language::English);
    assert_eq!(t!(tr, "a"), "A", "a new language forgets the kept messages");
}

#[test]
fn languages_come_from_locales() {
    let cases = [
        ("pl-PL", Some(Language::Polish)),
        ("pl_PL.UTF-8", Some(Language::Polish)),
        ("uk_UA", Some(Language::Ukrainian)),
        ("ja", Some(Language::Japanese)),
        ("JA-jp", Some(Language::Japanese)),
        ("en-GB", Some(Language::English)),
        ("de-DE", None),
        ("C", None),
        ("", None),
    ];
    for (locale, want) in cases {
        assert_eq!(Language::from_locale(locale), want, "{locale}");
    }
    let names: Vec<&str> = Language::ALL.map(Language::native_name).to_vec();
    assert_eq!(names, ["English", "Polski", "Українська", "日本語"]);
}
