//! Monte Carlo tree search: the pi tree solved through MCTS-Solver, forced wins of FFO
//! endgames, tree reuse, the stop flag and the limits.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::common::data_lines;
use reversi::engine::control::{Clock, Move, MoveList};
use reversi::engine::mcts::{MctsGame, Outcome, Rng, win_rate_to_discs};
use reversi::engine::{
    Board, Mcts, MctsConfig, MctsLimits, PatternEval, Position, SearchConfig, Searcher, SolveMode,
    Solver, Square,
};

/// The pi tree as a game of win, draw or loss: a leaf (level 4, the root's side to move)
/// is a draw at the root's value 2, a win above and a loss below.
struct PiGame {
    leaves: Vec<i32>,
}

#[derive(Clone, Copy, PartialEq, Debug)]
struct PiNode {
    level: u32,
    index: usize,
}

impl MctsGame for PiGame {
    type Pos = PiNode;

    fn moves(&self, pos: &PiNode, out: &mut MoveList) {
        if pos.level < 4 {
            (0..3).for_each(|m| out.push(m));
        }
    }

    fn play(&self, pos: &PiNode, mv: Move) -> PiNode {
        PiNode {
            level: pos.level + 1,
            index: pos.index * 3 + mv as usize,
        }
    }

    fn outcome(&self, pos: &PiNode) -> Outcome {
        Outcome::of_score(self.leaves[pos.index] - 2)
    }

    fn playout(&mut self, pos: &PiNode, rng: &mut Rng) -> u32 {
        let mut p = *pos;
        while p.level < 4 {
            p = self.play(&p, rng.below(3) as Move);
        }
        // Levels 0, 2 and 4 have the root's side to move; the result is for `pos`'s side.
        let o = self.outcome(&p);
        if pos.level.is_multiple_of(2) {
            o
        } else {
            o.flip()
        }
        .half_points()
    }
}

fn pi_game() -> PiGame {
    let lines = data_lines("pi-tree.txt");
    let leaves: Vec<i32> = lines[0]
        .strip_prefix("leaves:")
        .unwrap()
        .split_whitespace()
        .map(|d| d.parse().unwrap())
        .collect();
    assert_eq!(leaves.len(), 81);
    PiGame { leaves }
}

fn never() -> AtomicBool {
    AtomicBool::new(false)
}

/// A clock that reads 0 ms and raises `stop` at its `raise_at`-th reading.
struct TrippingClock<'a> {
    reads: std::sync::atomic::AtomicU64,
    raise_at: u64,
    stop: &'a AtomicBool,
}

impl Clock for TrippingClock<'_> {
    fn elapsed_ms(&self) -> u64 {
        let n = self.reads.fetch_add(1, Ordering::Relaxed) + 1;
        if n == self.raise_at {
            self.stop.store(true, Ordering::Relaxed);
        }
        0
    }
}

/// A clock that never moves.
struct Frozen;

impl Clock for Frozen {
    fn elapsed_ms(&self) -> u64 {
        0
    }
}

#[test]
fn mcts_solver_proves_the_pi_tree_a_draw() {
    // The root's value is 2: moves 0 and 1 reach it (a draw here), move 2 only 1 (a loss).
    let mut mcts = Mcts::with_game(pi_game(), MctsConfig::default(), 3);
    let root = PiNode { level: 0, index: 0 };
    let limits = MctsLimits {
        playouts: Some(100_000),
        time_ms: None,
    };
    let info = mcts.search_pos(&root, &limits, &never(), &Frozen, &mut |_| {});
    assert_eq!(info.proven, Some(Outcome::Draw));
    let proofs: Vec<_> = info.root_moves.iter().map(|m| m.proven).collect();
    assert_eq!(
        proofs,
        [
            Some(Outcome::Draw),
            Some(Outcome::Draw),
            Some(Outcome::Loss)
        ]
    );
    assert_eq!(info.best_move, Some(0));
    assert_eq!(info.win_rate, 0.5);
    // The proof stopped the search long before the budget, and before the tree held all
    // 121 nodes: a node is proven won for its side as soon as one child is lost for the
    // other, whatever its other children hold.
    assert!(info.playouts < 1000, "{}", info.playouts);
    assert!(info.tree_nodes < 121, "{}", info.tree_nodes);
}

