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
use std::fmt::Write;
use strata_ir::asm::{parse_source, SourceInfo};
use strata_ir::verifier::emit_op_error;
use strata_ir::{Context, DiagResult, InsertPoint, Ir, OpId};
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

/// Tail text for one accumulator tile.
struct Emitter {
    text: String,
    next: usize,
}

impl Emitter {
    fn fresh(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("%{prefix}{}", self.next)
    }

    fn tail(
        &mut self,
        acc: &str,
        ty: &str,
        tail: &[Step],
        bias: Option<(&str, &str, &str)>,
    ) -> String {
        let mut cur = acc.to_string();
        for step in tail {
            let r = self.fresh("t");
            match step {
                Step::Imm(op, v) => {
                    let _ = writeln!(
                        self.text,
                        "  {r} = vta.alu_tile {} {cur}, {v} : {ty}",
                        op.name()
                    );
                }
                Step::AddBias => {
                    let (b, bty, map) = bias.expect("bias step without a bias");
                    let _ = writeln!(
                        self.text,
                        "  {r} = vta.alu_tile add {cur}, {b} map {map} : {ty}, {bty}"
                    );
                }
            }
            cur = r;
        }
        cur
    }
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
    prefix: &'static str,
    loaded: Vec<Option<String>>,
}

impl ResidentChunks {
    fn new(resident: bool, chunks: i64, prefix: &'static str) -> Self {
        ResidentChunks {
            prefix,
            resident,
            loaded: vec![None; chunks.max(0) as usize],
        }
    }

    /// The tile of chunk `index`; `load` is the `vta.load_tile` operand
    /// text, emitted unless a resident copy exists.
    fn get(&mut self, e: &mut Emitter, index: usize, load: &str, ops: &mut usize) -> String {
        if let Some(v) = &self.loaded[index] {
            return v.clone();
        }
        let v = e.fresh(self.prefix);
        let _ = writeln!(e.text, "  {v} = vta.load_tile {load}");
        *ops += 1;
        if self.resident {
            self.loaded[index] = Some(v.clone());
        }
        v
    }
}

fn buffer_decl(
    out: &mut String,
    name: &str,
    shape: &[i64],
    elem: &str,
    role: &str,
    logical: &[i64],
    pack: &[usize],
) {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    let logical: Vec<String> = logical.iter().map(|d| d.to_string()).collect();
    let pack: Vec<String> = pack.iter().map(|d| d.to_string()).collect();
    let _ = writeln!(
        out,
        "  vta.dram_buffer @{name} : tensor<{}x{elem}> {{{role}, vta.logical = array<i64: {}>, vta.pack = array<i64: {}>}}",
        dims.join("x"),
        logical.join(", "),
        pack.join(", ")
    );
}

