//! Practice (issue 55): the player's mistakes as puzzles that come back by spaced repetition.
//!
//! After a review, the side panel offers to make cards of a player's mistakes
//! ([`CardsRequested`]): each mistake's position is scored move by move in the background
//! (`cards_from_reviews`, at the review's depth, exact at the solver's empties) and the cards
//! go into the player's deck (`practice.ron` in the data folder, [`PlayerPaths`]), a card a
//! position. The Practice window (`ui/dialogs/practice.rs`) serves the cards that are due; a
//! click on a square answers ([`PracticeAction`]): right or wrong with the discs lost, the
//! card's next time from FSRS, and the best line found in the background, to step through on
//! the window's board.
//!
//! The deck is saved after each change, through a temporary file renamed over it. A deck
//! file that is damaged is set aside (`practice.ron.bad`) with a notice and a fresh deck
//! begun; one that cannot be read, or was written by a newer version, is left alone and
//! nothing is saved over it this session.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use crate::engine::{
    Answer, Card, Deck, DeckError, Game, MoveReview, Position, PracticePosition, ReviewThresholds,
    SearchLimits, Searcher, Side, Square, ValuePrecision, cards_from_reviews, line_after,
    positions_along, shipped_positions,
};
use crate::t;

use crate::app::engine_config::EngineConfig;
use crate::app::files::paths::PlayerPaths;
use crate::app::files::player_file::{FileNotices, Loaded, Refused, load_player_file};
use crate::app::files::settings::{Mode, Settings};
use crate::app::i18n::Tr;
use crate::app::messages::{Command, CommandIssued};
use crate::app::notices::{Notice, Notices, Toasts, raise_at_build};
use crate::app::play::game::Match;
use crate::app::run_options::RunOptions;
use crate::app::study::review::{GameReview, REVIEW_DEPTH};

/// The player asked for cards of one side's mistakes in the reviewed game.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CardsRequested(pub Side);

/// What the player did in the Practice window.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PracticeAction {
    /// Show the next due card (or, none being due, the soonest).
    Next,
    /// Answer the card shown with this move.
    Answer(Square),
    /// Show this many plies of the best line.
    Step(usize),
    /// Take the card shown out of the deck.
    Remove,
    /// Drill the named opening of this index in the shipped catalogue (`drill.rs`).
    Drill(usize),
    /// Drill the book line on the board: the game's plies up to the position shown.
    DrillBoard,
    /// Take back the move that left the book, to try again.
    DrillRetry,
    /// Play a shipped practice position at `empties` whose value lies in `low..=high`,
    /// against the level of the settings, as the side to move.
    PlayPosition {
        /// Empty squares.
        empties: u32,
        /// The lowest value, in discs for the side to move.
        low: i32,
        /// The highest.
        high: i32,
    },
}

/// A practice position being played out against the engine: what it was worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PositionPlayed {
    /// The position; the game starts there.
    pub start: Position,
    /// Its value for the side to move (the player).
    pub score: i32,
    /// How sure the value is.
    pub precision: ValuePrecision,
}

/// The shipped practice positions at `empties` whose value puts them in `low..=high`: a
/// solve's value anywhere in it, a search's a disc or more inside its ends
/// ([`ValuePrecision::places_in`]), so that nine in ten keep the range when valued deeper.
pub(crate) fn matching_positions(
    empties: u32,
    low: i32,
    high: i32,
) -> Vec<&'static PracticePosition> {
    shipped_positions()
        .iter()
        .filter(|p| {
            p.position.board.empty_count() == empties && p.precision.places_in(p.score, low, high)
        })
        .collect()
}

/// Whether the margin of a search's value is in play for `low..=high` at `empties`: some
/// shipped position there valued by a search lies in the range, counted or not.
pub(crate) fn search_margin_applies(empties: u32, low: i32, high: i32) -> bool {
    shipped_positions().iter().any(|p| {
        p.position.board.empty_count() == empties
            && p.precision.range_margin() > 0
            && (low..=high).contains(&p.score)
    })
}

