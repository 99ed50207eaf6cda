//! Scores and the sentinels around them. A final score is the disc difference for the side
//! to move, -64..=64; the midgame search scores in discs too, the endgame's evaluation
//! search in hundredths of a disc. Each sentinel lies beyond every score of its kind.

/// Below every final score: "no move scored yet" in the solver (the worst loss is -64), and
/// the exact solve's window is `(NO_SCORE, -NO_SCORE)`.
pub const NO_SCORE: i32 = -65;

/// A bound beyond every score of the midgame search: the table's "no bound".
pub const NO_BOUND: i32 = 30_000;

/// The midgame search's infinity: its root window is `(-INFINITY, INFINITY)`.
pub const INFINITY: i32 = NO_BOUND;

/// Above every evaluation in hundredths of a disc and every final score times 100: the
/// window of the solver's evaluation search (its move ordering's guess).
pub(crate) const EVAL_INFINITY: i32 = 1 << 24;
