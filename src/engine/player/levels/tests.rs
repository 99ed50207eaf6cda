//! The levels' tests: parsing, plans, play.

use std::sync::atomic::AtomicBool;

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::*;
use crate::engine::control::SearchLimits;
use crate::engine::mcts::MctsLimits;
use crate::engine::player::Searcher;
use crate::engine::player::time::GameClock;
use crate::engine::search::{SearchConfig, TimeConfig};

/// The shipped time management.
fn time() -> TimeConfig {
    SearchConfig::shipped().time
}

#[test]
fn shipped_levels_parse() {
    let levels = default_levels();
    let names: Vec<&str> = levels.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Beginner",
            "Novice",
            "Monte Carlo",
            "Tournament 1400",
            "Casual",
            "Tournament 1800",
            "Club",
            "Tournament 2000",
            "Intermediate",
            "Advanced",
            "Expert",
            "Master",
            "Grandmaster",
            "Strongest"
        ]
    );
    assert!(levels[0].errs());
    assert!(!levels.last().unwrap().errs());
    let kinds: Vec<LevelKind> = levels.iter().map(|l| l.kind).collect();
    assert_eq!(kinds.iter().filter(|&&k| k == LevelKind::Mcts).count(), 1);
    assert_eq!(kinds[2], LevelKind::Mcts);
    assert_eq!((levels[2].time_ms, levels[2].playouts), (Some(1000), None));
}

#[test]
fn errors_name_line_and_column() {
    let parse = |text| parse_levels("l.ron", text).unwrap_err();
    let e = parse("[\n  (name: \"A\", description: \"x\", depth: Some(2)),\n  (name: 3)\n]");
    assert_eq!((e.file.as_str(), e.line, e.column), ("l.ron", 3, 9));
    let e = parse("[(name: \"A\", description: \"x\")]");
    assert_eq!(
        e.to_string(),
        "l.ron:1:3: level 1 \"A\": has neither depth nor time_ms"
    );
    assert_eq!(
        parse("[]").to_string(),
        "l.ron: the list of levels is empty"
    );
    let e = parse(concat!(
        "[(name: \"A\", description: \"\", depth: Some(1)),",
        " (name: \"A\", description: \"\", depth: Some(2))]"
    ));
    assert_eq!(
        e.to_string(),
        "l.ron:1:49: level 2 \"A\": two levels are named \"A\""
    );
    // Issue 17: these were accepted, then hung (or overflowed `exact_empties + 2`).
    let e = parse(concat!(
        "[(name: \"A\", description: \"\", depth: Some(1)),\n",
        " (name: \"B\", description: \"\", depth: Some(1000))]"
    ));
    assert_eq!(
        e.to_string(),
        "l.ron:2:3: level 2 \"B\": depth 1000 is not in 1..=30 plies (deeper takes hours a move)"
    );
    let e = parse("[(name: \"A\", description: \"\", depth: Some(2), exact_empties: 4294967295)]");
    assert_eq!(
        e.to_string(),
        "l.ron:1:3: level 1 \"A\": exact_empties 4294967295 is not in 0..=30 (more takes hours a move)"
    );
    let e = parse("[(name: \"A\", description: \"\", time_ms: Some(0))]");
    assert_eq!(
        e.to_string(),
        "l.ron:1:3: level 1 \"A\": time_ms 0 is not in 1..=600000 milliseconds"
    );
    let e = parse("[(name: \"A\", description: \"\", depth: Some(1), temperature: inf)]");
    assert_eq!(
        e.to_string(),
        "l.ron:1:3: level 1 \"A\": temperature inf is not a number of discs in 0..=64"
    );
    let e = parse("[(name: \"A\", description: \"\", depth: Some(1), probcut: 11.0)]");
    assert_eq!(
        e.to_string(),
        "l.ron:1:3: level 1 \"A\": probcut 11 is not a number of standard deviations in 0..=10"
    );
}

