//! `vta-lower-tiles`: the tile form to the instruction form.
//!
//! Input: a module whose body holds `vta.dram_buffer`s and tile ops
//! (`vta.load_tile`, `vta.gemm_tile`, `vta.alu_tile`, `vta.store_tile`) in
//! program order. Output: the same buffers, micro-op kernels, and one
//! instruction op per VTA instruction ending with `vta.finish`. Steps:
//!
//! 1. **Storage.** A tile value produced by a load or a fresh GEMM owns a
//!    storage; in-place ops (`gemm_tile ... into`, `alu_tile`) reuse their
//!    operand's. A storage lives from its definition to the last use of any
//!    of its values.
//! 2. **SRAM allocation**, per buffer. With double buffering (the default)
//!    the allocator is next-fit on a ring: each allocation starts where the
//!    previous one ended and wraps around, so consecutive tiles get
//!    disjoint regions whenever two fit, and a load for tile i+1 never
//!    waits for compute on tile i (the effect of TVM's two virtual threads).
//!    Without it, allocation is first-fit from 0, which reuses a region as
//!    soon as it dies and serialises load and compute.
//! 3. **Instructions.** A tile load/store is one 2-D DMA per leading index
//!    of the tile; a GEMM/ALU becomes micro-op kernels with at most two
//!    loops (see [`plan_gemm`]); a fresh GEMM first resets its accumulator.
//! 4. **Tokens**, from actual SRAM conflicts ([`crate::tokens`]), and a
//!    final FINISH that waits for the last load and store.

use crate::insn::{build_insn, build_kernel, InsnOp};
use crate::ops::{
    alu_op, tile_of, AluOp, AluTileOp, DramBufferOp, FinishOp, GemmOp, GemmTileOp, LoadOp,
    LoadTileOp, StoreOp, StoreTileOp,
};
use crate::syntax::{int_prop, str_prop, symbol_prop};
use crate::tokens::{insert_tokens, Access, InsnAccesses};
use crate::types::{row_major_strides, TileType};
use crate::verify::{
    config_and_layout, element_grid, flat_access, gemm_tile_maps, load_extents, lookup,
};
use std::collections::HashMap;
use strata_ir::builder::OpBuilder;
use strata_ir::builtin::ModuleOp;
use strata_ir::verifier::emit_op_error;
use strata_ir::{AttrData, Context, DiagResult, Diagnostic, InsertPoint, Ir, OpId, Value};
use strata_vta::{
    AluInsn, Buffer, DepFlags, GemmInsn, Insn, IsaLayout, LoopNest, MemId, MemInsn, Module, Uop,
    VtaConfig,
};

/// The pass name, as `--pass-pipeline` spells it.
pub const PASS_NAME: &str = "vta-lower-tiles";

/// Options of `vta-lower-tiles`.
#[derive(Clone, Debug)]
pub struct LowerTilesOptions {
    /// Ring allocation so that consecutive tiles use disjoint SRAM regions.
    pub double_buffer: bool,
}

impl Default for LowerTilesOptions {
    fn default() -> Self {
        LowerTilesOptions {
            double_buffer: true,
        }
    }
}

/// The ops of the tile form, which the pass lowers.
const TILE_OPS: [&str; 4] = [
    LoadTileOp::NAME,
    GemmTileOp::NAME,
    AluTileOp::NAME,
    StoreTileOp::NAME,
];
/// The instruction ops, which may not share a module with tile ops.
const INSN_OPS: [&str; 5] = [
    LoadOp::NAME,
    StoreOp::NAME,
    GemmOp::NAME,
    AluOp::NAME,
    FinishOp::NAME,
];

/// The largest GEMM kernel that folds reduction points into micro-ops
/// (an eighth of the default micro-op buffer, so kernels still cache).
const MAX_FOLDED_KERNEL: i64 = 1024;

/// An instruction being planned, with its kernel's micro-ops (absolute).
#[derive(Clone, Debug)]
struct Planned {
    insn: Insn,
    buffer: Option<String>,
    uops: Vec<Uop>,
}

