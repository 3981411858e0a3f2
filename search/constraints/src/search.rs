//! Depth-first search over propagated domains, resumable solution by solution.
//!
//! Why an explicit stack rather than recursion: enumeration is an iterator,
//! so the search must stop at a solution and continue from it on the next
//! call; branch and bound must raise its bound between two solutions; and
//! sampling must abandon a subtree (restart) without unwinding frames. A
//! choice point is a variable, the trail position before it was branched
//! on, and the values still to try (d-way branching: one child per value).
//! Values are produced lazily from the domain at the choice point, so a
//! range of a million values costs nothing until it is tried.
//!
//! Every tried value is a node; every propagator run counts against the
//! propagation limit. Running out of either is [`SearchError`], which no
//! caller can mistake for "no solution".

use crate::domain::{Domain, MATERIALIZE_LIMIT};
use crate::problem::{ConstraintId, Problem, Term, Var};
use crate::propagate::{Halt, Objective, Propagators, Store};
use thiserror::Error;

/// Limits on the work of one operation (one count, one enumeration, one
/// optimisation, one sample, one unsatisfiability check).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Values tried by the search.
    pub nodes: u64,
    /// Propagator runs.
    pub propagations: u64,
}

impl Budget {
    /// Ten million nodes and a hundred million propagator runs: seconds
    /// (counting the 3.2 million points of the GEMM space in
    /// `tests/data/gemm_tensorcore.csp` takes under two million nodes and
    /// twenty million runs), and about twenty seconds for the worst case,
    /// propagators that narrow each other's bounds one value at a time.
    pub const DEFAULT: Budget = Budget {
        nodes: 10_000_000,
        propagations: 100_000_000,
    };

    /// `nodes` nodes, and ten propagator runs per node.
    pub fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes,
            propagations: nodes.saturating_mul(10),
        }
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// Why an operation stopped without an answer.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SearchError {
    /// The search tried `limit` values without finishing.
    #[error("search stopped at its node limit ({limit} nodes) without an answer")]
    NodeLimit { limit: u64 },
    /// Propagators ran `limit` times without finishing.
    #[error("search stopped at its propagation limit ({limit} propagator runs) without an answer")]
    PropagationLimit { limit: u64 },
    /// A result does not fit its type.
    #[error("{0} overflows")]
    Overflow(&'static str),
}

/// A small, seeded generator (SplitMix64): reproducible samples without a dependency.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`1 <= n <= 2^64`), without modulo bias.
    pub(crate) fn below(&mut self, n: u128) -> u128 {
        if n > u64::MAX as u128 {
            return self.next_u64() as u128;
        }
        let n = n as u64;
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let r = self.next_u64();
            if r < zone {
                return (r % n) as u128;
            }
        }
    }
}

/// A variable with at most this many values left is a choice (a split
/// factor, a candidate, a location); a larger domain belongs to a derived
/// quantity (a buffer size, a product of extents) that propagation fixes
/// once the choices are made. RandSAT branches at random among choices only,
/// and optimisation branches on choices before derived quantities: drawing
/// or walking a derived range value by value would mostly fail.
pub const CHOICE_LIMIT: u128 = 64;

/// Which unfixed variable to branch on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum VarOrder {
    /// The smallest domain, then the lowest index.
    FirstFail,
    /// Choices before larger domains; within each, the flagged variables (an
    /// objective's) first; then first-fail.
    FlaggedFirst(Vec<bool>),
    /// Uniformly among the unfixed ones with at most [`CHOICE_LIMIT`]
    /// values left; the smallest domain when there is none.
    Random,
}

/// In which order a variable's values are tried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ValueOrder {
    Ascending,
    /// Uniformly random, without repeats.
    Random,
    /// Per variable: descending where `true` (to raise a maximised objective), else ascending.
    Descending(Vec<bool>),
}

/// The values still to try at a choice point.
enum Values {
    Up(Option<i64>),
    Down(Option<i64>),
    /// A lazily shuffled copy of a small domain (Fisher–Yates, `next` done).
    Shuffled(Vec<i64>, usize),
    /// Rejection sampling in a large domain, remembering what was tried.
    Drawn(Vec<i64>),
}

impl Values {
    fn start(order: &ValueOrder, var: Var, dom: &Domain) -> Values {
        match order {
            ValueOrder::Ascending => Values::Up(None),
            ValueOrder::Descending(down) if down[var.index()] => Values::Down(None),
            ValueOrder::Descending(_) => Values::Up(None),
            ValueOrder::Random if dom.size() <= MATERIALIZE_LIMIT => {
                Values::Shuffled(dom.iter().collect(), 0)
            }
            ValueOrder::Random => Values::Drawn(Vec::new()),
        }
    }

