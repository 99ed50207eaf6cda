//! Which engine a command uses: the shipped settings, the simple evaluator, or a designer's
//! folder (`--config <dir>`, `match --a/--b`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::engine::{ConfigSet, Evaluate, MctsConfig, SearchConfig, Searcher, SimpleEval};

/// Reads `rel` in `dir`: `None` when it is not there; an I/O error is kept in `error`.
pub(crate) fn read_in(
    dir: &Path,
    rel: &str,
    error: &mut Option<String>,
) -> Option<(String, String)> {
    let path: PathBuf = dir.join(rel);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some((path.display().to_string(), text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => {
            *error = Some(format!("{}: {e}", path.display()));
            None
        }
    }
}

/// The settings of a designer's folder (an existing one) over the shipped ones.
///
/// # Errors
/// A file that cannot be read, or each part's file:line:column errors, a line each.
pub(crate) fn folder_set(dir: &Path) -> Result<ConfigSet, String> {
    let mut io_error = None;
    let mut set = ConfigSet::shipped();
    let result = set.reload(&mut |rel| read_in(dir, rel, &mut io_error));
    if let Some(e) = io_error {
        return Err(e);
    }
    if let Err(errors) = result {
        let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
        return Err(lines.join("\n"));
    }
    Ok(set)
}

/// An engine's settings: search knobs and evaluator.
#[derive(Clone)]
pub struct EngineSpec {
    /// What the user named it.
    pub name: String,
    /// Search settings.
    pub search: SearchConfig,
    /// The evaluator.
    pub eval: Arc<dyn Evaluate>,
    /// Monte Carlo tree search's settings (`mcts.ron`).
    pub mcts: MctsConfig,
}

impl EngineSpec {
    /// `shipped` (the built-in files), `simple` (disc-square values and mobility only), or a
    /// folder holding any of `search.ron`, `eval.ron`, `patterns/*.ron`, `mcts.ron`, `simple-eval.ron`
    /// (files it lacks come from the shipped set; with `simple-eval.ron` and no `eval.ron`
    /// the folder's engine uses the simple evaluator).
    ///
    /// # Errors
    /// A message naming the folder or the file, line and column of a bad file.
    pub fn from_arg(arg: &str) -> Result<EngineSpec, String> {
        match arg {
            "shipped" => {
                let set = ConfigSet::shipped();
                Ok(EngineSpec {
                    name: arg.to_string(),
                    search: set.search,
                    eval: set.eval,
                    mcts: set.mcts,
                })
            }
            "simple" => Ok(EngineSpec {
                name: arg.to_string(),
                search: SearchConfig::shipped(),
                eval: Arc::new(SimpleEval::default()),
                mcts: MctsConfig::shipped(),
            }),
            dir => EngineSpec::from_folder(Path::new(dir)),
        }
    }

    /// The engine of a designer's folder.
    ///
    /// # Errors
    /// As [`EngineSpec::from_arg`].
    pub fn from_folder(dir: &Path) -> Result<EngineSpec, String> {
        if !dir.is_dir() {
            return Err(format!(
                "{}: not a folder (expected `shipped`, `simple` or a config folder)",
                dir.display()
            ));
        }
        let set = folder_set(dir)?;
        let mut io_error = None;
        let simple = read_in(dir, "simple-eval.ron", &mut io_error);
        let has_eval = read_in(dir, "eval.ron", &mut io_error).is_some();
        if let Some(e) = io_error {
            return Err(e);
        }
        let eval: Arc<dyn Evaluate> = match simple {
            Some((name, text)) if !has_eval => {
                Arc::new(SimpleEval::from_ron(&name, &text).map_err(|e| e.to_string())?)
            }
            _ => set.eval,
        };
        Ok(EngineSpec {
            name: dir.display().to_string(),
            search: set.search,
            eval,
            mcts: set.mcts,
        })
    }

    /// A searcher with these settings and a table of `tt_mib` MiB.
    ///
    /// # Errors
    /// A size out of range, or memory the system cannot give.
    pub fn searcher(&self, tt_mib: usize) -> Result<Searcher, String> {
        crate::cli::check_tt_mib("--tt-mib", tt_mib)?;
        let config = SearchConfig {
            tt_mib,
            ..self.search.clone()
        };
        crate::cli::searcher(config, Arc::clone(&self.eval))
    }
}
