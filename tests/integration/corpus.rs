//! The self-play corpus: `corpus play` writes the same games whatever the threads and
//! however a run is split, refuses to grow a file with other flags, and `tune` fits from
//! what it wrote. Runs the real binary.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::engine;

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("corpus-tests");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// `corpus <command>` growing `out` to `items` games or positions on `threads` threads,
/// with the command's own `flags`.
fn corpus(command: &str, out: &Path, items: usize, threads: usize, flags: &[&str]) -> Output {
    let (items, threads) = (items.to_string(), threads.to_string());
    let mut args = vec![
        "corpus",
        command,
        "--out",
        out.to_str().unwrap(),
        "--games",
        &items,
        "--threads",
        &threads,
    ];
    args.extend_from_slice(flags);
    engine(&args)
}

/// Plays `games` games into `out` (created or grown) with fast settings.
fn play(out: &Path, games: usize, threads: usize) -> Output {
    let flags = ["--depth", "2", "--perfect-empties", "8", "--seed", "7"];
    corpus("play", out, games, threads, &flags)
}

/// The game lines of a corpus file, after checking its two header lines.
fn game_lines(path: &Path) -> Vec<String> {
    let bytes = std::fs::read(path).expect("corpus file");
    let mut text = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut text)
        .expect("gzip text");
    assert!(text.starts_with("# reversi corpus 1\n# corpus play --config shipped --depth 2 --perfect-empties 8 --random-plies 2..30 --seed 7\n"));
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

#[test]
fn games_depend_on_the_seed_alone_and_runs_resume() {
    let one = scratch("one.txt.gz");
    assert!(play(&one, 6, 1).status.success());
    let two = scratch("two.txt.gz");
    assert!(play(&two, 6, 2).status.success());
    let split = scratch("split.txt.gz");
    assert!(play(&split, 2, 1).status.success());
    assert!(play(&split, 6, 2).status.success());
    let lines = game_lines(&one);
    assert_eq!(lines.len(), 6);
    assert_eq!(game_lines(&two), lines);
    assert_eq!(game_lines(&split), lines);
    // Every line ends with the random plies (2..=30) and the perfect-play empties.
    for l in &lines {
        let fields: Vec<&str> = l.split(' ').collect();
        assert_eq!(fields.len(), 3, "{l}");
        assert!((2..=30).contains(&fields[1].parse::<u32>().unwrap()), "{l}");
        assert_eq!(fields[2], "8");
    }
    // Another seed gives other games.
    assert_ne!(lines[0], lines[1]);

    // Growing the file with other flags is refused, and the file is left alone.
    let before = std::fs::read(&one).unwrap();
    let other = ["--depth", "3", "--perfect-empties", "8", "--seed", "7"];
    let out = corpus("play", &one, 8, 1, &other);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        format!(
            "reversi-engine: {} was made by \"corpus play --config shipped --depth 2 --perfect-empties 8 --random-plies 2..30 --seed 7\", not \"corpus play --config shipped --depth 3 --perfect-empties 8 --random-plies 2..30 --seed 7\": grow it with the same flags, or write to another file",
            one.display()
        )
    );
    assert_eq!(std::fs::read(&one).unwrap(), before);

    // `corpus stats` and `tune` count the same positions, and the fit writes files the
    // engine reads.
    let stats = engine(&["corpus", "stats", one.to_str().unwrap()]);
    let stats = String::from_utf8_lossy(&stats.stdout).to_string();
    let total = stats.lines().last().unwrap().to_string();
    let positions: usize = total.split(' ').nth(3).unwrap().parse().unwrap();
    let dir = scratch("fit");
    let out = fit(&one, &dir, &["--threads", "2"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.starts_with(&format!("tune: 6 games, {positions} positions (")),
        "{err}\n{stats}"
    );
    let search = engine(&[
        "search",
        "--config",
        dir.to_str().unwrap(),
        "--depth",
        "2",
        "--moves",
        "f5d6",
    ]);
    assert!(
        search.status.success(),
        "{}",
        String::from_utf8_lossy(&search.stderr)
    );

    // Relabelling: with all the weight on the outcome the labels, so the files, stay as
    // they were; with none, the search's scores change them, the same on 1 and 2 threads.
    let plain = fitted_files(&dir);
    let same = scratch("fit-outcome");
    let relabel = ["--relabel", "shipped", "--relabel-depth", "2"];
    let outcome = [&relabel[..], &["--outcome-weight", "1", "--threads", "2"]].concat();
    assert!(fit(&one, &same, &outcome).status.success());
    assert_eq!(fitted_files(&same), plain);
    let searched = scratch("fit-searched-1");
    let one_thread = [&relabel[..], &["--outcome-weight", "0", "--threads", "1"]].concat();
    let out = fit(&one, &searched, &one_thread);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains(" positions at depth 2 in "), "{err}");
    let searched_files = fitted_files(&searched);
    assert_ne!(searched_files, plain);
    let searched2 = scratch("fit-searched-2");
    let two_threads = [&relabel[..], &["--outcome-weight", "0", "--threads", "2"]].concat();
    assert!(fit(&one, &searched2, &two_threads).status.success());
    assert_eq!(fitted_files(&searched2), searched_files);
}

