//! `strata-run --target jit` (feature `llvm`): the module translated to
//! LLVM IR ([`strata_lowering_to_llvm`]), optimized and compiled in-process
//! by LLVM's JIT, and called on the same arguments the interpreter would
//! get. Arguments are encoded and outputs decoded, printed and saved by the
//! C target's code ([`crate::run_c`]): both native targets share the C
//! harness's byte format, so their outputs can be compared byte for byte.

use crate::run::emit_outputs;
use crate::run::RunOptions;
use crate::run_c::{decode_outputs, prepare, Prepared};
use std::process::ExitCode;
use strata_interp::inputs::Data;
use strata_interp::inputs::{extract, instantiate};
use strata_interp::{Interpreter, Registry, Scalar};
use strata_ir::diagnostics::{render, SourceFile};
use strata_ir::{Context, Ir, OpId, Type};
use strata_lowering_to_llvm::jit::{self, JitError};

/// Runs `options.entry` of `module` with the LLVM JIT. `source` renders
/// run-time errors as the interpreter does.
#[allow(clippy::too_many_arguments)]
pub fn run_jit(
    ctx: &Context,
    ir: &Ir,
    module: OpId,
    options: &RunOptions,
    name: &str,
    source: &SourceFile,
    given: &dyn Fn(usize, Type) -> Option<Result<Data, String>>,
    report: &dyn Fn(&strata_ir::Diagnostic) -> ExitCode,
) -> ExitCode {
    let Prepared {
        inputs,
        results,
        input_bytes,
        args,
        ..
    } = match prepare(ctx, ir, module, options, name, given) {
        Ok(p) => p,
        Err(code) => return code,
    };
    // A failing site prints what the interpreter prints for the same error.
    let render_site = |site: &strata_lowering_to_llvm::FailSite| {
        let d = strata_ir::Diagnostic::error(site.loc, site.message.clone());
        let mut out = String::new();
        render(ctx, &d, Some(source), &mut out);
        out
    };
    let input_bytes = match input_bytes {
        Ok(b) => b,
        Err(e) => {
            // The translation's diagnostic at the op says more, if it has one.
            if let Err(d) = strata_lowering_to_llvm::translate_to_llvm_ir(ctx, ir, module) {
                return report(&d);
            }
            eprintln!("strata-run: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    match jit::run(ctx, ir, module, &options.entry, &input_bytes, &render_site) {
        Ok(bytes) => {
            let outputs = match decode_outputs(ctx, &inputs, &results, &bytes) {
                Ok(o) => o,
                Err(e) => {
                    eprintln!("strata-run: error: {e}");
                    return ExitCode::FAILURE;
                }
            };
            let code = emit_outputs(ctx, options, &outputs);
            if options.check && code == ExitCode::SUCCESS {
                return check(ctx, ir, module, options, &inputs, &results, &args, &outputs);
            }
            code
        }
        Err(JitError::Diag(d)) => report(&d),
        Err(JitError::Other(message)) => {
            eprintln!("strata-run: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Whether two elements have the same bits (any NaN equals any NaN).
fn same(a: &Scalar, b: &Scalar) -> bool {
    match (a, b) {
        (Scalar::Float(x, _), Scalar::Float(y, _)) => {
            x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan())
        }
        _ => a == b,
    }
}

fn elements(d: &Data) -> Vec<Scalar> {
    match d {
        Data::Scalar(s) => vec![*s],
        Data::Shaped { elems, .. } => elems.clone(),
        Data::Func(_) => Vec::new(),
    }
}

/// `--check`: the interpreter on the same arguments, compared element by
/// element with the JIT's outputs.
#[allow(clippy::too_many_arguments)]
fn check(
    ctx: &Context,
    ir: &Ir,
    module: OpId,
    options: &RunOptions,
    inputs: &[Type],
    results: &[Type],
    args: &[Data],
    outputs: &[(Type, Data)],
) -> ExitCode {
    let fail = |m: String| {
        eprintln!("strata-run: check FAILED: {m}");
        ExitCode::FAILURE
    };
    let registry = Registry::standard();
    let mut it = Interpreter::new(ctx, ir, module, &registry);
    it.step_limit = u64::MAX;
    let Some(func) = it.lookup_symbol(&options.entry) else {
        return fail(format!("no function '@{}'", options.entry));
    };
    let mut values = Vec::new();
    for (i, (&ty, d)) in inputs.iter().zip(args).enumerate() {
        match instantiate(&mut it, ty, d) {
            Ok(v) => values.push(v),
            Err(e) => return fail(format!("argument #{i}: {e}")),
        }
    }
    let returned = match it.call(func, values.clone()) {
        Ok(v) => v,
        Err(e) => return fail(format!("the interpreter failed: {}", e.message)),
    };
    let produced: Vec<_> = if results.is_empty() {
        values.iter().filter(|v| v.as_memref().is_some()).collect()
    } else {
        returned.iter().collect()
    };
    if produced.len() != outputs.len() {
        return fail(format!(
            "{} outputs from the JIT, {} from the interpreter",
            outputs.len(),
            produced.len()
        ));
    }
    let mut count = 0;
    for (k, (v, (_, got))) in produced.into_iter().zip(outputs).enumerate() {
        let want = match extract(&it, v) {
            Ok(d) => elements(&d),
            Err(e) => return fail(format!("output #{k}: {e}")),
        };
        let got = elements(got);
        if want.len() != got.len() {
            return fail(format!(
                "output #{k}: {} elements vs {}",
                got.len(),
                want.len()
            ));
        }
        let bad: Vec<usize> = (0..want.len())
            .filter(|&i| !same(&want[i], &got[i]))
            .collect();
        if let Some(&i) = bad.first() {
            return fail(format!(
                "output #{k}: {} of {} elements differ from the interpreter; first at flat index {i}: jit {:?} vs interpreter {:?}",
                bad.len(),
                want.len(),
                got[i],
                want[i]
            ));
        }
        count += want.len();
    }
    println!("check: OK, {count} elements bit-exact with the interpreter");
    ExitCode::SUCCESS
}
