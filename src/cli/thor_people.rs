//! `reversi-engine thor people FILE... --out config/people.ron`: the table of people's
//! losses by rating band and phase that the human-like levels err by, from the files `thor
//! losses` wrote ([`crate::engine::PeopleErrors`]), its choice weights fitted on the
//! positions people played, and the table checked against players it did not see.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use clap::Args;
use rand::seq::SliceRandom;

use crate::cli::corpus::{game_rng, game_searcher, read_text};
use crate::cli::engine_spec::EngineSpec;
use crate::cli::thor_losses::{Bands, LOSSES_HEADER};
use crate::engine::{
    Game, Level, PeopleErrors, Ply, SearchLimits, Side, Square, default_levels, phase_of,
};

/// Arguments of `thor people`.
#[derive(Debug, Args)]
#[command(
    after_help = "Each move of the files counts for the band of the player who made \
it (the Elo the file gives), in its phase: the opening (more than 40 empties), the middle game \
(21 to 40) and the endgame (20 or fewer). One player in --hold-out (by a hash of the name) is \
held out of the table and measured apart. --fit scores every move of that many positions a \
band and phase of the other players and fits the weights the levels choose by, so that their \
choices there fall into the classes of loss as the people's did. --measure does the same on the \
held-out players' positions and compares the levels' choices (and a softmax's of the same mean \
loss) with what those people played. The table goes to --out (config/people.ron's format)."
)]
pub struct ThorPeopleArgs {
    /// Files `thor losses` wrote.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The table to write (RON).
    #[arg(long)]
    out: PathBuf,
    /// The rating bands (as `thor losses` takes them).
    #[command(flatten)]
    bands: Bands,
    /// One player in this many is held out of the table (0: none).
    #[arg(long, default_value_t = 5)]
    hold_out: u64,
    /// Positions a band and phase whose moves are scored to fit the choice weights (0: the
    /// weights are the people's shares).
    #[arg(long, default_value_t = 150)]
    fit: usize,
    /// Positions a band and phase of the held-out players to measure the table on (0: none).
    #[arg(long, default_value_t = 0)]
    measure: usize,
    /// The scoring of --fit and --measure: depth (as the losses file was scored).
    #[arg(long, default_value_t = 10)]
    depth: u32,
    /// The scoring of --fit and --measure: solved exactly from this many empties.
    #[arg(long, default_value_t = 18)]
    exact_empties: u32,
    /// Threads for --fit and --measure (default: the cores).
    #[arg(long)]
    threads: Option<u64>,
}

/// One scored move: who played it, the empties before it and its loss.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ScoredMove {
    /// The player's name.
    pub(crate) player: String,
    /// The player's fitted Elo.
    pub(crate) elo: f64,
    /// Empty squares before the move.
    pub(crate) empties: u32,
    /// Its loss in discs against the best move of the position.
    pub(crate) loss: i32,
    /// The moves that led to the position (passes left out), as a transcript (`f5d6`).
    pub(crate) before: String,
}

/// The moves of a line of a losses file.
///
/// # Errors
/// A line without its seven fields, a bad number, an illegal move, or losses that are not
/// one a move.
pub(crate) fn scored_moves(line: &str) -> Result<Vec<ScoredMove>, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [black, white, black_elo, white_elo, _year, moves, losses] = fields[..] else {
        return Err(format!("{} fields, not 7", fields.len()));
    };
    let elo = |t: &str| {
        t.parse::<f64>()
            .ok()
            .filter(|e| e.is_finite())
            .ok_or_else(|| format!("\"{t}\" is not an Elo"))
    };
    let (black_elo, white_elo) = (elo(black_elo)?, elo(white_elo)?);
    let losses: Vec<i32> = losses
        .split_whitespace()
        .map(|l| l.parse().map_err(|_| format!("\"{l}\" is not a loss")))
        .collect::<Result<_, _>>()?;
    let game = Game::from_transcript(moves).map_err(|e| format!("{moves}: {e}"))?;
    // Each move with the ply it was played at (passes are plies of the record).
    let played: Vec<(usize, Square)> = game
        .recorded_plies()
        .iter()
        .enumerate()
        .filter_map(|(i, ply)| match *ply {
            Ply::Move(sq) => Some((i, sq)),
            Ply::Pass => None,
        })
        .collect();
    if played.len() != losses.len() {
        return Err(format!(
            "{} moves but {} losses",
            played.len(),
            losses.len()
        ));
    }
    let mut before = String::new();
    let mut out = Vec::with_capacity(losses.len());
    for (&(ply, sq), &loss) in played.iter().zip(&losses) {
        let position = game.position_at(ply);
        let (player, elo) = match position.side_to_move {
            Side::Black => (black, black_elo),
            Side::White => (white, white_elo),
        };
        out.push(ScoredMove {
            player: player.to_string(),
            elo,
            empties: position.board.empty_count(),
            loss,
            before: before.clone(),
        });
        before.push_str(&sq.to_string());
    }
    Ok(out)
}

