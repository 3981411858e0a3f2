//! The operations: solve, count, enumerate, optimise, sample (RandSAT) and
//! explain unsatisfiability.
//!
//! Each operation builds its own search engine with the search order it needs:
//! first-fail and ascending values to count and enumerate; to optimise,
//! choices ([`CHOICE_LIMIT`](crate::CHOICE_LIMIT)) before derived
//! quantities, the objective's variables first within each, values in the
//! objective's direction (so good solutions come early and the bound prunes
//! sooner), and each choice point re-propagated when the bound has risen
//! since it was entered; random variables and values with restarts to sample.
//! Each runs under the solver's [`Budget`]; the budget applies per
//! operation (per sample for a sampler, per consistency check when
//! explaining).
//!
//! # How uniform RandSAT is
//!
//! A sample is the first solution of a depth-first search that picks the
//! next variable uniformly among the unfixed ones with at most
//! [`CHOICE_LIMIT`](crate::CHOICE_LIMIT) values left (derived quantities with large
//! ranges are fixed by propagation instead) and tries its values in a
//! uniformly random order, propagating after each choice. After
//! [`FIRST_RESTART`] failed values it restarts from the root with fresh
//! random choices, the allowance doubling at each restart, so the search
//! stays complete and proves unsatisfiability when there is no solution.
//! This is Heron's RandSAT: a randomised solver run, not a uniform sampler.
//!
//! A solution's probability is the product, along its branch, of
//! `1 / (values left for the chosen variable)`, averaged over the variable
//! orders (and skewed further by failed values), so solutions in sparse
//! parts of the tree are drawn more often. With `x <= y` over `1..5` (15
//! solutions, 1/15 = 0.067 each if uniform), `(1, 1)` and `(5, 5)` each come
//! with probability `(1/5 + 1/25) / 2 = 0.12` and `(1, 5)` with
//! `1/25 = 0.04`; a test measures exactly this. Sampling is exactly uniform
//! when every value left at each choice leads to as many solutions, as for
//! the divisor splits `PROD(64, [a, b])` (also measured).

use crate::problem::{Assignment, ConstraintId, Linear, Problem, Var};
use crate::propagate::Objective;
use crate::search::{Budget, Config, Engine, Restarts, SearchError, ValueOrder, VarOrder};
use std::fmt;

/// Failed values before RandSAT's first restart.
pub const FIRST_RESTART: u64 = 64;

/// The best value of an objective and a solution reaching it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimum {
    pub value: i128,
    pub assignment: Assignment,
}

/// A minimal set of constraints that has no solution together (with the
/// variables' domains): removing any one of them leaves a satisfiable set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    pub constraints: Vec<ConstraintId>,
}

impl Conflict {
    /// One line per constraint: its textual form, and its line when parsed.
    pub fn display<'a>(&'a self, problem: &'a Problem) -> impl fmt::Display + 'a {
        DisplayConflict {
            conflict: self,
            problem,
        }
    }
}

struct DisplayConflict<'a> {
    conflict: &'a Conflict,
    problem: &'a Problem,
}

impl fmt::Display for DisplayConflict<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &id in &self.conflict.constraints {
            let text = self
                .problem
                .constraint(id)
                .map(|c| self.problem.display_constraint(c).to_string());
            match self.problem.line_of(id) {
                Some(line) => write!(f, "line {line}: ")?,
                None => write!(f, "constraint #{}: ", id.index())?,
            }
            writeln!(f, "{}", text.as_deref().unwrap_or("(removed)"))?;
        }
        Ok(())
    }
}

/// Runs operations on a [`Problem`] under a [`Budget`].
#[derive(Clone, Debug)]
pub struct Solver<'p> {
    problem: &'p Problem,
    budget: Budget,
    active: Vec<ConstraintId>,
}

impl<'p> Solver<'p> {
    /// A solver for every constraint of `problem`, with [`Budget::DEFAULT`].
    pub fn new(problem: &'p Problem) -> Solver<'p> {
        Solver {
            problem,
            budget: Budget::DEFAULT,
            active: problem.constraints().map(|(id, _)| id).collect(),
        }
    }

    /// The same solver with another budget.
    pub fn with_budget(mut self, budget: Budget) -> Solver<'p> {
        self.budget = budget;
        self
    }

