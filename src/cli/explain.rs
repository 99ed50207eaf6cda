//! `reversi-engine explain`: every term of the evaluation of a position, with the file and
//! line where each weight and table entry lives.

use std::path::{Path, PathBuf};

use clap::Args;
use serde_json::json;

use crate::cli::engine_spec::{folder_set, read_in};
use crate::cli::setup::SetupArgs;
use crate::engine::eval::explain::{entry_line, feature_line};
use crate::engine::eval::shipped_file_text;
use crate::engine::{Breakdown, PatternEval, Square};

/// Arguments of `explain`.
#[derive(Debug, Args)]
#[command(
    after_help = "Output: the position; the total in discs for the side to move and \
its parts (features + patterns + the evaluation's one rounding); each feature's value, weight \
at these empties and discs, with the line of eval.ron that gives the weights; then each \
pattern instance, largest first: its discs, family, squares, configuration (X the side to \
move, O the opponent, - empty; `as KEY` when the table lists its mirror image), the table's \
values at the two keyframes blended, and the file and line of the entry (`not listed` for a \
configuration worth 0). The parts add up to the evaluation exactly."
)]
pub struct ExplainArgs {
    #[command(flatten)]
    setup: SetupArgs,
    /// The tables: `shipped` or a designer's config folder (files it lacks are the shipped
    /// ones).
    #[arg(long, default_value = "shipped")]
    config: String,
    /// Print only the terms that differ from these tables (`shipped` or a folder), with
    /// both values: what a change to the tables does to this position.
    #[arg(long, value_name = "TABLES")]
    against: Option<String>,
    /// One JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// One term that differs between two sets of tables: its name, this set's and the other
/// set's hundredths.
struct Difference {
    term: String,
    ours: f64,
    theirs: f64,
}

/// The terms of `x` (these tables) that differ from `y` (the other tables), the largest
/// difference first. Pattern instances pair by family and squares.
fn differences(x: &Breakdown, y: &Breakdown) -> Vec<Difference> {
    let mut out: Vec<Difference> = x
        .features
        .iter()
        .zip(&y.features)
        .filter(|(a, b)| a.centidiscs != b.centidiscs)
        .map(|(a, b)| Difference {
            term: format!(
                "{} ({:+} x {} | {})",
                a.name,
                a.value,
                discs(f64::from(a.weight)),
                discs(f64::from(b.weight))
            ),
            ours: f64::from(a.centidiscs),
            theirs: f64::from(b.centidiscs),
        })
        .collect();
    for p in &x.patterns {
        let other = y
            .patterns
            .iter()
            .find(|q| q.family == p.family && q.squares == p.squares)
            .map_or(0.0, |q| q.centidiscs);
        if (p.centidiscs - other).abs() > 1e-9 {
            out.push(Difference {
                term: format!("{} {} {}", p.family, square_list(&p.squares), p.key),
                ours: p.centidiscs,
                theirs: other,
            });
        }
    }
    for q in &y.patterns {
        if !x
            .patterns
            .iter()
            .any(|p| p.family == q.family && p.squares == q.squares)
            && q.centidiscs != 0.0
        {
            out.push(Difference {
                term: format!(
                    "{} {} {} (not in these tables)",
                    q.family,
                    square_list(&q.squares),
                    q.key
                ),
                ours: 0.0,
                theirs: q.centidiscs,
            });
        }
    }
    out.sort_by(|a, b| {
        (b.ours - b.theirs)
            .abs()
            .total_cmp(&(a.ours - a.theirs).abs())
    });
    out
}

/// Prints what differs between `x` (these tables) and `y` (`against`).
fn print_differences(x: &Breakdown, y: &Breakdown, against: &str, json: bool) {
    let diffs = differences(x, y);
    if json {
        let list: Vec<_> = diffs
            .iter()
            .map(|d| json!({"term": d.term, "centidiscs": d.ours, "against": d.theirs}))
            .collect();
        println!(
            "{}",
            json!({"total": x.total, "against_total": y.total, "differences": list})
        );
        return;
    }
    println!(
        "total {} discs, {} with {against}: {} ({} terms differ)",
        discs(f64::from(x.total)),
        discs(f64::from(y.total)),
        discs(f64::from(x.total - y.total)),
        diffs.len()
    );
    for d in &diffs {
        println!(
            "{:>7} {:>7} {:>7}  {}",
            discs(d.ours),
            discs(d.theirs),
            discs(d.ours - d.theirs),
            d.term
        );
    }
    println!(
        "(columns: these tables, {against}, difference; measure a change over games with `reversi-engine match --a DIR --b shipped`)"
    );
}

/// The evaluator of `config` and a way to read each of its files' texts, named as errors
/// and the output name them.
pub(crate) struct Tables {
    pub(crate) eval: std::sync::Arc<PatternEval>,
    folder: Option<PathBuf>,
}

impl Tables {
    /// The tables of `shipped` or a folder (its files over the shipped ones).
    ///
    /// # Errors
    /// Not a folder, or a file of it that does not read (file:line:column).
    pub(crate) fn load(config: &str) -> Result<Tables, String> {
        if config == "shipped" {
            return Ok(Tables {
                eval: PatternEval::shipped_shared(),
                folder: None,
            });
        }
        let dir = Path::new(config);
        if !dir.is_dir() {
            return Err(format!(
                "{config}: not a folder (expected `shipped` or a config folder)"
            ));
        }
        Ok(Tables {
            eval: folder_set(dir)?.eval,
            folder: Some(dir.to_path_buf()),
        })
    }

