//! Problems whose answers are computed by hand (in the comments), including
//! Figure 5 of the Heron paper and its crossover and mutation CSPs (§5.1).

use std::collections::HashMap;
use std::time::Instant;
use strata_constraints::{Budget, Linear, Problem, SearchError, Solver, Term};

fn all_solutions(p: &Problem) -> Vec<Vec<i64>> {
    let sols: Vec<Vec<i64>> = Solver::new(p)
        .solutions()
        .map(|s| s.unwrap().values().to_vec())
        .collect();
    for s in &sols {
        assert!(p.satisfied_by(s), "enumerated a non-solution {s:?}");
    }
    sols
}

#[test]
fn divisor_splits_of_64_and_1000() {
    // 64 = 2^6 has 7 divisors; 1000 = 2^3 5^3 has 4 * 4 = 16.
    for (n, expected) in [(64, 7u128), (1000, 16)] {
        let mut p = Problem::new();
        let a = p.var("a", 1, n);
        let b = p.var("b", 1, n);
        p.prod(n, &[a, b]);
        assert_eq!(Solver::new(&p).count().unwrap(), expected);
        let sols = all_solutions(&p);
        assert_eq!(sols.len() as u128, expected);
        assert!(sols.iter().all(|s| s[0] * s[1] == n));
    }
}

#[test]
fn four_way_split_of_2_pow_20_counts_without_scanning() {
    // a*b*c*d = 2^20: exponents e1+..+e4 = 20, C(23, 3) = 1771 ways.
    let n = 1i64 << 20;
    let mut p = Problem::new();
    let f: Vec<_> = ["a", "b", "c", "d"]
        .iter()
        .map(|name| p.var(name, 1, n))
        .collect();
    p.prod(n, &f);
    let start = Instant::now();
    let count = Solver::new(&p).count().unwrap();
    let elapsed = start.elapsed();
    assert_eq!(count, 1771);
    println!("count PROD(2^20, [a, b, c, d]) = {count} in {elapsed:?}");
    // Divisor reasoning: the search only tries divisors, and a factor whose
    // quotient is 1 is fixed by propagation. a: 21 values (2^0..2^20); b,
    // after a = 2^i with i < 20: the 21 - i divisors of 2^(20-i) (230 in
    // all); c, after a and b leave 2^r with r > 0: r + 1 values, one per
    // remaining split (1771 - 21 = 1750), which fixes d. 21 + 230 + 1750 =
    // 2001 nodes; scanning a range would need 2^20 for a alone.
    let with_nodes = |n| Solver::new(&p).with_budget(Budget::nodes(n)).count();
    assert_eq!(with_nodes(2001), Ok(1771));
    assert_eq!(
        with_nodes(2000),
        Err(SearchError::NodeLimit { limit: 2000 })
    );
}

/// Figure 5: `x * y <= 8`, `x, y` in `1..5`, `z` in `{0, 1}`; objective
/// `0.4x + 0.6y + 0.01z`, scaled by 100.
fn figure5() -> (Problem, [strata_constraints::Var; 3], Linear) {
    let mut p = Problem::new();
    let x = p.var("x", 1, 5);
    let y = p.var("y", 1, 5);
    let z = p.var_of("z", &[0, 1]);
    let xy = p.var("xy", 1, 25);
    p.prod(xy, &[x, y]);
    p.le(xy, 8);
    let objective = Linear::new().term(40, x).term(60, y).term(1, z);
    (p, [x, y, z], objective)
}

#[test]
fn figure5_initial_csp() {
    // Pairs with x*y <= 8: x=1: 5, x=2: 4, x=3: 2, x=4: 2, x=5: 1 -> 14; times z -> 28.
    let (p, [x, y, z], objective) = figure5();
    assert_eq!(Solver::new(&p).count().unwrap(), 28);
    assert_eq!(all_solutions(&p).len(), 28);
    // Best: (1, 5, 1): 40 + 300 + 1 = 341 (then (2, 4, 1) = 321).
    let best = Solver::new(&p)
        .maximize(objective.clone())
        .unwrap()
        .unwrap();
    assert_eq!(best.value, 341);
    assert_eq!(
        (best.assignment[x], best.assignment[y], best.assignment[z]),
        (1, 5, 1)
    );
    // Worst: (1, 1, 0) = 100.
    let worst = Solver::new(&p).minimize(objective).unwrap().unwrap();
    assert_eq!(worst.value, 100);
    assert_eq!(
        (
            worst.assignment[x],
            worst.assignment[y],
            worst.assignment[z]
        ),
        (1, 1, 0)
    );
}