#[test]
fn a_level_sets_its_probcut_and_solver_thresholds() {
    let levels = default_levels();
    let strongest = levels.iter().find(|l| l.name == "Strongest").unwrap();
    let base = SearchConfig::default();
    let plan = strongest.plan(40, &time());
    let config = strongest.search_config(&plan, base.clone());
    assert_eq!(config.probcut_t, strongest.probcut);
    assert!(
        strongest.probcut > 0.0,
        "the strongest level searches selectively"
    );
    assert_eq!(
        (config.exact_empties, config.wld_empties),
        (plan.exact_empties, plan.wld_empties)
    );
    assert_eq!(config.tt_mib, base.tt_mib);
    // The levels below keep the full-width search the calibration measured.
    assert!(
        levels
            .iter()
            .filter(|l| l.name != "Strongest")
            .all(|l| l.probcut == 0.0)
    );
}

fn timed(time_ms: u64, exact_empties: u32) -> Level {
    Level {
        name: "T".into(),
        description: String::new(),
        kind: LevelKind::AlphaBeta,
        depth: None,
        time_ms: Some(time_ms),
        playouts: None,
        exact_empties,
        temperature: 0.0,
        phase_loss: None,
        plays_like: None,
        people: None,
        probcut: 0.0,
        book: BookUse::Off,
    }
}

#[test]
fn budgets_follow_the_phase() {
    assert_eq!(time().move_budget_ms(1000, 56), (400, 800));
    assert_eq!(time().move_budget_ms(1000, 46), (800, 1600));
    assert_eq!(time().move_budget_ms(1000, 36), (1300, 2600));
    assert_eq!(time().move_budget_ms(1000, 24), (1000, 2000));
    assert_eq!(time().move_budget_ms(1, 60), (1, 2));
    assert_eq!(time().expected_solve_ms(20, false), 140);
    assert_eq!(time().expected_solve_ms(22, false), 827);
    assert_eq!(time().expected_solve_ms(22, true), 119);
    assert!(time().expected_solve_ms(30, false) > time().expected_solve_ms(29, false));
    assert_eq!(
        time().expected_solve_ms(64, false),
        time().expected_solve_ms(60, false)
    );
}

#[test]
fn plans_solve_when_the_solver_fits_the_budget() {
    // A depth level: its depth, its thresholds, no clock.
    let depth = Level {
        depth: Some(6),
        time_ms: None,
        ..timed(0, 12)
    };
    let plan = depth.plan(30, &time());
    assert_eq!((plan.exact_empties, plan.wld_empties), (12, 14));
    assert_eq!(plan.limits, SearchLimits::depth(6));
    // A 5 s level in the middle game: the phase's budget, thresholds as set.
    let strong = timed(5000, 20);
    let plan = strong.plan(36, &time());
    assert_eq!((plan.exact_empties, plan.wld_empties), (20, 22));
    let limits = plan.limits;
    assert_eq!(
        (limits.soft_time_ms, limits.time_ms),
        (Some(6500), Some(13000))
    );
    // At 24 empties an exact solve (about 4.9 s) fits the 5 s budget: solve now.
    assert_eq!(strong.plan(24, &time()).exact_empties, 24);
    // At 25 (about 11.9 s) it does not, but a win/loss/draw proof (1.7 s) does; at 27
    // (10.0 s) not even that.
    let plan = strong.plan(25, &time());
    assert_eq!((plan.exact_empties, plan.wld_empties), (20, 25));
    let plan = strong.plan(27, &time());
    assert_eq!((plan.exact_empties, plan.wld_empties), (20, 22));
    // A designer's 0.5 s level that asks for exact play from 30 empties: too slow for
    // the clock, so it searches on until the solve fits.
    let eager = timed(500, 30);
    let plan = eager.plan(30, &time());
    assert_eq!((plan.exact_empties, plan.wld_empties), (0, 0));
    let plan = eager.plan(20, &time());
    assert_eq!((plan.exact_empties, plan.wld_empties), (30, 32));
    // A level that never solves never starts early either.
    assert_eq!(timed(5000, 0).plan(14, &time()).exact_empties, 0);
}

