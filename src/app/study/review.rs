//! Game review in the game (issue 21): "Review game" searches every move of the record in the
//! background ([`review_game`] on the `AsyncComputeTaskPool`), each move against the best of
//! its position; the move list marks the mistakes and blunders as they come in, and the side
//! panel shows the progress, then each player's summary. A review stops at once when the
//! game's record changes (a new game, a move that replaces the rest of the record, a load).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use crate::engine::{
    Game, MoveReview, Ply, Position, SearchLimits, Searcher, Threads, review_game,
};

use crate::app::engine_config::EngineConfig;
use crate::app::files::settings::Settings;
use crate::app::play::game::Match;

/// Depth of the review's searches (the solver takes the last empties exactly).
pub(crate) const REVIEW_DEPTH: u32 = 12;

/// The player asked for a review of the game.
#[derive(Message, Debug, Clone, Copy)]
pub(crate) struct ReviewRequested;

/// The review of the game's record, while it runs and once done.
#[derive(Resource, Default)]
pub(crate) struct GameReview {
    /// The record reviewed: its start and plies; `None` when there is no review.
    record: Option<(Position, Vec<Ply>)>,
    /// The moves to review (passes are not).
    pub total: usize,
    /// The moves reviewed so far, in order.
    done: Arc<Mutex<Vec<MoveReview>>>,
    /// When it started.
    started: Option<Instant>,
    /// How long it took, once done.
    pub took_s: Option<f64>,
    task: Option<Task<()>>,
    stop: Arc<AtomicBool>,
    /// Depth of the searches ([`REVIEW_DEPTH`]; 0 until the first review).
    depth: u32,
}

impl GameReview {
    /// Whether a review (running or done) belongs to `game`'s record.
    fn is_of(&self, game: &Game) -> bool {
        self.record
            .as_ref()
            .is_some_and(|(start, plies)| *start == game.start() && plies == game.recorded_plies())
    }

    /// Whether a review runs.
    pub(crate) fn running(&self) -> bool {
        self.task.is_some()
    }

    /// Whether there is a review (running or done).
    pub(crate) fn exists(&self) -> bool {
        self.record.is_some()
    }

    /// The moves reviewed so far.
    pub(crate) fn moves(&self) -> Vec<MoveReview> {
        self.done.lock().expect("review").clone()
    }

    /// The moves reviewed so far after the first `n`.
    pub(super) fn moves_after(&self, n: usize) -> Vec<MoveReview> {
        self.done
            .lock()
            .expect("review")
            .get(n..)
            .map_or_else(Vec::new, <[MoveReview]>::to_vec)
    }

    /// When the review in hand started (it tells one review from the next).
    pub(crate) fn started(&self) -> Option<Instant> {
        self.started
    }

    /// The reviewed move played from the position the game shows, when it lost discs: the
    /// move whose best alternative the board rings.
    pub(crate) fn mistake_here(&self, game: &Game) -> Option<MoveReview> {
        if !self.is_of(game) {
            return None;
        }
        let ply = game.cursor() + 1;
        self.done
            .lock()
            .expect("review")
            .iter()
            .find(|r| r.ply == ply && r.loss > 0)
            .copied()
    }

    /// Seconds left, from the pace so far (the endgame's solved moves are faster).
    pub(crate) fn seconds_left(&self, done: usize) -> Option<f64> {
        let started = self.started?;
        (done > 0).then(|| {
            started.elapsed().as_secs_f64() / done as f64
                * (self.total - done.min(self.total)) as f64
        })
    }

    /// The depth of the review's searches.
    pub(crate) fn depth(&self) -> u32 {
        if self.depth == 0 {
            REVIEW_DEPTH
        } else {
            self.depth
        }
    }

    /// Sets the depth of the next review's searches (the tests' shallow reviews).
    #[cfg(test)]
    pub(crate) fn set_depth(&mut self, depth: u32) {
        self.depth = depth;
    }

    /// Stops a running review and forgets it (keeping the depth).
    fn clear(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        *self = GameReview {
            depth: self.depth,
            ..GameReview::default()
        };
    }
}

/// The number of moves (not passes) of a record.
fn move_count(plies: &[Ply]) -> usize {
    plies.iter().filter(|p| matches!(p, Ply::Move(_))).count()
}

/// Whether the game's record has a move to review.
pub(crate) fn reviewable(game: &Game) -> bool {
    move_count(game.recorded_plies()) > 0
}