/// The card on show in the Practice window.
pub(crate) struct Shown {
    /// Its index in the deck.
    pub index: usize,
    /// The answer, once given.
    pub answer: Option<Answer>,
    /// The best line from the card's position (its first move one of the best), once found.
    pub line: Vec<Square>,
    /// How many plies of the line the board shows.
    pub step: usize,
    line_task: Option<Task<Vec<Square>>>,
    stop: Arc<AtomicBool>,
}

impl Shown {
    fn new(index: usize) -> Shown {
        Shown {
            index,
            answer: None,
            line: Vec::new(),
            step: 0,
            line_task: None,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Whether the best line is still being searched.
    pub(crate) fn finding_line(&self) -> bool {
        self.line_task.is_some()
    }
}

impl Drop for Shown {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Cards being made from a review, in the background.
struct Making {
    task: Task<Option<Vec<Card>>>,
    stop: Arc<AtomicBool>,
    /// `(scored, mistakes)` so far.
    progress: Arc<std::sync::Mutex<(usize, usize)>>,
}

/// The player's deck and the Practice window's state.
#[derive(Resource, Default)]
pub(crate) struct Practice {
    /// The cards.
    pub deck: Deck,
    /// Where the deck is saved; `None` when it is not (a scripted run, no home folder, a
    /// file that could not be read).
    path: Option<PathBuf>,
    /// The card on show.
    pub shown: Option<Shown>,
    making: Option<Making>,
    /// The practice position of the game in hand, if it started from one.
    pub playing: Option<PositionPlayed>,
}

impl Practice {
    /// `(scored, mistakes)` of the cards being made, while they are.
    pub(crate) fn making(&self) -> Option<(usize, usize)> {
        self.making
            .as_ref()
            .map(|m| *m.progress.lock().expect("progress"))
    }

    /// The practice position being played out in a game from `start`: the game starts at
    /// the position, against the engine, the player to move there.
    pub(crate) fn played_out(
        &self,
        settings: &Settings,
        start: &Position,
    ) -> Option<PositionPlayed> {
        self.playing.filter(|p| {
            p.start == *start
                && settings.mode == Mode::HumanVsEngine
                && p.start.side_to_move == settings.human_color
        })
    }

    /// The name of the level that plays the engine's side of a game from `start`: the
    /// practice opponent ([`Settings::practice_opponent`]) while a practice position is played
    /// out against it ([`Practice::played_out`]), else the player's level.
    pub(crate) fn level_in_force<'a>(&self, settings: &'a Settings, start: &Position) -> &'a str {
        if self.played_out(settings, start).is_some() {
            &settings.practice_opponent
        } else {
            &settings.level
        }
    }

    /// The card on show, with its entry.
    pub(crate) fn shown_entry(&self) -> Option<(&Shown, &crate::engine::DeckEntry)> {
        let shown = self.shown.as_ref()?;
        Some((shown, self.deck.entries().get(shown.index)?))
    }

    /// Shows card `index` answered with `chosen` at `now`, with no search (the tests').
    #[cfg(test)]
    pub(crate) fn answer_for_test(&mut self, index: usize, chosen: Square, now: i64) {
        let mut shown = Shown::new(index);
        shown.answer = self.deck.answer(index, chosen, now);
        self.shown = Some(shown);
    }

    /// Saves the deck where it belongs; a notice when that fails.
    fn save(&self) -> Option<Notice> {
        let path = self.path.as_deref()?;
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| crate::whole_file::write_whole_io(path, self.deck.to_text()));
        written.err().map(|e| {
            Notice::new("practice-save-failed")
                .path("path", path)
                .arg("error", e)
        })
    }
}

/// Seconds since 1970, the deck's clock.
pub(crate) fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// Reads the deck at `path` (`player_file`'s rules): a deck's text that does not parse, or
/// a card that is not a puzzle, is damage (named by its line or card); another version is
/// left alone.
fn load(path: &Path) -> Loaded<Deck> {
    let notices = FileNotices {
        unreadable: "practice-unreadable",
        damaged_kept: "practice-damaged-kept",
        damaged_left: "practice-damaged-left",
    };
    load_player_file(path, &notices, |text| {
        Deck::parse(text).map_err(|e| match e {
            DeckError::Version(_) => Refused::Newer(e.to_string()),
            _ => Refused::Damaged(e.to_string()),
        })
    })
}

