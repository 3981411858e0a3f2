//! Verifiers: field widths and buffer bounds for the configuration in effect.
//!
//! Every limit comes from [`strata_vta::VtaConfig`] and
//! [`strata_vta::IsaLayout`] (the same objects the encoder and the
//! simulator use), so a module that verifies encodes, and a micro-op loop
//! nest that verifies stays inside the on-chip buffers when it runs.
//!
//! Instructions and tile ops are verified in two parts. The op's own
//! verifier checks only what the op holds (flags, opcodes, operand types,
//! paddings). What needs the enclosing module — the `vta.dram_buffer` or
//! `vta.uop_kernel` a symbol names, and the module's `vta.config` that
//! sets field widths and buffer depths — is checked through
//! `SymbolUserOpInterface` (the `*_uses` functions), which the symbol
//! table's verification runs once the module is whole, as MLIR does for
//! `func.call`. A function body verified on its own (a nested pass
//! pipeline, `builtin.module(func.func(...))`, moves bodies out of their
//! module) then neither fails its lookups nor sees a default
//! configuration instead of the module's.

use crate::config::config_for;
use crate::ops::{alu_op, load_module, mem_id, tile_of, DramBufferOp, UopKernelOp, UopOp};
use crate::syntax::{deps_of, int_prop, symbol_prop};
use crate::types::TileType;
use strata_ir::affine::{AffineBinaryOp, AffineExpr, AffineMap};
use strata_ir::rewrite::TypedOp;
use strata_ir::verifier::emit_op_error;
use strata_ir::{AttrData, Context, DiagResult, Diagnostic, Ir, OpId, TypeData, Value};
use strata_vta::isa::Field;
use strata_vta::{Buffer, DepFlags, IsaLayout, MemId, Module, Uop, VtaConfig};

fn error(ctx: &Context, ir: &Ir, op: OpId, message: impl AsRef<str>) -> Diagnostic {
    emit_op_error(ctx, ir, op, message)
}

