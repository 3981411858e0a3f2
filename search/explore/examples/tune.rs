//! Tune the GEMM space against its roofline cost with a tuning log:
//! interrupt it and run it again, and it continues where the log ends.
//!
//! `cargo run --release -p strata-tune-search --example tune -- LOG [EXPLORER] [BUDGET] [SEED]`
//! with EXPLORER one of cga (the default), random, ga, anneal.

use std::process::ExitCode;
use strata_tune_search::synthetic::{gemm_space, GemmRoofline};
use strata_tune_search::{
    tune, Annealing, Candidate, Cga, Explorer, FnMeasurer, PlainGa, RandomSearch, Space, TuningLog,
};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: tune LOG [cga|random|ga|anneal] [BUDGET] [SEED]");
        return ExitCode::FAILURE;
    };
    let mut explorer: Box<dyn Explorer> = match args.get(1).map_or("cga", String::as_str) {
        "cga" => Box::new(Cga::new()),
        "random" => Box::new(RandomSearch::default()),
        "ga" => Box::new(PlainGa::default()),
        "anneal" => Box::new(Annealing::default()),
        other => {
            eprintln!("error: unknown explorer '{other}'");
            return ExitCode::FAILURE;
        }
    };
    let number = |i: usize, default: u64| -> Option<u64> {
        args.get(i).map_or(Some(default), |s| s.parse().ok())
    };
    let (Some(budget), Some(seed)) = (number(2, 200), number(3, 1)) else {
        eprintln!("error: BUDGET and SEED are non-negative integers");
        return ExitCode::FAILURE;
    };
    let space = gemm_space();
    let roofline = GemmRoofline::new(&space).expect("the GEMM space has the roofline's variables");
    let mut log = match TuningLog::open(path) {
        Ok(log) => log,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut measurer = FnMeasurer(|_: &Space, c: &Candidate| roofline.measure(c));
    match tune(
        &space,
        explorer.as_mut(),
        &mut measurer,
        budget as usize,
        seed,
        Some(&mut log),
    ) {
        Ok(outcome) => {
            println!(
                "{} seed {seed}: {} trials ({} from the log, {} measured now), best {}",
                explorer.name(),
                outcome.trials,
                outcome.replayed,
                outcome.measured,
                outcome
                    .best
                    .map_or("none".to_string(), |(_, b)| format!("{b:.3}"))
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
