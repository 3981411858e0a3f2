//! Random small problems against brute force: counting, enumeration,
//! RandSAT, optimisation and conflicts agree with evaluating every
//! assignment of the cartesian product of the domains. Values include the
//! ends of `i64`, so the overflow paths are exercised too.

use proptest::prelude::*;
use std::collections::BTreeSet;
use strata_constraints::{Constraint, Domain, Linear, Problem, Solver, Term, Var};

fn value() -> impl Strategy<Value = i64> {
    prop_oneof![
        6 => -4i64..9,
        1 => Just(i64::MAX),
        1 => Just(i64::MIN),
        1 => Just(1i64 << 32),
        1 => Just(-(1i64 << 31)),
    ]
}

fn domain() -> impl Strategy<Value = Domain> {
    prop_oneof![
        (value(), 0i64..5).prop_map(|(lo, len)| {
            let lo = lo.min(i64::MAX - len);
            Domain::range(lo, lo + len).unwrap()
        }),
        prop::collection::vec(value(), 1..5).prop_map(|vs| Domain::set(&vs).unwrap()),
    ]
}

/// A term over `n` variables: a variable index or a constant.
fn term(n: usize) -> impl Strategy<Value = Result<usize, i64>> {
    prop_oneof![3 => (0..n).prop_map(Ok), 1 => value().prop_map(Err)]
}

fn terms(n: usize, max: usize) -> impl Strategy<Value = Vec<Result<usize, i64>>> {
    prop::collection::vec(term(n), 0..=max)
}

#[derive(Clone, Debug)]
enum Spec {
    Prod(Result<usize, i64>, Vec<Result<usize, i64>>),
    Sum(Result<usize, i64>, Vec<Result<usize, i64>>),
    Eq(Result<usize, i64>, Result<usize, i64>),
    Le(Result<usize, i64>, Result<usize, i64>),
    In(Result<usize, i64>, Vec<i64>),
    Select(
        Result<usize, i64>,
        Result<usize, i64>,
        Vec<Result<usize, i64>>,
    ),
}

fn spec(n: usize) -> impl Strategy<Value = Spec> {
    prop_oneof![
        (term(n), terms(n, 3)).prop_map(|(v, xs)| Spec::Prod(v, xs)),
        (term(n), terms(n, 3)).prop_map(|(v, xs)| Spec::Sum(v, xs)),
        (term(n), term(n)).prop_map(|(a, b)| Spec::Eq(a, b)),
        (term(n), term(n)).prop_map(|(a, b)| Spec::Le(a, b)),
        (term(n), prop::collection::vec(value(), 0..4)).prop_map(|(v, cs)| Spec::In(v, cs)),
        (term(n), term(n), terms(n, 3)).prop_map(|(v, i, xs)| Spec::Select(v, i, xs)),
    ]
}

/// A random assignment (one index per variable, reduced modulo its domain
/// size) that `repair` makes each constraint hold at.
fn planted_value(d: &Domain, pick: u64) -> i64 {
    d.nth(pick as u128 % d.size())
}

/// Change `s`'s constants so that it holds at `at` (when arithmetic allows).
fn repair(s: Spec, at: &[i64]) -> Spec {
    let val = |x: &Result<usize, i64>| match x {
        Ok(i) => at[*i],
        Err(c) => *c,
    };
    match s {
        Spec::Prod(_, xs) => {
            let p = xs.iter().try_fold(1i64, |acc, x| acc.checked_mul(val(x)));
            Spec::Prod(Err(p.unwrap_or(0)), xs)
        }
        Spec::Sum(_, xs) => {
            let sum = xs.iter().try_fold(0i64, |acc, x| acc.checked_add(val(x)));
            Spec::Sum(Err(sum.unwrap_or(0)), xs)
        }
        Spec::Eq(a, _) => Spec::Eq(a, Err(val(&a))),
        Spec::Le(a, _) => Spec::Le(a, Err(val(&a).saturating_add(1))),
        Spec::In(v, mut cs) => {
            cs.push(val(&v));
            Spec::In(v, cs)
        }
        Spec::Select(_, i, xs) if xs.is_empty() => Spec::Select(Err(0), i, vec![Err(0)]),
        Spec::Select(_, i, xs) => {
            let k = usize::try_from(val(&i)).ok().filter(|&k| k < xs.len());
            let i = if k.is_some() { i } else { Err(0) };
            let chosen = val(&xs[k.unwrap_or(0)]);
            Spec::Select(Err(chosen), i, xs)
        }
    }
}