#[test]
fn without_proofs_the_visits_still_find_a_best_move_of_the_pi_tree() {
    // Leaves are expanded only after 1000 visits of their parent, so the tree stays shallow
    // within the budget and nothing is proven: UCT's means alone pick move 0 or 1.
    let config = MctsConfig {
        expand_visits: 200,
        ..MctsConfig::default()
    };
    let mut mcts = Mcts::with_game(pi_game(), config, 5);
    let root = PiNode { level: 0, index: 0 };
    let limits = MctsLimits {
        playouts: Some(3000),
        time_ms: None,
    };
    let info = mcts.search_pos(&root, &limits, &never(), &Frozen, &mut |_| {});
    assert_eq!(info.proven, None);
    assert_eq!(info.playouts, 3000);
    assert_eq!(info.root_visits, 3000);
    let visits: u64 = info.root_moves.iter().map(|m| m.visits).sum();
    assert_eq!(visits, 3000);
    let best = info.best_move.unwrap();
    assert!(best == 0 || best == 1, "{info:?}");
    assert!(info.root_moves[2].visits < info.root_moves[best as usize].visits);
}

/// FFO problem `n` (1..=39): its position and the one winning move given by the file.
fn ffo(n: usize) -> (Board, Square) {
    let file = if n <= 19 {
        "fforum-1-19.obf"
    } else {
        "fforum-20-39.obf"
    };
    let first = if n <= 19 { 1 } else { 20 };
    let line = &data_lines(file)[n - first];
    let (obf, moves) = line.split_once(';').unwrap();
    let board = obf.parse::<Position>().unwrap().board;
    let winners: Vec<Square> = moves
        .split(';')
        .filter_map(|m| m.trim().split_once(':'))
        .filter(|(_, s)| s.parse::<i32>().unwrap() > 0)
        .map(|(sq, _)| sq.to_ascii_lowercase().parse().unwrap())
        .collect();
    assert_eq!(winners.len(), 1, "#{n} has one winning move");
    (board, winners[0])
}

#[test]
fn mcts_finds_the_only_winning_move_of_ffo_endgames() {
    // Problems with exactly one winning move (6, 14, 14, 14 and 16 empties). The solver
    // confirms the file: the move wins and every other does not.
    let mut solver = Solver::new(16);
    for (n, playouts) in [
        (20, 2000),
        (2, 20_000),
        (3, 20_000),
        (7, 20_000),
        (13, 40_000),
    ] {
        let (board, winner) = ffo(n);
        for sq in board.move_squares() {
            let after = board.play(sq);
            let score = -solver
                .solve(&after, SolveMode::WinLossDraw, &never())
                .unwrap()
                .score;
            assert_eq!(score > 0, sq == winner, "#{n} {sq}");
        }
        let mut mcts = Mcts::new(MctsConfig::default(), PatternEval::shipped_shared(), 1);
        let limits = MctsLimits {
            playouts: Some(playouts),
            time_ms: None,
        };
        let info = mcts.search(&board, &limits, &never(), &Frozen, &mut |_| {});
        assert_eq!(
            info.best_square(),
            Some(winner),
            "#{n}: {:?}",
            info.root_moves
        );
        assert_eq!(info.proven, Some(Outcome::Win), "#{n}: {info:?}");
    }
}

