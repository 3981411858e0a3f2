//! The executor against straightforward Rust references: a 128x128x128
//! f32 matmul and a 1x64x56x56 * 64x64x3x3 NCHW convolution (~116M MACs),
//! bit-exact because both accumulate in the same order in f32.

use std::sync::Arc;
use strata_dialect_linalg::exec::{execute, Buffer, Elems};
use strata_ir::asm::{parse_source, SourceInfo};
use strata_ir::{Context, Ir, OpId};

fn context() -> Context {
    let mut ctx = Context::new();
    ctx.load_dialect(Arc::new(strata_dialect_tensor::TensorDialect));
    ctx.load_dialect(Arc::new(strata_dialect_linalg::LinalgDialect));
    ctx.allow_unregistered_dialects = true;
    ctx
}

/// Parses `body` inside a test op and returns the first linalg op.
fn parse_op(ctx: &Context, ir: &mut Ir, text: &str) -> OpId {
    let info = SourceInfo {
        file_name: "t.mlir".into(),
        first_line: 0,
    };
    let module = parse_source(ctx, ir, text, &info).unwrap_or_else(|d| panic!("{}", d.message));
    strata_ir::verifier::verify(ctx, ir, module).unwrap_or_else(|d| panic!("{}", d.message));
    let mut found = None;
    ir.walk_preorder(module, &mut |op| {
        if found.is_none() && ctx.op_name_str(ir.op_name(op)).starts_with("linalg.") {
            found = Some(op);
        }
    });
    found.expect("a linalg op")
}

fn random(n: usize, seed: u64) -> Vec<f32> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 40) as f32 / (1u64 << 24) as f32) - 0.5
        })
        .collect()
}

fn buffer(shape: &[i64], data: Vec<f32>) -> Buffer {
    Buffer {
        shape: shape.to_vec(),
        elems: Elems::F32(data),
    }
}

#[test]
fn matmul_128_matches_reference() {
    let ctx = context();
    let mut ir = Ir::new();
    let op = parse_op(
        &ctx,
        &mut ir,
        r#""test.f"() ({
^bb0(%a: tensor<128x128xf32>, %b: tensor<128x128xf32>, %c: tensor<128x128xf32>):
  %0 = linalg.matmul ins(%a, %b : tensor<128x128xf32>, tensor<128x128xf32>) outs(%c : tensor<128x128xf32>) -> tensor<128x128xf32>
  "test.ret"(%0) : (tensor<128x128xf32>) -> ()
}) : () -> ()
"#,
    );
    let n = 128usize;
    let (a, b, c) = (random(n * n, 1), random(n * n, 2), random(n * n, 3));
    let mut bufs = vec![
        buffer(&[128, 128], a.clone()),
        buffer(&[128, 128], b.clone()),
        buffer(&[128, 128], c.clone()),
    ];
    execute(&ctx, &ir, op, &mut bufs, &|_| None).unwrap();
    let mut expected = c;
    for i in 0..n {
        for j in 0..n {
            let mut acc = expected[i * n + j];
            for k in 0..n {
                acc += a[i * n + k] * b[k * n + j];
            }
            expected[i * n + j] = acc;
        }
    }
    assert_eq!(bufs[2].elems, Elems::F32(expected));
}

/// ~116M multiply-accumulates: run in release (`make check` / CI use
/// `cargo test --release`); debug builds skip it.
#[test]
#[cfg_attr(debug_assertions, ignore = "116M MACs: run with --release")]
fn conv_2d_nchw_fchw_1x64x56x56_matches_reference() {
    let ctx = context();
    let mut ir = Ir::new();
    let op = parse_op(
        &ctx,
        &mut ir,
        r#""test.f"() ({
^bb0(%i: tensor<1x64x56x56xf32>, %w: tensor<64x64x3x3xf32>, %o: tensor<1x64x54x54xf32>):
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %w : tensor<1x64x56x56xf32>, tensor<64x64x3x3xf32>) outs(%o : tensor<1x64x54x54xf32>) -> tensor<1x64x54x54xf32>
  "test.ret"(%0) : (tensor<1x64x54x54xf32>) -> ()
}) : () -> ()
"#,
    );
    let (c, h, f, k, oh) = (64usize, 56usize, 64usize, 3usize, 54usize);
    let input = random(c * h * h, 4);
    let weights = random(f * c * k * k, 5);
    let mut bufs = vec![
        buffer(&[1, 64, 56, 56], input.clone()),
        buffer(&[64, 64, 3, 3], weights.clone()),
        buffer(&[1, 64, 54, 54], vec![0.0; f * oh * oh]),
    ];
    execute(&ctx, &ir, op, &mut bufs, &|_| None).unwrap();
    let mut expected = vec![0f32; f * oh * oh];
    for fo in 0..f {
        for y in 0..oh {
            for x in 0..oh {
                let mut acc = 0f32;
                for ci in 0..c {
                    for ky in 0..k {
                        for kx in 0..k {
                            acc += input[(ci * h + y + ky) * h + x + kx]
                                * weights[((fo * c + ci) * k + ky) * k + kx];
                        }
                    }
                }
                expected[(fo * oh + y) * oh + x] = acc;
            }
        }
    }
    assert_eq!(bufs[2].elems, Elems::F32(expected));
}