fn conv_text(l: &Layer, p: &Conv, t: ConvTiles, caps: Caps) -> (String, usize) {
    let logical = [p.n, p.c, p.h, p.w];
    let mut x_role = format!("vta.arg = {} : i64", l.x_arg);
    if model::subsamples(p) {
        let _ = write!(
            x_role,
            ", vta.subsample = array<i64: 1, 1, {}, {}>",
            p.stride[0], p.stride[1]
        );
    }
    let p = &model::device_conv(p);
    let (co, ci) = (blocks(p.k), blocks(p.c));
    let khw = p.kh * p.kw;
    let mut e = Emitter {
        text: String::new(),
        next: 0,
    };
    let x = format!("arg{}", l.x_arg);
    let w = format!("arg{}", l.w_arg);
    let skip = model::skips_rows(p);
    let x_shape = if skip {
        vec![p.n, ci, p.h / p.stride[0], p.stride[0] * p.w, 1, 16]
    } else {
        vec![p.n, ci, p.h, p.w, 1, 16]
    };
    buffer_decl(&mut e.text, &x, &x_shape, "i8", &x_role, &logical, &[1]);
    // Weights as (O/16, I/16 * KH * KW) blocks: one DMA per output block.
    buffer_decl(
        &mut e.text,
        &w,
        &[co, ci * khw, 16, 16],
        "i8",
        &format!("vta.arg = {} : i64", l.w_arg),
        &[p.k, p.c, p.kh, p.kw],
        &[0, 1],
    );
    if let Some(b) = l.bias_arg {
        buffer_decl(
            &mut e.text,
            &format!("arg{b}"),
            &[1, co, 1, 16],
            "i32",
            &format!("vta.arg = {b} : i64"),
            &[p.k],
            &[0],
        );
    }
    buffer_decl(
        &mut e.text,
        "result",
        &[p.n, co, p.oh, p.ow, 1, 16],
        "i8",
        "vta.result = 0 : i64",
        &[p.n, p.k, p.oh, p.ow],
        &[1],
    );
    let resident = model::weights_resident(p, t, caps);
    let mut ops = 0usize;
    for n in 0..p.n {
        let mut inputs = ResidentChunks::new(model::input_resident(p, t, caps), ci, "x");
        for oc0 in (0..co).step_by(t.oc as usize) {
            let occ = t.oc.min(co - oc0);
            let bias = l.bias_arg.map(|b| {
                let v = e.fresh("b");
                let ty = format!("!vta.tile<acc, 1x{occ}>");
                let _ = writeln!(e.text, "  {v} = vta.load_tile @arg{b}[0, {oc0}] : {ty}");
                ops += 1;
                (v, ty)
            });
            let mut weights = ResidentChunks::new(resident, ci, "w");
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
                    let acc_ty = format!("!vta.tile<acc, {occ}x{hc}x{wc}>");
                    let mut acc: Option<String> = None;
                    for ic0 in (0..ci).step_by(t.ic as usize) {
                        let icc = t.ic.min(ci - ic0);
                        let in_ty = format!("!vta.tile<inp, {icc}x{rows}x{cols}>");
                        let pad = if y0 + y1 + x0 + x1 > 0 {
                            format!(" pad [{y0}, {y1}, {x0}, {x1}]")
                        } else {
                            String::new()
                        };
                        let load = format!(
                            "@{x}[{n}, {ic0}, {}, {}]{pad} : {in_ty}",
                            iy.max(0),
                            ix.max(0)
                        );
                        let xin = inputs.get(&mut e, (ic0 / t.ic) as usize, &load, &mut ops);
                        let wcols = icc * khw;
                        let load =
                            format!("@{w}[{oc0}, {}] : !vta.tile<wgt, {occ}x{wcols}>", ic0 * khw);
                        let wv = weights.get(&mut e, (ic0 / t.ic) as usize, &load, &mut ops);
                        let maps = format!(
                            "[affine_map<(o, h, w, i, kh, kw) -> (i, h * {} + kh, w * {} + kw)>, affine_map<(o, h, w, i, kh, kw) -> (o, i * {khw} + kh * {} + kw)>, affine_map<(o, h, w, i, kh, kw) -> (o, h, w)>]",
                            if skip { 1 } else { p.stride[0] },
                            p.stride[1],
                            p.kw
                        );
                        let r = e.fresh("c");
                        let into = acc
                            .as_ref()
                            .map(|a| format!(" into {a}"))
                            .unwrap_or_default();
                        let _ = writeln!(
                            e.text,
                            "  {r} = vta.gemm_tile {xin}, {wv}{into} maps {maps} bounds [{occ}, {hc}, {wc}, {icc}, {}, {}] : {in_ty}, !vta.tile<wgt, {occ}x{wcols}> -> {acc_ty}",
                            p.kh, p.kw
                        );
                        ops += 1;
                        acc = Some(r);
                    }
                    let acc = acc.expect("at least one input-channel chunk");
                    let map = "affine_map<(o, h, w) -> (0, o)>";
                    let b = bias.as_ref().map(|(v, ty)| (v.as_str(), ty.as_str(), map));
                    let out = e.tail(&acc, &acc_ty, &l.tail, b);
                    ops += l.tail.len();
                    let _ = writeln!(
                        e.text,
                        "  vta.store_tile {out}, @result[{n}, {oc0}, {h0}, {w0}] : {acc_ty}"
                    );
                    ops += 1;
                }
            }
        }
    }
    (e.text, ops)
}