/// `tune` on `corpus` into the fresh folder `out`: 20 epochs, no test set, and `extra`.
fn fit(corpus: &Path, out: &Path, extra: &[&str]) -> Output {
    let _ = std::fs::remove_dir_all(out);
    let mut args = vec![
        "tune",
        "--corpus",
        corpus.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--epochs",
        "20",
        "--testset",
        "none",
    ];
    args.extend_from_slice(extra);
    engine(&args)
}

/// Every file a fit wrote, by name, with its text.
fn fitted_files(dir: &Path) -> Vec<(String, String)> {
    let mut out = vec![(
        "eval.ron".to_string(),
        std::fs::read_to_string(dir.join("eval.ron")).expect("eval.ron"),
    )];
    let mut names: Vec<_> = std::fs::read_dir(dir.join("patterns"))
        .expect("patterns folder")
        .map(|e| e.expect("entry").file_name().into_string().expect("name"))
        .collect();
    names.sort();
    for name in names {
        let text = std::fs::read_to_string(dir.join("patterns").join(&name)).expect("table");
        out.push((name, text));
    }
    out
}

/// `corpus testset` with fast settings into `out` (created or grown).
fn testset(out: &Path, positions: usize, threads: usize) -> Output {
    let flags = ["--empties", "10..12", "--depth", "2", "--seed", "5"];
    corpus("testset", out, positions, threads, &flags)
}

#[test]
fn test_sets_resume_and_their_scores_are_the_solvers() {
    let one = scratch("one.obf");
    assert!(testset(&one, 5, 1).status.success());
    let split = scratch("split.obf");
    assert!(testset(&split, 2, 2).status.success());
    assert!(testset(&split, 5, 2).status.success());
    let text = std::fs::read_to_string(&one).unwrap();
    assert_eq!(std::fs::read_to_string(&split).unwrap(), text);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7);
    assert_eq!(
        lines[..2],
        [
            "# 5 positions (10..12 empties) from self-play games, each solved exactly: the best move and its score.",
            "# Made by: reversi-engine corpus testset --empties 10..12 --depth 2 --random-plies 12..30 --seed 5",
        ]
    );
    // `solve` finds every position's score as written (it reports any mismatch), and the
    // empties lie in the range asked for.
    let solved = engine(&["solve", one.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&solved.stdout);
    assert!(solved.status.success(), "{out}");
    assert!(!out.contains("mismatch"), "{out}");
    let empties: Vec<u32> = out
        .lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| l.split(' ').nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(empties.len(), 5);
    assert!(empties.iter().all(|e| (10..=12).contains(e)), "{out}");
}