#[test]
fn a_search_below_the_last_root_keeps_its_subtree() {
    let mut mcts = Mcts::new(MctsConfig::default(), PatternEval::shipped_shared(), 9);
    let limits = MctsLimits {
        playouts: Some(3000),
        time_ms: None,
    };
    let start = Board::start();
    let first = mcts.search(&start, &limits, &never(), &Frozen, &mut |_| {});
    assert_eq!(first.reused_visits, 0);
    assert_eq!(first.root_visits, 3000);
    // One ply: the best move's visits are kept.
    let best = first.best_square().unwrap();
    let kept = first
        .root_moves
        .iter()
        .find(|m| m.square() == Some(best))
        .unwrap()
        .visits;
    let child = start.play(best);
    let second = mcts.search(&child, &limits, &never(), &Frozen, &mut |_| {});
    assert_eq!(second.reused_visits, kept);
    assert_eq!(second.root_visits, kept + 3000);
    // A position not below the root (here its parent) starts afresh.
    let back = mcts.search(&start, &limits, &never(), &Frozen, &mut |_| {});
    assert_eq!(back.reused_visits, 0);
}

#[test]
fn a_search_two_plies_below_keeps_the_grandchild() {
    // Two searchers with the same seed grow the same tree from the start. The first, asked
    // about the best move with no playout to spend, shows its replies' visits; the second
    // goes straight to one of them and must keep exactly those visits.
    let limits = MctsLimits {
        playouts: Some(3000),
        time_ms: None,
    };
    let none = MctsLimits {
        playouts: Some(0),
        time_ms: None,
    };
    let start = Board::start();
    let mut a = Mcts::new(MctsConfig::default(), PatternEval::shipped_shared(), 4);
    let mut b = Mcts::new(MctsConfig::default(), PatternEval::shipped_shared(), 4);
    let first = a.search(&start, &limits, &never(), &Frozen, &mut |_| {});
    assert_eq!(
        b.search(&start, &limits, &never(), &Frozen, &mut |_| {}),
        first
    );
    let child = start.play(first.best_square().unwrap());
    let replies = a.search(&child, &none, &never(), &Frozen, &mut |_| {});
    assert_eq!(replies.playouts, 0);
    let reply = replies.root_moves.iter().max_by_key(|m| m.visits).unwrap();
    assert!(reply.visits > 100, "{replies:?}");
    let grandchild = child.play(reply.square().unwrap());
    let kept = b.search(&grandchild, &none, &never(), &Frozen, &mut |_| {});
    assert_eq!(kept.reused_visits, reply.visits);
    assert_eq!(kept.root_visits, reply.visits);
}

#[test]
fn a_kept_leaf_proven_by_the_solver_is_searched_again_for_its_move() {
    // FFO #2 (14 empties) with the solver from 13: the root's children are leaves the
    // solver proves at their first visit, and a4's proof (lost for White) ends the search.
    // The next search starts from that leaf, proven but without children: it must grow
    // them and prove the loss again through every reply, not answer the bare proof with no
    // move.
    let (board, winner) = ffo(2);
    let config = MctsConfig {
        solver_empties: 13,
        ..MctsConfig::default()
    };
    let mut mcts = Mcts::new(config, PatternEval::shipped_shared(), 1);
    let limits = MctsLimits {
        playouts: Some(1000),
        time_ms: None,
    };
    let first = mcts.search(&board, &limits, &never(), &Frozen, &mut |_| {});
    assert_eq!(first.best_square(), Some(winner));
    assert_eq!(first.proven, Some(Outcome::Win));
    let after = board.play(winner);
    let second = mcts.search(&after, &limits, &never(), &Frozen, &mut |_| {});
    assert_eq!(second.reused_visits, 1);
    assert_eq!(second.root_moves.len(), after.move_squares().count());
    assert!(!second.root_moves.is_empty());
    assert!(
        second
            .root_moves
            .iter()
            .all(|m| m.proven == Some(Outcome::Loss))
    );
    assert_eq!(second.proven, Some(Outcome::Loss));
    assert!(second.best_square().is_some(), "{second:?}");
}

