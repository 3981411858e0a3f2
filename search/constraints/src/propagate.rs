//! Propagation: narrowing domains until every constraint is locally consistent.
//!
//! The [`Store`] holds the current domain of every variable and a trail of
//! the domains it replaced, so the search backtracks by popping the trail
//! (no copy of the whole store per node). [`Propagators`] runs each
//! constraint's propagator from a queue until nothing changes (a fixpoint);
//! a propagator runs again whenever a domain it reads changes.
//!
//! What each kind infers:
//!
//! | kind | inference |
//! |---|---|
//! | `PROD` | a fixed zero factor fixes `v = 0`; with `v` fixed and non-zero, every free factor divides `v / K` (`K` the product of the fixed factors) — its domain becomes those divisors, found by factorising, never by scanning a range; with `v` one of at most [`DIVISOR_UNION_LIMIT`] values, the union of their divisors; interval products bound `v`; with positive factors, `ceil(v.min / others.max) <= x <= v.max / others.min` |
//! | `SUM` | interval sums, both ways |
//! | `EQ` | each side becomes the intersection |
//! | `LE` | `a <= b.max`, `b >= a.min` |
//! | `IN` | intersection with the constants |
//! | `SELECT` | the index is kept in range and loses the positions whose choice cannot equal `v`; a fixed index makes it `EQ`; otherwise `v` is within the union of the remaining choices |
//! | objective | `sum(c * x) >= floor`, interval reasoning (branch and bound) |
//!
//! Every propagator is exact once its variables are fixed, so a full
//! assignment the search accepts satisfies every constraint; the weaker
//! inferences before that (bounds instead of holes in large ranges) only
//! cost search, never correctness. All arithmetic is in `i128` with clamped
//! products ([`crate::arith`]).

use crate::arith::{self, ceil_div, floor_div, mul_interval};
use crate::domain::{Domain, Narrowed};
use crate::problem::{Constraint, ConstraintId, Problem, Term, Var};
use std::borrow::Cow;
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

/// `PROD`'s divisor union is taken when the product variable has at most
/// this many values.
pub const DIVISOR_UNION_LIMIT: u128 = 64;

/// How many divisor lists are cached before the cache is emptied.
const DIVISOR_CACHE_LIMIT: usize = 4096;

/// A propagator found a constraint that cannot hold.
#[derive(Debug)]
pub(crate) struct Fail;

/// Why a fixpoint computation stopped early.
#[derive(Debug)]
pub(crate) enum Halt {
    Fail,
    /// The propagation budget ran out.
    Budget,
}

/// Current domains plus the trail of replaced ones.
pub(crate) struct Store {
    doms: Vec<Domain>,
    trail: Vec<(u32, Domain)>,
    changed: Vec<u32>,
}

impl Store {
    pub(crate) fn new(problem: &Problem) -> Store {
        Store {
            doms: problem.vars.iter().map(|v| v.domain.clone()).collect(),
            trail: Vec::new(),
            changed: Vec::new(),
        }
    }

    pub(crate) fn dom(&self, v: Var) -> &Domain {
        &self.doms[v.index()]
    }

