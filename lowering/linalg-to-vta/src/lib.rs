//! `linalg-to-vta`: an int8 convolution or matmul with its ALU tail, as
//! linalg on tensors, to the vta tile form (TVM's reference strategy).
//!
//! Input: a `func.func` whose result is
//!
//! ```text
//! conv  = linalg.conv_2d_nchw_fchw (tensor.pad %x with zeros, %w) into a zero-filled i32 tensor
//!       | linalg.matmul (%a, %b) into a zero-filled i32 tensor
//! result = linalg.generic (conv [, %bias broadcast along the channel]) {
//!            arith.shrsi / addi / maxsi / minsi by constants, addi of the bias,
//!            arith.trunci to i8 }
//! ```
//!
//! (relu is `maxsi 0`, a clip is `maxsi lo` + `minsi hi`). Output: the
//! module's body replaced by `vta.dram_buffer`s for the arguments and the
//! result, in packed layouts (see [`layout`]: NCHW1n16c activations,
//! OIHW16o16i weights, both zero-padded to whole 16-channel blocks), and
//! the tile program: per output tile, DMA loads of the input window (with
//! the spatial zero padding done by the DMA's pad fields) and of the
//! weights, one `vta.gemm_tile` per input-channel chunk accumulating in
//! place, the tail as `vta.alu_tile`s in place, and a `vta.store_tile`.
//! `vta-lower-tiles` then allocates SRAM on a ring (consecutive tiles in
//! disjoint halves: the two interleaved "virtual threads" of TVM's
//! schedule), builds micro-op kernels with at most two loops and inserts
//! the dependence tokens that let the load, compute and store modules
//! overlap.
//!
//! Packing and unpacking happen on the host (`strata-run --target vta`),
//! guided by attributes on the buffers (`vta.arg`/`vta.result`,
//! `vta.logical`, `vta.pack`).
//!
//! Tile sizes: the `tile-sizes` option (conv: output-channel blocks,
//! output rows, output columns, input-channel blocks; matmul: rows,
//! output blocks, reduction blocks) or, by default, the cheapest tiling
//! under the analytic model in [`model`].

pub mod analyze;
pub mod layout;
pub mod model;

use analyze::{Conv, Kernel, Layer, Matmul, Step};
use model::{blocks, Caps, ConvTiles, MatmulTiles};
use strata_dialect_func::FuncOp;
use strata_dialect_vta::binding::{
    ARG_ATTR, ENTRY_ATTR, LOGICAL_ATTR, PACK_ATTR, RESULT_ATTR, SUBSAMPLE_ATTR,
};
use strata_dialect_vta::ops::{AluTileOp, DramBufferOp, GemmTileOp, LoadTileOp, StoreTileOp};
use strata_dialect_vta::types::TileType;
use strata_ir::affine::{AffineExpr, AffineMap};
use strata_ir::builder::{OpBuilder, OpCreator};
use strata_ir::builtin::ModuleOp;
use strata_ir::verifier::emit_op_error;
use strata_ir::{BlockId, Context, DiagResult, InsertPoint, Ir, OpId, Type, Value};
use strata_vta::isa::AluOp;
use strata_vta::{Buffer, VtaConfig};

pub const PASS_NAME: &str = "linalg-to-vta";

/// Options of the lowering.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The function to lower; empty: the only function with a conv/matmul.
    pub entry: String,
    /// Explicit tile sizes (see the module docs); empty: the model's choice.
    pub tile_sizes: Vec<i64>,
    /// Size tiles for half buffers so consecutive tiles overlap.
    pub double_buffer: bool,
    /// With no explicit tile sizes: compile the model's best `tune`
    /// candidates and keep the one the simulator's cycle model (schedule
    /// only, no data) finds fastest; 0 or 1 keeps the model's choice.
    pub tune: usize,
}

/// What the lowering chose, for reports.
#[derive(Clone, Debug)]
pub struct Lowered {
    pub layer: Layer,
    pub tiles: Vec<i64>,
    pub tile_ops: usize,
}

fn check_config(config: &VtaConfig) -> Result<(), String> {
    if config.lanes(Buffer::Inp) != 16
        || config.lanes(Buffer::Acc) != 16
        || config.lanes(Buffer::Wgt) != 256
    {
        return Err("linalg-to-vta supports BATCH = 1 and BLOCK = 16 configurations".into());
    }
    Ok(())
}

