//! The designer-editable settings in force: search settings, evaluation tables and Monte
//! Carlo tree search's settings, reloaded from a folder as a whole or not at all for each
//! part.

use std::sync::Arc;

use crate::engine::config::error::ConfigError;
use crate::engine::eval::{PatternEval, shipped_eval_text, shipped_pattern_text};
use crate::engine::mcts::MctsConfig;
use crate::engine::search::SearchConfig;

/// The settings in force. A reload replaces a part only when every file of that part is
/// valid; otherwise the last good part stays and the errors are returned.
#[derive(Clone, Debug)]
pub struct ConfigSet {
    /// Search settings (`search.ron`).
    pub search: SearchConfig,
    /// The evaluator (`eval.ron` and `patterns/*.ron`).
    pub eval: Arc<PatternEval>,
    /// Monte Carlo tree search (`mcts.ron`).
    pub mcts: MctsConfig,
}

impl Default for ConfigSet {
    fn default() -> ConfigSet {
        ConfigSet::shipped()
    }
}

/// Reads a file of a designer's folder by its path relative to the folder (`eval.ron`,
/// `patterns/edge.ron`): `Some((name to show, text))`, or `None` when the folder does not
/// have it (the shipped file is used then).
pub type FolderReader<'a> = dyn FnMut(&str) -> Option<(String, String)> + 'a;

impl ConfigSet {
    /// The shipped settings, compiled in.
    pub fn shipped() -> ConfigSet {
        ConfigSet {
            search: SearchConfig::shipped(),
            eval: PatternEval::shipped_shared(),
            mcts: MctsConfig::shipped(),
        }
    }

    /// Reloads every part from a folder read through `read`. Parts whose files are all
    /// valid replace the ones in force; the others stay as they were.
    ///
    /// # Errors
    /// One [`ConfigError`] per part that could not be replaced.
    pub fn reload(&mut self, read: &mut FolderReader<'_>) -> Result<(), Vec<ConfigError>> {
        let mut errors = Vec::new();
        let search = match read("search.ron") {
            Some((name, text)) => SearchConfig::from_ron(&name, &text),
            None => Ok(SearchConfig::shipped()),
        };
        match search {
            Ok(s) => self.search = s,
            Err(e) => errors.push(e),
        }
        let mcts = match read("mcts.ron") {
            Some((name, text)) => MctsConfig::from_ron(&name, &text),
            None => Ok(MctsConfig::shipped()),
        };
        match mcts {
            Ok(m) => self.mcts = m,
            Err(e) => errors.push(e),
        }
        let (eval_name, eval_text) = read("eval.ron").unwrap_or_else(|| {
            (
                "config/eval.ron".to_string(),
                shipped_eval_text().to_string(),
            )
        });
        let eval = PatternEval::load(&eval_name, &eval_text, &mut |family| {
            let path = format!("patterns/{family}.ron");
            match read(&path) {
                Some(found) => Ok(found),
                None => shipped_pattern_text(family)
                    .map(|t| (format!("config/{path}"), t.to_string()))
                    .ok_or_else(|| ConfigError::invalid(&eval_name, format!("no table {path}"))),
            }
        });
        match eval {
            Ok(e) => self.eval = Arc::new(e),
            Err(e) => errors.push(e),
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }
}
