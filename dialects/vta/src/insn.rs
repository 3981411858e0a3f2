//! Instruction ops as [`strata_vta::Insn`] values and back.
//!
//! The lowering builds instruction ops from `Insn`s and the translation
//! reads them back, so the mapping between properties and instruction
//! fields lives here, once. Two fields are symbolic in the IR: a LOAD or
//! STORE addresses `@buffer[dram_offset]` (so `MemInsn::dram_base` holds the
//! offset inside the buffer until the translation lays DRAM out), and a
//! GEMM/ALU names its kernel (so `uop_bgn`/`uop_end` are assigned when the
//! translation places kernels in the micro-op buffer).

use crate::ops::{AluOp, FinishOp, GemmOp, LoadOp, StoreOp, UopKernelOp, UopOp};
use crate::syntax::{deps_of, int_prop, str_prop, symbol_prop};
use strata_ir::builder::OpBuilder;
use strata_ir::{Context, Ir, OpId};
use strata_vta::{AluInsn, GemmInsn, Insn, LoopNest, MemId, MemInsn};

/// An instruction with its symbolic DRAM buffer or micro-op kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InsnOp {
    pub insn: Insn,
    /// The DRAM buffer a LOAD/STORE addresses (`None`: absolute address).
    pub buffer: Option<String>,
    /// The kernel a GEMM/ALU runs.
    pub kernel: Option<String>,
}