/// `--order-with` changes only how the solver orders its moves: at 16-18 empties, where the
/// evaluator orders, a test set ordered by the simple evaluator holds the same positions
/// with the same scores as one ordered by the shipped tables. A folder that is not there is
/// named before any work, and no file is written.
#[test]
fn test_set_scores_do_not_depend_on_the_ordering_evaluator() {
    let made = |name: &str, order_with: &str| {
        let out = scratch(name);
        let flags = [
            "--empties",
            "16..18",
            "--depth",
            "2",
            "--seed",
            "9",
            "--order-with",
            order_with,
        ];
        let run = corpus("testset", &out, 3, 1, &flags);
        (out, run)
    };
    // Position and score of each line; the move may differ between equally good ones.
    let scored = |path: &Path| -> Vec<(String, String)> {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let (position, rest) = l.split_once("; ").expect("position; move:score;");
                let score = rest.split(':').nth(1).expect("move:score");
                (position.to_string(), score.to_string())
            })
            .collect()
    };
    let (shipped, run) = made("order-shipped.obf", "shipped");
    assert!(run.status.success(), "{run:?}");
    let (simple, run) = made("order-simple.obf", "simple");
    assert!(run.status.success(), "{run:?}");
    let lines = scored(&shipped);
    assert_eq!(lines.len(), 3);
    assert_eq!(scored(&simple), lines);

    let (missing, run) = made("order-missing.obf", "no/such/folder");
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("no/such/folder: not a folder"), "{err}");
    assert!(!missing.exists());
}

/// A position up to symmetry.
type Canonical = (u64, u64);

fn canonical(board: &reversi::engine::Board) -> Canonical {
    reversi::engine::Symmetry::ALL
        .iter()
        .map(|s| (s.apply(board.player), s.apply(board.opponent)))
        .min()
        .expect("eight images")
}

/// The labelled positions with 20-24 empties of the committed corpus files `names` (all
/// `*.txt.gz` when empty) whose game `keep` keeps, up to symmetry.
fn corpus_positions(
    names: &[&str],
    keep: impl Fn(&reversi::engine::corpus::CorpusGame) -> bool,
) -> std::collections::HashSet<Canonical> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/data/corpus");
    let files: Vec<PathBuf> = if names.is_empty() {
        std::fs::read_dir(dir)
            .expect("data/corpus")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.to_string_lossy().ends_with(".txt.gz"))
            .collect()
    } else {
        names.iter().map(|n| Path::new(dir).join(n)).collect()
    };
    let mut out = std::collections::HashSet::new();
    for file in files {
        let bytes = std::fs::read(&file).expect("corpus file");
        let mut text = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut text)
            .expect("gzip text");
        for game in reversi::engine::corpus::parse_corpus(&text).expect("corpus") {
            if !keep(&game) {
                continue;
            }
            for l in game.labelled() {
                if (20..=24).contains(&l.board.empty_count()) {
                    out.insert(canonical(&l.board));
                }
            }
        }
    }
    out
}

/// Checks a committed test set: its header starts with `header` after the count, every
/// position has 20-24 empties, a legal best move and a score within -64..=64, none is
/// repeated up to symmetry, and none is in `excluded`.
fn check_test_set(name: &str, header: &str, excluded: &std::collections::HashSet<Canonical>) {
    use reversi::engine::ObfRecord;
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("test set");
    let first = text.lines().next().expect("a header line");
    let mut seen = std::collections::HashSet::new();
    let mut count = 0;
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let record: ObfRecord = line
            .parse()
            .unwrap_or_else(|e| panic!("{path}:{}: {e}", n + 1));
        let board = record.position.board;
        assert!((20..=24).contains(&board.empty_count()), "line {}", n + 1);
        assert_ne!(board.moves(), 0, "line {}", n + 1);
        let (best, score) = record.move_scores[0];
        assert!(board.moves() & (1 << best.index()) != 0, "line {}", n + 1);
        assert!((-64..=64).contains(&score), "line {}", n + 1);
        let key = canonical(&board);
        assert!(seen.insert(key), "line {} repeats a position", n + 1);
        assert!(
            !excluded.contains(&key),
            "line {} is a training position",
            n + 1
        );
        count += 1;
    }
    assert!(
        first.starts_with(&format!("# {count} positions {header}")),
        "{first} but {count} positions"
    );
}

/// The committed held-out test set is what its header says: positions with 20-24 empties,
/// each with a legal move and the exact score of its best move, no position twice (nor
/// twice up to symmetry), the position count in the header, and none of them in a game of
/// the committed corpus (a test set made with 2..30 random plies shared 206 of 1,260
/// positions with it: deterministic play from the same short random opening).
#[test]
fn the_committed_test_set_is_well_formed_and_held_out() {
    let in_corpus = corpus_positions(&[], |_| true);
    assert!(in_corpus.len() > 10_000, "{}", in_corpus.len());
    check_test_set("heldout-20-24.obf", "(20..24 empties)", &in_corpus);
}

