//! `reversi-engine tune`: self-play data, a least-squares fit of every evaluation weight and
//! table value, and the fitted RON files.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::Mutex;
use std::time::Instant;

use clap::Args;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::cli::engine_spec::EngineSpec;
use crate::cli::selfplay::{Side, labelled_positions, play_out, random_opening};
use crate::engine::eval::params::{family, parse_eval_file, write_eval_file, write_pattern_file};
use crate::engine::eval::shipped_eval_text;
use crate::engine::tune::{FitSettings, Model, Sample, errors_by_phase};
use crate::engine::{Board, SearchLimits, Searcher};

/// Arguments of `tune`.
#[derive(Debug, Args)]
#[command(
    after_help = "Self-play: each game starts with a random opening of --random-plies \
plies, then the --config engine plays at --depth, searching to the end from --exact-empties. \
Every position after the opening is labelled with the game's final disc difference from its \
side to move: exact from --exact-empties on, the outcome of deeper play before. One game in \
ten is held out of the fit; the mean absolute error on them is printed per phase. The fitted \
files are written to --out (eval.ron and patterns/<name>.ron)."
)]
pub struct TuneArgs {
    /// The engine that plays the self-play games (`shipped`, `simple` or a folder).
    #[arg(long, default_value = "shipped")]
    config: String,
    /// Self-play games.
    #[arg(long, default_value_t = 2000)]
    games: usize,
    /// Search depth of self-play moves.
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Empties from which self-play searches to the end.
    #[arg(long, default_value_t = 14)]
    exact_empties: u32,
    /// Random plies at the start of each game, as MIN..MAX.
    #[arg(long, default_value = "8..20")]
    random_plies: String,
    /// Pattern families to fit (comma-separated).
    #[arg(long, default_value = "edge,corner3x3,corner2x5")]
    patterns: String,
    /// Fit passes over the data.
    #[arg(long, default_value_t = 300)]
    epochs: u32,
    /// Adam step size.
    #[arg(long, default_value_t = 0.05)]
    learning_rate: f32,
    /// L2 penalty on table values.
    #[arg(long, default_value_t = 1e-6)]
    l2: f32,
    /// Where to write the fitted files (a folder for `--config`, e.g. `tuned`). Required:
    /// a default of `config` once overwrote the shipped tables.
    #[arg(long)]
    out: PathBuf,
    /// Self-play threads (default: the machine's cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl TuneArgs {
    /// Checks every number against its range, before any game is played.
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
        within("--games", self.games as f64, 1.0, 10_000_000.0)?;
        within("--depth", self.depth.into(), 1.0, 20.0)?;
        within("--exact-empties", self.exact_empties.into(), 0.0, 24.0)?;
        within("--epochs", self.epochs.into(), 1.0, 1_000_000.0)?;
        within("--learning-rate", self.learning_rate.into(), 1e-9, 10.0)?;
        within("--l2", self.l2.into(), 0.0, 10.0)?;
        if let Some(t) = self.threads {
            within("--threads", t as f64, 1.0, 1024.0)?;
        }
        let (_, max) = parse_range(&self.random_plies)?;
        if max > 50 {
            return Err(format!(
                "--random-plies \"{}\": MAX {max} leaves no game to learn from, expected at most 50",
                self.random_plies
            ));
        }
        Ok(())
    }
}

fn parse_range(text: &str) -> Result<(usize, usize), String> {
    let (a, b) = text
        .split_once("..")
        .ok_or_else(|| format!("--random-plies \"{text}\": expected MIN..MAX"))?;
    let a = a
        .trim()
        .parse()
        .map_err(|_| format!("--random-plies \"{text}\": bad MIN"))?;
    let b = b
        .trim()
        .parse()
        .map_err(|_| format!("--random-plies \"{text}\": bad MAX"))?;
    if a > b {
        return Err(format!("--random-plies \"{text}\": MIN above MAX"));
    }
    Ok((a, b))
}

