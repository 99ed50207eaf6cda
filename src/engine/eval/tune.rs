//! Fitting the evaluator to labelled positions: least squares with L2 regularisation, by
//! Adam (Kingma and Ba 2015) over every feature weight and table value at every phase
//! keyframe, on the full batch (a step an epoch) or on shuffled mini-batches (lazy Adam: a
//! step moves only the values its positions read). A position between two keyframes
//! contributes to both, in proportion to the interpolation, so the fit is linear in the
//! keyframe values the files hold. Early stopping: every 10 epochs (every epoch in
//! mini-batches) the error on a validation set (positions of games the fit does not see) is
//! measured, the best parameters so far are kept, and the fit ends when they have not
//! improved for `patience` epochs.

use crate::engine::board::Board;
use crate::engine::eval::features::{FEATURE_COUNT, features};
use crate::engine::eval::params::{EvalFile, interpolation};
use crate::engine::eval::pattern::{MAX_INSTANCES, PatternFamily};

/// A table's listed entries: (canonical index, keyframe values).
pub type TableEntries = Vec<(usize, Vec<f32>)>;

/// A position reduced to what the evaluator sees, with its label.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Empty squares (the phase).
    pub empties: u8,
    /// Feature values.
    pub features: [i8; FEATURE_COUNT],
    /// Canonical table indices, family by family, instance by instance.
    pub indices: Vec<u32>,
    /// The target: final disc difference from the side to move.
    pub label: i8,
}

impl Sample {
    /// The sample of `board` with `label` for the families `families`.
    pub fn new(board: &Board, label: i32, families: &[PatternFamily]) -> Sample {
        let mut indices = Vec::with_capacity(16);
        let mut buf = [0u32; MAX_INSTANCES];
        for family in families {
            let n = family.indices(board, &mut buf);
            indices.extend(
                buf[..n]
                    .iter()
                    .map(|&i| family.canonical(i as usize) as u32),
            );
        }
        Sample {
            empties: board.empty_count() as u8,
            features: features(board).map(|f| f.clamp(-128, 127) as i8),
            indices,
            label: label.clamp(-64, 64) as i8,
        }
    }
}

/// Settings of a fit.
#[derive(Clone, Debug, PartialEq)]
pub struct FitSettings {
    /// Passes over the data.
    pub epochs: u32,
    /// Adam's step size, in discs.
    pub learning_rate: f32,
    /// L2 penalty on table values (per value, relative to the mean squared error).
    pub l2: f32,
    /// Epochs without a better validation error after which the fit stops (0: never; it
    /// then runs every epoch and ends with the last parameters, as without validation).
    pub patience: u32,
    /// Positions a step (0: the full batch, one step an epoch; else a step per mini-batch
    /// of this many positions, in an order shuffled anew each epoch).
    pub batch: usize,
    /// The step size's factor after each epoch (1: constant): a decaying step lets
    /// mini-batches settle where a constant one keeps them jittering.
    pub decay: f32,
}

impl Default for FitSettings {
    fn default() -> FitSettings {
        FitSettings {
            epochs: 300,
            learning_rate: 0.05,
            l2: 1e-5,
            patience: 0,
            batch: 0,
            decay: 1.0,
        }
    }
}

/// How a fit is going, every 10 epochs and at its last.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitProgress {
    /// Epochs done.
    pub epoch: u32,
    /// Mean absolute error on the training samples in the epoch (discs).
    pub training: f64,
    /// Mean absolute error on the validation samples now, when there are some.
    pub validation: Option<f64>,
    /// The epoch of the best validation error so far (0 before the first check).
    pub best_epoch: u32,
}

/// What a fit did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitReport {
    /// Epochs run.
    pub epochs: u32,
    /// The epoch whose parameters the model holds (the last, without validation or
    /// patience; else the one of the best validation error).
    pub kept_epoch: u32,
    /// The validation error of the parameters kept, when there are validation samples.
    pub validation: Option<f64>,
}

/// The blocks a fit cuts its samples into (see [`Model::fit`]): enough for 16 threads, at
/// one gradient vector each (about 5 MB with all eleven families).
pub const FIT_BLOCKS: usize = 16;

