//! Convergence of CGA, random search, the plain GA and simulated annealing
//! on analytical costs with known optima (see `strata_tune_search::synthetic`):
//! the best cost found after 100, 200 and 500 measurements on the GEMM
//! space, and the measurements needed to reach Figure 5's optimum, over
//! three seeds.
//!
//! `cargo run --release -p strata-tune-search --example convergence`

use std::time::Instant;
use strata_tune_search::synthetic::{figure5_cost, figure5_space, gemm_space, GemmRoofline};
use strata_tune_search::{tune, Annealing, Cga, Explorer, FnMeasurer, PlainGa, RandomSearch};

const SEEDS: [u64; 3] = [1, 2, 3];
const CHECKPOINTS: [usize; 3] = [100, 200, 500];

fn explorers() -> Vec<Box<dyn Explorer>> {
    vec![
        Box::new(Cga::new()),
        Box::new(RandomSearch::default()),
        Box::new(PlainGa::default()),
        Box::new(Annealing::default()),
    ]
}

fn main() {
    let space = gemm_space();
    let roofline = GemmRoofline::new(&space).expect("the GEMM space has the roofline's variables");
    let t = Instant::now();
    let optimum = roofline.optimum(&space).expect("the GEMM space enumerates");
    println!(
        "GEMM 1024^3 roofline: optimum {optimum:.3} us over all points (enumerated in {:.1} s)",
        t.elapsed().as_secs_f64()
    );
    println!("best cost / optimum after N measurements, mean over seeds {SEEDS:?} (each seed in brackets)");
    println!("| explorer | 100 | 200 | 500 | invalid offspring discarded | time |");
    println!("|---|---|---|---|---|---|");
    for mut explorer in explorers() {
        let mut at = vec![Vec::new(); CHECKPOINTS.len()];
        let mut discarded = Vec::new();
        let t = Instant::now();
        for seed in SEEDS {
            let mut measurer = FnMeasurer(|_: &_, c: &_| roofline.measure(c));
            let budget = *CHECKPOINTS.last().unwrap();
            let outcome = tune(&space, explorer.as_mut(), &mut measurer, budget, seed, None)
                .expect("no log, no error");
            for (slot, &n) in at.iter_mut().zip(&CHECKPOINTS) {
                slot.push(outcome.best_at(n).map_or(f64::NAN, |b| b / optimum));
            }
            discarded.push(outcome.discarded);
        }
        let cells: Vec<String> = at
            .iter()
            .map(|v| {
                let mean = v.iter().sum::<f64>() / v.len() as f64;
                let each: Vec<String> = v.iter().map(|x| format!("{x:.3}")).collect();
                format!("{mean:.3} [{}]", each.join(", "))
            })
            .collect();
        println!(
            "| {} | {} | {:?} | {:.1} s |",
            explorer.name(),
            cells.join(" | "),
            discarded,
            t.elapsed().as_secs_f64() / SEEDS.len() as f64
        );
    }

    let space = figure5_space();
    println!();
    println!(
        "Figure 5 (28 points, optimum 6.59 at x = 1, y = 5, z = 1): measurements until the optimum"
    );
    println!("| explorer | seeds {SEEDS:?} |");
    println!("|---|---|");
    for mut explorer in explorers() {
        let mut found = Vec::new();
        for seed in SEEDS {
            let mut measurer = FnMeasurer(figure5_cost);
            let outcome = tune(&space, explorer.as_mut(), &mut measurer, 28, seed, None)
                .expect("no log, no error");
            let first = outcome
                .best_so_far
                .iter()
                .position(|b| b.is_some_and(|b| (b - 6.59).abs() < 1e-9));
            found.push(first.map_or("never".to_string(), |i| (i + 1).to_string()));
        }
        println!("| {} | {} |", explorer.name(), found.join(", "));
    }
}