/// The configuration and instruction layout in effect at `op`.
pub fn config_and_layout(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<(VtaConfig, IsaLayout)> {
    let config = config_for(ctx, ir, op).map_err(|m| error(ctx, ir, op, m))?;
    let layout = IsaLayout::for_config(&config).map_err(|e| error(ctx, ir, op, e.to_string()))?;
    Ok((config, layout))
}

/// Checks `value` against an unsigned field of the encoding.
fn check_field(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    name: &str,
    value: i64,
    field: &Field,
) -> DiagResult<()> {
    let max = (1i128 << field.width) - 1;
    if value < 0 || i128::from(value) > max {
        return Err(error(
            ctx,
            ir,
            op,
            format!(
                "{name} = {value} does not fit the {}-bit field (0..={max})",
                field.width
            ),
        ));
    }
    Ok(())
}

fn check_deps(ctx: &Context, ir: &Ir, op: OpId, module: Module) -> DiagResult<()> {
    for flag in deps_of(ctx, ir, op).set_flags() {
        if DepFlags::queue(module, flag).is_none() {
            return Err(error(
                ctx,
                ir,
                op,
                format!("{} is illegal in the {} module", flag.name(), module.name()),
            ));
        }
    }
    Ok(())
}

/// The op a symbol property of `op` names, if it is an `O` (a
/// `vta.dram_buffer`, a `vta.uop_kernel`).
pub fn lookup<O: TypedOp>(ctx: &Context, ir: &Ir, op: OpId, prop: &str) -> DiagResult<OpId> {
    let reference = ir
        .attr(ctx, op, prop)
        .ok_or_else(|| error(ctx, ir, op, format!("requires attribute '{prop}'")))?;
    let name = symbol_prop(ctx, ir, op, prop).unwrap_or_default();
    strata_ir::symbol_table::lookup_symbol_from(ctx, ir, op, reference)
        .and_then(|found| O::wrap_op(ctx, ir, found))
        .map(O::op)
        .ok_or_else(|| {
            error(
                ctx,
                ir,
                op,
                format!("'@{name}' does not name a {}", O::NAME),
            )
        })
}

/// A DRAM buffer: its shape, element type width in bits and size in bytes.
#[derive(Clone, Debug)]
pub struct DramBufferInfo {
    pub name: String,
    pub shape: Vec<i64>,
    pub elem_bits: u32,
    pub signed_elems: bool,
    pub bytes: u64,
}

pub fn dram_buffer_info(ctx: &Context, ir: &Ir, op: OpId) -> Option<DramBufferInfo> {
    let ty = ctx.type_value(ir.attr(ctx, op, "tensor_type")?)?;
    let TypeData::RankedTensor { shape, element, .. } = ctx.type_data(ty) else {
        return None;
    };
    let elem_bits = ctx.integer_width(*element)?;
    let signed_elems = !matches!(
        ctx.type_data(*element),
        TypeData::Integer {
            signedness: strata_ir::Signedness::Unsigned,
            ..
        }
    );
    let count: i64 = shape.iter().product();
    Some(DramBufferInfo {
        name: crate::syntax::str_prop(ctx, ir, op, "sym_name")?.to_string(),
        shape: shape.to_vec(),
        elem_bits,
        signed_elems,
        bytes: u64::try_from(count).ok()? * u64::from(elem_bits.div_ceil(8)),
    })
}

/// Bytes of one element of `memory` in DRAM (the unit of `dram_offset`):
/// the simulator's definition.
pub use strata_vta::sim::dram_elem_bytes;

/// The on-chip buffer a LOAD of `memory` writes.
pub fn sram_buffer(memory: MemId) -> Buffer {
    match memory {
        MemId::Uop => Buffer::Uop,
        MemId::Inp => Buffer::Inp,
        MemId::Wgt => Buffer::Wgt,
        MemId::Acc | MemId::Acc8Bit => Buffer::Acc,
        MemId::Out => Buffer::Out,
    }
}

pub fn dram_buffer(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(info) = dram_buffer_info(ctx, ir, op) else {
        return Err(error(
            ctx,
            ir,
            op,
            "requires a statically shaped tensor of integers",
        ));
    };
    if info.shape.iter().any(|&d| d < 0) {
        return Err(error(
            ctx,
            ir,
            op,
            "requires a statically shaped tensor of integers",
        ));
    }
    if let Some(init) = ir.attr(ctx, op, "initial_value") {
        let expected = ir
            .attr(ctx, op, "tensor_type")
            .and_then(|a| ctx.type_value(a));
        let actual = match ctx.attr_data(init) {
            AttrData::DenseElements { ty, .. } => Some(*ty),
            _ => None,
        };
        if actual != expected {
            return Err(error(
                ctx,
                ir,
                op,
                "initial value type does not match the buffer type",
            ));
        }
    }
    Ok(())
}

/// The micro-ops of a kernel, in order.
pub fn kernel_uops(ctx: &Context, ir: &Ir, kernel: OpId) -> Vec<Uop> {
    let region = ir.region(kernel, 0);
    let mut out = Vec::new();
    for &block in ir.region_blocks(region) {
        for op in ir.block_ops(block) {
            let v = |n: &str| u32::try_from(int_prop(ctx, ir, op, n)).unwrap_or(u32::MAX);
            out.push(Uop::new(v("dst"), v("src"), v("wgt")));
        }
    }
    out
}

pub fn uop_kernel(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (config, _) = config_and_layout(ctx, ir, op)?;
    let region = ir.region(op, 0);
    let mut count = 0u64;
    for &block in ir.region_blocks(region) {
        for inner in ir.block_ops(block) {
            if !UopOp::is(ctx, ir, inner) {
                return Err(error(ctx, ir, op, "may only contain vta.uop ops"));
            }
            count += 1;
        }
    }
    if count == 0 {
        return Err(error(ctx, ir, op, "must hold at least one micro-op"));
    }
    let depth = config.depth(Buffer::Uop);
    if count > depth {
        return Err(error(
            ctx,
            ir,
            op,
            format!("has {count} micro-ops, more than the micro-op buffer holds ({depth})"),
        ));
    }
    Ok(())
}

pub fn uop(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let in_kernel = ir
        .parent_op(op)
        .is_some_and(|p| UopKernelOp::is(ctx, ir, p));
    if !in_kernel {
        return Err(error(ctx, ir, op, "expects parent op 'vta.uop_kernel'"));
    }
    let (_, layout) = config_and_layout(ctx, ir, op)?;
    for (name, field) in [
        ("dst", &layout.uop.dst),
        ("src", &layout.uop.src),
        ("wgt", &layout.uop.wgt),
    ] {
        check_field(ctx, ir, op, name, int_prop(ctx, ir, op, name), field)?;
    }
    Ok(())
}

/// Checks that elements `first..end` of `buffer` exist.
fn check_sram(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    config: &VtaConfig,
    buffer: Buffer,
    first: i64,
    end: i64,
) -> DiagResult<()> {
    let depth = config.depth(buffer) as i64;
    if end > depth {
        return Err(error(
            ctx,
            ir,
            op,
            format!("accesses {buffer} elements {first}..{end}, beyond the buffer depth {depth}"),
        ));
    }
    Ok(())
}

/// Checks a DRAM window against the named buffer's size.
fn check_dram(ctx: &Context, ir: &Ir, op: OpId, elem_bytes: u64) -> DiagResult<()> {
    if ir.attr(ctx, op, "buffer").is_none() {
        return Ok(());
    }
    let buffer = lookup::<DramBufferOp>(ctx, ir, op, "buffer")?;
    let info = dram_buffer_info(ctx, ir, buffer)
        .ok_or_else(|| error(ctx, ir, op, "names an invalid vta.dram_buffer"))?;
    let (y, x, stride) = (
        int_prop(ctx, ir, op, "y_size"),
        int_prop(ctx, ir, op, "x_size"),
        int_prop(ctx, ir, op, "x_stride"),
    );
    if x == 0 || y == 0 {
        return Ok(());
    }
    let offset = int_prop(ctx, ir, op, "dram_offset");
    let end = (offset + (y - 1) * stride + x) as u64 * elem_bytes;
    if end > info.bytes {
        return Err(error(
            ctx,
            ir,
            op,
            format!(
                "reads or writes bytes up to {end} of '@{}', which has {} bytes",
                info.name, info.bytes
            ),
        ));
    }
    Ok(())
}

fn check_transfer_fields(ctx: &Context, ir: &Ir, op: OpId, layout: &IsaLayout) -> DiagResult<()> {
    let m = &layout.mem;
    for (name, field) in [
        ("sram_base", &m.sram_base),
        ("dram_offset", &m.dram_base),
        ("y_size", &m.y_size),
        ("x_size", &m.x_size),
        ("x_stride", &m.x_stride),
    ] {
        check_field(ctx, ir, op, name, int_prop(ctx, ir, op, name), field)?;
    }
    Ok(())
}

/// The memory a `vta.load` names, if it can be loaded.
fn load_memory(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<MemId> {
    let name = crate::syntax::str_prop(ctx, ir, op, "memory").unwrap_or("");
    mem_id(name)
        .filter(|m| *m != MemId::Out)
        .ok_or_else(|| error(ctx, ir, op, format!("cannot load into memory '{name}'")))
}

pub fn load(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let memory = load_memory(ctx, ir, op)?;
    check_deps(ctx, ir, op, load_module(memory))?;
    for name in ["y_pad_0", "y_pad_1", "x_pad_0", "x_pad_1"] {
        let v = int_prop(ctx, ir, op, name);
        if !(0..=15).contains(&v) {
            return Err(error(
                ctx,
                ir,
                op,
                format!("{name} = {v} is outside 0..=15"),
            ));
        }
    }
    let x = int_prop(ctx, ir, op, "x_size");
    if memory == MemId::Uop && x != 0 {
        return Err(error(
            ctx,
            ir,
            op,
            "may load micro-ops only as a synchronisation no-op (x_size 0); kernels are loaded by the translation",
        ));
    }
    Ok(())
}

/// The checks of a `vta.load` that need its module: fields, SRAM, buffer.
pub fn load_uses(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (config, layout) = config_and_layout(ctx, ir, op)?;
    let memory = load_memory(ctx, ir, op)?;
    check_transfer_fields(ctx, ir, op, &layout)?;
    let x = int_prop(ctx, ir, op, "x_size");
    if x == 0 {
        return Ok(());
    }
    let total_x = x + int_prop(ctx, ir, op, "x_pad_0") + int_prop(ctx, ir, op, "x_pad_1");
    let total_y = int_prop(ctx, ir, op, "y_size")
        + int_prop(ctx, ir, op, "y_pad_0")
        + int_prop(ctx, ir, op, "y_pad_1");
    let base = int_prop(ctx, ir, op, "sram_base");
    check_sram(
        ctx,
        ir,
        op,
        &config,
        sram_buffer(memory),
        base,
        base + total_x * total_y,
    )?;
    check_dram(ctx, ir, op, dram_elem_bytes(&config, memory))
}

pub fn store(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    check_deps(ctx, ir, op, Module::Store)
}

/// The checks of a `vta.store` that need its module.
pub fn store_uses(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (config, layout) = config_and_layout(ctx, ir, op)?;
    check_transfer_fields(ctx, ir, op, &layout)?;
    let base = int_prop(ctx, ir, op, "sram_base");
    let n = int_prop(ctx, ir, op, "y_size") * int_prop(ctx, ir, op, "x_size");
    if n > 0 {
        check_sram(ctx, ir, op, &config, Buffer::Out, base, base + n)?;
    }
    check_dram(ctx, ir, op, dram_elem_bytes(&config, MemId::Out))
}

/// Checks the loop fields and that every micro-op index stays inside its
/// buffer over the whole loop nest; `wgt` is `None` for ALU.
fn check_loops(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    config: &VtaConfig,
    loops: &strata_vta::isa::LoopLayout,
    wgt: Option<(&Field, &Field)>,
    src_buffer: Buffer,
) -> DiagResult<()> {
    let fields = [
        ("iter_out", &loops.iter_out),
        ("iter_in", &loops.iter_in),
        ("dst_factor_out", &loops.dst_factor_out),
        ("dst_factor_in", &loops.dst_factor_in),
        ("src_factor_out", &loops.src_factor_out),
        ("src_factor_in", &loops.src_factor_in),
    ];
    for (name, field) in fields {
        check_field(ctx, ir, op, name, int_prop(ctx, ir, op, name), field)?;
    }
    if let Some((out, inn)) = wgt {
        for (name, field) in [("wgt_factor_out", out), ("wgt_factor_in", inn)] {
            check_field(ctx, ir, op, name, int_prop(ctx, ir, op, name), field)?;
        }
    }
    let kernel = lookup::<UopKernelOp>(ctx, ir, op, "kernel")?;
    let uops = kernel_uops(ctx, ir, kernel);
    let (iter_out, iter_in) = (
        int_prop(ctx, ir, op, "iter_out"),
        int_prop(ctx, ir, op, "iter_in"),
    );
    if iter_out == 0 || iter_in == 0 {
        return Ok(());
    }
    let reach = |base: u32, what: &str| {
        i64::from(base)
            + (iter_out - 1) * int_prop(ctx, ir, op, &format!("{what}_factor_out"))
            + (iter_in - 1) * int_prop(ctx, ir, op, &format!("{what}_factor_in"))
    };
    let mut checks = vec![("dst", Buffer::Acc), ("src", src_buffer)];
    if wgt.is_some() {
        checks.push(("wgt", Buffer::Wgt));
    }
    for (i, u) in uops.iter().enumerate() {
        for (what, buffer) in &checks {
            let base = match *what {
                "dst" => u.dst,
                "src" => u.src,
                _ => u.wgt,
            };
            let last = reach(base, what);
            let depth = config.depth(*buffer) as i64;
            if last >= depth {
                return Err(error(
                    ctx,
                    ir,
                    op,
                    format!(
                        "micro-op {i} {what} index reaches {buffer} element {last} in the loop nest, beyond the buffer depth {depth}"
                    ),
                ));
            }
        }
        for (earlier, e) in uops.iter().enumerate().take(i).skip(i.saturating_sub(2)) {
            if e.dst == u.dst {
                return Err(error(
                    ctx,
                    ir,
                    op,
                    format!(
                        "micro-op {i} of the kernel writes acc {} like micro-op {earlier} just before it (the accumulator has no read-after-write interlock)",
                        u.dst
                    ),
                ));
            }
        }
    }
    Ok(())
}

pub fn gemm(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    check_deps(ctx, ir, op, Module::Compute)
}

/// The checks of a `vta.gemm` that need its module: fields and its kernel.
pub fn gemm_uses(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (config, layout) = config_and_layout(ctx, ir, op)?;
    let g = &layout.gemm;
    check_loops(
        ctx,
        ir,
        op,
        &config,
        &g.loops,
        Some((&g.wgt_factor_out, &g.wgt_factor_in)),
        Buffer::Inp,
    )
}

pub fn alu(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let name = crate::syntax::str_prop(ctx, ir, op, "opcode").unwrap_or("");
    if alu_op(name).is_none() {
        return Err(error(ctx, ir, op, format!("unknown ALU opcode '{name}'")));
    }
    check_deps(ctx, ir, op, Module::Compute)
}

/// The checks of a `vta.alu` that need its module: fields and its kernel.
pub fn alu_uses(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (config, layout) = config_and_layout(ctx, ir, op)?;
    if ir.attr(ctx, op, "imm").is_some() {
        let imm = int_prop(ctx, ir, op, "imm");
        let half = 1i64 << (layout.alu.imm.width - 1);
        if imm < -half || imm >= half {
            return Err(error(
                ctx,
                ir,
                op,
                format!(
                    "imm = {imm} does not fit the signed {}-bit field",
                    layout.alu.imm.width
                ),
            ));
        }
    }
    check_loops(ctx, ir, op, &config, &layout.alu.loops, None, Buffer::Acc)
}

pub fn finish(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    check_deps(ctx, ir, op, Module::Compute)
}

// ----- tile form -----

/// The shape one element of a DRAM buffer must have for `memory`, and the
/// lane width in bits: `[batch, block_in]` int8 for inp, and so on.
pub fn element_layout(config: &VtaConfig, memory: MemId) -> (Vec<i64>, u32) {
    let (b, bi, bo) = (
        config.batch() as i64,
        config.block_in() as i64,
        config.block_out() as i64,
    );
    match memory {
        MemId::Inp => (vec![b, bi], config.inp_width_bits()),
        MemId::Wgt => (vec![bo, bi], config.wgt_width_bits()),
        MemId::Acc => (vec![b, bo], config.acc_width_bits()),
        MemId::Out | MemId::Acc8Bit => (vec![b, bo], config.out_width_bits()),
        MemId::Uop => (vec![1], 32),
    }
}

/// A DRAM buffer seen as a grid of VTA elements of `memory`: checks that
/// its trailing dimensions are one element and returns the leading ones.
pub fn element_grid(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    config: &VtaConfig,
    buffer: OpId,
    memory: MemId,
) -> DiagResult<Vec<i64>> {
    let info = dram_buffer_info(ctx, ir, buffer)
        .ok_or_else(|| error(ctx, ir, op, "names an invalid vta.dram_buffer"))?;
    let (elem, bits) = element_layout(config, memory);
    let rank = info.shape.len();
    let ok =
        rank > elem.len() && info.shape[rank - elem.len()..] == elem[..] && info.elem_bits == bits;
    if !ok {
        let dims: Vec<String> = elem.iter().map(|d| d.to_string()).collect();
        return Err(error(
            ctx,
            ir,
            op,
            format!(
                "'@{}' must have shape [..., {}] of i{bits} to hold {} elements",
                info.name,
                dims.join(", "),
                memory.name()
            ),
        ));
    }
    Ok(info.shape[..rank - elem.len()].to_vec())
}

fn dense_array(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Option<Vec<i64>> {
    ir.attr(ctx, op, name).and_then(|a| ctx.dense_array_i64(a))
}

/// Checks a window of `tile` (data extents `extent`) at `offsets` in `grid`.
fn check_window(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    grid: &[i64],
    offsets: &[i64],
    extent: &[i64],
) -> DiagResult<()> {
    if offsets.len() != grid.len() {
        return Err(error(
            ctx,
            ir,
            op,
            format!(
                "expects {} offsets, one per element-grid dimension, got {}",
                grid.len(),
                offsets.len()
            ),
        ));
    }
    if extent.len() > grid.len() {
        return Err(error(
            ctx,
            ir,
            op,
            format!(
                "tile rank {} exceeds the buffer's element-grid rank {}",
                extent.len(),
                grid.len()
            ),
        ));
    }
    let lead = grid.len() - extent.len();
    for d in 0..grid.len() {
        let size = if d < lead { 1 } else { extent[d - lead] };
        if offsets[d] < 0 || offsets[d] + size > grid[d] {
            return Err(error(
                ctx,
                ir,
                op,
                format!(
                    "window {}..{} of dimension {d} is outside the buffer's element grid (size {})",
                    offsets[d],
                    offsets[d] + size,
                    grid[d]
                ),
            ));
        }
    }
    Ok(())
}

fn check_tile_fits(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    config: &VtaConfig,
    tile: &TileType,
) -> DiagResult<()> {
    let depth = config.depth(tile.memory) as i64;
    if tile.num_elements() > depth {
        return Err(error(
            ctx,
            ir,
            op,
            format!(
                "tile of {} elements does not fit the {} buffer ({depth} elements)",
                tile.num_elements(),
                tile.memory
            ),
        ));
    }
    Ok(())
}

fn tile_mem(buffer: Buffer) -> MemId {
    match buffer {
        Buffer::Inp => MemId::Inp,
        Buffer::Wgt => MemId::Wgt,
        _ => MemId::Acc,
    }
}

/// The data extents of a loaded tile: its shape minus the paddings.
pub fn load_extents(tile: &TileType, pads: &[i64]) -> Vec<i64> {
    let mut extent = tile.shape.clone();
    let r = extent.len();
    if r >= 1 {
        extent[r - 1] -= pads[2] + pads[3];
    }
    if r >= 2 {
        extent[r - 2] -= pads[0] + pads[1];
    }
    extent
}

pub fn load_tile(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let tile = tile_of(ctx, ir, ir.result(op, 0))
        .ok_or_else(|| error(ctx, ir, op, "result must be a !vta.tile"))?;
    let pads = dense_array(ctx, ir, op, "pad").unwrap_or_else(|| vec![0; 4]);
    if pads.len() != 4 || pads.iter().any(|p| !(0..=15).contains(p)) {
        return Err(error(
            ctx,
            ir,
            op,
            "expects 4 paddings [top, bottom, left, right], each in 0..=15",
        ));
    }
    if tile.shape.len() < 2 && (pads[0] != 0 || pads[1] != 0) {
        return Err(error(ctx, ir, op, "a rank-1 tile has no rows to pad"));
    }
    let extent = load_extents(&tile, &pads);
    if extent.iter().any(|&e| e <= 0) {
        return Err(error(ctx, ir, op, "paddings leave no data to load"));
    }
    Ok(())
}

/// The checks of a `vta.load_tile` that need its module: the tile fits the
/// buffer, the window lies inside the named DRAM buffer.
pub fn load_tile_uses(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (config, _) = config_and_layout(ctx, ir, op)?;
    let Some(tile) = tile_of(ctx, ir, ir.result(op, 0)) else {
        return Ok(());
    };
    check_tile_fits(ctx, ir, op, &config, &tile)?;
    let buffer = lookup::<DramBufferOp>(ctx, ir, op, "buffer")?;
    let grid = element_grid(ctx, ir, op, &config, buffer, tile_mem(tile.memory))?;
    let pads = dense_array(ctx, ir, op, "pad").unwrap_or_else(|| vec![0; 4]);
    let extent = load_extents(&tile, &pads);
    let offsets = dense_array(ctx, ir, op, "offsets").unwrap_or_default();
    check_window(ctx, ir, op, &grid, &offsets, &extent)
}

pub fn store_tile(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let tile = tile_of(ctx, ir, ir.operand(op, 0))
        .ok_or_else(|| error(ctx, ir, op, "operand must be a !vta.tile"))?;
    if tile.memory != Buffer::Acc {
        return Err(error(ctx, ir, op, "stores only acc tiles"));
    }
    Ok(())
}

/// The checks of a `vta.store_tile` that need its module.
pub fn store_tile_uses(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (config, _) = config_and_layout(ctx, ir, op)?;
    let Some(tile) = tile_of(ctx, ir, ir.operand(op, 0)) else {
        return Ok(());
    };
    let buffer = lookup::<DramBufferOp>(ctx, ir, op, "buffer")?;
    let grid = element_grid(ctx, ir, op, &config, buffer, MemId::Out)?;
    let offsets = dense_array(ctx, ir, op, "offsets").unwrap_or_default();
    check_window(ctx, ir, op, &grid, &offsets, &tile.shape)
}

/// `offset + sum coefficient[d] * d_d` for a pure affine expression without
/// symbols, `None` for anything else (mod, floordiv, ceildiv, symbols).
pub fn linear_form(expr: &AffineExpr, num_dims: usize) -> Option<(i64, Vec<i64>)> {
    let mut linear = true;
    expr.walk(&mut |e| {
        if e.as_symbol().is_some() {
            linear = false;
        }
        if let Some(b) = e.as_binary() {
            if !matches!(b.op(), AffineBinaryOp::Add | AffineBinaryOp::Mul) {
                linear = false;
            }
        }
    });
    if !linear || !expr.is_pure_affine() {
        return None;
    }
    let zeros = vec![0; num_dims];
    let offset = expr.eval(&zeros, &[]).ok()?;
    let mut coefficients = Vec::with_capacity(num_dims);
    for d in 0..num_dims {
        let mut unit = zeros.clone();
        unit[d] = 1;
        coefficients.push(expr.eval(&unit, &[]).ok()? - offset);
    }
    Some((offset, coefficients))
}

/// The linear flattened index of `map` into `shape` (row-major) over the
/// iteration box `bounds`, after checking every access is in range.
pub fn flat_access(
    map: &AffineMap,
    bounds: &[i64],
    shape: &[i64],
) -> Result<(i64, Vec<i64>), String> {
    if map.num_dims() != bounds.len() || map.num_symbols() != 0 {
        return Err(format!(
            "map {map} must have {} dimensions and no symbols",
            bounds.len()
        ));
    }
    if map.num_results() != shape.len() {
        return Err(format!(
            "map {map} must have {} results, one per tile dimension",
            shape.len()
        ));
    }
    let strides = crate::types::row_major_strides(shape);
    let mut offset = 0;
    let mut coefficients = vec![0; bounds.len()];
    for (r, expr) in map.results().iter().enumerate() {
        let (c0, cs) = linear_form(expr, bounds.len())
            .ok_or_else(|| format!("map {map} must be linear (no mod, floordiv or ceildiv)"))?;
        let mut lo = c0;
        let mut hi = c0;
        for (d, c) in cs.iter().enumerate() {
            let span = c * (bounds[d] - 1);
            if span < 0 {
                lo += span;
            } else {
                hi += span;
            }
        }
        if lo < 0 || hi >= shape[r] {
            return Err(format!("map {map} result {r} ranges over {lo}..={hi}, outside the tile dimension of size {}", shape[r]));
        }
        offset += c0 * strides[r];
        for d in 0..bounds.len() {
            coefficients[d] += cs[d] * strides[r];
        }
    }
    Ok((offset, coefficients))
}

/// Other uses of a tile updated in place must come before the update.
fn check_in_place(ctx: &Context, ir: &Ir, op: OpId, value: Value, what: &str) -> DiagResult<()> {
    for user in ir.users(value) {
        if user == op {
            continue;
        }
        let before = ir.op_block(user) == ir.op_block(op) && ir.is_before_in_block(user, op);
        if !before {
            return Err(error(
                ctx,
                ir,
                op,
                format!(
                    "updates its {what} tile in place, so the tile may not be used after this op"
                ),
            ));
        }
    }
    Ok(())
}

/// The iteration bounds and (inp, wgt, acc) maps of a `vta.gemm_tile`,
/// defaulting to a matmul over 2-D tiles.
pub fn gemm_tile_maps(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
) -> Result<(Vec<i64>, Vec<AffineMap>), String> {
    let inp = tile_of(ctx, ir, ir.operand(op, 0)).ok_or("inp must be a !vta.tile")?;
    let wgt = tile_of(ctx, ir, ir.operand(op, 1)).ok_or("wgt must be a !vta.tile")?;
    if let Some(maps) = ir.attr(ctx, op, "indexing_maps") {
        let maps = crate::ops::affine_maps(ctx, maps).ok_or("indexing_maps must be affine maps")?;
        let bounds = dense_array(ctx, ir, op, "bounds").ok_or("indexing_maps need bounds")?;
        if maps.len() != 3 {
            return Err("expects 3 indexing maps (inp, wgt, acc)".into());
        }
        return Ok((bounds, maps));
    }
    if inp.shape.len() != 2 || wgt.shape.len() != 2 {
        return Err("without indexing_maps, expects 2-D tiles: inp MxK, wgt NxK, acc MxN".into());
    }
    let (d0, d1, d2) = (AffineExpr::dim(0), AffineExpr::dim(1), AffineExpr::dim(2));
    let maps = vec![
        AffineMap::new(3, 0, vec![d0.clone(), d2.clone()]),
        AffineMap::new(3, 0, vec![d1.clone(), d2]),
        AffineMap::new(3, 0, vec![d0, d1]),
    ];
    Ok((vec![inp.shape[0], wgt.shape[0], inp.shape[1]], maps))
}

pub fn gemm_tile(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let err = |m: String| error(ctx, ir, op, m);
    let tiles: Vec<Option<TileType>> = ir.operands(op).map(|v| tile_of(ctx, ir, v)).collect();
    let result = tile_of(ctx, ir, ir.result(op, 0));
    let expect = [Buffer::Inp, Buffer::Wgt, Buffer::Acc];
    for (i, (tile, memory)) in tiles.iter().zip(expect).enumerate() {
        match tile {
            Some(t) if t.memory == memory => {}
            _ => return Err(err(format!("operand #{i} must be a {memory} tile"))),
        }
    }
    let Some(result) = result.filter(|r| r.memory == Buffer::Acc) else {
        return Err(err("result must be an acc tile".into()));
    };
    if ir.num_operands(op) == 3 {
        if ir.value_type(ir.operand(op, 2)) != ir.value_type(ir.result(op, 0)) {
            return Err(err(
                "accumulator operand and result must have the same type".into(),
            ));
        }
        check_in_place(ctx, ir, op, ir.operand(op, 2), "accumulator")?;
    }
    let (bounds, maps) = gemm_tile_maps(ctx, ir, op).map_err(err)?;
    if bounds.iter().any(|&b| b <= 0) {
        return Err(err("bounds must be positive".into()));
    }
    let shapes = [
        tiles[0]
            .as_ref()
            .map(|t| t.shape.clone())
            .unwrap_or_default(),
        tiles[1]
            .as_ref()
            .map(|t| t.shape.clone())
            .unwrap_or_default(),
        result.shape.clone(),
    ];
    for (map, shape) in maps.iter().zip(&shapes) {
        flat_access(map, &bounds, shape).map_err(err)?;
    }
    Ok(())
}

/// The checks of a `vta.gemm_tile` that need its module's configuration.
pub fn gemm_tile_uses(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    acc_tile_fits(ctx, ir, op, ir.result(op, 0))
}

/// Whether the acc tile `value` fits the module's accumulator buffer.
fn acc_tile_fits(ctx: &Context, ir: &Ir, op: OpId, value: Value) -> DiagResult<()> {
    let (config, _) = config_and_layout(ctx, ir, op)?;
    match tile_of(ctx, ir, value) {
        Some(tile) => check_tile_fits(ctx, ir, op, &config, &tile),
        None => Ok(()),
    }
}

/// The checks of a `vta.alu_tile` that need its module's configuration.
pub fn alu_tile_uses(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    acc_tile_fits(ctx, ir, op, ir.operand(op, 0))?;
    if ir.attr(ctx, op, "imm").is_some() && ir.num_operands(op) == 1 {
        let (_, layout) = config_and_layout(ctx, ir, op)?;
        let imm = int_prop(ctx, ir, op, "imm");
        let half = 1i64 << (layout.alu.imm.width - 1);
        if imm < -half || imm >= half {
            return Err(error(
                ctx,
                ir,
                op,
                format!(
                    "immediate {imm} does not fit the signed {}-bit field",
                    layout.alu.imm.width
                ),
            ));
        }
    }
    Ok(())
}

pub fn alu_tile(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let err = |m: String| error(ctx, ir, op, m);
    let name = crate::syntax::str_prop(ctx, ir, op, "opcode").unwrap_or("");
    if alu_op(name).is_none() {
        return Err(err(format!("unknown ALU opcode '{name}'")));
    }
    let dst = tile_of(ctx, ir, ir.operand(op, 0)).filter(|t| t.memory == Buffer::Acc);
    let Some(dst) = dst else {
        return Err(err("operand #0 must be an acc tile".into()));
    };
    if ir.value_type(ir.operand(op, 0)) != ir.value_type(ir.result(op, 0)) {
        return Err(err("result must have the type of operand #0".into()));
    }
    check_in_place(ctx, ir, op, ir.operand(op, 0), "destination")?;
    let has_imm = ir.attr(ctx, op, "imm").is_some();
    match (ir.num_operands(op) == 2, has_imm) {
        (true, true) | (false, false) => {
            return Err(err("expects either a source tile or an immediate".into()))
        }
        (false, true) => {}
        (true, false) => {
            let src = tile_of(ctx, ir, ir.operand(op, 1)).filter(|t| t.memory == Buffer::Acc);
            let Some(src) = src else {
                return Err(err("operand #1 must be an acc tile".into()));
            };
            match ir.attr(ctx, op, "src_map").map(|a| ctx.attr_data(a)) {
                Some(AttrData::AffineMap(map)) => {
                    flat_access(map, &dst.shape, &src.shape).map_err(err)?;
                }
                Some(_) => return Err(err("src_map must be an affine map".into())),
                None if src.shape != dst.shape => {
                    return Err(err(
                        "without src_map, source and destination tiles must have the same shape"
                            .into(),
                    ))
                }
                None => {}
            }
        }
    }
    Ok(())
}