/// A fitted model: keyframe values of every feature weight and table entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// Keyframes, empties decreasing (as in `eval.ron`).
    pub phases: Vec<u32>,
    /// The families, in sample index order.
    pub families: Vec<PatternFamily>,
    /// `[keyframe][feature]`.
    pub weights: Vec<[f32; FEATURE_COUNT]>,
    /// `[family][keyframe * table_size + index]`.
    pub tables: Vec<Vec<f32>>,
}

/// Where each parameter lives in the flat parameter vector.
struct Layout {
    keyframes: usize,
    table_offsets: Vec<usize>,
    table_sizes: Vec<usize>,
    /// Instances per family, in sample index order.
    instances: Vec<usize>,
    len: usize,
}

impl Layout {
    fn new(keyframes: usize, families: &[PatternFamily], instances: Vec<usize>) -> Layout {
        let mut offset = keyframes * FEATURE_COUNT;
        let mut table_offsets = Vec::new();
        let mut table_sizes = Vec::new();
        for f in families {
            table_offsets.push(offset);
            table_sizes.push(f.table_size());
            offset += keyframes * f.table_size();
        }
        Layout {
            keyframes,
            table_offsets,
            table_sizes,
            instances,
            len: offset,
        }
    }

    /// Calls `visit(parameter, coefficient)` for every parameter of `s`'s prediction at
    /// keyframe `k`, scaled by `w`.
    #[inline]
    fn for_each(&self, s: &Sample, k: usize, w: f32, visit: &mut impl FnMut(usize, f32)) {
        for (f, &v) in s.features.iter().enumerate() {
            if v != 0 {
                visit(k * FEATURE_COUNT + f, w * f32::from(v));
            }
        }
        let mut at = 0;
        for (fam, &n) in self.instances.iter().enumerate() {
            let base = self.table_offsets[fam] + k * self.table_sizes[fam];
            for &i in &s.indices[at..at + n] {
                visit(base + i as usize, w);
            }
            at += n;
        }
    }
}

/// The prediction of `s` under parameters `theta`.
fn predict(layout: &Layout, phases: &[u32], theta: &[f32], s: &Sample) -> f32 {
    let (i, j, t) = interpolation(phases, u32::from(s.empties));
    let mut sum = 0.0;
    layout.for_each(s, i, 1.0 - t, &mut |p, c| sum += theta[p] * c);
    if t > 0.0 {
        layout.for_each(s, j, t, &mut |p, c| sum += theta[p] * c);
    }
    sum
}

/// Mean absolute errors per phase bucket of 10 empties (0-9, 10-19, ..., 60) of
/// (empties, error) pairs: (bucket's lowest empties, count, mean error in discs), buckets
/// without a pair left out.
pub fn phase_errors(errors: impl IntoIterator<Item = (u8, f64)>) -> Vec<(u32, usize, f64)> {
    let mut buckets = [(0usize, 0f64); 7];
    for (empties, e) in errors {
        let b = (usize::from(empties) / 10).min(6);
        buckets[b].0 += 1;
        buckets[b].1 += e;
    }
    buckets
        .iter()
        .enumerate()
        .filter(|(_, (n, _))| *n > 0)
        .map(|(b, &(n, e))| (b as u32 * 10, n, e / n as f64))
        .collect()
}

/// The mean of all the pairs behind [`phase_errors`]' buckets.
pub fn overall_error(buckets: &[(u32, usize, f64)]) -> f64 {
    let n: usize = buckets.iter().map(|b| b.1).sum();
    buckets.iter().map(|b| b.1 as f64 * b.2).sum::<f64>() / n.max(1) as f64
}

/// Mean absolute error of the parameters `theta` on `samples` (not empty).
fn mean_error(layout: &Layout, phases: &[u32], theta: &[f32], samples: &[Sample]) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| f64::from((predict(layout, phases, theta, s) - f32::from(s.label)).abs()))
        .sum();
    sum / samples.len() as f64
}

/// Mean absolute error of `model` on `samples`, per phase bucket (see [`phase_errors`]).
pub fn errors_by_phase(model: &Model, samples: &[Sample]) -> Vec<(u32, usize, f64)> {
    let (layout, theta) = model.flatten();
    phase_errors(samples.iter().map(|s| {
        let e = predict(&layout, &model.phases, &theta, s) - f32::from(s.label);
        (s.empties, f64::from(e.abs()))
    }))
}

