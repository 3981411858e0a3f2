//! The explorers CGA is compared with (Heron §7.4): random search, a plain
//! genetic algorithm and simulated annealing, on the same budget and seed.
//!
//! - [`RandomSearch`] measures RandSAT samples: valid, unguided.
//! - [`PlainGa`] is the GA of §2.3 as AutoTVM runs it: roulette selection
//!   on measured cost, uniform crossover and per-gene mutation on concrete
//!   key values. It does not know the constraints: a child's auxiliary
//!   variables are completed by the solver, and a child with no completion
//!   is invalid, discarded without being measured and counted
//!   ([`crate::Outcome::discarded`]).
//! - [`Annealing`] moves to a neighbour, the current point with one key
//!   variable changed. Changing one split factor usually breaks its
//!   product, so the neighbour is repaired through the solver: the other
//!   key variables are pinned to their current values, and the pins in the
//!   unsatisfiable core ([`strata_constraints::Solver::explain`]) are
//!   released until the problem is satisfiable; a RandSAT solution of what
//!   is left is the neighbour. Metropolis acceptance on `ln(cost)`
//!   with a temperature falling geometrically over the budget.

use crate::explorer::{fitness, fresh_samples, rng, roulette, Explorer, KeyValues, STALL_LIMIT};
use crate::space::{Candidate, Space};
use crate::trials::{ExploreError, Trials};
use rand::Rng;

/// RandSAT samples, measured in batches.
pub struct RandomSearch {
    pub batch: usize,
}

impl Default for RandomSearch {
    fn default() -> Self {
        RandomSearch { batch: 16 }
    }
}

impl Explorer for RandomSearch {
    fn name(&self) -> &str {
        "random"
    }

    fn explore(&mut self, trials: &mut Trials<'_>) -> Result<(), ExploreError> {
        let mut rng = rng(trials.seed());
        while !trials.done() {
            let batch = fresh_samples(trials, &[], self.batch.min(trials.remaining()), &mut rng);
            if batch.is_empty() {
                break;
            }
            trials.measure(&batch)?;
        }
        Ok(())
    }
}

/// A genetic algorithm on concrete key values (see the module docs).
pub struct PlainGa {
    /// Parents kept (the best measured) and children measured per generation.
    pub population: usize,
    /// Probability that a child's key variable takes a random value.
    pub mutation: f64,
}

impl Default for PlainGa {
    /// AutoTVM's GA tuner mutates each gene with probability 0.1.
    fn default() -> Self {
        PlainGa {
            population: 16,
            mutation: 0.1,
        }
    }
}

impl Explorer for PlainGa {
    fn name(&self) -> &str {
        "ga"
    }

    fn explore(&mut self, trials: &mut Trials<'_>) -> Result<(), ExploreError> {
        let space = trials.space();
        let mut rng = rng(trials.seed());
        let values = KeyValues::learn(space, &mut rng);
        let first = fresh_samples(
            trials,
            &[],
            self.population.min(trials.remaining()),
            &mut rng,
        );
        if first.is_empty() {
            return Ok(());
        }
        trials.measure(&first)?;
        while !trials.done() {
            let mut parents: Vec<(f64, Candidate)> = trials
                .history()
                .iter()
                .filter_map(|(c, m)| m.cost().map(|x| (x, c.clone())))
                .collect();
            parents.sort_by(|a, b| a.0.total_cmp(&b.0));
            parents.truncate(self.population);
            if parents.is_empty() {
                let batch = fresh_samples(trials, &[], self.population, &mut rng);
                if batch.is_empty() {
                    break;
                }
                trials.measure(&batch)?;
                continue;
            }
            let costs: Vec<f64> = parents.iter().map(|p| p.0).collect();
            let wheel = fitness(&costs);
            let want = self.population.min(trials.remaining());
            let mut children: Vec<Candidate> = Vec::new();
            let mut stall = 0;
            let mut discarded = 0;
            while children.len() < want && stall < STALL_LIMIT {
                let pick = roulette(&wheel, 2, &mut rng);
                let (a, b) = (&parents[pick[0]].1, &parents[pick[1]].1);
                let genes: Vec<i64> = space
                    .keys()
                    .iter()
                    .enumerate()
                    .map(|(i, &k)| {
                        let g = if rng.gen::<bool>() {
                            a.get(k)
                        } else {
                            b.get(k)
                        };
                        if rng.gen::<f64>() < self.mutation {
                            values.other(i, g, &mut rng).unwrap_or(g)
                        } else {
                            g
                        }
                    })
                    .collect();
                match space.complete(&genes) {
                    Some(c) if !trials.is_measured(&c) && !children.contains(&c) => {
                        children.push(c);
                        stall = 0;
                    }
                    Some(_) => stall += 1,
                    None => {
                        discarded += 1;
                        stall += 1;
                    }
                }
            }
            trials.discard(discarded);
            if children.is_empty() {
                // The parents' neighbourhood is exhausted: fresh blood.
                children = fresh_samples(trials, &[], want, &mut rng);
                if children.is_empty() {
                    break;
                }
            }
            trials.measure(&children)?;
        }
        Ok(())
    }
}

