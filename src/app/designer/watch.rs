//! The designer's folder watched: its files' modification times, what changed between two
//! looks, and the reload of the parts those files belong to (a part replaced whole or not
//! at all; every broken file reported).

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use bevy::prelude::*;

use crate::engine::{
    ConfigError, ConfigSet, Level, PeopleErrors, default_levels, parse_levels, with_people,
};

use crate::app::notices::Notice;

/// Seconds between two looks at the folder.
pub(super) const POLL_S: f32 = 0.3;

/// The files of a folder the game reads besides `patterns/*.ron`.
pub(super) const TOP_FILES: [&str; 4] = ["search.ron", "eval.ron", "levels.ron", "people.ron"];

/// The modification time of each file the game reads from a folder, by its path relative
/// to the folder (`eval.ron`, `patterns/edge.ron`); missing files are absent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Stamps(BTreeMap<String, SystemTime>);

impl Stamps {
    /// The files seen, by their path relative to the folder, in path order.
    pub(super) fn paths(&self) -> Vec<String> {
        self.0.keys().cloned().collect()
    }
}

/// Reads the modification times of the folder's files.
pub(super) fn scan(dir: &Path) -> Stamps {
    let mut stamps = BTreeMap::new();
    let mut note = |rel: String| {
        if let Ok(modified) = fs::metadata(dir.join(&rel)).and_then(|m| m.modified()) {
            stamps.insert(rel, modified);
        }
    };
    for name in TOP_FILES {
        note(name.to_string());
    }
    if let Ok(entries) = fs::read_dir(dir.join("patterns")) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".ron") {
                note(format!("patterns/{name}"));
            }
        }
    }
    Stamps(stamps)
}

/// The files added, removed or modified between two scans, in path order.
pub(super) fn changed_files(old: &Stamps, new: &Stamps) -> Vec<String> {
    let mut changed: Vec<String> = new
        .0
        .iter()
        .filter(|(rel, time)| old.0.get(*rel) != Some(*time))
        .map(|(rel, _)| rel.clone())
        .chain(
            old.0
                .keys()
                .filter(|rel| !new.0.contains_key(*rel))
                .cloned(),
        )
        .collect();
    changed.sort();
    changed
}

/// The part of the configuration a file belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Search,
    Eval,
    Levels,
}

fn part_of(rel: &str) -> Part {
    match rel {
        "search.ron" => Part::Search,
        "levels.ron" | "people.ron" => Part::Levels,
        _ => Part::Eval,
    }
}

/// What a reload changed and found wrong.
#[derive(Debug, Default)]
pub(super) struct Reload {
    /// The search settings were replaced.
    pub search: bool,
    /// The evaluator was replaced.
    pub eval: bool,
    /// The new list of levels, when `levels.ron` or `people.ron` changed and both are valid
    /// (the levels that play like people choose by the folder's `people.ron`, else the
    /// shipped one).
    pub levels: Option<Vec<Level>>,
    /// What to tell the player, e.g. "Reloaded eval.ron".
    pub messages: Vec<Notice>,
    /// Every problem with the folder's files as they are now (shown until fixed).
    pub errors: Vec<ConfigError>,
}

