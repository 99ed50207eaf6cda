//! The engine's tables and levels in force: shared vocabulary between the engine's tasks
//! (`engine_tasks.rs`), which create these resources, search with them and take their
//! changes, the designer (`designer/`), which sends the changes from a folder it watches,
//! and the features that only read them (the opening book's and the review's searches, the
//! level menus).

use bevy::prelude::*;

use std::sync::Arc;

use crate::engine::{ConfigSet, Evaluate, Level, SearchConfig};

/// The difficulty levels, weakest first (from `config/levels.ron`, or a designer's folder).
#[derive(Resource, Debug, Clone)]
pub(super) struct Levels(pub Vec<Level>);

impl Levels {
    /// The level with this name, or the first one when there is none.
    pub(super) fn named(&self, name: &str) -> &Level {
        self.0.iter().find(|l| l.name == name).unwrap_or(&self.0[0])
    }
}

/// The designer-editable tables in force (shipped, or from `--config <dir>`), and a version
/// raised whenever they change so that the engine picks them up.
#[derive(Resource, Debug, Default)]
pub(super) struct EngineConfig {
    /// Search settings and evaluator.
    pub set: ConfigSet,
    /// Raised by every change of `set`.
    pub version: u64,
}

impl EngineConfig {
    /// The settings and evaluator of an analysis searcher (the review, the practice cards,
    /// the explanations): the search in force, with a table of `tt_mib` MiB, scoring in
    /// discs (never win/loss/draw only).
    pub(super) fn for_analysis(&self, tt_mib: usize) -> (SearchConfig, Arc<dyn Evaluate>) {
        let search = SearchConfig {
            tt_mib,
            wld_empties: self.set.search.exact_empties,
            ..self.set.search.clone()
        };
        (search, Arc::clone(&self.set.eval) as Arc<dyn Evaluate>)
    }
}

/// New tables or levels from a designer's folder (`designer/`), taken by the engine at
/// the start of its frame's work.
#[derive(Message, Debug, Clone)]
pub(super) struct TablesReloaded {
    /// The search settings and evaluator now in force, when either changed.
    pub set: Option<ConfigSet>,
    /// The new list of levels, when `levels.ron` changed and is valid.
    pub levels: Option<Vec<Level>>,
}