/// Simulated annealing with solver-repaired neighbours (see the module docs).
pub struct Annealing {
    /// Temperature at the first trial and at the last, on `ln(cost)`.
    pub start_temperature: f64,
    pub end_temperature: f64,
}

impl Default for Annealing {
    /// A move that doubles the cost is accepted with probability
    /// `exp(-ln 2 / T)`: 0.5 at the start (T = 1), 10^-30 at the end.
    fn default() -> Self {
        Annealing {
            start_temperature: 1.0,
            end_temperature: 0.02,
        }
    }
}

/// A neighbour of `current`: key `i` set to `value`, repaired (see the
/// module docs); `None` when `value` fits no valid point.
fn neighbour(
    space: &Space,
    current: &Candidate,
    i: usize,
    value: i64,
    seed: u64,
) -> Option<Candidate> {
    let keys = space.keys();
    let mut csp = space.problem().clone();
    csp.is_in(keys[i], &[value]);
    let mut pins: Vec<_> = keys
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(_, &k)| csp.is_in(k, &[current.get(k)]))
        .collect();
    loop {
        match Space::solver(&csp).explain().ok()? {
            None => return space.sample_of(&csp, seed).ok().flatten(),
            Some(conflict) => {
                let released: Vec<_> = pins
                    .iter()
                    .copied()
                    .filter(|id| conflict.constraints.contains(id))
                    .collect();
                if released.is_empty() {
                    // `value` itself conflicts with the space.
                    return None;
                }
                for id in released {
                    csp.remove(id);
                }
                pins.retain(|&id| csp.constraint(id).is_some());
            }
        }
    }
}

impl Explorer for Annealing {
    fn name(&self) -> &str {
        "anneal"
    }

    fn explore(&mut self, trials: &mut Trials<'_>) -> Result<(), ExploreError> {
        let space = trials.space();
        let mut rng = rng(trials.seed());
        let values = KeyValues::learn(space, &mut rng);
        let mut current: Option<(Candidate, f64)> = None;
        let mut stall = 0;
        let budget = trials.remaining().max(1) as f64;
        while !trials.done() && stall < STALL_LIMIT {
            let Some((cur, cur_cost)) = current.clone() else {
                let Some(start) = fresh_samples(trials, &[], 1, &mut rng).pop() else {
                    break;
                };
                let m = trials.measure(std::slice::from_ref(&start))?[0].1.clone();
                current = m.cost().map(|c| (start, c));
                continue;
            };
            let i = rng.gen_range(0..space.keys().len());
            let Some(value) = values.other(i, cur.get(space.keys()[i]), &mut rng) else {
                stall += 1;
                continue;
            };
            let Some(next) = neighbour(space, &cur, i, value, rng.gen()) else {
                stall += 1;
                continue;
            };
            let cost = match trials.measurement(&next) {
                Some(m) => {
                    stall += 1;
                    m.cost()
                }
                None => {
                    stall = 0;
                    trials.measure(std::slice::from_ref(&next))?[0].1.cost()
                }
            };
            let Some(cost) = cost else { continue };
            let progress = trials.history().len() as f64 / budget;
            let t = self.start_temperature
                * (self.end_temperature / self.start_temperature).powf(progress.min(1.0));
            let delta = if cost > 0.0 && cur_cost > 0.0 {
                (cost / cur_cost).ln()
            } else {
                cost - cur_cost
            };
            if delta <= 0.0 || rng.gen::<f64>() < (-delta / t).exp() {
                current = Some((next, cost));
            }
        }
        Ok(())
    }
}
