//! The engine's top tier, the one that plays: what gathers the searchers' settings into the
//! set a game or a command runs with ([`config_set`]). It stands on the searchers
//! (`search`, `endgame`, `mcts`) and the evaluator, which stand on the floor
//! ([`crate::engine::control`]); nothing below imports it.

pub mod config_set;
