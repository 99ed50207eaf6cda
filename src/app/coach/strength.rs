//! The player's strength (issue 55): each finished game against the engine that the player
//! has reviewed adds the player's losses per move to a history (`strength.ron` in the data
//! folder), and the Practice window's Strength tab reads a rating off the levels' curve
//! (`config/rating.ron`, [`RatingModel`]) from the last games pooled, with its error, and
//! draws each game's rating over time.
//!
//! The history is versioned and saved after each game through a temporary file renamed over
//! it; a damaged file is set aside (`strength.ron.bad`) with a notice and a new history
//! begun; one that cannot be read, or that a newer version wrote, is left alone and nothing
//! is saved over it this session.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::engine::{LossStats, RatingEstimate, RatingModel, Side};

use crate::app::files::paths::PlayerPaths;
use crate::app::files::player_file::{FileNotices, Refused, load_player_file};
use crate::app::files::settings::{Mode, Settings};
use crate::app::i18n::Tr;
use crate::app::notices::{Notice, Notices, raise_at_build};
use crate::app::play::game::{Help, Match};
use crate::app::run_options::RunOptions;
use crate::app::study::review::GameReview;

/// The version of the history's file this program writes and reads.
const STRENGTH_VERSION: u32 = 1;

/// How many of the last games the rating pools.
pub(crate) const POOLED_GAMES: usize = 20;

/// One reviewed game of the player's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct GameStrength {
    /// When it was recorded (local date and time, `2026-11-26 21:05`).
    pub date: String,
    /// The game: its start (OBF) when not the standard one, and its moves.
    pub game: String,
    /// The player's colour.
    pub side: Side,
    /// The level the engine played.
    pub level: String,
    /// The player's result, in discs.
    pub result: i32,
    /// The player's losses per move.
    pub stats: LossStats,
    /// The help the player had: only a game without any (rated) moves the rating. Games
    /// recorded before this was kept read as rated, as they counted then.
    #[serde(default)]
    pub help: Help,
}

/// The history's file.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Strength")]
struct StrengthFile {
    version: u32,
    games: Vec<GameStrength>,
}

/// The player's reviewed games, oldest first, and where they are kept.
#[derive(Resource, Default)]
pub(crate) struct Strength {
    /// The games.
    pub games: Vec<GameStrength>,
    /// Where the history is saved; `None` when it is not.
    path: Option<PathBuf>,
}

impl Strength {
    /// The rated games, oldest first: those that move the rating.
    pub(crate) fn rated(&self) -> Vec<GameStrength> {
        self.games
            .iter()
            .filter(|g| g.help.rated())
            .cloned()
            .collect()
    }

    /// The rating from the last [`POOLED_GAMES`] rated games, pooled.
    pub(crate) fn estimate(&self, model: &RatingModel) -> Option<RatingEstimate> {
        model.estimate_from(pooled(&self.rated()))
    }

    /// Each rated game's own rating (`None` for a game of fewer than 10 moves), and the
    /// pooled rating after it: the graph's points.
    pub(crate) fn trend(&self, model: &RatingModel) -> Vec<(Option<f64>, Option<f64>)> {
        let rated = self.rated();
        (0..rated.len())
            .map(|i| {
                let own = model.estimate_from(rated[i].stats).map(|e| e.rating);
                let so_far = model.estimate_from(pooled(&rated[..=i])).map(|e| e.rating);
                (own, so_far)
            })
            .collect()
    }

    /// Adds (or, for a game already there with the same side, replaces) a game, and saves.
    fn record(&mut self, game: GameStrength) -> Option<Notice> {
        match self
            .games
            .iter_mut()
            .find(|g| g.game == game.game && g.side == game.side)
        {
            Some(old) => *old = game,
            None => self.games.push(game),
        }
        let path = self.path.as_deref()?;
        let file = StrengthFile {
            version: STRENGTH_VERSION,
            games: self.games.clone(),
        };
        let text = ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default())
            .expect("a history is RON");
        path.parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| crate::whole_file::write_whole_io(path, &text))
            .err()
            .map(|e| {
                Notice::new("strength-save-failed")
                    .path("path", path)
                    .arg("error", e)
            })
    }
}

/// The last [`POOLED_GAMES`] games' losses, pooled.
fn pooled(games: &[GameStrength]) -> LossStats {
    games
        .iter()
        .rev()
        .take(POOLED_GAMES)
        .fold(LossStats::default(), |s, g| s.plus(g.stats))
}