impl Model {
    /// A model with keyframes `phases` (empties, decreasing), every feature weight and table
    /// value 0 for `families`. Starting from nothing makes a fit a function of its corpus and
    /// flags alone: it once started from the shipped feature weights, so that the same
    /// command gave other tables once the shipped ones had changed.
    pub fn new(phases: Vec<u32>, families: Vec<PatternFamily>) -> Model {
        let weights = vec![[0.0; FEATURE_COUNT]; phases.len()];
        let tables = families
            .iter()
            .map(|f| vec![0.0; phases.len() * f.table_size()])
            .collect();
        Model {
            phases,
            families,
            weights,
            tables,
        }
    }

    fn layout(&self) -> Layout {
        let instances = self.families.iter().map(|f| f.instances().len()).collect();
        Layout::new(self.phases.len(), &self.families, instances)
    }

    fn flatten(&self) -> (Layout, Vec<f32>) {
        let layout = self.layout();
        let mut theta = Vec::with_capacity(layout.len);
        for w in &self.weights {
            theta.extend_from_slice(w);
        }
        for t in &self.tables {
            theta.extend_from_slice(t);
        }
        (layout, theta)
    }

    fn unflatten(&mut self, theta: &[f32]) {
        let k = self.phases.len();
        for (i, w) in self.weights.iter_mut().enumerate() {
            w.copy_from_slice(&theta[i * FEATURE_COUNT..(i + 1) * FEATURE_COUNT]);
        }
        let mut at = k * FEATURE_COUNT;
        for t in &mut self.tables {
            let n = t.len();
            t.copy_from_slice(&theta[at..at + n]);
            at += n;
        }
    }

    /// Fits the model to `samples` on `threads` threads, calling `progress` at every check
    /// of `validation` (every 10 epochs in full batch, every epoch in mini-batches, and at
    /// the last; see [`FitSettings::patience`]). The result does not depend on `threads`: in
    /// full batch the samples are cut into [`FIT_BLOCKS`] blocks whatever the thread count,
    /// each block's gradient is summed alone, and the blocks' gradients are added in block
    /// order; in mini-batches the threads only compute residuals, which one thread adds into
    /// the gradient in sample order; so every floating-point sum happens in the same order.
    /// With no samples there is nothing to fit and the model is left as it is (the
    /// regularisation alone would only shrink it).
    pub fn fit(
        &mut self,
        samples: &[Sample],
        validation: &[Sample],
        settings: &FitSettings,
        threads: usize,
        progress: &mut dyn FnMut(FitProgress),
    ) -> FitReport {
        if samples.is_empty() {
            return FitReport {
                epochs: 0,
                kept_epoch: 0,
                validation: None,
            };
        }
        let (layout, mut theta) = self.flatten();
        let phases = self.phases.clone();
        let mut adam = Adam::new(layout.len, settings.learning_rate);
        let mut watch = Watch::new(settings.patience);
        let minibatch = settings.batch > 0 && settings.batch < samples.len();
        let check_every = if minibatch { 1 } else { 10 };
        let mut full = (!minibatch).then(|| FullBatch::new(&layout, samples, threads));
        let mut sparse = SparseGradient::new(layout.len);
        let mut epochs_run = 0;
        for epoch in 1..=settings.epochs {
            let abs_error = match &mut full {
                Some(full) => {
                    let grad = full.gradient(&layout, &phases, &theta);
                    adam.dense_step(
                        &mut theta,
                        grad,
                        layout.keyframes * FEATURE_COUNT,
                        settings.l2,
                    );
                    full.abs_error()
                }
                None => {
                    let order = shuffled(samples.len(), u64::from(epoch));
                    let mut abs_error = 0.0;
                    for batch in order.chunks(settings.batch) {
                        abs_error += sparse.batch_step(
                            (&layout, &phases),
                            &mut theta,
                            (samples, batch),
                            threads,
                            &mut adam,
                            settings.l2,
                        );
                    }
                    abs_error
                }
            };
            epochs_run = epoch;
            adam.learning_rate *= settings.decay;
            if epoch % check_every == 0 || epoch == settings.epochs {
                let error = (!validation.is_empty())
                    .then(|| mean_error(&layout, &phases, &theta, validation));
                watch.check(epoch, error, &theta);
                progress(FitProgress {
                    epoch,
                    training: abs_error / samples.len() as f64,
                    validation: error,
                    best_epoch: watch.best_epoch(),
                });
                if settings.patience > 0 && epoch - watch.best_epoch() >= settings.patience {
                    break;
                }
            }
        }
        match watch.best {
            Some((e, epoch, kept)) if settings.patience > 0 => {
                self.unflatten(&kept);
                FitReport {
                    epochs: epochs_run,
                    kept_epoch: epoch,
                    validation: Some(e),
                }
            }
            _ => {
                self.unflatten(&theta);
                FitReport {
                    epochs: epochs_run,
                    kept_epoch: epochs_run,
                    validation: (!validation.is_empty())
                        .then(|| mean_error(&layout, &phases, &theta, validation)),
                }
            }
        }
    }

