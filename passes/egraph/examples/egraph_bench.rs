//! Times saturation + extraction for every conv layer of ResNet-18 and of a
//! DeepBench set, under the default limits, and prints one row per layer:
//! chosen MACs (padding waste included) next to the plain pad-to-intrinsic
//! layout's, the strategy, the stop reason and the times.
//!
//! `cargo run --release -p strata-egraph --example egraph_bench -- \
//!     [--target vta] [--csv ../shared/data/deepbench_conv.csv] \
//!     [--set inference_server_set] [--only-low-channels] [--extract greedy|ilp] [--disable im2col,...]`

use std::time::Duration;
use strata_egraph::engine::{stop_reason_text, strategy, total_macs};
use strata_egraph::problems::{deepbench, deepbench_csv_path, resnet18, ConvLayer};
use strata_egraph::{optimize, ExtractMode, Options, Target};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let get = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let target = Target::by_name(&get("--target").unwrap_or("vta".into())).expect("unknown target");
    let csv_path = get("--csv").map_or_else(deepbench_csv_path, Into::into);
    let set = get("--set").unwrap_or("inference_server_set".into());
    let low = args.iter().any(|a| a == "--only-low-channels");
    let extract =
        ExtractMode::parse(&get("--extract").unwrap_or("greedy".into())).expect("greedy|ilp");
    let csv = std::fs::read_to_string(&csv_path).unwrap_or_else(|e| {
        eprintln!("{}: {e}", csv_path.display());
        std::process::exit(1)
    });
    let mut layers: Vec<ConvLayer> = if low { vec![] } else { resnet18() };
    layers.extend(
        deepbench(&csv, &set)
            .into_iter()
            .filter(|l| !low || l.c == 1 || l.c == 3),
    );
    let disable: Vec<String> = get("--disable")
        .map(|d| d.split(',').map(String::from).collect())
        .unwrap_or_default();
    let opts = Options {
        extract,
        disable,
        ..Options::default()
    };
    println!(
        "target={} extract={} node-limit={} iter-limit={} time-limit-ms={}",
        target.name,
        extract.name(),
        opts.node_limit,
        opts.iter_limit,
        opts.time_limit.as_millis()
    );
    println!(
        "| layer | NCHW | F,KHxKW,pad,stride | macs | padded-macs | chosen-macs | chosen/padded | moved | strategy | stop | nodes | sat ms | ext ms |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let mut slowest = (Duration::ZERO, String::new());
    let mut total = Duration::ZERO;
    for l in &layers {
        let (expr, analysis) = l.term();
        let (oh, ow) = l.out_hw();
        let padded = target.padded_conv_macs(l.n, l.c, l.f, oh * ow, l.kh * l.kw);
        let out = optimize(&expr, analysis.clone(), &target, &opts);
        let chosen = total_macs(&out.best, &analysis) as i64;
        let t = out.saturate_time + out.extract_time;
        total += t;
        if t > slowest.0 {
            slowest = (t, l.name.clone());
        }
        println!(
            "| {} | {}x{}x{}x{} | {},{}x{},{:?},{:?} | {} | {} | {} | {:.3} | {:.0} | {} | {} | {} | {:.1} | {:.1} |",
            l.name,
            l.n,
            l.c,
            l.h,
            l.w,
            l.f,
            l.kh,
            l.kw,
            l.pad,
            l.stride,
            l.macs(),
            padded,
            chosen,
            chosen as f64 / padded as f64,
            out.cost.moved,
            strategy(&out.best).join("+"),
            stop_reason_text(&out.stop),
            out.egraph.total_size(),
            out.saturate_time.as_secs_f64() * 1e3,
            out.extract_time.as_secs_f64() * 1e3,
        );
    }
    println!(
        "layers={} total={:.1}ms slowest={} ({:.1}ms)",
        layers.len(),
        total.as_secs_f64() * 1e3,
        slowest.1,
        slowest.0.as_secs_f64() * 1e3
    );
}