/// Lowers the tile ops of `module`'s body; a module without tile ops is
/// left alone.
pub fn lower_tiles(
    ctx: &Context,
    ir: &mut Ir,
    module: OpId,
    options: &LowerTilesOptions,
) -> DiagResult<()> {
    let Some(block) = ir.regions(module).first().and_then(|r| ir.entry_block(*r)) else {
        return Ok(());
    };
    let ops: Vec<OpId> = ir.block_ops(block).collect();
    let name = |op: OpId| ctx.op_name_str(ir.op_name(op));
    let tile_ops: Vec<OpId> = ops
        .iter()
        .copied()
        .filter(|&op| TILE_OPS.contains(&name(op)))
        .collect();
    let Some(&first) = tile_ops.first() else {
        return Ok(());
    };
    if let Some(&insn) = ops.iter().find(|&&op| INSN_OPS.contains(&name(op))) {
        return Err(emit_op_error(
            ctx,
            ir,
            insn,
            "cannot be mixed with tile ops in one module (vta-lower-tiles)",
        ));
    }
    let (config, layout) = config_and_layout(ctx, ir, first)?;
    let mut lowering = Lowering {
        ctx,
        ir,
        config: &config,
        layout: &layout,
        storage_of: HashMap::new(),
        storages: Vec::new(),
        planned: Vec::new(),
    };
    lowering.assign_storage(&tile_ops)?;
    lowering.allocate(&tile_ops, options.double_buffer)?;
    for &op in &tile_ops {
        lowering.plan_op(op)?;
    }
    let planned = std::mem::take(&mut lowering.planned);
    emit(ctx, ir, module, first, &tile_ops, planned)
}

struct Storage {
    memory: Buffer,
    size: i64,
    defined: usize,
    last_use: usize,
    base: i64,
}

struct Lowering<'a> {
    ctx: &'a Context,
    ir: &'a Ir,
    config: &'a VtaConfig,
    layout: &'a IsaLayout,
    storage_of: HashMap<Value, usize>,
    storages: Vec<Storage>,
    planned: Vec<Planned>,
}

