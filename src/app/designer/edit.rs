//! Editing the designer's tables from the game: one pattern entry or one feature weight
//! changed in the folder's file (the shipped file copied in first), written atomically, and
//! undone.

use std::fs;
use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::engine::eval::explain::entry_line;
use crate::engine::eval::shipped_file_text;

use crate::app::notices::Notice;

/// Changes the folder's file `rel` (the shipped one copied in first when the folder lacks
/// it) by `change`, written atomically; returns the path and the text it replaced (`None`:
/// there was no file). The folder watcher then reloads it like any save.
pub(super) fn write_edit(
    dir: &Path,
    rel: &str,
    shipped: &str,
    change: impl FnOnce(&str) -> Result<String, String>,
) -> Result<(PathBuf, Option<String>, String), String> {
    let path = dir.join(rel);
    let before = fs::read_to_string(&path).ok();
    let text = change(before.as_deref().unwrap_or(shipped))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).map_err(|e| e.to_string())?;
    }
    crate::whole_file::write_whole(&path, &text)?;
    Ok((path, before, text))
}

/// Sets one keyframe of a feature's weights in the folder's `eval.ron`; returns as
/// [`edit_entry`].
pub(super) fn edit_feature(
    dir: &Path,
    name: &str,
    keyframe: usize,
    value: f32,
    current: &[f32],
) -> Result<(PathBuf, Option<String>, Notice), String> {
    let mut values = current.to_vec();
    values[keyframe] = value;
    let shipped = crate::engine::eval::shipped_eval_text();
    let (path, before, text) = write_edit(dir, "eval.ron", shipped, |t| {
        crate::engine::eval::explain::with_feature_values(t, name, &values)
    })?;
    let line = crate::engine::eval::explain::feature_line(&text, name);
    Ok((
        path,
        before,
        Notice::new("designer-edited-feature")
            .arg("line", line)
            .arg("name", name)
            .arg("value", format!("{value:.2}"))
            .arg("keyframe", keyframe),
    ))
}

/// Sets one keyframe of a pattern entry in the folder's table file (copying the shipped
/// file into the folder first when it lacks it), written atomically; returns the path, the
/// text it replaced (`None`: there was no file) and what was done, for the toast. The
/// folder watcher then reloads the table like any save.
pub(super) fn edit_entry(
    dir: &Path,
    family_name: &str,
    key: &str,
    keyframe: usize,
    value: f32,
    current: &[f32],
) -> Result<(PathBuf, Option<String>, Notice), String> {
    let family = crate::engine::eval::params::family(family_name)
        .ok_or_else(|| format!("no table {family_name}"))?;
    let index = family.parse_index(key).map_err(|e| e.to_string())?;
    let mirror = family.index_to_string(family.mirror_index(index));
    let rel = format!("patterns/{family_name}.ron");
    let shipped = shipped_file_text(&rel).unwrap_or("");
    let mut values = current.to_vec();
    values[keyframe] = value;
    let (path, before, text) = write_edit(dir, &rel, shipped, |t| {
        crate::engine::eval::explain::with_entry_values(t, key, &mirror, &values)
    })?;
    let line = entry_line(&text, key, &mirror).unwrap_or(0);
    Ok((
        path,
        before,
        Notice::new("designer-edited-entry")
            .arg("file", rel)
            .arg("line", line)
            .arg("key", key)
            .arg("value", format!("{value:.2}"))
            .arg("keyframe", keyframe),
    ))
}

/// Puts back the file of the last edit, whole (or removes it when the edit created it).
pub(super) fn undo_edit(path: &Path, before: Option<&str>) -> Result<(), String> {
    match before {
        Some(text) => crate::whole_file::write_whole(path, text),
        None => fs::remove_file(path).map_err(|e| format!("{}: {e}", path.display())),
    }
}

/// The folder's text of `rel`, or the shipped one.
pub(super) fn table_text(dir: &Path, rel: &str) -> (String, String) {
    let path = dir.join(rel);
    if let Ok(text) = fs::read_to_string(&path) {
        return (path.display().to_string(), text);
    }
    (
        format!("config/{rel}"),
        shipped_file_text(rel).unwrap_or("").to_string(),
    )
}

#[cfg(test)]
mod tests {

    use super::*;
    use crate::app::designer::watch::reload;
    use crate::app::i18n::Tr;
    use crate::app::temp_dir::TempDir;
    use crate::engine::ConfigSet;
    use crate::engine::eval::explain::{changed_lines, listed_row, row_with};
    use crate::engine::eval::shipped_pattern_text;

    #[test]
    fn an_edit_from_the_game_changes_one_line_and_undoes() {
        let dir = TempDir::new("designer-edit");
        let shipped = shipped_pattern_text("edge").unwrap();
        let (line, current) = listed_row(shipped, "\"-------- --\"");
        let mut edited_row = current.clone();
        edited_row[1] = 2.5;
        // The folder has no edge table: the shipped one is copied with the one entry changed.
        let (path, before, message) =
            edit_entry(&dir.0, "edge", "-------- --", 1, 2.5, &current).unwrap();
        assert_eq!(
            (path.clone(), before.clone()),
            (dir.0.join("patterns/edge.ron"), None)
        );
        assert_eq!(
            message.text(&Tr::default()),
            "Edited patterns/edge.ron line 8: \"-------- --\" = 2.50 discs at keyframe 1"
        );
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(
            changed_lines(shipped, &text),
            [(line, row_with(line, &edited_row).as_str())]
        );
        // The folder's edited table loads.
        let mut set = ConfigSet::shipped();
        let reloaded = reload(&dir.0, &["patterns/edge.ron".to_string()], &mut set);
        assert!(reloaded.errors.is_empty() && reloaded.eval);
        // A second edit of the folder's file, then both undone in turn.
        let (_, before2, _) = edit_entry(&dir.0, "edge", "-------- --", 0, -1.0, &current).unwrap();
        assert_eq!(before2.as_deref(), Some(text.as_str()));
        undo_edit(&path, before2.as_deref()).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), text);
        undo_edit(&path, before.as_deref()).unwrap();
        assert!(!path.exists());
    }

    #[test]
    fn a_feature_weight_edited_from_the_game_changes_one_line() {
        let dir = TempDir::new("designer-edit-feature");
        let shipped = crate::engine::eval::shipped_eval_text();
        let (line, current) = listed_row(shipped, "corners");
        let mut edited_row = current.clone();
        edited_row[1] = 30.0;
        let (path, before, message) = edit_feature(&dir.0, "corners", 1, 30.0, &current).unwrap();
        assert_eq!((path.clone(), before), (dir.0.join("eval.ron"), None));
        assert_eq!(
            message.text(&Tr::default()),
            "Edited eval.ron line 8: corners = 30.00 discs at keyframe 1"
        );
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(
            changed_lines(shipped, &text),
            [(line, row_with(line, &edited_row).as_str())]
        );
        let mut set = ConfigSet::shipped();
        let reloaded = reload(&dir.0, &["eval.ron".to_string()], &mut set);
        assert!(reloaded.errors.is_empty() && reloaded.eval);
        assert_eq!(set.eval.file().corners[1], 30.0);
    }
}
