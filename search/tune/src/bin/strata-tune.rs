//! strata-tune: search x86-vectorize's block options for one matmul or
//! NCHW convolution on this CPU.
//!
//! `strata-tune FILE --entry NAME --target x86 --trials N --seed S --log
//! tune.jsonl [--explorer cga|random|ga|annealing]`
//!
//! Every trial runs the pass with the candidate's options, compiles the C,
//! times the kernel and checks it against the interpreter; the log makes a
//! run resumable (the same command continues where the log ends). The
//! output is a table of the fastest trials and the pipeline to give
//! `strata-opt --pass-pipeline=...`.

use clap::Parser;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Duration;
use strata_ir::Diagnostic;
use strata_tune::cpu::Cpu;
use strata_tune::measure::{MeasureConfig, NativeMeasurer, Workload};
use strata_tune::space::{default_pipeline, SpaceError, X86Space};
use strata_tune_search::{
    Annealing, Candidate, Cga, ExploreError, Explorer, LogError, Measurement, PlainGa,
    RandomSearch, Trials, TuningLog,
};

#[derive(Parser, Debug)]
#[command(
    name = "strata-tune",
    about = "Search x86-vectorize's block options for a matmul or NCHW convolution on this CPU"
)]
struct Args {
    /// The MLIR file holding the function.
    file: String,
    /// The function with one linalg.matmul or linalg.conv_2d_nchw_fchw.
    #[arg(long)]
    entry: String,
    /// What to tune for (x86: this CPU, through x86-vectorize and the C back end).
    #[arg(long, default_value = "x86")]
    target: String,
    /// Measurements (trials), those replayed from the log included.
    #[arg(long, default_value_t = 64)]
    trials: usize,
    /// The explorer's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The JSON-lines tuning log; a run with the same explorer and seed continues it.
    #[arg(long)]
    log: Option<String>,
    /// cga (Heron's constraint-based GA), random, ga (plain GA) or annealing.
    #[arg(long, default_value = "cga")]
    explorer: String,
    /// Timed calls per trial (the median is the cost).
    #[arg(long, default_value_t = 10)]
    repeat: u64,
    /// Untimed calls before them.
    #[arg(long, default_value_t = 2)]
    warmup: u64,
    /// Seconds a compiled trial may run before it is killed (and invalid).
    #[arg(long, default_value_t = 60.0)]
    timeout: f64,
    /// Ops the interpreter's reference run may execute (a linalg.matmul
    /// counts its multiply-adds).
    #[arg(long, default_value_t = strata_interp::DEFAULT_STEP_LIMIT)]
    max_steps: u64,
    /// Seed of the random inputs (and the interpreter's reference).
    #[arg(long, default_value_t = 1)]
    input_seed: u64,
    /// Also measure x86-vectorize's own choice (isa=native, default blocks).
    #[arg(long)]
    baseline: bool,
    /// Rows of the final table.
    #[arg(long, default_value_t = 10)]
    top: usize,
    /// Print the space (the constraint problem and what each rule stands for) and exit.
    #[arg(long)]
    print_space: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Write the module after the best pipeline here (what strata-opt would print).
    #[arg(short = 'o', long = "output")]
    output: Option<String>,
}

fn fail(message: impl AsRef<str>) -> ExitCode {
    eprintln!("strata-tune: error: {}", message.as_ref());
    ExitCode::FAILURE
}

/// A run that cannot go on: the log's errors are located
/// (`tune.jsonl:3:1: error: ...`) and printed as they are; a log of
/// another problem, CPU or explorer version gets a note on what to do.
fn explore_failed(e: ExploreError) -> ExitCode {
    match &e {
        ExploreError::Log(LogError::Malformed { .. })
        | ExploreError::BadRecord { .. }
        | ExploreError::Diverged { .. } => eprintln!("{e}"),
        ExploreError::Log(LogError::Io { .. }) | ExploreError::MeasurerCount { .. } => {
            eprintln!("strata-tune: error: {e}")
        }
    }
    if matches!(
        e,
        ExploreError::Diverged { .. } | ExploreError::BadRecord { .. }
    ) {
        eprintln!(
            "note: a log continues one problem on one CPU; give this run another --log or --seed"
        );
    }
    ExitCode::FAILURE
}