impl Lowering<'_> {
    fn error(&self, op: OpId, message: impl AsRef<str>) -> Diagnostic {
        emit_op_error(self.ctx, self.ir, op, message)
    }

    fn name(&self, op: OpId) -> &str {
        self.ctx.op_name_str(self.ir.op_name(op))
    }

    fn tile(&self, op: OpId, value: Value) -> DiagResult<TileType> {
        tile_of(self.ctx, self.ir, value).ok_or_else(|| self.error(op, "expects !vta.tile values"))
    }

    fn storage(&self, op: OpId, value: Value) -> DiagResult<usize> {
        self.storage_of.get(&value).copied().ok_or_else(|| {
            self.error(
                op,
                "uses a tile that is not defined by a tile op of this module",
            )
        })
    }

    /// Step 1: storages and their live ranges.
    fn assign_storage(&mut self, ops: &[OpId]) -> DiagResult<()> {
        for (index, &op) in ops.iter().enumerate() {
            for value in self.ir.operands(op).collect::<Vec<_>>() {
                let s = self.storage(op, value)?;
                self.storages[s].last_use = index;
            }
            let fresh = match self.name(op) {
                LoadTileOp::NAME => true,
                GemmTileOp::NAME => self.ir.num_operands(op) == 2,
                _ => false,
            };
            if self.ir.num_results(op) == 0 {
                continue;
            }
            let result = self.ir.result(op, 0);
            let s = if fresh {
                let tile = self.tile(op, result)?;
                self.storages.push(Storage {
                    memory: tile.memory,
                    size: tile.num_elements(),
                    defined: index,
                    last_use: index,
                    base: 0,
                });
                self.storages.len() - 1
            } else {
                let in_place = if GemmTileOp::is(self.ctx, self.ir, op) {
                    2
                } else {
                    0
                };
                self.storage(op, self.ir.operand(op, in_place))?
            };
            self.storage_of.insert(result, s);
        }
        Ok(())
    }

    /// Step 2: SRAM addresses.
    fn allocate(&mut self, ops: &[OpId], ring: bool) -> DiagResult<()> {
        let mut live: Vec<usize> = Vec::new();
        let mut cursor: HashMap<Buffer, i64> = HashMap::new();
        for (index, &op) in ops.iter().enumerate() {
            for s in 0..self.storages.len() {
                if self.storages[s].defined != index {
                    continue;
                }
                let memory = self.storages[s].memory;
                let size = self.storages[s].size;
                let depth = self.config.depth(memory) as i64;
                let busy: Vec<(i64, i64)> = live
                    .iter()
                    .map(|&l| &self.storages[l])
                    .filter(|l| l.memory == memory)
                    .map(|l| (l.base, l.base + l.size))
                    .collect();
                let fits = |start: i64| {
                    start + size <= depth
                        && busy.iter().all(|&(b, e)| start >= e || start + size <= b)
                };
                let mut candidates: Vec<i64> = std::iter::once(0)
                    .chain(busy.iter().map(|&(_, e)| e))
                    .collect();
                candidates.sort_unstable();
                let from = if ring {
                    cursor.get(&memory).copied().unwrap_or(0)
                } else {
                    0
                };
                // On the ring, a storage that fits half the buffer starts
                // at the next half boundary (then first-fit from there):
                // consecutive tiles alternate between the two halves, so
                // their SRAM addresses, hence their micro-op kernels,
                // repeat every two tiles and stay cached in the micro-op
                // buffer instead of being reloaded per tile. A storage of
                // which exactly three fit takes slots of its own size
                // instead: loads may then run two tiles ahead (triple
                // buffering) and kernels still repeat, every three tiles.
                let half = depth / 2;
                let slot = if size > 0 && depth / size == 3 {
                    size
                } else {
                    half
                };
                let aligned = (ring && size <= half).then(|| {
                    let next = (from + slot - 1) / slot * slot;
                    if next + size > depth {
                        0
                    } else {
                        next
                    }
                });
                let start = aligned
                    .into_iter()
                    .chain(
                        candidates
                            .iter()
                            .copied()
                            .filter(|&c| aligned.is_some_and(|a| c >= a)),
                    )
                    .chain(std::iter::once(from))
                    .chain(candidates.iter().copied().filter(|&c| c >= from))
                    .chain(candidates.iter().copied())
                    .find(|&c| fits(c));
                let Some(start) = start else {
                    let used: i64 = busy.iter().map(|(b, e)| e - b).sum();
                    return Err(self.error(
                        op,
                        format!(
                            "needs {size} more {memory} elements while {used} are live; the {memory} buffer holds {depth} (vta-lower-tiles)"
                        ),
                    ));
                };
                self.storages[s].base = start;
                cursor.insert(memory, start + size);
                live.push(s);
            }
            live.retain(|&s| self.storages[s].last_use > index);
        }
        Ok(())
    }

    fn base(&self, op: OpId, value: Value) -> DiagResult<i64> {
        Ok(self.storages[self.storage(op, value)?].base)
    }

    fn plan_op(&mut self, op: OpId) -> DiagResult<()> {
        match self.name(op) {
            LoadTileOp::NAME => self.plan_transfer(op, true),
            StoreTileOp::NAME => self.plan_transfer(op, false),
            GemmTileOp::NAME => self.plan_gemm(op),
            _ => self.plan_alu(op),
        }
    }

    fn to_u32(&self, op: OpId, what: &str, v: i64) -> DiagResult<u32> {
        u32::try_from(v).map_err(|_| self.error(op, format!("{what} = {v} is out of range")))
    }

    /// Step 3 for loads and stores: one DMA per leading tile index.
    fn plan_transfer(&mut self, op: OpId, is_load: bool) -> DiagResult<()> {
        let (ctx, ir) = (self.ctx, self.ir);
        let value = if is_load {
            ir.result(op, 0)
        } else {
            ir.operand(op, 0)
        };
        let tile = self.tile(op, value)?;
        let base = self.base(op, value)?;
        let memory = match (is_load, tile.memory) {
            (false, _) => MemId::Out,
            (true, Buffer::Inp) => MemId::Inp,
            (true, Buffer::Wgt) => MemId::Wgt,
            _ => MemId::Acc,
        };
        let buffer_op = lookup::<DramBufferOp>(ctx, ir, op, "buffer")?;
        let grid = element_grid(ctx, ir, op, self.config, buffer_op, memory)?;
        let grid_strides = row_major_strides(&grid);
        let offsets = ir
            .attr(ctx, op, "offsets")
            .and_then(|a| ctx.dense_array_i64(a))
            .unwrap_or_default();
        let pads = ir
            .attr(ctx, op, "pad")
            .and_then(|a| ctx.dense_array_i64(a))
            .unwrap_or_else(|| vec![0; 4]);
        let extent = if is_load {
            load_extents(&tile, &pads)
        } else {
            tile.shape.clone()
        };
        let rank = tile.shape.len();
        let (y_total, x_total) = if rank >= 2 {
            (tile.shape[rank - 2], tile.shape[rank - 1])
        } else {
            (1, tile.shape[0])
        };
        let (y_size, x_size) = if rank >= 2 {
            (extent[rank - 2], extent[rank - 1])
        } else {
            (1, extent[0])
        };
        let g = grid.len();
        let x_stride = if g >= 2 { grid_strides[g - 2] } else { x_size };
        let lead = &tile.shape[..rank.saturating_sub(2)];
        let count: i64 = lead.iter().product();
        let lead_strides = row_major_strides(lead);
        let buffer = symbol_prop(ctx, ir, op, "buffer");
        let padded = is_load && pads.iter().any(|&p| p != 0);
        let max_size = (1i64
            << self
                .layout
                .mem
                .x_size
                .width
                .min(self.layout.mem.y_size.width))
            - 1;
        let mut dmas: Vec<MemInsn> = Vec::new();
        for l in 0..count {
            let mut coord = offsets.clone();
            for (k, &stride) in lead_strides.iter().enumerate() {
                coord[g - rank + k] += (l / stride) % lead[k];
            }
            let dram: i64 = coord.iter().zip(&grid_strides).map(|(c, s)| c * s).sum();
            let mut m = MemInsn::dense(
                memory,
                self.to_u32(op, "sram address", base + l * y_total * x_total)?,
                self.to_u32(op, "dram offset", dram)?,
                self.to_u32(op, "y_size", y_size)?,
                self.to_u32(op, "x_size", x_size)?,
            );
            m.x_stride = self.to_u32(op, "x_stride", x_stride)?;
            if is_load && rank >= 2 {
                m.y_pad_0 = pads[0] as u32;
                m.y_pad_1 = pads[1] as u32;
            }
            if is_load {
                m.x_pad_0 = pads[2] as u32;
                m.x_pad_1 = pads[3] as u32;
            }
            if padded {
                dmas.push(m);
            } else {
                merge_rows(&mut dmas, m, max_size);
            }
        }
        for m in dmas {
            let insn = if is_load {
                Insn::Load(m)
            } else {
                Insn::Store(m)
            };
            self.planned.push(Planned {
                insn,
                buffer: buffer.clone(),
                uops: Vec::new(),
            });
        }
        Ok(())
    }

    /// Step 3 for `vta.gemm_tile`.
    ///
    /// The iteration space splits into parallel dimensions (they move the
    /// accumulator index) and reduction dimensions. The outer hardware loop
    /// takes the largest reduction dimension and the inner loop the largest
    /// parallel one (or the two largest of whichever kind exists); the
    /// remaining parallel dimensions are enumerated as micro-ops, which
    /// therefore all write different accumulators (TVM's no-hazard rule);
    /// remaining reduction dimensions are enumerated around them in the
    /// same kernel when that keeps equal accumulators three micro-ops
    /// apart, else they become separate instructions. A loop needs
    /// non-negative index factors that fit their fields.
    fn plan_gemm(&mut self, op: OpId) -> DiagResult<()> {
        let (ctx, ir) = (self.ctx, self.ir);
        let err = |m: String| self.error(op, m);
        let (bounds, maps) = gemm_tile_maps(ctx, ir, op).map_err(err)?;
        let values = [ir.operand(op, 0), ir.operand(op, 1), ir.result(op, 0)];
        let mut forms = Vec::new();
        for (map, &value) in maps.iter().zip(&values) {
            let tile = self.tile(op, value)?;
            let (offset, coefficients) = flat_access(map, &bounds, &tile.shape).map_err(err)?;
            forms.push((self.base(op, value)? + offset, coefficients));
        }
        let acc = self.tile(op, values[2])?;
        let acc_base = self.base(op, values[2])?;
        if ir.num_operands(op) == 2 {
            self.plan_reset(op, &acc, acc_base)?;
        }
        let g = &self.layout.gemm;
        let limits = [
            (g.loops.dst_factor_out.width, g.loops.dst_factor_in.width),
            (g.loops.src_factor_out.width, g.loops.src_factor_in.width),
            (g.wgt_factor_out.width, g.wgt_factor_in.width),
        ];
        // forms are (inp, wgt, acc); fields are (dst=acc, src=inp, wgt).
        let order = [2, 0, 1];
        let loopable = |d: usize, outer: bool| {
            bounds[d] > 1
                && order.iter().zip(&limits).all(|(&f, &(wo, wi))| {
                    let c = forms[f].1[d];
                    c >= 0 && c < (1 << if outer { wo } else { wi })
                })
        };
        let n = bounds.len();
        let by_extent = |dims: Vec<usize>| {
            let mut dims = dims;
            dims.sort_by_key(|&d| std::cmp::Reverse(bounds[d]));
            dims
        };
        let parallel = by_extent((0..n).filter(|&d| forms[2].1[d] != 0).collect());
        let reduction = by_extent((0..n).filter(|&d| forms[2].1[d] == 0).collect());
        let outer = reduction
            .iter()
            .chain(&parallel)
            .copied()
            .find(|&d| loopable(d, true));
        let inner = parallel
            .iter()
            .chain(&reduction)
            .copied()
            .find(|&d| Some(d) != outer && loopable(d, false));
        let in_loops = |d: usize| Some(d) == outer || Some(d) == inner;
        let parallel_uops: Vec<usize> = (0..n)
            .filter(|&d| !in_loops(d) && forms[2].1[d] != 0)
            .collect();
        let rest: Vec<usize> = (0..n)
            .filter(|&d| !in_loops(d) && forms[2].1[d] == 0)
            .collect();
        // The remaining reductions go into the kernel, outside its parallel
        // micro-ops, when those are at least three (a micro-op then never
        // writes the accumulator of one of the previous two: no hazard) and
        // the kernel stays small: one instruction instead of one per
        // reduction point saves its drain and its kernel load's latency.
        // Otherwise they become separate instructions.
        let count = |dims: &[usize]| dims.iter().map(|&d| bounds[d]).product::<i64>();
        let fold =
            count(&parallel_uops) >= 3 && count(&parallel_uops) * count(&rest) <= MAX_FOLDED_KERNEL;
        let (uop_dims, insn_dims) = if fold {
            (
                rest.iter().chain(&parallel_uops).copied().collect(),
                Vec::new(),
            )
        } else {
            (parallel_uops, rest)
        };
        let factor = |d: Option<usize>, f: usize| d.map_or(0, |d| forms[f].1[d] as u32);
        let extent = |d: Option<usize>| d.map_or(1, |d| bounds[d] as u32);
        let loops = LoopNest {
            uop_bgn: 0,
            uop_end: 0,
            iter_out: extent(outer),
            iter_in: extent(inner),
            dst_factor_out: factor(outer, 2),
            dst_factor_in: factor(inner, 2),
            src_factor_out: factor(outer, 0),
            src_factor_in: factor(inner, 0),
        };
        for fixed in points(&insn_dims, &bounds) {
            let mut uops = Vec::new();
            for point in points(&uop_dims, &bounds) {
                let at = |f: usize| {
                    let (base, c) = &forms[f];
                    base + fixed
                        .iter()
                        .chain(&point)
                        .map(|&(d, i)| c[d] * i)
                        .sum::<i64>()
                };
                uops.push(Uop::new(
                    self.to_u32(op, "micro-op dst", at(2))?,
                    self.to_u32(op, "micro-op src", at(0))?,
                    self.to_u32(op, "micro-op wgt", at(1))?,
                ));
            }
            self.check_kernel(op, &uops)?;
            let insn = Insn::Gemm(GemmInsn {
                deps: DepFlags::NONE,
                reset: false,
                loops,
                wgt_factor_out: factor(outer, 1),
                wgt_factor_in: factor(inner, 1),
            });
            self.planned.push(Planned {
                insn,
                buffer: None,
                uops,
            });
        }
        Ok(())
    }

    /// Zeroes a whole accumulator tile with one micro-op and two loops.
    fn plan_reset(&mut self, op: OpId, acc: &TileType, base: i64) -> DiagResult<()> {
        let cols = *acc.shape.last().unwrap_or(&1);
        let rows = acc.num_elements() / cols;
        let loops = LoopNest {
            uop_bgn: 0,
            uop_end: 0,
            iter_out: self.to_u32(op, "rows", rows)?,
            iter_in: self.to_u32(op, "columns", cols)?,
            dst_factor_out: self.to_u32(op, "columns", cols)?,
            dst_factor_in: 1,
            src_factor_out: 0,
            src_factor_in: 0,
        };
        let insn = Insn::Gemm(GemmInsn {
            deps: DepFlags::NONE,
            reset: true,
            loops,
            wgt_factor_out: 0,
            wgt_factor_in: 0,
        });
        let uops = vec![Uop::new(self.to_u32(op, "acc address", base)?, 0, 0)];
        self.planned.push(Planned {
            insn,
            buffer: None,
            uops,
        });
        Ok(())
    }

    fn check_kernel(&self, op: OpId, uops: &[Uop]) -> DiagResult<()> {
        let depth = self.config.depth(Buffer::Uop) as usize;
        if uops.len() > depth {
            return Err(self.error(
                op,
                format!(
                    "needs a kernel of {} micro-ops, more than the micro-op buffer holds ({depth})",
                    uops.len()
                ),
            ));
        }
        for (i, u) in uops.iter().enumerate() {
            if uops[i.saturating_sub(2)..i].iter().any(|e| e.dst == u.dst) {
                return Err(self.error(op, "cannot be lowered to a hazard-free micro-op kernel (its accumulator map is not injective)"));
            }
        }
        Ok(())
    }

    /// Step 3 for `vta.alu_tile`: micro-ops over the innermost dimension,
    /// loops over the (up to two) next ones, instructions over the rest.
    fn plan_alu(&mut self, op: OpId) -> DiagResult<()> {
        let (ctx, ir) = (self.ctx, self.ir);
        let dst_value = ir.operand(op, 0);
        let dst = self.tile(op, dst_value)?;
        let dst_base = self.base(op, dst_value)?;
        let shape = dst.shape.clone();
        let n = shape.len();
        let dst_c = dst.strides();
        let alu = alu_op(str_prop(ctx, ir, op, "opcode").unwrap_or(""))
            .ok_or_else(|| self.error(op, "unknown ALU opcode"))?;
        let imm = ir
            .attr(ctx, op, "imm")
            .map(|_| int_prop(ctx, ir, op, "imm"));
        let (src_base, src_c) = if ir.num_operands(op) == 2 {
            let src_value = ir.operand(op, 1);
            let src = self.tile(op, src_value)?;
            let base = self.base(op, src_value)?;
            match ir.attr(ctx, op, "src_map").map(|a| ctx.attr_data(a)) {
                Some(AttrData::AffineMap(map)) => {
                    let (offset, c) =
                        flat_access(map, &shape, &src.shape).map_err(|m| self.error(op, m))?;
                    (base + offset, c)
                }
                _ => (base, src.strides()),
            }
        } else {
            (dst_base, dst_c.clone())
        };
        if src_c.iter().any(|&c| c < 0) {
            return Err(self.error(op, "source map must not decrease along any dimension"));
        }
        let uop_dims: Vec<usize> = (n.saturating_sub(1)..n).collect();
        let loop_dims: Vec<usize> = (n.saturating_sub(3)..n.saturating_sub(1)).collect();
        let insn_dims: Vec<usize> = (0..n.saturating_sub(3)).collect();
        let (outer, inner) = match loop_dims.as_slice() {
            [o, i] => (Some(*o), Some(*i)),
            [o] => (Some(*o), None),
            _ => (None, None),
        };
        let extent = |d: Option<usize>| d.map_or(1, |d| shape[d] as u32);
        let f = |c: &[i64], d: Option<usize>| d.map_or(0, |d| c[d] as u32);
        let loops = LoopNest {
            uop_bgn: 0,
            uop_end: 0,
            iter_out: extent(outer),
            iter_in: extent(inner),
            dst_factor_out: f(&dst_c, outer),
            dst_factor_in: f(&dst_c, inner),
            src_factor_out: f(&src_c, outer),
            src_factor_in: f(&src_c, inner),
        };
        for fixed in points(&insn_dims, &shape) {
            let mut uops = Vec::new();
            for point in points(&uop_dims, &shape) {
                let at = |base: i64, c: &[i64]| {
                    base + fixed
                        .iter()
                        .chain(&point)
                        .map(|&(d, i)| c[d] * i)
                        .sum::<i64>()
                };
                let d = self.to_u32(op, "micro-op dst", at(dst_base, &dst_c))?;
                let s = self.to_u32(op, "micro-op src", at(src_base, &src_c))?;
                uops.push(Uop::new(d, s, 0));
            }
            self.check_kernel(op, &uops)?;
            let insn = Insn::Alu(AluInsn {
                deps: DepFlags::NONE,
                reset: false,
                loops,
                op: alu,
                use_imm: imm.is_some(),
                imm: imm.unwrap_or(0) as i32,
            });
            self.planned.push(Planned {
                insn,
                buffer: None,
                uops,
            });
        }
        Ok(())
    }
}