/// Reads the history at `path` (`player_file`'s rules): its games, a notice when it could
/// not be used, and whether it may be saved over.
fn load(path: &Path) -> (Vec<GameStrength>, Option<Notice>, bool) {
    let notices = FileNotices {
        unreadable: "strength-unreadable",
        damaged_kept: "strength-damaged-kept",
        damaged_left: "strength-damaged-left",
    };
    let loaded = load_player_file(path, &notices, |text| {
        match ron::from_str::<StrengthFile>(text) {
            Ok(file) if file.version == STRENGTH_VERSION => Ok(file.games),
            Ok(file) => Err(Refused::Newer(format!(
                "version {}, this program reads version {STRENGTH_VERSION}",
                file.version
            ))),
            Err(e) => Err(Refused::Damaged(format!(
                "line {}, column {}: {}",
                e.span.start.line, e.span.start.col, e.code
            ))),
        }
    });
    (
        loaded.value.unwrap_or_default(),
        loaded.notice,
        loaded.writable,
    )
}

/// The game as the history keeps it: its start when not the standard one, and its moves.
fn game_text(m: &Match) -> String {
    let moves = m.game.transcript_with_passes();
    if m.game.start() == crate::engine::Position::start() {
        moves
    } else {
        format!("{} {moves}", m.game.start())
    }
}

/// Records a finished game against the engine once its review is done: the player's
/// losses per move.
fn record_reviewed_game(
    review: Res<GameReview>,
    m: Res<Match>,
    settings: Res<Settings>,
    practice: Res<super::practice::Practice>,
    mut strength: ResMut<Strength>,
    mut notices: ResMut<Notices>,
    mut recorded: Local<Option<std::time::Instant>>,
) {
    if review.running()
        || review.took_s.is_none()
        || review.started() == *recorded
        || settings.mode != Mode::HumanVsEngine
        || !m.game.is_over()
    {
        return;
    }
    *recorded = review.started();
    let side = settings.human_color;
    let losses: Vec<i32> = review
        .moves()
        .iter()
        .filter(|r| r.color == side)
        .map(|r| r.loss)
        .collect();
    let final_black = m.game.position().final_score_black();
    let game = GameStrength {
        date: chrono::Local::now().format("%Y-%m-%d %H:%M").to_string(),
        game: game_text(&m),
        side,
        level: practice
            .level_in_force(&settings, &m.game.start())
            .to_string(),
        result: if side == Side::Black {
            final_black
        } else {
            -final_black
        },
        stats: LossStats::of(&losses),
        help: m.help,
    };
    if let Some(notice) = strength.record(game) {
        notices.push(notice);
    }
}

