//! What `strata-run` does to a program before a target's translator sees
//! it, so that every target accepts any program of the standard dialects,
//! on tensors or memrefs, without the user knowing a pipeline.
//!
//! Two steps. First only the entry function and the symbols it reaches
//! (callees, globals) are kept: a module may hold functions a target cannot
//! translate (a tensor function beside a memref kernel), and they must not
//! stop the one that runs. Then the target's pipeline runs, an ordinary
//! pass pipeline that `--print-pipeline` shows and `--pipeline` replaces:
//!
//! | target | default pipeline | then |
//! |---|---|---|
//! | `interp` | none: the interpreter runs every dialect | interpreted |
//! | `c` | elementwise arith/math on tensors to linalg, bufferize (function boundaries, identity layouts), `x86-vectorize{isa=native}`, linalg to loops, `lower-affine` | C, compiled and run |
//! | `jit` | elementwise to linalg, bufferize, linalg to loops, `lower-affine`, `convert-scf-to-cf` | LLVM IR, JIT-compiled |
//! | `vta` | none: `linalg-to-vta` and `vta-lower-tiles` are the target's code generator | simulated |
//!
//! Each step is a no-op on a program already in the target's form, so a
//! hand-lowered module runs as before. `x86-vectorize` only rewrites the
//! named matmuls and convolutions it has kernels for; its f32 kernels use
//! FMA, so their results may differ from the interpreter's in the last
//! bits (compare with `--expect ... --rtol`), while integer results and
//! everything lowered to loops are bit-exact.

use strata_ir::symbol_table::{self, Visibility};
use strata_ir::{Context, Ir, OpId};

/// One-shot bufferization as the native targets need it: whole functions,
/// with identity-layout memrefs in their signatures (the calling convention
/// of the C and LLVM harnesses).
const BUFFERIZE: &str = "one-shot-bufferize{bufferize-function-boundaries \
                         function-boundary-type-conversion=identity-layout-map}";

/// The pipeline `target` runs by default (`None`: the target takes the
/// program as it is).
pub fn default_pipeline(target: &str) -> Option<String> {
    match target {
        "c" => Some(format!(
            "builtin.module(func.func(convert-elementwise-to-linalg),{BUFFERIZE},\
             x86-vectorize{{isa=native}},func.func(convert-linalg-to-loops),lower-affine)"
        )),
        "jit" => Some(format!(
            "builtin.module(func.func(convert-elementwise-to-linalg),{BUFFERIZE},\
             func.func(convert-linalg-to-loops),lower-affine,convert-scf-to-cf)"
        )),
        _ => None,
    }
}

/// Erases every top-level symbol of `module` that `entry` does not reach
/// through symbol references (transitively). Fails when `module` has no
/// symbol named `entry`.
pub fn keep_entry_and_reachable(
    ctx: &Context,
    ir: &mut Ir,
    module: OpId,
    entry: &str,
) -> Result<(), String> {
    let body = ir
        .regions(module)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .ok_or("the module has no body")?;
    let top: Vec<OpId> = ir.block_ops(body).collect();
    let Some(&entry_op) = top
        .iter()
        .find(|&&op| symbol_table::symbol_name(ctx, ir, op) == Some(entry))
    else {
        return Err(format!("no function named '@{entry}'"));
    };
    // Symbol DCE with the entry as the only public symbol is exactly
    // "what the entry reaches", with MLIR's rules for nested references.
    for &op in &top {
        if op != entry_op
            && symbol_table::is_symbol(ctx, ir, op)
            && symbol_table::visibility(ctx, ir, op) != Visibility::Private
        {
            symbol_table::set_visibility(ctx, ir, op, Visibility::Private);
        }
    }
    strata_passes::symbol_dce::symbol_dce(ctx, ir, module, false)
        .map(|_| ())
        .map_err(|d| d.message)
}
