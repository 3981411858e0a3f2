//! `linalg-to-aie`: vectorizes a `linalg.conv_2d` (or a batch-1
//! `linalg.conv_2d_nchw_fchw` or `depthwise_conv_2d_nchw_chw`, or a
//! `linalg.conv_3d`; input channels and filter depth unrolled like filter
//! rows) for the AI Engine's 2D
//! SIMD datapath, following Vyasa (Chatarasi et al., "Vyasa: A High-
//! Performance Vectorizing Compiler for Tensor Convolutions on the Xilinx
//! AI Engine"). Each step of the paper is a stage in its own module,
//! working on the triplet representation:
//!
//! 1. [`triplets`]: stencil unroll of the filter loops, vectorization of
//!    the output's column loop by the datapath's lanes;
//! 2. [`lazy_stores`]: one accumulator and one store per output vector;
//! 3. [`reuse`]: reuse-graph coalescing of unaligned input loads into
//!    aligned register loads, and of scalar weights into z registers;
//!    [`cross_row`] (beyond the paper, on by default): two filter rows
//!    with odd tap counts in one register, so their leftover taps fuse;
//! 4. [`fusion`]: 2D fusion of the 1D multiplications, `cols` at a time,
//!    with the shuffle-legality solver computing the parameters, zero
//!    weights padding a tap left alone;
//! 5. [`build`]: aievec ops in a loop nest, loads interleaved with MACs.
//!
//! With `print-stages`, the pass prints each stage's triplet table (the
//! paper's Tables I to IV) to stderr.
//!
//! A convolution the datapath cannot run (element type, unaligned rows,
//! output rows that are not whole vectors, a selection the shuffle
//! network cannot encode) is an error at the op.

pub mod build;
pub mod conv;
pub mod cross_row;
pub mod fusion;
pub mod lazy_stores;
pub mod reuse;
pub mod triplets;

use strata_dialect_linalg::{Conv2DNchwFchwOp, Conv2DOp, Conv3DOp, DepthwiseConv2DNchwChwOp};
use strata_ir::builder::OpBuilder;
use strata_ir::{Context, DiagResult, Diagnostic, Ir, OpId};

/// The pass's command-line name.
pub const PASS_NAME: &str = "linalg-to-aie";

/// Choices of the vectorizer.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Fuse odd rows' leftover taps across rows instead of padding.
    pub cross_row: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { cross_row: true }
    }
}

/// Vectorizes the convolution `op`; returns the stage tables.
pub fn vectorize(ctx: &Context, ir: &mut Ir, op: OpId, options: Options) -> DiagResult<String> {
    let err = |ir: &Ir, m: String| Diagnostic::error(ir.op_loc(op), format!("linalg-to-aie: {m}"));
    let spec = conv::recognise(ctx, ir, op).map_err(|m| err(ir, m))?;
    let mut report = String::new();
    let triplets = triplets::unroll(&spec);
    triplets::describe(&spec, &triplets, &mut report);
    let groups = lazy_stores::group(&triplets);
    lazy_stores::describe(&triplets, &groups, &mut report);
    let [group] = &groups[..] else {
        return Err(err(ir, "expected one output group per tile".into()));
    };
    let mut loads = reuse::coalesce_inputs(&spec, group).map_err(|m| err(ir, m))?;
    reuse::describe(&spec, group, &loads, &mut report);
    if options.cross_row {
        loads = cross_row::merge(&spec, loads);
        cross_row::describe(&spec, &loads, &mut report);
    }
    let (fused, slots) = fusion::fuse(&spec, &loads).map_err(|m| err(ir, m))?;
    let weights = reuse::weights(&spec, slots);
    fusion::describe(&spec, &fused, &mut report);
    let mut b = OpBuilder::new(ctx, ir);
    build::build(&mut b, &spec, &loads, &weights, &fused);
    Ok(report)
}

/// What [`vectorize_all`] did: the stage tables and the real
/// multiply-accumulates of the convolutions it vectorized.
pub struct Vectorized {
    pub report: String,
    pub macs: i64,
}

/// Vectorizes every `linalg.conv_2d` under `root`.
pub fn vectorize_all(
    ctx: &Context,
    ir: &mut Ir,
    root: OpId,
    options: Options,
) -> DiagResult<Vectorized> {
    let mut convs = Vec::new();
    ir.walk_preorder(root, &mut |op| {
        if Conv2DOp::is(ctx, ir, op)
            || Conv3DOp::is(ctx, ir, op)
            || Conv2DNchwFchwOp::is(ctx, ir, op)
            || DepthwiseConv2DNchwChwOp::is(ctx, ir, op)
        {
            convs.push(op);
        }
    });
    let mut report = String::new();
    let mut macs = 0;
    for op in convs {
        macs += conv::recognise(ctx, ir, op).map_or(0, |spec| spec.macs());
        report.push_str(&vectorize(ctx, ir, op, options)?);
    }
    Ok(Vectorized { report, macs })
}

/// The pass.
#[derive(Clone)]
pub struct LinalgToAie {
    print_stages: bool,
    cross_row: bool,
}

impl Default for LinalgToAie {
    fn default() -> Self {
        LinalgToAie {
            print_stages: false,
            cross_row: Options::default().cross_row,
        }
    }
}

impl strata_ir::pass::Pass for LinalgToAie {
    fn name(&self) -> &str {
        "LinalgToAie"
    }
    fn argument(&self) -> &str {
        PASS_NAME
    }
    fn description(&self) -> &str {
        "Vectorize linalg.conv_2d (i16, i32) for the AI Engine 2D-SIMD datapath into aievec ops"
    }
    fn options(&mut self) -> Vec<strata_ir::pass::PassOption<'_>> {
        use strata_ir::pass::PassOption;
        vec![
            PassOption::bool("print-stages", "Print each stage's triplet table to stderr", &mut self.print_stages),
            PassOption::bool(
                "cross-row",
                "Fuse odd filter rows' leftover taps across rows instead of zero padding (default true)",
                &mut self.cross_row,
            ),
        ]
    }
    fn run_on_operation(
        &mut self,
        pc: &mut strata_ir::pass::PassContext,
    ) -> strata_ir::pass::PassResult {
        let options = Options {
            cross_row: self.cross_row,
        };
        let done = vectorize_all(pc.ctx, pc.ir, pc.op, options)?;
        if self.print_stages {
            eprint!("{}", done.report);
        }
        Ok(())
    }
}
