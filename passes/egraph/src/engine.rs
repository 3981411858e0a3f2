//! Bounded equality saturation and extraction: the one entry point.
//!
//! [`optimize`] adds a term to a fresh graph, runs the rules of
//! [`crate::rules`] under explicit node, iteration and time limits (named
//! constants below, overridable per call), extracts the cheapest term for
//! the target, and reports why saturation stopped and what it cost.

use crate::analysis::{TensorAnalysis, TensorGraph};
use crate::cost::{contraction_macs, Cost, Target};
use crate::extract::{dag_cost, greedy, ilp, ExtractMode};
use crate::lang::{Op, TNode};
use egg::{Id, RecExpr, Runner, StopReason};
use std::time::{Duration, Instant};

/// Default bound on e-nodes.
pub const DEFAULT_NODE_LIMIT: usize = 20_000;
/// Default bound on saturation iterations.
pub const DEFAULT_ITER_LIMIT: usize = 12;
/// Default bound on saturation time.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_millis(2_000);

/// Limits and the extraction method.
#[derive(Debug, Clone)]
pub struct Options {
    pub node_limit: usize,
    pub iter_limit: usize,
    pub time_limit: Duration,
    pub extract: ExtractMode,
    /// Rules left out (by name), e.g. `im2col` to see the convolution-form strategies.
    pub disable: Vec<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            node_limit: DEFAULT_NODE_LIMIT,
            iter_limit: DEFAULT_ITER_LIMIT,
            time_limit: DEFAULT_TIME_LIMIT,
            extract: ExtractMode::Greedy,
            disable: Vec::new(),
        }
    }
}

/// What a run produced.
pub struct Outcome {
    pub egraph: TensorGraph,
    pub root: Id,
    pub best: RecExpr<TNode>,
    /// DAG cost of `best`.
    pub cost: Cost,
    /// DAG cost of the input term in the same model.
    pub input_cost: Cost,
    pub stop: StopReason,
    pub iterations: usize,
    pub saturate_time: Duration,
    pub extract_time: Duration,
    /// The extractor that produced `best` (greedy when ILP declined).
    pub extracted_by: ExtractMode,
    /// Why the requested extractor was not used, if it was not.
    pub note: Option<String>,
    /// How many times each rule changed the graph, summed over the
    /// iterations (rules that never fired are left out), in rule-table
    /// order: what `--egraph-dump` lists so a test can tell a rule fired.
    pub applied: Vec<(String, usize)>,
}

/// The stop reason as one word plus detail (`saturated`, `iter-limit 12`, ...).
pub fn stop_reason_text(stop: &StopReason) -> String {
    match stop {
        StopReason::Saturated => "saturated".into(),
        StopReason::IterationLimit(n) => format!("iter-limit({n})"),
        StopReason::NodeLimit(n) => format!("node-limit({n})"),
        StopReason::TimeLimit(t) => format!("time-limit({:.0}ms)", t * 1000.0),
        StopReason::Other(s) => format!("other({s})"),
    }
}

/// Saturates `expr` with the rules for `target` and extracts the best term.
pub fn optimize(
    expr: &RecExpr<TNode>,
    analysis: TensorAnalysis,
    target: &Target,
    opts: &Options,
) -> Outcome {
    let start = Instant::now();
    let runner = Runner::<TNode, TensorAnalysis>::new(analysis)
        .with_node_limit(opts.node_limit)
        .with_iter_limit(opts.iter_limit)
        .with_time_limit(opts.time_limit)
        .with_scheduler(egg::SimpleScheduler)
        .with_expr(expr)
        .run(
            &crate::rules::rules(target)
                .into_iter()
                .filter(|r| !opts.disable.iter().any(|d| r.name.as_str() == d))
                .collect::<Vec<_>>(),
        );
    let saturate_time = start.elapsed();
    let root = runner.egraph.find(runner.roots[0]);
    let stop = runner.stop_reason.clone().unwrap_or(StopReason::Saturated);
    let iterations = runner.iterations.len();
    let applied = crate::rules::RULE_NAMES
        .iter()
        .filter_map(|name| {
            let n: usize = runner
                .iterations
                .iter()
                .filter_map(|it| it.applied.get(&egg::Symbol::from(*name)))
                .sum();
            (n > 0).then(|| (name.to_string(), n))
        })
        .collect();
    let egraph = runner.egraph;

    let start = Instant::now();
    let (mut extracted_by, mut note) = (opts.extract, None);
    // The input term is in the graph, so greedy always has a program for
    // the root; should the model price every form at infinity, the input
    // stays as it is.
    let greedy_or_input = || greedy(&egraph, target, root).map_or_else(|| expr.clone(), |b| b.1);
    let best = match opts.extract {
        ExtractMode::Greedy => greedy_or_input(),
        ExtractMode::Ilp => match ilp(&egraph, target, root) {
            Ok((_, e)) => e,
            Err(why) => {
                extracted_by = ExtractMode::Greedy;
                note = Some(why);
                greedy_or_input()
            }
        },
    };
    let extract_time = start.elapsed();
    let cost = dag_cost(&egraph, target, &best);
    let input_cost = dag_cost(&egraph, target, expr);
    Outcome {
        egraph,
        root,
        best,
        cost,
        input_cost,
        stop,
        iterations,
        saturate_time,
        extract_time,
        extracted_by,
        note,
        applied,
    }
}

