use super::*;
use crate::app::files::paths::PRACTICE_FILE;
use crate::app::files::settings::Settings;
use crate::app::study::review::ReviewRequested;
use crate::app::temp_dir::TempDir;
use crate::engine::{Game, Grade};

/// A whole game in which Black, a beginner, loses 7-57 against Casual.
const LOST_GAME: &str = "d3c5b6f3d6c3g2e3b3f2f4g4f5e2e1d1f1g1d2b4a3c4h3g5h5h4c1b1b2c2g3h6g6c6b7f7g7e7h7a4e8c7f8a8a2a1b8c8d8f6e6h1b5a7h2a5a6h8g8d7";

#[test]
fn a_damaged_deck_is_set_aside_and_one_from_a_newer_version_left_alone() {
    let dir = TempDir::new("practice-load");
    let path = dir.0.join(PRACTICE_FILE);
    // No file: an empty deck, quietly, to be saved.
    let loaded = load(&path);
    assert_eq!(
        (loaded.value, loaded.notice, loaded.writable),
        (None, None, true)
    );
    // Damaged: set aside whole, named by its line, a new deck begun.
    let damaged = "Deck(\n    version: 1,\n    cards: [oops\n";
    dir.write(PRACTICE_FILE, damaged, 0);
    let loaded = load(&path);
    let notice = loaded.notice.unwrap();
    assert_eq!(notice.id, "practice-damaged-kept");
    let kept = dir.0.join(format!("{PRACTICE_FILE}.bad"));
    let names: Vec<&str> = notice.args.iter().map(|(k, _)| *k).collect();
    assert_eq!(names, ["kept", "path", "error"]);
    assert_eq!(notice.args[0].1, kept.display().to_string());
    assert_eq!(notice.args[1].1, path.display().to_string());
    assert!(
        notice.args[2].1.starts_with("line 3, "),
        "{:?}",
        notice.args
    );
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), damaged);
    assert!(!path.exists());
    assert!(loaded.writable && loaded.value.is_none());
    // A newer version's file: left as it is, and nothing saved over it.
    let newer = "Deck(version: 2, cards: [], tags: [])\n";
    dir.write(PRACTICE_FILE, newer, 0);
    let loaded = load(&path);
    let notice = loaded.notice.unwrap();
    assert_eq!(notice.id, "practice-unreadable");
    assert_eq!(
        notice.args[1].1,
        "version 2, this program reads version 1".to_string()
    );
    assert!(!loaded.writable);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), newer);
}

/// Runs frames until `done` holds (at most about 100 s).
fn run_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    for _ in 0..20_000 {
        app.update();
        if done(app) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("{what} never happened");
}

#[test]
fn a_reviews_mistakes_become_cards_that_are_answered_and_saved() {
    let dir = TempDir::new("practice-cards");
    let path = dir.0.join(PRACTICE_FILE);
    let mut set = crate::engine::ConfigSet::shipped();
    set.search.exact_empties = 10;
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(RunOptions {
            settings_dir: Some(dir.0.clone()),
            ..RunOptions::default()
        })
        .insert_resource(EngineConfig { set, version: 0 })
        .insert_resource(Match::new(Game::from_transcript(LOST_GAME).unwrap()))
        .insert_resource(Settings {
            engine_threads: 1,
            ..Settings::default()
        })
        .add_plugins((crate::app::study::review::plugin, plugin));
    app.world_mut().resource_mut::<GameReview>().set_depth(2);
    app.world_mut().write_message(ReviewRequested);
    run_until(&mut app, "the review", |app| {
        let review = app.world().resource::<GameReview>();
        review.exists() && !review.running()
    });
    let reviews = app.world().resource::<GameReview>().moves();
    let thresholds = ReviewThresholds::shipped();
    let black_mistakes: Vec<usize> = reviews
        .iter()
        .filter(|r| r.color == Side::Black && thresholds.grade(r.loss) >= Grade::Mistake)
        .map(|r| r.ply)
        .collect();
    assert!(black_mistakes.len() >= 3, "{black_mistakes:?}");
    app.world_mut().write_message(CardsRequested(Side::Black));
    app.update();
    assert!(app.world().resource::<Practice>().making().is_some());
    run_until(&mut app, "the cards", |app| {
        app.world().resource::<Practice>().making().is_none()
    });
    let deck = app.world().resource::<Practice>().deck.clone();
    // A card a mistake of Black's that its own values still call a mistake, at the
    // review's depth or exact.
    assert!(!deck.is_empty() && deck.len() <= black_mistakes.len());
    let game = Game::from_transcript(LOST_GAME).unwrap();
    for entry in deck.entries() {
        let card = &entry.card;
        assert!(black_mistakes.contains(&card.ply), "{}", card.ply);
        assert_eq!(card.position, game.position_at(card.ply - 1));
        assert_eq!(card.position.side_to_move, Side::Black);
        assert!(thresholds.grade(card.loss()) >= Grade::Mistake);
        let empties = card.position.board.empties().count_ones();
        assert_eq!(card.exact, empties <= 10, "ply {}", card.ply);
        assert_eq!(card.depth, if card.exact { empties } else { 2 });
        // The game's date and time.
        assert!(
            chrono::NaiveDateTime::parse_from_str(&entry.source, STAMP).is_ok(),
            "{}",
            entry.source
        );
    }
    let saved = || Deck::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(saved(), deck);
    // Asking again adds nothing: the positions are there.
    app.world_mut().write_message(CardsRequested(Side::Black));
    app.update();
    run_until(&mut app, "the cards again", |app| {
        app.world().resource::<Practice>().making().is_none()
    });
    assert_eq!(app.world().resource::<Practice>().deck, deck);

    // The first card shows; a wrong answer loses what the card says and is saved.
    app.world_mut().write_message(PracticeAction::Next);
    app.update();
    let card = deck.entries()[0].card.clone();
    assert_eq!(
        app.world()
            .resource::<Practice>()
            .shown
            .as_ref()
            .map(|s| s.index),
        Some(0)
    );
    let (worst, worst_score) = *card.scores.last().unwrap();
    app.world_mut().write_message(PracticeAction::Answer(worst));
    app.update();
    let practice = app.world().resource::<Practice>();
    let answer = practice.shown.as_ref().unwrap().answer.clone().unwrap();
    assert!(!answer.right);
    assert_eq!(answer.loss, card.best_score() - worst_score);
    assert_eq!(answer.best, card.best_moves());
    assert_eq!(saved().entries()[0].memory.reps, 1);
    assert_eq!(saved().entries()[0].memory.lapses, 0);
    // A second answer to the same card is not taken.
    app.world_mut()
        .write_message(PracticeAction::Answer(card.best_moves()[0]));
    app.update();
    assert_eq!(saved().entries()[0].memory.reps, 1);
    // The best line: a best move first, every move legal in turn.
    run_until(&mut app, "the best line", |app| {
        let shown = app.world().resource::<Practice>().shown.as_ref().unwrap();
        !shown.finding_line()
    });
    let line = app
        .world()
        .resource::<Practice>()
        .shown
        .as_ref()
        .unwrap()
        .line
        .clone();
    assert!(card.best_moves().contains(&line[0]), "{line:?}");
    let mut position = card.position;
    for &sq in &line {
        if !position.board.has_moves() {
            position = position.pass();
        }
        assert_ne!(position.board.moves() & sq.bit(), 0, "{line:?}");
        position = position.play_unchecked(sq);
    }
    assert_eq!(line_position(card.position, &line, line.len()), position);
    app.world_mut().write_message(PracticeAction::Step(99));
    app.update();
    assert_eq!(
        app.world()
            .resource::<Practice>()
            .shown
            .as_ref()
            .unwrap()
            .step,
        line.len()
    );
    // Removed: gone from the deck and the file.
    app.world_mut().write_message(PracticeAction::Remove);
    app.update();
    let practice = app.world().resource::<Practice>();
    assert!(practice.shown.is_none());
    assert_eq!(practice.deck.len(), deck.len() - 1);
    assert_eq!(saved(), practice.deck);
    assert!(!saved().entries().iter().any(|e| e.card == card));
}

