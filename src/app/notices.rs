//! Notices: messages the player must see and dismiss (a bad settings file, a file that
//! would not open, a bad `--moves`), shown oldest first by the UI (`ui/dialogs.rs`).
//!
//! Shared vocabulary: any feature may raise one, while its plugin is built
//! ([`raise_at_build`], whichever plugin is added first) or from a system
//! (`ResMut<Notices>`).

use bevy::prelude::*;

/// The notices not yet dismissed, oldest first.
#[derive(Resource, Debug, Default)]
pub(super) struct Notices(pub(super) Vec<String>);

impl Notices {
    /// Adds a notice.
    pub(super) fn push(&mut self, text: impl Into<String>) {
        self.0.push(text.into());
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
pub(super) fn raise_at_build(app: &mut App, text: impl Into<String>) {
    app.world_mut()
        .get_resource_or_insert_with(Notices::default)
        .push(text);
}