    /// The feature weights as `eval.ron` rows and the table entries as (canonical index,
    /// keyframe values), for writing the files.
    pub fn to_files(&self, patterns: Vec<String>) -> (EvalFile, Vec<TableEntries>) {
        let k = self.phases.len();
        let row = |f: usize| (0..k).map(|i| self.weights[i][f]).collect::<Vec<f32>>();
        let file = EvalFile {
            phases: self.phases.clone(),
            mobility: row(0),
            potential_mobility: row(1),
            corners: row(2),
            x_squares: row(3),
            c_squares: row(4),
            stable_discs: row(5),
            parity: row(6),
            disc_difference: row(7),
            odd_empties: row(8),
            patterns,
        };
        let tables = self
            .families
            .iter()
            .zip(&self.tables)
            .map(|(fam, t)| {
                let size = fam.table_size();
                (0..size)
                    .filter(|&i| fam.canonical(i) == i)
                    .map(|i| (i, (0..k).map(|kf| t[kf * size + i]).collect::<Vec<f32>>()))
                    .filter(|(_, v)| v.iter().any(|x| *x != 0.0))
                    .collect()
            })
            .collect();
        (file, tables)
    }
}

/// Adam's moments and step count (Kingma and Ba 2015), with `Adam::dense_step` for a full
/// batch and `Adam::update` for the parameters a mini-batch touched (lazy Adam: a value no
/// position of the batch reads keeps its moments and its value).
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    steps: i32,
    learning_rate: f32,
    /// This step's bias corrections.
    bias: (f32, f32),
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;
    const EPSILON: f32 = 1e-8;

    fn new(len: usize, learning_rate: f32) -> Adam {
        Adam {
            m: vec![0.0; len],
            v: vec![0.0; len],
            steps: 0,
            learning_rate,
            bias: (1.0, 1.0),
        }
    }

    /// Starts a step: counts it and sets its bias corrections.
    fn begin(&mut self) {
        self.steps += 1;
        self.bias = (
            1.0 - Adam::BETA1.powi(self.steps),
            1.0 - Adam::BETA2.powi(self.steps),
        );
    }

    /// Moves parameter `p` along its gradient `g`.
    #[inline]
    fn update(&mut self, theta: &mut [f32], p: usize, g: f32) {
        let (m, v) = (&mut self.m[p], &mut self.v[p]);
        *m = Adam::BETA1 * *m + (1.0 - Adam::BETA1) * g;
        *v = Adam::BETA2 * *v + (1.0 - Adam::BETA2) * g * g;
        let step =
            self.learning_rate * (*m / self.bias.0) / ((*v / self.bias.1).sqrt() + Adam::EPSILON);
        theta[p] = (theta[p] - step).clamp(-63.0, 63.0);
    }

    /// One step of the full batch's gradient `grad`, the L2 penalty added to the table
    /// values (from `table_start` on) that the data or a value reaches.
    fn dense_step(&mut self, theta: &mut [f32], grad: &mut [f32], table_start: usize, l2: f32) {
        for (p, g) in grad.iter_mut().enumerate().skip(table_start) {
            if *g != 0.0 || theta[p] != 0.0 {
                *g += 2.0 * l2 * theta[p];
            }
        }
        self.begin();
        for (p, &g) in grad.iter().enumerate() {
            if g == 0.0 && self.m[p] == 0.0 {
                continue;
            }
            self.update(theta, p, g);
        }
    }
}