/// Appends the unpadded DMA `m` to `dmas`, merging rows where the DRAM
/// side is contiguous: each row pays the DRAM latency (spec §7), so rows
/// that follow each other in DRAM (a tile spanning whole rows of its
/// buffer, or consecutive leading indices whose blocks are adjacent) move
/// as one longer row. The SRAM side of a LOAD/STORE is dense (row r at
/// `sram_base + r * x_size`), so the merged transfer touches the same
/// elements. `max_size` is the largest x_size / y_size the fields hold.
fn merge_rows(dmas: &mut Vec<MemInsn>, mut m: MemInsn, max_size: i64) {
    let flatten = |m: &mut MemInsn| {
        if m.y_size > 1
            && m.x_stride == m.x_size
            && i64::from(m.y_size) * i64::from(m.x_size) <= max_size
        {
            m.x_size *= m.y_size;
            m.y_size = 1;
        }
        if m.y_size == 1 {
            m.x_stride = m.x_size;
        }
    };
    flatten(&mut m);
    if let Some(last) = dmas.last_mut() {
        let sram_next = last.sram_base + last.y_size * last.x_size;
        if m.sram_base == sram_next {
            if last.y_size == 1
                && m.y_size == 1
                && m.dram_base == last.dram_base + last.x_size
                && i64::from(last.x_size + m.x_size) <= max_size
            {
                last.x_size += m.x_size;
                last.x_stride = last.x_size;
                return;
            }
            if last.x_size == m.x_size
                && last.x_stride == m.x_stride
                && m.dram_base == last.dram_base + last.y_size * last.x_stride
                && i64::from(last.y_size + m.y_size) <= max_size
            {
                last.y_size += m.y_size;
                flatten(last);
                return;
            }
        }
    }
    dmas.push(m);
}

