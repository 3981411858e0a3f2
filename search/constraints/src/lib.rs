//! Finite-domain integer constraints for schedule search, after Heron
//! (Bi et al., ASPLOS 2023, §4–5): a schedule's tunable parameters (split
//! factors, compute locations, vector lengths) and the quantities derived
//! from them (loop extents, buffer sizes) are integer variables, and the
//! target's rules are constraints between them.
//!
//! | module | what |
//! |---|---|
//! | [`problem`] | the IR: variables with domains, the six constraint kinds, the builder, exact evaluation |
//! | [`text`] | the textual form, one constraint per line, with located parse errors |
//! | [`domain`] | ranges and explicit value sets |
//! | `propagate` | the store, its trail, and one propagator per kind (divisor reasoning for `PROD`) |
//! | `search` | the resumable depth-first search, budgets |
//! | [`solver`] | the operations: solve, count, enumerate, optimise, RandSAT, explain |
//!
//! ```
//! use strata_constraints::{Linear, Problem, Solver};
//! let p = Problem::parse("var l in 64..64\nvar lo in 1..64\nvar li in 1..64\nPROD(l, [lo, li])\n").unwrap();
//! let solver = Solver::new(&p);
//! assert_eq!(solver.count().unwrap(), 7);
//! let lo = p.var_named("lo").unwrap();
//! let best = solver.maximize(Linear::from(lo)).unwrap().unwrap();
//! assert_eq!(best.value, 64);
//! let sample = solver.sample(42).unwrap().unwrap();
//! assert!(p.satisfied_by(sample.values()));
//! ```
//!
//! # Why not an existing solver
//!
//! Heron uses OR-tools' CP-SAT, which needs system libraries. Of the Rust
//! solvers on crates.io, Pumpkin (`pumpkin-solver` 0.5, lazy clause
//! generation) and selen (0.15) were considered. Both keep domains in
//! `i32`, while buffer sizes and products of loop extents need `i64`;
//! Pumpkin's multiplication is a bounds-consistent binary `a * b = c`, so a
//! divisor split of a fixed extent is found by searching the factor's range
//! rather than by enumerating divisors; neither counts solutions other than
//! by enumerating them with blocking clauses, nor lets the caller control
//! the random branching RandSAT needs. The problems here are small (hundreds
//! of variables, domains that propagation reduces to divisor sets), so a
//! plain propagate-and-branch solver with the right propagators, written
//! for these six kinds, does the job with no dependency and with every
//! arithmetic step overflow-checked.

mod arith;
pub mod domain;
pub mod problem;
mod propagate;
mod search;
pub mod solver;
pub mod text;

pub use domain::Domain;
pub use problem::{Assignment, Constraint, ConstraintId, Linear, Problem, Term, Var};
pub use search::{Budget, SearchError, CHOICE_LIMIT};
pub use solver::{Conflict, Optimum, Sampler, Solutions, Solver};
pub use text::ParseError;
