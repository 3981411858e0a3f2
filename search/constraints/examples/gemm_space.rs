//! Count, sample and optimise the GEMM schedule space of
//! `tests/data/gemm_tensorcore.csp` (or the file given as the argument),
//! printing the times: `cargo run --release -p strata-constraints --example gemm_space`.

use std::time::Instant;
use strata_constraints::{Linear, Problem, Solver};

fn main() {
    let path = std::env::args().nth(1);
    let src = match &path {
        Some(p) => std::fs::read_to_string(p).unwrap_or_else(|e| {
            eprintln!("{p}: error: {e}");
            std::process::exit(1)
        }),
        None => include_str!("../tests/data/gemm_tensorcore.csp").to_string(),
    };
    let name = path.as_deref().unwrap_or("gemm_tensorcore.csp");
    let p = Problem::parse(&src).unwrap_or_else(|e| {
        eprintln!("{}", e.render(name));
        std::process::exit(1)
    });
    let solver = Solver::new(&p);
    let constraints = p.constraints().count();
    println!(
        "{name}: {} variables, {constraints} constraints",
        p.num_vars()
    );

    let t = Instant::now();
    let samples: Vec<_> = solver
        .sampler(1)
        .take(1000)
        .collect::<Result<_, _>>()
        .unwrap_or_default();
    let sampled = t.elapsed();
    assert!(samples.iter().all(|s| p.satisfied_by(s.values())));
    println!("RandSAT: {} samples in {sampled:.2?}", samples.len());

    for v in ["mem", "acc"].iter().filter_map(|n| p.var_named(n)) {
        let t = Instant::now();
        let hi = solver.maximize(Linear::from(v)).map(|o| o.map(|o| o.value));
        let lo = solver.minimize(Linear::from(v)).map(|o| o.map(|o| o.value));
        println!(
            "{}: max {hi:?}, min {lo:?} in {:.2?}",
            p.name(v),
            t.elapsed()
        );
    }

    let t = Instant::now();
    println!("solutions: {:?} in {:.2?}", solver.count(), t.elapsed());
}