    fn term_dom(&self, t: Term) -> Cow<'_, Domain> {
        match t {
            Term::Var(v) => Cow::Borrowed(self.dom(v)),
            Term::Const(c) => Cow::Owned(Domain::single(c)),
        }
    }

    pub(crate) fn lo(&self, t: Term) -> i64 {
        match t {
            Term::Var(v) => self.dom(v).min(),
            Term::Const(c) => c,
        }
    }

    pub(crate) fn hi(&self, t: Term) -> i64 {
        match t {
            Term::Var(v) => self.dom(v).max(),
            Term::Const(c) => c,
        }
    }

    pub(crate) fn fixed(&self, t: Term) -> Option<i64> {
        match t {
            Term::Var(v) => self.dom(v).fixed(),
            Term::Const(c) => Some(c),
        }
    }

    fn size(&self, t: Term) -> u128 {
        match t {
            Term::Var(v) => self.dom(v).size(),
            Term::Const(_) => 1,
        }
    }

    /// Narrow a term's domain by `f`; a constant only checks that it survives.
    pub(crate) fn narrow(
        &mut self,
        t: Term,
        f: impl FnOnce(&Domain) -> Narrowed,
    ) -> Result<(), Fail> {
        match t {
            Term::Const(c) => match f(&Domain::single(c)) {
                Narrowed::Empty => Err(Fail),
                _ => Ok(()),
            },
            Term::Var(v) => match f(&self.doms[v.index()]) {
                Narrowed::Same => Ok(()),
                Narrowed::Empty => Err(Fail),
                Narrowed::To(d) => {
                    let old = std::mem::replace(&mut self.doms[v.index()], d);
                    self.trail.push((v.0, old));
                    self.changed.push(v.0);
                    Ok(())
                }
            },
        }
    }

    fn within(&mut self, t: Term, lo: i128, hi: i128) -> Result<(), Fail> {
        self.narrow(t, |d| d.within(lo, hi))
    }

    pub(crate) fn assign(&mut self, t: Term, value: i128) -> Result<(), Fail> {
        self.within(t, value, value)
    }

    /// A position on the trail to come back to.
    pub(crate) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Restore every domain to what it was at `mark`.
    pub(crate) fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (v, d) = self.trail.pop().expect("trail longer than mark");
            self.doms[v as usize] = d;
        }
        self.changed.clear();
    }

    /// The fixed value of every variable (all must be fixed).
    pub(crate) fn values(&self) -> Vec<i64> {
        self.doms
            .iter()
            .map(|d| d.fixed().expect("every variable fixed"))
            .collect()
    }
}

/// Signed divisor lists (`-d_k .. -1, 1 .. d_k`), cached by magnitude.
#[derive(Default)]
struct Divisors(HashMap<u64, Rc<Vec<i64>>>);

impl Divisors {
    /// The divisors of `n` and their negatives, ascending (`n != 0`, `|n| <= 2^63`).
    fn signed(&mut self, n: i128) -> Rc<Vec<i64>> {
        let m = n.unsigned_abs() as u64;
        if let Some(d) = self.0.get(&m) {
            return d.clone();
        }
        if self.0.len() >= DIVISOR_CACHE_LIMIT {
            self.0.clear();
        }
        // A divisor of 2^63 may be 2^63 itself, which only fits as -2^63.
        let pos: Vec<i64> = arith::divisors(m)
            .into_iter()
            .filter_map(|d| i64::try_from(d).ok())
            .collect();
        let mut all: Vec<i64> = pos.iter().rev().map(|&d| -d).collect();
        if m == 1 << 63 {
            all.insert(0, i64::MIN);
        }
        all.extend(pos);
        let d = Rc::new(all);
        self.0.insert(m, d.clone());
        d
    }
}

/// `sum(coefficient * x) >= floor`: the branch-and-bound bound.
pub(crate) struct Objective {
    pub(crate) terms: Vec<(i64, Var)>,
    pub(crate) floor: Option<i128>,
}

/// The active constraints' propagators and their queue.
pub(crate) struct Propagators<'p> {
    constraints: Vec<&'p Constraint>,
    watchers: Vec<Vec<u32>>,
    objective: Option<Objective>,
    queue: VecDeque<u32>,
    queued: Vec<bool>,
    divisors: Divisors,
    /// Propagator runs so far.
    pub(crate) runs: u64,
}