    fn next(&mut self, dom: &Domain, rng: &mut Rng) -> Option<i64> {
        match self {
            Values::Up(last) => {
                let v = match *last {
                    None => Some(dom.min()),
                    Some(l) => dom.next_above(l),
                };
                *last = v.or(*last);
                v
            }
            Values::Down(last) => {
                let v = match *last {
                    None => Some(dom.max()),
                    Some(l) => dom.next_below(l),
                };
                *last = v.or(*last);
                v
            }
            Values::Shuffled(vals, done) => {
                if *done == vals.len() {
                    return None;
                }
                let j = *done + rng.below((vals.len() - *done) as u128) as usize;
                vals.swap(*done, j);
                *done += 1;
                Some(vals[*done - 1])
            }
            Values::Drawn(tried) => {
                if tried.len() as u128 == dom.size() {
                    return None;
                }
                /// Draws before falling back to the smallest untried value.
                const DRAWS: u32 = 256;
                let fresh = (0..DRAWS)
                    .map(|_| dom.nth(rng.below(dom.size())))
                    .find(|v| !tried.contains(v))
                    .or_else(|| dom.iter().find(|v| !tried.contains(v)));
                tried.extend(fresh);
                fresh
            }
        }
    }
}

struct ChoicePoint {
    var: Var,
    mark: usize,
    values: Values,
    /// The objective floor's version when the domains at `mark` were last propagated.
    floor_version: u64,
}

/// Restarts for sampling: after `limit` nodes without a solution, start over
/// from the root with the limit doubled (so the search stays complete).
pub(crate) struct Restarts {
    pub(crate) limit: u64,
    since: u64,
}

impl Restarts {
    pub(crate) fn new(limit: u64) -> Restarts {
        Restarts { limit, since: 0 }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Fresh,
    AtSolution,
    Done,
}

/// How an [`Engine`] searches.
pub(crate) struct Config {
    pub(crate) var_order: VarOrder,
    pub(crate) value_order: ValueOrder,
    /// Branch only on variables some constraint mentions (counting
    /// multiplies by the free variables' domain sizes instead).
    pub(crate) constrained_only: bool,
    pub(crate) budget: Budget,
    pub(crate) seed: u64,
    pub(crate) restarts: Option<Restarts>,
}

impl Config {
    pub(crate) fn new(budget: Budget) -> Config {
        Config {
            var_order: VarOrder::FirstFail,
            value_order: ValueOrder::Ascending,
            constrained_only: false,
            budget,
            seed: 0,
            restarts: None,
        }
    }
}

/// A resumable depth-first search.
pub(crate) struct Engine<'p> {
    store: Store,
    props: Propagators<'p>,
    branch_vars: Vec<Var>,
    stack: Vec<ChoicePoint>,
    rng: Rng,
    config: Config,
    nodes: u64,
    state: State,
    root_mark: usize,
    /// Bumped whenever branch and bound raises the objective's floor.
    floor_version: u64,
}

/// What backtracking found.
enum Step {
    /// A consistent node to descend from.
    Descend,
    /// The whole tree has been explored.
    Exhausted,
}