#[test]
fn figure5_crossover_and_mutation() {
    let (initial, [x, y, z], objective) = figure5();
    // Crossover of c1 = (1, 4) and c2 = (2, 3) on the key variables x, y.
    let mut crossover = initial.clone();
    let _in_x = crossover.is_in(x, &[1, 2]);
    let in_y = crossover.is_in(y, &[3, 4]);
    // (1,3), (1,4), (2,3), (2,4) all have x*y <= 8: 4 pairs, 8 solutions.
    assert_eq!(Solver::new(&crossover).count().unwrap(), 8);
    // Best is c3 = (2, 4, 1): 80 + 240 + 1 = 321.
    let best = Solver::new(&crossover)
        .maximize(objective.clone())
        .unwrap()
        .unwrap();
    assert_eq!(
        (
            best.value,
            best.assignment[x],
            best.assignment[y],
            best.assignment[z]
        ),
        (321, 2, 4, 1)
    );
    // Offspring are valid for the initial CSP.
    for s in all_solutions(&crossover) {
        assert!(initial.satisfied_by(&s));
    }
    for sample in Solver::new(&crossover).sampler(7).take(50) {
        assert!(initial.satisfied_by(sample.unwrap().values()));
    }
    // Mutation removes y in {3, 4}: x=1: 5 pairs, x=2: 4 -> 9 pairs, 18 solutions,
    // and the optimum c4 = (1, 5, 1) = 341 is reachable again.
    let mut mutation = crossover.clone();
    assert!(mutation.remove(in_y).is_some());
    assert!(mutation.remove(in_y).is_none());
    assert_eq!(Solver::new(&mutation).count().unwrap(), 18);
    let best = Solver::new(&mutation).maximize(objective).unwrap().unwrap();
    assert_eq!(
        (
            best.value,
            best.assignment[x],
            best.assignment[y],
            best.assignment[z]
        ),
        (341, 1, 5, 1)
    );
}

#[test]
fn stage_fusion_select() {
    // A loop of 8 split as a*b (4 ways). Fusing a stage at location 0, 1 or 2
    // gives it 8, b or 1 elements (Rule C4); memory m <= 2.
    // loc=0: m=8, never; loc=1: b in {1, 2}: 2 splits; loc=2: m=1, 4 splits -> 6.
    let mut p = Problem::new();
    let a = p.var("a", 1, 8);
    let b = p.var("b", 1, 8);
    let loc = p.var("loc", 0, 2);
    let m = p.var("m", 0, 100);
    p.prod(8, &[a, b]);
    p.select(m, loc, &[Term::Const(8), Term::Var(b), Term::Const(1)]);
    p.le(m, 2);
    assert_eq!(Solver::new(&p).count().unwrap(), 6);
    assert_eq!(all_solutions(&p).len(), 6);
}

#[test]
fn memory_limit_rule_c5() {
    // Two buffers of ta*4 and tb*8 bytes, ta, tb in 1..16, total <= 64.
    // tb <= 7; for each tb, ta <= (64 - 8 tb) / 4 = 16 - 2 tb: 14+12+10+8+6+4+2 = 56.
    let mut p = Problem::new();
    let ta = p.var("ta", 1, 16);
    let tb = p.var("tb", 1, 16);
    let ma = p.var("mem_a", 0, 1 << 20);
    let mb = p.var("mem_b", 0, 1 << 20);
    let total = p.var("total", 0, 1 << 21);
    p.prod(ma, &[Term::Var(ta), Term::Const(4)]);
    p.prod(mb, &[Term::Var(tb), Term::Const(8)]);
    p.sum(total, &[ma, mb]);
    p.le(total, 64);
    assert_eq!(Solver::new(&p).count().unwrap(), 56);
    // The most memory: total = 64 exactly (e.g. ta = 14, tb = 1).
    assert_eq!(
        Solver::new(&p)
            .maximize(Linear::from(total))
            .unwrap()
            .unwrap()
            .value,
        64
    );
}