/// `tune --testset` takes several files and reports each alone: the same line, to the
/// hundredth of a disc, as a fit measured on that file only; a missing file is named
/// before any work.
#[test]
fn several_test_sets_are_each_reported_alone() {
    let games = scratch("testsets.txt.gz");
    assert!(play(&games, 4, 2).status.success());
    let small = scratch("testsets-3.obf");
    assert!(testset(&small, 3, 2).status.success());
    let large = scratch("testsets-5.obf");
    assert!(testset(&large, 5, 2).status.success());
    let (small, large) = (small.to_str().unwrap(), large.to_str().unwrap());
    let report = |files: &[&str]| -> Vec<String> {
        let out = fit(
            &games,
            &scratch("testsets-fit"),
            &[&["--threads", "1", "--testset"], files].concat(),
        );
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(out.status.success(), "{text}");
        text.lines()
            .filter(|l| l.contains(" positions, mean absolute error "))
            .map(str::to_string)
            .collect()
    };
    let both = report(&[small, large]);
    assert_eq!(both.len(), 2, "{both:?}");
    assert!(
        both[0].starts_with(&format!("{small}: 3 positions, ")),
        "{}",
        both[0]
    );
    assert!(
        both[1].starts_with(&format!("{large}: 5 positions, ")),
        "{}",
        both[1]
    );
    assert_eq!(report(&[small]), both[..1]);
    assert_eq!(report(&[large]), both[1..]);

    let missing = scratch("no-such-testset.obf");
    let out = fit(
        &games,
        &scratch("testsets-fit"),
        &["--testset", small, missing.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        format!(
            "reversi-engine: --testset {}: no such file (`--testset none` to measure on held-out games only)",
            missing.display()
        )
    );
}

/// The committed WTHOR test set (`thor testset`) is what its header says, as above, and
/// none of its positions is one a fit of the WTHOR corpus trains on (a labelled position of
/// a game `tune --held-out-every 10` does not hold out).
#[test]
fn the_wthor_test_set_is_well_formed_and_held_out() {
    let files = ["wthor-people.txt.gz", "wthor-programs.txt.gz"];
    let trained = corpus_positions(&files, |g| !g.held_out(10));
    assert!(trained.len() > 100_000, "{}", trained.len());
    let held = corpus_positions(&files, |g| g.held_out(10));
    assert!(held.len() > 10_000, "{}", held.len());
    check_test_set(
        "wthor-20-24.obf",
        "(20..24 empties) from WTHOR games of people held out of the fit",
        &trained,
    );
}

/// A folder of WTHOR files made here: `games` random whole games (deterministic), people's
/// (player 0 against 2) at even numbers, a program's (player 1, `Name (author)`) at odd
/// ones, each with a made-up theoretical score; then one people's game with an illegal move
/// and one with a theoretical score beyond 64 discs.
fn wthor_folder(name: &str, games: usize) -> (PathBuf, Vec<reversi::engine::WthorGame>) {
    use reversi::engine::{Game, Ply, WTHOR_PLAYER, WthorGame, write_wtb, write_wthor_names};
    let dir = scratch(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("folder");
    let mut seed = 99u64;
    let mut all = Vec::new();
    for i in 0..games {
        let mut game = Game::new();
        let mut moves = Vec::new();
        while !game.is_over() {
            if game.must_pass() {
                game.play(Ply::Pass).expect("pass");
                continue;
            }
            let legal = game.legal_moves();
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let sq = legal[(seed >> 33) as usize % legal.len()];
            game.play_move(sq).expect("legal");
            moves.push(sq);
        }
        let black = (game.position().final_score_black() + 64) / 2;
        all.push(WthorGame {
            tournament: 0,
            black: if i % 2 == 0 { 0 } else { 1 },
            white: 2,
            black_discs: black as u8,
            theoretical: 20 + i as u8,
            moves,
        });
    }
    let mut illegal = all[0].clone();
    illegal.moves[3] = illegal.moves[2];
    let mut bad_score = all[0].clone();
    bad_score.moves.pop();
    bad_score.theoretical = 70;
    all.extend([illegal, bad_score]);
    std::fs::write(dir.join("WTH_2020.wtb"), write_wtb(2020, &all)).expect("wtb");
    let names = ["Tastet Marc", "Logistello (buro)", "Murakami Takeshi"].map(String::from);
    std::fs::write(
        dir.join("WTHOR.JOU"),
        write_wthor_names(&names, WTHOR_PLAYER),
    )
    .expect("jou");
    (dir, all)
}

/// `thor corpus` writes a version 2 corpus: each people's game to the header's 22 empties
/// with Black's theoretical score as a difference, programs' games left out (or alone with
/// `--players programs`), an illegal game and a bad score counted and left out.
#[test]
fn thor_corpus_stops_each_game_at_its_exact_score() {
    use reversi::engine::Game;
    let (dir, games) = wthor_folder("thor-corpus", 12);
    let out = scratch("thor-people.txt.gz");
    let run = engine(&[
        "thor",
        "corpus",
        dir.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{err}");
    assert!(
        err.contains("thor corpus: 6 games (")
            && err.contains("left out: 6 of other players, 2 unusable"),
        "{err}"
    );
    let bytes = std::fs::read(&out).expect("corpus file");
    let mut text = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut text)
        .expect("gzip text");
    let expected: Vec<String> = games[..12]
        .iter()
        .step_by(2)
        .map(|g| {
            let mut game = Game::new();
            for &sq in &g.moves[..38] {
                if game.must_pass() {
                    game.play(reversi::engine::Ply::Pass).unwrap();
                }
                game.play_move(sq).unwrap();
            }
            assert_eq!(game.position().board.empty_count(), 22);
            format!(
                "{} 0 22 {}",
                game.transcript(),
                2 * i32::from(g.theoretical) - 64
            )
        })
        .collect();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "# reversi corpus 2");
    assert_eq!(
        lines[1],
        "# thor corpus --players people (1 files, WTH_2020.wtb..WTH_2020.wtb, 14 games)"
    );
    assert_eq!(
        lines[2..],
        expected.iter().map(String::as_str).collect::<Vec<_>>()[..]
    );
    // Read back as a corpus: the last position of each is exact.
    let parsed = reversi::engine::corpus::parse_corpus(&text).expect("a corpus");
    assert!(
        parsed
            .iter()
            .all(|g| g.labelled().last().is_some_and(|l| l.exact))
    );
    let programs = scratch("thor-programs.txt.gz");
    let run = engine(&[
        "thor",
        "corpus",
        dir.to_str().unwrap(),
        "--out",
        programs.to_str().unwrap(),
        "--players",
        "programs",
    ]);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("thor corpus: 6 games ("), "{err}");
}

/// `thor testset` solves positions of held-out games: each at the empties asked, its score
/// the solver's; at the header's empties a score unlike the file's is reported.
#[test]
fn thor_testset_solves_held_out_games() {
    use reversi::engine::{ObfRecord, SolveMode, Solver};
    let (dir, _) = wthor_folder("thor-testset", 24);
    let out = scratch("thor-testset.obf");
    let run = |empties: &str, games: &str| {
        engine(&[
            "thor",
            "testset",
            dir.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--games",
            games,
            "--empties",
            empties,
            "--held-out-every",
            "2",
            "--threads",
            "1",
        ])
    };
    let made = run("16..18", "3");
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let text = std::fs::read_to_string(&out).expect("test set");
    assert!(text.starts_with(
        "# 3 positions (16..18 empties) from WTHOR games of people held out of the fit, each solved exactly"
    ));
    let mut solver = Solver::new(16);
    let records: Vec<ObfRecord> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.parse().expect("OBF"))
        .collect();
    assert_eq!(records.len(), 3);
    for r in &records {
        assert!((16..=18).contains(&r.position.board.empty_count()));
        let solved = solver
            .solve(&r.position.board, SolveMode::Exact, &Default::default())
            .expect("solved");
        assert_eq!(r.best_score(), Some(solved.score));
    }
    // The made-up theoretical scores are not the solver's at 22 empties.
    std::fs::remove_file(&out).expect("remove");
    let checked = run("22..22", "1");
    assert!(checked.status.success());
    let err = String::from_utf8_lossy(&checked.stderr);
    assert!(
        err.contains("at 22 empties: solved") && err.contains("the WTHOR file says"),
        "{err}"
    );
    // More games than held out: named before any work.
    let refused = run("16..18", "900");
    assert_eq!(refused.status.code(), Some(1));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("--games 900: only"), "{err}");
}

