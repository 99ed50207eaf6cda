//! `reversi-engine tune`: self-play data, a least-squares fit of every evaluation weight and
//! table value, and the fitted RON files.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use crate::cli::corpus::{DistinctGames, corpus_files, read_corpus};
use crate::cli::engine_spec::EngineSpec;
use crate::cli::label::{GameLabels, game_values, read_labels};
use crate::engine::Board;
use crate::engine::corpus::Labelled;
use crate::engine::eval::features::{FEATURE_COUNT, FEATURE_NAMES};
use crate::engine::eval::params::{family, write_eval_file, write_pattern_file};
use crate::engine::eval::pattern::FAMILIES;
use crate::engine::eval::pattern::PatternFamily;
use crate::engine::eval::tune::{
    FitSettings, Model, Sample, errors_by_phase, overall_error, phase_errors,
};
use crate::engine::search::Othello;
use crate::engine::search::alphabeta::{INFINITY, alpha_beta};

/// Arguments of `tune`.
#[derive(Debug, Args)]
#[command(
    after_help = "Reads the self-play corpus (see `corpus play`): every position after a game's \
random opening is labelled with the game's final disc difference from its side to move, which \
is its exact value where both sides played perfectly (the last --perfect-empties of the \
game's line) and the outcome of the engine's play before. Games whose transcript hashes to 0 \
modulo --held-out-every are held out of the fit; the mean absolute error on them is printed \
per phase, for the fitted tables and for --baseline, and the same on --testset (exact \
scores). The fitted files are written to --out (eval.ron and patterns/<name>.ron). The same \
corpus and flags always give the same files."
)]
pub struct TuneArgs {
    /// Corpus files or folders (every `*.txt.gz` and `*.txt` inside).
    #[arg(long, num_args = 1.., default_value = "data/corpus")]
    corpus: Vec<PathBuf>,
    /// Where to write the fitted files (a folder for `--config`, e.g. `tuned`). Required:
    /// a default of `config` once overwrote the shipped tables.
    #[arg(long)]
    out: PathBuf,
    /// Pattern families to fit (comma-separated).
    #[arg(
        long,
        default_value = "edge,corner3x3,corner2x5,line2,line3,line4,diagonal8,diagonal7,diagonal6,diagonal5,diagonal4"
    )]
    patterns: String,
    /// Features to fit (comma-separated; the others get weight 0 and are not computed).
    /// `odd_empties` may be added: fitted with the shipped recipe it lowers the error by 0.03
    /// to 0.12 discs at every depth measured, but did not win a match (docs/measurements.md,
    /// 2026-11-29 late night), so the shipped tables leave it out.
    #[arg(
        long,
        default_value = "mobility,potential_mobility,corners,x_squares,c_squares,stable_discs,parity,disc_difference"
    )]
    features: String,
    /// Phase keyframes, in empties, decreasing (comma-separated).
    #[arg(long, default_value = "60,50,40,30,20,10,0")]
    phases: String,
    /// Fit passes over the data.
    #[arg(long, default_value_t = 300)]
    epochs: u32,
    /// Adam step size.
    #[arg(long, default_value_t = 0.05)]
    learning_rate: f32,
    /// L2 penalty on table values, relative to the mean squared error: it weighs like
    /// `l2` times the number of positions of data pulling each value to 0, so the best value
    /// falls as the corpus grows. On 82,319 games (3.4 M positions) the test-set error was
    /// 6.07 discs at 1e-4, 5.91 at 3e-5, 5.87 at 1e-5 and 5.87 at 3e-6; on 7,060 games 1e-4
    /// was best, and 1e-3 on 1.5k games.
    #[arg(long, default_value_t = 1e-5)]
    l2: f32,
    /// One game in this many is held out of the fit, to measure it.
    #[arg(long, default_value_t = 10)]
    held_out_every: u64,
    /// Stop when the error on the held-out games has not improved for this many epochs, and
    /// keep the tables of the best (0: run every epoch and keep the last; the held-out
    /// games then only measure the fit).
    #[arg(long, default_value_t = 0)]
    patience: u32,
    /// Positions a step (0: the full batch, one Adam step an epoch). With mini-batches the
    /// positions are shuffled each epoch and the held-out games checked every epoch, so
    /// `--epochs` and `--patience` count far fewer passes (e.g. `--batch 16384 --epochs 30
    /// --learning-rate 0.01 --patience 3`).
    #[arg(long, default_value_t = 0)]
    batch: usize,
    /// The step size's factor after each epoch (1: constant; e.g. 0.7 with `--batch`).
    #[arg(long, default_value_t = 1.0)]
    decay: f32,
    /// OBF files of positions with exact scores to measure on, each reported alone (`none`:
    /// only the held-out games). The default, the committed test set, holds positions from
    /// games after long random openings; on positions from real games (e.g. `corpus testset
    /// --random-plies 8..10`) Zebra's tables beat ours, where on the default ours beat
    /// Zebra's (docs/measurements-archive.md, "fitted to the positions of real games").
    #[arg(long, num_args = 1.., default_value = "tests/data/heldout-20-24.obf")]
    testset: Vec<PathBuf>,
    /// The evaluator to compare with (`shipped` or a folder).
    #[arg(long, default_value = "shipped")]
    baseline: String,
    /// Threads of the fit (default: the machine's cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Relabel the training positions the engine played (not the exact ones) with a
    /// search by this evaluator (`shipped` or a folder, e.g. an earlier fit), blended with
    /// the game's outcome (see --relabel-depth and --outcome-weight). Held-out games keep
    /// their outcomes, so that errors compare across fits.
    #[arg(long)]
    relabel: Option<String>,
    /// Depth of the relabelling search (fixed-depth alpha-beta, ordered by mobility).
    #[arg(long, default_value_t = 4)]
    relabel_depth: u32,
    /// The label of a relabelled position: this weight on the game's outcome, the rest on
    /// the search's score (of --relabel or of --labels).
    #[arg(long, default_value_t = 0.5)]
    outcome_weight: f32,
    /// Labels files of `reversi-engine label` (each names its corpus file): the training
    /// positions they value get this blend of outcome and value (held-out games keep their
    /// outcomes).
    #[arg(long, num_args = 1..)]
    labels: Vec<PathBuf>,
}

