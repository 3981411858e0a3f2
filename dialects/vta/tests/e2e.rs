//! End to end: tile form -> vta-lower-tiles -> program -> simulator,
//! compared bit for bit with a direct int8/int32 computation.

use strata_dialect_vta::translate::{module_to_program, vta_to_mlir};
use strata_dialect_vta::{lower_tiles, LowerTilesOptions};
use strata_ir::asm::{parse_source, print_op, PrintOptions, SourceInfo};
use strata_ir::{Context, Ir, OpId};
use strata_vta::{run_program, Program, SimOptions, SimOutcome};

fn context() -> Context {
    let mut ctx = Context::new();
    strata_dialect_vta::register(&mut ctx);
    ctx
}

fn parse(ctx: &Context, ir: &mut Ir, text: &str) -> OpId {
    let info = SourceInfo {
        file_name: "t.mlir".into(),
        first_line: 0,
    };
    let module = parse_source(ctx, ir, text, &info).unwrap_or_else(|d| panic!("{}", d.message));
    strata_ir::verifier::verify(ctx, ir, module).unwrap_or_else(|d| panic!("{}", d.message));
    module
}

/// Deterministic small int8 data.
fn data(n: usize, seed: u64) -> Vec<i8> {
    let mut s = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 33) % 17) as i8 - 8
        })
        .collect()
}

fn dense(values: &[i8]) -> String {
    let hex: String = values.iter().map(|v| format!("{:02X}", *v as u8)).collect();
    format!("dense<\"0x{hex}\">")
}

fn dense_i32(values: &[i32]) -> String {
    let hex: String = values
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .map(|b| format!("{b:02X}"))
        .collect();
    format!("dense<\"0x{hex}\">")
}

/// A matmul of `tiles` row tiles of `rows` x (16*k) by (16*n) x (16*k)^T,
/// then `>> shift`, `+ bias`, clip to [0, 127], in the tile form.
struct Matmul {
    tiles: usize,
    rows: usize,
    n: usize,
    k: usize,
    a: Vec<i8>,
    w: Vec<i8>,
    bias: Vec<i32>,
}

impl Matmul {
    fn new(tiles: usize, rows: usize, n: usize, k: usize) -> Self {
        let m = tiles * rows;
        let bias = data(n * 16, 3).iter().map(|&b| i32::from(b) * 5).collect();
        Matmul {
            tiles,
            rows,
            n,
            k,
            a: data(m * k * 16, 1),
            w: data(n * k * 256, 2),
            bias,
        }
    }

    fn text(&self) -> String {
        let (m, n, k, r) = (self.tiles * self.rows, self.n, self.k, self.rows);
        let mut t = format!(
            "module {{\n  vta.dram_buffer @a : tensor<{m}x{k}x1x16xi8> = {}\n  vta.dram_buffer @w : tensor<{n}x{k}x16x16xi8> = {}\n  vta.dram_buffer @bias : tensor<1x{n}x1x16xi32> = {}\n  vta.dram_buffer @c : tensor<{m}x{n}x1x16xi8>\n",
            dense(&self.a),
            dense(&self.w),
            dense_i32(&self.bias)
        );
        t += &format!("  %w = vta.load_tile @w[0, 0] : !vta.tile<wgt, {n}x{k}>\n");
        t += &format!("  %b = vta.load_tile @bias[0, 0] : !vta.tile<acc, 1x{n}>\n");
        for i in 0..self.tiles {
            let acc = format!("!vta.tile<acc, {r}x{n}>");
            t += &format!(
                "  %a{i} = vta.load_tile @a[{}, 0] : !vta.tile<inp, {r}x{k}>\n",
                i * r
            );
            t += &format!("  %c{i} = vta.gemm_tile %a{i}, %w : !vta.tile<inp, {r}x{k}>, !vta.tile<wgt, {n}x{k}> -> {acc}\n");
            t += &format!("  %s{i} = vta.alu_tile shr %c{i}, 3 : {acc}\n");
            t += &format!("  %d{i} = vta.alu_tile add %s{i}, %b map affine_map<(d0, d1) -> (0, d1)> : {acc}, !vta.tile<acc, 1x{n}>\n");
            t += &format!("  %e{i} = vta.alu_tile max %d{i}, 0 : {acc}\n");
            t += &format!("  %f{i} = vta.alu_tile min %e{i}, 127 : {acc}\n");
            t += &format!("  vta.store_tile %f{i}, @c[{}, 0] : {acc}\n", i * r);
        }
        t + "}\n"
    }