#[test]
fn the_stop_flag_ends_the_search_at_the_next_playout() {
    let mut mcts = Mcts::new(MctsConfig::default(), PatternEval::shipped_shared(), 1);
    let raised = AtomicBool::new(true);
    let limits = MctsLimits::default();
    let info = mcts.search(&Board::start(), &limits, &raised, &Frozen, &mut |_| {});
    assert_eq!((info.playouts, info.stopped), (0, true));
    assert_eq!(info.best_square().map(|s| s.to_string()), Some("d3".into()));
    // The clock is read every 256 playouts (the shipped clock_check_playouts); raised at
    // its third reading, the flag stops the search before playout 769 begins.
    mcts.clear();
    let stop = never();
    let clock = TrippingClock {
        reads: Default::default(),
        raise_at: 3,
        stop: &stop,
    };
    let info = mcts.search(&Board::start(), &limits, &stop, &clock, &mut |_| {});
    assert_eq!((info.playouts, info.stopped), (768, true));
}

#[test]
fn the_command_line_answers_like_the_other_algorithms() {
    let line = &data_lines("fforum-1-19.obf")[1];
    let obf = line.split_once(';').unwrap().0;
    let out = crate::common::engine(&[
        "search",
        "--algorithm",
        "mcts",
        "--nodes",
        "3000",
        "--obf",
        obf,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    // FFO #2 is proven won by a4 well within the budget: the answer has the proven sign.
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with("bestmove a4 score +1 depth "),
        "{stdout}"
    );
    assert_eq!(
        lines[0].split(' ').take(2).collect::<Vec<_>>(),
        ["root", "a4"]
    );
    assert!(lines[0].ends_with(" win"), "{stdout}");
    assert_eq!(lines.len(), 8 + 2, "{stdout}");
}

#[test]
fn the_command_line_reports_progress_with_the_time_left() {
    let out = crate::common::engine(&["search", "--algorithm", "mcts", "--time-ms", "1200"]);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let progress: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("mcts playouts "))
        .collect();
    assert!(progress.len() >= 2, "{stderr}");
    assert!(progress.iter().all(|l| l.contains(" left ")), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let last = stdout.lines().last().unwrap();
    let mv = last.split(' ').nth(1).unwrap();
    assert!(["d3", "c4", "f5", "e6"].contains(&mv), "{stdout}");
}

#[test]
fn the_command_line_refuses_mcts_without_a_limit_or_with_a_depth() {
    for (args, message) in [
        (
            &["search", "--algorithm", "mcts"][..],
            "reversi-engine: --algorithm mcts needs --nodes (playouts) or --time-ms",
        ),
        (
            &["search", "--algorithm", "mcts", "--depth", "4"][..],
            "reversi-engine: --depth: Monte Carlo tree search has no depth; use --nodes (playouts) or --time-ms",
        ),
    ] {
        let out = crate::common::engine(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).trim_end(), message);
    }
}