/// Builds the tile program at a builder's cursor: typed vta ops, and the
/// count of tile ops for reports.
struct Emitter<'b, 'c> {
    b: &'b mut OpBuilder<'c>,
    ops: usize,
}

impl<'c> Emitter<'_, 'c> {
    fn ctx(&self) -> &'c Context {
        self.b.ctx
    }

    fn tile(&self, memory: Buffer, shape: &[i64]) -> Type {
        TileType {
            memory,
            shape: shape.to_vec(),
        }
        .to_type(self.ctx())
    }

    /// `vta.dram_buffer @name : tensor<shape x elem>` with the packing
    /// attributes the host runtime reads (`role` is [`ARG_ATTR`] `= N` or
    /// [`RESULT_ATTR`] `= 0`).
    fn buffer(
        &mut self,
        name: &str,
        shape: &[i64],
        elem: Type,
        role: (&str, i64),
        logical: &[i64],
        pack: &[i64],
    ) -> OpId {
        let ctx = self.ctx();
        let tensor = ctx.tensor_type(shape, elem);
        let buffer =
            DramBufferOp::build(self.b, ctx.string_attr(name), ctx.type_attr(tensor), None).op();
        let ir = &mut *self.b.ir;
        ir.set_attribute(ctx, buffer, role.0, Some(ctx.i64_attr(role.1)));
        ir.set_attribute(
            ctx,
            buffer,
            LOGICAL_ATTR,
            Some(ctx.dense_i64_array(logical)),
        );
        ir.set_attribute(ctx, buffer, PACK_ATTR, Some(ctx.dense_i64_array(pack)));
        buffer
    }

    /// `vta.load_tile @buffer[offsets] (pad [...])? : ty`.
    fn load(&mut self, buffer: &str, offsets: &[i64], pad: Option<[i64; 4]>, ty: Type) -> Value {
        let ctx = self.ctx();
        let load = LoadTileOp::build(
            self.b,
            ty,
            ctx.symbol_ref_attr(buffer, &[]),
            ctx.dense_i64_array(offsets),
            pad.map(|p| ctx.dense_i64_array(&p)),
        );
        self.ops += 1;
        self.b.result_of(load.op())
    }

    /// `vta.gemm_tile inp, wgt (into acc)? (maps ... bounds ...)?`.
    fn gemm(
        &mut self,
        inp: Value,
        wgt: Value,
        acc: Option<Value>,
        ty: Type,
        maps_and_bounds: Option<(Vec<AffineMap>, &[i64])>,
    ) -> Value {
        let ctx = self.ctx();
        let (maps, bounds) = match maps_and_bounds {
            Some((maps, bounds)) => {
                let maps: Vec<_> = maps.into_iter().map(|m| ctx.affine_map_attr(m)).collect();
                (
                    Some(ctx.array_attr(&maps)),
                    Some(ctx.dense_i64_array(bounds)),
                )
            }
            None => (None, None),
        };
        let gemm = GemmTileOp::build(self.b, inp, wgt, acc, ty, maps, bounds);
        self.ops += 1;
        self.b.result_of(gemm.op())
    }

    /// The ALU tail on an accumulator tile: immediates, and the bias
    /// (`bias`: the bias tile and its map from the accumulator's indices).
    fn tail(&mut self, acc: Value, tail: &[Step], bias: Option<(Value, AffineMap)>) -> Value {
        let ctx = self.ctx();
        let ty = self.b.ir.value_type(acc);
        let mut cur = acc;
        for step in tail {
            let alu = match step {
                Step::Imm(op, v) => AluTileOp::build(
                    self.b,
                    cur,
                    None,
                    ty,
                    ctx.string_attr(op.name()),
                    Some(ctx.i64_attr(*v)),
                    None,
                ),
                Step::AddBias => {
                    let (b, map) = bias.clone().expect("bias step without a bias");
                    AluTileOp::build(
                        self.b,
                        cur,
                        Some(b),
                        ty,
                        ctx.string_attr(AluOp::Add.name()),
                        None,
                        Some(ctx.affine_map_attr(map)),
                    )
                }
            };
            self.ops += 1;
            cur = self.b.result_of(alu.op());
        }
        cur
    }

    /// `vta.store_tile tile, @buffer[offsets]`.
    fn store(&mut self, tile: Value, buffer: &str, offsets: &[i64]) {
        let ctx = self.ctx();
        StoreTileOp::build(
            self.b,
            tile,
            ctx.symbol_ref_attr(buffer, &[]),
            ctx.dense_i64_array(offsets),
        );
        self.ops += 1;
    }
}

