//! Bad input to `reversi-engine`: each gets a clear message and a non-zero exit, never a
//! crash, a hang or an answer that misleads (issue 17). Runs the real binary.

use std::io::Write;
use std::path::PathBuf;

use crate::common::engine;

/// The exit code and the whole standard error of a run that must fail.
fn failure(args: &[&str]) -> (i32, String) {
    let out = engine(args);
    assert!(!out.status.success(), "{args:?} succeeded");
    (
        out.status.code().expect("an exit code, not a signal"),
        String::from_utf8_lossy(&out.stderr).trim_end().to_string(),
    )
}

/// Runs the engine, which must succeed (its standard error is the failure's message).
fn success(args: &[&str]) -> std::process::Output {
    let out = engine(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// A scratch file under the target folder, removed with its folder by `cargo clean`.
fn scratch_file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-tests");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let path = dir.join(name);
    std::fs::File::create(&path)
        .and_then(|mut f| f.write_all(bytes))
        .expect("scratch file");
    path
}

#[test]
fn a_near_empty_position_is_refused() {
    let (code, err) = failure(&[
        "search",
        "--obf",
        "---------------------------OX------X---------------------------- O",
        "--depth",
        "2",
    ]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "reversi-engine: OBF: 61 empty squares, at most 60 (a game never has fewer than 4 discs)"
    );
}

#[test]
fn absurd_table_sizes_are_refused_by_name() {
    for (args, expected) in [
        (
            &["search", "--tt-mib", "1000000", "--depth", "1"][..],
            "reversi-engine: --tt-mib 1000000: expected 1..=65536 MiB",
        ),
        (
            &["search", "--tt-mib", "17592186044416", "--depth", "1"][..],
            "reversi-engine: --tt-mib 17592186044416: expected 1..=65536 MiB",
        ),
        (
            &["nboard", "--tt-mib", "0"][..],
            "reversi-engine: --tt-mib 0: expected 1..=65536 MiB",
        ),
        (
            &[
                "solve",
                "tests/data/fforum-1-19.obf",
                "--table-mib",
                "1000000",
            ][..],
            "reversi-engine: --table-mib 1000000: expected 1..=65536 MiB",
        ),
        (
            &[
                "match", "--a", "shipped", "--b", "shipped", "--depth", "1", "--tt-mib", "1000000",
            ][..],
            "reversi-engine: --tt-mib 1000000: expected 1..=65536 MiB",
        ),
    ] {
        assert_eq!(failure(args), (1, expected.to_string()), "{args:?}");
    }
}

#[test]
fn absurd_counts_are_refused_by_the_argument_parser() {
    for (args, expected) in [
        (
            &[
                "match", "--a", "shipped", "--b", "shipped", "--depth", "1", "--games", "0",
            ][..],
            "error: invalid value '0' for '--games <GAMES>': 0 is not in 1..=1000000",
        ),
        (
            &[
                "match",
                "--a",
                "shipped",
                "--b",
                "shipped",
                "--depth",
                "1",
                "--games",
                "1000000000000",
            ][..],
            "error: invalid value '1000000000000' for '--games <GAMES>': 1000000000000 is not \
             in 1..=1000000",
        ),
        (
            &["match", "--a", "shipped", "--b", "shipped", "--depth", "0"][..],
            "error: invalid value '0' for '--depth <DEPTH>': 0 is not in 1..=60",
        ),
        (
            &["search", "--depth", "0"][..],
            "error: invalid value '0' for '--depth <DEPTH>': 0 is not in 1..=60",
        ),
        (
            &["search", "--time-ms", "0"][..],
            "error: invalid value '0' for '--time-ms <TIME_MS>': 0 is not in 1..=86400000",
        ),
        (
            &["search", "--depth", "4", "--threads", "0"][..],
            "error: invalid value '0' for '--threads <THREADS>': 0 is not in 1..=256",
        ),
        (
            &["solve", "tests/data/fforum-40-59.obf", "--threads", "1000"][..],
            "error: invalid value '1000' for '--threads <THREADS>': 1000 is not in 1..=256",
        ),
        (
            &["solve", "tests/data/fforum-1-19.obf", "--selective", "0"][..],
            "error: invalid value '0' for '--selective <T>': \"0\" is not a confidence: \
             expected 0.1 to 10 standard deviations, like 1.5",
        ),
        (
            &[
                "solve",
                "tests/data/fforum-1-19.obf",
                "--selective",
                "2",
                "--wld",
            ][..],
            "error: the argument '--selective <T>' cannot be used with '--wld'",
        ),
        (
            &[
                "match",
                "--a",
                "shipped",
                "--b",
                "shipped",
                "--depth",
                "1",
                "--a-threads",
                "0",
            ][..],
            "error: invalid value '0' for '--a-threads <A_THREADS>': 0 is not in 1..=256",
        ),
    ] {
        let (code, err) = failure(args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(err.lines().next(), Some(expected), "{args:?}");
    }
}

#[test]
fn a_side_whose_clock_runs_out_loses_on_time() {
    // One millisecond for a whole game, for a level that searches seven plies a move
    // whatever its clock: A's clock runs out during each game, whatever the discs, while B
    // plays the weakest level without a clock. (A side that stops its searches at its
    // budget may play a whole game within a millisecond.)
    let out = success(&[
        "match",
        "--a",
        "shipped",
        "--b",
        "shipped",
        "--a-clock",
        "1",
        "--a-level",
        "Expert",
        "--b-level",
        "Beginner",
        "--games",
        "2",
        "--threads",
        "1",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{text}");
    for game in games {
        assert!(game.ends_with(" clock-a 0.000 a-lost-on-time"), "{game}");
    }
    assert!(
        text.contains("games 2 wins 0 draws 0 losses 2 score 0.0%"),
        "{text}"
    );
    assert!(text.contains("\nlost-on-time a 2 b 0\n"), "{text}");
    // A clock that is not one is named.
    let (code, err) = failure(&[
        "match",
        "--a",
        "shipped",
        "--b",
        "shipped",
        "--a-clock",
        "10+",
        "--games",
        "2",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with(
            "error: invalid value '10+' for '--a-clock <MS[+INC]>': \"10+\" is not a game clock"
        ),
        "{err}"
    );
}

#[test]
fn a_broken_config_is_named_with_its_line() {
    let dir = scratch_file(
        "search.ron",
        b"(\n  probcut_t: 1.5,\n  probcut_min_depth: 1,\n)",
    )
    .parent()
    .expect("folder")
    .to_path_buf();
    let dir = dir.to_str().expect("UTF-8 path");
    let (code, err) = failure(&["search", "--config", dir, "--depth", "2"]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "reversi-engine: {dir}/search.ron:3:3: probcut_min_depth is 1, expected 2..=64 plies"
        )
    );
}

#[test]
fn solve_reports_a_bad_line_and_solves_the_rest() {
    // FFO #1 and #2 around a bad line, after a comment and a byte-order mark.
    let lines: Vec<String> = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/fforum-1-19.obf"),
    )
    .expect("FFO file")
    .lines()
    .take(2)
    .map(String::from)
    .collect();
    let text = format!(
        "\u{feff}# two FFO positions\n{}\nnot a position X\n{}\n",
        lines[0], lines[1]
    );
    let path = scratch_file("mixed.obf", text.as_bytes());
    let path = path.to_str().expect("UTF-8 path");
    let out = engine(&["solve", path, "--table-mib", "4"]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let numbers: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(numbers, ["#1", "#3", "total"]);
    assert!(stdout.contains("total 2 positions"), "{stdout}");
    assert!(!stdout.contains("mismatch"), "{stdout}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.lines().collect::<Vec<_>>(),
        [
            format!("{path}:3: OBF: 3 squares, expected 64"),
            format!(
                "reversi-engine: {path}: 1 line(s) could not be read (listed above); the \
                 others were solved"
            ),
        ]
    );
}

/// FFO #1 and #2 (14 empties, +18 and +10) solved selectively at 10 standard deviations,
/// where nothing is cut: the exact scores, each line saying how it was solved.
#[test]
fn solve_selective_says_so_on_each_line() {
    let out = success(&[
        "solve",
        "tests/data/fforum-1-19.obf",
        "--range",
        "1..2",
        "--selective",
        "10",
        "--table-mib",
        "4",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<Vec<&str>> = stdout
        .lines()
        .take(2)
        .map(|l| l.split_whitespace().collect())
        .collect();
    for (line, (number, score)) in lines.iter().zip([("#1", "+18"), ("#2", "+10")]) {
        assert_eq!((line[0], line[4]), (number, score), "{stdout}");
        assert_eq!(line[8..], ["selective", "10"], "{stdout}");
    }
    assert!(!stdout.contains("mismatch"), "{stdout}");
}

#[test]
fn solve_gives_up_a_position_at_its_node_limit_and_goes_on() {
    let out = success(&[
        "solve",
        "tests/data/fforum-40-59.obf",
        "--range",
        "40..41",
        "--nodes",
        "1000",
        "--table-mib",
        "4",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        [
            "#40 20 empties unsolved: node limit",
            "#41 22 empties unsolved: node limit",
            "total 0 positions 0 nodes 0.000s 0 nodes/s",
        ]
    );
}

#[test]
fn book_import_learns_each_line_and_names_a_bad_one() {
    use reversi::engine::BookKey;
    use reversi::engine::Game;
    // A finished game (always the first legal move) and an unfinished one.
    let mut finished = Game::new();
    while !finished.is_over() {
        match finished.legal_moves().first() {
            Some(&sq) => finished.play_move(sq).unwrap(),
            None => finished.play(reversi::engine::Ply::Pass).unwrap(),
        }
    }
    let games = format!("# two games\n{}\nf5d6c3 +4\n", finished.transcript());
    let file = scratch_file("import-games.txt", games.as_bytes());
    let book = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-tests/import.book");
    let _ = std::fs::remove_file(&book);
    success(&[
        "book",
        "import",
        file.to_str().unwrap(),
        "--out",
        book.to_str().unwrap(),
        "--depth",
        "2",
    ]);
    // The book holds each position with at most 30 discs played of both lines, once; the
    // finished game's are counted as played.
    let line = |g: &Game| -> Vec<BookKey> {
        (0..=g.len())
            .map(|n| g.position_at(n).board)
            .take_while(|b| 60 - b.empty_count() <= 30)
            .map(|b| BookKey::of(&b).0)
            .collect()
    };
    let mut all = line(&finished);
    let played = all.len();
    all.extend(line(&Game::from_transcript("f5d6c3").unwrap()));
    all.sort();
    all.dedup();
    let out = success(&["book", "stats", book.to_str().unwrap()]);
    let stats = String::from_utf8_lossy(&out.stdout).to_string();
    let lines: Vec<&str> = stats.lines().collect();
    assert_eq!(lines[0], format!("positions {}", all.len()));
    assert_eq!(lines[4], format!("games {played}"));
    // A bad line is named with its file and line; the book is left as it was.
    let bad = scratch_file("import-bad.txt", b"f5d6\nf5a1\n");
    let (code, err) = failure(&[
        "book",
        "import",
        bad.to_str().unwrap(),
        "--out",
        book.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "reversi-engine: {}: line 2: move 2 \"a1\": not legal for White here (legal: f4 d6 f6)",
            bad.display()
        )
    );
    let after = engine(&["book", "stats", book.to_str().unwrap()]);
    assert_eq!(String::from_utf8_lossy(&after.stdout), stats);
}

/// A whole game in which Black loses 7-57 against Casual (also the coach's unit test's).
const LOST_GAME: &str = "d3c5b6f3d6c3g2e3b3f2f4g4f5e2e1d1f1g1d2b4a3c4h3g5h5h4c1b1b2c2g3h6g6c6b7f7g7e7h7a4e8c7f8a8a2a1b8c8d8f6e6h1b5a7h2a5a6h8g8d7";

#[test]
fn puzzles_writes_each_mistake_with_every_move_s_value_and_solve_agrees() {
    let game = scratch_file("puzzles-game.txt", format!("{LOST_GAME}\n").as_bytes());
    let out = game.with_file_name("puzzles.obf");
    let (game, out_arg) = (game.to_str().unwrap(), out.to_str().unwrap());
    let printed = success(&[
        "puzzles",
        game,
        "--out",
        out_arg,
        "--depth",
        "2",
        "--exact-empties",
        "14",
    ]);
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let cards = lines.len() / 2;
    let printed = String::from_utf8_lossy(&printed.stdout);
    assert!(
        printed.starts_with(&format!(
            "puzzles: 1 games, {cards} cards (4 exact): {out_arg} ("
        )),
        "{printed}"
    );
    let mut exact_plies = Vec::new();
    for pair in lines.chunks(2) {
        let (comment, obf) = (pair[0], pair[1]);
        assert!(comment.starts_with(&format!("# {game} ply ")), "{comment}");
        let record: reversi::engine::ObfRecord = obf.parse().unwrap();
        let side = if comment.contains(": Black played ") {
            reversi::engine::Side::Black
        } else {
            reversi::engine::Side::White
        };
        assert_eq!(record.position.side_to_move, side, "{comment}");
        // Every legal move is listed, best first.
        assert_eq!(
            record.move_scores.len() as u32,
            record.position.board.moves().count_ones()
        );
        assert!(record.move_scores.windows(2).all(|w| w[0].1 >= w[1].1));
        if comment.ends_with(", exact") {
            let ply: usize = comment
                .split(" ply ")
                .nth(1)
                .unwrap()
                .split(':')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            exact_plies.push(ply);
        } else {
            assert!(comment.ends_with(", depth 2"), "{comment}");
        }
    }
    // At 14 empties or fewer the cards are those of the solver (the unit test's plies), and
    // `solve` reads them back with no mismatch.
    assert_eq!(exact_plies, [48, 50, 54, 55]);
    let range = format!("{}..{cards}", cards - 3);
    let solved = success(&["solve", out_arg, "--range", &range]);
    let solved = String::from_utf8_lossy(&solved.stdout);
    assert_eq!(
        solved.lines().filter(|l| l.starts_with('#')).count(),
        4,
        "{solved}"
    );
    assert!(!solved.contains("mismatch"), "{solved}");
    // Bad input is named.
    let bad = scratch_file("puzzles-bad.txt", b"f5d6\nf5z9\n");
    let (code, err) = failure(&["puzzles", bad.to_str().unwrap(), "--out", out_arg]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "reversi-engine: {}: line 2: move 2 \"z9\": not a square",
            bad.display()
        )
    );
    let (code, err) = failure(&["puzzles", game, "--out", out_arg, "--player", "purple"]);
    assert_eq!(code, 2);
    assert!(err.contains("'purple': expected black or white"), "{err}");
    // Into a practice deck, made when missing: Black's cards of the OBF file, each once.
    let deck = out.with_file_name("puzzles-practice.ron");
    let _ = std::fs::remove_file(&deck);
    let deck_arg = deck.to_str().unwrap();
    let args = [
        "puzzles",
        game,
        "--deck",
        deck_arg,
        "--player",
        "black",
        "--depth",
        "2",
        "--exact-empties",
        "14",
    ];
    let black_cards: Vec<&str> = lines
        .chunks(2)
        .map(|pair| pair[0])
        .filter(|comment| comment.contains(": Black played "))
        .collect();
    let black = black_cards.len();
    let black_exact = black_cards
        .iter()
        .filter(|c| c.ends_with(", exact"))
        .count();
    assert_eq!((black, black_exact), (10, 1));
    let printed = success(&args);
    assert!(
        String::from_utf8_lossy(&printed.stdout).starts_with(&format!(
            "puzzles: 1 games, {black} cards ({black_exact} exact): {black} added to {deck_arg} ({black} cards) ("
        )),
        "{}",
        String::from_utf8_lossy(&printed.stdout)
    );
    let read = |path: &std::path::Path| {
        reversi::engine::Deck::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
    };
    let made = read(&deck);
    assert_eq!(made.len(), black);
    assert!(
        made.entries()
            .iter()
            .all(|e| e.source == "puzzles-game.txt")
    );
    let printed = success(&args);
    assert!(
        String::from_utf8_lossy(&printed.stdout)
            .contains(&format!(": 0 added to {deck_arg} ({black} cards) ("))
    );
    assert_eq!(read(&deck), made);
    // A damaged deck stops it before any search, and is left as it was.
    std::fs::write(&deck, "Deck(version: 1, cards: [3])\n").unwrap();
    let (code, err) = failure(&args);
    assert_eq!(code, 1);
    assert!(
        err.starts_with(&format!("reversi-engine: {deck_arg}: line 1, column 26: "))
            && err.ends_with("; nothing was written"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(&deck).unwrap(),
        "Deck(version: 1, cards: [3])\n"
    );
}

#[test]
fn practice_takes_positions_of_the_range_from_a_corpus_and_solve_agrees() {
    let second = "f5d6c5b4c7g5e6f6d3e7b6e3d7b5f4f3g6c4c3b3g4d8c8b8f7g3c6e8f8g8a5a4a3h4h5h6e2a6a7f1e1d1f2d2h3g1h7g2h2b7c1b1c2g7h1a2a1b2a8h8";
    let corpus = scratch_file(
        "practice-corpus.txt",
        format!("# reversi corpus 1\n{LOST_GAME} 0 0\n{second} 0 0\n").as_bytes(),
    );
    let corpus = corpus.to_str().unwrap();
    // Every value: both games' positions at 12 empties, exact.
    let all = success(&[
        "practice",
        "--score",
        "-64..64",
        "--empties",
        "12",
        "--count",
        "5",
        "--corpus",
        corpus,
        "--exact-empties",
        "14",
    ]);
    let text = String::from_utf8_lossy(&all.stdout).to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        String::from_utf8_lossy(&all.stderr)
            .contains("practice: 2 positions at 12 empties in -64..64, exact (2 games, "),
        "{}",
        String::from_utf8_lossy(&all.stderr)
    );
    let out = corpus.replace("practice-corpus.txt", "practice.obf");
    std::fs::write(&out, &text).unwrap();
    let solved = success(&["solve", &out]);
    let solved = String::from_utf8_lossy(&solved.stdout);
    assert!(!solved.contains("mismatch"), "{solved}");
    let values: Vec<i32> = lines
        .iter()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            l.rsplit(':')
                .next()
                .unwrap()
                .trim_end_matches(';')
                .parse()
                .unwrap()
        })
        .collect();
    for (line, value) in lines.iter().step_by(2).zip(&values) {
        assert!(line.starts_with(&format!("# {corpus} game ")), "{line}");
        assert!(line.ends_with(&format!(": {value:+}, exact")), "{line}");
    }
    // A range that holds one of the two values only.
    let one = values[0];
    assert_ne!(one, values[1]);
    let range = format!("{one}..{one}");
    let picked = success(&[
        "practice",
        "--score",
        &range,
        "--empties",
        "12",
        "--corpus",
        corpus,
        "--exact-empties",
        "14",
    ]);
    let picked = String::from_utf8_lossy(&picked.stdout);
    assert_eq!(picked.lines().nth(1), Some(lines[1]));
    assert_eq!(picked.lines().count(), 2);
    // Bad ranges and a missing corpus are named.
    let (code, err) = failure(&["practice", "--score", "3..1", "--empties", "12"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("'3..1': expected -64 <= A <= B <= 64"),
        "{err}"
    );
    let (code, err) = failure(&["practice", "--score", "even", "--empties", "12"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("'even': expected a range of discs like -2..2"),
        "{err}"
    );
    let (code, err) = failure(&[
        "practice",
        "--score",
        "0..0",
        "--empties",
        "12",
        "--corpus",
        "no/such/corpus",
    ]);
    assert_eq!(
        (code, err.as_str()),
        (1, "reversi-engine: no/such/corpus: no such file or folder")
    );
}

#[test]
fn review_prints_a_line_a_move_and_a_summary_a_player() {
    let out = success(&["review", "f5d6", "--depth", "2", "--json"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    // Black's four first moves are one position: f5 is a best move, whatever the evaluator.
    assert_eq!(lines[0]["ply"], 1);
    assert_eq!(lines[0]["move"], "f5");
    assert_eq!(lines[0]["player"], "Black");
    assert_eq!(lines[0]["loss"], 0);
    assert_eq!(lines[0]["best"], "f5");
    assert_eq!(lines[0]["score"], lines[0]["best_score"]);
    assert_eq!(lines[1]["move"], "d6");
    assert_eq!(lines[2]["summary"], "Black");
    assert_eq!(lines[2]["moves"], 1);
    assert_eq!(lines[2]["loss"], 0);
    assert_eq!(lines[2]["accuracy"], 100.0);
    assert_eq!(lines[3]["summary"], "White");
    assert_eq!(lines[3]["loss"], lines[1]["loss"]);
    // The text form of the same first line.
    let out = success(&["review", "f5", "--depth", "2"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let first = text.lines().next().unwrap();
    assert!(first.starts_with("1 f5 Black loss 0 best f5 "), "{first}");
    // A game that is neither a file nor a transcript.
    let (code, err) = failure(&["review", "f5z9"]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "reversi-engine: \"f5z9\" (not a file): move 2 \"z9\": not a square"
    );
}

#[test]
fn explain_adds_up_and_names_where_each_entry_lives() {
    let out = success(&["explain", "--moves", "f5d6c3d3c4f4f6f3e6e7", "--json"]);
    let x: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let total = x["total"].as_i64().unwrap();
    let features: i64 = x["features"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["centidiscs"].as_i64().unwrap())
        .sum();
    assert_eq!(features, x["features_total"].as_i64().unwrap());
    let patterns: f64 = x["patterns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["centidiscs"].as_f64().unwrap())
        .sum();
    let sum = features as f64 + patterns + x["rounding"].as_f64().unwrap();
    assert!((sum - total as f64).abs() < 1e-6, "{sum} vs {total}");
    assert_eq!(x["patterns"].as_array().unwrap().len(), 46);
    assert_eq!(x["empties"], 50);
    // The empty top edge's entry is the shipped edge table's first one, on line 8.
    let top = x["patterns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["squares"] == "a1 b1 c1 d1 e1 f1 g1 h1 b2 g2")
        .unwrap();
    assert_eq!(top["configuration"], "-------- --");
    assert_eq!(top["at"], "config/patterns/edge.ron:8");
    assert_eq!(x["features"][0]["at"], "config/eval.ron:6");

    // A designer's folder: the empty edge worth 12 discs at every keyframe.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("explain-tables");
    std::fs::create_dir_all(dir.join("patterns")).unwrap();
    let shipped = std::fs::read_to_string("config/patterns/edge.ron").unwrap();
    // The entry's line as shipped (read, not pinned: every refit changes its values).
    let line = shipped
        .lines()
        .find(|l| l.trim_start().starts_with("\"-------- --\":"))
        .expect("the shipped edge table lists the empty edge");
    let edited = shipped.replacen(
        line,
        "        \"-------- --\": [12.0, 12.0, 12.0, 12.0, 12.0, 12.0, 12.0],",
        1,
    );
    assert_ne!(
        edited, shipped,
        "the shipped entry changed: update this test"
    );
    std::fs::write(dir.join("patterns/edge.ron"), edited).unwrap();
    let out = success(&[
        "explain",
        "--moves",
        "f5d6c3d3c4f4f6f3e6e7",
        "--config",
        dir.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    let edge_lines: Vec<&str> = text.lines().filter(|l| l.contains(" edge ")).collect();
    assert_eq!(edge_lines.len(), 4);
    let expected_at = format!("{}:8", dir.join("patterns/edge.ron").display());
    for line in &edge_lines {
        assert!(line.trim_start().starts_with("+12.00  edge"), "{line}");
        assert!(line.ends_with(&expected_at), "{line}");
    }
    // The other tables are still the shipped ones.
    assert!(text.contains("config/patterns/line4.ron:"), "{text}");
    // Against the shipped tables: only the four edges differ.
    let out = success(&[
        "explain",
        "--moves",
        "f5d6c3d3c4f4f6f3e6e7",
        "--config",
        dir.to_str().unwrap(),
        "--against",
        "shipped",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "total +49.71 discs, +1.51 with shipped: +48.20 (4 terms differ)"
    );
    assert_eq!(
        lines[1],
        " +12.00   -0.05  +12.05  edge a1 b1 c1 d1 e1 f1 g1 h1 b2 g2 -------- --"
    );
    assert_eq!(lines.len(), 6);
    let _ = std::fs::remove_dir_all(&dir);
    // A folder that is not one.
    let (code, err) = failure(&["explain", "--config", "/nonexistent/tables"]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "reversi-engine: /nonexistent/tables: not a folder (expected `shipped` or a config folder)"
    );
}

#[test]
fn tables_check_reports_reach_and_spikes() {
    let corpus = scratch_file(
        "one-game.txt",
        b"# reversi corpus 1\nf5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3h5h7c5b4e8d8b5e3c8b8c6a5d2b6c7b3f2c2a6d1a4e2g3f1g2a3a2g8c1e1b2a1b1a7b7h2h1g1h8a8g7 10 20\n",
    );
    let out = success(&[
        "tables",
        "check",
        "--corpus",
        corpus.to_str().unwrap(),
        "--show",
        "1",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    // The game's 61 positions (the start to the end) make the sample.
    assert_eq!(
        lines[0],
        "tables check: shipped tables, 1 games (61 positions), spikes over 4.00 discs, outliers \
         over 6.00"
    );
    // Eleven tables; the shipped edge table lists 24,736 entries, has 18 spikes over 4 discs
    // and 179 entries over 6 discs from their neighbours.
    assert_eq!(lines.len(), 2 + 11 + 3 + 3);
    assert!(lines[2].starts_with("edge          24736"), "{}", lines[2]);
    assert!(lines[2].ends_with("      18      179"), "{}", lines[2]);
    assert_eq!(
        lines[14],
        "largest spikes (values at each keyframe, discs):"
    );
    assert!(
        lines[15].starts_with("  corner2x5 \"-X-O- OOOO-\": [0.00, -8.63, 2.47, 3.24, 0.66, -0.28, -0.36], 8.63 at keyframe 1  config/patterns/corner2x5.ron:"),
        "{}",
        lines[15]
    );
    assert_eq!(
        lines[17],
        "largest outliers (values, then the neighbours' mean, discs):"
    );
    assert!(
        lines[18]
            .starts_with("  edge \"-OOX---- X-\": [0.14, 5.89, 12.02, 9.72, 0.79, 1.32, 0.12] vs "),
        "{}",
        lines[18]
    );
    let (code, err) = failure(&["tables", "check", "--spike", "0"]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "reversi-engine: --spike 0: expected a positive number of discs"
    );
}

#[test]
fn solve_on_two_threads_prints_the_same_scores_and_moves() {
    let solve = |threads: &str| -> Vec<String> {
        let out = success(&[
            "solve",
            "tests/data/fforum-1-19.obf",
            "--range",
            "1..6",
            "--table-mib",
            "8",
            "--threads",
            threads,
        ]);
        // "#1 14 empties g8 +18 nodes N T": the number, empties, move and score.
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.starts_with('#'))
            .map(|l| l.split_whitespace().take(5).collect::<Vec<_>>().join(" "))
            .collect()
    };
    let one = solve("1");
    assert_eq!(one.len(), 6);
    assert_eq!(one[0], "#1 14 empties g8 +18");
    assert_eq!(solve("2"), one);
}

/// `solve --config DIR` takes the `solver` section of the folder's search.ron, not only its
/// tables: a designer can try the solver's knobs from the command line.
#[test]
fn solve_takes_the_solver_knobs_of_a_config_folder() {
    use reversi::engine::{ConfigSet, SolveMode, Solver, SolverConfig};
    use std::sync::atomic::AtomicBool;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-tests/solver-knobs");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    std::fs::write(dir.join("search.ron"), "(solver: (last_four: false))").expect("search.ron");
    // "#1 14 empties g8 +18 nodes N T": the move, the score and the nodes.
    let solve = |config: &str| -> (String, u64) {
        let out = success(&[
            "solve",
            "tests/data/fforum-1-19.obf",
            "--range",
            "1..1",
            "--table-mib",
            "4",
            "--config",
            config,
        ]);
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let line = stdout.lines().next().expect("a line").to_string();
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields[5], "nodes", "{line}");
        (fields[3..5].join(" "), fields[6].parse().expect("nodes"))
    };
    let (shipped, shipped_nodes) = solve("shipped");
    let (edited, edited_nodes) = solve(dir.to_str().expect("UTF-8 path"));
    assert_eq!(shipped, "g8 +18");
    assert_eq!(edited, "g8 +18");
    // The same solve in the library, with the folder's knob and the shipped tables.
    let board = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/fforum-1-19.obf"),
    )
    .expect("FFO file")
    .lines()
    .next()
    .expect("#1")
    .parse::<reversi::engine::ObfRecord>()
    .expect("OBF")
    .position
    .board;
    let mut solver = Solver::with_config(
        4,
        SolverConfig {
            last_four: false,
            ..SolverConfig::default()
        },
    );
    solver.set_evaluator(ConfigSet::shipped().eval);
    let solved = solver
        .solve(&board, SolveMode::Exact, &AtomicBool::new(false))
        .expect("solved");
    assert_eq!(edited_nodes, solved.nodes);
    assert_ne!(edited_nodes, shipped_nodes);
}

/// Output cut short (`explain | head`) ends the command quietly, as Unix tools do: killed
/// by SIGPIPE, with no "Broken pipe" panic on standard error.
#[cfg(unix)]
#[test]
fn a_listing_whose_reader_goes_away_ends_quietly() {
    use std::os::unix::process::ExitStatusExt;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(["explain", "--moves", "f5d6c3d3c4f4f6f3e6e7"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine runs");
    // The reader goes away before the engine has read its tables and written a line.
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("the engine ends");
    assert_eq!(
        (
            out.status.signal(),
            String::from_utf8_lossy(&out.stderr).as_ref()
        ),
        (Some(libc::SIGPIPE), "")
    );
}

#[test]
fn rating_calibrates_levels_and_estimates_a_player_against_them() {
    // A model reviewed at depth 2 (the shipped one's 12 is too slow for a test), the
    // ladder's ratings.
    let mut model = reversi::engine::RatingModel::shipped().clone();
    model.review_depth = 2;
    let calibrate = |model_arg: &str, out: &str, games: &str| {
        [
            "rating",
            "calibrate",
            "--games",
            "2",
            "--levels",
            "Beginner",
            "Expert",
            "--model",
            model_arg,
            "--out",
            out,
            "--games-out",
            games,
            "--exact-empties",
            "8",
        ]
        .map(str::to_string)
    };
    // Expert reviewed at depth 2 loses more a move than the shipped model's Advanced: the
    // losses would not fall level by level, and nothing is written.
    let model_file = scratch_file("rating-model.ron", model.to_text().as_bytes());
    let model_arg = model_file.to_str().unwrap();
    let out = model_file.with_file_name("rating-calibrated.ron");
    let _ = std::fs::remove_file(&out);
    let games = model_file.with_file_name("rating-games");
    let _ = std::fs::remove_dir_all(&games);
    let owned = calibrate(model_arg, out.to_str().unwrap(), games.to_str().unwrap());
    let args: Vec<&str> = owned.iter().map(String::as_str).collect();
    let (code, err) = failure(&args);
    assert_eq!(code, 1);
    assert!(
        err.ends_with(
            "must have a higher rating and a lower mean_loss than \"Advanced\"; nothing was \
             written (play more --games)"
        ),
        "{err}"
    );
    assert!(!out.exists());
    // With room around the two levels the model is written.
    let losses = [50.0, 5.0, 4.0, 3.5, 3.0, 2.5, 1.5, 0.5, 0.3, 0.1];
    for (level, loss) in model.levels.iter_mut().zip(losses) {
        level.mean_loss = loss;
    }
    std::fs::write(&model_file, model.to_text()).unwrap();
    let printed = success(&args);
    let err = String::from_utf8_lossy(&printed.stderr);
    assert!(
        err.contains("rating calibrate: Expert game 2/2; 4/4 games, about 0m00s left"),
        "{err}"
    );
    let calibrated =
        reversi::engine::RatingModel::parse("out", &std::fs::read_to_string(&out).unwrap())
            .unwrap();
    // The two levels measured, the others as they were; the ratings kept.
    for (new, old) in calibrated.levels.iter().zip(&model.levels) {
        assert_eq!(new.rating, old.rating);
        if new.name == "Beginner" || new.name == "Expert" {
            assert!(new.moves > 0 && new.moves <= 2 * 52, "{new:?}");
        } else {
            assert_eq!(new, old);
        }
    }
    // Each level's two games, kept for `estimate`.
    let beginner = std::fs::read_to_string(games.join("Beginner.txt")).unwrap();
    assert_eq!(beginner.lines().count(), 2);
    // Beginner's games, estimated as Black's: between the ends of the calibrated curve.
    let printed = success(&[
        "rating",
        "estimate",
        games.join("Beginner.txt").to_str().unwrap(),
        "--player",
        "black",
        "--model",
        out.to_str().unwrap(),
        "--exact-empties",
        "8",
    ]);
    let line = String::from_utf8_lossy(&printed.stdout).to_string();
    assert!(line.starts_with("rating "), "{line}");
    assert!(line.contains(" moves of 2 games, "), "{line}");
    // Too few moves, and a model out of order, are named.
    let one = scratch_file("rating-one.txt", b"f5d6\n");
    let (code, err) = failure(&[
        "rating",
        "estimate",
        one.to_str().unwrap(),
        "--player",
        "white",
    ]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "reversi-engine: 1 moves of the player's: at least 10 are needed"
    );
    let swapped = model
        .to_text()
        .replacen("rating: 400.0", "rating: 900.0", 1);
    let bad = scratch_file("rating-bad.ron", swapped.as_bytes());
    let (code, err) = failure(&[
        "rating",
        "estimate",
        one.to_str().unwrap(),
        "--player",
        "white",
        "--model",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "level \"Novice\" must have a higher rating and a lower mean_loss than \"Beginner\""
        ),
        "{err}"
    );
}

#[test]
fn xot_keeps_balanced_openings_and_match_plays_the_shipped_ones() {
    use reversi::engine::{SearchConfig, SearchLimits, Searcher, parse_xot, shipped_xot};
    use std::sync::atomic::AtomicBool;
    // Full width, so that each value is the depth-4 minimax value whatever the table held.
    let out = success(&[
        "xot",
        "--count",
        "3",
        "--depth",
        "4",
        "--screen-depth",
        "2",
        "--probcut",
        "0",
        "--seed",
        "5",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("# 3 XOT openings: 8 random plies"),
        "{text}"
    );
    assert!(
        text.contains(
            "# Made by: reversi-engine xot --count 3 --plies 8 --within 2 --depth 4 \
             --screen-depth 2 --probcut 0 --seed 5\n"
        ),
        "{text}"
    );
    let openings = parse_xot(&text).unwrap();
    assert_eq!(openings.len(), 3);
    let stop = AtomicBool::new(false);
    for o in &openings {
        assert_eq!(o.game().len(), 8);
        assert!(o.value.abs() <= 2, "{}", o.line());
        let mut searcher = Searcher::new(SearchConfig {
            tt_mib: 1,
            exact_empties: 0,
            wld_empties: 0,
            probcut_t: 0.0,
            ..SearchConfig::default()
        });
        let board = o.game().position().board;
        let r = searcher.search(
            &board,
            &SearchLimits::depth(4),
            &stop,
            &std::time::Instant::now(),
            &mut |_| {},
        );
        assert_eq!(r.info.score, o.value, "{}", o.line());
    }
    // The same seed, the same openings.
    let again = success(&[
        "xot",
        "--count",
        "3",
        "--depth",
        "4",
        "--screen-depth",
        "2",
        "--probcut",
        "0",
        "--seed",
        "5",
    ]);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
    // match --openings xot: the shipped set's first openings, each twice.
    let out = success(&[
        "match",
        "--a",
        "simple",
        "--b",
        "simple",
        "--depth",
        "1",
        "--games",
        "4",
        "--openings",
        "xot",
        "--threads",
        "1",
    ]);
    let games: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(|l| l.split_whitespace().last().unwrap().to_string())
        .collect();
    assert_eq!(games.len(), 4);
    for (i, game) in games.iter().enumerate() {
        let opening = &shipped_xot()[i / 2].moves;
        assert!(game.starts_with(opening.as_str()), "game {i}: {game}");
    }
}

#[test]
fn edax_books_go_out_and_come_back_and_a_damaged_one_changes_nothing() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-edax");
    std::fs::create_dir_all(&dir).unwrap();
    let dat = dir.join("shipped.dat");
    let ours = dir.join("back.book");
    let _ = std::fs::remove_file(&ours);
    let out = success(&[
        "book",
        "export",
        "shipped",
        "--format",
        "edax",
        "--out",
        dat.to_str().unwrap(),
    ]);
    let positions = reversi::engine::book::Book::shipped().len();
    let bytes = std::fs::read(&dat).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        format!(
            "book export: {positions} positions to {} ({} bytes, Edax's format)",
            dat.display(),
            bytes.len()
        )
    );
    success(&[
        "book",
        "import",
        "--format",
        "edax",
        dat.to_str().unwrap(),
        "--out",
        ours.to_str().unwrap(),
    ]);
    let stats = |file: &str| String::from_utf8(success(&["book", "stats", file]).stdout).unwrap();
    let (back, shipped) = (stats(ours.to_str().unwrap()), stats("shipped"));
    assert_eq!(back.lines().next(), shipped.lines().next());
    assert_eq!(
        back.lines().next(),
        Some(format!("positions {positions}").as_str())
    );
    // The moves and values at a position deep in the book are the same.
    let show = |file: &str| {
        String::from_utf8(success(&["book", "show", file, "--moves", "f5d6c3d3c4f4c5b3"]).stdout)
            .unwrap()
    };
    assert_eq!(show(ours.to_str().unwrap()), show("shipped"));
    // A cut file stops the import before anything is written; the book is as it was.
    let before = std::fs::read(&ours).unwrap();
    let cut = scratch_file("cut.dat", &bytes[..100]);
    let (code, err) = failure(&[
        "book",
        "import",
        "--format",
        "edax",
        cut.to_str().unwrap(),
        "--out",
        ours.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "reversi-engine: {}: byte 94: the file ends inside position 2 (6 bytes left, 8 \
             needed); nothing was imported",
            cut.display()
        )
    );
    assert_eq!(std::fs::read(&ours).unwrap(), before);
    let (_, err) = failure(&["book", "export", "shipped", "--format", "edax"]);
    assert_eq!(
        err,
        "reversi-engine: --format edax writes a binary file: name it with --out"
    );
}

#[test]
fn book_edit_adds_a_line_sets_and_removes_moves_and_names_a_bad_one() {
    use reversi::engine::book::Book;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-book-edit");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mine.book");
    let _ = std::fs::remove_file(&file);
    let path = file.to_str().unwrap();
    let read = || Book::parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let board = |t: &str| {
        reversi::engine::Game::from_transcript(t)
            .unwrap()
            .position()
            .board
    };
    // The line to f5d6c3 joins a new book, searched deepest first, a line of progress a
    // position.
    let out = success(&[
        "book",
        "edit",
        path,
        "--moves",
        "f5d6c3",
        "--add-line",
        "--depth",
        "4",
    ]);
    let err = String::from_utf8(out.stderr).unwrap();
    let progress: Vec<&str> = err
        .lines()
        .map(|l| l.split(" (").next().unwrap())
        .filter(|l| l.contains(" positions of the line"))
        .collect();
    assert_eq!(
        progress,
        (1..=4)
            .map(|n| format!("book edit: {n}/4 positions of the line"))
            .collect::<Vec<_>>()
    );
    // The start needs no entry: its four moves are one position, in the book.
    let book = read();
    for line in ["f5", "f5d6", "f5d6c3"] {
        assert!(book.get(&board(line)).is_some(), "{line}");
    }
    assert_eq!(book.len(), 3);
    // A move's value set by hand stands in the book and shows as set.
    let out = success(&["book", "edit", path, "--moves", "f5d6c3", "--set", "d3=+7"]);
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("\nd3 +7 set\n"),
        "{:?}",
        read().moves(&board("f5d6c3"))
    );
    assert_eq!(read().value(&board("f5d6c3d3")), Some(-7));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap().trim_end(),
        format!("book edit: d3 set to +7; 4 positions in {path}")
    );
    // Removed: the position after it goes (nothing else was only below it).
    let out = success(&["book", "edit", path, "--moves", "f5d6c3", "--remove", "d3"]);
    let leaf_was_d3 = book.get(&board("f5d6c3")).unwrap().leaf.unwrap().best
        == Some(
            reversi::engine::BookKey::of(&board("f5d6c3"))
                .1
                .apply_square("d3".parse().unwrap()),
        );
    assert_eq!(
        String::from_utf8(out.stderr).unwrap().trim_end(),
        format!(
            "book edit: d3 removed: 1 positions{}; 3 positions in {path}",
            if leaf_was_d3 {
                " and the best move out of the book"
            } else {
                ""
            }
        )
    );
    assert!(read().get(&board("f5d6c3d3")).is_none());
    assert_eq!(read().removed().count(), 1);
    // Bad edits name the flag and the value; the file is as it was.
    let before = std::fs::read(&file).unwrap();
    for (args, message) in [
        (
            vec!["--set", "d3=+70"],
            "--set d3=+70: the value is -64 to +64 discs",
        ),
        (
            vec!["--set", "d3"],
            "--set d3: expected MOVE=VALUE, e.g. c3=+2",
        ),
        (
            vec!["--remove", "a1"],
            "--remove a1: not a legal move at this position",
        ),
    ] {
        let mut all = vec!["book", "edit", path, "--moves", "f5d6c3"];
        all.extend(args);
        let (code, err) = failure(&all);
        assert_eq!((code, err), (1, format!("reversi-engine: {message}")));
    }
    assert_eq!(std::fs::read(&file).unwrap(), before);
    let (code, _) = failure(&["book", "edit", path]);
    assert_eq!(code, 2);
}

/// A WTHOR file's 16-byte header: `count` games (`.wtb`) or names (`.jou`, `.trn`) of 2025.
fn wthor_header(games: u32, names: u16) -> Vec<u8> {
    let mut h = vec![20, 26, 11, 27];
    h.extend_from_slice(&games.to_le_bytes());
    h.extend_from_slice(&names.to_le_bytes());
    h.extend_from_slice(&2025u16.to_le_bytes());
    h.extend_from_slice(&[8, 0, 22, 0]);
    h
}

/// Writes a WTHOR folder of 2025 at `dir`: `players`' names and the games (Black's number,
/// White's, Black's discs; every game the same moves, f5 d6).
fn thor_results_folder(dir: &std::path::Path, players: &[&str], games: &[(u16, u16, u8)]) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    let mut wtb = wthor_header(games.len() as u32, 0);
    for &(black, white, discs) in games {
        for n in [0u16, black, white] {
            wtb.extend_from_slice(&n.to_le_bytes());
        }
        wtb.extend_from_slice(&[discs, discs]);
        let mut plies = vec![56u8, 64];
        plies.resize(60, 0);
        wtb.extend(plies);
    }
    std::fs::write(dir.join("WTH_2025.wtb"), &wtb).unwrap();
    let mut jou = wthor_header(0, players.len() as u16);
    for name in players {
        let mut n = name.as_bytes().to_vec();
        n.resize(20, 0);
        jou.extend(n);
    }
    std::fs::write(dir.join("WTHOR.JOU"), &jou).unwrap();
}

#[test]
fn thor_ratings_lists_players_best_first_and_marks_programs() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-thor-ratings");
    // Zed (a program) beats Ann 3 games in 4, Ann beats Bob 3 in 4, each colour in turn;
    // Cid plays one draw.
    let mut games = Vec::new();
    for i in 0..8u8 {
        let (winner, loser) = if i % 4 < 3 { (2, 0) } else { (0, 2) };
        let (ann_win, bob) = if i % 4 < 3 { (0, 1) } else { (1, 0) };
        let discs = |black_wins: bool| if black_wins { 40 } else { 24 };
        if i % 2 == 0 {
            games.push((winner, loser, discs(true)));
            games.push((ann_win, bob, discs(true)));
        } else {
            games.push((loser, winner, discs(false)));
            games.push((bob, ann_win, discs(false)));
        }
    }
    games.push((3, 1, 32));
    thor_results_folder(&dir, &["Ann", "Bob", "Zed (me)", "Cid"], &games);
    let out = success(&[
        "thor",
        "ratings",
        dir.to_str().unwrap(),
        "--min-games",
        "2",
        "--top",
        "0",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "Black's advantage: -137.9 Elo; 1500 is a player of average results",
            " rank  player (* a program)            games    Elo  error",
            "    1  Zed (me)*                           8   1738    125",
            "    2  Ann                                16   1510     92",
            "    3  Bob                                 9   1285    118",
            "3 of 3 players (all) with 2 games or more",
        ]
    );
    let people = success(&[
        "thor",
        "ratings",
        dir.to_str().unwrap(),
        "--min-games",
        "1",
        "--players",
        "people",
        "--holdout",
        "2024",
    ]);
    let text = String::from_utf8(people.stdout).unwrap();
    let lines: Vec<&str> = text.lines().skip(2).collect();
    assert_eq!(
        lines,
        [
            "    1  Ann                                16   1510     92",
            "    2  Cid                                 1   1467    228",
            "    3  Bob                                 9   1285    118",
            "3 of 3 players (people) with 1 games or more",
            "2024 held out: no game of it between players of the other years",
        ]
    );
    let (code, err) = failure(&["thor", "ratings", dir.to_str().unwrap(), "--prior-sd", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("0 is not a positive number of Elo"), "{err}");
}

#[test]
fn thor_show_counts_the_moves_people_played_and_names_a_damaged_file() {
    use reversi::engine::{Game, Ply};
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-thor");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Four games: after f5, d6 three times (once mirrored: d3 c5), f6 once. Black's discs:
    // 40 (White lost by 16), 30 (White won by 4), 33 (White lost by 2) and 32 (a draw).
    // Players: Ann 0, Bob 1, Cid 2; Bob plays the second and the fourth.
    let games = [
        ("f5d6c3d3c4", 40, 0u16, 2u16),
        ("d3c5f6f5e6", 30, 1, 2),
        ("f5d6c5f4e3", 33, 0, 2),
        ("f5f6e6f4", 32, 2, 1),
    ];
    let mut wtb = wthor_header(games.len() as u32, 0);
    for (moves, discs, black, white) in games {
        let record = Game::from_transcript(moves).unwrap();
        for n in [0u16, black, white] {
            wtb.extend_from_slice(&n.to_le_bytes());
        }
        wtb.extend_from_slice(&[discs, discs]);
        let mut plies = Vec::new();
        for ply in record.recorded_plies() {
            if let Ply::Move(sq) = ply {
                plies.push((sq.index() / 8 + 1) * 10 + sq.index() % 8 + 1);
            }
        }
        plies.resize(60, 0);
        wtb.extend(plies);
    }
    std::fs::write(dir.join("WTH_2025.wtb"), &wtb).unwrap();
    let mut jou = wthor_header(0, 3);
    for name in ["Ann", "Bob", "Cid"] {
        let mut n = name.as_bytes().to_vec();
        n.resize(20, 0);
        jou.extend(n);
    }
    std::fs::write(dir.join("WTHOR.JOU"), &jou).unwrap();
    // The index, built and written beside the files.
    let out = success(&["thor", "index", dir.to_str().unwrap()]);
    let err = String::from_utf8(out.stderr).unwrap();
    let index = dir.join("reversi-thor.idx");
    let bytes = std::fs::metadata(&index).unwrap().len();
    assert_eq!(
        err.lines()
            .last()
            .unwrap()
            .split(" bytes, ")
            .next()
            .unwrap(),
        format!(
            "thor index: 4 games, 19 positions, 2 files in {} ({bytes}",
            index.display()
        )
    );
    assert!(err.contains("thor: reading file 1 of 1\n"), "{err}");
    let show = |extra: &[&str]| {
        let mut args = vec![
            "thor",
            "show",
            dir.to_str().unwrap(),
            "--moves",
            "f5",
            "--games",
            "0",
        ];
        args.extend_from_slice(extra);
        let text = String::from_utf8(success(&args).stdout).unwrap();
        // The timings aside.
        let (first, rest) = text.split_once('\n').unwrap();
        (
            first.split(" (").next().unwrap().to_string(),
            rest.to_string(),
        )
    };
    let (head, table) = show(&[]);
    assert_eq!(head, "position after f5: 4 games of 4");
    // The book's values at f5: d6 and f6 (and f4) are book moves.
    let book = reversi::engine::book::Book::shipped();
    let after_f5 = Game::from_transcript("f5").unwrap().position().board;
    let value = |sq: &str| {
        let m = book.moves(&after_f5);
        format!(
            "{:+}",
            m.iter().find(|m| m.square.to_string() == sq).unwrap().value
        )
    };
    assert_eq!(
        table,
        format!(
            "move  games   share  score  discs  book\n\
             d6        3   75.0%  33.3%   -4.7  {}\n\
             f6        1   25.0%  50.0%   +0.0  {}\n",
            value("d6"),
            value("f6")
        )
    );
    // Bob's games (the second and the fourth): d6 won by 4, f6 drawn.
    let (head, table) = show(&["--player", "bob"]);
    assert_eq!(head, "position after f5: 2 games of 4");
    assert!(
        table.contains("d6        1   50.0% 100.0%   +4.0"),
        "{table}"
    );
    // The games that reached the position: the first two, each with its move there (in
    // the orientation asked about: the mirrored game's c5 is d6).
    let out = success(&[
        "thor",
        "show",
        dir.to_str().unwrap(),
        "--moves",
        "f5",
        "--games",
        "2",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.ends_with(
            "games (year, black, white, black's discs, tournament, move here):\n\
             2025 Ann - Cid +16 #0 d6 f5d6c3d3c4\n\
             2025 Bob - Cid -4 #0 d6 d3c5f6f5e6\n"
        ),
        "{text}"
    );
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .starts_with("thor: 4 games read from reversi-thor.idx in "),
    );
    // A damaged index is rebuilt from the files, and said so.
    std::fs::write(&index, b"not an index").unwrap();
    let out = success(&["thor", "show", dir.to_str().unwrap(), "--games", "0"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(&format!(
            "from the WTHOR files ({}: byte 0: not a game database index: it does not begin \
             with \"RVTHORDB\"; reversi-thor.idx written)",
            index.display()
        )),
        "{err}"
    );
    assert_eq!(&std::fs::read(&index).unwrap()[..8], b"RVTHORDB");
    // A cut file (the index then stale) is named with its byte.
    std::fs::write(dir.join("WTH_2025.wtb"), &wtb[..100]).unwrap();
    let (code, err) = failure(&["thor", "show", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "thor: reading file 1 of 1\nreversi-engine: {}: byte 84: the file ends inside \
             game 2 (16 of its 68 bytes)",
            dir.join("WTH_2025.wtb").display()
        )
    );
}

/// `tables error` gives each evaluator's mean error against a test set's exact scores, a
/// row per number of empties and one for all: here a made-up set of two positions whose
/// "exact" scores lie 3 and 5 discs above the shipped evaluation (so 4.000 over both);
/// a position without a score is named with its file.
#[test]
fn tables_error_measures_against_the_exact_scores() {
    use reversi::engine::{ConfigSet, Game};
    let eval = ConfigSet::shipped().eval;
    let mut lines = String::from("# 2 positions\n");
    let mut expected = 0.0;
    for (moves, above) in [("f5d6c3d3c4f4f6", 3), ("f5f6e6f4", 5)] {
        let p = Game::from_transcript(moves).expect("moves").position();
        let value = f64::from(eval.evaluate_centidiscs(&p.board)) / 100.0;
        let score = value.round() as i32 + above;
        expected += (value - f64::from(score)).abs() / 2.0;
        let mv = p.board.moves().trailing_zeros() as u8;
        let sq = reversi::engine::Square::from_index(mv)
            .to_string()
            .to_uppercase();
        lines.push_str(&format!("{p}; {sq}:{score:+};\n"));
    }
    let file = scratch_file("tables-error.obf", lines.as_bytes());
    let out = success(&["tables", "error", "--testset", file.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 4, "{text}");
    let all: Vec<&str> = rows[3].split_whitespace().collect();
    assert_eq!(all[1..3], ["all", "2"], "{text}");
    // Each error is 3 or 5 discs give or take the rounding's distance.
    assert_eq!(all[3], format!("{expected:.3}"), "{text}");
    assert!((expected - 4.0).abs() <= 0.5);
    // With --depth, a search's value: the one `search --depth 3` gives each position.
    let mut searched = 0.0;
    for line in lines.lines().skip(1) {
        let (position, score) = line.split_once("; ").expect("a scored line");
        let score: f64 = score[3..score.len() - 1].parse().expect("a score");
        let out = success(&["search", "--obf", position, "--depth", "3"]);
        let text = String::from_utf8_lossy(&out.stdout);
        let best = text.lines().last().expect("bestmove");
        let value: f64 = best
            .split_whitespace()
            .nth(3)
            .expect("score")
            .parse()
            .unwrap();
        searched += (value - score).abs() / 2.0;
    }
    let out = success(&[
        "tables",
        "error",
        "--depth",
        "3",
        "--testset",
        file.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    let all: Vec<&str> = text.lines().nth(3).unwrap().split_whitespace().collect();
    assert_eq!(all[3], format!("{searched:.3}"), "{text}");
    assert_ne!(searched, expected);
    let (code, err) = failure(&["tables", "error", "--depth", "3", "--probcut", "11"]);
    assert_eq!(code, 1);
    assert!(err.contains("--probcut 11: expected 0..=10"), "{err}");
    let bad = scratch_file(
        "tables-error-bad.obf",
        b"---------------------------OX------XO--------------------------- X\n",
    );
    let (code, err) = failure(&["tables", "error", "--testset", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("tables-error-bad.obf: position 1 gives no score"),
        "{err}"
    );
}

#[test]
fn thor_losses_scores_people_by_band_and_thor_people_makes_the_table() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-thor-losses");
    // Ann beats Bob 3 games in 4, each colour in turn; Zed, a program, and Cid, with one
    // game, are left out. Every game is f5 d6.
    let mut games = Vec::new();
    for i in 0..8u8 {
        let (ann_win, bob) = if i % 4 < 3 { (0, 1) } else { (1, 0) };
        if i % 2 == 0 {
            games.push((ann_win, bob, 40));
        } else {
            games.push((bob, ann_win, 24));
        }
    }
    games.push((2, 0, 40));
    games.push((3, 1, 32));
    thor_results_folder(&dir, &["Ann", "Bob", "Zed (me)", "Cid"], &games);
    let out = dir.join("losses.txt.gz");
    let args = |per_band: &str| {
        vec![
            "thor".to_string(),
            "losses".into(),
            dir.to_str().unwrap().into(),
            "--out".into(),
            out.to_str().unwrap().into(),
            "--bands".into(),
            "1300,1500".into(),
            "--games-per-band".into(),
            per_band.into(),
            "--min-games".into(),
            "2".into(),
            "--depth".into(),
            "2".into(),
            "--exact-empties".into(),
            "4".into(),
            "--threads".into(),
            "1".into(),
        ]
    };
    let first = args("2");
    let first: Vec<&str> = first.iter().map(String::as_str).collect();
    let done = success(&first);
    let err = String::from_utf8(done.stderr).unwrap();
    assert!(err.contains("8 eligible games of 10"), "{err}");
    assert!(err.contains("4 games in"), "{err}");
    let mut text = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::GzDecoder::new(std::fs::File::open(&out).unwrap()),
        &mut text,
    )
    .unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    assert_eq!(lines[0], "# reversi thor losses 1");
    assert!(
        lines[1].starts_with("# thor losses --bands 1300,1500 --band-width 200 --games-per-band 2")
    );
    for line in &lines[2..] {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 7, "{line}");
        assert_eq!(fields[4..6], ["2025", "f5d6"], "{line}");
        assert_eq!(
            fields[6].split(' ').next(),
            Some("0"),
            "f5 loses nothing: {line}"
        );
    }
    // Again: the file is whole; with other flags it is refused, naming its command.
    let again = success(&first);
    assert!(
        String::from_utf8(again.stderr)
            .unwrap()
            .contains("already holds 4 games")
    );
    let other = args("3");
    let other: Vec<&str> = other.iter().map(String::as_str).collect();
    let (code, err) = failure(&other);
    assert_eq!(code, 1);
    assert!(err.contains("grow it with the same flags"), "{err}");

    let table = dir.join("people.ron");
    let made = success(&[
        "thor",
        "people",
        out.to_str().unwrap(),
        "--out",
        table.to_str().unwrap(),
        "--bands",
        "1300,1500",
        "--hold-out",
        "0",
        "--fit",
        "0",
    ]);
    let printed = String::from_utf8(made.stdout).unwrap();
    // Each game gives one opening move to each band (Bob's and Ann's), 4 games.
    let lines: Vec<&str> = printed.lines().take(5).collect();
    assert_eq!(
        lines,
        [
            "fitted on: band  phase    moves   mean  best  over-6    p90",
            "fitted on: 1300  opening      4   0.00  100%    0.0%      0",
            "fitted on: 1300  middle       0   0.00    0%    0.0%      0",
            "fitted on: 1300  endgame      0   0.00    0%    0.0%      0",
            "fitted on: 1500  opening      4   0.00  100%    0.0%      0",
        ]
    );
    let read = reversi::engine::PeopleErrors::parse(
        "people.ron",
        &std::fs::read_to_string(&table).unwrap(),
    )
    .unwrap();
    assert_eq!(
        read.bands.iter().map(|b| b.rating).collect::<Vec<_>>(),
        [1300, 1500]
    );
    assert_eq!(read.bands[0].moves, (4, 0, 0));
    let (code, err) = failure(&["thor", "people", table.to_str().unwrap(), "--out", "x.ron"]);
    assert_eq!(code, 1);
    assert!(err.contains("not a file of `thor losses`"), "{err}");
}

/// `search --probcut T` searches selectively at T standard deviations whatever the config's
/// `probcut_t`: the same search, node for node, as a config folder that sets it, and the flag
/// wins over the folder; `--probcut 0` is full width; a confidence out of 0..=4 is refused by
/// name.
#[test]
fn search_takes_probcut_s_confidence_from_the_command_line() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-tests/search-probcut");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    std::fs::write(dir.join("search.ron"), "(probcut_t: 1.5)").expect("search.ron");
    let folder = dir.to_str().unwrap();
    // "bestmove c6 score -1 depth 10@87% nodes N time S", less the time.
    let run = |extra: &[&str]| -> String {
        let mut args = vec!["search", "--moves", "f5d6c3d3c4f4f6f3e6e7", "--depth", "10"];
        args.extend_from_slice(extra);
        let out = success(&args);
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let best = text.lines().last().expect("bestmove");
        best[..best.find(" time ").expect("a time")].to_string()
    };
    let depth = |line: &str| line.split_whitespace().nth(5).unwrap().to_string();
    let full = run(&[]);
    assert_eq!(depth(&full), "10");
    assert_eq!(run(&["--probcut", "0"]), full);
    assert_eq!(run(&["--probcut", "0", "--config", folder]), full);
    let selective = run(&["--probcut", "1.5"]);
    assert_eq!(depth(&selective), "10@87%");
    assert_eq!(selective, run(&["--config", folder]));
    assert_ne!(selective, full);
    assert_eq!(
        depth(&run(&["--probcut", "1.0", "--config", folder])),
        "10@68%"
    );
    let (code, err) = failure(&["search", "--depth", "2", "--probcut", "5"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with(
            "error: invalid value '5' for '--probcut <PROBCUT>': '5': expected 0 (full width) to 4"
        ),
        "{err}"
    );
}
