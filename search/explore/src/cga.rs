//! Heron's constraint-based genetic algorithm (CGA, §5, Algorithms 2 and 3).
//!
//! A plain GA crosses and mutates concrete values and so makes invalid
//! offspring whenever parameters are coupled (a split's factors must
//! multiply to the extent; tiles must fit in shared memory). CGA crosses
//! and mutates *problems* instead: a child of `c1` and `c2` is a RandSAT
//! solution of `CSP_initial` plus `IN(v, [c1_v, c2_v])` for each selected
//! key variable `v`, with one of those constraints dropped (mutation). Every
//! child satisfies `CSP_initial` by construction, and keeps its parents'
//! values where they matter.
//!
//! One iteration of Algorithm 2:
//!
//! 1. the population is the best measured candidates plus RandSAT samples;
//! 2. for `generations` rounds: roulette selection on the cost model's
//!    predicted fitness, then Algorithm 3 makes `population` children,
//!    which join the selected parents;
//! 3. ε-greedy picks `batch` unmeasured members to measure: the best
//!    predicted, or with probability ε a random one;
//! 4. the cost model is retrained on every measurement so far.
//!
//! Algorithm 3's key variables are the top `crossover_keys` of the space's
//! key variables by the model's feature importance (a random choice of them
//! until the model has been trained, the paper's CGA-1).

use crate::explorer::{fitness, fresh_samples, rng, roulette, ExploreRng, Explorer};
use crate::model::{CostModel, GbtModel};
use crate::space::{Candidate, Space};
use crate::trials::{ExploreError, Trials};
use rand::seq::SliceRandom;
use rand::Rng;
use strata_constraints::{SearchError, Var};

/// CGA's parameters.
#[derive(Clone, Debug)]
pub struct CgaConfig {
    /// Population size, and children per generation (Algorithm 3's `N`).
    pub population: usize,
    /// Generations per iteration of Algorithm 2.
    pub generations: usize,
    /// Candidates measured per iteration.
    pub batch: usize,
    /// Probability that an ε-greedy pick is random rather than the best predicted.
    pub epsilon: f64,
    /// Best measured candidates carried into the next iteration's population.
    pub elite: usize,
    /// Key variables constrained by crossover (top-k by importance); `None`
    /// is half of the space's key variables, rounded up.
    pub crossover_keys: Option<usize>,
}

impl Default for CgaConfig {
    /// Heron does not publish its settings; these are AutoTVM's ε (0.05
    /// there, 0.1 here for the smaller budgets) and a population that keeps
    /// one iteration (4 generations of 64 children) well under the cost of
    /// one hardware measurement.
    fn default() -> CgaConfig {
        CgaConfig {
            population: 64,
            generations: 4,
            batch: 16,
            epsilon: 0.1,
            elite: 16,
            crossover_keys: None,
        }
    }
}

/// A child made by Algorithm 3 and RandSAT.
#[derive(Clone, Debug)]
pub struct Child {
    pub candidate: Candidate,
    /// Its parents' positions in the population it was bred from.
    pub parents: [usize; 2],
    /// The key variables whose `IN` constraint survived mutation: the child
    /// takes one of its parents' values on each.
    pub inherited: Vec<Var>,
}

/// What breeding one generation did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Breeding {
    /// Children RandSAT found.
    pub children: usize,
    /// Crossover CSPs RandSAT proved unsatisfiable (impossible when the
    /// parents are valid: each parent satisfies its CSP).
    pub unsatisfiable: usize,
    /// Crossover CSPs whose sampling ran out of budget.
    pub out_of_budget: usize,
    /// Solutions of a crossover CSP that failed `CSP_initial`'s check
    /// (impossible: the CSP contains `CSP_initial`).
    pub rejected: usize,
}

/// The constraint-based genetic algorithm with a cost model.
pub struct Cga<M: CostModel = GbtModel> {
    pub config: CgaConfig,
    pub model: M,
}

impl Cga<GbtModel> {
    /// CGA with the default settings and gradient-boosted trees.
    pub fn new() -> Cga<GbtModel> {
        Cga {
            config: CgaConfig::default(),
            model: GbtModel::new(),
        }
    }
}

impl Default for Cga<GbtModel> {
    fn default() -> Self {
        Cga::new()
    }
}

impl<M: CostModel> Cga<M> {
    /// Algorithm 3's step 1: the key variables crossover constrains.
    pub fn crossover_vars(&self, space: &Space, rng: &mut ExploreRng) -> Vec<Var> {
        let keys = space.keys();
        let k = self
            .config
            .crossover_keys
            .unwrap_or(keys.len().div_ceil(2))
            .clamp(1, keys.len());
        match self.model.importance(space) {
            Some(importance) => {
                let mut order: Vec<usize> = (0..keys.len()).collect();
                order.sort_by(|&a, &b| importance[b].total_cmp(&importance[a]).then(a.cmp(&b)));
                order[..k].iter().map(|&i| keys[i]).collect()
            }
            None => keys.choose_multiple(rng, k).copied().collect(),
        }
    }