/// `affine_map<(d0, ...) -> (results)>` over `dims` dimensions.
fn map(dims: usize, results: Vec<AffineExpr>) -> AffineMap {
    AffineMap::new(dims, 0, results)
}

fn d(position: usize) -> AffineExpr {
    AffineExpr::dim(position)
}

/// Reduction chunks of an operand, loaded at first use: the weights of
/// one output group (conv: output-channel chunk, matmul: output-block
/// chunk), or a convolution's whole input window when a single spatial
/// tile covers the output (then every output group reads the same input).
/// When they stay resident, later tiles (groups) reuse them; loading them
/// one reduction chunk at a time (rather than all before the first tile)
/// lets the first tile's GEMMs start after one chunk.
struct ResidentChunks {
    resident: bool,
    loaded: Vec<Option<Value>>,
}

impl ResidentChunks {
    fn new(resident: bool, chunks: i64) -> Self {
        ResidentChunks {
            resident,
            loaded: vec![None; chunks.max(0) as usize],
        }
    }

    /// The tile of chunk `index`; `load` emits the `vta.load_tile` unless
    /// a resident copy exists.
    fn get(
        &mut self,
        e: &mut Emitter,
        index: usize,
        load: impl FnOnce(&mut Emitter) -> Value,
    ) -> Value {
        if let Some(v) = self.loaded[index] {
            return v;
        }
        let v = load(e);
        if self.resident {
            self.loaded[index] = Some(v);
        }
        v
    }
}

