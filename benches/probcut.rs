//! ProbCut's fit: how well a shallow search predicts a deep one. Every position of
//! `tests/data/probcut-400.obf` is searched full-width (ProbCut off) by iterative deepening
//! to `DEPTH` plies (default 12); for each pair of depths `d > s` of the same parity the
//! deep score is compared with the shallow one. Prints, per pair, the mean of `v_d - v_s`
//! and its standard deviation in discs, over all positions and by empties; then fits the
//! model of `config/search.ron` to the pairs ProbCut uses (`d` from 4, `s` its shallow depth)
//! and prints it as the `probcut_sigma` to paste there.
//!
//! `cargo bench --no-default-features --bench probcut` (env `DEPTH`; `POSITIONS`, another
//! OBF file; `SHALLOW_SHARE`, the pairing to fit (the shipped `shallow_share`, 0.5: `d`
//! with about `d/2`); `SEARCH_EVAL`, a folder of another fit's tables, searched with instead of the
//! shipped ones; `PART`=`k/n` searches every n-th position from the k-th, for a second core;
//! `ROWS=a.txt,b.txt` searches nothing and fits the `pos` lines that such parts printed).

mod common;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use reversi::engine::{Evaluate, Position, ProbCut, SearchConfig, SearchLimits, Searcher};

fn main() {
    let path = std::env::var("POSITIONS").unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/probcut-400.obf").to_string()
    });
    let max_depth = common::env_or("DEPTH", 12u32);
    let part = std::env::var("PART").unwrap_or_else(|_| "0/1".into());
    let (k, n) = part
        .split_once('/')
        .and_then(|(k, n)| Some((k.parse::<usize>().ok()?, n.parse::<usize>().ok()?)))
        .expect("PART is k/n");
    let boards: Vec<_> = std::fs::read_to_string(&path)
        .expect("positions file")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.parse::<Position>().expect("OBF").board)
        .enumerate()
        .filter(|(i, _)| i % n == k)
        .map(|(_, b)| b)
        .collect();
    let config = SearchConfig {
        tt_mib: 64,
        exact_empties: 0,
        wld_empties: 0,
        probcut_t: 0.0,
        ..SearchConfig::shipped()
    };
    let eval: Option<Arc<dyn Evaluate>> =
        common::eval_from_env("SEARCH_EVAL").map(|e| Arc::new(e) as _);
    if let Ok(dir) = std::env::var("SEARCH_EVAL") {
        println!("evaluator: the tables of {dir} over the shipped ones");
    }
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    // (empties, score at each depth 1..=max_depth; None from the exact depth on)
    let mut rows: Vec<(u32, Vec<Option<i32>>)> = Vec::new();
    let boards = match std::env::var("ROWS") {
        Ok(files) => {
            for file in files.split(',') {
                rows.extend(read_rows(file, max_depth));
            }
            Vec::new()
        }
        Err(_) => boards,
    };
    for b in &boards {
        let mut searcher = match &eval {
            Some(eval) => Searcher::with_evaluator(config.clone(), Arc::clone(eval)),
            None => Searcher::new(config.clone()),
        };
        let mut scores = vec![None; max_depth as usize + 1];
        let clock = Instant::now();
        searcher.search(
            b,
            &SearchLimits::depth(max_depth),
            &stop,
            &clock,
            &mut |info| {
                if !info.exact {
                    scores[info.depth as usize] = Some(info.score);
                }
            },
        );
        let empties = b.empty_count();
        let line: Vec<String> = scores[1..]
            .iter()
            .map(|s| s.map_or("-".into(), |v| v.to_string()))
            .collect();
        println!("pos {empties} {}", line.join(" "));
        rows.push((empties, scores));
    }
    println!(
        "# {} positions to depth {max_depth} in {:.1} s",
        rows.len(),
        start.elapsed().as_secs_f64()
    );
    let buckets: [(u32, u32); 3] = [(16, 25), (26, 35), (36, 60)];
    println!("# d s | n mean sd | by empties 16-25, 26-35, 36+: n mean sd");
    for d in 3..=max_depth {
        for s in (1..d).rev().filter(|s| (d - s) % 2 == 0) {
            let mut line = format!("pair {d} {s} |");
            let all = stats(&rows, d, s, (0, 64));
            line += &format!(" {} {:+.2} {:.2} |", all.0, all.1, all.2);
            for &bucket in &buckets {
                let x = stats(&rows, d, s, bucket);
                line += &format!(" {} {:+.2} {:.2}", x.0, x.1, x.2);
            }
            println!("{line}");
        }
    }
    print_model(&rows, max_depth);
}