/// Starts making cards of a side's mistakes in the game's finished review.
fn start_making(
    mut requests: MessageReader<CardsRequested>,
    m: Res<Match>,
    review: Res<GameReview>,
    config: Res<EngineConfig>,
    mut practice: ResMut<Practice>,
    mut toasts: ResMut<Toasts>,
    tr: Res<Tr>,
) {
    let Some(&CardsRequested(side)) = requests.read().last() else {
        return;
    };
    if practice.making.is_some() || review.running() || !review.exists() {
        return;
    }
    let reviews: Vec<MoveReview> = review.moves();
    if reviews.is_empty() {
        return;
    }
    let thresholds = ReviewThresholds::shipped();
    if !reviews
        .iter()
        .any(|r| r.color == side && thresholds.grade(r.loss) >= crate::engine::Grade::Mistake)
    {
        toasts.push(t!(tr, "practice-no-mistakes"));
        return;
    }
    let (search, eval) = config.for_analysis(32);
    let game = m.game.clone();
    let depth = review.depth();
    let stop = Arc::new(AtomicBool::new(false));
    let progress = Arc::new(std::sync::Mutex::new((0, 0)));
    let (task_stop, task_progress) = (Arc::clone(&stop), Arc::clone(&progress));
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let mut searcher = Searcher::with_evaluator(search, eval);
        cards_from_reviews(
            &game,
            &reviews,
            Some(side),
            &mut searcher,
            &SearchLimits::depth(depth),
            &thresholds,
            &task_stop,
            &mut |scored, mistakes| *task_progress.lock().expect("progress") = (scored, mistakes),
        )
    });
    practice.making = Some(Making {
        task,
        stop,
        progress,
    });
}

/// The local date and time, `2026-11-26 21:05`: the source of a game's cards.
fn game_stamp() -> String {
    chrono::Local::now().format(STAMP).to_string()
}

/// The form of [`game_stamp`].
const STAMP: &str = "%Y-%m-%d %H:%M";

/// Takes the cards made, and the best line found, when their searches end.
fn follow_tasks(
    mut practice: ResMut<Practice>,
    mut toasts: ResMut<Toasts>,
    mut notices: ResMut<Notices>,
    tr: Res<Tr>,
) {
    if let Some(making) = practice.making.as_mut()
        && let Some(cards) = block_on(poll_once(&mut making.task))
    {
        practice.making = None;
        if let Some(cards) = cards {
            let made = cards.len();
            let added = practice.deck.add(cards, &game_stamp(), unix_now());
            toasts.push(t!(
                tr,
                "practice-cards-added",
                added = added,
                known = made - added
            ));
            if added > 0
                && let Some(notice) = practice.save()
            {
                notices.push(notice);
            }
        }
    }
    if let Some(shown) = practice.shown.as_mut()
        && let Some(task) = shown.line_task.as_mut()
        && let Some(line) = block_on(poll_once(task))
    {
        shown.line_task = None;
        shown.line = line;
    }
}