fn conv_program(e: &mut Emitter, l: &Layer, p: &Conv, t: ConvTiles, caps: Caps) {
    let ctx = e.ctx();
    let (i8, i32) = (ctx.signless(8), ctx.signless(32));
    let logical = [p.n, p.c, p.h, p.w];
    let subsample = model::subsamples(p).then(|| [1, 1, p.stride[0], p.stride[1]]);
    let p = &model::device_conv(p);
    let (co, ci) = (blocks(p.k), blocks(p.c));
    let khw = p.kh * p.kw;
    let x = format!("arg{}", l.x_arg);
    let w = format!("arg{}", l.w_arg);
    let skip = model::skips_rows(p);
    let x_shape = if skip {
        vec![p.n, ci, p.h / p.stride[0], p.stride[0] * p.w, 1, 16]
    } else {
        vec![p.n, ci, p.h, p.w, 1, 16]
    };
    let x_buffer = e.buffer(&x, &x_shape, i8, (ARG_ATTR, l.x_arg as i64), &logical, &[1]);
    if let Some(factors) = subsample {
        let attr = ctx.dense_i64_array(&factors);
        e.b.ir
            .set_attribute(ctx, x_buffer, SUBSAMPLE_ATTR, Some(attr));
    }
    // Weights as (O/16, I/16 * KH * KW) blocks: one DMA per output block.
    e.buffer(
        &w,
        &[co, ci * khw, 16, 16],
        i8,
        (ARG_ATTR, l.w_arg as i64),
        &[p.k, p.c, p.kh, p.kw],
        &[0, 1],
    );
    if let Some(b) = l.bias_arg {
        e.buffer(
            &format!("arg{b}"),
            &[1, co, 1, 16],
            i32,
            (ARG_ATTR, b as i64),
            &[p.k],
            &[0],
        );
    }
    e.buffer(
        "result",
        &[p.n, co, p.oh, p.ow, 1, 16],
        i8,
        (RESULT_ATTR, 0),
        &[p.n, p.k, p.oh, p.ow],
        &[1],
    );
    let resident = model::weights_resident(p, t, caps);
    let row_stride = if skip { 1 } else { p.stride[0] };
    for n in 0..p.n {
        let mut inputs = ResidentChunks::new(model::input_resident(p, t, caps), ci);
        for oc0 in (0..co).step_by(t.oc as usize) {
            let occ = t.oc.min(co - oc0);
            let bias = l.bias_arg.map(|b| {
                let ty = e.tile(Buffer::Acc, &[1, occ]);
                e.load(&format!("arg{b}"), &[0, oc0], None, ty)
            });
            let mut weights = ResidentChunks::new(resident, ci);
            for h0 in (0..p.oh).step_by(t.h as usize) {
                let hc = t.h.min(p.oh - h0);
                for w0 in (0..p.ow).step_by(t.w as usize) {
                    let wc = t.w.min(p.ow - w0);
                    let (rows, cols) = model::window(p, hc, wc);
                    let iy = if skip {
                        h0
                    } else {
                        h0 * p.stride[0] - p.pad[0]
                    };
                    let ix = w0 * p.stride[1] - p.pad[2];
                    let y0 = (-iy).max(0);
                    let x0 = (-ix).max(0);
                    let y1 = (iy + rows - x_shape[2]).max(0);
                    let x1 = (ix + cols - p.w).max(0);
                    let acc_ty = e.tile(Buffer::Acc, &[occ, hc, wc]);
                    let mut acc: Option<Value> = None;
                    for ic0 in (0..ci).step_by(t.ic as usize) {
                        let icc = t.ic.min(ci - ic0);
                        let in_ty = e.tile(Buffer::Inp, &[icc, rows, cols]);
                        let pad = (y0 + y1 + x0 + x1 > 0).then_some([y0, y1, x0, x1]);
                        let chunk = (ic0 / t.ic) as usize;
                        let offsets = [n, ic0, iy.max(0), ix.max(0)];
                        let xin = inputs.get(e, chunk, |e| e.load(&x, &offsets, pad, in_ty));
                        let wcols = icc * khw;
                        let w_ty = e.tile(Buffer::Wgt, &[occ, wcols]);
                        let wv =
                            weights.get(e, chunk, |e| e.load(&w, &[oc0, ic0 * khw], None, w_ty));
                        // (o, h, w, i, kh, kw): the input window, the
                        // weights' flattened (i, kh, kw) column, the output.
                        let maps = vec![
                            map(
                                6,
                                vec![d(3), d(1) * row_stride + d(4), d(2) * p.stride[1] + d(5)],
                            ),
                            map(6, vec![d(0), d(3) * khw + d(4) * p.kw + d(5)]),
                            map(6, vec![d(0), d(1), d(2)]),
                        ];
                        let bounds = [occ, hc, wc, icc, p.kh, p.kw];
                        acc = Some(e.gemm(xin, wv, acc, acc_ty, Some((maps, &bounds))));
                    }
                    let acc = acc.expect("at least one input-channel chunk");
                    let bias = bias.map(|b| (b, map(3, vec![AffineExpr::constant(0), d(0)])));
                    let out = e.tail(acc, &l.tail, bias);
                    e.store(out, "result", &[n, oc0, h0, w0]);
                }
            }
        }
    }
}