    /// Algorithm 3 followed by RandSAT: `n` children of `population`.
    pub fn breed(
        &self,
        space: &Space,
        population: &[Candidate],
        n: usize,
        rng: &mut ExploreRng,
    ) -> (Vec<Child>, Breeding) {
        let mut stats = Breeding::default();
        let mut children = Vec::new();
        if population.is_empty() {
            return (children, stats);
        }
        for _ in 0..n {
            let vars = self.crossover_vars(space, rng);
            let parents = [
                rng.gen_range(0..population.len()),
                rng.gen_range(0..population.len()),
            ];
            let (c1, c2) = (&population[parents[0]], &population[parents[1]]);
            let mut csp = space.problem().clone();
            let mut added: Vec<(Var, _)> = vars
                .iter()
                .map(|&v| (v, csp.is_in(v, &[c1.get(v), c2.get(v)])))
                .collect();
            let (_, dropped) = added.remove(rng.gen_range(0..added.len()));
            csp.remove(dropped);
            match Space::solver(&csp).sample(rng.gen()) {
                Ok(Some(a)) => match space.candidate(a.values()) {
                    Some(candidate) => {
                        stats.children += 1;
                        children.push(Child {
                            candidate,
                            parents,
                            inherited: added.iter().map(|&(v, _)| v).collect(),
                        });
                    }
                    None => stats.rejected += 1,
                },
                Ok(None) => stats.unsatisfiable += 1,
                Err(SearchError::NodeLimit { .. } | SearchError::PropagationLimit { .. }) => {
                    stats.out_of_budget += 1
                }
                Err(SearchError::Overflow(_)) => stats.unsatisfiable += 1,
            }
        }
        (children, stats)
    }

    /// Algorithm 2's step 2 from a population: `generations` rounds of
    /// roulette selection on predicted fitness and breeding.
    pub fn evolve(
        &self,
        space: &Space,
        mut population: Vec<Candidate>,
        rng: &mut ExploreRng,
    ) -> (Vec<Candidate>, Breeding) {
        let mut total = Breeding::default();
        for _ in 0..self.config.generations {
            if population.is_empty() {
                break;
            }
            let predicted = self.model.predict(space, &population);
            let picks = roulette(&fitness(&predicted), self.config.population, rng);
            let mut selected: Vec<Candidate> = Vec::with_capacity(picks.len());
            for i in picks {
                if !selected.contains(&population[i]) {
                    selected.push(population[i].clone());
                }
            }
            let (children, stats) = self.breed(space, &selected, self.config.population, rng);
            total.children += stats.children;
            total.unsatisfiable += stats.unsatisfiable;
            total.out_of_budget += stats.out_of_budget;
            total.rejected += stats.rejected;
            population = selected;
            for child in children {
                if !population.contains(&child.candidate) {
                    population.push(child.candidate);
                }
            }
        }
        (population, total)
    }

    /// Algorithm 2's step 3: ε-greedy choice of `n` of `candidates`.
    fn epsilon_greedy(
        &self,
        space: &Space,
        candidates: Vec<Candidate>,
        n: usize,
        rng: &mut ExploreRng,
    ) -> Vec<Candidate> {
        let predicted = self.model.predict(space, &candidates);
        let mut order: Vec<usize> = (0..candidates.len()).collect();
        order.sort_by(|&a, &b| predicted[a].total_cmp(&predicted[b]).then(a.cmp(&b)));
        let mut ranked: Vec<Candidate> = order.into_iter().map(|i| candidates[i].clone()).collect();
        let mut chosen = Vec::new();
        while chosen.len() < n && !ranked.is_empty() {
            let i = if rng.gen::<f64>() < self.config.epsilon {
                rng.gen_range(0..ranked.len())
            } else {
                0
            };
            chosen.push(ranked.remove(i));
        }
        chosen
    }
}

impl<M: CostModel> Explorer for Cga<M> {
    fn name(&self) -> &str {
        "cga"
    }

    fn explore(&mut self, trials: &mut Trials<'_>) -> Result<(), ExploreError> {
        let space = trials.space();
        let mut rng = rng(trials.seed());
        // A run depends on its seed and its measurements only, not on an
        // earlier run of the same explorer.
        self.model.fit(space, trials.history());
        while !trials.done() {
            // Step 1: the best measured so far, and RandSAT samples.
            let mut measured: Vec<(f64, Candidate)> = trials
                .history()
                .iter()
                .filter_map(|(c, m)| m.cost().map(|x| (x, c.clone())))
                .collect();
            measured.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut population: Vec<Candidate> = measured
                .into_iter()
                .take(self.config.elite)
                .map(|(_, c)| c)
                .collect();
            let random = fresh_samples(
                trials,
                &population,
                self.config.population.saturating_sub(population.len()),
                &mut rng,
            );
            population.extend(random);
            // Step 2: evolve.
            let (population, _) = self.evolve(space, population, &mut rng);
            // Step 3: ε-greedy among the unmeasured.
            let unmeasured: Vec<Candidate> = population
                .into_iter()
                .filter(|c| !trials.is_measured(c))
                .collect();
            let n = self.config.batch.min(trials.remaining());
            let mut batch = self.epsilon_greedy(space, unmeasured, n, &mut rng);
            if batch.len() < n {
                let more = fresh_samples(trials, &batch, n - batch.len(), &mut rng);
                batch.extend(more);
            }
            if batch.is_empty() {
                break;
            }
            trials.measure(&batch)?;
            // Step 4: retrain.
            self.model.fit(space, trials.history());
        }
        Ok(())
    }
}
