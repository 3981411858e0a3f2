//! Cost models: predict a candidate's cost from its key variables, learned
//! from the measurements so far.
//!
//! CGA (Heron §5) uses the model twice: its predictions are the fitness of
//! roulette selection and of ε-greedy measurement choice, and its feature
//! importance picks the key variables crossover constrains. [`GbtModel`] is
//! Heron's choice (gradient-boosted trees, XGBoost in the paper) built on
//! the `forust-ml` crate: pure Rust, an XGBoost-style booster (second-order
//! gradients, histogram splits, L2-regularised leaves) with gain-based
//! feature importance and single-threaded deterministic training, so a run
//! is reproducible from its seed and a resumed run retrains exactly the same
//! model. `lightgbm` needs system libraries; `gbdt` has no feature
//! importance; `perpetual` is a release candidate at the time of writing.
//!
//! Features are each key variable's value and `log2(1 + |value|)` (tile
//! sizes act multiplicatively; trees split on either). The target is
//! `ln(cost)` when every cost is positive, so that a model fitted on costs
//! spanning orders of magnitude ranks the good end well; invalid
//! measurements are trained as twice the worst valid cost, so the model
//! learns to avoid their region.

use crate::measure::Measurement;
use crate::space::{Candidate, Space};
use forust_ml::gradientbooster::ImportanceMethod;
use forust_ml::objective::ObjectiveType;
use forust_ml::{GradientBooster, Matrix};

/// Predicts costs (lower is better) of candidates of one space.
pub trait CostModel {
    /// Retrain on every measurement so far.
    fn fit(&mut self, space: &Space, data: &[(Candidate, Measurement)]);
    /// A score per candidate, ordered like cost (lower is better); equal
    /// for all before any training.
    fn predict(&self, space: &Space, candidates: &[Candidate]) -> Vec<f64>;
    /// One importance per key variable (in `space.keys()` order), or `None`
    /// when the model has none yet.
    fn importance(&self, space: &Space) -> Option<Vec<f64>>;
}

/// Trees in the ensemble, their depth and learning rate: XGBoost's usual
/// small-data settings; AutoTVM's cost model uses depth 6 and rate 0.1 with
/// hundreds of rounds on thousands of rows, while a tuner here retrains on
/// tens to hundreds of rows after every batch.
const TREES: usize = 60;
const DEPTH: usize = 4;
const LEARNING_RATE: f32 = 0.2;
/// Fewer measurements than this and the model keeps predicting a constant.
const MIN_ROWS: usize = 4;

/// Gradient-boosted regression trees (see the module docs).
#[derive(Default)]
pub struct GbtModel {
    booster: Option<GradientBooster>,
}

impl GbtModel {
    pub fn new() -> GbtModel {
        GbtModel::default()
    }
}

/// Column-major features: value and log2(1 + |value|) per key variable.
fn features(space: &Space, candidates: &[Candidate]) -> Vec<f64> {
    let mut data = Vec::with_capacity(candidates.len() * space.keys().len() * 2);
    for &k in space.keys() {
        data.extend(candidates.iter().map(|c| c.get(k) as f64));
        data.extend(
            candidates
                .iter()
                .map(|c| (1.0 + (c.get(k) as f64).abs()).log2()),
        );
    }
    data
}

/// The training target of each measurement (see the module docs).
pub(crate) fn targets(data: &[(Candidate, Measurement)]) -> Vec<f64> {
    let costs: Vec<f64> = data.iter().filter_map(|(_, m)| m.cost()).collect();
    let log = !costs.is_empty() && costs.iter().all(|&c| c > 0.0);
    let scale = |c: f64| if log { c.ln() } else { c };
    let worst = costs
        .iter()
        .copied()
        .map(scale)
        .fold(f64::NEG_INFINITY, f64::max);
    let best = costs
        .iter()
        .copied()
        .map(scale)
        .fold(f64::INFINITY, f64::min);
    let penalty = if costs.is_empty() {
        1.0
    } else {
        worst + (worst - best).abs().max(1.0)
    };
    data.iter()
        .map(|(_, m)| m.cost().map_or(penalty, scale))
        .collect()
}

impl CostModel for GbtModel {
    fn fit(&mut self, space: &Space, data: &[(Candidate, Measurement)]) {
        if data.len() < MIN_ROWS {
            self.booster = None;
            return;
        }
        let candidates: Vec<Candidate> = data.iter().map(|(c, _)| c.clone()).collect();
        let x = features(space, &candidates);
        let y = targets(data);
        let matrix = Matrix::new(&x, candidates.len(), space.keys().len() * 2);
        let mut booster = GradientBooster::default()
            .set_objective_type(ObjectiveType::SquaredLoss)
            .set_iterations(TREES)
            .set_max_depth(DEPTH)
            .set_learning_rate(LEARNING_RATE)
            .set_min_leaf_weight(1.0)
            .set_parallel(false);
        self.booster = booster
            .fit_unweighted(&matrix, &y, None)
            .ok()
            .map(|()| booster);
    }

    fn predict(&self, space: &Space, candidates: &[Candidate]) -> Vec<f64> {
        match &self.booster {
            None => vec![0.0; candidates.len()],
            Some(b) if !candidates.is_empty() => {
                let x = features(space, candidates);
                b.predict(
                    &Matrix::new(&x, candidates.len(), space.keys().len() * 2),
                    false,
                )
            }
            Some(_) => Vec::new(),
        }
    }

    fn importance(&self, space: &Space) -> Option<Vec<f64>> {
        let b = self.booster.as_ref()?;
        let by_feature = b.calculate_feature_importance(ImportanceMethod::TotalGain, false);
        let mut per_key = vec![0.0; space.keys().len()];
        for (feature, gain) in by_feature {
            if let Some(slot) = per_key.get_mut(feature / 2) {
                *slot += gain as f64;
            }
        }
        per_key.iter().any(|&g| g > 0.0).then_some(per_key)
    }
}