impl TuneArgs {
    /// Checks every number against its range, before any work.
    ///
    /// # Errors
    /// The flag, its value and the range.
    fn check(&self) -> Result<(), String> {
        let within = |flag: &str, value: f64, lo: f64, hi: f64| {
            if (lo..=hi).contains(&value) {
                Ok(())
            } else {
                Err(format!("{flag} {value}: expected {lo}..={hi}"))
            }
        };
        within("--epochs", self.epochs.into(), 1.0, 1_000_000.0)?;
        within("--learning-rate", self.learning_rate.into(), 1e-9, 10.0)?;
        within("--l2", self.l2.into(), 0.0, 10.0)?;
        within("--held-out-every", self.held_out_every as f64, 2.0, 1e6)?;
        within("--patience", self.patience.into(), 0.0, 1_000_000.0)?;
        within("--batch", self.batch as f64, 0.0, 1e9)?;
        within("--decay", self.decay.into(), 0.01, 1.0)?;
        within("--relabel-depth", self.relabel_depth.into(), 1.0, 16.0)?;
        within("--outcome-weight", self.outcome_weight.into(), 0.0, 1.0)?;
        if let Some(t) = self.threads {
            within("--threads", t as f64, 1.0, 1024.0)?;
        }
        parse_phases(&self.phases)?;
        Ok(())
    }
}

fn parse_phases(text: &str) -> Result<Vec<u32>, String> {
    let phases = text
        .split(',')
        .map(|p| p.trim().parse::<u32>())
        .collect::<Result<Vec<u32>, _>>()
        .map_err(|_| format!("--phases \"{text}\": expected empties separated by commas"))?;
    if phases.is_empty() || phases[0] > 60 || phases.windows(2).any(|w| w[0] <= w[1]) {
        return Err(format!(
            "--phases \"{text}\": expected empties strictly decreasing within 60..=0"
        ));
    }
    Ok(phases)
}

/// The positions of an OBF test set with their best scores, as samples for `families`.
///
/// # Errors
/// `FILE:LINE: why` for a line that is not OBF, `FILE: position N gives no score` for a
/// position without a move score (read as `solve` reads OBF files).
fn read_testset(
    path: &std::path::Path,
    families: &[PatternFamily],
) -> Result<Vec<(Sample, Board)>, String> {
    Ok(crate::cli::solve::read_scored(path)?
        .into_iter()
        .map(|(board, score)| (Sample::new(&board, score, families), board))
        .collect())
}