    fn expected(&self) -> Vec<u8> {
        let (m, n, k) = (self.tiles * self.rows, self.n * 16, self.k * 16);
        let mut out = vec![0u8; m * n];
        for i in 0..m {
            for j in 0..n {
                let mut acc = 0i32;
                for l in 0..k {
                    // a is (m, k/16, 1, 16); w is (n/16, k/16, 16, 16).
                    let a = self.a[i * k + l];
                    let w = self.w[((j / 16) * self.k + l / 16) * 256 + (j % 16) * 16 + l % 16];
                    acc = acc.wrapping_add(i32::from(a) * i32::from(w));
                }
                let v = ((acc >> 3).wrapping_add(self.bias[j])).clamp(0, 127);
                out[i * n + j] = v as u8;
            }
        }
        out
    }
}

fn compile(ctx: &Context, text: &str, options: &LowerTilesOptions) -> (Program, String) {
    let mut ir = Ir::new();
    let module = parse(ctx, &mut ir, text);
    lower_tiles(ctx, &mut ir, module, options).unwrap_or_else(|d| panic!("{}", d.message));
    strata_ir::verifier::verify(ctx, &ir, module).unwrap_or_else(|d| panic!("{}", d.message));
    let printed = print_op(ctx, &ir, module, &PrintOptions::default());
    let program = module_to_program(ctx, &ir, module).unwrap_or_else(|d| panic!("{}", d.message));
    (program, printed)
}

fn run(program: &Program) -> SimOutcome {
    run_program(program, &SimOptions::default())
        .unwrap_or_else(|e| panic!("{e}\n{}", strata_vta::disasm::disassemble(&program.insns)))
}

#[test]
fn tiny_gemm_matches_direct_computation() {
    let ctx = context();
    let mm = Matmul::new(1, 2, 3, 4);
    let (program, printed) = compile(&ctx, &mm.text(), &LowerTilesOptions::default());
    assert!(printed.contains("vta.finish"), "{printed}");
    let outcome = run(&program);
    assert_eq!(
        program.dram.view("c", &outcome.dram).unwrap(),
        &mm.expected()[..]
    );
}

#[test]
fn double_buffering_overlaps_load_and_compute() {
    let ctx = context();
    let mm = Matmul::new(6, 4, 2, 8);
    let (double, text) = compile(
        &ctx,
        &mm.text(),
        &LowerTilesOptions {
            double_buffer: true,
        },
    );
    let (single, _) = compile(
        &ctx,
        &mm.text(),
        &LowerTilesOptions {
            double_buffer: false,
        },
    );
    let (d, s) = (run(&double), run(&single));
    assert_eq!(double.dram.view("c", &d.dram).unwrap(), &mm.expected()[..]);
    assert_eq!(single.dram.view("c", &s.dram).unwrap(), &mm.expected()[..]);
    assert!(
        d.stats.total_cycles < s.stats.total_cycles,
        "double buffering {} cycles, single {} cycles\n{text}",
        d.stats.total_cycles,
        s.stats.total_cycles
    );
}