    /// The (name, text) of a file of the tables (`eval.ron`, `patterns/edge.ron`): the
    /// folder's when it has it, else the shipped one.
    pub(crate) fn text(&self, rel: &str) -> (String, String) {
        let mut ignored = None;
        if let Some(found) = self
            .folder
            .as_deref()
            .and_then(|dir| read_in(dir, rel, &mut ignored))
        {
            return found;
        }
        let shipped = shipped_file_text(rel).unwrap_or("");
        (format!("config/{rel}"), shipped.to_string())
    }
}

/// Hundredths of a disc as signed discs, `+1.23`.
fn discs(cd: f64) -> String {
    format!("{:+.2}", cd / 100.0)
}

/// Where each term's numbers live: `file:line` for the features (in order) and for the
/// pattern instances (in order; `None` for a configuration the table does not list).
fn locate(tables: &Tables, x: &Breakdown) -> (Vec<String>, Vec<Option<String>>) {
    let (eval_name, eval_text) = tables.text("eval.ron");
    let features = x
        .features
        .iter()
        .map(|f| format!("{eval_name}:{}", feature_line(&eval_text, f.name)))
        .collect();
    let mut files: Vec<(&str, (String, String))> = Vec::new();
    let patterns = x
        .patterns
        .iter()
        .map(|p| {
            if !p.listed {
                return None;
            }
            if !files.iter().any(|(f, _)| *f == p.family) {
                files.push((p.family, tables.text(&format!("patterns/{}.ron", p.family))));
            }
            let (_, (name, text)) = files.iter().find(|(f, _)| *f == p.family)?;
            entry_line(text, &p.key, &p.configuration).map(|line| format!("{name}:{line}"))
        })
        .collect();
    (features, patterns)
}

fn square_list(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(Square::to_string).collect();
    names.join(" ")
}

/// Runs `explain`.
///
/// # Errors
/// A bad position or config folder, named.
pub fn run(args: &ExplainArgs) -> Result<(), String> {
    let position = args.setup.position()?;
    let tables = Tables::load(&args.config)?;
    let x = tables.eval.explain(&position.board);
    if let Some(against) = &args.against {
        let other = Tables::load(against)?;
        let y = other.eval.explain(&position.board);
        print_differences(&x, &y, against, args.json);
        return Ok(());
    }
    let (feature_at, pattern_at) = locate(&tables, &x);
    let mut order: Vec<usize> = (0..x.patterns.len()).collect();
    order.sort_by(|&a, &b| {
        x.patterns[b]
            .centidiscs
            .abs()
            .total_cmp(&x.patterns[a].centidiscs.abs())
    });
    if args.json {
        let features: Vec<_> = x
            .features
            .iter()
            .zip(&feature_at)
            .map(|(f, at)| {
                json!({"name": f.name, "value": f.value, "weight": f.weight, "centidiscs": f.centidiscs, "at": at})
            })
            .collect();
        let patterns: Vec<_> = order
            .iter()
            .map(|&i| {
                let p = &x.patterns[i];
                json!({
                    "family": p.family,
                    "squares": square_list(&p.squares),
                    "configuration": p.configuration,
                    "key": p.key,
                    "listed": p.listed,
                    "keyframes": p.keyframes.iter().map(|(e, v)| json!({"empties": e, "centidiscs": v})).collect::<Vec<_>>(),
                    "centidiscs": p.centidiscs,
                    "at": pattern_at[i],
                })
            })
            .collect();
        let out = json!({
            "position": position.to_string(),
            "empties": x.empties,
            "blend": x.blend,
            "total": x.total,
            "features_total": x.features_total(),
            "patterns_total": x.patterns_total(),
            "rounding": x.rounding,
            "features": features,
            "patterns": patterns,
        });
        println!("{out}");
        return Ok(());
    }
    let [(first, _), (second, _)] = x.patterns.first().map_or([(0, 0); 2], |p| p.keyframes);
    println!("position {position}");
    println!(
        "{} to move, {} empties: table values blend keyframe {first} ({:.0}%) and {second} \
         ({:.0}%)",
        position.side_to_move,
        x.empties,
        (1.0 - x.blend) * 100.0,
        x.blend * 100.0
    );
    println!(
        "total {} discs ({} hundredths) = features {} + patterns {} + rounding {}",
        discs(f64::from(x.total)),
        x.total,
        discs(f64::from(x.features_total())),
        discs(x.patterns_total()),
        discs(x.rounding)
    );
    println!();
    println!(
        "{:<20} {:>6} {:>8} {:>8}  where",
        "feature", "value", "weight", "discs"
    );
    for (f, at) in x.features.iter().zip(&feature_at) {
        println!(
            "{:<20} {:>+6} {:>8} {:>8}  {at}",
            f.name,
            f.value,
            discs(f64::from(f.weight)),
            discs(f64::from(f.centidiscs))
        );
    }
    println!();
    println!(
        "{:>7}  {:<10} {:<30} {:<27} {:>13}  where",
        "discs",
        "family",
        "squares",
        "configuration",
        format!("at {first} | {second}")
    );
    for &i in &order {
        let p = &x.patterns[i];
        let configuration = if p.configuration == p.key {
            p.configuration.clone()
        } else {
            format!("{} as {}", p.configuration, p.key)
        };
        let at = pattern_at[i]
            .clone()
            .unwrap_or_else(|| "not listed (0)".to_string());
        println!(
            "{:>7}  {:<10} {:<30} {:<27} {:>13}  {at}",
            discs(p.centidiscs),
            p.family,
            square_list(&p.squares),
            configuration,
            format!(
                "{} | {}",
                discs(f64::from(p.keyframes[0].1)),
                discs(f64::from(p.keyframes[1].1))
            )
        );
    }
    Ok(())
}