#[test]
fn unsat_names_the_conflicting_constraints() {
    // a | 64 but a in {3, 5, 6}: PROD and IN conflict; the LEs are innocent.
    let src = "var a in 1..64\nvar b in 1..64\nvar c in 1..10\nLE(b, 32)\nPROD(64, [a, b])\nLE(c, 5)\nIN(a, [3, 5, 6])\n";
    let p = Problem::parse(src).unwrap();
    let solver = Solver::new(&p);
    assert_eq!(solver.solve().unwrap(), None);
    assert_eq!(solver.count().unwrap(), 0);
    let conflict = solver.explain().unwrap().expect("unsat");
    let lines: Vec<u32> = conflict
        .constraints
        .iter()
        .map(|&id| p.line_of(id).unwrap())
        .collect();
    assert_eq!(lines, vec![5, 7]);
    assert_eq!(
        conflict.display(&p).to_string(),
        "line 5: PROD(64, [a, b])\nline 7: IN(a, [3, 5, 6])\n"
    );

    // Memory: m1 >= 60, m2 >= 50, m1 + m2 = t <= 100: all four are needed.
    let mut p = Problem::new();
    let m1 = p.var("m1", 0, 1000);
    let m2 = p.var("m2", 0, 1000);
    let t = p.var("t", 0, 10_000);
    let unrelated = p.var("u", 0, 3);
    let c_le_u = p.le(unrelated, 2);
    let c_sum = p.sum(t, &[m1, m2]);
    let c_m1 = p.le(60, m1);
    let c_cap = p.le(t, 100);
    let c_m2 = p.le(50, m2);
    let _ = c_le_u;
    let conflict = Solver::new(&p).explain().unwrap().expect("unsat");
    assert_eq!(conflict.constraints, vec![c_sum, c_m1, c_cap, c_m2]);
    // And a satisfiable problem has no conflict.
    p.remove(c_m2);
    assert_eq!(Solver::new(&p).explain().unwrap(), None);
}

#[test]
fn budgets_are_reported_not_mistaken_for_unsat() {
    // 12 variables in 0..9 with sum <= 100: about 10^12 solutions.
    let mut p = Problem::new();
    let xs: Vec<_> = (0..12).map(|i| p.var(&format!("x{i}"), 0, 9)).collect();
    let s = p.var("s", 0, 1000);
    p.sum(s, &xs);
    p.le(s, 100);
    let small = Solver::new(&p).with_budget(Budget::nodes(1000));
    assert_eq!(small.count(), Err(SearchError::NodeLimit { limit: 1000 }));
    let items: Vec<_> = small.solutions().collect();
    assert!(items.iter().filter(|i| i.is_ok()).count() > 0);
    assert_eq!(
        items.last(),
        Some(&Err(SearchError::NodeLimit { limit: 1000 }))
    );
    // Unsat that propagation cannot see: x + y = 2 * ... parity, found only by search.
    let mut p = Problem::new();
    let vars: Vec<_> = (0..10).map(|i| p.var(&format!("v{i}"), 0, 1)).collect();
    let doubled: Vec<_> = (0..10).map(|i| p.var(&format!("d{i}"), 0, 2)).collect();
    for (v, d) in vars.iter().zip(&doubled) {
        p.prod(*d, &[Term::Var(*v), Term::Const(2)]);
    }
    p.sum(11, &doubled);
    assert_eq!(Solver::new(&p).solve(), Ok(None));
    assert_eq!(
        Solver::new(&p).with_budget(Budget::nodes(50)).solve(),
        Err(SearchError::NodeLimit { limit: 50 })
    );
    assert_eq!(
        Solver::new(&p).with_budget(Budget::nodes(50)).sample(1),
        Err(SearchError::NodeLimit { limit: 50 })
    );
}