/// Whether `player` is held out: one in `every` by a hash of the name (none for 0).
pub(crate) fn held_out(player: &str, every: u64) -> bool {
    // FNV-1a: the same on every machine and release.
    let hash = player.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    every != 0 && hash % every == 0
}

/// Every scored move of the losses files.
///
/// # Errors
/// A file that cannot be read, is not a losses file, or has a bad line (named).
pub(crate) fn read_losses(files: &[PathBuf]) -> Result<Vec<ScoredMove>, String> {
    let mut moves = Vec::new();
    for path in files {
        let text = read_text(path)?;
        if text.lines().next() != Some(LOSSES_HEADER) {
            return Err(format!(
                "{}: not a file of `thor losses` (its first line is not \"{LOSSES_HEADER}\")",
                path.display()
            ));
        }
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let scored = scored_moves(line)
                .map_err(|e| format!("{} line {}: {e}", path.display(), n + 1))?;
            moves.extend(scored);
        }
    }
    Ok(moves)
}

/// Runs `thor people`.
///
/// # Errors
/// Bad bands, an unreadable or bad losses file, or a table that cannot be written.
pub fn people(args: &ThorPeopleArgs) -> Result<(), String> {
    args.bands.check()?;
    let moves = read_losses(&args.files)?;
    let (held, fitted): (Vec<&ScoredMove>, Vec<&ScoredMove>) = moves
        .iter()
        .partition(|m| held_out(&m.player, args.hold_out));
    let banded = |set: &[&ScoredMove]| -> Vec<(usize, u32, i32)> {
        set.iter()
            .filter_map(|m| args.bands.of(m.elo).map(|b| (b, m.empties, m.loss)))
            .collect()
    };
    let fitted_moves = banded(&fitted);
    let files: Vec<String> = args.files.iter().map(|f| f.display().to_string()).collect();
    let source = format!(
        "reversi-engine thor people {} --bands {} --band-width {} --hold-out {} --fit {} --depth {} --exact-empties {}: {} moves of WTHOR games between people, scored by thor losses (with the flags in the header of each file)",
        files.join(" "),
        args.bands.flag(),
        args.bands.band_width,
        args.hold_out,
        args.fit,
        args.depth,
        args.exact_empties,
        fitted_moves.len()
    );
    let mut table = PeopleErrors::from_moves(source, &args.bands.bands, fitted_moves.clone());
    print_people("fitted on", &table, &fitted_moves);
    if args.hold_out != 0 {
        let held_moves = banded(&held);
        let held_table =
            PeopleErrors::from_moves(String::new(), &args.bands.bands, held_moves.clone());
        print_people("held out", &held_table, &held_moves);
    }
    if args.fit > 0 {
        let sample = sample_cells(args, &fitted, args.fit, 5);
        let scores = score_positions(args, &sample, "positions of the fitted players")?;
        fit_table(&mut table, &sample, &scores);
    }
    let text = format!(
        "// People's losses per move by rating band and phase: written by `reversi-engine thor\n\
         // people`; see its --help and config/README.md.\n{}\n",
        table.to_ron()
    );
    crate::whole_file::write_whole(&args.out, text.as_bytes())?;
    eprintln!("thor people: the table is in {}", args.out.display());
    if args.measure > 0 {
        let sample = sample_cells(args, &held, args.measure, 7);
        let scores = score_positions(args, &sample, "positions of held-out players")?;
        print_measure(args, &table, &sample, &scores);
    }
    Ok(())
}