impl<'p> Propagators<'p> {
    /// Propagators for the constraints `active` of `problem` and an optional objective.
    pub(crate) fn new(
        problem: &'p Problem,
        active: &[ConstraintId],
        objective: Option<Objective>,
    ) -> Self {
        let constraints: Vec<&Constraint> = active
            .iter()
            .filter_map(|&id| problem.constraint(id))
            .collect();
        let mut watchers = vec![Vec::new(); problem.num_vars()];
        for (i, c) in constraints.iter().enumerate() {
            for v in c.vars() {
                let w: &mut Vec<u32> = &mut watchers[v.index()];
                if w.last() != Some(&(i as u32)) {
                    w.push(i as u32);
                }
            }
        }
        let objective_index = constraints.len() as u32;
        if let Some(obj) = &objective {
            for &(_, v) in &obj.terms {
                let w: &mut Vec<u32> = &mut watchers[v.index()];
                if w.last() != Some(&objective_index) {
                    w.push(objective_index);
                }
            }
        }
        let n = constraints.len() + 1;
        Propagators {
            constraints,
            watchers,
            objective,
            queue: VecDeque::new(),
            queued: vec![false; n],
            divisors: Divisors::default(),
            runs: 0,
        }
    }

    /// The variables some active constraint or the objective mentions.
    pub(crate) fn constrained(&self) -> Vec<bool> {
        self.watchers.iter().map(|w| !w.is_empty()).collect()
    }

    pub(crate) fn objective_mut(&mut self) -> Option<&mut Objective> {
        self.objective.as_mut()
    }

    fn schedule(&mut self, i: u32) {
        if !self.queued[i as usize] {
            self.queued[i as usize] = true;
            self.queue.push_back(i);
        }
    }

    /// Queue every propagator (at the root).
    pub(crate) fn schedule_all(&mut self) {
        for i in 0..self.constraints.len() as u32 {
            self.schedule(i);
        }
        if self.objective.is_some() {
            self.schedule(self.constraints.len() as u32);
        }
    }

    /// Queue the objective (its floor may have risen since the domains were last propagated).
    pub(crate) fn schedule_objective(&mut self) {
        if self.objective.is_some() {
            self.schedule(self.constraints.len() as u32);
        }
    }

    /// Run queued propagators (and those whose variables change) to a fixpoint.
    pub(crate) fn fixpoint(&mut self, store: &mut Store, run_limit: u64) -> Result<(), Halt> {
        loop {
            for k in 0..store.changed.len() {
                let v = store.changed[k];
                for j in 0..self.watchers[v as usize].len() {
                    let c = self.watchers[v as usize][j];
                    self.schedule(c);
                }
            }
            store.changed.clear();
            let Some(i) = self.queue.pop_front() else {
                return Ok(());
            };
            self.queued[i as usize] = false;
            self.runs += 1;
            let outcome = if self.runs > run_limit {
                Err(Halt::Budget)
            } else {
                self.run(i, store).map_err(|Fail| Halt::Fail)
            };
            if outcome.is_err() {
                for j in self.queue.drain(..) {
                    self.queued[j as usize] = false;
                }
                store.changed.clear();
                return outcome;
            }
        }
    }

    fn run(&mut self, i: u32, s: &mut Store) -> Result<(), Fail> {
        let Some(c) = self.constraints.get(i as usize).copied() else {
            return match &self.objective {
                Some(obj) => objective(s, obj),
                None => Ok(()),
            };
        };
        match c {
            Constraint::Prod(v, xs) => prod(s, &mut self.divisors, *v, xs),
            Constraint::Sum(v, xs) => sum(s, *v, xs),
            Constraint::Eq(a, b) => eq(s, *a, *b),
            Constraint::Le(a, b) => {
                let bh = s.hi(*b) as i128;
                s.within(*a, i128::MIN, bh)?;
                let al = s.lo(*a) as i128;
                s.within(*b, al, i128::MAX)
            }
            Constraint::In(v, cs) => s.narrow(*v, |d| d.intersect_sorted(cs)),
            Constraint::Select(v, idx, xs) => select(s, *v, *idx, xs),
        }
    }
}

