//! `strata-run --target aie`: the command line around `strata_aie`, which
//! vectorizes the entry's `linalg.conv_2d` for the AI Engine and runs the
//! C kernel over the emulation header; with `--check`, the interpreter
//! runs the original function on the same inputs and every buffer is
//! compared bit for bit; `--stats` prints the cycle model's numbers.

use crate::run::RunOptions;
use std::process::ExitCode;
use strata_interp::inputs::{extract, instantiate, random_data_in, Data, Rng};
use strata_interp::{Interpreter, Registry};
use strata_ir::{Context, Diagnostic, Ir, OpId, Type};

fn fail(message: impl AsRef<str>) -> ExitCode {
    eprintln!("strata-run: error: {}", message.as_ref());
    ExitCode::FAILURE
}

/// The memref arguments' contents after the interpreter runs `func`.
fn interpret(
    ctx: &Context,
    ir: &Ir,
    module: OpId,
    func: OpId,
    types: &[Type],
    args: &[Data],
) -> Result<Vec<Data>, String> {
    let registry = Registry::standard();
    let mut it = Interpreter::new(ctx, ir, module, &registry);
    let values = types
        .iter()
        .zip(args)
        .map(|(&ty, d)| instantiate(&mut it, ty, d))
        .collect::<Result<Vec<_>, _>>()?;
    it.call(func, values.clone())
        .map_err(|e| e.to_diagnostic(ctx).message)?;
    values.iter().map(|v| extract(&it, v)).collect()
}

/// Runs the AIE target on the entry `func` of `module`.
#[allow(clippy::too_many_arguments)]
pub fn run_aie(
    ctx: &Context,
    ir: &mut Ir,
    module: OpId,
    func: OpId,
    options: &RunOptions,
    inputs: &[Type],
    input_data: &dyn Fn(usize, Type) -> Option<Result<Data, String>>,
    report: &dyn Fn(&Diagnostic) -> ExitCode,
) -> ExitCode {
    let mut rng = Rng::new(options.seed);
    let mut args = Vec::new();
    for (i, &ty) in inputs.iter().enumerate() {
        let data = input_data(i, ty)
            .unwrap_or_else(|| random_data_in(ctx, ty, options.distribution(), &mut rng));
        match data {
            Ok(d) => args.push(d),
            Err(e) => return fail(format!("argument #{i}: {e}")),
        }
    }
    let reference = match options
        .check
        .then(|| interpret(ctx, ir, module, func, inputs, &args))
    {
        Some(Err(e)) => return fail(format!("interpreter: {e}")),
        Some(Ok(r)) => Some(r),
        None => None,
    };
    let vectorizer = strata_lowering_linalg_to_aie::Options {
        cross_row: !options.no_cross_row,
    };
    let compiled = match strata_aie::run::compile(ctx, ir, func, vectorizer) {
        Ok(c) => c,
        Err(d) => return report(&d),
    };
    let outputs = match strata_aie::run::execute(&compiled, &args) {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    if let Some(reference) = reference {
        let mut elements = 0;
        for (k, (got, want)) in outputs.iter().zip(&reference).enumerate() {
            let (Data::Shaped { elems: g, .. }, Data::Shaped { elems: w, .. }) = (got, want) else {
                return fail("the AIE target takes memref arguments");
            };
            if let Some(at) = (0..g.len()).find(|&i| g[i] != w[i]) {
                let differ = (0..g.len()).filter(|&i| g[i] != w[i]).count();
                return fail(format!(
                    "check FAILED: argument #{k}: {differ} of {} elements differ from the interpreter; first at flat index {at}: aie {:?} vs interpreter {:?}",
                    g.len(),
                    g[at],
                    w[at]
                ));
            }
            elements += g.len();
        }
        println!("check: OK, {elements} elements bit-exact with the interpreter");
    }
    if options.stats {
        let e = &compiled.estimate;
        println!("macs: {}", compiled.macs);
        println!("cycles: {}", e.cycles);
        println!(
            "slots: {} loads, {} stores, {} vector ops",
            e.loads, e.stores, e.vector_ops
        );
        println!(
            "macs-per-cycle: {:.2}",
            compiled.macs as f64 / e.cycles.max(1) as f64
        );
    }
    let typed: Vec<(Type, Data)> = inputs.iter().copied().zip(outputs).collect();
    crate::run::emit_outputs(ctx, options, &typed)
}
