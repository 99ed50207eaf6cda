//! Table health for designers (`reversi-engine tables check`): where the data behind the
//! pattern tables is thin. An entry never reached in a sample of games was fitted to little
//! or nothing; an entry whose value spikes at one keyframe (up from both neighbours, or down
//! from both, by more than a threshold) is usually noise of a thinly seen phase; an entry far
//! from the configurations one square away from it (its neighbours) is either real knowledge
//! or noise, and worth a look.

use crate::engine::board::Board;
use crate::engine::eval::PatternEval;
use crate::engine::eval::pattern::MAX_INSTANCES;

/// A listed entry whose value spikes at one keyframe.
#[derive(Clone, Debug, PartialEq)]
pub struct Spike {
    /// The configuration as the table's key (canonical form).
    pub key: String,
    /// Its values at every keyframe, discs.
    pub values: Vec<f32>,
    /// The keyframe (index) where it spikes.
    pub keyframe: usize,
    /// The smaller of its two differences to the neighbouring keyframes, discs.
    pub size: f32,
}

/// A listed entry far from its neighbours (the listed configurations one square away).
#[derive(Clone, Debug, PartialEq)]
pub struct Outlier {
    /// The configuration as the table's key (canonical form).
    pub key: String,
    /// Its values at every keyframe, discs.
    pub values: Vec<f32>,
    /// The mean of its listed neighbours' values at every keyframe, discs.
    pub neighbours: Vec<f32>,
    /// How many listed neighbours it has.
    pub count: usize,
    /// The largest distance to the neighbours' mean over the keyframes, discs.
    pub size: f32,
}

/// Neighbours an entry needs before it is compared with them.
const MIN_NEIGHBOURS: usize = 3;

/// One table's health.
#[derive(Clone, Debug, PartialEq)]
pub struct FamilyHealth {
    /// The family.
    pub family: &'static str,
    /// Configurations the table lists.
    pub listed: usize,
    /// Listed configurations some instance had in the sample.
    pub reached: usize,
    /// Configurations met in the sample that the table does not list (worth 0).
    pub unlisted_met: usize,
    /// Listed entries that spike, the largest first.
    pub spikes: Vec<Spike>,
    /// Listed entries with at least three listed neighbours that lie further than the
    /// threshold from their mean, the largest first.
    pub outliers: Vec<Outlier>,
}