/// A position's moves with their scores in discs.
type Scores = Vec<(Square, i32)>;

/// A move drawn for a cell (a band and phase: `3 * band + phase`).
type CellMove<'a> = (usize, &'a ScoredMove);

/// Up to `per_cell` of `moves` for each band and phase, drawn by `seed`.
fn sample_cells<'a>(
    args: &ThorPeopleArgs,
    moves: &[&'a ScoredMove],
    per_cell: usize,
    seed: u64,
) -> Vec<CellMove<'a>> {
    let mut cells: Vec<Vec<&ScoredMove>> = vec![Vec::new(); 3 * args.bands.bands.len()];
    for m in moves {
        if let Some(b) = args.bands.of(m.elo) {
            cells[3 * b + phase_of(m.empties)].push(m);
        }
    }
    let mut out = Vec::new();
    for (c, cell) in cells.iter_mut().enumerate() {
        cell.shuffle(&mut game_rng(seed, c));
        out.extend(cell.iter().take(per_cell).map(|m| (c, *m)));
    }
    out
}

/// Every move of each sampled position scored to `args.depth` (exact from
/// `args.exact_empties`), on `args.threads` threads, with a progress line every 100.
///
/// # Errors
/// A position that does not replay, or a searcher that cannot be made.
fn score_positions(
    args: &ThorPeopleArgs,
    sample: &[CellMove<'_>],
    what: &str,
) -> Result<Vec<Scores>, String> {
    let engine = EngineSpec::from_arg("shipped")?;
    let threads = crate::cli::threads_or_cores(args.threads).max(1);
    let limits = SearchLimits::depth(args.depth);
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    eprintln!(
        "thor people: scoring {} {what} on {threads} threads",
        sample.len()
    );
    let scored: Vec<Vec<(usize, Scores)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| -> Result<_, String> {
                    let mut searcher = game_searcher(&engine, args.exact_empties)?;
                    let stop = AtomicBool::new(false);
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(_, m)) = sample.get(i) else {
                            return Ok(out);
                        };
                        let game = Game::from_transcript(&m.before).map_err(|e| e.to_string())?;
                        let board = game.position().board;
                        searcher.clear();
                        let clock = crate::engine::control::start_clock();
                        let scores = searcher
                            .score_moves_with(&board, &limits, &stop, &clock, &mut |_| {})
                            .scores;
                        out.push((i, scores));
                        if (i + 1).is_multiple_of(100) {
                            let per = start.elapsed().as_secs_f64() / (i + 1) as f64;
                            eprintln!(
                                "thor people: {}/{} positions, about {:.0} s left",
                                i + 1,
                                sample.len(),
                                per * (sample.len() - i - 1) as f64
                            );
                        }
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a scoring thread"))
            .collect::<Result<Vec<_>, String>>()
    })?;
    let mut scores = vec![Vec::new(); sample.len()];
    for (i, s) in scored.into_iter().flatten() {
        scores[i] = s;
    }
    Ok(scores)
}