#[test]
fn on_a_clock_levels_plan_within_its_budget() {
    let t = time();
    let clock = GameClock {
        left_ms: 300_000,
        increment_ms: 0,
    };
    let budget = clock.budget(30, 12, &t);
    // A depth level: its depth and its own solve thresholds however much time is left,
    // the clock's budget as its limits.
    let depth = Level {
        depth: Some(6),
        time_ms: None,
        ..timed(0, 12)
    };
    let plan = depth.plan_on_clock(30, &clock, &t);
    assert_eq!((plan.exact_empties, plan.wld_empties), (12, 14));
    assert_eq!(
        (
            plan.limits.depth,
            plan.limits.soft_time_ms,
            plan.limits.time_ms
        ),
        (Some(6), Some(budget.soft_ms), Some(budget.hard_ms))
    );
    assert_eq!(depth.plan_on_clock(24, &clock, &t).exact_empties, 12);
    // A time level takes the smaller of its own budget and the clock's ...
    let strong = timed(5000, 20);
    let own = strong.plan(36, &t).limits;
    let plan = strong.plan_on_clock(36, &clock, &t);
    let on_clock = clock.budget(36, 20, &t);
    assert_eq!(
        (plan.limits.soft_time_ms, plan.limits.time_ms),
        (
            Some(on_clock.soft_ms.min(own.soft_time_ms.unwrap())),
            Some(on_clock.hard_ms.min(own.time_ms.unwrap()))
        )
    );
    // ... and a short clock is the smaller one: 2 s for the whole game.
    let short = GameClock {
        left_ms: 2000,
        increment_ms: 0,
    };
    let plan = strong.plan_on_clock(36, &short, &t);
    assert_eq!(
        plan.limits.soft_time_ms,
        Some(short.budget(36, 20, &t).soft_ms)
    );
    // Its share of the clock (about 229 ms of 2 s at 36 empties), planned 1.5 times.
    assert!(plan.limits.soft_time_ms.unwrap() < 400);
}

#[test]
fn pondering_stops_where_the_levels_own_search_would() {
    let t = time();
    let levels = default_levels();
    let casual = levels.iter().find(|l| l.name == "Casual").unwrap();
    // The human's position (every reply): one ply more than Casual's depth 2, solving as
    // Casual would at the move after the reply.
    let replies = casual.ponder_plan(40, true, &t);
    assert_eq!(replies.limits, SearchLimits::depth(3));
    assert_eq!(
        (replies.exact_empties, replies.wld_empties),
        (
            casual.plan(39, &t).exact_empties,
            casual.plan(39, &t).wld_empties
        )
    );
    // The predicted reply's position: Casual's own plan there.
    assert_eq!(casual.ponder_plan(39, false, &t), casual.plan(39, &t));
    // A time level ponders no longer than its own move after the reply may take.
    let strongest = levels.iter().find(|l| l.name == "Strongest").unwrap();
    let plan = strongest.ponder_plan(40, true, &t);
    assert_eq!(plan, strongest.plan(39, &t));
    assert_eq!(plan.limits.time_ms, Some(7_800));
    // And a pondering search on the human's time ends by itself at that depth: nothing
    // runs on through the player's turn.
    let mut searcher = Searcher::new(SearchConfig {
        tt_mib: 1,
        ..SearchConfig::shipped()
    });
    let board = Board::start().play("f5".parse().unwrap());
    let plan = casual.ponder_plan(board.empty_count(), true, &t);
    searcher.set_config(casual.search_config(&plan, searcher.config().clone()));
    let never = AtomicBool::new(false);
    let result = searcher.search(
        &board,
        &plan.limits,
        &never,
        &std::time::Instant::now(),
        &mut |_| {},
    );
    assert!(!result.stopped);
    assert_eq!(result.info.depth, 3);
}