/// Reads the folder again after `changed` files changed (see [`changed_files`]): the parts
/// those files belong to replace the ones in `set` when all their files are valid. Errors
/// are collected for every file, changed or not, so that a broken file stays listed until
/// it is fixed.
pub(super) fn reload(dir: &Path, changed: &[String], set: &mut ConfigSet) -> Reload {
    let mut io_errors = Vec::new();
    let mut read = |rel: &str| -> Option<(String, String)> {
        let path: PathBuf = dir.join(rel);
        match fs::read_to_string(&path) {
            Ok(text) => Some((path.display().to_string(), text)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => {
                io_errors.push(ConfigError::invalid(
                    &path.display().to_string(),
                    e.to_string(),
                ));
                None
            }
        }
    };
    let mut fresh = set.clone();
    let errors = fresh.reload(&mut read).err().unwrap_or_default();
    let levels = match read("levels.ron") {
        Some((name, text)) => parse_levels(&name, &text),
        None => Ok(default_levels()),
    };
    let people = read("people.ron")
        .map(|(name, text)| PeopleErrors::parse(&name, &text))
        .transpose();
    let mut levels_errors: Vec<ConfigError> = Vec::new();
    let levels = match (levels, people) {
        (Ok(levels), Ok(people)) => Some(with_people(levels, people)),
        (levels, people) => {
            levels_errors.extend(levels.err());
            levels_errors.extend(people.err());
            None
        }
    };
    let mut reload = Reload::default();
    let failed = |part: Part| {
        errors.iter().any(|e| {
            let search = e.file.ends_with("search.ron");
            search == (part == Part::Search)
        })
    };
    let touched = |part: Part| changed.iter().any(|rel| part_of(rel) == part);
    if touched(Part::Search) && !failed(Part::Search) {
        reload.search = fresh.search != set.search;
        set.search = fresh.search.clone();
    }
    if touched(Part::Eval) && !failed(Part::Eval) {
        reload.eval = true;
        set.eval = fresh.eval.clone();
    }
    let levels_ok = levels.is_some();
    if touched(Part::Levels) {
        reload.levels = levels;
    }
    for rel in changed {
        let ok = match part_of(rel) {
            Part::Levels => levels_ok,
            part => !failed(part),
        };
        if !ok {
            continue;
        }
        reload.messages.push(if dir.join(rel).exists() {
            Notice::new("designer-reloaded").arg("file", rel)
        } else {
            Notice::new("designer-removed").arg("file", rel)
        });
    }
    reload.errors = errors;
    reload.errors.extend(levels_errors);
    reload.errors.extend(io_errors);
    reload
}

/// The level to switch to when the selected one is gone from a new list (the first), and
/// what to tell the player; `None` when the selected level is still there.
pub(super) fn level_fallback(levels: &[Level], selected: &str) -> Option<(String, Notice)> {
    if levels.iter().any(|l| l.name == selected) {
        return None;
    }
    let first = levels.first()?.name.clone();
    let message = Notice::new("designer-level-gone")
        .arg("level", selected)
        .arg("first", &first);
    Some((first, message))
}

/// The folder watched, its last scan, the tables read from it and the problems found in it.
#[derive(Resource, Debug)]
pub(super) struct DesignerFolder {
    pub dir: PathBuf,
    pub stamps: Stamps,
    pub timer: Timer,
    /// The tables in force: the last good part of each kind (the engine has the same).
    pub set: ConfigSet,
    pub errors: Vec<ConfigError>,
    /// The edits made from the game, latest last: each file's path and its text before
    /// (`None`: the folder did not have it), for "Undo last edit".
    pub undo: Vec<(PathBuf, Option<String>)>,
}

impl DesignerFolder {
    /// The folder, before its first load.
    pub(super) fn new(dir: PathBuf) -> DesignerFolder {
        DesignerFolder {
            dir,
            stamps: Stamps::default(),
            timer: Timer::from_seconds(POLL_S, TimerMode::Repeating),
            set: ConfigSet::shipped(),
            errors: Vec::new(),
            undo: Vec::new(),
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::app::i18n::Tr;
    use crate::app::temp_dir::TempDir;

    /// Reload messages as the player reads them in English.
    fn texts(messages: &[Notice]) -> Vec<String> {
        let tr = Tr::default();
        messages.iter().map(|m| m.text(&tr)).collect()
    }

    pub(crate) const LEVELS: &str = "[(name: \"One\", description: \"\", depth: Some(1)), \
                          (name: \"Two\", description: \"\", depth: Some(2))]";

    #[test]
    fn scans_see_added_modified_and_removed_files() {
        let dir = TempDir::new("designer-scan");
        let empty = scan(&dir.0);
        assert_eq!(empty, Stamps::default());
        dir.write("search.ron", "()", 100);
        dir.write("patterns/edge.ron", "()", 100);
        dir.write("patterns/notes.txt", "not read", 100);
        dir.write("other.ron", "not read", 100);
        let first = scan(&dir.0);
        assert_eq!(
            changed_files(&empty, &first),
            ["patterns/edge.ron", "search.ron"]
        );
        assert!(changed_files(&first, &scan(&dir.0)).is_empty());
        dir.write("search.ron", "(tt_mib: 8)", 50);
        fs::remove_file(dir.0.join("patterns/edge.ron")).unwrap();
        dir.write("levels.ron", LEVELS, 50);
        let second = scan(&dir.0);
        assert_eq!(
            changed_files(&first, &second),
            ["levels.ron", "patterns/edge.ron", "search.ron"]
        );
    }

    #[test]
    fn a_people_table_in_the_folder_is_what_the_levels_that_play_like_people_choose_by() {
        let dir = TempDir::new("designer-people");
        let mut set = ConfigSet::shipped();
        let table = PeopleErrors::from_moves("designer".into(), &[1400, 1800], [(0, 30, 3)]);
        dir.write("people.ron", &table.to_ron(), 10);
        let r = reload(&dir.0, &["people.ron".into()], &mut set);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(texts(&r.messages), ["Reloaded people.ron"]);
        let levels = r.levels.unwrap();
        let like = levels.iter().find(|l| l.plays_like.is_some()).unwrap();
        assert_eq!(like.people.as_deref(), Some(&table));
        // A broken one is named; the levels are not replaced.
        dir.write("people.ron", "(source: \"x\")", 20);
        let r = reload(&dir.0, &["people.ron".into()], &mut set);
        assert!(r.levels.is_none() && r.messages.is_empty());
        assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
        assert!(r.errors[0].file.ends_with("people.ron"), "{:?}", r.errors);
        assert!(r.errors[0].message.contains("classes"), "{:?}", r.errors);
        // Removed: the shipped table again.
        fs::remove_file(dir.0.join("people.ron")).unwrap();
        let r = reload(&dir.0, &["people.ron".into()], &mut set);
        assert!(r.levels.unwrap().iter().all(|l| l.people.is_none()));
        assert_eq!(
            texts(&r.messages),
            ["people.ron removed: the shipped one is used"]
        );
    }

    #[test]
    fn a_valid_change_replaces_its_part_and_says_so() {
        let dir = TempDir::new("designer-valid");
        let mut set = ConfigSet::shipped();
        let eval = Arc::clone(&set.eval);
        dir.write("search.ron", "(exact_empties: 12)", 10);
        let r = reload(&dir.0, &["search.ron".into()], &mut set);
        assert!(r.search && !r.eval && r.levels.is_none());
        assert_eq!(texts(&r.messages), ["Reloaded search.ron"]);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(set.search.exact_empties, 12);
        // The evaluator is untouched (so the engine's table is kept).
        assert!(Arc::ptr_eq(&set.eval, &eval));
        dir.write("levels.ron", LEVELS, 10);
        let r = reload(&dir.0, &["levels.ron".into()], &mut set);
        let names: Vec<String> = r.levels.unwrap().into_iter().map(|l| l.name).collect();
        assert_eq!(names, ["One", "Two"]);
        assert_eq!(texts(&r.messages), ["Reloaded levels.ron"]);
        // A removed file gives the shipped part back.
        fs::remove_file(dir.0.join("search.ron")).unwrap();
        let r = reload(&dir.0, &["search.ron".into()], &mut set);
        assert!(r.search);
        assert_eq!(set.search, crate::engine::SearchConfig::shipped());
        assert_eq!(
            texts(&r.messages),
            ["search.ron removed: the shipped one is used"]
        );
        // A shipped evaluation table copied in is a new evaluator.
        dir.write("eval.ron", crate::engine::eval::shipped_eval_text(), 10);
        let r = reload(&dir.0, &["eval.ron".into()], &mut set);
        assert!(r.eval && !r.search, "{:?}", r.errors);
        assert!(!Arc::ptr_eq(&set.eval, &eval));
        assert_eq!(texts(&r.messages), ["Reloaded eval.ron"]);
    }

    #[test]
    fn a_broken_file_is_reported_until_fixed_and_the_last_good_part_stays() {
        let dir = TempDir::new("designer-broken");
        let mut set = ConfigSet::shipped();
        dir.write("search.ron", "(exact_empties: 14)", 30);
        reload(&dir.0, &["search.ron".into()], &mut set);
        dir.write(
            "search.ron",
            "(\n  exact_empties: 14,\n  tt_mib: \"big\",\n)",
            20,
        );
        let r = reload(&dir.0, &["search.ron".into()], &mut set);
        assert!(!r.search);
        assert!(r.messages.is_empty());
        assert_eq!(set.search.exact_empties, 14);
        assert_eq!(r.errors.len(), 1);
        let e = &r.errors[0];
        assert!(e.file.ends_with("search.ron"), "{e}");
        assert_eq!(e.line, 3, "{e}");
        // Another file's change leaves the error listed ...
        dir.write("levels.ron", "[(name: \"A\")]", 20);
        let r = reload(&dir.0, &["levels.ron".into()], &mut set);
        assert!(r.levels.is_none());
        assert!(r.messages.is_empty());
        let files: Vec<&str> = r
            .errors
            .iter()
            .map(|e| e.file.rsplit('/').next().unwrap())
            .collect();
        assert_eq!(files, ["search.ron", "levels.ron"]);
        // ... until both are fixed.
        dir.write("search.ron", "(exact_empties: 16)", 10);
        dir.write("levels.ron", LEVELS, 10);
        let r = reload(
            &dir.0,
            &["levels.ron".into(), "search.ron".into()],
            &mut set,
        );
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(set.search.exact_empties, 16);
        assert_eq!(
            texts(&r.messages),
            ["Reloaded levels.ron", "Reloaded search.ron"]
        );
    }
}