#[test]
fn propagation_limit_stops_bound_ping_pong() {
    // x = y + 1 and y = x + 1 over 0..10^12: bounds reasoning narrows each
    // by one per run, so only the propagation limit ends it; the answer is
    // an error, not "unsatisfiable".
    let p = Problem::parse(
        "var x in 0..1000000000000\nvar y in 0..1000000000000\nSUM(x, [y, 1])\nSUM(y, [x, 1])\n",
    )
    .unwrap();
    let budget = Budget {
        nodes: 1000,
        propagations: 100_000,
    };
    let solver = Solver::new(&p).with_budget(budget);
    assert_eq!(
        solver.solve(),
        Err(SearchError::PropagationLimit { limit: 100_000 })
    );
    assert_eq!(
        solver.count(),
        Err(SearchError::PropagationLimit { limit: 100_000 })
    );
    assert!(solver.explain().is_err());
    // Over small ranges the same problem is proved unsatisfiable.
    let p = Problem::parse("var x in 0..100\nvar y in 0..100\nSUM(x, [y, 1])\nSUM(y, [x, 1])\n")
        .unwrap();
    assert_eq!(Solver::new(&p).solve(), Ok(None));
}

#[test]
fn overflow_is_checked() {
    // a * b = 2^62 with a, b >= 2^31 + 1: only splits above 2^31 fail; 2^31 * 2^31 excluded.
    let mut p = Problem::new();
    let a = p.var("a", (1 << 31) + 1, i64::MAX);
    let b = p.var("b", (1 << 31) + 1, i64::MAX);
    p.prod(1i64 << 62, &[a, b]);
    assert_eq!(Solver::new(&p).count().unwrap(), 0);
    // Products that would wrap in i64 never satisfy PROD: i64::MAX * 2.
    let mut p = Problem::new();
    let a = p.var("a", i64::MAX - 1, i64::MAX);
    let b = p.var("b", 2, 3);
    let v = p.var("v", i64::MIN, i64::MAX);
    p.prod(v, &[a, b]);
    assert_eq!(Solver::new(&p).count().unwrap(), 0);
    // Sums at the edge: i64::MAX = (i64::MAX - 1) + 1 only.
    let mut p = Problem::new();
    let a = p.var("a", i64::MAX - 3, i64::MAX);
    let b = p.var("b", 0, 5);
    p.sum(i64::MAX, &[a, b]);
    assert_eq!(Solver::new(&p).count().unwrap(), 4);
    // A free variable over all of i64 multiplies the count by 2^64.
    let mut p = Problem::new();
    p.var("any", i64::MIN, i64::MAX);
    let x = p.var("x", 0, 2);
    p.le(x, 1);
    assert_eq!(Solver::new(&p).count().unwrap(), 2u128 << 64);
    let mut p2 = p.clone();
    p2.var("more", i64::MIN, i64::MAX);
    p2.var("again", i64::MIN, i64::MAX);
    assert_eq!(
        Solver::new(&p2).count(),
        Err(SearchError::Overflow("the solution count"))
    );
}

/// Frequencies of RandSAT samples, by solution.
fn frequencies(p: &Problem, seed: u64, n: usize) -> HashMap<Vec<i64>, usize> {
    let mut freq = HashMap::new();
    for s in Solver::new(p).sampler(seed).take(n) {
        let s = s.unwrap();
        assert!(p.satisfied_by(s.values()));
        *freq.entry(s.values().to_vec()).or_insert(0) += 1;
    }
    freq
}

#[test]
fn randsat_is_uniform_on_divisor_splits() {
    // Whichever variable comes first has the 7 divisors left and fixes the other.
    let mut p = Problem::new();
    let a = p.var("a", 1, 64);
    let b = p.var("b", 1, 64);
    p.prod(64, &[a, b]);
    let freq = frequencies(&p, 1, 7000);
    assert_eq!(freq.len(), 7);
    for (s, n) in &freq {
        assert!((850..=1150).contains(n), "{s:?} drawn {n} times of 7000");
    }
}

