//! A 16x16x16 int8 matmul with the VTA tail (>> 6, + bias, clip), compiled
//! and run by the host runtime, against the same computation written out in
//! Rust: packing, simulation and unpacking together are right, not only
//! self-consistent.

use strata_ir::asm::{parse_source, SourceInfo};
use strata_ir::Ir;
use strata_lowering_linalg_to_vta::Options;
use strata_vta::SimOptions;

const SOURCE: &str = r#"
func.func @mm(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %bias: tensor<16xi32>) -> tensor<16x16xi8> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<16x16xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<16x16xi32>) -> tensor<16x16xi32>
  %acc = linalg.matmul ins(%a, %b : tensor<16x16xi8>, tensor<16x16xi8>) outs(%z : tensor<16x16xi32>) -> tensor<16x16xi32>
  %o = tensor.empty() : tensor<16x16xi8>
  %r = linalg.generic {
      indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%acc, %bias : tensor<16x16xi32>, tensor<16xi32>) outs(%o : tensor<16x16xi8>) {
  ^bb0(%x: i32, %b0: i32, %out: i8):
    %c6 = arith.constant 6 : i32
    %lo = arith.constant -128 : i32
    %hi = arith.constant 127 : i32
    %s = arith.shrsi %x, %c6 : i32
    %t = arith.addi %b0, %s : i32
    %u = arith.maxsi %t, %lo : i32
    %v = arith.minsi %u, %hi : i32
    %y = arith.trunci %v : i32 to i8
    linalg.yield %y : i8
  } -> tensor<16x16xi8>
  return %r : tensor<16x16xi8>
}
"#;

#[test]
fn matmul_with_tail_matches_a_reference() {
    let ctx = strata_dialects::context();
    let mut ir = Ir::new();
    let info = SourceInfo {
        file_name: "mm.mlir".into(),
        first_line: 0,
    };
    let module =
        parse_source(&ctx, &mut ir, SOURCE, &info).unwrap_or_else(|d| panic!("{}", d.message));
    let options = Options {
        entry: "mm".into(),
        ..Options::default()
    };
    let compiled = strata_vta_host::compile(&ctx, &mut ir, module, &options)
        .unwrap_or_else(|d| panic!("{}", d.message));
    // Every int8 value appears; the bias spans [-256, 256].
    let a: Vec<i64> = (0..256).map(|i| (i * 37 % 256) - 128).collect();
    let b: Vec<i64> = (0..256).map(|i| (i * 101 % 256) - 128).collect();
    let bias: Vec<i64> = (0..16).map(|j| j * 33 - 256).collect();
    let run = compiled
        .run(
            &[a.clone(), b.clone(), bias.clone()],
            &SimOptions::default(),
        )
        .unwrap();
    assert_eq!(run.shape, vec![16, 16]);
    let mut want = Vec::new();
    for m in 0..16 {
        for n in 0..16 {
            let acc: i64 = (0..16).map(|k| a[m * 16 + k] * b[k * 16 + n]).sum();
            want.push(((acc >> 6) + bias[n]).clamp(-128, 127));
        }
    }
    assert_eq!(run.values, want);
    assert!(run.stats.total_cycles > 0);
}
