//! One call for a game's engine job: the game says what it wants (its own move, pondering
//! on the human's time, or the hints) for a position, a level and its settings, on a game
//! clock or not, and [`Searcher::prepare`] answers with the book's move, nothing to do, or
//! the work to run on a worker thread with the searcher. Every engine rule a job follows is
//! here or below: the level's book, the time planner's budgets (a Monte Carlo level's time on
//! a clock, the hints' time), what pondering searches and how far. The game keeps only its
//! side: when to ask, where the work runs, and what it shows.

use std::sync::atomic::AtomicBool;

use rand::rngs::StdRng;

use crate::engine::board::Board;
use crate::engine::book::{Book, BookMove};
use crate::engine::control::{Clock, MoveScores, SearchInfo};
use crate::engine::mcts::MctsInfo;
use crate::engine::player::Searcher;
use crate::engine::player::levels::{Level, LevelKind};
use crate::engine::player::ponder::{PonderMode, ponder_target};
use crate::engine::player::time::GameClock;
use crate::engine::position::Position;
use crate::engine::search::SearchConfig;
use crate::engine::side::Side;
use crate::engine::square::Square;

/// What the game asks of the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobAsk {
    /// The engine's own move.
    Move,
    /// A search on the human's time, so that the engine's next search starts warm.
    Ponder(PonderMode),
    /// Every legal move of the side to move scored (the hints).
    Hints,
}

/// A job as the game asks for it.
pub struct JobSpec<'a> {
    /// What is wanted.
    pub ask: JobAsk,
    /// The game's position.
    pub position: Position,
    /// The level that plays (resolved by the game: the player's choice, the Adaptive
    /// level's, a drill's book use).
    pub level: Level,
    /// The search's settings in force (the designer's, with the game's table size).
    pub search: SearchConfig,
    /// The engine's game clock, under a time control.
    pub clock: Option<GameClock>,
    /// The opening book the level may play from.
    pub book: &'a Book,
    /// The randomness of a level's choices (the book's, an erring level's).
    pub rng: StdRng,
}

/// What a job finds: progress as it goes, and its result.
#[derive(Clone, Debug)]
pub enum Found {
    /// The engine's move (a move job's result).
    Move(Option<Square>, SearchInfo),
    /// An iteration of a search (a move or pondering).
    Line(SearchInfo),
    /// Every legal move scored at a new depth (hints).
    Scores(MoveScores),
    /// A Monte Carlo level's move rates so far, and `mcts.ron`'s `prior_scale_discs` (which
    /// turns a win rate into discs).
    Rates(MctsInfo, f64),
}

/// A job's search, to run on a worker with the searcher, the stop flag, a clock started as
/// the work starts and a way to report progress; it returns what it found.
pub type Work =
    Box<dyn FnOnce(&mut Searcher, &AtomicBool, &dyn Clock, &dyn Fn(Found)) -> Found + Send>;

/// A search to run.
pub struct Job {
    /// The position searched (the human's move played on it, when pondering on a guess).
    pub board: Board,
    /// The side whose view the search takes.
    pub side: Side,
    /// The human's reply pondering guessed, if it did.
    pub guess: Option<Square>,
    /// The search.
    pub work: Work,
}

/// The answer to a [`JobSpec`].
pub enum Prepared {
    /// The level's move from the book: no search.
    Book(BookMove),
    /// Nothing to search (nothing to ponder).
    Nothing,
    /// A search to run.
    Search(Job),
}