/// Every point of the box `bounds` restricted to `dims`, row-major, as
/// (dimension, index) pairs; one empty point when `dims` is empty.
fn points(dims: &[usize], bounds: &[i64]) -> Vec<Vec<(usize, i64)>> {
    let mut out = vec![Vec::new()];
    for &d in dims {
        out = out
            .into_iter()
            .flat_map(|p| {
                (0..bounds[d]).map(move |i| {
                    let mut q = p.clone();
                    q.push((d, i));
                    q
                })
            })
            .collect();
    }
    out
}

/// The SRAM ranges an instruction reads and writes, given its kernel's
/// micro-ops (absolute indices). Ranges are bounding intervals.
pub fn insn_accesses(config: &VtaConfig, insn: &Insn, uops: &[Uop]) -> InsnAccesses {
    let module = insn.module();
    let mut accesses = Vec::new();
    let span =
        |loops: &LoopNest, base: &dyn Fn(&Uop) -> u32, f_out: u32, f_in: u32| -> (u64, u64) {
            let reach = u64::from(loops.iter_out.saturating_sub(1)) * u64::from(f_out)
                + u64::from(loops.iter_in.saturating_sub(1)) * u64::from(f_in);
            let lo = uops.iter().map(|u| u64::from(base(u))).min().unwrap_or(0);
            let hi = uops.iter().map(|u| u64::from(base(u))).max().unwrap_or(0) + reach + 1;
            (lo, hi)
        };
    match insn {
        Insn::Load(m) if m.x_size > 0 => {
            let buffer = crate::verify::sram_buffer(m.memory);
            let first = u64::from(m.sram_base);
            accesses.push(Access::write(
                buffer,
                first,
                first + m.x_total() * m.y_total(),
            ));
        }
        Insn::Store(m) if m.x_size > 0 => {
            let first = u64::from(m.sram_base);
            accesses.push(Access::read(
                Buffer::Out,
                first,
                first + u64::from(m.x_size) * u64::from(m.y_size),
            ));
        }
        Insn::Gemm(g) => {
            let l = &g.loops;
            let (a, b) = span(l, &|u| u.dst, l.dst_factor_out, l.dst_factor_in);
            accesses.push(Access::write(Buffer::Acc, a, b));
            if !g.reset {
                let (a, b) = span(l, &|u| u.src, l.src_factor_out, l.src_factor_in);
                accesses.push(Access::read(Buffer::Inp, a, b));
                let (a, b) = span(l, &|u| u.wgt, g.wgt_factor_out, g.wgt_factor_in);
                accesses.push(Access::read(Buffer::Wgt, a, b));
            }
        }
        Insn::Alu(x) => {
            let l = &x.loops;
            let (a, b) = span(l, &|u| u.dst, l.dst_factor_out, l.dst_factor_in);
            accesses.push(Access::write(Buffer::Acc, a, b));
            if !x.use_imm {
                let (a, b) = span(l, &|u| u.src, l.src_factor_out, l.src_factor_in);
                accesses.push(Access::read(Buffer::Acc, a, b));
            }
        }
        Insn::Finish(_) => return InsnAccesses::finish(),
        _ => {}
    }
    let _ = config;
    InsnAccesses { module, accesses }
}

