//! The Othello engine. It depends on std, serde, ron, rand, rayon and thiserror, plus
//! chrono and rs-fsrs for the coach's practice deck (`coach/deck.rs`) and, on Linux, libc
//! for huge pages under the large tables (`control/alloc.rs`): no Bevy, no clap, no
//! files; a search reads only the clock it is handed, and the tasks that run searches one
//! after another (reviews, the coach, the book's searches) start each one's clock with
//! [`control::start_clock`], the one place the engine reads the wall clock; threads only
//! when asked for ([`Threads`]). Build it
//! alone with `cargo build --no-default-features` (which still builds the command line,
//! `cli/`, beside it in the same crate; the engine imports neither `cli` nor `app`, as
//! `tests/integration/house` checks).
//!
//! - Rules: [`Board`] on bitboards (`bitboard`: masks, shifts, symmetries, the quadrants of
//!   parity), [`Square`], [`Position`] (a board and its side to move), [`Game`] (a game with
//!   its history), [`perft()`]; `stability`: stable discs, the solver's and the evaluator's.
//! - Text (`formats/`): transcripts and OBF (`notation`, [`Game::from_text`]), GGF game
//!   records ([`GgfGame`]).
//! - [`search`]: the midgame tree search. [`TreeSearch`](search::TreeSearch)
//!   (`tree_search.rs`) holds the node functions (root, principal-variation and null-window
//!   nodes) and the MTD(f) and aspiration drivers, `probcut.rs` the selective cuts' model and
//!   the selectivity ladder a search climbs at the end of the game, `alphabeta.rs` the
//!   reference negamax and alpha-beta; all are generic over [`search::SearchGame`] so that the
//!   tests run them on oracle trees.
//! - [`control`], the floor every searcher stands on: [`SearchLimits`] and the reports
//!   ([`SearchInfo`]), the [`Clock`] a search is handed, moves and move lists, the range
//!   check of settings and tables allocated without aborting. [`StopPoller`](control::StopPoller)
//!   is the one way every search (ordering searches and the solver included) looks at its
//!   stop flag and limits.
//! - `endgame`: the exact solver ([`Solver`]): MTD(f) over null-window searches (`nws`),
//!   its table, ordering, stability cutoffs and the unrolled last four empties.
//! - [`eval`]: the evaluators ([`PatternEval`], the shipped one; [`SimpleEval`]) and their
//!   RON files; [`eval::tune`] fits them to the self-play [`corpus`].
//! - Configuration (`config/`): [`ConfigError`] (file:line:column) and the shipped files'
//!   defaults; each settings type lives with what it configures, and [`ConfigSet`] (a
//!   designer's folder of RON files) gathers them at the top (`player/`).
//! - [`book`]: the opening book (positions keyed up to symmetry, negamax over the book's
//!   lines, its versioned text file with a checksum, planning its growth); `book_search`: the
//!   searches that grow it and learn games into it ([`run_task`],
//!   [`Book::learn`](book::Book::learn)), in the tier of a player's uses; `openings`: the
//!   names of the openings ([`OpeningNames`], `data/openings.txt`), matched by position up
//!   to symmetry.
//! - [`mcts`]: Monte Carlo tree search ([`Mcts`]): UCT with progressive bias from the
//!   evaluator, random or heavy playouts, MCTS-Solver over the exact solver, tree reuse;
//!   `config/mcts.ron`.
//! - `player`, the top tier that plays: [`Searcher`]
//!   (`player/searcher.rs`: iterative deepening with MTD(f) or PVS over the tree search, the
//!   hand-over of the last empties to the solver, Monte Carlo for its levels), the time
//!   planner (`player/time.rs`: a move's [`Budget`] on a [`GameClock`], when a move solves,
//!   [`solve_thresholds`], and the rules of [`TimeConfig`]), the levels (`player/levels/`:
//!   [`Level`], how each plans and plays a move, the Adaptive level, the levels'
//!   [`RatingModel`]), pondering (`player/ponder.rs`: what to search on the opponent's time)
//!   and [`ConfigSet`]. `docs/engine.md` ("The tiers") gives every part's tier.
//! - `threads`: the pool a parallel search runs on ([`Threads`]).
//! - `review`: each move of a game against the best move of its position ([`review_game`]),
//!   graded by `config/review.ron`.
//! - `coach`: practice from a player's games: puzzles made from their mistakes ([`Card`]).

