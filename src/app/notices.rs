//! Notices: messages the player must see and dismiss (a bad settings file, a file that
//! would not open, a bad `--moves`), shown oldest first by the UI (`ui/dialogs.rs`).
//!
//! Shared vocabulary: any feature may raise one, while its plugin is built
//! ([`raise_at_build`], whichever plugin is added first) or from a system
//! (`ResMut<Notices>`). A notice is a message id and its arguments, written out in the
//! player's language when it is shown (so it needs no translations while plugins are built,
//! and follows a change of language).
//!
//! Toasts: short messages that fade by themselves ("Reloaded eval.ron"), which a feature
//! pushes from a system (`ResMut<Toasts>`: the designer's reloads, the opening book) and the
//! UI draws above the status line (`ui/mod.rs`).

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use fluent_bundle::FluentArgs;

use super::i18n::Tr;

/// A message for the player: an id of the language files (`i18n/*/`) and its arguments,
/// which are texts (paths, the system's error messages).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Notice {
    /// The message id.
    pub id: &'static str,
    /// Each argument's name and text.
    pub args: Vec<(&'static str, String)>,
}

impl Notice {
    /// The message `id`, with no arguments yet.
    pub(super) fn new(id: &'static str) -> Notice {
        Notice {
            id,
            args: Vec::new(),
        }
    }

    /// The notice with the argument `name` set to `value`.
    pub(super) fn arg(mut self, name: &'static str, value: impl ToString) -> Notice {
        self.args.push((name, value.to_string()));
        self
    }

    /// The notice with the argument `name` set to a path.
    pub(super) fn path(self, name: &'static str, path: &Path) -> Notice {
        self.arg(name, path.display())
    }

    /// The notice in the language in use.
    pub(super) fn text(&self, tr: &Tr) -> String {
        let mut args = FluentArgs::new();
        for (name, value) in &self.args {
            args.set(*name, value.as_str());
        }
        tr.get(self.id, Some(&args))
    }
}

/// What became of a damaged file that was set aside ([`super::files::settings::set_aside`]).
#[derive(Debug)]
pub(super) enum SetAside {
    /// Renamed to this path.
    Kept(PathBuf),
    /// Left where it was, for this reason.
    Left(std::io::Error),
}

impl SetAside {
    /// The notice `kept` (with `$kept`, the new path) or `left` (with `$move_error`).
    pub(super) fn notice(self, kept: &'static str, left: &'static str) -> Notice {
        match self {
            SetAside::Kept(path) => Notice::new(kept).path("kept", &path),
            SetAside::Left(e) => Notice::new(left).arg("move_error", e),
        }
    }
}

/// The notices not yet dismissed, oldest first.
#[derive(Resource, Debug, Default)]
pub(super) struct Notices(pub(super) Vec<Notice>);

impl Notices {
    /// Adds a notice.
    pub(super) fn push(&mut self, notice: Notice) {
        self.0.push(notice);
    }

    /// Dismisses the oldest notice (the one shown), if any.
    pub(super) fn dismiss_oldest(&mut self) {
        if !self.0.is_empty() {
            self.0.remove(0);
        }
    }
}

/// Raises a notice while a plugin is being built, creating the resource if no plugin has
/// yet: the order in which the plugins are added does not matter.
pub(super) fn raise_at_build(app: &mut App, notice: Notice) {
    app.world_mut()
        .get_resource_or_insert_with(Notices::default)
        .push(notice);
}

/// Short messages that fade by themselves ("Reloaded eval.ron"), oldest first.
#[derive(Resource, Debug, Default)]
pub(super) struct Toasts(pub(super) Vec<Toast>);

/// One toast.
#[derive(Debug)]
pub(super) struct Toast {
    /// What it says.
    pub(super) text: String,
    /// When it goes, in seconds of app time; set when first shown.
    pub(super) until_s: Option<f32>,
}

impl Toasts {
    /// Seconds a toast stays.
    pub(super) const SHOW_S: f32 = 3.0;

    /// Adds a toast.
    pub(super) fn push(&mut self, text: impl Into<String>) {
        self.0.push(Toast {
            text: text.into(),
            until_s: None,
        });
    }

    /// The toasts' texts, oldest first.
    #[cfg(test)]
    pub(super) fn texts(&self) -> Vec<&str> {
        self.0.iter().map(|t| t.text.as_str()).collect()
    }
}