/// Step 4 and the rewrite: tokens, FINISH, kernels and instruction ops in
/// place of the tile ops.
fn emit(
    ctx: &Context,
    ir: &mut Ir,
    module: OpId,
    first: OpId,
    tile_ops: &[OpId],
    mut planned: Vec<Planned>,
) -> DiagResult<()> {
    let config = crate::config::config_for(ctx, ir, module).unwrap_or_default();
    planned.push(Planned {
        insn: Insn::Finish(DepFlags::NONE),
        buffer: None,
        uops: Vec::new(),
    });
    let accesses: Vec<InsnAccesses> = planned
        .iter()
        .map(|p| insn_accesses(&config, &p.insn, &p.uops))
        .collect();
    for (p, deps) in planned.iter_mut().zip(insert_tokens(&accesses)) {
        *p.insn.deps_mut() = deps;
    }
    // Kernels, shared by content, named so as not to clash with symbols already there.
    let table = strata_ir::symbol_table::SymbolTable::build(ctx, ir, module);
    let mut kernels: Vec<(Vec<Uop>, String)> = Vec::new();
    let mut counter = 0;
    let mut kernel_names = Vec::new();
    for p in &planned {
        if p.uops.is_empty() {
            kernel_names.push(None);
            continue;
        }
        if let Some((_, name)) = kernels.iter().find(|(u, _)| *u == p.uops) {
            kernel_names.push(Some(name.clone()));
            continue;
        }
        let name = loop {
            let candidate = format!("{}_k{counter}", kind_prefix(&p.insn));
            counter += 1;
            if table.lookup(&candidate).is_none() {
                break candidate;
            }
        };
        kernels.push((p.uops.clone(), name.clone()));
        kernel_names.push(Some(name));
    }
    let mut b = OpBuilder::at(ctx, ir, InsertPoint::Before(first));
    for (uops, name) in &kernels {
        build_kernel(&mut b, name, uops);
    }
    for (p, kernel) in planned.iter().zip(kernel_names) {
        let op = InsnOp {
            insn: p.insn,
            buffer: p.buffer.clone(),
            kernel,
        };
        build_insn(&mut b, &op);
    }
    for &op in tile_ops.iter().rev() {
        ir.drop_operands(op);
    }
    for &op in tile_ops.iter().rev() {
        ir.erase_op(op)
            .map_err(|e| emit_op_error(ctx, ir, op, format!("cannot erase: {e:?}")))?;
    }
    let _ = Module::Load;
    Ok(())
}