/// The health of each table of `eval` over the positions `boards`, with spikes larger than
/// `spike` discs and entries further than `outlier` discs from their neighbours.
pub fn table_health(
    eval: &PatternEval,
    boards: &[Board],
    spike: f32,
    outlier: f32,
) -> Vec<FamilyHealth> {
    let mut out = Vec::new();
    for (family, entries) in eval.tables() {
        let mut met = vec![false; family.table_size()];
        let mut indices = [0u32; MAX_INSTANCES];
        for board in boards {
            let n = family.indices(board, &mut indices);
            for &i in &indices[..n] {
                met[family.canonical(i as usize)] = true;
            }
        }
        let mut listed = vec![false; family.table_size()];
        for (c, _) in entries {
            listed[*c] = true;
        }
        let reached = entries.iter().filter(|(c, _)| met[*c]).count();
        let unlisted_met = (0..met.len()).filter(|&i| met[i] && !listed[i]).count();
        let mut spikes: Vec<Spike> = entries
            .iter()
            .filter_map(|(c, v)| {
                (1..v.len().saturating_sub(1))
                    .filter_map(|k| {
                        let (up, down) = (v[k] - v[k - 1], v[k] - v[k + 1]);
                        (up * down > 0.0 && up.abs().min(down.abs()) > spike)
                            .then(|| (k, up.abs().min(down.abs())))
                    })
                    .max_by(|a, b| a.1.total_cmp(&b.1))
                    .map(|(keyframe, size)| Spike {
                        key: family.index_to_string(*c),
                        values: v.clone(),
                        keyframe,
                        size,
                    })
            })
            .collect();
        spikes.sort_by(|a, b| b.size.total_cmp(&a.size));
        // Each listed entry against the mean of its listed neighbours, keyframe by keyframe.
        let mut value_of: Vec<Option<&Vec<f32>>> = vec![None; family.table_size()];
        for (c, v) in entries {
            value_of[*c] = Some(v);
        }
        let powers: Vec<usize> = (0..family.size()).map(|d| 3usize.pow(d as u32)).collect();
        let mut outliers: Vec<Outlier> = entries
            .iter()
            .filter_map(|(c, v)| {
                let mut near: Vec<usize> = Vec::new();
                for &p in &powers {
                    let digit = (c / p) % 3;
                    for other in 0..3 {
                        if other != digit {
                            let n = family.canonical(c - digit * p + other * p);
                            if n != *c && !near.contains(&n) && value_of[n].is_some() {
                                near.push(n);
                            }
                        }
                    }
                }
                if near.len() < MIN_NEIGHBOURS {
                    return None;
                }
                let mean: Vec<f32> = (0..v.len())
                    .map(|k| {
                        near.iter()
                            .map(|&n| value_of[n].expect("listed")[k])
                            .sum::<f32>()
                            / near.len() as f32
                    })
                    .collect();
                let size = v
                    .iter()
                    .zip(&mean)
                    .map(|(a, b)| (a - b).abs())
                    .fold(0.0f32, f32::max);
                (size > outlier).then(|| Outlier {
                    key: family.index_to_string(*c),
                    values: v.clone(),
                    neighbours: mean,
                    count: near.len(),
                    size,
                })
            })
            .collect();
        outliers.sort_by(|a, b| b.size.total_cmp(&a.size));
        out.push(FamilyHealth {
            family: family.name,
            listed: entries.len(),
            reached,
            unlisted_met,
            spikes,
            outliers,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::params::{parse_eval_file, write_eval_file, write_pattern_file};
    use crate::engine::eval::pattern::EDGE;
    use crate::engine::eval::shipped_eval_text;

    #[test]
    fn unreached_entries_and_spikes_are_found() {
        // An evaluator with only the edge table, three entries: the empty edge (reached at
        // the start), a full edge (never reached there) that spikes at keyframe 2, and one
        // whose values only climb (no spike).
        let mut file = parse_eval_file("eval.ron", shipped_eval_text()).unwrap();
        file.patterns = vec!["edge".into()];
        let k = file.phases.len();
        let empty = EDGE.parse_index("-------- --").unwrap();
        let full = EDGE.parse_index("XXXXXXXX XX").unwrap();
        let climbing = EDGE.parse_index("X------- --").unwrap();
        let mut spiky = vec![0.5; k];
        spiky[2] = 9.0;
        spiky[3] = 1.0;
        let entries = vec![
            (empty, vec![0.1; k]),
            (EDGE.canonical(full), spiky.clone()),
            (
                EDGE.canonical(climbing),
                (0..k).map(|i| i as f32 * 3.0).collect(),
            ),
        ];
        let eval = PatternEval::load("eval.ron", &write_eval_file(&file), &mut |_| {
            Ok(("edge.ron".into(), write_pattern_file(&EDGE, &entries)))
        })
        .unwrap();
        let health = table_health(&eval, &[Board::start()], 4.0, 6.0);
        assert_eq!(health.len(), 1);
        let edge = &health[0];
        assert_eq!(
            (edge.family, edge.listed, edge.reached, edge.unlisted_met),
            ("edge", 3, 1, 0)
        );
        assert_eq!(edge.spikes.len(), 1);
        assert_eq!(edge.spikes[0].key, "XXXXXXXX XX");
        assert_eq!((edge.spikes[0].keyframe, edge.spikes[0].size), (2, 8.0));
        assert_eq!(edge.spikes[0].values, spiky);
        // A bigger threshold: no spike.
        assert!(
            table_health(&eval, &[Board::start()], 8.5, 6.0)[0]
                .spikes
                .is_empty()
        );
    }
}