/// Which rewrites a term shows, by the operators it contains (for remarks
/// and tables), in the order they act on the input whatever the order of
/// the term's nodes (equal-cost programs list the same words the same
/// way): `pad`, `image-pack`, `stencil-unroll`, `im2col`,
/// `dilated-to-dense`, `batch-from-image`, `blocked(<layout>)`, `fused`.
pub fn strategy(expr: &RecExpr<TNode>) -> Vec<String> {
    strategy_where(expr, |_| true)
}

/// [`strategy`] counting only the nodes `keep` accepts (by index in `expr`):
/// one layer's rewrites when the term also holds the layers feeding it.
pub fn strategy_where(expr: &RecExpr<TNode>, keep: impl Fn(usize) -> bool) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut push = |s: String| {
        if !out.contains(&s) {
            out.push(s)
        }
    };
    for (id, n) in expr.items() {
        if !keep(usize::from(id)) {
            continue;
        }
        match &n.op {
            Op::ImagePack(_) => push("image-pack".into()),
            Op::Unfold { step, .. } if *step == 1 => push("stencil-unroll".into()),
            // A matmul is im2col's only when windows were unfolded for it
            // (a matmul of the input program is just a matmul).
            Op::Matmul { .. }
                if expr
                    .items()
                    .any(|(i, u)| keep(usize::from(i)) && matches!(u.op, Op::Unfold { .. })) =>
            {
                push("im2col".into())
            }
            Op::Pad { .. } => push("pad".into()),
            Op::BlockedConv { layout, epi, .. } => {
                push(format!("blocked({layout})"));
                if epi.is_some() {
                    push("fused".into())
                }
            }
            Op::Interleave(_) => push("dilated-to-dense".into()),
            // batch-from-image: reshape(transpose[0,3,1,2,4](unfold_H(x))).
            Op::Reshape(_) => {
                let t = &expr[n.children[0]];
                if matches!(&t.op, Op::Transpose(p) if **p == [0, 3, 1, 2, 4])
                    && matches!(expr[t.children[0]].op, Op::Unfold { axis: 2, .. })
                {
                    push("batch-from-image".into())
                }
            }
            Op::Conv2d { epi: Some(_), .. } => push("fused".into()),
            _ => {}
        }
    }
    const ORDER: [&str; 8] = [
        "pad",
        "image-pack",
        "stencil-unroll",
        "im2col",
        "dilated-to-dense",
        "batch-from-image",
        "blocked",
        "fused",
    ];
    out.sort_by_key(|word| ORDER.iter().position(|o| word.starts_with(o)));
    out
}

/// Total MACs of the contractions in `expr` (padding waste included: the
/// padded shapes are the real ones).
pub fn total_macs(expr: &RecExpr<TNode>, analysis: &TensorAnalysis) -> f64 {
    let mut data = Vec::with_capacity(expr.len());
    let mut macs = 0.0;
    for (_, n) in expr.items() {
        let kids: Vec<&crate::analysis::Data> =
            n.children.iter().map(|&c| &data[usize::from(c)]).collect();
        let d = crate::analysis::infer(&n.op, &kids, &analysis.inputs)
            .unwrap_or_else(|_| crate::analysis::invalid());
        if let Some((m, _)) = contraction_macs(n, &d, &kids) {
            macs += m;
        }
        data.push(d);
    }
    macs
}