/// Fits each band's and phase's weights on the sampled positions' scored moves.
fn fit_table(table: &mut PeopleErrors, sample: &[CellMove<'_>], scores: &[Scores]) {
    for c in 0..3 * table.bands.len() {
        let positions: Vec<Vec<usize>> = sample
            .iter()
            .zip(scores)
            .filter(|((cell, _), s)| *cell == c && !s.is_empty())
            .map(|(_, s)| {
                let best = s.iter().map(|&(_, v)| v).max().unwrap_or(0);
                s.iter().map(|&(_, v)| table.class_of(best - v)).collect()
            })
            .collect();
        let mut band = table.bands[c / 3].clone();
        table.fit_weights(&mut band, c % 3, &positions);
        table.bands[c / 3] = band;
    }
}

/// Draws per position in [`print_measure`]: the choices' distribution, not one move, is
/// compared.
const DRAWS: usize = 20;

/// For each band and phase: the held-out people's mean loss and losses over 6 discs at the
/// sampled positions, against [`DRAWS`] choices a position by the table (as a `plays_like`
/// level chooses) and by a softmax aiming at the band's mean loss (a `phase_loss` level),
/// with the total variation distance between their classes' shares and the people's.
fn print_measure(
    args: &ThorPeopleArgs,
    table: &PeopleErrors,
    sample: &[CellMove<'_>],
    scores: &[Scores],
) {
    println!(
        "measured: band  phase   moves | people: mean over-6 | table: mean over-6 distance | softmax: mean over-6 distance"
    );
    let mut rng = game_rng(11, 0);
    for c in 0..3 * args.bands.bands.len() {
        let (b, phase) = (c / 3, c % 3);
        let band = &table.bands[b];
        let mean = [band.mean_loss.0, band.mean_loss.1, band.mean_loss.2][phase];
        let softmax = Level {
            temperature: 0.0,
            phase_loss: Some((mean, mean, mean)),
            ..default_levels()[0].clone()
        };
        let (mut people, mut drawn, mut soft) = (Vec::new(), Vec::new(), Vec::new());
        for (&(cell, m), s) in sample.iter().zip(scores) {
            if cell != c || s.is_empty() {
                continue;
            }
            people.push(m.loss.max(0));
            let best = s.iter().map(|&(_, v)| v).max().unwrap_or(0);
            let loss_of = |sq: Option<Square>| {
                s.iter()
                    .find(|&&(q, _)| Some(q) == sq)
                    .map_or(0, |&(_, v)| best - v)
            };
            for _ in 0..DRAWS {
                drawn.push(loss_of(table.choose(band.rating, s, m.empties, &mut rng)));
                soft.push(loss_of(softmax.choose_at(s, m.empties, &mut rng)));
            }
        }
        let (p, d, s) = (stats(&people), stats(&drawn), stats(&soft));
        println!(
            "measured: {:>4}  {:<7} {:>5} | people: {:>4.2} {:>5.1}% | table: {:>4.2} {:>5.1}% {:>5.3} | softmax: {:>4.2} {:>5.1}% {:>5.3}",
            band.rating,
            ["opening", "middle", "endgame"][phase],
            people.len(),
            p.0,
            p.1,
            d.0,
            d.1,
            distance(table, &people, &drawn),
            s.0,
            s.1,
            distance(table, &people, &soft)
        );
    }
}

/// The mean of `losses` and the percentage over 6 discs (0 and 0 for none).
fn stats(losses: &[i32]) -> (f64, f64) {
    let n = losses.len().max(1) as f64;
    (
        // An empty sum is -0.0: printed as 0.00, not -0.00.
        losses.iter().map(|&x| f64::from(x)).sum::<f64>() / n + 0.0,
        100.0 * losses.iter().filter(|&&x| x > 6).count() as f64 / n,
    )
}

/// The total variation distance between the shares of `table`'s classes in `a` and in `b`:
/// half the sum of the differences, 0 for the same shares, 1 for none in common.
pub(crate) fn distance(table: &PeopleErrors, a: &[i32], b: &[i32]) -> f64 {
    let shares = |l: &[i32]| {
        let mut s = vec![0.0; table.classes.len()];
        for &x in l {
            s[table.class_of(x)] += 1.0 / l.len().max(1) as f64;
        }
        s
    };
    shares(a)
        .iter()
        .zip(shares(b))
        .map(|(x, y)| (x - y).abs())
        .sum::<f64>()
        / 2.0
}

/// Prints each band's figures by phase: moves, mean loss, best moves, losses of more than 6
/// discs, and the 90th percentile of the loss.
fn print_people(what: &str, table: &PeopleErrors, moves: &[(usize, u32, i32)]) {
    let mut losses = vec![[Vec::new(), Vec::new(), Vec::new()]; table.bands.len()];
    for &(b, empties, loss) in moves {
        losses[b][phase_of(empties)].push(loss.max(0));
    }
    println!("{what}: band  phase    moves   mean  best  over-6    p90");
    for (band, phases) in table.bands.iter().zip(&mut losses) {
        for (name, l) in ["opening", "middle", "endgame"]
            .iter()
            .zip(phases.iter_mut())
        {
            l.sort_unstable();
            let (mean, over_6) = stats(l);
            let best = 100.0 * l.iter().filter(|&&x| x == 0).count() as f64 / l.len().max(1) as f64;
            println!(
                "{what}: {:>4}  {name:<7} {:>6} {mean:>6.2} {best:>4.0}% {over_6:>6.1}% {:>6}",
                band.rating,
                l.len(),
                l.get(l.len() * 9 / 10).copied().unwrap_or(0)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_of_a_losses_file_gives_each_move_its_player_empties_and_position() {
        // f5 by Black (60 empties), d6 by White (59), c3 by Black (58).
        let line = "Ann\tBob\t1412\t1790\t2001\tf5d6c3\t0 3 1";
        let moves = scored_moves(line).unwrap();
        let got: Vec<(&str, f64, u32, i32, &str)> = moves
            .iter()
            .map(|m| {
                (
                    m.player.as_str(),
                    m.elo,
                    m.empties,
                    m.loss,
                    m.before.as_str(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("Ann", 1412.0, 60, 0, ""),
                ("Bob", 1790.0, 59, 3, "f5"),
                ("Ann", 1412.0, 58, 1, "f5d6")
            ]
        );
        assert_eq!(
            scored_moves("Ann\tBob\t1412\t1790\t2001\tf5d6c3\t0 3").unwrap_err(),
            "3 moves but 2 losses"
        );
        assert_eq!(scored_moves("Ann\tBob").unwrap_err(), "2 fields, not 7");
        assert!(
            scored_moves("Ann\tBob\tx\t1790\t2001\tf5\t0")
                .unwrap_err()
                .contains("\"x\" is not an Elo")
        );
        assert!(scored_moves("Ann\tBob\t1\t2\t2001\tf5f5\t0 0").is_err());
        // A transcript written another way gives the positions as a transcript all the same.
        let spaced = scored_moves("Ann\tBob\t1\t2\t2001\tF5 D6 C3\t0 0 0").unwrap();
        let before: Vec<&str> = spaced.iter().map(|m| m.before.as_str()).collect();
        assert_eq!(before, ["", "f5", "f5d6"]);
        assert!(
            scored_moves("Ann\tBob\t1\t2\t2001\tf5ö\t0 0")
                .unwrap_err()
                .starts_with("f5ö: ")
        );
    }

    #[test]
    fn players_are_held_out_by_name_the_same_everywhere() {
        let names = [
            "Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo",
        ];
        let held: Vec<&str> = names.iter().copied().filter(|n| held_out(n, 5)).collect();
        assert_eq!(held, HELD_OUT_OF_TEN);
        assert!(names.iter().all(|n| !held_out(n, 0)));
    }

    /// Which of the ten names above one in five holds out (FNV-1a of the name, mod 5).
    const HELD_OUT_OF_TEN: [&str; 3] = ["Bob", "Dee", "Hal"];

    #[test]
    fn the_distance_is_half_the_sum_of_the_class_share_differences() {
        let t = PeopleErrors::shipped();
        assert_eq!(distance(t, &[0, 0], &[0, 0]), 0.0);
        assert_eq!(distance(t, &[0, 0], &[8, 30]), 1.0);
        // Half the moves in another class: 0.5; a quarter: 0.25.
        assert!((distance(t, &[0, 4], &[0, 0]) - 0.5).abs() < 1e-12);
        assert!((distance(t, &[0, 0, 0, 4], &[0, 0, 4, 4]) - 0.25).abs() < 1e-12);
    }
}