fn matmul_text(l: &Layer, p: &Matmul, t: MatmulTiles, caps: Caps) -> (String, usize) {
    let (nb, kb) = (blocks(p.n), blocks(p.k));
    let mut e = Emitter {
        text: String::new(),
        next: 0,
    };
    let a = format!("arg{}", l.x_arg);
    let b = format!("arg{}", l.w_arg);
    buffer_decl(
        &mut e.text,
        &a,
        &[p.m, kb, 1, 16],
        "i8",
        &format!("vta.arg = {} : i64", l.x_arg),
        &[p.m, p.k],
        &[1],
    );
    buffer_decl(
        &mut e.text,
        &b,
        &[nb, kb, 16, 16],
        "i8",
        &format!("vta.arg = {} : i64", l.w_arg),
        &[p.k, p.n],
        &[1, 0],
    );
    if let Some(bi) = l.bias_arg {
        buffer_decl(
            &mut e.text,
            &format!("arg{bi}"),
            &[1, nb, 1, 16],
            "i32",
            &format!("vta.arg = {bi} : i64"),
            &[p.n],
            &[0],
        );
    }
    buffer_decl(
        &mut e.text,
        "result",
        &[p.m, nb, 1, 16],
        "i8",
        "vta.result = 0 : i64",
        &[p.m, p.n],
        &[1],
    );
    let mut ops = 0;
    for n0 in (0..nb).step_by(t.n as usize) {
        let nc = t.n.min(nb - n0);
        let bias = l.bias_arg.map(|bi| {
            let v = e.fresh("b");
            let ty = format!("!vta.tile<acc, 1x{nc}>");
            let _ = writeln!(e.text, "  {v} = vta.load_tile @arg{bi}[0, {n0}] : {ty}");
            ops += 1;
            (v, ty)
        });
        let mut weights = ResidentChunks::new(model::matmul_resident(p, t, caps), kb, "w");
        for m0 in (0..p.m).step_by(t.m as usize) {
            let mc = t.m.min(p.m - m0);
            let acc_ty = format!("!vta.tile<acc, {mc}x{nc}>");
            let mut acc: Option<String> = None;
            for k0 in (0..kb).step_by(t.k as usize) {
                let kc = t.k.min(kb - k0);
                let av = e.fresh("a");
                let _ = writeln!(
                    e.text,
                    "  {av} = vta.load_tile @{a}[{m0}, {k0}] : !vta.tile<inp, {mc}x{kc}>"
                );
                let load = format!("@{b}[{n0}, {k0}] : !vta.tile<wgt, {nc}x{kc}>");
                let wv = weights.get(&mut e, (k0 / t.k) as usize, &load, &mut ops);
                let r = e.fresh("c");
                let into = acc
                    .as_ref()
                    .map(|a| format!(" into {a}"))
                    .unwrap_or_default();
                let _ = writeln!(e.text, "  {r} = vta.gemm_tile {av}, {wv}{into} : !vta.tile<inp, {mc}x{kc}>, !vta.tile<wgt, {nc}x{kc}> -> {acc_ty}");
                ops += 2;
                acc = Some(r);
            }
            let acc = acc.expect("at least one reduction chunk");
            let map = "affine_map<(m, n) -> (0, n)>";
            let bb = bias.as_ref().map(|(v, ty)| (v.as_str(), ty.as_str(), map));
            let out = e.tail(&acc, &acc_ty, &l.tail, bb);
            ops += l.tail.len();
            let _ = writeln!(
                e.text,
                "  vta.store_tile {out}, @result[{m0}, {n0}] : {acc_ty}"
            );
            ops += 1;
        }
    }
    (e.text, ops)
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
        .filter(|&op| ctx.op_name_str(ir.op_name(op)) == "func.func")
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
        _ => Err("several functions: choose one with entry=<name>".into()),
    }
}

/// Cycles of the tile program `body` under the simulator's cycle model.
fn measure(config: &VtaConfig, body: &str, double_buffer: bool) -> Option<u64> {
    let mut ctx = Context::new();
    strata_dialect_vta::register(&mut ctx);
    let mut ir = Ir::new();
    let info = SourceInfo {
        file_name: "<tune>".into(),
        first_line: 0,
    };
    let module = parse_source(&ctx, &mut ir, &format!("module {{\n{body}}}\n"), &info).ok()?;
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

/// The fastest of `candidates` (ranked best first by the model) under the
/// simulator's schedule, AutoTVM's measurement step: each is compiled to a
/// program and scheduled (no data), on all cores; ties keep the model's
/// order. One candidate is returned as is.
fn tune<T: Copy + Send + Sync>(
    candidates: &[T],
    text: &(dyn Fn(T) -> String + Sync),
    config: &VtaConfig,
    double_buffer: bool,
) -> Option<T> {
    if candidates.len() <= 1 {
        return candidates.first().copied();
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
                        .map(|i| (i, measure(config, &text(candidates[i]), double_buffer)))
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
        .map(|(_, i)| candidates[i])
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
                    let candidates = model::ranked_conv(&q, &target, count);
                    let text = |t| conv_text(layer, p, t, caps).0;
                    tune(&candidates, &text, config, db)
                        .ok_or("no tiling of this convolution fits the buffers")?
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
                    let candidates = model::ranked_matmul(p, &target, count);
                    let text = |t| matmul_text(layer, p, t, caps).0;
                    tune(&candidates, &text, config, db)
                        .ok_or("no tiling of this matmul fits the buffers")?
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
    let (body, tile_ops) = match &layer.kernel {
        Kernel::Conv(p) => conv_text(
            &layer,
            p,
            ConvTiles {
                oc: tiles[0],
                h: tiles[1],
                w: tiles[2],
                ic: tiles[3],
            },
            caps,
        ),
        Kernel::Matmul(p) => matmul_text(
            &layer,
            p,
            MatmulTiles {
                m: tiles[0],
                n: tiles[1],
                k: tiles[2],
            },
            caps,
        ),
    };
    let text = format!("module {{\n{body}}}\n");
    let info = SourceInfo {
        file_name: format!("<{PASS_NAME}>"),
        first_line: 0,
    };
    let parsed = parse_source(ctx, ir, &text, &info)?;
    let block = ir.regions(module)[0];
    let block = ir.entry_block(block).expect("module body");
    let old: Vec<OpId> = ir.block_ops(block).collect();
    for op in old {
        ir.drop_operands(op);
        let _ = ir.erase_op(op);
    }
    let new_block = ir.entry_block(ir.regions(parsed)[0]).expect("parsed body");
    let new_ops: Vec<OpId> = ir.block_ops(new_block).collect();
    for op in new_ops {
        ir.move_op(op, InsertPoint::BlockEnd(block));
    }
    let _ = ir.erase_op(parsed);
    ir.set_attribute(
        ctx,
        module,
        "vta.entry",
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
        Some("builtin.module")
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