fn explorer(name: &str) -> Option<Box<dyn Explorer>> {
    Some(match name {
        "cga" => Box::new(Cga::new()),
        "random" => Box::new(RandomSearch::default()),
        "ga" => Box::new(PlainGa::default()),
        "annealing" | "anneal" => Box::new(Annealing::default()),
        _ => return None,
    })
}

fn main() -> ExitCode {
    strata_tools::args::exit_quietly_on_closed_pipe();
    let args = Args::parse();
    if args.target != "x86" {
        return fail(format!(
            "unknown target '{}' (strata-tune tunes x86-vectorize: --target x86)",
            args.target
        ));
    }
    let Some(mut explorer) = explorer(&args.explorer) else {
        return fail(format!(
            "unknown explorer '{}' (cga, random, ga or annealing)",
            args.explorer
        ));
    };
    if args.trials == 0 {
        return fail("--trials must be at least 1");
    }
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        return fail("--timeout must be a positive number of seconds");
    }
    let (name, text) = match strata_tools::args::read_text_input(&args.file) {
        Ok(input) => input,
        Err(e) => return fail(e),
    };
    let limits = strata_interp::Limits {
        max_steps: args.max_steps,
        ..strata_interp::Limits::default()
    };
    let workload = match Workload::load_with(&name, &text, &args.entry, args.input_seed, limits) {
        Ok(w) => w,
        Err(rendered) => {
            eprintln!("{rendered}");
            if rendered.contains("step limit of") {
                eprintln!("note: --max-steps raises the limit of the interpreter's reference run");
            }
            return ExitCode::FAILURE;
        }
    };
    let cpu = match Cpu::detect() {
        Ok(c) => c,
        Err(e) => return fail(e.to_string()),
    };
    let gemm = workload.gemm.clone();
    let space = match X86Space::new(&gemm, &cpu) {
        Ok(s) => s,
        Err(SpaceError::Infeasible(conflict)) => {
            let d = Diagnostic::error(
                workload.ir_loc(gemm.op),
                format!(
                    "no x86-vectorize schedule of this {} fits this CPU ({cpu}); \
                     these constraints have no solution together:",
                    gemm.describe()
                ),
            );
            eprintln!("{}\n{conflict}", workload.render(&d));
            return ExitCode::FAILURE;
        }
        Err(e) => return fail(e.to_string()),
    };
    if args.print_space {
        println!("# @{}: {}\n# cpu: {cpu}", args.entry, gemm.describe());
        for line in space.legend() {
            println!("# {line}");
        }
        print!("{}", space.space.problem());
        println!();
        for (constraint, reason) in space.reasons() {
            println!("{constraint:<48} # {reason}");
        }
        return ExitCode::SUCCESS;
    }
    let quiet = args.quiet || !std::io::stderr().is_terminal();
    let header = format!("@{}: {}\ncpu: {cpu}", args.entry, gemm.describe());
    if !quiet {
        eprintln!("{header}");
    }
    let mut log = match args.log.as_deref().map(TuningLog::open).transpose() {
        Ok(l) => l,
        Err(e) => return explore_failed(e.into()),
    };
    let logged = log.as_ref().map_or(0, |l| {
        l.records()
            .iter()
            .filter(|(_, r)| r.explorer == explorer.name() && r.seed == args.seed)
            .count()
    });
    let config = MeasureConfig {
        repeat: args.repeat.max(1),
        warmup: args.warmup,
        timeout: Duration::from_secs_f64(args.timeout),
        ..MeasureConfig::default()
    };
    let bar = ProgressBar::new(args.trials.saturating_sub(logged) as u64);
    if quiet {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    } else {
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} trials [{elapsed_precise}] {msg}")
                .expect("a valid template"),
        );
        if logged > 0 {
            eprintln!(
                "strata-tune: {} trials of {} seed {} in the log",
                logged.min(args.trials),
                explorer.name(),
                args.seed
            );
        }
    }
    let flops = gemm.flops();
    let mut best_now: Option<f64> = None;
    let mut measurer = NativeMeasurer {
        workload: &workload,
        space: &space,
        config: config.clone(),
        report: Some(Box::new(|_: &Candidate, m: &Measurement| {
            if let Some(t) = m.cost() {
                if best_now.is_none_or(|b| t < b) {
                    best_now = Some(t);
                }
            }
            if let Some(b) = best_now {
                bar.set_message(format!(
                    "best {:.3} ms, {:.1} GFLOP/s",
                    b * 1e3,
                    flops / b / 1e9
                ));
            }
            bar.inc(1);
        })),
    };
    let (history, outcome) = {
        let mut trials = match Trials::new(
            &space.space,
            &mut measurer,
            args.trials,
            explorer.name(),
            args.seed,
            log.as_mut(),
        ) {
            Ok(t) => t,
            Err(e) => return explore_failed(e),
        };
        if let Err(e) = explorer.explore(&mut trials) {
            bar.finish_and_clear();
            return explore_failed(e);
        }
        (trials.history().to_vec(), trials.outcome())
    };
    bar.finish_and_clear();
    let baseline = args
        .baseline
        .then(|| workload.measure_pipeline(&default_pipeline(), &config));
    println!("{header}");
    print_table(&space, &history, baseline.as_ref(), flops, args.top);
    println!(
        "{} trials ({} from the log, {} measured now): {} valid, {} invalid",
        outcome.trials,
        outcome.replayed,
        outcome.measured,
        outcome.trials - outcome.invalid,
        outcome.invalid
    );
    let Some((best, _)) = outcome.best else {
        return fail(format!(
            "no valid schedule was measured ({} invalid trials; the first reasons are above)",
            outcome.invalid
        ));
    };
    let pipeline = space.options(&best).pipeline();
    println!("best pipeline: --pass-pipeline='{pipeline}'");
    if let Some(path) = &args.output {
        let written = workload
            .lowered_text(&pipeline)
            .and_then(|text| std::fs::write(path, text).map_err(|e| e.to_string()));
        if let Err(e) = written {
            return fail(format!("could not write '{path}': {e}"));
        }
    }
    ExitCode::SUCCESS
}

