//! What every explorer shares: the trait, running one, seeded randomness,
//! roulette-wheel selection and the candidate values of each key variable.

use crate::log::TuningLog;
use crate::measure::Measurer;
use crate::space::{Candidate, Space};
use crate::trials::{ExploreError, Outcome, Trials};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use strata_constraints::CHOICE_LIMIT;

/// The seeded generator of every explorer: ChaCha8, whose output is fixed
/// by its specification, so a seed means the same run on every machine.
pub type ExploreRng = ChaCha8Rng;

/// A generator for `seed`.
pub fn rng(seed: u64) -> ExploreRng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// Attempts in a row that yield no new candidate before an explorer
/// concludes the space (or the part it can reach) is exhausted and stops
/// short of its budget. Figure 5's space has 28 points; a budget of 100
/// ends this way.
pub const STALL_LIMIT: usize = 200;

/// A search strategy that spends a measurement budget.
pub trait Explorer {
    /// The name the log records (`cga`, `random`, `ga`, `anneal`).
    fn name(&self) -> &str;
    /// Measure through `trials` until its budget is spent or the explorer
    /// can find nothing new; all randomness comes from `trials.seed()`.
    fn explore(&mut self, trials: &mut Trials<'_>) -> Result<(), ExploreError>;
}

/// Run `explorer` on `space` for `budget` measurements with `seed`,
/// continuing the run `log` holds, if any.
pub fn tune(
    space: &Space,
    explorer: &mut dyn Explorer,
    measurer: &mut dyn Measurer,
    budget: usize,
    seed: u64,
    log: Option<&mut TuningLog>,
) -> Result<Outcome, ExploreError> {
    let name = explorer.name().to_string();
    let mut trials = Trials::new(space, measurer, budget, &name, seed, log)?;
    explorer.explore(&mut trials)?;
    Ok(trials.outcome())
}

/// Roulette-wheel fitness from costs (lower is better): `max - cost` plus a
/// floor of 5% of the spread, so the worst keeps a small chance; uniform
/// when all are equal.
pub fn fitness(costs: &[f64]) -> Vec<f64> {
    let max = costs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let min = costs.iter().copied().fold(f64::INFINITY, f64::min);
    let spread = max - min;
    if !(spread.is_finite() && spread > 0.0) {
        return vec![1.0; costs.len()];
    }
    costs.iter().map(|&c| max - c + 0.05 * spread).collect()
}

/// `n` indices drawn with replacement, each with probability proportional
/// to its fitness (the roulette wheel of §2.3).
pub fn roulette(fitness: &[f64], n: usize, rng: &mut ExploreRng) -> Vec<usize> {
    let total: f64 = fitness.iter().sum();
    if fitness.is_empty() {
        return Vec::new();
    }
    (0..n)
        .map(|_| {
            let mut x = rng.gen::<f64>() * total;
            for (i, &f) in fitness.iter().enumerate() {
                if x < f {
                    return i;
                }
                x -= f;
            }
            fitness.len() - 1
        })
        .collect()
}

/// RandSAT samples from the space that are not measured yet and not in
/// `avoid`, at most `n`, giving up after [`STALL_LIMIT`] failed draws.
pub fn fresh_samples(
    trials: &Trials<'_>,
    avoid: &[Candidate],
    n: usize,
    rng: &mut ExploreRng,
) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = Vec::new();
    let mut stall = 0;
    while out.len() < n && stall < STALL_LIMIT {
        match trials.space().sample(rng.gen()) {
            Ok(Some(c)) if !trials.is_measured(&c) && !out.contains(&c) && !avoid.contains(&c) => {
                out.push(c);
                stall = 0;
            }
            _ => stall += 1,
        }
    }
    out
}

/// Samples drawn to learn each key variable's values.
const VALUE_SAMPLES: usize = 256;

/// The values each key variable can take, for explorers that edit concrete
/// values (the plain GA's mutation, annealing's neighbours): the whole
/// domain when it has at most [`CHOICE_LIMIT`] values, else the values seen
/// in RandSAT samples, as AutoTVM's knobs list each split's factorisations.
pub struct KeyValues(pub Vec<Vec<i64>>);

impl KeyValues {
    pub fn learn(space: &Space, rng: &mut ExploreRng) -> KeyValues {
        let samples: Vec<Candidate> = (0..VALUE_SAMPLES)
            .filter_map(|_| space.sample(rng.gen()).ok().flatten())
            .collect();
        KeyValues(
            space
                .keys()
                .iter()
                .map(|&k| {
                    let d = space.problem().domain(k);
                    let mut vs: Vec<i64> = if d.size() <= CHOICE_LIMIT {
                        d.iter().collect()
                    } else {
                        samples.iter().map(|c| c.get(k)).collect()
                    };
                    vs.sort_unstable();
                    vs.dedup();
                    vs
                })
                .collect(),
        )
    }

    /// A value of key `i` other than `current`, if it has one.
    pub fn other(&self, i: usize, current: i64, rng: &mut ExploreRng) -> Option<i64> {
        let vs: Vec<i64> = self.0[i]
            .iter()
            .copied()
            .filter(|&v| v != current)
            .collect();
        (!vs.is_empty()).then(|| vs[rng.gen_range(0..vs.len())])
    }
}