impl<'p> Engine<'p> {
    pub(crate) fn new(
        problem: &'p Problem,
        active: &[ConstraintId],
        objective: Option<Objective>,
        config: Config,
    ) -> Engine<'p> {
        let props = Propagators::new(problem, active, objective);
        let constrained = props.constrained();
        let branch_vars = problem
            .vars()
            .filter(|v| !config.constrained_only || constrained[v.index()])
            .collect();
        Engine {
            store: Store::new(problem),
            props,
            branch_vars,
            stack: Vec::new(),
            rng: Rng::new(config.seed),
            config,
            nodes: 0,
            state: State::Fresh,
            root_mark: 0,
            floor_version: 0,
        }
    }

    /// Values tried so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Propagator runs so far.
    pub(crate) fn propagations(&self) -> u64 {
        self.props.runs
    }

    /// Every variable's value at the current solution.
    pub(crate) fn values(&self) -> Vec<i64> {
        self.store.values()
    }

    /// Raise the objective's floor (branch and bound); takes effect from the next node.
    pub(crate) fn set_floor(&mut self, floor: i128) {
        if let Some(obj) = self.props.objective_mut() {
            obj.floor = Some(floor);
            self.floor_version += 1;
        }
    }

    /// Start a new search from the root with a fresh budget, keeping the
    /// generator's state; restarts begin again at `first_restart` failures.
    pub(crate) fn reset(&mut self, first_restart: u64) {
        self.store.undo(0);
        self.stack.clear();
        self.state = State::Fresh;
        self.nodes = 0;
        self.props.runs = 0;
        if let Some(r) = &mut self.config.restarts {
            *r = Restarts::new(first_restart);
        }
    }

    fn propagate(&mut self) -> Result<bool, SearchError> {
        match self
            .props
            .fixpoint(&mut self.store, self.config.budget.propagations)
        {
            Ok(()) => Ok(true),
            Err(Halt::Fail) => Ok(false),
            Err(Halt::Budget) => Err(SearchError::PropagationLimit {
                limit: self.config.budget.propagations,
            }),
        }
    }

    /// Advance to the next solution; `Ok(false)` when there is none left.
    pub(crate) fn next_solution(&mut self) -> Result<bool, SearchError> {
        let result = self.advance();
        if result.is_err() {
            self.state = State::Done;
        }
        result
    }

    fn advance(&mut self) -> Result<bool, SearchError> {
        match self.state {
            State::Done => return Ok(false),
            State::Fresh => {
                self.props.schedule_all();
                if !self.propagate()? {
                    self.state = State::Done;
                    return Ok(false);
                }
                self.root_mark = self.store.mark();
            }
            State::AtSolution => {
                if let Step::Exhausted = self.backtrack()? {
                    self.state = State::Done;
                    return Ok(false);
                }
            }
        }
        loop {
            let Some(var) = self.pick_var() else {
                self.state = State::AtSolution;
                return Ok(true);
            };
            let values = Values::start(&self.config.value_order, var, self.store.dom(var));
            let (mark, floor_version) = (self.store.mark(), self.floor_version);
            self.stack.push(ChoicePoint {
                var,
                mark,
                values,
                floor_version,
            });
            if let Step::Exhausted = self.backtrack()? {
                self.state = State::Done;
                return Ok(false);
            }
        }
    }

    /// Try the next value of the deepest choice point that has one.
    fn backtrack(&mut self) -> Result<Step, SearchError> {
        loop {
            let Some(top) = self.stack.last_mut() else {
                return Ok(Step::Exhausted);
            };
            self.store.undo(top.mark);
            if top.floor_version != self.floor_version {
                // The floor rose since this level was propagated: prune with it
                // before trying more values, and keep the pruning for the
                // level's remaining children (the parent's mark undoes it).
                top.floor_version = self.floor_version;
                self.props.schedule_objective();
                if !self.propagate()? {
                    self.stack.pop();
                    continue;
                }
                let mark = self.store.mark();
                self.stack.last_mut().expect("still on the stack").mark = mark;
            }
            let top = self.stack.last_mut().expect("still on the stack");
            let var = top.var;
            let Some(value) = top.values.next(self.store.dom(var), &mut self.rng) else {
                self.stack.pop();
                continue;
            };
            self.nodes += 1;
            if self.nodes > self.config.budget.nodes {
                return Err(SearchError::NodeLimit {
                    limit: self.config.budget.nodes,
                });
            }
            let assigned = self.store.assign(Term::Var(var), value as i128).is_ok();
            self.props.schedule_objective();
            if assigned && self.propagate()? {
                return Ok(Step::Descend);
            }
            if let Some(r) = &mut self.config.restarts {
                r.since += 1;
                if r.since >= r.limit {
                    r.since = 0;
                    r.limit = r.limit.saturating_mul(2);
                    self.store.undo(self.root_mark);
                    self.stack.clear();
                    return Ok(Step::Descend);
                }
            }
        }
    }

    fn pick_var(&mut self) -> Option<Var> {
        let unfixed = self
            .branch_vars
            .iter()
            .copied()
            .filter(|&v| self.store.dom(v).fixed().is_none());
        match &self.config.var_order {
            VarOrder::FirstFail => unfixed.min_by_key(|&v| (self.store.dom(v).size(), v)),
            VarOrder::FlaggedFirst(flagged) => {
                let key = |v: Var| {
                    let size = self.store.dom(v).size();
                    (size > CHOICE_LIMIT, !flagged[v.index()], size, v)
                };
                unfixed.min_by_key(|&v| key(v))
            }
            VarOrder::Random => {
                let all: Vec<Var> = unfixed.collect();
                let small: Vec<Var> = all
                    .iter()
                    .copied()
                    .filter(|&v| self.store.dom(v).size() <= CHOICE_LIMIT)
                    .collect();
                if small.is_empty() {
                    all.into_iter()
                        .min_by_key(|&v| (self.store.dom(v).size(), v))
                } else {
                    Some(small[self.rng.below(small.len() as u128) as usize])
                }
            }
        }
    }
}
