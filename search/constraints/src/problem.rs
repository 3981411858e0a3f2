//! The constraint IR: named integer variables with finite domains and
//! Heron's six constraint kinds (Table 7 of the paper).
//!
//! | kind | meaning |
//! |---|---|
//! | `PROD(v, [x1, .., xn])` | `v = x1 * .. * xn` |
//! | `SUM(v, [x1, .., xn])` | `v = x1 + .. + xn` |
//! | `EQ(a, b)` | `a = b` |
//! | `LE(a, b)` | `a <= b` |
//! | `IN(v, [c1, .., ck])` | `v` is one of the constants |
//! | `SELECT(v, i, [x0, .., xk-1])` | `v = x_i` (`i` counts from 0) |
//!
//! Every operand except `IN`'s constant list is a [`Term`]: a variable or a
//! constant, so `PROD(64, [a, b])` and `LE(total, 49152)` are written
//! directly. A [`Problem`] is a builder (`p.prod(l, &[lo, li])`) and the
//! ground truth: [`Problem::satisfied_by`] evaluates every constraint
//! exactly, with overflow-checked arithmetic, and is what the tests hold the
//! solver to.
//!
//! Constraints have stable [`ConstraintId`]s: removing one (what CGA's
//! mutation does, §5.1) leaves the others' ids alone, so an id printed in an
//! unsatisfiability report still names the same constraint.

use crate::arith;
use crate::domain::Domain;
use std::fmt;

/// A variable of one [`Problem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var(pub(crate) u32);

impl Var {
    /// The variable's position in its problem (0, 1, ...).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A constraint of one [`Problem`]; stays valid when other constraints are removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConstraintId(pub(crate) u32);

impl ConstraintId {
    /// The constraint's position in its problem, counting removed ones.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An operand: a variable or a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    Var(Var),
    Const(i64),
}

impl From<Var> for Term {
    fn from(v: Var) -> Term {
        Term::Var(v)
    }
}

impl From<i64> for Term {
    fn from(c: i64) -> Term {
        Term::Const(c)
    }
}

impl From<i32> for Term {
    fn from(c: i32) -> Term {
        Term::Const(c as i64)
    }
}

/// One constraint (Table 7 of the Heron paper).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Constraint {
    /// `v = x1 * .. * xn` (the empty product is 1).
    Prod(Term, Vec<Term>),
    /// `v = x1 + .. + xn` (the empty sum is 0).
    Sum(Term, Vec<Term>),
    /// `a = b`.
    Eq(Term, Term),
    /// `a <= b`.
    Le(Term, Term),
    /// `v` is one of the constants (kept sorted and without repeats).
    In(Term, Vec<i64>),
    /// `v = xs[i]`, with `0 <= i < xs.len()`.
    Select(Term, Term, Vec<Term>),
}

impl Constraint {
    /// Every term the constraint mentions, in textual order.
    pub fn terms(&self) -> Vec<Term> {
        match self {
            Constraint::Prod(v, xs) | Constraint::Sum(v, xs) => {
                std::iter::once(*v).chain(xs.iter().copied()).collect()
            }
            Constraint::Eq(a, b) | Constraint::Le(a, b) => vec![*a, *b],
            Constraint::In(v, _) => vec![*v],
            Constraint::Select(v, i, xs) => {
                [*v, *i].into_iter().chain(xs.iter().copied()).collect()
            }
        }
    }

    /// The variables the constraint mentions (with repeats).
    pub fn vars(&self) -> impl Iterator<Item = Var> {
        self.terms().into_iter().filter_map(|t| match t {
            Term::Var(v) => Some(v),
            Term::Const(_) => None,
        })
    }

    /// The kind's name in the textual form (`PROD`, `SUM`, ...).
    pub fn kind(&self) -> &'static str {
        match self {
            Constraint::Prod(..) => "PROD",
            Constraint::Sum(..) => "SUM",
            Constraint::Eq(..) => "EQ",
            Constraint::Le(..) => "LE",
            Constraint::In(..) => "IN",
            Constraint::Select(..) => "SELECT",
        }
    }

    /// Whether the constraint holds when each term takes `value(term)`.
    /// Arithmetic is exact: a product or sum outside `i64` equals no value.
    pub fn holds(&self, value: impl Fn(Term) -> i64) -> bool {
        match self {
            Constraint::Prod(v, xs) => {
                arith::product(xs.iter().map(|&x| value(x))) == Some(value(*v))
            }
            Constraint::Sum(v, xs) => {
                xs.iter().map(|&x| value(x) as i128).sum::<i128>() == value(*v) as i128
            }
            Constraint::Eq(a, b) => value(*a) == value(*b),
            Constraint::Le(a, b) => value(*a) <= value(*b),
            Constraint::In(v, cs) => cs.contains(&value(*v)),
            Constraint::Select(v, i, xs) => {
                let i = value(*i);
                usize::try_from(i)
                    .ok()
                    .and_then(|i| xs.get(i))
                    .is_some_and(|&x| value(x) == value(*v))
            }
        }
    }
}