impl Searcher {
    /// Prepares the job `spec` asks for: the searcher gets the settings it needs, and the
    /// answer is the book's move, nothing, or the work to run with this searcher.
    pub fn prepare(&mut self, spec: JobSpec) -> Prepared {
        let JobSpec {
            ask,
            position,
            mut level,
            search,
            clock,
            book,
            mut rng,
        } = spec;
        // Monte Carlo has no planner of its own: on a clock, its time for a move is capped
        // by the planner's budget.
        if let Some(left) = &clock
            && level.kind == LevelKind::Mcts
        {
            let budget = left
                .budget(position.board.empty_count(), 0, &search.time)
                .soft_ms;
            level.time_ms = Some(level.time_ms.map_or(budget, |t| t.min(budget)));
        }
        let mcts = level.kind == LevelKind::Mcts;
        let board = position.board;
        let side = position.side_to_move;
        let job = |board, side, guess, work| {
            Prepared::Search(Job {
                board,
                side,
                guess,
                work,
            })
        };
        match ask {
            JobAsk::Move => {
                self.set_config(search);
                if let Some(m) = level.book_move(book, &board, &mut rng) {
                    return Prepared::Book(m);
                }
                job(board, side, None, move_work(level, clock, board, rng))
            }
            JobAsk::Ponder(_) if mcts => {
                // The tree grows under the position the human moves from, so that whatever
                // the reply, the engine's next search keeps that move's subtree; as far as
                // the level's own move would go, no further.
                let limits = level.mcts_limits(board.empty_count(), &search.time);
                let work: Work = Box::new(move |searcher, stop, clock, report| {
                    let result = searcher.mcts_ponder(&board, &limits, stop, clock, &mut |info| {
                        report(Found::Line(info.clone()))
                    });
                    Found::Line(result.info)
                });
                job(board, side, None, work)
            }
            JobAsk::Ponder(mode) => {
                self.set_config(search.clone());
                let Some((target, guess)) = ponder_target(mode, self, &board) else {
                    return Prepared::Nothing;
                };
                // The engine's next search solves where the level would, and the ponder
                // stops where that search would: pondering costs what the level needs.
                let plan = level.ponder_plan(target.empty_count(), guess.is_none(), &search.time);
                self.set_config(level.search_config(&plan, search));
                let side = if guess.is_some() { !side } else { side };
                let work: Work = Box::new(move |searcher, stop, clock, report| {
                    let result = searcher.search(&target, &plan.limits, stop, clock, &mut |info| {
                        report(Found::Line(info.clone()))
                    });
                    Found::Line(result.info)
                });
                job(target, side, guess, work)
            }
            JobAsk::Hints if mcts => {
                // The tree is the pondering too: the engine's next search keeps the subtree
                // of the move played.
                let scale = self.mcts_config().prior_scale_discs;
                let limits = level.mcts_limits(board.empty_count(), &search.time);
                let work: Work = Box::new(move |searcher, stop, clock, report| {
                    let found = searcher.mcts_scores(&board, &limits, stop, clock, &mut |info| {
                        report(Found::Rates(info.clone(), scale))
                    });
                    Found::Rates(found, scale)
                });
                job(board, side, None, work)
            }
            JobAsk::Hints => {
                // For as long as the strongest level would think.
                let limits = search.time.hints_limits(board.empty_count());
                self.set_config(search);
                let work: Work = Box::new(move |searcher, stop, clock, report| {
                    let scores =
                        searcher.score_moves_with(&board, &limits, stop, clock, &mut |s| {
                            report(Found::Scores(s.clone()))
                        });
                    Found::Scores(scores)
                });
                job(board, side, None, work)
            }
        }
    }
}