fn u32_prop(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> u32 {
    u32::try_from(int_prop(ctx, ir, op, name)).unwrap_or(u32::MAX)
}

fn loops_of(ctx: &Context, ir: &Ir, op: OpId) -> LoopNest {
    let v = |n: &str| u32_prop(ctx, ir, op, n);
    LoopNest {
        uop_bgn: 0,
        uop_end: 0,
        iter_out: v("iter_out"),
        iter_in: v("iter_in"),
        dst_factor_out: v("dst_factor_out"),
        dst_factor_in: v("dst_factor_in"),
        src_factor_out: v("src_factor_out"),
        src_factor_in: v("src_factor_in"),
    }
}

fn mem_of(ctx: &Context, ir: &Ir, op: OpId, memory: MemId) -> MemInsn {
    let v = |n: &str| u32_prop(ctx, ir, op, n);
    let pad = |n: &str| {
        if ir.attr(ctx, op, n).is_some() {
            v(n)
        } else {
            0
        }
    };
    MemInsn {
        deps: deps_of(ctx, ir, op),
        memory,
        sram_base: v("sram_base"),
        dram_base: v("dram_offset"),
        y_size: v("y_size"),
        x_size: v("x_size"),
        x_stride: v("x_stride"),
        y_pad_0: pad("y_pad_0"),
        y_pad_1: pad("y_pad_1"),
        x_pad_0: pad("x_pad_0"),
        x_pad_1: pad("x_pad_1"),
    }
}

/// Reads an instruction op (of a verified module); `None` for other ops.
pub fn read_insn(ctx: &Context, ir: &Ir, op: OpId) -> Option<InsnOp> {
    let buffer = symbol_prop(ctx, ir, op, "buffer");
    let kernel = symbol_prop(ctx, ir, op, "kernel");
    let insn = match ctx.op_name_str(ir.op_name(op)) {
        LoadOp::NAME => {
            let memory = crate::ops::mem_id(str_prop(ctx, ir, op, "memory")?)?;
            Insn::Load(mem_of(ctx, ir, op, memory))
        }
        StoreOp::NAME => Insn::Store(mem_of(ctx, ir, op, MemId::Out)),
        GemmOp::NAME => Insn::Gemm(GemmInsn {
            deps: deps_of(ctx, ir, op),
            reset: ir.attr(ctx, op, "reset").is_some(),
            loops: loops_of(ctx, ir, op),
            wgt_factor_out: u32_prop(ctx, ir, op, "wgt_factor_out"),
            wgt_factor_in: u32_prop(ctx, ir, op, "wgt_factor_in"),
        }),
        AluOp::NAME => Insn::Alu(AluInsn {
            deps: deps_of(ctx, ir, op),
            reset: ir.attr(ctx, op, "reset").is_some(),
            loops: loops_of(ctx, ir, op),
            op: crate::ops::alu_op(str_prop(ctx, ir, op, "opcode")?)?,
            use_imm: ir.attr(ctx, op, "imm").is_some(),
            imm: i32::try_from(int_prop(ctx, ir, op, "imm")).ok()?,
        }),
        FinishOp::NAME => Insn::Finish(deps_of(ctx, ir, op)),
        _ => return None,
    };
    Some(InsnOp {
        insn,
        buffer,
        kernel,
    })
}

/// Creates the instruction op for `op` at the builder's cursor. A GEMM or
/// ALU without a kernel names `@""`, which the verifier rejects.
pub fn build_insn(b: &mut OpBuilder, op: &InsnOp) -> OpId {
    let ctx = b.ctx;
    let int = |v: u32| ctx.i64_attr(i64::from(v));
    let flag = |set: bool| set.then(|| ctx.unit_attr());
    let buffer = op.buffer.as_deref().map(|n| ctx.symbol_ref_attr(n, &[]));
    let kernel = ctx.symbol_ref_attr(op.kernel.as_deref().unwrap_or_default(), &[]);
    let deps = op.insn.deps();
    let [pop_prev, pop_next, push_prev, push_next] =
        [deps.pop_prev, deps.pop_next, deps.push_prev, deps.push_next].map(flag);
    match &op.insn {
        Insn::Load(m) => LoadOp::build(
            b,
            ctx.string_attr(m.memory.name()),
            buffer,
            int(m.dram_base),
            int(m.sram_base),
            int(m.y_size),
            int(m.x_size),
            int(m.x_stride),
            int(m.y_pad_0),
            int(m.y_pad_1),
            int(m.x_pad_0),
            int(m.x_pad_1),
            pop_prev,
            pop_next,
            push_prev,
            push_next,
        )
        .op(),
        Insn::Store(m) => StoreOp::build(
            b,
            buffer,
            int(m.dram_base),
            int(m.sram_base),
            int(m.y_size),
            int(m.x_size),
            int(m.x_stride),
            pop_prev,
            pop_next,
            push_prev,
            push_next,
        )
        .op(),
        Insn::Gemm(g) => GemmOp::build(
            b,
            kernel,
            flag(g.reset),
            int(g.loops.iter_out),
            int(g.loops.iter_in),
            int(g.loops.dst_factor_out),
            int(g.loops.dst_factor_in),
            int(g.loops.src_factor_out),
            int(g.loops.src_factor_in),
            int(g.wgt_factor_out),
            int(g.wgt_factor_in),
            pop_prev,
            pop_next,
            push_prev,
            push_next,
        )
        .op(),
        Insn::Alu(a) => AluOp::build(
            b,
            ctx.string_attr(a.op.name()),
            kernel,
            flag(a.reset),
            int(a.loops.iter_out),
            int(a.loops.iter_in),
            int(a.loops.dst_factor_out),
            int(a.loops.dst_factor_in),
            int(a.loops.src_factor_out),
            int(a.loops.src_factor_in),
            a.use_imm.then(|| ctx.i64_attr(i64::from(a.imm))),
            pop_prev,
            pop_next,
            push_prev,
            push_next,
        )
        .op(),
        Insn::Finish(_) => FinishOp::build(b, pop_prev, pop_next, push_prev, push_next).op(),
    }
}

/// Creates `vta.uop_kernel @name { vta.uop ... }` at the builder's cursor.
pub fn build_kernel(b: &mut OpBuilder, name: &str, uops: &[strata_vta::Uop]) -> OpId {
    let ctx = b.ctx;
    let kernel = UopKernelOp::build(b, ctx.string_attr(name));
    let block = b.ir.append_block(kernel.body(b.ir), &[]);
    let after = b.insertion_point();
    b.set_insertion_point_to_end(block);
    let int = |v: u32| ctx.i64_attr(i64::from(v));
    for u in uops {
        UopOp::build(b, int(u.dst), int(u.src), int(u.wgt));
    }
    b.set_insertion_point(after);
    kernel.op()
}