fn matmul_program(e: &mut Emitter, l: &Layer, p: &Matmul, t: MatmulTiles, caps: Caps) {
    let ctx = e.ctx();
    let (i8, i32) = (ctx.signless(8), ctx.signless(32));
    let (nb, kb) = (blocks(p.n), blocks(p.k));
    let a = format!("arg{}", l.x_arg);
    let b = format!("arg{}", l.w_arg);
    e.buffer(
        &a,
        &[p.m, kb, 1, 16],
        i8,
        (ARG_ATTR, l.x_arg as i64),
        &[p.m, p.k],
        &[1],
    );
    e.buffer(
        &b,
        &[nb, kb, 16, 16],
        i8,
        (ARG_ATTR, l.w_arg as i64),
        &[p.k, p.n],
        &[1, 0],
    );
    if let Some(bi) = l.bias_arg {
        e.buffer(
            &format!("arg{bi}"),
            &[1, nb, 1, 16],
            i32,
            (ARG_ATTR, bi as i64),
            &[p.n],
            &[0],
        );
    }
    e.buffer(
        "result",
        &[p.m, nb, 1, 16],
        i8,
        (RESULT_ATTR, 0),
        &[p.m, p.n],
        &[1],
    );
    for n0 in (0..nb).step_by(t.n as usize) {
        let nc = t.n.min(nb - n0);
        let bias = l.bias_arg.map(|bi| {
            let ty = e.tile(Buffer::Acc, &[1, nc]);
            e.load(&format!("arg{bi}"), &[0, n0], None, ty)
        });
        let mut weights = ResidentChunks::new(model::matmul_resident(p, t, caps), kb);
        for m0 in (0..p.m).step_by(t.m as usize) {
            let mc = t.m.min(p.m - m0);
            let acc_ty = e.tile(Buffer::Acc, &[mc, nc]);
            let mut acc: Option<Value> = None;
            for k0 in (0..kb).step_by(t.k as usize) {
                let kc = t.k.min(kb - k0);
                let a_ty = e.tile(Buffer::Inp, &[mc, kc]);
                let av = e.load(&a, &[m0, k0], None, a_ty);
                let w_ty = e.tile(Buffer::Wgt, &[nc, kc]);
                let wv = weights.get(e, (k0 / t.k) as usize, |e| {
                    e.load(&b, &[n0, k0], None, w_ty)
                });
                acc = Some(e.gemm(av, wv, acc, acc_ty, None));
            }
            let acc = acc.expect("at least one reduction chunk");
            let bias = bias.map(|b| (b, map(2, vec![AffineExpr::constant(0), d(1)])));
            let out = e.tail(acc, &l.tail, bias);
            e.store(out, "result", &[m0, n0]);
        }
    }
}

/// Builds the tile program of `layer` with tiles `tiles` at the end of
/// `block`; returns the number of tile ops.
fn build_program(
    ctx: &Context,
    ir: &mut Ir,
    block: BlockId,
    layer: &Layer,
    tiles: &[i64],
    caps: Caps,
) -> usize {
    let mut builder = OpBuilder::at(ctx, ir, InsertPoint::BlockEnd(block));
    let mut e = Emitter {
        b: &mut builder,
        ops: 0,
    };
    match &layer.kernel {
        Kernel::Conv(p) => {
            let t = ConvTiles {
                oc: tiles[0],
                h: tiles[1],
                w: tiles[2],
                ic: tiles[3],
            };
            conv_program(&mut e, layer, p, t, caps)
        }
        Kernel::Matmul(p) => {
            let t = MatmulTiles {
                m: tiles[0],
                n: tiles[1],
                k: tiles[2],
            };
            matmul_program(&mut e, layer, p, t, caps)
        }
    }
    e.ops
}

/// The functions of `module` with a contraction the lowering understands.
fn find_entry(ctx: &Context, ir: &Ir, module: OpId, entry: &str) -> Result<OpId, String> {
    let block = ir
        .regions(module)
        .first()
        .and_then(|r| ir.entry_block(*r))
        .ok_or("empty module")?;
    let funcs: Vec<OpId> = ir
        .block_ops(block)
        .filter(|&op| FuncOp::is(ctx, ir, op))
        .collect();
    if !entry.is_empty() {
        return funcs
            .into_iter()
            .find(|&f| strata_ir::symbol_table::symbol_name(ctx, ir, f) == Some(entry))
            .ok_or_else(|| format!("no function named '@{entry}'"));
    }
    match funcs.as_slice() {
        [f] => Ok(*f),
        [] => Err("no func.func to lower".into()),
        _ => Err(
            "several functions: name the one to lower (the pass's entry=<name>, strata-translate's --entry <name>)"
                .into(),
        ),
    }
}