/// Carries out the Practice window's actions.
#[expect(
    clippy::too_many_arguments,
    reason = "a system: the actions, the engine, the deck, the settings, the game and the toasts"
)]
fn act(
    mut actions: MessageReader<PracticeAction>,
    config: Res<EngineConfig>,
    mut practice: ResMut<Practice>,
    mut notices: ResMut<Notices>,
    mut settings: ResMut<Settings>,
    mut commands: MessageWriter<CommandIssued>,
    mut toasts: ResMut<Toasts>,
    tr: Res<Tr>,
) {
    for action in actions.read().copied().collect::<Vec<_>>() {
        let now = unix_now();
        match action {
            PracticeAction::Next => {
                let current = practice.shown.as_ref().map(|s| s.index);
                practice.shown = practice
                    .deck
                    .next_due(now, current)
                    .or_else(|| practice.deck.soonest())
                    .map(Shown::new);
            }
            PracticeAction::Answer(square) => {
                let Some(index) = practice
                    .shown
                    .as_ref()
                    .filter(|s| s.answer.is_none())
                    .map(|s| s.index)
                else {
                    continue;
                };
                let Some(answer) = practice.deck.answer(index, square, now) else {
                    continue;
                };
                let card = practice.deck.entries()[index].card.clone();
                let (search, eval) = config.for_analysis(16);
                let shown = practice.shown.as_mut().expect("shown");
                let stop = Arc::clone(&shown.stop);
                let depth = card.depth.min(REVIEW_DEPTH);
                let first = card.best_moves()[0];
                shown.line_task = Some(AsyncComputeTaskPool::get().spawn(async move {
                    let mut searcher = Searcher::with_evaluator(search, eval);
                    line_after(&card.position, first, &mut searcher, depth, &stop)
                        .unwrap_or_else(|| vec![first])
                }));
                shown.answer = Some(answer);
                if let Some(notice) = practice.save() {
                    notices.push(notice);
                }
            }
            PracticeAction::Step(step) => {
                if let Some(shown) = practice.shown.as_mut() {
                    shown.step = step.min(shown.line.len());
                }
            }
            PracticeAction::PlayPosition { empties, low, high } => {
                let matching = matching_positions(empties, low, high);
                if matching.is_empty() {
                    toasts.push(t!(tr, "practice-no-position"));
                    continue;
                }
                let p = matching[rand::random_range(0..matching.len())];
                settings.mode = Mode::HumanVsEngine;
                settings.human_color = p.position.side_to_move;
                practice.playing = Some(PositionPlayed {
                    start: p.position,
                    score: p.score,
                    precision: p.precision,
                });
                commands.write(CommandIssued(Command::Load {
                    game: Game::from_position(p.position),
                    source: t!(tr, "practice-position-source", empties = empties),
                }));
            }
            // The drill's own system starts it.
            PracticeAction::Drill(_) | PracticeAction::DrillBoard | PracticeAction::DrillRetry => {}
            PracticeAction::Remove => {
                if let Some(shown) = practice.shown.take() {
                    practice.deck.remove(shown.index);
                    if let Some(notice) = practice.save() {
                        notices.push(notice);
                    }
                }
            }
        }
    }
}

/// Stops the searches in hand when the app closes.
fn stop_on_exit(mut exits: MessageReader<AppExit>, practice: Res<Practice>) {
    if exits.read().next().is_some() {
        if let Some(making) = &practice.making {
            making.stop.store(true, Ordering::Relaxed);
        }
        if let Some(shown) = &practice.shown {
            shown.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// The position the window's board shows: the card's, then `step` plies of the line (a
/// side with no move passes).
pub(crate) fn line_position(start: Position, line: &[Square], step: usize) -> Position {
    positions_along(&start, &line[..step.min(line.len())])
        .last()
        .copied()
        .unwrap_or(start)
}

pub(super) fn plugin(app: &mut App) {
    let options = app.world().resource::<RunOptions>().clone();
    let path = PlayerPaths::of(&options).practice;
    let mut practice = Practice::default();
    if let Some(path) = path {
        let loaded = load(&path);
        if let Some(notice) = loaded.notice {
            warn!("{}", notice.text(&Tr::default()));
            raise_at_build(app, notice);
        }
        practice.deck = loaded.value.unwrap_or_default();
        practice.path = loaded.writable.then_some(path);
    }
    app.insert_resource(practice)
        .init_resource::<Toasts>()
        .init_resource::<Notices>()
        .init_resource::<Tr>()
        .init_resource::<GameReview>()
        .init_resource::<Settings>()
        .add_message::<CommandIssued>()
        .add_message::<CardsRequested>()
        .add_message::<PracticeAction>()
        .add_systems(
            Update,
            (start_making, act, follow_tasks)
                .chain()
                .in_set(crate::app::schedule::GameSystems::Engine),
        )
        .add_systems(Last, stop_on_exit);
}

#[cfg(test)]
mod tests;