/// Runs `tune`.
///
/// # Errors
/// Bad arguments, a bad config folder, or files that cannot be written.
pub fn run(args: &TuneArgs) -> Result<(), String> {
    args.check()?;
    let engine = EngineSpec::from_arg(&args.config)?;
    let (min_random, max_random) = parse_range(&args.random_plies)?;
    let families = args
        .patterns
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(|n| family(n).ok_or_else(|| format!("--patterns: unknown pattern \"{n}\"")))
        .collect::<Result<Vec<_>, _>>()?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let start = Instant::now();
    let next = Mutex::new(0usize);
    // (game number, board, label)
    let data: Mutex<Vec<(usize, Board, i32)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for t in 0..threads {
            let engine = &engine;
            let (next, data) = (&next, &data);
            scope.spawn(move || {
                let mut rng = StdRng::seed_from_u64(args.seed.wrapping_mul(1000) + t as u64);
                let mut config = engine.search.clone();
                config.tt_mib = 16;
                config.exact_empties = args.exact_empties;
                config.wld_empties = args.exact_empties;
                let mut side = Side {
                    searcher: Searcher::with_evaluator(config, Arc::clone(&engine.eval)),
                    limits: SearchLimits::depth(args.depth),
                    name: engine.name.clone(),
                    level: None,
                };
                loop {
                    let number = {
                        let mut n = next.lock().expect("counter");
                        if *n >= args.games {
                            return;
                        }
                        *n += 1;
                        *n
                    };
                    let plies = rng.random_range(min_random..=max_random);
                    let Some(mut game) = random_opening(&mut rng, plies) else {
                        continue;
                    };
                    let from = game.cursor();
                    if let Err(e) = play_out(&mut game, &mut side, None) {
                        eprintln!("tune: game {number}: {e}");
                        continue;
                    }
                    let positions = labelled_positions(&game, from);
                    let mut d = data.lock().expect("data");
                    d.extend(positions.into_iter().map(|(b, l)| (number, b, l)));
                    if number % 200 == 0 {
                        eprintln!(
                            "tune: {number}/{} games, {} positions, {:.0} s",
                            args.games,
                            d.len(),
                            start.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    let data = data.into_inner().expect("data");
    eprintln!(
        "tune: {} games, {} positions in {:.0} s",
        args.games,
        data.len(),
        start.elapsed().as_secs_f64()
    );
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    for (number, board, label) in &data {
        let sample = Sample::new(board, *label, &families);
        if number % 10 == 0 {
            held_out.push((sample, *board));
        } else {
            train.push(sample);
        }
    }
    let start_file =
        parse_eval_file("config/eval.ron", shipped_eval_text()).map_err(|e| e.to_string())?;
    let mut model = Model::new(&start_file, families.clone());
    let settings = FitSettings {
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        l2: args.l2,
    };
    let fit_start = Instant::now();
    model.fit(&train, &settings, &mut |epoch, mae| {
        eprintln!(
            "tune: epoch {epoch}/{} training error {mae:.3} discs ({:.0} s)",
            settings.epochs,
            fit_start.elapsed().as_secs_f64()
        );
    });
    let held: Vec<Sample> = held_out.iter().map(|(s, _)| s.clone()).collect();
    println!(
        "held-out positions {} (training {}); mean absolute error in discs by phase:",
        held.len(),
        train.len()
    );
    println!(
        "{:>8} {:>9} {:>9} {:>9}",
        "empties", "positions", "fitted", "playing"
    );
    let errors = errors_by_phase(&model, &held);
    for (low, count, mae) in &errors {
        // The self-play engine's own evaluation of the same positions, for comparison.
        let baseline: Vec<f64> = held_out
            .iter()
            .filter(|(s, _)| (s.empties as u32 / 10).min(6) * 10 == *low)
            .map(|(s, b)| f64::from((engine.eval.evaluate(b) - i32::from(s.label)).abs()))
            .collect();
        println!(
            "{:>3}-{:<4} {count:>9} {mae:>9.2} {:>9.2}",
            low,
            if *low == 60 { 60 } else { low + 9 },
            baseline.iter().sum::<f64>() / baseline.len().max(1) as f64
        );
    }
    let names: Vec<String> = families.iter().map(|f| f.name.to_string()).collect();
    let (file, tables) = model.to_files(names);
    let patterns_dir = args.out.join("patterns");
    std::fs::create_dir_all(&patterns_dir)
        .map_err(|e| format!("{}: {e}", patterns_dir.display()))?;
    let write = |path: PathBuf, text: String| {
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
    };
    write(args.out.join("eval.ron"), write_eval_file(&file))?;
    for (fam, entries) in families.iter().zip(&tables) {
        write(
            patterns_dir.join(format!("{}.ron", fam.name)),
            write_pattern_file(fam, entries),
        )?;
        println!("{}: {} configurations", fam.name, entries.len());
    }
    println!("wrote {}", args.out.display());
    Ok(())
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
    fn absurd_flags_are_refused_before_any_game() {
        // Issue 17: these wrote NaN or empty tables, or hung.
        assert_eq!(check(&["--out", "t"]), Ok(()));
        assert_eq!(
            check(&["--out", "t", "--learning-rate", "NaN"]),
            Err("--learning-rate NaN: expected 0.000000001..=10".to_string())
        );
        assert_eq!(
            check(&["--out", "t", "--games", "0"]),
            Err("--games 0: expected 1..=10000000".to_string())
        );
        assert_eq!(
            check(&["--out", "t", "--epochs", "0"]),
            Err("--epochs 0: expected 1..=1000000".to_string())
        );
        assert_eq!(
            check(&["--out", "t", "--exact-empties", "64"]),
            Err("--exact-empties 64: expected 0..=24".to_string())
        );
        assert_eq!(
            check(&["--out", "t", "--threads", "100000"]),
            Err("--threads 100000: expected 1..=1024".to_string())
        );
        assert_eq!(
            check(&["--out", "t", "--random-plies", "100..200"]),
            Err("--random-plies \"100..200\": MAX 200 leaves no game to learn from, expected at most 50".to_string())
        );
        // No default --out: the shipped tables are never overwritten by accident.
        assert!(check(&[]).unwrap_err().contains("--out"));
    }
}