pub(super) fn plugin(app: &mut App) {
    let options = app.world().resource::<RunOptions>().clone();
    let mut strength = Strength::default();
    if let Some(path) = PlayerPaths::of(&options).strength {
        let (games, notice, writable) = load(&path);
        if let Some(notice) = notice {
            warn!("{}", notice.text(&Tr::default()));
            raise_at_build(app, notice);
        }
        strength.games = games;
        strength.path = writable.then_some(path);
    }
    app.insert_resource(strength)
        .init_resource::<GameReview>()
        .init_resource::<Notices>()
        .init_resource::<Settings>()
        .init_resource::<super::practice::Practice>()
        .add_systems(
            Update,
            record_reviewed_game.in_set(crate::app::schedule::GameSystems::Engine),
        );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::temp_dir::TempDir;

    fn game(result: i32, losses: &[i32]) -> GameStrength {
        GameStrength {
            date: "2026-11-26 21:05".into(),
            game: format!("f5d6 {result}"),
            side: Side::Black,
            level: "Casual".into(),
            result,
            stats: LossStats::of(losses),
            help: Help::default(),
        }
    }

    #[test]
    fn the_history_is_saved_read_back_and_set_aside_when_damaged() {
        let dir = TempDir::new("strength");
        let path = dir.0.join("strength.ron");
        let mut strength = Strength {
            games: Vec::new(),
            path: Some(path.clone()),
        };
        assert_eq!(strength.record(game(4, &[1, 2, 3])), None);
        assert_eq!(strength.record(game(-6, &[0, 9])), None);
        // The same game again replaces it.
        assert_eq!(strength.record(game(4, &[2; 5])), None);
        let (games, notice, writable) = load(&path);
        assert_eq!((notice, writable), (None, true));
        assert_eq!(games, strength.games);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].stats, LossStats::of(&[2; 5]));
        // Damaged: set aside, a new history.
        dir.write("strength.ron", "Strength(version: 1, games: [(", 0);
        let (games, notice, writable) = load(&path);
        assert!(games.is_empty() && writable);
        let notice = notice.unwrap();
        assert_eq!(notice.id, "strength-damaged-kept");
        assert!(dir.0.join("strength.ron.bad").exists());
        // A newer version: left alone.
        dir.write("strength.ron", "Strength(version: 2, games: [])", 0);
        let (_, notice, writable) = load(&path);
        assert_eq!(notice.unwrap().id, "strength-unreadable");
        assert!(!writable);
    }

    #[test]
    fn a_reviewed_finished_game_against_the_engine_is_recorded_once() {
        use crate::app::engine_config::EngineConfig;
        use crate::app::study::review::ReviewRequested;
        // Black, the player, loses 7-57 against Casual.
        let moves = "d3c5b6f3d6c3g2e3b3f2f4g4f5e2e1d1f1g1d2b4a3c4h3g5h5h4c1b1b2c2g3h6g6c6b7f7g7e7h7a4e8c7f8a8a2a1b8c8d8f6e6h1b5a7h2a5a6h8g8d7";
        let game = crate::engine::Game::from_transcript(moves).unwrap();
        let dir = TempDir::new("strength-record");
        let mut set = crate::engine::ConfigSet::shipped();
        set.search.exact_empties = 10;
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(RunOptions {
                settings_dir: Some(dir.0.clone()),
                ..RunOptions::default()
            })
            .insert_resource(EngineConfig { set, version: 0 })
            .insert_resource(Match::new(game.clone()))
            .insert_resource(Settings {
                engine_threads: 1,
                ..Settings::default()
            })
            .add_plugins((crate::app::study::review::plugin, plugin));
        app.world_mut().resource_mut::<GameReview>().set_depth(2);
        for round in 0..2 {
            app.world_mut().write_message(ReviewRequested);
            app.update();
            for _ in 0..20_000 {
                app.update();
                if !app.world().resource::<GameReview>().running() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            app.update();
            let reviewed: Vec<i32> = app
                .world()
                .resource::<GameReview>()
                .moves()
                .iter()
                .filter(|r| r.color == Side::Black)
                .map(|r| r.loss)
                .collect();
            let strength = app.world().resource::<Strength>();
            // Reviewed twice: one game, its figures the review's.
            assert_eq!(strength.games.len(), 1, "round {round}");
            let g = &strength.games[0];
            assert_eq!(
                (g.side, g.level.as_str(), g.result),
                (Side::Black, "Casual", -50)
            );
            assert_eq!(g.stats, LossStats::of(&reviewed));
            assert_eq!(g.game, game.transcript_with_passes());
            let (saved, _, _) = load(&dir.0.join("strength.ron"));
            assert_eq!(saved, strength.games);
        }
    }

    #[test]
    fn the_rating_pools_the_last_games() {
        let model = RatingModel::shipped();
        let mut strength = Strength::default();
        // 25 games: the first five lose 8 discs a move, the last twenty 1.
        for i in 0..25 {
            let loss = if i < 5 { 8 } else { 1 };
            strength.games.push(GameStrength {
                game: i.to_string(),
                ..game(0, &[loss; 30])
            });
        }
        let estimate = strength.estimate(model).unwrap();
        assert_eq!((estimate.moves, estimate.mean_loss), (600, 1.0));
        assert_eq!(estimate.rating, model.rating_at(1.0));
        let trend = strength.trend(model);
        assert_eq!(trend.len(), 25);
        assert_eq!(
            trend[0],
            (Some(model.rating_at(8.0)), Some(model.rating_at(8.0)))
        );
        assert_eq!(trend[24].0, Some(model.rating_at(1.0)));
        // A game of 9 moves has no rating of its own.
        strength.games.push(game(0, &[1; 9]));
        assert_eq!(strength.trend(model)[25].0, None);
    }

    #[test]
    fn only_rated_games_move_the_rating() {
        let model = RatingModel::shipped();
        let mut strength = Strength::default();
        strength.games.push(game(0, &[4; 30]));
        // With the hints on, then with a move taken back: each near perfect, neither counts.
        strength.games.push(GameStrength {
            help: Help {
                hints: true,
                ..Help::default()
            },
            ..game(1, &[0; 30])
        });
        strength.games.push(GameStrength {
            help: Help {
                takebacks: 1,
                ..Help::default()
            },
            ..game(2, &[0; 30])
        });
        let estimate = strength.estimate(model).unwrap();
        assert_eq!((estimate.moves, estimate.mean_loss), (30, 4.0));
        assert_eq!(strength.trend(model).len(), 1);
        // A history written before help was kept reads as rated.
        let old = "Strength(version: 1, games: [(date: \"2026-11-26 21:05\", game: \"f5d6\", \
                   side: Black, level: \"Casual\", result: 4, stats: (moves: 30, sum: 60, \
                   sum_sq: 120))])";
        let file: StrengthFile = ron::from_str(old).unwrap();
        assert!(file.games[0].help.rated());
    }
}