/// The `pos` lines a run printed, as rows (the depths beyond `max_depth` left out).
fn read_rows(file: &str, max_depth: u32) -> Vec<(u32, Vec<Option<i32>>)> {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(rest) = line.strip_prefix("pos ") else {
            continue;
        };
        let bad = || -> ! { panic!("{file}:{}: not a `pos EMPTIES SCORE...` line", i + 1) };
        let mut words = rest.split_whitespace();
        let empties: u32 = words
            .next()
            .and_then(|w| w.parse().ok())
            .unwrap_or_else(|| bad());
        let mut scores = vec![None];
        for word in words.take(max_depth as usize) {
            scores.push(if word == "-" {
                None
            } else {
                Some(word.parse::<i32>().unwrap_or_else(|_| bad()))
            });
        }
        scores.resize(max_depth as usize + 1, None);
        rows.push((empties, scores));
    }
    rows
}

/// Fits `sd = base + per_ply * d + per_empty * empties` by least squares to the standard
/// deviations of `v_d - v_s` (ProbCut's pairs) in narrow bands of empties, and the biases as
/// the mean of `v_d - v_s` over odd and even `d`; prints the result as `probcut_sigma`.
fn print_model(rows: &[(u32, Vec<Option<i32>>)], max_depth: u32) {
    let bands: [(u32, u32); 5] = [(16, 22), (23, 28), (29, 34), (35, 40), (41, 60)];
    let share = common::env_or(
        "SHALLOW_SHARE",
        SearchConfig::shipped().probcut_sigma.shallow_share,
    );
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    let mut bias = [(0.0, 0usize); 2];
    for d in 4..=max_depth {
        let s = ProbCut::shallow_at(d, share);
        for &band in &bands {
            let (n, mean, sd) = stats(rows, d, s, band);
            if n < 10 {
                continue;
            }
            let in_band = rows
                .iter()
                .filter(|(e, v)| (band.0..=band.1).contains(e) && v[d as usize].is_some());
            let (sum, count) =
                in_band.fold((0.0, 0), |(sum, c), (e, _)| (sum + f64::from(*e), c + 1));
            xs.push([1.0, f64::from(d), sum / f64::from(count)]);
            ys.push(sd);
            let b = &mut bias[(d % 2) as usize];
            b.0 += mean * n as f64;
            b.1 += n;
        }
    }
    let Some([base, per_ply, per_empty]) = least_squares(&xs, &ys) else {
        println!("# too few positions for the model");
        return;
    };
    let mean = |(sum, n): (f64, usize)| if n == 0 { 0.0 } else { sum / n as f64 };
    println!(
        "probcut_sigma: (base: {base:.2}, per_ply: {per_ply:.3}, per_empty: {per_empty:.3}, \
         bias_odd: {:.2}, bias_even: {:.2}, shallow_share: {share}),",
        mean(bias[1]),
        mean(bias[0])
    );
}

/// The least-squares solution of `x c = y` for three unknowns (normal equations, Gaussian
/// elimination); `None` when they are singular.
fn least_squares(xs: &[[f64; 3]], ys: &[f64]) -> Option<[f64; 3]> {
    let mut a = [[0.0; 4]; 3];
    for (x, y) in xs.iter().zip(ys) {
        for i in 0..3 {
            for j in 0..3 {
                a[i][j] += x[i] * x[j];
            }
            a[i][3] += x[i] * y;
        }
    }
    for i in 0..3 {
        let pivot = (i..3).max_by(|&p, &q| a[p][i].abs().total_cmp(&a[q][i].abs()))?;
        a.swap(i, pivot);
        if a[i][i].abs() < 1e-9 {
            return None;
        }
        for j in i + 1..3 {
            let (row, f) = (a[i], a[j][i] / a[i][i]);
            for (v, p) in a[j][i..].iter_mut().zip(&row[i..]) {
                *v -= f * p;
            }
        }
    }
    let mut c = [0.0; 3];
    for i in (0..3).rev() {
        c[i] = (a[i][3] - (i + 1..3).map(|k| a[i][k] * c[k]).sum::<f64>()) / a[i][i];
    }
    Some(c)
}

/// Count, mean and standard deviation of `v_d - v_s` over the rows with empties in `range`.
fn stats(rows: &[(u32, Vec<Option<i32>>)], d: u32, s: u32, range: (u32, u32)) -> (usize, f64, f64) {
    let diffs: Vec<f64> = rows
        .iter()
        .filter(|(e, _)| (range.0..=range.1).contains(e))
        .filter_map(|(_, v)| Some(f64::from(v[d as usize]? - v[s as usize]?)))
        .collect();
    let n = diffs.len();
    if n < 2 {
        return (n, 0.0, 0.0);
    }
    let mean = diffs.iter().sum::<f64>() / n as f64;
    let var = diffs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    (n, mean, var.sqrt())
}