/// The full batch's gradient, summed block by block (see [`Model::fit`]).
struct FullBatch<'a> {
    blocks: Vec<&'a [Sample]>,
    grads: Vec<Vec<f32>>,
    block_errors: Vec<f64>,
    per_thread: usize,
    count: f32,
}

impl<'a> FullBatch<'a> {
    fn new(layout: &Layout, samples: &'a [Sample], threads: usize) -> FullBatch<'a> {
        let chunk = samples.len().div_ceil(FIT_BLOCKS);
        let blocks: Vec<&[Sample]> = samples.chunks(chunk).collect();
        let threads = threads.clamp(1, blocks.len());
        FullBatch {
            grads: vec![vec![0f32; layout.len]; blocks.len()],
            block_errors: vec![0f64; blocks.len()],
            // Each thread sums a run of consecutive blocks.
            per_thread: blocks.len().div_ceil(threads),
            blocks,
            count: samples.len() as f32,
        }
    }

    /// The mean squared error's gradient at `theta`, its blocks summed in order.
    fn gradient(&mut self, layout: &Layout, phases: &[u32], theta: &[f32]) -> &mut [f32] {
        let n = self.count;
        std::thread::scope(|scope| {
            for ((grads, errors), parts) in self
                .grads
                .chunks_mut(self.per_thread)
                .zip(self.block_errors.chunks_mut(self.per_thread))
                .zip(self.blocks.chunks(self.per_thread))
            {
                scope.spawn(move || {
                    for ((grad, error), part) in grads.iter_mut().zip(errors).zip(parts) {
                        grad.iter_mut().for_each(|g| *g = 0.0);
                        let mut abs_error = 0f64;
                        for s in *part {
                            let r = predict(layout, phases, theta, s) - f32::from(s.label);
                            abs_error += f64::from(r.abs());
                            add_gradient(layout, phases, s, 2.0 * r / n, &mut |p, c| grad[p] += c);
                        }
                        *error = abs_error;
                    }
                });
            }
        });
        let (first, rest) = self.grads.split_at_mut(1);
        for other in rest.iter() {
            for (g, o) in first[0].iter_mut().zip(other) {
                *g += o;
            }
        }
        &mut first[0]
    }

    /// The sum of the absolute errors of the last gradient's positions.
    fn abs_error(&self) -> f64 {
        self.block_errors.iter().sum()
    }
}

/// Calls `visit(parameter, g * coefficient)` for every parameter of `s`'s prediction, at
/// both keyframes it interpolates.
#[inline]
fn add_gradient(
    layout: &Layout,
    phases: &[u32],
    s: &Sample,
    g: f32,
    visit: &mut impl FnMut(usize, f32),
) {
    let (i, j, t) = interpolation(phases, u32::from(s.empties));
    layout.for_each(s, i, 1.0 - t, &mut |p, c| visit(p, g * c));
    if t > 0.0 {
        layout.for_each(s, j, t, &mut |p, c| visit(p, g * c));
    }
}

/// A mini-batch's gradient, kept sparse: the parameters its positions touch, listed once.
struct SparseGradient {
    grad: Vec<f32>,
    touched: Vec<u32>,
    marked: Vec<bool>,
    residuals: Vec<f32>,
}

impl SparseGradient {
    fn new(len: usize) -> SparseGradient {
        SparseGradient {
            grad: vec![0.0; len],
            touched: Vec::new(),
            marked: vec![false; len],
            residuals: Vec::new(),
        }
    }