/// Starts a review when asked (replacing one that runs).
fn start_review(
    mut requests: MessageReader<ReviewRequested>,
    m: Res<Match>,
    config: Res<EngineConfig>,
    settings: Res<Settings>,
    mut review: ResMut<GameReview>,
) {
    if requests.read().last().is_none() {
        return;
    }
    review.clear();
    let (search, eval) = config.for_analysis(32);
    let game = m.game.clone();
    let threads = settings.engine_threads as usize;
    let done = Arc::clone(&review.done);
    let stop = Arc::clone(&review.stop);
    review.total = move_count(game.recorded_plies());
    review.record = Some((game.start(), game.recorded_plies().to_vec()));
    review.started = Some(Instant::now());
    let depth = review.depth();
    review.task = Some(AsyncComputeTaskPool::get().spawn(async move {
        // Its table is allocated here, off the main thread.
        let mut searcher = Searcher::with_evaluator(search, eval);
        // On the engine's threads (the setting's count; one if the pool will not start).
        searcher.set_threads(Threads::new(threads).unwrap_or_default());
        let limits = SearchLimits::depth(depth);
        let _ = review_game(&game, &mut searcher, &limits, &stop, &mut |r| {
            done.lock().expect("review").push(*r);
        });
    }));
}

/// Forgets the review when the record it belongs to is gone; notes when it ends.
fn follow_review(m: Res<Match>, mut review: ResMut<GameReview>) {
    if review.exists() && !review.is_of(&m.game) {
        review.clear();
        return;
    }
    if let Some(task) = review.task.as_mut()
        && block_on(poll_once(task)).is_some()
    {
        review.task = None;
        review.took_s = review.started.map(|s| s.elapsed().as_secs_f64());
    }
}

/// Stops a running review when the app closes.
fn stop_review_on_exit(mut exits: MessageReader<AppExit>, review: Res<GameReview>) {
    if exits.read().next().is_some() {
        review.stop.store(true, Ordering::Relaxed);
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<GameReview>()
        .add_message::<ReviewRequested>()
        .add_systems(
            Update,
            (start_review, follow_review)
                .chain()
                .in_set(crate::app::schedule::GameSystems::Engine),
        )
        .add_systems(Last, stop_review_on_exit);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An app with the review's systems, the shipped tables (solving from 10 empties) and
    /// a game.
    fn app_with(game: Game) -> App {
        let mut set = crate::engine::ConfigSet::shipped();
        set.search.exact_empties = 10;
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(EngineConfig { set, version: 0 })
            .insert_resource(Match::new(game))
            // Two threads: the review's answers do not depend on it (full width, fixed
            // depth, exact solves), which the test's exact figures check.
            .insert_resource(Settings {
                engine_threads: 2,
                ..Settings::default()
            })
            .add_plugins(plugin);
        app
    }

    #[test]
    fn a_review_fills_in_every_move_and_goes_when_the_record_changes() {
        let moves = "f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3h5h7c5b4e8d8b5e3c8b8c6a5d2b6c7b3\
                     f2c2a6d1a4e2g3f1g2a3a2g8c1e1b2a1b1a7b7h2h1g1h8a8g7";
        let game = Game::from_transcript(moves).unwrap();
        assert!(game.is_over());
        let mut app = app_with(game.clone());
        app.world_mut().resource_mut::<GameReview>().depth = 2;
        app.world_mut().write_message(ReviewRequested);
        let mut frames = 0;
        loop {
            app.update();
            frames += 1;
            if !app.world().resource::<GameReview>().running() {
                break;
            }
            assert!(frames < 20_000, "the review never ended");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let review = app.world().resource::<GameReview>();
        let moves = review.moves();
        assert_eq!((moves.len(), review.total), (60, 60));
        let plies: Vec<usize> = moves.iter().map(|r| r.ply).collect();
        assert_eq!(plies, (1..=60).collect::<Vec<_>>());
        // From 10 empties on, every move's scores are the solver's; before, none is.
        let exact: Vec<bool> = moves.iter().map(|r| r.exact).collect();
        assert_eq!(exact, (1..=60).map(|ply| ply > 50).collect::<Vec<_>>());
        assert!(review.took_s.is_some());
        // Viewing an earlier position keeps the review and names the move played from it
        // when that lost discs; a new record ends it.
        let lost = moves.iter().find(|r| r.loss > 0).copied().unwrap();
        let kept = moves.iter().find(|r| r.loss == 0).copied().unwrap();
        app.world_mut()
            .resource_mut::<Match>()
            .game
            .go_to(lost.ply - 1);
        app.update();
        let m = app.world().resource::<Match>();
        let review = app.world().resource::<GameReview>();
        assert!(review.exists());
        assert_eq!(review.mistake_here(&m.game), Some(lost));
        app.world_mut()
            .resource_mut::<Match>()
            .game
            .go_to(kept.ply - 1);
        let m = app.world().resource::<Match>();
        assert_eq!(
            app.world().resource::<GameReview>().mistake_here(&m.game),
            None
        );
        app.world_mut().resource_mut::<Match>().game = Game::new();
        app.update();
        let review = app.world().resource::<GameReview>();
        assert!(!review.exists());
        assert!(review.moves().is_empty());
    }
}