/// The level's search for its move, on its clock if it has one.
fn move_work(level: Level, clock: Option<GameClock>, board: Board, mut rng: StdRng) -> Work {
    Box::new(move |searcher, stop, timer, report| {
        let mut progress = |info: &SearchInfo| report(Found::Line(info.clone()));
        let (square, info) = level.play_on_clock(
            clock.as_ref(),
            searcher,
            &board,
            stop,
            timer,
            &mut progress,
            &mut rng,
        );
        Found::Move(square, info)
    })
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use rand::SeedableRng;

    use super::*;
    use crate::engine::player::levels::{BookUse, default_levels};

    fn level(name: &str) -> Level {
        default_levels()
            .into_iter()
            .find(|l| l.name == name)
            .expect("a shipped level")
    }

    fn spec(ask: JobAsk, position: Position, level: Level, book: &Book) -> JobSpec<'_> {
        JobSpec {
            ask,
            position,
            level,
            search: SearchConfig {
                tt_mib: 1,
                ..SearchConfig::shipped()
            },
            clock: None,
            book,
            rng: StdRng::seed_from_u64(7),
        }
    }

    fn new_searcher() -> Searcher {
        Searcher::new(SearchConfig {
            tt_mib: 1,
            ..SearchConfig::shipped()
        })
    }

    /// Runs a job's work to its end: what it found, and how many of its progress reports
    /// were move scores and how many were something else.
    fn run(searcher: &mut Searcher, job: Job) -> (Found, (usize, usize)) {
        let stop = AtomicBool::new(false);
        let reports = std::cell::Cell::new((0, 0));
        let found = (job.work)(searcher, &stop, &Instant::now(), &|found| {
            let (scores, other) = reports.get();
            reports.set(match found {
                Found::Scores(_) => (scores + 1, other),
                _ => (scores, other + 1),
            });
        });
        (found, reports.get())
    }

    #[test]
    fn a_level_that_uses_the_book_plays_its_move_without_a_search() {
        let book = Book::shipped();
        let mut best = level("Beginner");
        best.book = BookUse::Best;
        let start = Position::start();
        let Prepared::Book(m) = new_searcher().prepare(spec(JobAsk::Move, start, best, book))
        else {
            panic!("the book's move");
        };
        let moves = book.moves(&start.board);
        let top = moves.iter().map(|m| m.value).max().unwrap();
        assert_eq!(
            moves.iter().find(|b| b.square == m.square).unwrap().value,
            top
        );
        assert_eq!(m.value, top);
    }

    #[test]
    fn a_move_out_of_the_book_is_the_levels_search_on_the_position() {
        let mut searcher = new_searcher();
        let mut level = level("Advanced");
        level.book = BookUse::Off;
        // White to move after f5, so that the moves differ in value.
        let position = Position {
            board: Board::start().play("f5".parse().unwrap()),
            side_to_move: Side::White,
        };
        let prepared = searcher.prepare(spec(JobAsk::Move, position, level.clone(), &Book::new()));
        let Prepared::Search(job) = prepared else {
            panic!("a search");
        };
        assert_eq!(
            (job.board, job.side, job.guess),
            (position.board, Side::White, None)
        );
        let (found, _) = run(&mut searcher, job);
        let Found::Move(Some(square), info) = found else {
            panic!("a move, found {found:?}");
        };
        // The level's own search, on a fresh searcher.
        let stop = AtomicBool::new(false);
        let (expected, expected_info) = level.play(
            &mut new_searcher(),
            &position.board,
            &stop,
            &Instant::now(),
            &mut |_| {},
            &mut StdRng::seed_from_u64(7),
        );
        assert_eq!(
            (Some(square), info.score, info.depth),
            (expected, expected_info.score, expected_info.depth)
        );
    }

    #[test]
    fn hints_score_every_move_and_pondering_on_a_guess_searches_after_the_guess() {
        let mut searcher = new_searcher();
        // White to move after f5; a search there gives the table's best reply.
        let position = Position {
            board: Board::start().play("f5".parse().unwrap()),
            side_to_move: Side::White,
        };
        let mut level = level("Advanced");
        level.book = BookUse::Off;
        let hints = searcher.prepare(spec(JobAsk::Hints, position, level.clone(), &Book::new()));
        let Prepared::Search(job) = hints else {
            panic!("the hints' search");
        };
        let (found, reports) = run(&mut searcher, job);
        let Found::Scores(scores) = found else {
            panic!("scores, found {found:?}");
        };
        assert_eq!(scores.scores.len(), 3, "d6, f6 and f4 scored");
        // Progress came as move scores only, a depth at a time.
        assert!(reports.0 >= 1 && reports.1 == 0, "{reports:?}");
        // The engine's own move job on the same position leaves its best move in the table.
        let think = searcher.prepare(spec(JobAsk::Move, position, level.clone(), &Book::new()));
        let Prepared::Search(job) = think else {
            panic!("a search");
        };
        let (Found::Move(Some(best), _), _) = run(&mut searcher, job) else {
            panic!("a move");
        };
        let guess = searcher.table_move(&position.board).expect("a table move");
        assert_eq!(guess, best);
        let ask = JobAsk::Ponder(PonderMode::PredictedMove);
        let Prepared::Search(job) = searcher.prepare(spec(ask, position, level, &Book::new()))
        else {
            panic!("a ponder search");
        };
        assert_eq!(
            (job.board, job.side, job.guess),
            (position.board.play(guess), Side::Black, Some(guess))
        );
    }

    #[test]
    fn nothing_to_ponder_when_the_human_must_pass() {
        let pass = Position {
            board: Board {
                player: 1,
                opponent: 0,
            },
            side_to_move: Side::White,
        };
        let ask = JobAsk::Ponder(PonderMode::PredictedMove);
        let prepared = new_searcher().prepare(spec(ask, pass, level("Club"), &Book::new()));
        assert!(matches!(prepared, Prepared::Nothing));
    }
}
