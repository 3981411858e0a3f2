//! `strata-run --target jit` (feature `llvm`): the module translated to
//! LLVM IR ([`strata_lowering_to_llvm`]), optimized and compiled in-process
//! by LLVM's JIT, and called on the same arguments the interpreter would
//! get. Arguments are encoded and outputs decoded, printed and saved by the
//! C target's code ([`crate::run_c`]): both native targets share the C
//! harness's byte format, so their outputs can be compared byte for byte.

use crate::run::RunOptions;
use crate::run_c::{finish, prepare, Prepared};
use std::process::ExitCode;
use strata_interp::inputs::Data;
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
        Ok(bytes) => finish(ctx, options, &inputs, &results, &bytes),
        Err(JitError::Diag(d)) => report(&d),
        Err(JitError::Other(message)) => {
            eprintln!("strata-run: error: {message}");
            ExitCode::FAILURE
        }
    }
}