/// The fastest trials, the default's time and why the first invalid
/// trials were.
fn print_table(
    space: &X86Space,
    history: &[(Candidate, Measurement)],
    baseline: Option<&Result<strata_tune::measure::Timing, String>>,
    flops: f64,
    top: usize,
) {
    let mut valid: Vec<(usize, &Candidate, f64)> = history
        .iter()
        .enumerate()
        .filter_map(|(i, (c, m))| m.cost().map(|t| (i, c, t)))
        .collect();
    valid.sort_by(|a, b| a.2.total_cmp(&b.2).then(a.0.cmp(&b.0)));
    let invalid: Vec<(usize, &str)> = history
        .iter()
        .enumerate()
        .filter_map(|(i, (_, m))| match m {
            Measurement::Invalid(why) => Some((i, why.as_str())),
            Measurement::Cost(_) => None,
        })
        .collect();
    println!(
        "{:>5}  {:<56} {:>12} {:>10}",
        "trial", "options", "time (ms)", "GFLOP/s"
    );
    for &(i, c, t) in valid.iter().take(top) {
        println!(
            "{:>5}  {:<56} {:>12.4} {:>10.1}",
            i,
            space.options(c).pass_options(),
            t * 1e3,
            flops / t / 1e9
        );
    }
    match baseline {
        Some(Ok(t)) => println!(
            "{:>5}  {:<56} {:>12.4} {:>10.1}",
            "-",
            "default: isa=native",
            t.median * 1e3,
            flops / t.median / 1e9
        ),
        Some(Err(why)) => println!("default (isa=native): invalid: {why}"),
        None => {}
    }
    for (i, why) in invalid.iter().take(3) {
        println!("invalid trial {i}: {}", why.lines().next().unwrap_or(""));
    }
}