#[test]
fn program_round_trips_through_mlir() {
    let ctx = context();
    let mm = Matmul::new(2, 2, 2, 2);
    let (program, _) = compile(&ctx, &mm.text(), &LowerTilesOptions::default());
    let bytes = program.to_bytes().unwrap();
    let text = vta_to_mlir(&ctx, &bytes).unwrap();
    let mut ir = Ir::new();
    let module = parse(&ctx, &mut ir, &text);
    let again = module_to_program(&ctx, &ir, module).unwrap();
    let (a, b) = (run(&program), run(&again));
    assert_eq!(
        program.dram.view("c", &a.dram),
        again.dram.view("c", &b.dram)
    );
    assert_eq!(again.dram.view("c", &b.dram).unwrap(), &mm.expected()[..]);
    // Importing the re-exported program gives the same text.
    let text2 = vta_to_mlir(&ctx, &again.to_bytes().unwrap()).unwrap();
    assert_eq!(text, text2);
}

/// A 3x3 convolution with spatial zero padding done by the DMA, written in
/// the tile form with linalg-style indexing maps (the shape a linalg
/// conv_2d_nchw_fchw lowering produces): NCHW1n16c input, OIHW16o16i kernel.
#[test]
fn padded_conv_matches_direct_computation() {
    let ctx = context();
    let (ci, co, h, w) = (2usize, 2usize, 6usize, 6usize);
    let x = data(ci * h * w * 16, 7);
    let k = data(co * ci * 9 * 256, 8);
    let text = format!(
        "module {{
  vta.dram_buffer @x : tensor<1x{ci}x{h}x{w}x1x16xi8> = {}
  vta.dram_buffer @k : tensor<{co}x{ci}x3x3x16x16xi8> = {}
  vta.dram_buffer @y : tensor<1x{co}x{h}x{w}x1x16xi8>
  %x = vta.load_tile @x[0, 0, 0, 0] pad [1, 1, 1, 1] : !vta.tile<inp, {ci}x{hp}x{wp}>
  %k = vta.load_tile @k[0, 0, 0, 0] : !vta.tile<wgt, {co}x{ci}x3x3>
  %c = vta.gemm_tile %x, %k maps [affine_map<(o, h, w, i, kh, kw) -> (i, h + kh, w + kw)>, affine_map<(o, h, w, i, kh, kw) -> (o, i, kh, kw)>, affine_map<(o, h, w, i, kh, kw) -> (o, h, w)>] bounds [{co}, {h}, {w}, {ci}, 3, 3] : !vta.tile<inp, {ci}x{hp}x{wp}>, !vta.tile<wgt, {co}x{ci}x3x3> -> !vta.tile<acc, {co}x{h}x{w}>
  vta.store_tile %c, @y[0, 0, 0, 0] : !vta.tile<acc, {co}x{h}x{w}>
}}
",
        dense(&x),
        dense(&k),
        hp = h + 2,
        wp = w + 2
    );
    let (program, _) = compile(&ctx, &text, &LowerTilesOptions::default());
    let outcome = run(&program);
    let mut expected = vec![0u8; co * h * w * 16];
    for o in 0..co {
        for y in 0..h {
            for z in 0..w {
                for n in 0..16 {
                    let mut acc = 0i32;
                    for i in 0..ci {
                        for kh in 0..3 {
                            for kw in 0..3 {
                                let (yy, zz) = (y + kh, z + kw);
                                if yy < 1 || zz < 1 || yy > h || zz > w {
                                    continue;
                                }
                                for c in 0..16 {
                                    let xv = x[((i * h + yy - 1) * w + zz - 1) * 16 + c];
                                    let kv =
                                        k[(((o * ci + i) * 3 + kh) * 3 + kw) * 256 + n * 16 + c];
                                    acc = acc.wrapping_add(i32::from(xv) * i32::from(kv));
                                }
                            }
                        }
                    }
                    expected[((o * h + y) * w + z) * 16 + n] = acc as u8;
                }
            }
        }
    }
    assert_eq!(
        program.dram.view("y", &outcome.dram).unwrap(),
        &expected[..]
    );
}