    fn engine(
        &self,
        active: &[ConstraintId],
        objective: Option<Objective>,
        config: Config,
    ) -> Engine<'p> {
        Engine::new(self.problem, active, objective, config)
    }

    fn assignment(engine: &Engine<'_>) -> Assignment {
        Assignment {
            values: engine.values(),
        }
    }

    /// A solution, or `None` when there is none.
    pub fn solve(&self) -> Result<Option<Assignment>, SearchError> {
        let mut e = self.engine(&self.active, None, Config::new(self.budget));
        Ok(e.next_solution()?.then(|| Self::assignment(&e)))
    }

    /// The number of solutions.
    ///
    /// The constraints are split into independent groups (no variable in
    /// common); each group's solutions are counted by search and the counts
    /// multiplied, as are the domain sizes of variables no constraint
    /// mentions. Loop splits of different loops are such groups, so a
    /// schedule space of 10^12 points may take milliseconds.
    pub fn count(&self) -> Result<u128, SearchError> {
        let overflow = SearchError::Overflow("the solution count");
        let (groups, free) = self.independent_groups();
        let mut total: u128 = 1;
        for v in free {
            total = total
                .checked_mul(self.problem.domain(v).size())
                .ok_or(overflow.clone())?;
        }
        let mut used = Budget {
            nodes: 0,
            propagations: 0,
        };
        for group in groups {
            let left = Budget {
                nodes: self.budget.nodes - used.nodes,
                propagations: self.budget.propagations - used.propagations,
            };
            let mut config = Config::new(left);
            config.constrained_only = true;
            let mut e = self.engine(&group, None, config);
            let mut n: u128 = 0;
            loop {
                match e.next_solution() {
                    Ok(true) => n += 1,
                    Ok(false) => break,
                    Err(SearchError::NodeLimit { .. }) => {
                        return Err(SearchError::NodeLimit {
                            limit: self.budget.nodes,
                        })
                    }
                    Err(SearchError::PropagationLimit { .. }) => {
                        return Err(SearchError::PropagationLimit {
                            limit: self.budget.propagations,
                        })
                    }
                    Err(other) => return Err(other),
                }
            }
            if n == 0 {
                return Ok(0);
            }
            used.nodes += e.nodes();
            used.propagations += e.propagations();
            total = total.checked_mul(n).ok_or(overflow.clone())?;
        }
        Ok(total)
    }

    /// The active constraints in groups that share no variable, and the
    /// variables no active constraint mentions.
    fn independent_groups(&self) -> (Vec<Vec<ConstraintId>>, Vec<Var>) {
        let n = self.problem.num_vars();
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        let mut mentioned = vec![false; n];
        for &id in &self.active {
            let Some(c) = self.problem.constraint(id) else {
                continue;
            };
            let vars: Vec<usize> = c.vars().map(Var::index).collect();
            for &v in &vars {
                mentioned[v] = true;
                let (a, b) = (root(&mut parent, vars[0]), root(&mut parent, v));
                parent[a] = b;
            }
        }
        let mut groups: Vec<Vec<ConstraintId>> = Vec::new();
        let mut group_of_root: Vec<Option<usize>> = vec![None; n];
        for &id in &self.active {
            let Some(c) = self.problem.constraint(id) else {
                continue;
            };
            match c.vars().next() {
                None => groups.push(vec![id]),
                Some(v) => {
                    let r = root(&mut parent, v.index());
                    let g = *group_of_root[r].get_or_insert_with(|| {
                        groups.push(Vec::new());
                        groups.len() - 1
                    });
                    groups[g].push(id);
                }
            }
        }
        let free = self
            .problem
            .vars()
            .filter(|v| !mentioned[v.index()])
            .collect();
        (groups, free)
    }

    /// Every solution, in ascending first-fail order; an item is an error
    /// when the budget runs out, and the iteration ends after it.
    pub fn solutions(&self) -> Solutions<'p> {
        Solutions {
            engine: self.engine(&self.active, None, Config::new(self.budget)),
            done: false,
        }
    }

    /// The largest value of `objective` over all solutions (branch and
    /// bound), or `None` when there is no solution.
    pub fn maximize(&self, objective: impl Into<Linear>) -> Result<Option<Optimum>, SearchError> {
        let objective = objective.into();
        self.check_objective(&objective)?;
        let mut descending = vec![false; self.problem.num_vars()];
        for &(c, v) in &objective.terms {
            descending[v.index()] = c > 0;
        }
        let in_objective =
            objective
                .terms
                .iter()
                .fold(vec![false; self.problem.num_vars()], |mut f, &(c, v)| {
                    f[v.index()] |= c != 0;
                    f
                });
        let mut config = Config::new(self.budget);
        config.var_order = VarOrder::FlaggedFirst(in_objective);
        config.value_order = ValueOrder::Descending(descending);
        let obj = Objective {
            terms: objective.terms.clone(),
            floor: None,
        };
        let mut e = self.engine(&self.active, Some(obj), config);
        let mut best: Option<Optimum> = None;
        while e.next_solution()? {
            let assignment = Self::assignment(&e);
            let value = objective.value(&assignment);
            e.set_floor(value + 1);
            best = Some(Optimum { value, assignment });
        }
        Ok(best)
    }

    /// The smallest value of `objective` over all solutions.
    pub fn minimize(&self, objective: impl Into<Linear>) -> Result<Option<Optimum>, SearchError> {
        let objective = objective.into();
        let negated = objective
            .terms
            .iter()
            .map(|&(c, v)| c.checked_neg().map(|c| (c, v)))
            .collect::<Option<Vec<_>>>()
            .ok_or(SearchError::Overflow("the negated objective"))?;
        let negated = Linear { terms: negated };
        Ok(self.maximize(negated)?.map(|o| Optimum {
            value: -o.value,
            assignment: o.assignment,
        }))
    }

    /// Objective terms are bounded so that every sum the propagator forms fits `i128`.
    fn check_objective(&self, objective: &Linear) -> Result<(), SearchError> {
        const LIMIT: u128 = 1 << 120;
        let mut total: u128 = 0;
        for &(c, v) in &objective.terms {
            let d = self.problem.domain(v);
            let magnitude = d.min().unsigned_abs().max(d.max().unsigned_abs()) as u128;
            total = total.saturating_add((c.unsigned_abs() as u128).saturating_mul(magnitude));
        }
        if total > LIMIT {
            return Err(SearchError::Overflow("the objective's range (above 2^120)"));
        }
        Ok(())
    }

    /// RandSAT samples from `seed`: one random solution per item, the
    /// iteration ending when the problem is unsatisfiable (see the module
    /// docs for how uniform they are). Samples are independent and may repeat.
    pub fn sampler(&self, seed: u64) -> Sampler<'p> {
        let mut config = Config::new(self.budget);
        config.var_order = VarOrder::Random;
        config.value_order = ValueOrder::Random;
        config.seed = seed;
        config.restarts = Some(Restarts::new(FIRST_RESTART));
        Sampler {
            engine: self.engine(&self.active, None, config),
            done: false,
        }
    }

    /// One RandSAT sample from `seed`, or `None` when there is no solution.
    pub fn sample(&self, seed: u64) -> Result<Option<Assignment>, SearchError> {
        self.sampler(seed).next().transpose()
    }

    fn consistent(&self, active: &[ConstraintId]) -> Result<bool, SearchError> {
        self.engine(active, None, Config::new(self.budget))
            .next_solution()
    }

    /// A minimal conflicting subset of the constraints (QuickXplain), or
    /// `None` when the problem has a solution.
    pub fn explain(&self) -> Result<Option<Conflict>, SearchError> {
        if self.consistent(&self.active)? {
            return Ok(None);
        }
        let mut constraints = self.quick_xplain(&[], false, &self.active)?;
        constraints.sort();
        Ok(Some(Conflict { constraints }))
    }

    /// Junker's QuickXplain: the minimal subset of `candidates` that, with
    /// `background`, is inconsistent (given that background + candidates is).
    fn quick_xplain(
        &self,
        background: &[ConstraintId],
        background_grew: bool,
        candidates: &[ConstraintId],
    ) -> Result<Vec<ConstraintId>, SearchError> {
        if background_grew && !self.consistent(background)? {
            return Ok(Vec::new());
        }
        if candidates.len() == 1 {
            return Ok(candidates.to_vec());
        }
        let (first, second) = candidates.split_at(candidates.len() / 2);
        let with_first: Vec<ConstraintId> = background.iter().chain(first).copied().collect();
        let delta2 = self.quick_xplain(&with_first, !first.is_empty(), second)?;
        let with_delta2: Vec<ConstraintId> = background.iter().chain(&delta2).copied().collect();
        let delta1 = self.quick_xplain(&with_delta2, !delta2.is_empty(), first)?;
        Ok(delta1.into_iter().chain(delta2).collect())
    }
}

/// The solutions of a problem, one by one (see [`Solver::solutions`]).
pub struct Solutions<'p> {
    engine: Engine<'p>,
    done: bool,
}

impl Iterator for Solutions<'_> {
    type Item = Result<Assignment, SearchError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.engine.next_solution() {
            Ok(true) => Some(Ok(Solver::assignment(&self.engine))),
            Ok(false) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}

/// RandSAT samples (see [`Solver::sampler`]).
pub struct Sampler<'p> {
    engine: Engine<'p>,
    done: bool,
}

impl Iterator for Sampler<'_> {
    type Item = Result<Assignment, SearchError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        self.engine.reset(FIRST_RESTART);
        match self.engine.next_solution() {
            Ok(true) => Some(Ok(Solver::assignment(&self.engine))),
            Ok(false) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}
