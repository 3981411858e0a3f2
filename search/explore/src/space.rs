//! A schedule space: a constraint problem and the variables a tuner chooses.
//!
//! Heron's `CSP_initial` declares tunable parameters (split factors, compute
//! locations, unroll lengths) and auxiliary quantities derived from them
//! (loop extents, buffer sizes). A [`Space`] names the tunable ones, its
//! *key variables*: they are the chromosome, the cost model's features and
//! what crossover and annealing edit. A [`Candidate`] is a value for every
//! variable, and the only way to make one is through the problem's exact
//! check ([`Problem::satisfied_by`]), so holding a `Candidate` means holding
//! a valid point: an explorer cannot hand an invalid schedule to a measurer.

use strata_constraints::{Assignment, Budget, Problem, SearchError, Solver, Var};
use thiserror::Error;

/// Work allowed to one solver call made while exploring (one RandSAT
/// sample, one repair): small spaces need thousands of nodes, the GEMM
/// space tens; a call that runs out is a failed offspring, not a hang.
pub const SOLVER_BUDGET: u64 = 200_000;

/// Why a space cannot be built.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SpaceError {
    #[error("unknown key variable '{0}'")]
    UnknownVariable(String),
    #[error("a space needs at least one key variable")]
    NoKeys,
    #[error("key variable '{0}' listed twice")]
    DuplicateKey(String),
}

/// A constraint problem and its key (tunable) variables.
#[derive(Clone, Debug)]
pub struct Space {
    problem: Problem,
    keys: Vec<Var>,
}

/// A valid point of a [`Space`]: a value for every variable, checked
/// against every domain and constraint when it was made.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Candidate {
    values: Vec<i64>,
}

impl Candidate {
    /// The value of a variable.
    pub fn get(&self, v: Var) -> i64 {
        self.values[v.index()]
    }

    /// The values, one per variable of the problem in creation order.
    pub fn values(&self) -> &[i64] {
        &self.values
    }
}

impl Space {
    /// A space whose key variables are `keys`.
    pub fn new(problem: Problem, keys: &[Var]) -> Result<Space, SpaceError> {
        if keys.is_empty() {
            return Err(SpaceError::NoKeys);
        }
        for (i, k) in keys.iter().enumerate() {
            if keys[..i].contains(k) {
                return Err(SpaceError::DuplicateKey(problem.name(*k).to_string()));
            }
        }
        Ok(Space {
            problem,
            keys: keys.to_vec(),
        })
    }

    /// A space whose key variables are named.
    pub fn with_key_names(problem: Problem, names: &[&str]) -> Result<Space, SpaceError> {
        let keys = names
            .iter()
            .map(|n| {
                problem
                    .var_named(n)
                    .ok_or_else(|| SpaceError::UnknownVariable(n.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Space::new(problem, &keys)
    }

    /// `CSP_initial`.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The key variables, the chromosome.
    pub fn keys(&self) -> &[Var] {
        &self.keys
    }

    /// The candidate with these values (one per variable), if they satisfy
    /// every domain and constraint.
    pub fn candidate(&self, values: &[i64]) -> Option<Candidate> {
        self.problem.satisfied_by(values).then(|| Candidate {
            values: values.to_vec(),
        })
    }

    /// A solution of `problem` (this space's problem with constraints
    /// added) as a candidate of this space; `None` if it is not valid here.
    pub(crate) fn adopt(&self, a: Assignment) -> Option<Candidate> {
        self.candidate(a.values())
    }

    /// The key variables' values of a candidate.
    pub fn key_values(&self, c: &Candidate) -> Vec<i64> {
        self.keys.iter().map(|&k| c.get(k)).collect()
    }

    /// A solver for `problem` with the exploration budget.
    pub(crate) fn solver(problem: &Problem) -> Solver<'_> {
        Solver::new(problem).with_budget(Budget::nodes(SOLVER_BUDGET))
    }

    /// One RandSAT sample of `problem` (this space's problem, possibly with
    /// constraints added), checked against this space.
    pub(crate) fn sample_of(
        &self,
        problem: &Problem,
        seed: u64,
    ) -> Result<Option<Candidate>, SearchError> {
        Ok(Space::solver(problem)
            .sample(seed)?
            .and_then(|a| self.adopt(a)))
    }

    /// One RandSAT sample of the space.
    pub fn sample(&self, seed: u64) -> Result<Option<Candidate>, SearchError> {
        self.sample_of(&self.problem, seed)
    }

    /// The candidate whose key variables take `key_values`, the auxiliary
    /// variables completed by the solver; `None` when no valid point has
    /// those key values (or the completion ran out of budget).
    pub fn complete(&self, key_values: &[i64]) -> Option<Candidate> {
        let mut p = self.problem.clone();
        for (&k, &v) in self.keys.iter().zip(key_values) {
            p.is_in(k, &[v]);
        }
        Space::solver(&p)
            .solve()
            .ok()
            .flatten()
            .and_then(|a| self.adopt(a))
    }
}