#[derive(Clone, Debug)]
pub(crate) struct VarInfo {
    pub(crate) name: String,
    pub(crate) domain: Domain,
}

#[derive(Clone, Debug)]
pub(crate) struct ConstraintInfo {
    pub(crate) constraint: Constraint,
    /// The line of the textual form it was parsed from.
    pub(crate) line: Option<u32>,
}

/// A constraint satisfaction problem: variables with domains, and constraints.
///
/// ```
/// use strata_constraints::{Problem, Solver};
/// let mut p = Problem::new();
/// let l = p.var("l", 64, 64);
/// let lo = p.var("lo", 1, 64);
/// let li = p.var("li", 1, 64);
/// p.prod(l, &[lo, li]);
/// assert_eq!(Solver::new(&p).count().unwrap(), 7);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Problem {
    pub(crate) vars: Vec<VarInfo>,
    pub(crate) constraints: Vec<Option<ConstraintInfo>>,
}

/// Whether `name` can be printed in the textual form: an identifier that may
/// contain dots (`stage3.i6`).
pub fn is_valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
}

impl Problem {
    /// An empty problem.
    pub fn new() -> Problem {
        Problem::default()
    }

    /// A variable taking every value in `lo..=hi`.
    ///
    /// # Panics
    /// If `lo > hi`, or `name` is not an identifier or already used (the
    /// textual form needs names that read back).
    pub fn var(&mut self, name: &str, lo: i64, hi: i64) -> Var {
        let domain = Domain::range(lo, hi)
            .unwrap_or_else(|| panic!("variable '{name}': empty range {lo}..{hi}"));
        self.var_in(name, domain)
    }

    /// A variable taking one of `values`.
    ///
    /// # Panics
    /// If `values` is empty, or `name` is not an identifier or already used.
    pub fn var_of(&mut self, name: &str, values: &[i64]) -> Var {
        let domain =
            Domain::set(values).unwrap_or_else(|| panic!("variable '{name}': empty value set"));
        self.var_in(name, domain)
    }

    /// A variable with the given domain.
    ///
    /// # Panics
    /// If `name` is not an identifier or already used.
    pub fn var_in(&mut self, name: &str, domain: Domain) -> Var {
        assert!(
            is_valid_name(name),
            "variable name '{name}' is not an identifier"
        );
        assert!(
            self.var_named(name).is_none(),
            "variable '{name}' declared twice"
        );
        self.vars.push(VarInfo {
            name: name.to_string(),
            domain,
        });
        Var((self.vars.len() - 1) as u32)
    }

    /// `PROD(v, factors)`: `v = factors[0] * .. * factors[n-1]`.
    pub fn prod<T: Into<Term> + Copy>(
        &mut self,
        v: impl Into<Term>,
        factors: &[T],
    ) -> ConstraintId {
        let c = Constraint::Prod(v.into(), factors.iter().map(|&t| t.into()).collect());
        self.add(c)
    }

    /// `SUM(v, terms)`: `v = terms[0] + .. + terms[n-1]`.
    pub fn sum<T: Into<Term> + Copy>(&mut self, v: impl Into<Term>, terms: &[T]) -> ConstraintId {
        let c = Constraint::Sum(v.into(), terms.iter().map(|&t| t.into()).collect());
        self.add(c)
    }

    /// `EQ(a, b)`: `a = b`.
    pub fn eq(&mut self, a: impl Into<Term>, b: impl Into<Term>) -> ConstraintId {
        self.add(Constraint::Eq(a.into(), b.into()))
    }

    /// `LE(a, b)`: `a <= b`.
    pub fn le(&mut self, a: impl Into<Term>, b: impl Into<Term>) -> ConstraintId {
        self.add(Constraint::Le(a.into(), b.into()))
    }

    /// `IN(v, values)`: `v` is one of `values`.
    pub fn is_in(&mut self, v: impl Into<Term>, values: &[i64]) -> ConstraintId {
        let mut cs = values.to_vec();
        cs.sort_unstable();
        cs.dedup();
        self.add(Constraint::In(v.into(), cs))
    }

    /// `SELECT(v, index, choices)`: `v = choices[index]`, `index` from 0.
    pub fn select<T: Into<Term> + Copy>(
        &mut self,
        v: impl Into<Term>,
        index: impl Into<Term>,
        choices: &[T],
    ) -> ConstraintId {
        let c = Constraint::Select(
            v.into(),
            index.into(),
            choices.iter().map(|&t| t.into()).collect(),
        );
        self.add(c)
    }

    /// Add a constraint built by hand.
    ///
    /// # Panics
    /// If it mentions a variable this problem did not create.
    pub fn add(&mut self, c: Constraint) -> ConstraintId {
        self.add_at(c, None)
    }