/// Cycles of `layer`'s tile program with `tiles` under the simulator's
/// cycle model (schedule only, no data), built in a context of its own.
fn measure(config: &VtaConfig, layer: &Layer, tiles: &[i64], double_buffer: bool) -> Option<u64> {
    let mut ctx = Context::new();
    strata_dialect_vta::register(&mut ctx);
    let mut ir = Ir::new();
    let (module, body) = ModuleOp::create(&ctx, &mut ir, ctx.unknown_loc());
    let caps = Caps::new(config, double_buffer);
    build_program(&ctx, &mut ir, body, layer, tiles, caps);
    let module = module.op();
    if let Some(attr) = strata_dialect_vta::config::config_attr(&ctx, config) {
        ir.set_attribute(
            &ctx,
            module,
            strata_dialect_vta::config::CONFIG_ATTR,
            Some(attr),
        );
    }
    let options = strata_dialect_vta::LowerTilesOptions { double_buffer };
    strata_dialect_vta::lower_tiles(&ctx, &mut ir, module, &options).ok()?;
    let program = strata_dialect_vta::translate::module_to_program(&ctx, &ir, module).ok()?;
    strata_vta::sim::schedule(config, &program.insns)
        .ok()
        .map(|s| s.total_cycles)
}

/// The fastest of `candidates` (tile sizes, ranked best first by the
/// model) under the simulator's schedule, AutoTVM's measurement step: each
/// is compiled to a program and scheduled (no data), on all cores; ties
/// keep the model's order. One candidate is returned as is.
fn tune(
    layer: &Layer,
    candidates: &[Vec<i64>],
    config: &VtaConfig,
    double_buffer: bool,
) -> Option<Vec<i64>> {
    if candidates.len() <= 1 {
        return candidates.first().cloned();
    }
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(candidates.len());
    let cycles: Vec<Option<u64>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                scope.spawn(move || {
                    (w..candidates.len())
                        .step_by(workers)
                        .map(|i| (i, measure(config, layer, &candidates[i], double_buffer)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut cycles = vec![None; candidates.len()];
        for h in handles {
            for (i, c) in h.join().unwrap_or_default() {
                cycles[i] = c;
            }
        }
        cycles
    });
    (0..candidates.len())
        .filter_map(|i| cycles[i].map(|c| (c, i)))
        .min()
        .map(|(_, i)| candidates[i].clone())
}

/// The tile sizes in effect for `layer`: explicit or from the model
/// (measured over the model's best `tune` candidates).
pub fn tile_sizes(
    layer: &Layer,
    config: &VtaConfig,
    options: &Options,
) -> Result<Vec<i64>, String> {
    let caps = Caps::new(config, options.double_buffer);
    let bias = layer.tail.contains(&Step::AddBias);
    let imm_steps = layer.tail.iter().filter(|s| **s != Step::AddBias).count() as i64;
    let count = options.tune.max(1);
    let target = model::Target::new(config, options.double_buffer, imm_steps, bias);
    let db = options.double_buffer;
    match &layer.kernel {
        Kernel::Conv(p) => {
            let q = model::device_conv(p);
            let t = match options.tile_sizes.as_slice() {
                [] => {
                    let candidates: Vec<Vec<i64>> = model::ranked_conv(&q, &target, count)
                        .into_iter()
                        .map(|t| vec![t.oc, t.h, t.w, t.ic])
                        .collect();
                    let best = tune(layer, &candidates, config, db)
                        .ok_or("no tiling of this convolution fits the buffers")?;
                    ConvTiles {
                        oc: best[0],
                        h: best[1],
                        w: best[2],
                        ic: best[3],
                    }
                }
                [oc, h, w, ic] => ConvTiles {
                    oc: *oc,
                    h: *h,
                    w: *w,
                    ic: *ic,
                },
                _ => return Err("conv tile-sizes are oc-blocks,rows,cols,ic-blocks".into()),
            };
            if [t.oc, t.h, t.w, t.ic].iter().any(|&v| v <= 0) || !model::conv_fits(&q, t, caps) {
                return Err(format!("tile sizes {t:?} do not fit the buffers"));
            }
            Ok(vec![t.oc, t.h, t.w, t.ic])
        }
        Kernel::Matmul(p) => {
            let t = match options.tile_sizes.as_slice() {
                [] => {
                    let candidates: Vec<Vec<i64>> = model::ranked_matmul(p, &target, count)
                        .into_iter()
                        .map(|t| vec![t.m, t.n, t.k])
                        .collect();
                    let best = tune(layer, &candidates, config, db)
                        .ok_or("no tiling of this matmul fits the buffers")?;
                    MatmulTiles {
                        m: best[0],
                        n: best[1],
                        k: best[2],
                    }
                }
                [m, n, k] => MatmulTiles {
                    m: *m,
                    n: *n,
                    k: *k,
                },
                _ => return Err("matmul tile-sizes are rows,n-blocks,k-blocks".into()),
            };
            if [t.m, t.n, t.k].iter().any(|&v| v <= 0) || !model::matmul_fits(t, caps) {
                return Err(format!("tile sizes {t:?} do not fit the buffers"));
            }
            Ok(vec![t.m, t.n, t.k])
        }
    }
}

/// Lowers the entry function of `module`, replacing the module's body.
pub fn lower(ctx: &Context, ir: &mut Ir, module: OpId, options: &Options) -> DiagResult<Lowered> {
    let err =
        |ir: &Ir, op: OpId, m: String| emit_op_error(ctx, ir, op, format!("{m} ({PASS_NAME})"));
    let config =
        strata_dialect_vta::config::config_for(ctx, ir, module).map_err(|m| err(ir, module, m))?;
    check_config(&config).map_err(|m| err(ir, module, m))?;
    let func = find_entry(ctx, ir, module, &options.entry).map_err(|m| err(ir, module, m))?;
    let layer = analyze::analyze(ctx, ir, func).map_err(|m| err(ir, func, m))?;
    let tiles = tile_sizes(&layer, &config, options).map_err(|m| err(ir, func, m))?;
    let caps = Caps::new(&config, options.double_buffer);
    let block = ModuleOp(module).body(ir);
    let old: Vec<OpId> = ir.block_ops(block).collect();
    for op in old {
        ir.drop_operands(op);
        let _ = ir.erase_op(op);
    }
    let tile_ops = build_program(ctx, ir, block, &layer, &tiles, caps);
    ir.set_attribute(
        ctx,
        module,
        ENTRY_ATTR,
        Some(ctx.string_attr(&layer.func_name)),
    );
    Ok(Lowered {
        layer,
        tiles,
        tile_ops,
    })
}

/// `linalg-to-vta` as a pass on `builtin.module`.
#[derive(Clone)]
pub struct LinalgToVta {
    pub entry: String,
    pub tile_sizes: Vec<i64>,
    pub double_buffer: bool,
    pub tune: i64,
}

impl Default for LinalgToVta {
    fn default() -> Self {
        LinalgToVta {
            entry: String::new(),
            tile_sizes: Vec::new(),
            double_buffer: true,
            tune: 0,
        }
    }
}

impl strata_ir::pass::Pass for LinalgToVta {
    fn name(&self) -> &str {
        "LinalgToVta"
    }
    fn argument(&self) -> &str {
        PASS_NAME
    }
    fn description(&self) -> &str {
        "Lower an int8 linalg conv_2d_nchw_fchw / matmul with an ALU tail to the vta tile form (packed layouts, tiling from an analytic model)"
    }
    fn anchor(&self) -> Option<&str> {
        Some(ModuleOp::NAME)
    }
    fn options(&mut self) -> Vec<strata_ir::pass::PassOption<'_>> {
        use strata_ir::pass::PassOption;
        vec![
            PassOption::string("entry", "Function to lower (default: the only one)", &mut self.entry),
            PassOption::int_list(
                "tile-sizes",
                "conv: oc-blocks,rows,cols,ic-blocks; matmul: rows,n-blocks,k-blocks (default: analytic model)",
                &mut self.tile_sizes,
            ),
            PassOption::bool(
                "double-buffer",
                "Size tiles for half buffers so loads overlap compute (default true)",
                &mut self.double_buffer,
            ),
            PassOption::int(
                "tune",
                "Measure the model's best N tilings with the cycle model and keep the fastest (default 0: the model's choice)",
                &mut self.tune,
            ),
        ]
    }
    fn run_on_operation(
        &mut self,
        pc: &mut strata_ir::pass::PassContext,
    ) -> strata_ir::pass::PassResult {
        let options = Options {
            entry: self.entry.clone(),
            tile_sizes: self.tile_sizes.clone(),
            double_buffer: self.double_buffer,
            tune: self.tune.max(0) as usize,
        };
        let op = pc.op;
        lower(pc.ctx, pc.ir, op, &options)?;
        Ok(())
    }
}