/// `label` values a corpus file's positions: a line per game with its index and one value a
/// labelled position, `-` at the exact ones; the same file on one thread or two. `tune
/// --labels` fits to the blend: with the outcome weighted 0 the fitted tables differ from
/// the outcome's fit, with it weighted 1 they are the same; labels whose counts do not fit
/// the games are refused with the game named.
#[test]
fn labels_value_each_position_and_tune_blends_them() {
    let games = scratch("labelled.txt.gz");
    assert!(play(&games, 4, 2).status.success());
    let label = |out: &Path, threads: &str, corpus: &Path| {
        engine(&[
            "label",
            "--corpus",
            corpus.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--depth",
            "2",
            "--threads",
            threads,
        ])
    };
    let one = scratch("labels-1.txt.gz");
    let run = label(&one, "1", &games);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let two = scratch("labels-2.txt.gz");
    assert!(label(&two, "2", &games).status.success());
    let text = |p: &Path| {
        let bytes = std::fs::read(p).expect("labels file");
        let mut text = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut text)
            .expect("gzip text");
        text
    };
    let labels = text(&one);
    assert_eq!(labels, text(&two));
    let parsed = reversi::engine::corpus::parse_corpus(&{
        let bytes = std::fs::read(&games).expect("corpus");
        let mut t = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut t)
            .expect("gzip");
        t
    })
    .expect("corpus");
    let lines: Vec<&str> = labels.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(labels.starts_with("# reversi labels 1\n# label --corpus "));
    assert_eq!(lines.len(), 4);
    for (i, (line, game)) in lines.iter().zip(&parsed).enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields[0], i.to_string());
        let labelled = game.labelled();
        assert_eq!(fields.len() - 1, labelled.len(), "game {i}");
        for (f, l) in fields[1..].iter().zip(&labelled) {
            assert_eq!(*f == "-", l.exact, "game {i}: {f}");
        }
    }
    let fitted = |weight: &str, labels: &Path| {
        let out = scratch(&format!("labels-fit-{weight}"));
        let run = fit(
            &games,
            &out,
            &[
                "--threads",
                "1",
                "--labels",
                labels.to_str().unwrap(),
                "--outcome-weight",
                weight,
            ],
        );
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        fitted_files(&out)
    };
    let plain = {
        let out = scratch("labels-fit-plain");
        assert!(fit(&games, &out, &["--threads", "1"]).status.success());
        fitted_files(&out)
    };
    assert_eq!(fitted("1", &one), plain);
    assert_ne!(fitted("0", &one), plain);
    // Labels of another corpus: the counts differ, and the game is named.
    let other = scratch("labelled-other.txt.gz");
    let flags = ["--depth", "2", "--perfect-empties", "8", "--seed", "8"];
    assert!(corpus("play", &other, 4, 2, &flags).status.success());
    let wrong = scratch("labels-wrong.txt.gz");
    assert!(label(&wrong, "1", &other).status.success());
    let relabelled = text(&wrong).replace(other.to_str().unwrap(), games.to_str().unwrap());
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, relabelled.as_bytes()).expect("gzip");
    std::fs::write(&wrong, gz.finish().expect("gzip")).expect("write");
    let out = fit(
        &games,
        &scratch("labels-fit-wrong"),
        &["--labels", wrong.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("labels of another corpus?"), "{err}");
    // Labels of a corpus the fit does not read: refused, the file named.
    let out = fit(
        &other,
        &scratch("labels-fit-stray"),
        &["--labels", one.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("which is not a corpus file of this fit") && err.contains("labelled.txt.gz"),
        "{err}"
    );
}