    /// One Adam step on the positions `batch` (indices into `samples`): their residuals on
    /// `threads` threads, the gradient summed in batch order on this one, the L2 penalty on
    /// the touched table values. Returns the batch's sum of absolute errors.
    fn batch_step(
        &mut self,
        (layout, phases): (&Layout, &[u32]),
        theta: &mut [f32],
        (samples, batch): (&[Sample], &[u32]),
        threads: usize,
        adam: &mut Adam,
        l2: f32,
    ) -> f64 {
        self.residuals.clear();
        self.residuals.resize(batch.len(), 0.0);
        let per_thread = batch.len().div_ceil(threads.max(1));
        let view: &[f32] = theta;
        std::thread::scope(|scope| {
            for (out, part) in self
                .residuals
                .chunks_mut(per_thread)
                .zip(batch.chunks(per_thread))
            {
                scope.spawn(move || {
                    for (r, &i) in out.iter_mut().zip(part) {
                        let s = &samples[i as usize];
                        *r = predict(layout, phases, view, s) - f32::from(s.label);
                    }
                });
            }
        });
        let n = batch.len() as f32;
        let mut abs_error = 0f64;
        let (grad, touched, marked) = (&mut self.grad, &mut self.touched, &mut self.marked);
        for (&r, &i) in self.residuals.iter().zip(batch) {
            abs_error += f64::from(r.abs());
            add_gradient(
                layout,
                phases,
                &samples[i as usize],
                2.0 * r / n,
                &mut |p, c| {
                    if !marked[p] {
                        marked[p] = true;
                        touched.push(p as u32);
                    }
                    grad[p] += c;
                },
            );
        }
        let table_start = layout.keyframes * FEATURE_COUNT;
        adam.begin();
        for &p in touched.iter() {
            let p = p as usize;
            let mut g = grad[p];
            if p >= table_start {
                g += 2.0 * l2 * theta[p];
            }
            adam.update(theta, p, g);
            grad[p] = 0.0;
            marked[p] = false;
        }
        touched.clear();
        abs_error
    }
}

/// `0..len` in an order shuffled by `seed` (Fisher-Yates on splitmix64).
fn shuffled(len: usize, seed: u64) -> Vec<u32> {
    let mut order: Vec<u32> = (0..len as u32).collect();
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for i in (1..len).rev() {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        order.swap(i, (z % (i as u64 + 1)) as usize);
    }
    order
}

/// The best validation error so far, its epoch and (with patience) its parameters.
struct Watch {
    best: Option<(f64, u32, Vec<f32>)>,
    patience: u32,
}

impl Watch {
    fn new(patience: u32) -> Watch {
        Watch {
            best: None,
            patience,
        }
    }

    /// Records the validation `error` of `theta` at `epoch`, keeping it if it is the best.
    fn check(&mut self, epoch: u32, error: Option<f64>, theta: &[f32]) {
        if let Some(e) = error
            && self.best.as_ref().is_none_or(|b| e < b.0)
        {
            let kept = if self.patience > 0 {
                theta.to_vec()
            } else {
                Vec::new()
            };
            self.best = Some((e, epoch, kept));
        }
    }

