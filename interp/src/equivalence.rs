//! Differential testing: a function must compute the same results before
//! and after a transformation, on random inputs. Integers must agree bit
//! for bit; floats within a number of ulps of their format (passes may
//! reassociate). A trial where the original program fails (division by
//! zero on these inputs, ...) is skipped; a trial where only the
//! transformed program fails is a mismatch.
//!
//! Trials alternate between small values and the full range of each type
//! ([`Distribution`]): even trials draw small values, which keep indices,
//! trip counts and divisors valid so the program runs through; odd trials
//! draw from the whole range, edge values included, which is where
//! wrapping, overflow and special-value bugs show. A full-range input can
//! make a loop bounded by an argument run for 2^63 iterations, so a
//! full-range trial runs under a step budget of its own (a few times what
//! the first small trial took, at least [`FULL_RANGE_MIN_STEPS`]); an
//! original that exceeds it is skipped as inconclusive, where a small
//! trial that reaches a limit fails the check.

use crate::inputs::{extract, instantiate, random_data_in, ulp_distance, Data, Distribution, Rng};
use crate::{Interpreter, Registry, Scalar};
use strata_dialect_func::FuncOp;
use strata_ir::{Context, Ir, OpId, Type};

/// The smallest step budget of a full-range trial.
pub const FULL_RANGE_MIN_STEPS: u64 = 1_000_000;

/// How many times the steps of the first small trial a full-range trial may take.
const FULL_RANGE_STEP_FACTOR: u64 = 8;

#[derive(Clone, Debug)]
pub struct EquivalenceOptions {
    /// Only this function; every public function with a body when `None`.
    pub entry: Option<String>,
    pub seed: u64,
    pub trials: usize,
    /// Allowed distance between floats, in ulps of their format.
    pub float_ulps: u64,
    /// Bounds of each run; a run of the original that reaches one fails the
    /// check (it is not skipped like a trial the program itself rejects).
    pub limits: crate::Limits,
}

impl Default for EquivalenceOptions {
    fn default() -> Self {
        Self {
            entry: None,
            seed: 1,
            trials: 3,
            float_ulps: 64,
            limits: crate::Limits::default(),
        }
    }
}

/// What was checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EquivalenceReport {
    pub functions: usize,
    pub trials_run: usize,
    pub trials_skipped: usize,
    /// Full-range trials that were run and compared.
    pub full_range_trials_run: usize,
}

fn functions(ctx: &Context, ir: &Ir, module: OpId) -> Vec<(String, OpId)> {
    let mut out = Vec::new();
    for &region in ir.regions(module) {
        for &block in ir.region_blocks(region) {
            for op in ir.block_ops(block) {
                if !FuncOp::is(ctx, ir, op) {
                    continue;
                }
                let Some(name) = strata_ir::symbol_table::symbol_name(ctx, ir, op) else {
                    continue;
                };
                out.push((name.to_string(), op));
            }
        }
    }
    out
}

fn signature(ctx: &Context, ir: &Ir, func: OpId) -> Option<(Vec<Type>, Vec<Type>)> {
    strata_dialect_func::ops_function_signature(ctx, ir, func)
}

fn compare(a: &Data, b: &Data, ulps: u64) -> Result<(), String> {
    let scalar = |x: &Scalar, y: &Scalar| -> bool {
        match (x, y) {
            (Scalar::Int(p, _), Scalar::Int(q, _)) => p == q,
            (Scalar::Float(p, k), Scalar::Float(q, _)) => ulp_distance(*p, *q, *k) <= ulps,
            _ => false,
        }
    };
    match (a, b) {
        (Data::Scalar(x), Data::Scalar(y)) if scalar(x, y) => Ok(()),
        (Data::Scalar(x), Data::Scalar(y)) => Err(format!("{x:?} before, {y:?} after")),
        (
            Data::Shaped {
                shape: s1,
                elems: e1,
            },
            Data::Shaped {
                shape: s2,
                elems: e2,
            },
        ) => {
            if s1 != s2 {
                return Err(format!("shape {s1:?} before, {s2:?} after"));
            }
            for (i, (x, y)) in e1.iter().zip(e2).enumerate() {
                if !scalar(x, y) {
                    return Err(format!("element {i}: {x:?} before, {y:?} after"));
                }
            }
            Ok(())
        }
        (Data::Func(x), Data::Func(y)) if x == y => Ok(()),
        _ => Err("different kinds of values".into()),
    }
}

