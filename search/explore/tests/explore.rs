//! Exploration: validity of CGA's offspring (property tests on random
//! problems and on the GEMM space), convergence on analytical costs,
//! resuming from a cut log, and invalid measurements never winning.

use proptest::prelude::*;
use std::cell::Cell;
use strata_constraints::{Problem, Var};
use strata_tune_search::explorer::rng;
use strata_tune_search::synthetic::{figure5_cost, figure5_space, gemm_space, GemmRoofline};
use strata_tune_search::{
    tune, Annealing, Candidate, Cga, CostModel, Explorer, FnMeasurer, Measurement, Outcome,
    PlainGa, RandomSearch, Space, TuningLog,
};

/// A measurer that fails the test if it ever sees an invalid point.
fn checked<'a>(
    cost: impl Fn(&Space, &Candidate) -> Measurement + 'a,
) -> FnMeasurer<impl FnMut(&Space, &Candidate) -> Measurement + 'a> {
    FnMeasurer(move |s: &Space, c: &Candidate| {
        assert!(
            s.problem().satisfied_by(c.values()),
            "an invalid candidate was measured"
        );
        cost(s, c)
    })
}

/// Breed `generations` generations from RandSAT samples and check every
/// child: valid, and on each inherited key one of its parents' values.
fn check_breeding(space: &Space, cga: &Cga, generations: usize, seed: u64) -> usize {
    let mut r = rng(seed);
    let mut population: Vec<Candidate> = (0..16)
        .filter_map(|i| space.sample(seed * 1000 + i).unwrap())
        .collect();
    assert!(!population.is_empty());
    let mut children_seen = 0;
    for _ in 0..generations {
        let (children, stats) = cga.breed(space, &population, 16, &mut r);
        assert_eq!(stats.unsatisfiable, 0, "a crossover CSP had no solution");
        assert_eq!(
            stats.rejected, 0,
            "a crossover CSP's solution failed CSP_initial"
        );
        assert_eq!(stats.out_of_budget, 0);
        assert_eq!(stats.children, 16);
        for child in &children {
            let c = &child.candidate;
            assert!(space.problem().satisfied_by(c.values()));
            let [a, b] = child.parents.map(|i| &population[i]);
            for &v in &child.inherited {
                assert!(
                    c.get(v) == a.get(v) || c.get(v) == b.get(v),
                    "{} = {} is neither parent's ({}, {})",
                    space.problem().name(v),
                    c.get(v),
                    a.get(v),
                    b.get(v)
                );
            }
            assert!(child.inherited.len() < space.keys().len().max(2));
        }
        children_seen += children.len();
        population = children.into_iter().map(|c| c.candidate).collect();
        population.dedup();
    }
    children_seen
}