fn kind_prefix(insn: &Insn) -> &'static str {
    match insn {
        Insn::Gemm(g) if g.reset => "reset",
        Insn::Gemm(_) => "gemm",
        _ => "alu",
    }
}

/// `vta-lower-tiles` as a pass on `builtin.module`.
#[derive(Clone, Default)]
pub struct LowerTiles {
    /// Allocate SRAM first-fit instead of on a ring (no double buffering).
    pub single_buffer: bool,
}

impl strata_ir::pass::Pass for LowerTiles {
    fn name(&self) -> &str {
        "VtaLowerTiles"
    }
    fn argument(&self) -> &str {
        PASS_NAME
    }
    fn description(&self) -> &str {
        "Lower vta tile ops to VTA instructions: SRAM allocation, micro-op kernels, dependence tokens"
    }
    fn anchor(&self) -> Option<&str> {
        Some(ModuleOp::NAME)
    }
    fn options(&mut self) -> Vec<strata_ir::pass::PassOption<'_>> {
        vec![strata_ir::pass::PassOption::bool(
            "single-buffer",
            "Reuse SRAM first-fit instead of double buffering",
            &mut self.single_buffer,
        )]
    }
    fn run_on_operation(
        &mut self,
        pc: &mut strata_ir::pass::PassContext,
    ) -> strata_ir::pass::PassResult {
        let options = LowerTilesOptions {
            double_buffer: !self.single_buffer,
        };
        let op = pc.op;
        lower_tiles(pc.ctx, pc.ir, op, &options)?;
        Ok(())
    }
}