#[test]
fn a_practice_position_in_range_is_loaded_for_the_side_to_move_to_play() {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(RunOptions::default())
        .insert_resource(EngineConfig {
            set: crate::engine::ConfigSet::shipped(),
            version: 0,
        })
        .insert_resource(Match::new(Game::new()))
        .insert_resource(Settings {
            mode: Mode::HumanVsHuman,
            ..Settings::default()
        })
        .add_plugins(plugin);
    // Convert the win at 36 empties: 41 shipped positions valued at depth 24 lie in +6..+12,
    // the 30 of them at +7..+11 count (a search's value counts a disc inside the range).
    assert_eq!(matching_positions(36, 6, 12).len(), 30);
    assert!(
        matching_positions(36, 6, 12)
            .iter()
            .all(|p| (7..=11).contains(&p.score))
    );
    assert_eq!(matching_positions(36, 0, 0).len(), 0);
    // The tab explains the margin where it is in play: at 36 empties (0 to 0 included, which
    // it empties), not at 24 (all exact) nor at 32 (all from a selective solve).
    assert!(search_margin_applies(36, 6, 12) && search_margin_applies(36, 0, 0));
    assert!(!search_margin_applies(24, -2, 2) && !search_margin_applies(32, -2, 2));
    app.world_mut().write_message(PracticeAction::PlayPosition {
        empties: 36,
        low: 6,
        high: 12,
    });
    app.update();
    let world = app.world();
    let played = world.resource::<Practice>().playing.unwrap();
    assert!((7..=11).contains(&played.score));
    assert_eq!(played.start.board.empty_count(), 36);
    assert_eq!(played.precision, crate::engine::ValuePrecision::Depth(24));
    let settings = world.resource::<Settings>();
    assert_eq!(settings.mode, Mode::HumanVsEngine);
    assert_eq!(settings.human_color, played.start.side_to_move);
    let loaded: Vec<(Position, usize, String)> = world
        .resource::<Messages<CommandIssued>>()
        .iter_current_update_messages()
        .map(|c| match &c.0 {
            Command::Load { game, source } => (game.start(), game.len(), source.clone()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        loaded,
        [(
            played.start,
            0,
            "a practice position (36 empties)".to_string()
        )]
    );
    // A range no position has: nothing loaded, and a toast says so.
    app.world_mut()
        .resource_mut::<Messages<CommandIssued>>()
        .clear();
    app.world_mut().write_message(PracticeAction::PlayPosition {
        empties: 16,
        low: 64,
        high: 64,
    });
    app.update();
    let world = app.world();
    assert_eq!(
        world
            .resource::<Messages<CommandIssued>>()
            .iter_current_update_messages()
            .count(),
        0
    );
    assert_eq!(
        world.resource::<Toasts>().texts(),
        ["No practice position has that value at that many empties."]
    );
}