#[test]
fn generic_payload_with_index_and_select_runs() {
    let ctx = context();
    let mut ir = Ir::new();
    let op = parse_op(
        &ctx,
        &mut ir,
        r#"#map = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
"test.f"() ({
^bb0(%a: tensor<3x4xf32>, %o: tensor<4x3xf32>):
  %0 = linalg.generic {indexing_maps = [#map, #t], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<3x4xf32>) outs(%o : tensor<4x3xf32>) {
  ^bb0(%x: f32, %y: f32):
    %i = linalg.index 0 : index
    %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %p = "arith.cmpi"(%i, %c1) <{predicate = 0 : i64}> : (index, index) -> i1
    %n = "arith.negf"(%x) : (f32) -> f32
    %s = "arith.select"(%p, %n, %x) : (i1, f32, f32) -> f32
    linalg.yield %s : f32
  } -> tensor<4x3xf32>
  "test.ret"(%0) : (tensor<4x3xf32>) -> ()
}) : () -> ()
"#,
    );
    let a: Vec<f32> = (0..12).map(|v| v as f32).collect();
    let mut bufs = vec![buffer(&[3, 4], a), buffer(&[4, 3], vec![0.0; 12])];
    execute(&ctx, &ir, op, &mut bufs, &|_| None).unwrap();
    // out[j][i] = (i == 1 ? -a[i][j] : a[i][j])
    let mut expected = vec![0f32; 12];
    for i in 0..3 {
        for j in 0..4 {
            let v = (i * 4 + j) as f32;
            expected[j * 3 + i] = if i == 1 { -v } else { v };
        }
    }
    assert_eq!(bufs[1].elems, Elems::F32(expected));
}

/// The payloads of test/Conversion/LinalgToLoops/payload-semantics.mlir,
/// which compares the interpreter on a linalg.generic with the interpreter
/// on its loops, run through the executor itself: that test only checks
/// the executor if the executor takes every op of them (the interpreter
/// falls back to running the payload op by op when it does not).
#[test]
fn executor_runs_the_payload_semantics_test() {
    let mut ctx = context();
    ctx.load_dialect(Arc::new(strata_dialect_arith::ArithDialect));
    ctx.load_dialect(Arc::new(strata_dialect_math::MathDialect));
    ctx.load_dialect(Arc::new(strata_dialect_func::FuncDialect));
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../test/Conversion/LinalgToLoops/payload-semantics.mlir"
    );
    let text = std::fs::read_to_string(path).expect("the lit test");
    let mut ir = Ir::new();
    let info = SourceInfo {
        file_name: path.into(),
        first_line: 0,
    };
    let module =
        parse_source(&ctx, &mut ir, &text, &info).unwrap_or_else(|d| panic!("{}", d.message));
    let mut generics = Vec::new();
    ir.walk_preorder(module, &mut |op| {
        if ctx.op_name_str(ir.op_name(op)) == "linalg.generic" {
            generics.push(op);
        }
    });
    assert_eq!(generics.len(), 2);
    for op in generics {
        let mut bufs: Vec<Buffer> = ir
            .operands(op)
            .map(|v| {
                let ty = ir.value_type(v);
                let shape = ctx.shape(ty).expect("a memref").to_vec();
                let n = shape.iter().product::<i64>() as usize;
                let elem = ctx.element_type(ty).expect("a memref");
                let elems = match ctx.float_kind(elem) {
                    Some(strata_ir::FloatKind::F32) => Elems::F32(random(n, 7)),
                    Some(_) => Elems::F64(random(n, 9).into_iter().map(f64::from).collect()),
                    None => Elems::I((0..n as i64).map(|i| i % 17 - 8).collect()),
                };
                Buffer { shape, elems }
            })
            .collect();
        execute(&ctx, &ir, op, &mut bufs, &|_| None).unwrap_or_else(|e| panic!("{e}"));
    }
}