fn build(domains: Vec<Domain>, specs: Vec<Spec>) -> Problem {
    let mut p = Problem::new();
    let vars: Vec<Var> = domains
        .into_iter()
        .enumerate()
        .map(|(i, d)| p.var_in(&format!("v{i}"), d))
        .collect();
    let t = |x: &Result<usize, i64>| match x {
        Ok(i) => Term::Var(vars[*i]),
        Err(c) => Term::Const(*c),
    };
    let ts = |xs: &[Result<usize, i64>]| xs.iter().map(t).collect::<Vec<_>>();
    for s in specs {
        p.add(match s {
            Spec::Prod(v, xs) => Constraint::Prod(t(&v), ts(&xs)),
            Spec::Sum(v, xs) => Constraint::Sum(t(&v), ts(&xs)),
            Spec::Eq(a, b) => Constraint::Eq(t(&a), t(&b)),
            Spec::Le(a, b) => Constraint::Le(t(&a), t(&b)),
            Spec::In(v, cs) => Constraint::In(t(&v), cs),
            Spec::Select(v, i, xs) => Constraint::Select(t(&v), t(&i), ts(&xs)),
        });
    }
    p
}

/// Random problems (mostly unsatisfiable once they have a product or a sum),
/// and planted ones: an assignment is drawn and each constraint's constant
/// operand is set so that the constraint holds there, so every kind occurs in
/// satisfiable problems too.
fn problem() -> impl Strategy<Value = Problem> {
    (1usize..=4).prop_flat_map(|n| {
        (
            prop::collection::vec(domain(), n),
            prop::collection::vec(spec(n), 0..=4),
            prop::collection::vec(any::<u64>(), n),
            prop::collection::vec(any::<bool>(), 4),
        )
            .prop_map(|(domains, specs, picks, planted)| {
                let at: Vec<i64> = domains
                    .iter()
                    .zip(&picks)
                    .map(|(d, &k)| planted_value(d, k))
                    .collect();
                let specs = specs
                    .into_iter()
                    .zip(planted.iter().cycle())
                    .map(|(s, &plant)| if plant { repair(s, &at) } else { s });
                build(domains, specs.collect())
            })
    })
}

/// Every assignment of the cartesian product that satisfies `p`, sorted.
fn brute_force(p: &Problem) -> BTreeSet<Vec<i64>> {
    let domains: Vec<Vec<i64>> = p.vars().map(|v| p.domain(v).iter().collect()).collect();
    let mut out = BTreeSet::new();
    let mut current = vec![0i64; domains.len()];
    fn go(
        i: usize,
        domains: &[Vec<i64>],
        current: &mut Vec<i64>,
        p: &Problem,
        out: &mut BTreeSet<Vec<i64>>,
    ) {
        if i == domains.len() {
            if p.satisfied_by(current) {
                out.insert(current.clone());
            }
            return;
        }
        for &v in &domains[i] {
            current[i] = v;
            go(i + 1, domains, current, p, out);
        }
    }
    go(0, &domains, &mut current, p, &mut out);
    out
}

