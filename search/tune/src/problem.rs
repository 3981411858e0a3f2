//! The operator being tuned: one `linalg.matmul` or
//! `linalg.conv_2d_nchw_fchw` on statically shaped memrefs in a function,
//! seen as the GEMM x86-vectorize makes of it.
//!
//! x86-vectorize writes every op it handles as `C[b, m, n] += sum A[b, m,
//! ko, k] * B[b, ko, k, n]` (lowering/x86-vectorize/src/lib.rs): a matmul
//! is M x K times K x N; an NCHW convolution takes the filters as M, the
//! output pixels as N and, with AVX-512, the channels as the inner K (the
//! taps an outer loop), with AVX2 channels x taps flattened. The block
//! options `mr`, `nr`, `kc`, `mc`, `nc` cut those M, N and inner K, so
//! they are the extents the space's "block within the problem" rules use.
//!
//! Whether the pass takes the op is not judged here a second time: the
//! tuner runs the pass on a copy and requires the op to be gone
//! ([`crate::measure`]), so the rules the pass applies (identity layouts,
//! the default indexing maps, signed casts) stay in one place.

use crate::cpu::Isa;
use strata_ir::{Context, Diagnostic, Ir, OpId};

use strata_dialect_linalg::{Conv2DNchwFchwOp, MatmulOp};
/// Element types x86-vectorize has kernels for.
pub use strata_lowering_x86_vectorize::gemm::Elem;
use strata_lowering_x86_vectorize::{element_kind, shape_of};

/// The op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpKind {
    Matmul,
    /// Input `[n, c, h, w]`, weights `[f, c, kh, kw]`, output `[n, f, oh, ow]`.
    ConvNchw {
        batch: i64,
        channels: i64,
        kh: i64,
        kw: i64,
    },
}

/// The GEMM the pass makes of the op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gemm {
    pub kind: OpKind,
    pub elem: Elem,
    /// Rows (matmul rows, convolution filters).
    pub m: i64,
    /// Columns (matmul columns, convolution output pixels).
    pub n: i64,
    /// The whole reduction (matmul K; channels x taps).
    pub k: i64,
    /// The op, for diagnostics.
    pub op: OpId,
    pub func: OpId,
}

impl Gemm {
    /// The inner K the `kc` blocks cut with `isa`'s kernels.
    pub fn k_inner(&self, isa: Isa) -> i64 {
        match &self.kind {
            OpKind::Matmul => self.k,
            OpKind::ConvNchw { .. } if isa == Isa::Avx2 => self.k,
            OpKind::ConvNchw { channels, .. } => *channels,
        }
    }

    /// Multiply-adds times two.
    pub fn flops(&self) -> f64 {
        let batch = match &self.kind {
            OpKind::Matmul => 1,
            OpKind::ConvNchw { batch, .. } => *batch,
        };
        2.0 * (batch as f64) * (self.m as f64) * (self.n as f64) * (self.k as f64)
    }

    /// `512x512x512 f32 matmul`, `conv 1x64x56x56 * 64x3x3 f32` and the like.
    pub fn describe(&self) -> String {
        let elem = match self.elem {
            Elem::F32 => "f32",
            Elem::I8 => "i8",
        };
        match &self.kind {
            OpKind::Matmul => format!("{}x{}x{} {elem} matmul (M x N x K)", self.m, self.n, self.k),
            OpKind::ConvNchw {
                batch,
                channels,
                kh,
                kw,
            } => format!(
                "{elem} conv_2d_nchw_fchw: batch {batch}, {channels} channels, {} filters of {kh}x{kw}, {} output pixels",
                self.m, self.n
            ),
        }
    }
}

/// The function `entry` of `module` (parsed from `file`), or a
/// diagnostic at the module.
pub fn find_func(
    ctx: &Context,
    ir: &Ir,
    module: OpId,
    file: &str,
    entry: &str,
) -> Result<OpId, Diagnostic> {
    let body = ir
        .entry_block(ir.regions(module)[0])
        .expect("a module has a body");
    ir.block_ops(body)
        .find(|&op| strata_ir::symbol_table::symbol_name(ctx, ir, op) == Some(entry))
        .filter(|&op| strata_dialect_func::ops_function_signature(ctx, ir, op).is_some())
        .ok_or_else(|| {
            // An implicit module has no location of its own: the file's start.
            let loc = match ctx.file_line_col(ir.op_loc(module)) {
                Some((_, line, _)) if line > 0 => ir.op_loc(module),
                _ => ctx.file_loc(file, 1, 1),
            };
            Diagnostic::error(loc, format!("no func.func named '@{entry}' in this file"))
        })
}

/// The names of the ops the tuner takes, as x86-vectorize matches them.
pub const TUNABLE_OPS: [&str; 2] = [MatmulOp::NAME, Conv2DNchwFchwOp::NAME];

/// The one tunable op of `func` as a GEMM.
pub fn find_gemm(ctx: &Context, ir: &Ir, func: OpId) -> Result<Gemm, Diagnostic> {
    let mut found = Vec::new();
    ir.walk_preorder(func, &mut |op| {
        if TUNABLE_OPS.contains(&ctx.op_name_str(ir.op_name(op))) {
            found.push(op);
        }
    });
    let op = match found[..] {
        [op] => op,
        [] => {
            return Err(Diagnostic::error(
                ir.op_loc(func),
                "this function has no linalg.matmul or linalg.conv_2d_nchw_fchw to tune",
            ))
        }
        [_, second, ..] => {
            return Err(Diagnostic::error(
                ir.op_loc(second),
                format!(
                    "the function has {} linalg.matmul / linalg.conv_2d_nchw_fchw ops; strata-tune tunes one",
                    found.len()
                ),
            ))
        }
    };
    let at = |message: String| Diagnostic::error(ir.op_loc(op), message);
    let name = ctx.op_name_str(ir.op_name(op));
    let operands: Vec<_> = ir.operands(op).collect();
    if operands.len() != 3 || ir.num_results(op) != 0 {
        return Err(at(format!(
            "'{name}' must take two inputs and one output memref and have no results"
        )));
    }
    let mut shapes = Vec::new();
    let mut elems = Vec::new();
    for (i, &v) in operands.iter().enumerate() {
        let Some((shape, elem)) = shape_of(ctx, ir.value_type(v)) else {
            return Err(at(format!(
                "operand #{i} of '{name}' is not a statically shaped memref with the identity layout"
            )));
        };
        shapes.push(shape);
        elems.push(elem);
    }
    let Some(elem) = element_kind(ctx, elems[0], elems[1], elems[2]) else {
        return Err(at(format!(
            "'{name}' must be f32 x f32 -> f32 or i8 x i8 -> i32 for x86-vectorize"
        )));
    };
    let (kind, m, n, k) = if name == MatmulOp::NAME {
        let (a, b) = (&shapes[0], &shapes[1]);
        (OpKind::Matmul, a[0], b[1], a[1])
    } else {
        let (x, w, y) = (&shapes[0], &shapes[1], &shapes[2]);
        let kind = OpKind::ConvNchw {
            batch: y[0],
            channels: w[1],
            kh: w[2],
            kw: w[3],
        };
        (kind, w[0], y[2] * y[3], x[1] * w[2] * w[3])
    };
    Ok(Gemm {
        kind,
        elem,
        m,
        n,
        k,
        op,
        func,
    })
}
