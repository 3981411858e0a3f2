//! Instruction ops as [`strata_vta::Insn`] values and back.
//!
//! The lowering builds instruction ops from `Insn`s and the translation
//! reads them back, so the mapping between properties and instruction
//! fields lives here, once. Two fields are symbolic in the IR: a LOAD or
//! STORE addresses `@buffer[dram_offset]` (so `MemInsn::dram_base` holds the
//! offset inside the buffer until the translation lays DRAM out), and a
//! GEMM/ALU names its kernel (so `uop_bgn`/`uop_end` are assigned when the
//! translation places kernels in the micro-op buffer).

use crate::syntax::{dep_properties, deps_of, int_prop, str_prop, symbol_prop};
use strata_ir::{Attribute, Context, InsertPoint, Ir, OpId, OperationState};
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
        "vta.load" => {
            let memory = crate::ops::mem_id(str_prop(ctx, ir, op, "memory")?)?;
            Insn::Load(mem_of(ctx, ir, op, memory))
        }
        "vta.store" => Insn::Store(mem_of(ctx, ir, op, MemId::Out)),
        "vta.gemm" => Insn::Gemm(GemmInsn {
            deps: deps_of(ctx, ir, op),
            reset: ir.attr(ctx, op, "reset").is_some(),
            loops: loops_of(ctx, ir, op),
            wgt_factor_out: u32_prop(ctx, ir, op, "wgt_factor_out"),
            wgt_factor_in: u32_prop(ctx, ir, op, "wgt_factor_in"),
        }),
        "vta.alu" => Insn::Alu(AluInsn {
            deps: deps_of(ctx, ir, op),
            reset: ir.attr(ctx, op, "reset").is_some(),
            loops: loops_of(ctx, ir, op),
            op: crate::ops::alu_op(str_prop(ctx, ir, op, "opcode")?)?,
            use_imm: ir.attr(ctx, op, "imm").is_some(),
            imm: i32::try_from(int_prop(ctx, ir, op, "imm")).ok()?,
        }),
        "vta.finish" => Insn::Finish(deps_of(ctx, ir, op)),
        _ => return None,
    };
    Some(InsnOp {
        insn,
        buffer,
        kernel,
    })
}

/// The op name and properties of an instruction op.
pub fn insn_properties(
    ctx: &Context,
    op: &InsnOp,
) -> (&'static str, Vec<(&'static str, Attribute)>) {
    let int = |v: u32| ctx.i64_attr(i64::from(v));
    let mut props: Vec<(&'static str, Attribute)> = dep_properties(ctx, op.insn.deps());
    let sym = |name: &Option<String>| name.as_deref().map(|n| ctx.symbol_ref_attr(n, &[]));
    let mem = |m: &MemInsn, props: &mut Vec<(&'static str, Attribute)>, with_pads: bool| {
        if let Some(b) = sym(&op.buffer) {
            props.push(("buffer", b));
        }
        props.push(("dram_offset", int(m.dram_base)));
        props.push(("sram_base", int(m.sram_base)));
        props.push(("y_size", int(m.y_size)));
        props.push(("x_size", int(m.x_size)));
        props.push(("x_stride", int(m.x_stride)));
        if with_pads {
            props.push(("y_pad_0", int(m.y_pad_0)));
            props.push(("y_pad_1", int(m.y_pad_1)));
            props.push(("x_pad_0", int(m.x_pad_0)));
            props.push(("x_pad_1", int(m.x_pad_1)));
        }
    };
    let loops = |l: &LoopNest, props: &mut Vec<(&'static str, Attribute)>| {
        if let Some(k) = sym(&op.kernel) {
            props.push(("kernel", k));
        }
        props.push(("iter_out", int(l.iter_out)));
        props.push(("iter_in", int(l.iter_in)));
        props.push(("dst_factor_out", int(l.dst_factor_out)));
        props.push(("dst_factor_in", int(l.dst_factor_in)));
        props.push(("src_factor_out", int(l.src_factor_out)));
        props.push(("src_factor_in", int(l.src_factor_in)));
    };
    let name = match &op.insn {
        Insn::Load(m) => {
            props.push(("memory", ctx.string_attr(m.memory.name())));
            mem(m, &mut props, true);
            "vta.load"
        }
        Insn::Store(m) => {
            mem(m, &mut props, false);
            "vta.store"
        }
        Insn::Gemm(g) => {
            if g.reset {
                props.push(("reset", ctx.unit_attr()));
            }
            loops(&g.loops, &mut props);
            props.push(("wgt_factor_out", int(g.wgt_factor_out)));
            props.push(("wgt_factor_in", int(g.wgt_factor_in)));
            "vta.gemm"
        }
        Insn::Alu(a) => {
            props.push(("opcode", ctx.string_attr(a.op.name())));
            if a.reset {
                props.push(("reset", ctx.unit_attr()));
            }
            loops(&a.loops, &mut props);
            if a.use_imm {
                props.push(("imm", ctx.i64_attr(i64::from(a.imm))));
            }
            "vta.alu"
        }
        Insn::Finish(_) => "vta.finish",
    };
    (name, props)
}

/// Creates an op with the given properties at `at`.
pub fn create_op(
    ctx: &Context,
    ir: &mut Ir,
    name: &str,
    props: Vec<(&str, Attribute)>,
    num_regions: usize,
    at: InsertPoint,
) -> OpId {
    let mut state = OperationState::new(ctx, name, ctx.unknown_loc());
    state.properties = ctx.dictionary_attr(props.into_iter().map(|(n, a)| (ctx.intern_str(n), a)));
    state.num_regions = num_regions;
    ir.create_op(state, at)
}

/// Creates the instruction op for `op` at `at`.
pub fn build_insn(ctx: &Context, ir: &mut Ir, op: &InsnOp, at: InsertPoint) -> OpId {
    let (name, props) = insn_properties(ctx, op);
    create_op(ctx, ir, name, props, 0, at)
}

/// Creates `vta.uop_kernel @name { vta.uop ... }` at `at`.
pub fn build_kernel(
    ctx: &Context,
    ir: &mut Ir,
    name: &str,
    uops: &[strata_vta::Uop],
    at: InsertPoint,
) -> OpId {
    let kernel = create_op(
        ctx,
        ir,
        "vta.uop_kernel",
        vec![("sym_name", ctx.string_attr(name))],
        1,
        at,
    );
    let region = ir.region(kernel, 0);
    let block = ir.append_block(region, &[]);
    for u in uops {
        let int = |v: u32| ctx.i64_attr(i64::from(v));
        create_op(
            ctx,
            ir,
            "vta.uop",
            vec![
                ("dst", int(u.dst)),
                ("src", int(u.src)),
                ("wgt", int(u.wgt)),
            ],
            0,
            InsertPoint::BlockEnd(block),
        );
    }
    kernel
}