/// Pieces of the textual form and of garbage, concatenated at random.
const FRAGMENTS: [&str; 28] = [
    "var ",
    "a",
    "b.c",
    "in ",
    "in",
    "1",
    "-",
    "9223372036854775808",
    "..",
    "{",
    "}",
    ",",
    " ",
    "\n",
    "PROD(",
    "SUM(",
    "EQ(",
    "LE(",
    "IN(",
    "SELECT(",
    "MUL(",
    "[",
    "]",
    ")",
    "#",
    "é",
    "$",
    "\t",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn count_enumerate_and_brute_force_agree(p in problem()) {
        let expected = brute_force(&p);
        let solver = Solver::new(&p);
        prop_assert_eq!(solver.count().unwrap(), expected.len() as u128, "problem:\n{}", p);
        let listed: Vec<Vec<i64>> = solver.solutions().map(|s| s.unwrap().values().to_vec()).collect();
        let distinct: BTreeSet<Vec<i64>> = listed.iter().cloned().collect();
        prop_assert_eq!(listed.len(), distinct.len(), "repeated solutions for\n{}", p);
        prop_assert_eq!(&distinct, &expected, "problem:\n{}", p);
        prop_assert_eq!(solver.solve().unwrap().is_some(), !expected.is_empty());
    }

    #[test]
    fn every_randsat_sample_is_a_solution(p in problem(), seed in any::<u64>()) {
        let expected = brute_force(&p);
        let samples: Vec<_> = Solver::new(&p).sampler(seed).take(8).map(|s| s.unwrap()).collect();
        if expected.is_empty() {
            prop_assert!(samples.is_empty());
        } else {
            prop_assert_eq!(samples.len(), 8);
            for s in samples {
                prop_assert!(expected.contains(s.values()), "sample {:?} for\n{}", s.values(), p);
            }
        }
    }

    #[test]
    fn optimum_is_the_brute_force_maximum(p in problem(), coefs in prop::collection::vec(-3i64..4, 4)) {
        let expected = brute_force(&p);
        let objective = p.vars().zip(&coefs).fold(Linear::new(), |l, (v, &c)| l.term(c, v));
        let value = |s: &[i64]| p.vars().zip(&coefs).map(|(v, &c)| c as i128 * s[v.index()] as i128).sum::<i128>();
        let best = Solver::new(&p).maximize(objective.clone()).unwrap();
        let worst = Solver::new(&p).minimize(objective).unwrap();
        match expected.iter().map(|s| value(s)).max() {
            None => prop_assert!(best.is_none() && worst.is_none()),
            Some(max) => {
                let best = best.unwrap();
                prop_assert_eq!(best.value, max, "problem:\n{}", p);
                prop_assert!(expected.contains(best.assignment.values()));
                prop_assert_eq!(value(best.assignment.values()), max);
                let min = expected.iter().map(|s| value(s)).min().unwrap();
                let worst = worst.unwrap();
                prop_assert_eq!(worst.value, min);
                prop_assert_eq!(value(worst.assignment.values()), min);
            }
        }
    }

    #[test]
    fn conflicts_are_minimal_unsat_subsets(p in problem()) {
        let explained = Solver::new(&p).explain().unwrap();
        let satisfiable = !brute_force(&p).is_empty();
        prop_assert_eq!(explained.is_none(), satisfiable);
        if let Some(conflict) = explained {
            let keep_only = |ids: &[strata_constraints::ConstraintId]| {
                let mut q = p.clone();
                for (id, _) in p.constraints() {
                    if !ids.contains(&id) {
                        q.remove(id);
                    }
                }
                q
            };
            prop_assert!(brute_force(&keep_only(&conflict.constraints)).is_empty(), "not a conflict:\n{}", p);
            for i in 0..conflict.constraints.len() {
                let mut fewer = conflict.constraints.clone();
                fewer.remove(i);
                prop_assert!(!brute_force(&keep_only(&fewer)).is_empty(), "not minimal:\n{}", p);
            }
        }
    }

    #[test]
    fn parse_never_panics(src in prop::collection::vec(prop::sample::select(FRAGMENTS.to_vec()), 0..40).prop_map(|f| f.concat())) {
    match Problem::parse(&src) {
            Ok(p) => prop_assert_eq!(Problem::parse(&p.to_string()).unwrap().to_string(), p.to_string()),
            Err(e) => {
                prop_assert!(e.line >= 1 && e.col >= 1);
                let line = src.lines().nth(e.line as usize - 1);
                prop_assert!(line.is_some_and(|l| e.col as usize <= l.len() + 1), "{} for {:?}", e, src);
            }
        }
    }

    #[test]
    fn text_round_trips(p in problem()) {
        let printed = p.to_string();
        let again = Problem::parse(&printed).unwrap();
        prop_assert_eq!(again.to_string(), printed);
        prop_assert_eq!(brute_force(&again), brute_force(&p));
    }
}