/// A random problem over small domains: products, sums, orderings and
/// memberships, the kinds schedule spaces are made of.
fn random_problem() -> impl Strategy<Value = (Problem, usize)> {
    let var = (1i64..4, 1i64..13);
    let kind = (
        0u8..4,
        0usize..6,
        0usize..6,
        0usize..6,
        proptest::collection::vec(1i64..13, 1..4),
    );
    (
        proptest::collection::vec(var, 3..7),
        proptest::collection::vec(kind, 1..5),
        1usize..4,
    )
        .prop_map(|(vars, kinds, keys)| {
            let mut p = Problem::new();
            let vs: Vec<Var> = vars
                .iter()
                .enumerate()
                .map(|(i, &(lo, span))| p.var(&format!("v{i}"), lo, lo + span))
                .collect();
            let at = |i: usize| vs[i % vs.len()];
            for (k, a, b, c, values) in kinds {
                match k {
                    0 => p.prod(at(c), &[at(a), at(b)]),
                    1 => p.sum(at(c), &[at(a), at(b)]),
                    2 => p.le(at(a), at(b)),
                    _ => p.is_in(at(a), &values),
                };
            }
            let keys = keys.min(vs.len());
            (p, keys)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// (a) CGA's children are valid on random problems, over many
    /// generations, and a whole CGA run measures only valid points.
    #[test]
    fn cga_children_are_valid_on_random_problems((problem, keys) in random_problem(), seed in 0u64..1000) {
        prop_assume!(strata_constraints::Solver::new(&problem).solve().unwrap().is_some());
        let key_vars: Vec<Var> = problem.vars().take(keys).collect();
        let space = Space::new(problem, &key_vars).unwrap();
        check_breeding(&space, &Cga::new(), 20, seed);
        let sum = |_: &Space, c: &Candidate| Measurement::Cost(c.values().iter().sum::<i64>() as f64);
        let outcome = tune(&space, &mut Cga::new(), &mut checked(sum), 40, seed, None).unwrap();
        prop_assert!(outcome.trials >= 1);
        prop_assert_eq!(outcome.invalid, 0);
    }
}

/// (a) On the GEMM space, with crossover keys chosen at random (an
/// untrained model) and by a trained model's importance.
#[test]
fn cga_children_are_valid_on_gemm() {
    let space = gemm_space();
    let roofline = GemmRoofline::new(&space).unwrap();
    let mut cga = Cga::new();
    assert!(cga.model.importance(&space).is_none());
    assert_eq!(check_breeding(&space, &cga, 30, 7), 30 * 16);
    let data: Vec<(Candidate, Measurement)> = (0..64)
        .filter_map(|i| space.sample(i).unwrap())
        .map(|c| {
            let m = roofline.measure(&c);
            (c, m)
        })
        .collect();
    cga.model.fit(&space, &data);
    let importance = cga
        .model
        .importance(&space)
        .expect("a trained model ranks features");
    assert_eq!(importance.len(), space.keys().len());
    assert_eq!(check_breeding(&space, &cga, 30, 8), 30 * 16);
}

fn run(space: &Space, explorer: &mut dyn Explorer, budget: usize, seed: u64) -> Outcome {
    let roofline = GemmRoofline::new(space).unwrap();
    let mut measurer = checked(|_, c| roofline.measure(c));
    tune(space, explorer, &mut measurer, budget, seed, None).unwrap()
}

/// (b) On the GEMM roofline, CGA's best over three seeds at 200
/// measurements is at least as good as random search's mean; the plain GA
/// discards invalid offspring; nobody measures an invalid point.
#[test]
fn cga_converges_on_the_gemm_roofline() {
    let space = gemm_space();
    let seeds = [1, 2, 3];
    let cga: Vec<f64> = seeds
        .iter()
        .map(|&s| run(&space, &mut Cga::new(), 200, s).best.unwrap().1)
        .collect();
    let random: Vec<f64> = seeds
        .iter()
        .map(|&s| {
            run(&space, &mut RandomSearch::default(), 200, s)
                .best
                .unwrap()
                .1
        })
        .collect();
    let cga_best = cga.iter().copied().fold(f64::INFINITY, f64::min);
    let random_mean = random.iter().sum::<f64>() / 3.0;
    assert!(cga_best <= random_mean, "CGA {cga:?} vs random {random:?}");
    let ga = run(&space, &mut PlainGa::default(), 200, 1);
    assert_eq!(ga.trials, 200);
    assert_eq!(ga.invalid, 0);
    assert!(
        ga.discarded > 0,
        "the plain GA made no invalid child on a coupled space"
    );
    eprintln!(
        "plain GA: {} invalid offspring discarded in 200 trials",
        ga.discarded
    );
}

/// (b) Figure 5's 28 points: CGA and random search measure them all within
/// 28 trials, so both find the optimum (1, 5, 1); every explorer's best is
/// a valid point; with a budget of 100 every explorer stops after at most
/// the 28 points.
#[test]
fn figure5_optimum() {
    let space = figure5_space();
    let explorers: Vec<Box<dyn Explorer>> = vec![
        Box::new(Cga::new()),
        Box::new(RandomSearch::default()),
        Box::new(PlainGa::default()),
        Box::new(Annealing::default()),
    ];
    for mut e in explorers {
        for seed in [1, 2, 3] {
            let outcome = tune(
                &space,
                e.as_mut(),
                &mut checked(figure5_cost),
                28,
                seed,
                None,
            )
            .unwrap();
            let (best, cost) = outcome.best.unwrap();
            assert!(space.problem().satisfied_by(best.values()));
            if matches!(e.name(), "cga" | "random") {
                assert_eq!(outcome.trials, 28, "{} seed {seed}", e.name());
                assert!(
                    (cost - 6.59).abs() < 1e-9,
                    "{} seed {seed}: {cost}",
                    e.name()
                );
            }
            // A budget larger than the space ends when nothing new is found.
            let mut measurer = checked(figure5_cost);
            let outcome = tune(&space, e.as_mut(), &mut measurer, 100, seed, None).unwrap();
            assert!(outcome.trials <= 28, "{} measured a point twice", e.name());
            if matches!(e.name(), "cga" | "random") {
                assert_eq!(outcome.trials, 28, "{} seed {seed}", e.name());
            }
        }
    }
}

fn temp_log(name: &str) -> std::path::PathBuf {
    let path =
        std::env::temp_dir().join(format!("strata-tune-{}-{name}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// (c) A log cut in the middle of a line continues to the same final best,
/// and the same log, as an uninterrupted run; the measurer is called only
/// for what the log does not hold.
#[test]
fn resume_from_a_cut_log() {
    let space = gemm_space();
    let roofline = GemmRoofline::new(&space).unwrap();
    let budget = 80;
    let explorers: Vec<(Box<dyn Explorer>, Box<dyn Explorer>)> = vec![
        (Box::new(Cga::new()), Box::new(Cga::new())),
        (Box::new(PlainGa::default()), Box::new(PlainGa::default())),
        (
            Box::new(Annealing::default()),
            Box::new(Annealing::default()),
        ),
    ];
    for (mut first, mut second) in explorers {
        let name = first.name().to_string();
        let whole = temp_log(&format!("{name}-whole"));
        let calls = Cell::new(0usize);
        let mut measurer = FnMeasurer(|_: &Space, c: &Candidate| {
            calls.set(calls.get() + 1);
            roofline.measure(c)
        });
        let mut log = TuningLog::open(&whole).unwrap();
        let full = tune(
            &space,
            first.as_mut(),
            &mut measurer,
            budget,
            5,
            Some(&mut log),
        )
        .unwrap();
        drop(log);
        assert_eq!(calls.get(), budget);
        let text = std::fs::read_to_string(&whole).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), budget);

        let cut = temp_log(&format!("{name}-cut"));
        let kept = 37;
        let mut partial = lines[..kept].join("\n");
        partial.push('\n');
        partial.push_str(&lines[kept][..lines[kept].len() / 2]);
        std::fs::write(&cut, partial).unwrap();
        calls.set(0);
        let mut log = TuningLog::open(&cut).unwrap();
        assert_eq!(log.records().len(), kept);
        let resumed = tune(
            &space,
            second.as_mut(),
            &mut measurer,
            budget,
            5,
            Some(&mut log),
        )
        .unwrap();
        drop(log);
        assert_eq!(calls.get(), budget - kept, "{name}");
        assert_eq!(resumed.replayed, kept);
        assert_eq!(
            resumed.best.as_ref().unwrap().1,
            full.best.as_ref().unwrap().1,
            "{name}"
        );
        assert_eq!(resumed.best_so_far, full.best_so_far, "{name}");
        assert_eq!(std::fs::read_to_string(&cut).unwrap(), text, "{name}");

        // A complete log: nothing is measured again.
        calls.set(0);
        let mut log = TuningLog::open(&cut).unwrap();
        let again = tune(
            &space,
            second.as_mut(),
            &mut measurer,
            budget,
            5,
            Some(&mut log),
        )
        .unwrap();
        assert_eq!(calls.get(), 0);
        assert_eq!(again.best_so_far, full.best_so_far);
        let _ = std::fs::remove_file(&whole);
        let _ = std::fs::remove_file(&cut);
    }
}

/// (c) A log that belongs to another run is refused with its location.
#[test]
fn a_foreign_or_malformed_log_is_refused() {
    let space = gemm_space();
    let roofline = GemmRoofline::new(&space).unwrap();
    let path = temp_log("foreign");
    let mut measurer = FnMeasurer(|_: &Space, c: &Candidate| roofline.measure(c));
    let mut log = TuningLog::open(&path).unwrap();
    tune(
        &space,
        &mut RandomSearch::default(),
        &mut measurer,
        20,
        1,
        Some(&mut log),
    )
    .unwrap();
    drop(log);
    // Random search with seed 1 recorded under the name cga: CGA asks for other points.
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("\"random\"", "\"cga\"");
    std::fs::write(&path, &text).unwrap();
    let mut log = TuningLog::open(&path).unwrap();
    let err = tune(
        &space,
        &mut Cga::new(),
        &mut measurer,
        40,
        1,
        Some(&mut log),
    )
    .expect_err("a foreign log diverges")
    .to_string();
    assert!(err.contains(":1:1: error: trial 0 of cga seed 1"), "{err}");
    drop(log);
    std::fs::write(&path, "{\"explorer\": 3}\n").unwrap();
    let err = TuningLog::open(&path)
        .err()
        .expect("a malformed line is refused")
        .to_string();
    assert!(
        err.ends_with(".jsonl:1:14: error: invalid type: integer `3`, expected a string"),
        "{err}"
    );
    let _ = std::fs::remove_file(&path);
}

/// (d) Measurements that fail are logged but never become the best, even
/// when they fail exactly on the cheapest points (and on every point with
/// four row blocks, so that every explorer meets failures).
#[test]
fn invalid_measurements_never_win() {
    let space = gemm_space();
    let roofline = GemmRoofline::new(&space).unwrap();
    let threshold = 70.0;
    let ib = space.problem().var_named("i.b").unwrap();
    let explorers: Vec<Box<dyn Explorer>> = vec![
        Box::new(Cga::new()),
        Box::new(RandomSearch::default()),
        Box::new(PlainGa::default()),
        Box::new(Annealing::default()),
    ];
    for mut e in explorers {
        let failing = |_: &Space, c: &Candidate| {
            let cost = roofline.cost(c);
            if cost < threshold || c.get(ib) == 4 {
                Measurement::Invalid("timeout".into())
            } else {
                Measurement::Cost(cost)
            }
        };
        let outcome = tune(&space, e.as_mut(), &mut checked(failing), 150, 2, None).unwrap();
        let (best, cost) = outcome.best.unwrap();
        assert!(cost >= threshold, "{}: {cost}", e.name());
        assert_eq!(roofline.cost(&best), cost);
        assert_ne!(best.get(ib), 4);
        assert!(
            outcome.invalid > 0,
            "{} never met a failing point",
            e.name()
        );
        assert!(outcome
            .best_so_far
            .iter()
            .flatten()
            .all(|&b| b >= threshold));

        let never = |_: &Space, _: &Candidate| Measurement::Invalid("no device".into());
        let outcome = tune(&space, e.as_mut(), &mut checked(never), 30, 2, None).unwrap();
        assert!(outcome.best.is_none(), "{}", e.name());
        assert_eq!(outcome.invalid, outcome.trials);
    }
}