#[test]
fn a_broken_mcts_ron_in_a_config_folder_is_named_with_its_line() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mcts-config");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("mcts.ron"),
        "(\n  exploration: 0.5,\n  playout: Sometimes,\n)\n",
    )
    .unwrap();
    let out = crate::common::engine(&[
        "search",
        "--algorithm",
        "mcts",
        "--nodes",
        "10",
        "--config",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let expected = format!("reversi-engine: {}:3:12: ", dir.join("mcts.ron").display());
    assert!(stderr.starts_with(&expected), "{stderr}");
}

/// A searcher as the game holds one.
fn searcher() -> Searcher {
    Searcher::new(SearchConfig {
        tt_mib: 1,
        ..SearchConfig::shipped()
    })
}

fn limits_500() -> MctsLimits {
    MctsLimits {
        playouts: Some(500),
        time_ms: None,
    }
}

const NO_PLAYOUT: MctsLimits = MctsLimits {
    playouts: Some(0),
    time_ms: None,
};

#[test]
fn a_ponder_then_a_search_after_the_reply_keeps_the_replys_subtree() {
    // The engine played f5; it ponders with White to move until the stop flag (raised by
    // the clock's third reading: exactly 768 playouts).
    let mut searcher = searcher();
    let board = Board::start().play("f5".parse().unwrap());
    let stop = never();
    let clock = TrippingClock {
        reads: Default::default(),
        raise_at: 3,
        stop: &stop,
    };
    let mut reports = Vec::new();
    let pondered = searcher.mcts_ponder(&board, &MctsLimits::default(), &stop, &clock, &mut |i| {
        reports.push(i.clone())
    });
    assert!(pondered.stopped);
    assert_eq!(pondered.info.nodes, 768);
    // progress_ms 500 is not reached on a clock that reads 0.
    assert!(reports.is_empty());
    // The tree as the ponder left it: a search without playouts shows it unchanged.
    let tree = searcher.mcts_scores(&board, &NO_PLAYOUT, &never(), &Frozen, &mut |_| {});
    assert_eq!((tree.reused_visits, tree.root_visits), (768, 768));
    assert_eq!(tree.root_moves.iter().map(|m| m.visits).sum::<u64>(), 768);
    assert_eq!(tree.visit_shares().iter().sum::<f64>(), 1.0);
    // White replies d6 (any reply: the tree holds them all); the engine's search starts
    // from d6's subtree.
    let reply = tree
        .root_moves
        .iter()
        .find(|m| m.square().map(|s| s.to_string()) == Some("d6".into()))
        .unwrap();
    assert!(reply.visits > 0);
    let after = board.play("d6".parse().unwrap());
    let limits = MctsLimits {
        playouts: Some(1000),
        time_ms: None,
    };
    let found = searcher.mcts_scores(&after, &limits, &never(), &Frozen, &mut |_| {});
    assert_eq!(found.reused_visits, reply.visits);
    assert_eq!(found.root_visits, reply.visits + 1000);
    // A new game forgets the tree.
    searcher.clear();
    let fresh = searcher.mcts_scores(&after, &NO_PLAYOUT, &never(), &Frozen, &mut |_| {});
    assert_eq!(fresh.reused_visits, 0);
}

#[test]
fn new_mcts_settings_keep_the_tree_and_a_new_evaluator_drops_it() {
    let mut searcher = searcher();
    let board = Board::start();
    let limits = MctsLimits {
        playouts: Some(500),
        time_ms: None,
    };
    let first = searcher.mcts_search(&board, &limits, &never(), &Frozen, &mut |_| {});
    assert_eq!((first.info.nodes, first.stopped), (500, false));
    let kept = |s: &mut Searcher| {
        s.mcts_scores(&board, &NO_PLAYOUT, &never(), &Frozen, &mut |_| {})
            .reused_visits
    };
    searcher.set_mcts_config(MctsConfig {
        exploration: 1.0,
        ..MctsConfig::shipped()
    });
    assert_eq!(searcher.mcts_config().exploration, 1.0);
    assert_eq!(kept(&mut searcher), 500);
    // A new solver table is a new search.
    searcher.set_mcts_config(MctsConfig {
        solver_table_mib: 2,
        ..MctsConfig::shipped()
    });
    assert_eq!(kept(&mut searcher), 0);
    searcher.mcts_search(&board, &limits, &never(), &Frozen, &mut |_| {});
    assert_eq!(kept(&mut searcher), 500);
    searcher.set_evaluator(std::sync::Arc::new(reversi::engine::SimpleEval::default()));
    assert_eq!(kept(&mut searcher), 0);
}

#[test]
fn a_search_stopped_at_once_plays_the_only_move_even_when_it_loses() {
    // Black's only move, h6, fills the board and loses: the child is proven at once (a
    // won game for White), and a search stopped before its first playout, which has not
    // proven the root, must still answer it (found by `soak`).
    let board = "OOOOOOOXOOOOXOXXOOOOOXXXOOOOOXXXOOOOOOXXOXOOXXO-OOOOOOOOOOOOOOOO X"
        .parse::<Position>()
        .unwrap()
        .board;
    let mut searcher = searcher();
    let raised = AtomicBool::new(true);
    let found = searcher.mcts_search(&board, &limits_500(), &raised, &Frozen, &mut |_| {});
    assert_eq!(
        (found.info.best_move, found.stopped),
        (Some("h6".parse().unwrap()), true)
    );
    // Unstopped, the root is proven lost and the move is the same.
    let info = searcher.mcts_scores(&board, &limits_500(), &never(), &Frozen, &mut |_| {});
    assert_eq!(info.proven, Some(Outcome::Loss));
    assert_eq!(info.best_square(), Some("h6".parse().unwrap()));
}

#[test]
fn mcts_hints_score_the_visited_moves_in_discs() {
    // FFO #2: a4 wins for Black; with the solver from 14 empties every move is proven.
    let (board, winner) = ffo(2);
    let mut searcher = searcher();
    searcher.set_mcts_config(MctsConfig {
        solver_empties: 14,
        ..MctsConfig::shipped()
    });
    let limits = MctsLimits {
        playouts: Some(100_000),
        time_ms: None,
    };
    let info = searcher.mcts_scores(&board, &limits, &never(), &Frozen, &mut |_| {});
    assert_eq!(info.proven, Some(Outcome::Win));
    let scores = info.move_scores(searcher.mcts_config().prior_scale_discs);
    assert!(!scores.exact);
    // The first move tried, a4, is solved at once: a proven win ends the search.
    assert_eq!(info.playouts, 1);
    assert_eq!(scores.scores, vec![(winner, 63)]);
    // The panel's line: a proven win is all the playouts won.
    let line = info.search_info(8.0);
    assert_eq!(
        (line.wld, line.score, line.win_permille),
        (Some(1), 1, Some(1000))
    );
    // In the middle game each visited move gets its win rate in discs.
    let info = searcher.mcts_scores(
        &Board::start(),
        &limits_500(),
        &never(),
        &Frozen,
        &mut |_| {},
    );
    let scores = info.move_scores(8.0);
    assert_eq!(scores.scores.len(), 4);
    for (m, &(sq, discs)) in info.root_moves.iter().zip(&scores.scores) {
        assert_eq!(m.square(), Some(sq));
        assert_eq!(discs, win_rate_to_discs(m.win_rate, 8.0));
    }
    assert_eq!(scores.depth as usize, info.pv.len());
    let line = info.search_info(8.0);
    let permille = (info.win_rate * 1000.0).round() as u16;
    assert!((400..=600).contains(&permille), "{}", info.win_rate);
    assert_eq!(line.win_permille, Some(permille));
    assert_eq!(line.score, win_rate_to_discs(info.win_rate, 8.0));
    // Before any playout nothing is scored.
    let mut fresh = self::searcher();
    let none = fresh.mcts_scores(&Board::start(), &NO_PLAYOUT, &never(), &Frozen, &mut |_| {});
    assert_eq!(none.move_scores(8.0).scores, Vec::new());
    assert_eq!(none.visit_shares(), vec![0.0; 4]);
}

#[test]
fn match_plays_an_mcts_level_against_an_alpha_beta_level() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mcts-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let levels = dir.join("levels.ron");
    std::fs::write(
        &levels,
        "[(name: \"One\", description: \"\", depth: Some(1)),\n \
         (name: \"Quick MC\", description: \"\", kind: Mcts, playouts: Some(300))]",
    )
    .unwrap();
    let run = || {
        let levels = levels.to_str().unwrap();
        let out = crate::common::engine(&[
            "match",
            "--a",
            "shipped",
            "--b",
            "shipped",
            "--a-level",
            "quick mc",
            "--b-level",
            "1",
            "--levels",
            levels,
            "--games",
            "2",
            "--threads",
            "1",
            "--seed",
            "5",
        ]);
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let stdout = run();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert!(lines[0].starts_with("game 1 a-black "), "{stdout}");
    assert!(lines[1].starts_with("game 2 a-white "), "{stdout}");
    assert_eq!(
        lines[2],
        "a shipped at level \"Quick MC\" b shipped at level \"One\" (1 games with A as Black)"
    );
    assert!(lines[3].starts_with("games 2 wins "), "{stdout}");
    // Playouts, not time, limit the level and the seed drives its playouts: a replay is
    // the same, move for move.
    assert_eq!(run(), stdout);
}