    pub(crate) fn add_at(&mut self, mut c: Constraint, line: Option<u32>) -> ConstraintId {
        for v in c.vars() {
            assert!(
                v.index() < self.vars.len(),
                "constraint {} uses a variable of another problem",
                c.kind()
            );
        }
        if let Constraint::In(_, cs) = &mut c {
            cs.sort_unstable();
            cs.dedup();
        }
        self.constraints.push(Some(ConstraintInfo {
            constraint: c,
            line,
        }));
        ConstraintId((self.constraints.len() - 1) as u32)
    }

    /// Remove a constraint; the others keep their ids. Returns it, or `None`
    /// when it was already removed.
    pub fn remove(&mut self, id: ConstraintId) -> Option<Constraint> {
        self.constraints
            .get_mut(id.index())?
            .take()
            .map(|info| info.constraint)
    }

    /// The number of variables.
    pub fn num_vars(&self) -> usize {
        self.vars.len()
    }

    /// The variables, in creation order.
    pub fn vars(&self) -> impl Iterator<Item = Var> {
        (0..self.vars.len() as u32).map(Var)
    }

    /// A variable's name.
    pub fn name(&self, v: Var) -> &str {
        &self.vars[v.index()].name
    }

    /// A variable's declared domain.
    pub fn domain(&self, v: Var) -> &Domain {
        &self.vars[v.index()].domain
    }

    /// The variable called `name`.
    pub fn var_named(&self, name: &str) -> Option<Var> {
        self.vars
            .iter()
            .position(|v| v.name == name)
            .map(|i| Var(i as u32))
    }

    /// The constraints that are present, with their ids.
    pub fn constraints(&self) -> impl Iterator<Item = (ConstraintId, &Constraint)> {
        self.constraints
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.as_ref().map(|c| (ConstraintId(i as u32), &c.constraint)))
    }

    /// A constraint, unless it was removed.
    pub fn constraint(&self, id: ConstraintId) -> Option<&Constraint> {
        self.constraints
            .get(id.index())?
            .as_ref()
            .map(|c| &c.constraint)
    }

    /// The line of the textual form a constraint was parsed from.
    pub fn line_of(&self, id: ConstraintId) -> Option<u32> {
        self.constraints.get(id.index())?.as_ref()?.line
    }

    /// Whether `values` (one per variable, in creation order) lies in every
    /// domain and satisfies every constraint.
    pub fn satisfied_by(&self, values: &[i64]) -> bool {
        values.len() == self.vars.len()
            && self
                .vars
                .iter()
                .zip(values)
                .all(|(v, &x)| v.domain.contains(x))
            && self
                .constraints()
                .all(|(_, c)| c.holds(|t| term_value(t, values)))
    }
}

/// The value of a term under an assignment of every variable.
pub(crate) fn term_value(t: Term, values: &[i64]) -> i64 {
    match t {
        Term::Var(v) => values[v.index()],
        Term::Const(c) => c,
    }
}

/// A value for every variable of a problem.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Assignment {
    pub(crate) values: Vec<i64>,
}

impl Assignment {
    /// The value of a variable.
    pub fn get(&self, v: Var) -> i64 {
        self.values[v.index()]
    }

    /// The value of a term.
    pub fn term(&self, t: Term) -> i64 {
        term_value(t, &self.values)
    }

    /// The values, one per variable in creation order.
    pub fn values(&self) -> &[i64] {
        &self.values
    }

    /// `name = value` pairs, comma separated, for diagnostics.
    pub fn display<'a>(&'a self, problem: &'a Problem) -> impl fmt::Display + 'a {
        DisplayAssignment {
            assignment: self,
            problem,
        }
    }
}

impl std::ops::Index<Var> for Assignment {
    type Output = i64;
    fn index(&self, v: Var) -> &i64 {
        &self.values[v.index()]
    }
}

struct DisplayAssignment<'a> {
    assignment: &'a Assignment,
    problem: &'a Problem,
}

impl fmt::Display for DisplayAssignment<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.problem.vars().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{} = {}", self.problem.name(v), self.assignment.get(v))?;
        }
        Ok(())
    }
}

/// A linear expression `c1 * x1 + .. + cn * xn` with integer coefficients,
/// the objective of [`crate::Solver::maximize`] and
/// [`crate::Solver::minimize`].
///
/// Figure 5's objective `0.4x + 0.6y + 0.01z`, scaled by 100:
/// `Linear::new().term(40, x).term(60, y).term(1, z)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Linear {
    pub(crate) terms: Vec<(i64, Var)>,
}

impl Linear {
    /// The zero expression.
    pub fn new() -> Linear {
        Linear::default()
    }

    /// Add `coefficient * v`.
    pub fn term(mut self, coefficient: i64, v: Var) -> Linear {
        self.terms.push((coefficient, v));
        self
    }

    /// The value under an assignment (exact: at most 2^32 terms of at most 2^126 each).
    pub fn value(&self, a: &Assignment) -> i128 {
        self.terms
            .iter()
            .map(|&(c, v)| c as i128 * a.get(v) as i128)
            .sum()
    }
}

impl From<Var> for Linear {
    fn from(v: Var) -> Linear {
        Linear::new().term(1, v)
    }
}