mod bitboard;
mod board;
pub mod book;
mod book_search;
mod coach;
mod config;
pub mod control;
pub mod corpus;
mod database;
mod endgame;
pub mod eval;
mod formats;
mod game;
pub mod mcts;
mod openings;
mod perft;
mod player;
mod position;
mod review;
mod score;
pub mod search;
mod side;
mod square;
mod stability;
mod threads;
mod xot;

pub use bitboard::{CORNERS, Squares, Symmetry, neighbours};
pub use board::{Board, BookKey, IllegalMove, flips, legal_moves};
pub use book_search::{Learned, run_task};
pub use coach::{
    Answer, Card, CardsProgress, DECK_VERSION, Deck, DeckEntry, DeckError, Explanation, Fact,
    LOOKAHEAD, Memory, PARITY_EMPTIES, PositionsError, PracticePosition, PracticeProgress,
    PracticeSpec, SHIPPED_POSITIONS, Stage, ValuePrecision, cards_from_game, cards_from_reviews,
    explain_move, line_after, odd_regions, parse_positions, pick_practice, position_at_empties,
    positions_along, shipped_positions,
};
pub use config::error::ConfigError;
pub use control::{Clock, MoveScores, SearchInfo, SearchLimits, SearchResult, TableAllocError};
pub use database::{
    Database, DatabaseBuilder, DbFilter, DbGame, DbMove, GameAt, INDEX_MAGIC, RatedGame, RatingFit,
    SourceFile, expected_score, fit_ratings, log_loss,
};
pub use endgame::{MobilityEval, Passed, SolveMode, Solved, Solver, SolverConfig};
pub use eval::{Breakdown, Evaluate, PatternEval, SimpleEval};
pub use formats::ByteError;
pub use formats::ggf::{GgfBoardError, GgfError, GgfErrorKind, GgfGame, GgfMoveError};
pub use formats::notation::{
    GameTextError, ObfError, ObfRecord, TranscriptError, TranscriptErrorKind,
};
pub use formats::wthor::{
    WTHOR_GAME, WTHOR_HEADER, WTHOR_PLAYER, WTHOR_TOURNAMENT, WthorError, WthorGame, WthorHeader,
    read_wtb, read_wthor_header, read_wthor_names, write_wtb, write_wthor_names,
};
pub use game::{Game, GameError, Ply};
pub use mcts::{Mcts, MctsConfig, MctsInfo, MctsLimits, Outcome, PlayoutPolicy};
pub use openings::{Named, Opening, OpeningNames, OpeningsError, SHIPPED_OPENINGS};
pub use perft::perft;
pub use player::config_set::{ConfigSet, FolderReader};
pub use player::levels::{
    ADAPTIVE, ADAPTIVE_START, ADAPTIVE_STEP, BookUse, DEFAULT_LEVELS_RON, Level, LevelKind,
    LevelPoint, LossStats, MAX_LEVEL_PLAYOUTS, MovePlan, PEOPLE_CLASSES, PeopleBand, PeopleElo,
    PeopleErrors, RatingEstimate, RatingModel, SHIPPED_PEOPLE_RON, SHIPPED_RATING_RON,
    adaptive_after_game, adaptive_level, adaptive_parts, default_levels, parse_levels, phase_of,
    with_people,
};
pub use player::ponder::{PonderMode, ponder_target};
pub use player::time::{Budget, GameClock, solve_thresholds};
pub use player::{Found, Job, JobAsk, JobSpec, Prepared, Searcher, Work};
pub use position::{MAX_EMPTIES, Position, PositionError, SetupError, SetupNext};
pub use review::{
    DEFAULT_REVIEW_RON, Grade, MoveReview, PlayerSummary, ReviewThresholds, review_game, summarize,
};
pub use search::{
    Algorithm, MAX_TT_MIB, OrderingMode, ProbCut, ProbCutSigma, SearchConfig, TimeConfig,
};
pub use side::Side;
pub use square::{Square, SquareParseError};
pub use threads::{MAX_THREADS, Threads, ThreadsError};
pub use xot::{SHIPPED_XOT, XotError, XotOpening, parse_xot, shipped_xot};