#[test]
fn randsat_bias_on_le() {
    // x <= y, both in 1..5: 15 solutions. The first variable's value is
    // uniform, the second uniform among what is left, so (1, 1) and (5, 5)
    // each come with probability (1/5 + 1/25) / 2 = 0.12 and (1, 5) with
    // 1/25 = 0.04 (uniform would be 1/15 = 0.067 each).
    let mut p = Problem::new();
    let x = p.var("x", 1, 5);
    let y = p.var("y", 1, 5);
    p.le(x, y);
    let n = 15_000;
    let freq = frequencies(&p, 3, n);
    assert_eq!(freq.len(), 15);
    let share = |s: [i64; 2]| freq[&s.to_vec()] as f64 / n as f64;
    for corner in [[1, 1], [5, 5]] {
        assert!(
            (share(corner) - 0.12).abs() < 0.015,
            "{corner:?}: {}",
            share(corner)
        );
    }
    assert!(
        (share([1, 5]) - 0.04).abs() < 0.01,
        "(1, 5): {}",
        share([1, 5])
    );
}

#[test]
fn samples_are_reproducible_and_varied() {
    let (p, _, _) = figure5();
    let a: Vec<_> = Solver::new(&p)
        .sampler(11)
        .take(20)
        .map(|s| s.unwrap())
        .collect();
    let b: Vec<_> = Solver::new(&p)
        .sampler(11)
        .take(20)
        .map(|s| s.unwrap())
        .collect();
    assert_eq!(a, b);
    let distinct: std::collections::HashSet<_> = a.iter().collect();
    assert!(distinct.len() > 5);
}

#[test]
fn gemm_tensorcore_space() {
    let p = Problem::parse(include_str!("data/gemm_tensorcore.csp")).unwrap();
    let solver = Solver::new(&p);
    for s in solver.sampler(5).take(300) {
        assert!(p.satisfied_by(s.unwrap().values()));
    }
    // mem = 2 * depth * (a.rows + b.cols) <= 49152 is reached: k = 32 (r.i = 1),
    // m * n = 128, a.rows + b.cols = 512 + 256.
    let mem = p.var_named("mem").unwrap();
    let best = solver.maximize(Linear::from(mem)).unwrap().unwrap();
    assert_eq!((best.value, best.assignment[mem]), (49152, 49152));
    assert!(p.satisfied_by(best.assignment.values()));
    // The least: depth = k = 8, a.rows = m, b.cols = n with {m, n} = {16, 32}:
    // 2 * 8 * 48 = 768 (m = n = k = 16 gives 1024).
    let least = solver.minimize(Linear::from(mem)).unwrap().unwrap();
    assert_eq!(least.value, 768);
    let k = p.var_named("k").unwrap();
    assert_eq!(least.assignment[k], 8);
}

#[test]
fn randsat_draws_from_large_ranges() {
    // x = 7 * y over 0..10^12: bounds propagation cannot make the ranges
    // small, so RandSAT draws x at random and 6 of 7 draws fail.
    let mut p = Problem::new();
    let x = p.var("x", 0, 1_000_000_000_000);
    let y = p.var("y", 0, 1_000_000_000_000);
    p.prod(x, &[Term::Var(y), Term::Const(7)]);
    let samples: Vec<_> = Solver::new(&p)
        .sampler(9)
        .take(200)
        .map(|s| s.unwrap())
        .collect();
    for s in &samples {
        assert!(p.satisfied_by(s.values()));
        assert_eq!(s[x], 7 * s[y]);
    }
    // Spread over the range, not stuck at an end.
    let distinct: std::collections::HashSet<i64> = samples.iter().map(|s| s[x]).collect();
    assert!(distinct.len() > 190);
    assert!(samples.iter().any(|s| s[x] > 500_000_000_000));
    assert!(samples.iter().any(|s| s[x] < 500_000_000_000));
    // Maximise: the largest multiple of 7 not above 10^12 is 10^12 - 1 = 7 * 142857142857.
    let best = Solver::new(&p).maximize(Linear::from(x)).unwrap().unwrap();
    assert_eq!(
        (best.value, best.assignment[y]),
        (999_999_999_999, 142_857_142_857)
    );
    // A variable no constraint mentions, over all of i64: after the first
    // solution its choice point is pruned by the bound, not walked.
    let mut p = p.clone();
    let free = p.var("free", i64::MIN, i64::MAX);
    let best = Solver::new(&p)
        .with_budget(Budget::nodes(1000))
        .maximize(Linear::from(x))
        .unwrap()
        .unwrap();
    assert_eq!(best.value, 999_999_999_999);
    assert!(p.satisfied_by(best.assignment.values()));
    let _ = best.assignment[free];
}