/// What [`read_positions`] read.
struct Read {
    /// Distinct games.
    games: usize,
    /// Positions with exact labels.
    exact: usize,
    /// Games repeating an earlier one, skipped.
    repeats: usize,
    /// Every labelled position, with whether its game is held out.
    positions: Vec<(Labelled, bool)>,
}

/// The corpus's labelled positions, each game's held out or not, and the labels of
/// `--labels` blended in.
///
/// # Errors
/// An unreadable corpus or labels file, labels that do not fit their corpus's games.
fn read_positions(args: &TuneArgs) -> Result<Read, String> {
    let canonical = |p: &std::path::Path| std::fs::canonicalize(p).unwrap_or(p.to_path_buf());
    let mut labels = std::collections::HashMap::new();
    for path in &args.labels {
        let (corpus, values) = read_labels(path)?;
        let entry: &mut GameLabels = labels.entry(canonical(&corpus)).or_default();
        for (index, v) in values {
            if entry.insert(index, v).is_some() {
                return Err(format!(
                    "{}: game {index} of {} is valued by another labels file too",
                    path.display(),
                    corpus.display()
                ));
            }
        }
    }
    let w = args.outcome_weight;
    let mut read = Read {
        games: 0,
        exact: 0,
        repeats: 0,
        positions: Vec::new(),
    };
    let mut seen = DistinctGames::default();
    let files = corpus_files(&args.corpus)?;
    let named: std::collections::HashSet<_> = files.iter().map(|f| canonical(f)).collect();
    if let Some(stray) = labels.keys().find(|k| !named.contains(*k)) {
        return Err(format!(
            "--labels: values for {}, which is not a corpus file of this fit",
            stray.display()
        ));
    }
    for file in files {
        let file_labels = labels.get(&canonical(&file));
        for (index, game) in read_corpus(&file)?.into_iter().enumerate() {
            if !seen.first(&game) {
                read.repeats += 1;
                continue;
            }
            read.games += 1;
            let held = game.held_out(args.held_out_every);
            let labelled = game.labelled();
            let values = match file_labels {
                Some(l) if !held => game_values(l, index, &game, labelled.len())
                    .map_err(|e| format!("{}: {e}", file.display()))?,
                _ => None,
            };
            for (j, mut l) in labelled.into_iter().enumerate() {
                read.exact += usize::from(l.exact);
                if let Some(v) = values.and_then(|v| v[j]) {
                    l.label = (w * l.label as f32 + (1.0 - w) * f32::from(v)).round() as i32;
                }
                read.positions.push((l, held));
            }
        }
    }
    Ok(read)
}