#[test]
fn levels_play_legal_moves_and_repeat_with_the_seed() {
    let mut searcher = Searcher::new(SearchConfig {
        tt_mib: 1,
        ..SearchConfig::shipped()
    });
    let board = Board::start().play("f5".parse().unwrap());
    let stop = AtomicBool::new(false);
    let clock = std::time::Instant::now();
    let erring = Level {
        depth: Some(2),
        time_ms: None,
        temperature: 6.0,
        probcut: 0.0,
        book: BookUse::Off,
        ..timed(0, 0)
    };
    let picks: Vec<Square> = (0..2)
        .flat_map(|_| {
            let mut rng = StdRng::seed_from_u64(3);
            (0..20)
                .map(|_| {
                    let (sq, info) =
                        erring.play(&mut searcher, &board, &stop, &clock, &mut |_| {}, &mut rng);
                    let sq = sq.unwrap();
                    assert_ne!(board.moves() & sq.bit(), 0);
                    assert_eq!((info.best_move, info.depth), (Some(sq), 2));
                    sq
                })
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(picks[..20], picks[20..]);
    // At 6 discs of temperature all three replies to f5 come up in 20 tries.
    let mut distinct = picks.clone();
    distinct.sort_by_key(|s| s.index());
    distinct.dedup();
    assert_eq!(distinct.len(), 3);
    // A time level stops on the flag and still has a move: the first of the search's
    // ordering (fastest first) among the replies to f5, d6 f4 f6.
    let raised = AtomicBool::new(true);
    let (sq, _) = timed(60_000, 20).play(
        &mut searcher,
        &board,
        &raised,
        &clock,
        &mut |_| {},
        &mut StdRng::seed_from_u64(1),
    );
    assert_eq!(sq.map(|sq| sq.to_string()), Some("f4".to_string()));
}

#[test]
fn levels_take_book_moves_as_their_setting_says() {
    use crate::engine::game::Game;
    let at = |t: &str| Game::from_transcript(t).unwrap().position().board;
    // After f5, the book has f4 (+3 for White, in the book), the leaf d6 (+1) and f6
    // (-2, in the book).
    let mut book = Book::new();
    book.set_leaf(&at("f5"), Some("d6".parse().unwrap()), 1, 12);
    book.set_leaf(&at("f5f4"), Some("e3".parse().unwrap()), -3, 12);
    book.set_leaf(&at("f5f6"), Some("e6".parse().unwrap()), 2, 12);
    let mut level = default_levels()[0].clone();
    let mut rng = StdRng::seed_from_u64(5);
    let mut picks = |level: &Level, line: &str| {
        let mut seen: Vec<String> = (0..60)
            .filter_map(|_| level.book_move(&book, &at(line), &mut rng))
            .map(|m| format!("{}{:+}", m.square, m.value))
            .collect();
        seen.sort();
        seen.dedup();
        seen
    };
    level.book = BookUse::Off;
    assert_eq!(picks(&level, "f5"), Vec::<String>::new());
    level.book = BookUse::Best;
    assert_eq!(picks(&level, "f5"), ["f4+3"]);
    level.book = BookUse::Within(2);
    assert_eq!(picks(&level, "f5"), ["d6+1", "f4+3"]);
    level.book = BookUse::Within(5);
    assert_eq!(picks(&level, "f5"), ["d6+1", "f4+3", "f6-2"]);
    // Out of the book: no move.
    assert_eq!(picks(&level, "f5d6"), Vec::<String>::new());
    level.book = BookUse::Within(65);
    assert_eq!(
        level.check(),
        Err("book Within(65) is not a number of discs in 0..=64".to_string())
    );
}

fn mcts_level(playouts: Option<u64>, time_ms: Option<u64>) -> Level {
    Level {
        kind: LevelKind::Mcts,
        depth: None,
        time_ms,
        playouts,
        ..timed(0, 0)
    }
}

#[test]
fn mcts_levels_are_checked_for_their_own_keys() {
    let parse = |text: &str| parse_levels("l.ron", text).unwrap_err().to_string();
    let levels = parse_levels(
        "l.ron",
        concat!(
            "[(name: \"A\", description: \"\", kind: Mcts, playouts: Some(500)),\n",
            " (name: \"B\", description: \"\", kind: Mcts, time_ms: Some(1000),",
            " playouts: Some(9), book: Best)]"
        ),
    )
    .unwrap();
    let a = Level {
        name: "A".into(),
        ..mcts_level(Some(500), None)
    };
    assert_eq!(levels[0], a);
    assert_eq!(
        (levels[1].kind, levels[1].time_ms, levels[1].playouts),
        (LevelKind::Mcts, Some(1000), Some(9))
    );
    assert_eq!(
        parse("[(name: \"A\", description: \"\", kind: Mcts)]"),
        "l.ron:1:3: level 1 \"A\": an MCTS level (kind: Mcts) needs playouts or time_ms"
    );
    let refused = |key: &str| {
        parse(&format!(
            "[(name: \"A\", description: \"\", kind: Mcts, time_ms: Some(9), {key})]"
        ))
    };
    for (key, name) in [
        ("depth: Some(3)", "depth"),
        ("exact_empties: 12", "exact_empties"),
        ("probcut: 1.5", "probcut"),
        ("temperature: 2.0", "temperature"),
        ("phase_loss: Some((1.0, 1.0, 1.0))", "phase_loss"),
        ("plays_like: Some(1800)", "plays_like"),
    ] {
        assert_eq!(
            refused(key),
            format!(
                "l.ron:1:3: level 1 \"A\": {name} is for alpha-beta levels; an MCTS level \
                 (kind: Mcts) is limited by playouts or time_ms, solves from mcts.ron's \
                 solver_empties and always plays its most visited move"
            )
        );
    }
    assert_eq!(
        parse("[(name: \"A\", description: \"\", kind: Mcts, playouts: Some(0))]"),
        "l.ron:1:3: level 1 \"A\": playouts 0 is not in 1..=1000000000"
    );
    assert_eq!(
        parse("[(name: \"A\", description: \"\", depth: Some(2), playouts: Some(5))]"),
        "l.ron:1:3: level 1 \"A\": playouts is for MCTS levels (kind: Mcts); an \
         alpha-beta level is limited by depth or time_ms"
    );
    assert_eq!(
        parse("[(name: \"A\", description: \"\", kind: Monte, playouts: Some(5))]"),
        "l.ron:1:37: Unexpected variant named `Monte` in enum `LevelKind`, expected either \
         `AlphaBeta` or `Mcts` instead"
    );
}

#[test]
fn mcts_levels_take_the_phase_budget_or_their_playouts() {
    // The soft budget of the phase: 0.4, 1.3 and 1.0 of the average.
    let level = mcts_level(Some(50_000), Some(1000));
    let limits = |empties| level.mcts_limits(empties, &time());
    assert_eq!(
        limits(56),
        MctsLimits {
            playouts: Some(50_000),
            time_ms: Some(400)
        }
    );
    assert_eq!(limits(36).time_ms, Some(1300));
    assert_eq!(limits(20).time_ms, Some(1000));
    assert_eq!(
        mcts_level(Some(7), None).mcts_limits(40, &time()),
        MctsLimits {
            playouts: Some(7),
            time_ms: None
        }
    );
}

#[test]
fn mcts_levels_play_their_playouts_and_repeat_with_the_seed() {
    let level = mcts_level(Some(400), None);
    let board = Board::start().play("f5".parse().unwrap());
    let stop = AtomicBool::new(false);
    let clock = std::time::Instant::now();
    let play = |searcher: &mut Searcher, board: &Board, seed| {
        let mut reports = 0;
        let played = level.play(
            searcher,
            board,
            &stop,
            &clock,
            &mut |_| reports += 1,
            &mut StdRng::seed_from_u64(seed),
        );
        (played, reports)
    };
    let searcher = || {
        Searcher::new(SearchConfig {
            tt_mib: 1,
            ..SearchConfig::shipped()
        })
    };
    let (mut a, mut b) = (searcher(), searcher());
    let ((square, info), _) = play(&mut a, &board, 3);
    let square = square.unwrap();
    assert_ne!(board.moves() & square.bit(), 0);
    assert_eq!((info.best_move, info.nodes), (Some(square), 400));
    assert_eq!(square.to_string(), "f6");
    assert_eq!(info.pv[0], square);
    assert!(!info.exact);
    // The same seed grows the same tree in a fresh searcher.
    let ((again, mut info_again), _) = play(&mut b, &board, 3);
    info_again.elapsed_ms = info.elapsed_ms;
    assert_eq!((again, info_again), (Some(square), info.clone()));
    // A stopped search still has a move.
    let raised = AtomicBool::new(true);
    let (stopped, _) = level.play(
        &mut searcher(),
        &board,
        &raised,
        &clock,
        &mut |_| {},
        &mut StdRng::seed_from_u64(3),
    );
    assert!(stopped.is_some());
    // An only move is played at once, reported once; no move, no report.
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let only = Board::new(sq("a1").bit(), sq("b1").bit());
    let ((square, info), reports) = play(&mut a, &only, 1);
    assert_eq!(square.map(|s| s.to_string()), Some("c1".to_string()));
    assert_eq!((info.nodes, info.pv.len(), reports), (0, 1, 1));
    let over = Board::new(u64::MAX, 0);
    let ((square, info), reports) = play(&mut a, &over, 1);
    assert_eq!((square, info.best_move, reports), (None, None, 0));
}

#[test]
fn softmax_prefers_better_moves() {
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let scores = [(sq("a1"), 10), (sq("b1"), 6), (sq("c1"), -20)];
    let strong = Level {
        name: "S".into(),
        description: String::new(),
        kind: LevelKind::AlphaBeta,
        depth: Some(1),
        time_ms: None,
        playouts: None,
        exact_empties: 0,
        temperature: 0.0,
        phase_loss: None,
        plays_like: None,
        people: None,
        probcut: 0.0,
        book: BookUse::Off,
    };
    let mut rng = StdRng::seed_from_u64(7);
    assert_eq!(strong.choose(&scores, &mut rng), Some(sq("a1")));
    let weak = Level {
        temperature: 4.0,
        probcut: 0.0,
        book: BookUse::Off,
        ..strong
    };
    let mut counts = [0u32; 3];
    for _ in 0..10_000 {
        let m = weak.choose(&scores, &mut rng).unwrap();
        counts[scores.iter().position(|&(s, _)| s == m).unwrap()] += 1;
    }
    // Weights 1 : e^-1 : e^-7.5, so about 73%, 27% and 0.04%.
    assert!((7_000..7_600).contains(&counts[0]), "{counts:?}");
    assert!((2_400..3_000).contains(&counts[1]), "{counts:?}");
    assert!(counts[2] < 20, "{counts:?}");
    assert_eq!(weak.choose(&[], &mut rng), None);
}

#[test]
fn a_phase_loss_sets_the_temperature_move_by_move() {
    use super::temperature_for_loss;
    let expected = |losses: &[f64], t: f64| {
        let w: Vec<f64> = losses.iter().map(|l| (-l / t).exp()).collect();
        losses.iter().zip(&w).map(|(l, w)| l * w).sum::<f64>() / w.iter().sum::<f64>()
    };
    let losses = [0.0, 2.0, 4.0, 12.0];
    let t = temperature_for_loss(&losses, 1.0);
    assert!((expected(&losses, t) - 1.0).abs() < 1e-9, "{t}");
    // An even choice loses 4.5: a target above it plays every move alike, 0 the best.
    assert_eq!(temperature_for_loss(&losses, 5.0), f64::INFINITY);
    assert_eq!(temperature_for_loss(&losses, 0.0), 0.0);
    assert_eq!(temperature_for_loss(&[0.0, 0.0], 3.0), 0.0);

    let sq = |s: &str| s.parse::<Square>().unwrap();
    let scores = [(sq("a1"), 10), (sq("b1"), 8), (sq("c1"), 6), (sq("d1"), -2)];
    let level = Level {
        name: "Phased".into(),
        description: String::new(),
        kind: LevelKind::AlphaBeta,
        depth: Some(1),
        time_ms: None,
        playouts: None,
        exact_empties: 0,
        temperature: 0.0,
        phase_loss: Some((0.0, 1.0, 5.0)),
        plays_like: None,
        people: None,
        probcut: 0.0,
        book: BookUse::Off,
    };
    assert!(level.errs());
    assert_eq!(level.check(), Ok(()));
    let mut rng = StdRng::seed_from_u64(3);
    let mean_loss = |empties: u32, rng: &mut StdRng| {
        let total: i32 = (0..20_000)
            .map(|_| {
                let m = level.choose_at(&scores, empties, rng).unwrap();
                10 - scores.iter().find(|&&(s, _)| s == m).unwrap().1
            })
            .sum();
        f64::from(total) / 20_000.0
    };
    // The opening's 0: always the best. The middle game: one disc a move on average. The
    // endgame's 5 is beyond an even choice (4.5): every move alike.
    assert_eq!(mean_loss(50, &mut rng), 0.0);
    assert!((mean_loss(30, &mut rng) - 1.0).abs() < 0.05);
    assert!((mean_loss(10, &mut rng) - 4.5).abs() < 0.1);
    // Both ways of erring at once, or a loss out of range, are refused.
    let both = Level {
        temperature: 1.0,
        ..level.clone()
    };
    assert!(
        both.check()
            .unwrap_err()
            .contains("both temperature and phase_loss")
    );
    let absurd = Level {
        phase_loss: Some((0.0, -1.0, 0.0)),
        ..level
    };
    assert!(absurd.check().unwrap_err().contains("phase_loss -1"));
}

#[test]
fn a_level_that_plays_like_people_chooses_by_their_band_class_weights() {
    use crate::engine::{PEOPLE_CLASSES, PeopleErrors};
    let people = PeopleErrors::shipped();
    let level = Level {
        name: "Like".into(),
        temperature: 0.0,
        plays_like: Some(1800),
        people: None,
        ..default_levels()[0].clone()
    };
    assert!(level.errs());
    assert_eq!(level.check(), Ok(()));
    // One move in each class of loss: the level plays each in proportion to its class's
    // weight for the band, in each phase.
    let scores: Vec<(Square, i32)> = PEOPLE_CLASSES
        .iter()
        .enumerate()
        .map(|(i, &loss)| (Square::from_index(i as u8), 40 - loss as i32))
        .collect();
    let mut rng = StdRng::seed_from_u64(9);
    for empties in [50, 30, 10] {
        let mut counts = vec![0usize; scores.len()];
        for _ in 0..20_000 {
            let m = level.choose_at(&scores, empties, &mut rng).unwrap();
            counts[scores.iter().position(|&(s, _)| s == m).unwrap()] += 1;
        }
        let weights = people.weights_at(1800, empties);
        let total: f64 = weights.iter().sum();
        for (c, weight) in counts.iter().zip(&weights) {
            let seen = *c as f64 / 20_000.0;
            assert!(
                (seen - weight / total).abs() < 0.015,
                "{empties}: {counts:?} {weights:?}"
            );
        }
    }
    let out_of_range = Level {
        plays_like: Some(100),
        people: None,
        ..level.clone()
    };
    assert_eq!(
        out_of_range.check(),
        Err("plays_like 100 is not an Elo in 500..=3000".into())
    );
    let both = Level {
        temperature: 1.0,
        ..level
    };
    assert!(
        both.check()
            .unwrap_err()
            .contains("has plays_like and also")
    );
}