fn eq(s: &mut Store, a: Term, b: Term) -> Result<(), Fail> {
    let db = s.term_dom(b).into_owned();
    s.narrow(a, |d| d.intersect(&db))?;
    let da = s.term_dom(a).into_owned();
    s.narrow(b, |d| d.intersect(&da))
}

fn sum(s: &mut Store, v: Term, xs: &[Term]) -> Result<(), Fail> {
    let lo_sum: i128 = xs.iter().map(|&x| s.lo(x) as i128).sum();
    let hi_sum: i128 = xs.iter().map(|&x| s.hi(x) as i128).sum();
    s.within(v, lo_sum, hi_sum)?;
    let (vlo, vhi) = (s.lo(v) as i128, s.hi(v) as i128);
    for &x in xs {
        // The other terms' sums, from the (possibly looser) totals above: sound.
        let others_lo = lo_sum - s.lo(x) as i128;
        let others_hi = hi_sum - s.hi(x) as i128;
        s.within(x, vlo - others_hi, vhi - others_lo)?;
    }
    Ok(())
}

/// `[lo, hi]` of the product of `terms` except position `skip`, clamped.
fn product_bounds(s: &Store, terms: &[Term], skip: Option<usize>) -> (i128, i128) {
    let mut acc = (1i128, 1i128);
    for (i, &t) in terms.iter().enumerate() {
        if Some(i) != skip {
            acc = mul_interval(acc.0, acc.1, s.lo(t) as i128, s.hi(t) as i128);
        }
    }
    acc
}

fn prod(s: &mut Store, divisors: &mut Divisors, v: Term, xs: &[Term]) -> Result<(), Fail> {
    // The fixed factors' product `k` (|k| <= 2^63 or `k_big`), and the free factors.
    let mut k: i128 = 1;
    let mut k_big = false;
    let mut free: Vec<Term> = Vec::new();
    for &x in xs {
        match s.fixed(x) {
            Some(0) => return s.assign(v, 0),
            Some(c) => {
                if !k_big {
                    match k.checked_mul(c as i128) {
                        Some(p) if p.unsigned_abs() <= 1u128 << 63 => k = p,
                        _ => k_big = true,
                    }
                }
            }
            None => free.push(x),
        }
    }
    if k_big {
        // Non-zero free factors would make |v| > 2^63: one of them is zero, and so is v.
        s.assign(v, 0)?;
        return zero_product(s, &free);
    }
    if free.is_empty() {
        return s.assign(v, k);
    }
    if let Some(vv) = s.fixed(v) {
        if vv == 0 {
            return zero_product(s, &free);
        }
        if vv as i128 % k != 0 {
            return Err(Fail);
        }
        let q = vv as i128 / k;
        if free.len() == 1 {
            return s.assign(free[0], q);
        }
        let divs = divisors.signed(q);
        for &x in &free {
            s.narrow(x, |d| d.intersect_sorted(&divs))?;
        }
    } else if s.size(v) <= DIVISOR_UNION_LIMIT {
        // v has a few values w: each must be k times the free factors' product.
        let ws: Vec<i64> = s
            .term_dom(v)
            .iter()
            .filter(|&w| w as i128 % k == 0)
            .collect();
        s.narrow(v, |d| d.intersect_sorted(&ws))?;
        if free.len() == 1 {
            let mut qs: Vec<i64> = ws
                .iter()
                .filter_map(|&w| i64::try_from(w as i128 / k).ok())
                .collect();
            qs.sort_unstable();
            qs.dedup();
            s.narrow(free[0], |d| d.intersect_sorted(&qs))?;
            let dx = s.term_dom(free[0]).into_owned();
            s.narrow(v, |d| {
                d.retain(|w| i64::try_from(w as i128 / k).is_ok_and(|q| dx.contains(q)))
            })?;
        } else if !ws.contains(&0) {
            let mut union: Vec<i64> = Vec::new();
            for &w in &ws {
                union.extend(divisors.signed(w as i128 / k).iter());
            }
            union.sort_unstable();
            union.dedup();
            for &x in &free {
                s.narrow(x, |d| d.intersect_sorted(&union))?;
            }
        }
    }
    // Interval reasoning.
    let (plo, phi) = product_bounds(s, xs, None);
    s.within(v, plo, phi)?;
    if xs.iter().all(|&x| s.lo(x) >= 1) {
        let (vlo, vhi) = (s.lo(v) as i128, s.hi(v) as i128);
        for (i, &x) in xs.iter().enumerate() {
            if s.fixed(x).is_none() {
                let (olo, ohi) = product_bounds(s, xs, Some(i));
                s.within(x, ceil_div(vlo, ohi), floor_div(vhi, olo))?;
            }
        }
    } else if s.lo(v) >= 1 && xs.iter().all(|&x| s.lo(x) >= 0) {
        for &x in xs {
            s.within(x, 1, i128::MAX)?;
        }
    }
    Ok(())
}