/// The scores of fixed-depth searches of `boards` by `engine` (in discs, from the side to
/// move), on `threads` threads, with a line of progress every few seconds.
fn relabel_scores(engine: &EngineSpec, boards: &[Board], depth: u32, threads: usize) -> Vec<i32> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let done = AtomicUsize::new(0);
    let start = Instant::now();
    let chunk = boards.len().div_ceil(threads.max(1)).max(1);
    let mut out = vec![0; boards.len()];
    std::thread::scope(|scope| {
        for (part, results) in boards.chunks(chunk).zip(out.chunks_mut(chunk)) {
            let done = &done;
            scope.spawn(move || {
                let game = Othello::new(engine.eval.as_ref(), &engine.search);
                let mut evaluations = 0;
                for (board, score) in part.iter().zip(results) {
                    *score = alpha_beta(
                        &game,
                        &game.node(board),
                        depth,
                        -INFINITY,
                        INFINITY,
                        &mut evaluations,
                    );
                    done.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
        let mut last = Instant::now();
        while done.load(Ordering::Relaxed) < boards.len() {
            std::thread::sleep(std::time::Duration::from_millis(50));
            if last.elapsed().as_secs() >= 5 {
                last = Instant::now();
                let n = done.load(Ordering::Relaxed).max(1);
                let elapsed = start.elapsed().as_secs_f64();
                eprintln!(
                    "tune: relabelled {n}/{} positions at depth {depth} ({elapsed:.0} s, about {:.0} s left)",
                    boards.len(),
                    elapsed / n as f64 * (boards.len() - n) as f64
                );
            }
        }
    });
    eprintln!(
        "tune: relabelled {} positions at depth {depth} in {:.1} s",
        boards.len(),
        start.elapsed().as_secs_f64()
    );
    out
}

/// The samples of `items`, without their boards.
fn samples(items: &[(Sample, Board)]) -> Vec<Sample> {
    items.iter().map(|(s, _)| s.clone()).collect()
}

/// Prints the mean absolute errors of the fitted `model` and of the baseline `(engine,
/// name)` on the held-out games, by phase, and on each test set.
fn print_errors(
    model: &Model,
    (baseline, baseline_name): (&EngineSpec, &str),
    train: usize,
    held_out: &[(Sample, Board)],
    test_sets: &[(&PathBuf, Vec<(Sample, Board)>)],
) {
    // The baseline's errors in hundredths of a disc, unrounded like the fit's predictions.
    let baseline_errors = |items: &[(Sample, Board)]| {
        phase_errors(items.iter().map(|(s, b)| {
            let cd = f64::from(baseline.eval.evaluate_centidiscs(b));
            (s.empties, (cd / 100.0 - f64::from(s.label)).abs())
        }))
    };
    println!(
        "held-out positions {} (training {}); mean absolute error in discs by phase:",
        held_out.len(),
        train
    );
    println!(
        "{:>8} {:>9} {:>9} {:>9}",
        "empties", "positions", "fitted", baseline_name
    );
    let fitted = errors_by_phase(model, &samples(held_out));
    for ((low, count, mae), (_, _, base)) in fitted.iter().zip(baseline_errors(held_out)) {
        println!(
            "{:>3}-{:<4} {count:>9} {mae:>9.2} {base:>9.2}",
            low,
            if *low == 60 { 60 } else { low + 9 },
        );
    }
    for (path, tests) in test_sets {
        println!(
            "{}: {} positions, mean absolute error {:.2} discs fitted, {:.2} {}",
            path.display(),
            tests.len(),
            overall_error(&errors_by_phase(model, &samples(tests))),
            overall_error(&baseline_errors(tests)),
            baseline_name
        );
    }
}

/// Writes the fitted files: `eval.ron` and `patterns/<family>.ron` in `out`.
///
/// # Errors
/// A file and why it could not be written.
fn write_fit(
    model: &Model,
    families: &[PatternFamily],
    out: &std::path::Path,
) -> Result<(), String> {
    let names: Vec<String> = families.iter().map(|f| f.name.to_string()).collect();
    let (file, tables) = model.to_files(names);
    let patterns_dir = out.join("patterns");
    std::fs::create_dir_all(&patterns_dir)
        .map_err(|e| format!("{}: {e}", patterns_dir.display()))?;
    let write = |path: PathBuf, text: String| {
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
    };
    write(out.join("eval.ron"), write_eval_file(&file))?;
    for (fam, entries) in families.iter().zip(&tables) {
        write(
            patterns_dir.join(format!("{}.ron", fam.name)),
            write_pattern_file(fam, entries),
        )?;
        println!("{}: {} configurations", fam.name, entries.len());
    }
    println!("wrote {}", out.display());
    Ok(())
}

/// Runs `tune`.
///
/// # Errors
/// Bad arguments, an unreadable corpus, or files that cannot be written.
pub fn run(args: &TuneArgs) -> Result<(), String> {
    args.check()?;
    let testsets: Vec<&PathBuf> = args
        .testset
        .iter()
        .filter(|t| t.as_os_str() != "none")
        .collect();
    if let Some(missing) = testsets.iter().find(|t| !t.is_file()) {
        return Err(format!(
            "--testset {}: no such file (`--testset none` to measure on held-out games only)",
            missing.display()
        ));
    }
    let baseline = EngineSpec::from_arg(&args.baseline)?;
    let phases = parse_phases(&args.phases)?;
    let families = args
        .patterns
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(|n| {
            family(n).ok_or_else(|| {
                let known: Vec<&str> = FAMILIES.iter().map(|f| f.name).collect();
                format!(
                    "--patterns: unknown pattern \"{n}\" (known: {})",
                    known.join(", ")
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut active = [false; FEATURE_COUNT];
    for name in args
        .features
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        let f = FEATURE_NAMES
            .iter()
            .position(|k| *k == name)
            .ok_or_else(|| {
                format!(
                    "--features: unknown feature \"{name}\" (known: {})",
                    FEATURE_NAMES.join(", ")
                )
            })?;
        active[f] = true;
    }
    let threads = crate::cli::threads_or_cores(args.threads.map(|t| t as u64));
    let relabel = args
        .relabel
        .as_deref()
        .map(EngineSpec::from_arg)
        .transpose()?;
    let start = Instant::now();
    let (mut train, mut held_out): (Vec<Sample>, Vec<(Sample, Board)>) = (Vec::new(), Vec::new());
    let read = read_positions(args)?;
    let (games, exact, repeats, mut positions) =
        (read.games, read.exact, read.repeats, read.positions);
    if let Some(engine) = &relabel {
        let todo: Vec<usize> = (0..positions.len())
            .filter(|&i| !positions[i].0.exact && !positions[i].1)
            .collect();
        let scores = relabel_scores(
            engine,
            &todo
                .iter()
                .map(|&i| positions[i].0.board)
                .collect::<Vec<_>>(),
            args.relabel_depth,
            threads,
        );
        let w = args.outcome_weight;
        for (&i, score) in todo.iter().zip(scores) {
            let l = &mut positions[i].0;
            l.label = (w * l.label as f32 + (1.0 - w) * score as f32).round() as i32;
        }
    }
    for (l, held) in positions {
        let mut sample = Sample::new(&l.board, l.label, &families);
        for (f, on) in active.iter().enumerate() {
            if !on {
                sample.features[f] = 0;
            }
        }
        if held {
            held_out.push((sample, l.board));
        } else {
            train.push(sample);
        }
    }
    if train.is_empty() {
        return Err(format!(
            "no positions to fit in {} (grow a corpus with `reversi-engine corpus play`)",
            args.corpus
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    eprintln!(
        "tune: {games} games, {} positions ({exact} exact), {} held out, read in {:.1} s ({repeats} games repeating an earlier one skipped)",
        train.len() + held_out.len(),
        held_out.len(),
        start.elapsed().as_secs_f64()
    );
    // The test sets are read before the fit, so that a bad line is reported at once.
    let test_sets = testsets
        .iter()
        .map(|t| Ok((*t, read_testset(t, &families)?)))
        .collect::<Result<Vec<_>, String>>()?;
    let mut model = Model::new(phases, families.clone());
    let settings = FitSettings {
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        l2: args.l2,
        patience: args.patience,
        batch: args.batch,
        decay: args.decay,
    };
    let fit_start = Instant::now();
    let validation = samples(&held_out);
    let report = model.fit(&train, &validation, &settings, threads, &mut |p| {
        let elapsed = fit_start.elapsed().as_secs_f64();
        let left = elapsed / f64::from(p.epoch) * f64::from(settings.epochs - p.epoch);
        let held = p.validation.map_or_else(String::new, |v| {
            format!(", held-out {v:.3} (best at epoch {})", p.best_epoch)
        });
        eprintln!(
            "tune: epoch {}/{} training error {:.3} discs{held} ({elapsed:.0} s, at most {left:.0} s left)",
            p.epoch, settings.epochs, p.training,
        );
    });
    eprintln!(
        "tune: {} epochs in {:.0} s; the tables of epoch {} kept",
        report.epochs,
        fit_start.elapsed().as_secs_f64(),
        report.kept_epoch
    );
    print_errors(
        &model,
        (&baseline, &args.baseline),
        train.len(),
        &held_out,
        &test_sets,
    );
    write_fit(&model, &families, &args.out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        tune: TuneArgs,
    }

    fn check(flags: &[&str]) -> Result<(), String> {
        let args = Cli::try_parse_from(std::iter::once("tune").chain(flags.iter().copied()))
            .map_err(|e| e.to_string())?;
        args.tune.check()
    }

    #[test]
    fn absurd_flags_are_refused_before_any_work() {
        // Issue 17: these wrote NaN or empty tables, or hung.
        assert_eq!(check(&["--out", "t"]), Ok(()));
        assert_eq!(
            check(&["--out", "t", "--learning-rate", "NaN"]),
            Err("--learning-rate NaN: expected 0.000000001..=10".to_string())
        );
        assert_eq!(
            check(&["--out", "t", "--epochs", "0"]),
            Err("--epochs 0: expected 1..=1000000".to_string())
        );
        assert_eq!(
            check(&["--out", "t", "--threads", "100000"]),
            Err("--threads 100000: expected 1..=1024".to_string())
        );
        assert_eq!(
            check(&["--out", "t", "--phases", "60,20,30"]),
            Err(
                "--phases \"60,20,30\": expected empties strictly decreasing within 60..=0"
                    .to_string()
            )
        );
        assert_eq!(
            check(&["--out", "t", "--held-out-every", "1"]),
            Err("--held-out-every 1: expected 2..=1000000".to_string())
        );
        // No default --out: the shipped tables are never overwritten by accident.
        assert!(check(&[]).unwrap_err().contains("--out"));
    }
}