    /// The epoch of the best validation error so far (0 before the first check).
    fn best_epoch(&self) -> u32 {
        self.best.as_ref().map_or(0, |b| b.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::pattern::FAMILIES;
    use crate::engine::square::Square;

    /// Positions of a few pseudo-random games, labelled by a made-up score.
    fn samples() -> Vec<Sample> {
        let mut out = Vec::new();
        let mut seed = 12345u64;
        for game in 0..40 {
            let mut board = Board::start();
            while !board.is_game_over() {
                if board.moves() == 0 {
                    board = board.pass();
                    continue;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let moves = board.moves();
                let pick = (seed >> 33) as u32 % moves.count_ones();
                let mut m = moves;
                for _ in 0..pick {
                    m &= m - 1;
                }
                board = board.play(Square::from_index(m.trailing_zeros() as u8));
                let label = (game % 13) - 6 + board.player.count_ones() as i32 / 8;
                out.push(Sample::new(&board, label, &FAMILIES));
            }
        }
        out
    }

    /// A fit gives the same values to the bit on 1, 2, 3 and 16 threads.
    #[test]
    fn a_fit_does_not_depend_on_the_thread_count() {
        let samples = samples();
        assert_eq!(samples.len(), 2399);
        let fit = |threads: usize| {
            let mut model = Model::new(vec![60, 40, 20, 0], FAMILIES.to_vec());
            let settings = FitSettings {
                epochs: 15,
                ..FitSettings::default()
            };
            model.fit(&samples, &[], &settings, threads, &mut |_| {});
            model
        };
        let one = fit(1);
        assert!(one.weights.iter().flatten().any(|&w| w != 0.0));
        for threads in [2, 3, 16] {
            assert!(fit(threads) == one, "{threads} threads");
        }
    }

    /// Mini-batches give the same values to the bit on any thread count, and fit: after a
    /// few epochs the training error is below that of the empty model and falls epoch by
    /// epoch; a batch of all the samples is the full batch.
    #[test]
    fn a_mini_batch_fit_does_not_depend_on_the_thread_count() {
        let samples = samples();
        let fit = |threads: usize, batch: usize| {
            let mut model = Model::new(vec![60, 40, 20, 0], FAMILIES.to_vec());
            let settings = FitSettings {
                epochs: 6,
                learning_rate: 0.02,
                batch,
                ..FitSettings::default()
            };
            let mut errors = Vec::new();
            model.fit(&samples, &samples[..200], &settings, threads, &mut |p| {
                errors.push(p.training)
            });
            (model, errors)
        };
        let (one, errors) = fit(1, 256);
        assert_eq!(errors.len(), 6, "a check every epoch");
        let start = samples
            .iter()
            .map(|s| f64::from(s.label.abs()))
            .sum::<f64>()
            / samples.len() as f64;
        assert!(errors[5] < 0.8 * start, "{errors:?} from {start}");
        assert!(errors.windows(2).all(|w| w[1] < w[0]), "{errors:?}");
        for threads in [2, 3, 16] {
            assert!(fit(threads, 256).0 == one, "{threads} threads");
        }
        assert!(fit(2, samples.len()).0 == fit(2, 0).0);
        assert!(fit(2, 0).0 != one);
    }

    /// Shuffling gives every index once, in an order that depends on the seed.
    #[test]
    fn shuffled_is_a_permutation() {
        let a = shuffled(1000, 1);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..1000).collect::<Vec<u32>>());
        assert_ne!(a, shuffled(1000, 2));
        assert_ne!(a, sorted);
        assert_eq!(shuffled(1, 5), vec![0]);
        assert!(shuffled(0, 5).is_empty());
    }

    /// A fit to no samples leaves a fitted model as it is: every block's gradient is summed
    /// from samples, so with none there would be nothing to reset between epochs.
    #[test]
    fn a_fit_to_no_samples_changes_nothing() {
        let mut model = Model::new(vec![60, 30, 0], FAMILIES.to_vec());
        let settings = FitSettings {
            epochs: 5,
            l2: 0.1,
            ..FitSettings::default()
        };
        model.fit(&samples(), &[], &settings, 2, &mut |_| {});
        assert!(model.tables.iter().flatten().any(|&v| v != 0.0));
        let fitted = model.clone();
        let report = model.fit(&[], &[], &settings, 2, &mut |_| {});
        assert!(model == fitted);
        assert_eq!(report.epochs, 0);
    }

    /// With patience the fit keeps the parameters of its best validation error and stops
    /// once they have not improved for that many epochs; the kept model's error on the
    /// validation set is the one reported, and lower than that of the last epoch run.
    #[test]
    fn early_stopping_keeps_the_best_validation_error() {
        let all = samples();
        // Few training samples and no penalty: the fit overfits them.
        let (train, validation) = all.split_at(300);
        let settings = FitSettings {
            epochs: 400,
            learning_rate: 0.2,
            l2: 0.0,
            patience: 30,
            batch: 0,
            decay: 1.0,
        };
        let mut checks = Vec::new();
        let mut model = Model::new(vec![60, 30, 0], FAMILIES.to_vec());
        let report = model.fit(train, validation, &settings, 2, &mut |p| checks.push(p));
        let kept = checks
            .iter()
            .find(|p| p.epoch == report.kept_epoch)
            .expect("the kept epoch was checked");
        let last = checks.last().expect("checks");
        assert!(report.epochs < 400, "stopped early at {}", report.epochs);
        assert_eq!(report.epochs - report.kept_epoch, 30);
        assert_eq!(last.best_epoch, report.kept_epoch);
        assert!(kept.validation.unwrap() < last.validation.unwrap());
        let errors = errors_by_phase(&model, validation);
        assert!((overall_error(&errors) - report.validation.unwrap()).abs() < 1e-4);
        // Every check after the kept epoch was no better.
        for p in checks.iter().filter(|p| p.epoch > report.kept_epoch) {
            assert!(p.validation.unwrap() >= kept.validation.unwrap());
        }
    }
}