/// The product of `free` (all other factors non-zero) must be zero.
fn zero_product(s: &mut Store, free: &[Term]) -> Result<(), Fail> {
    let mut can_be_zero = free.iter().filter(|&&x| s.term_dom(x).contains(0));
    match (can_be_zero.next(), can_be_zero.next()) {
        (None, _) => Err(Fail),
        (Some(&x), None) => s.assign(x, 0),
        _ => Ok(()),
    }
}

fn select(s: &mut Store, v: Term, idx: Term, xs: &[Term]) -> Result<(), Fail> {
    if xs.is_empty() {
        return Err(Fail);
    }
    s.within(idx, 0, xs.len() as i128 - 1)?;
    let dv = s.term_dom(v).into_owned();
    let compatible: Vec<bool> = xs.iter().map(|&x| s.term_dom(x).intersects(&dv)).collect();
    s.narrow(idx, |d| d.retain(|i| compatible[i as usize]))?;
    if let Some(i) = s.fixed(idx) {
        return eq(s, v, xs[i as usize]);
    }
    let choices: Vec<Term> = s.term_dom(idx).iter().map(|i| xs[i as usize]).collect();
    let lo = choices
        .iter()
        .map(|&x| s.lo(x))
        .min()
        .expect("an index is left");
    let hi = choices
        .iter()
        .map(|&x| s.hi(x))
        .max()
        .expect("an index is left");
    s.within(v, lo as i128, hi as i128)?;
    let total: u128 = choices.iter().map(|&x| s.size(x)).sum();
    if total <= DIVISOR_UNION_LIMIT * 4 {
        let mut union: Vec<i64> = choices
            .iter()
            .flat_map(|&x| s.term_dom(x).iter().collect::<Vec<_>>())
            .collect();
        union.sort_unstable();
        union.dedup();
        s.narrow(v, |d| d.intersect_sorted(&union))?;
    }
    Ok(())
}

fn objective(s: &mut Store, obj: &Objective) -> Result<(), Fail> {
    let Some(floor) = obj.floor else {
        return Ok(());
    };
    let best = |s: &Store, c: i64, x: Var| {
        let t = Term::Var(x);
        c as i128
            * if c > 0 {
                s.hi(t) as i128
            } else {
                s.lo(t) as i128
            }
    };
    let max_sum: i128 = obj.terms.iter().map(|&(c, x)| best(s, c, x)).sum();
    if max_sum < floor {
        return Err(Fail);
    }
    for &(c, x) in &obj.terms {
        if c == 0 {
            continue;
        }
        // c * x >= floor - (the others' best).
        let need = floor - (max_sum - best(s, c, x));
        let t = Term::Var(x);
        if c > 0 {
            s.within(t, ceil_div(need, c as i128), i128::MAX)?;
        } else {
            s.within(t, i128::MIN, floor_div(need, c as i128))?;
        }
    }
    Ok(())
}