/// Runs every checked function of `before` and `after` on the same random
/// inputs and compares results and memref arguments.
pub fn check_equivalence(
    ctx: &Context,
    before: (&Ir, OpId),
    after: (&Ir, OpId),
    options: &EquivalenceOptions,
) -> Result<EquivalenceReport, String> {
    let registry = Registry::standard();
    let mut report = EquivalenceReport::default();
    let after_funcs = functions(ctx, after.0, after.1);
    for (name, func) in functions(ctx, before.0, before.1) {
        let private = before
            .0
            .attr(ctx, func, "sym_visibility")
            .and_then(|a| ctx.string_value(a))
            .is_some_and(|v| v != "public");
        let declaration = before
            .0
            .regions(func)
            .first()
            .is_none_or(|&r| before.0.region_is_empty(r));
        match &options.entry {
            Some(entry) if entry != &name => continue,
            None if private || declaration => continue,
            _ => {}
        }
        let Some((inputs, _)) = signature(ctx, before.0, func) else {
            continue;
        };
        let Some(&(_, after_func)) = after_funcs.iter().find(|(n, _)| *n == name) else {
            return Err(format!("@{name} disappeared"));
        };
        // Bufferizing function boundaries turns tensor arguments into
        // memrefs of the same shape: they get the same data.
        let after_inputs = signature(ctx, after.0, after_func)
            .map(|s| s.0)
            .unwrap_or_default();
        let compatible = after_inputs.len() == inputs.len()
            && inputs.iter().zip(&after_inputs).all(|(&a, &b)| {
                a == b
                    || (matches!(ctx.type_data(a), strata_ir::TypeData::RankedTensor { .. })
                        && matches!(ctx.type_data(b), strata_ir::TypeData::MemRef { .. })
                        && ctx.shape(a) == ctx.shape(b)
                        && ctx.element_type_or_self(a) == ctx.element_type_or_self(b))
            });
        if !compatible {
            return Err(format!("@{name} changed its signature"));
        }
        report.functions += 1;
        let ran_before = report.trials_run;
        // Steps the first small trial of the original took.
        let mut small_steps: Option<u64> = None;
        for trial in 0..options.trials {
            let seed = options.seed.wrapping_add(trial as u64);
            let full = trial % 2 == 1;
            let distribution = if full {
                Distribution::Full
            } else {
                Distribution::Small
            };
            let mut limits = options.limits;
            if full {
                let budget = small_steps
                    .unwrap_or(0)
                    .saturating_mul(FULL_RANGE_STEP_FACTOR)
                    .max(FULL_RANGE_MIN_STEPS);
                limits.max_steps = limits.max_steps.min(budget);
            }
            let trial_name = if full {
                format!("seed {seed}, full range")
            } else {
                format!("seed {seed}, small values")
            };
            let mut rng = Rng::new(seed);
            let data: Vec<Data> = inputs
                .iter()
                .map(|&t| random_data_in(ctx, t, distribution, &mut rng))
                .collect::<Result<_, _>>()
                .map_err(|e| format!("@{name}: {e}"))?;
            // Errors: (message, whether a limit stopped the run).
            let run = |ir: &Ir,
                       module: OpId,
                       types: &[Type],
                       limits: crate::Limits,
                       steps: &mut u64|
             -> Result<Vec<Data>, (String, bool)> {
                let mut it = Interpreter::new(ctx, ir, module, &registry);
                it.set_limits(limits);
                let args = types
                    .iter()
                    .zip(&data)
                    .map(|(&t, d)| instantiate(&mut it, t, d))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| (e, false))?;
                let called = it.call_by_name(&name, args.clone());
                *steps = it.steps;
                let results = called.map_err(|e| {
                    let d = e.to_diagnostic(ctx);
                    let mut s = String::new();
                    strata_ir::diagnostics::render(ctx, &d, None, &mut s);
                    (s.trim_end().to_string(), e.limit)
                })?;
                let mut out = Vec::new();
                for r in &results {
                    out.push(extract(&it, r).map_err(|e| (e, false))?);
                }
                // Memref arguments of the original signature are outputs too.
                for (a, &t) in args.iter().zip(&inputs) {
                    if a.as_memref().is_some()
                        && matches!(ctx.type_data(t), strata_ir::TypeData::MemRef { .. })
                    {
                        out.push(extract(&it, a).map_err(|e| (e, false))?);
                    }
                }
                Ok(out)
            };
            let mut steps = 0;
            let expected = match run(before.0, before.1, &inputs, limits, &mut steps) {
                Ok(v) => v,
                // A full-range input may make the program run for as long
                // as its values allow: inconclusive, not a failure.
                Err((_, true)) if full => {
                    report.trials_skipped += 1;
                    continue;
                }
                Err((e, true)) => {
                    return Err(format!(
                        "@{name} ({trial_name}): the original function stopped: {e}"
                    ))
                }
                Err(_) => {
                    report.trials_skipped += 1;
                    continue;
                }
            };
            if !full && small_steps.is_none() {
                small_steps = Some(steps);
            }
            // The transformed program runs under the user's limits: it may
            // take many times the original's steps (a layout change adds
            // gathers), and only a wrong one runs on.
            limits.max_steps = options.limits.max_steps;
            let actual = run(after.0, after.1, &after_inputs, limits, &mut steps).map_err(|(e, _)| {
                format!("@{name} ({trial_name}): the original ran but the transformed function failed: {e}")
            })?;
            if expected.len() != actual.len() {
                return Err(format!(
                    "@{name} ({trial_name}): different numbers of results"
                ));
            }
            for (i, (x, y)) in expected.iter().zip(&actual).enumerate() {
                compare(x, y, options.float_ulps)
                    .map_err(|e| format!("@{name} ({trial_name}): output #{i} differs: {e}"))?;
            }
            report.trials_run += 1;
            if full {
                report.full_range_trials_run += 1;
            }
        }
        // A check where the original never ran would prove nothing.
        if options.trials > 0 && report.trials_run == ran_before {
            return Err(format!(
                "@{name}: the original function failed on all {} random inputs, so nothing was compared",
                options.trials
            ));
        }
    }
    if let Some(entry) = &options.entry {
        if report.functions == 0 {
            return Err(format!("no function named '@{entry}' to check"));
        }
    }
    Ok(report)
}
