//! The declared syntax of `linalg.yield` (MLIR's custom grammar: values,
//! attributes, types) and of `linalg.pack`/`linalg.unpack` (the
//! `assemblyFormat` of LinalgRelayoutOps.td): the expected texts are what
//! mlir-opt 22 prints for the same input.

use std::sync::Arc;
use strata_ir::asm::printer::{print_op, PrintOptions};
use strata_ir::asm::{parse_source, SourceInfo};
use strata_ir::{Context, Ir};

fn context() -> Context {
    let mut ctx = Context::new();
    ctx.load_dialect(Arc::new(strata_dialect_func::FuncDialect));
    ctx.load_dialect(Arc::new(strata_dialect_tensor::TensorDialect));
    ctx.load_dialect(Arc::new(strata_dialect_linalg::LinalgDialect));
    ctx
}

/// Parses and verifies `text`, then prints it back.
fn round_trip(text: &str, generic: bool) -> String {
    let ctx = context();
    let mut ir = Ir::new();
    let info = SourceInfo {
        file_name: "t.mlir".into(),
        first_line: 0,
    };
    let module =
        parse_source(&ctx, &mut ir, text, &info).unwrap_or_else(|d| panic!("{}", d.message));
    strata_ir::verifier::verify(&ctx, &ir, module).unwrap_or_else(|d| panic!("{}", d.message));
    let options = PrintOptions {
        generic,
        ..PrintOptions::default()
    };
    print_op(&ctx, &ir, module, &options)
}

#[test]
fn yield_prints_attributes_between_values_and_types() {
    let printed = round_trip(
        r#"func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : tensor<4xf32>) {
  ^bb0(%o: f32):
    linalg.yield %o {foo} : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}"#,
        false,
    );
    assert!(
        printed.contains("      linalg.yield %out {foo} : f32\n"),
        "{printed}"
    );
}

const PACK: &str = r#"func.func @f(%s: tensor<13x15xf32>, %d: tensor<2x?x8x?xf32>, %p: f32, %t: index) -> tensor<13x15xf32> {
  %0 = linalg.pack %s padding_value(%p : f32) outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %d : tensor<13x15xf32> -> tensor<2x?x8x?xf32>
  %1 = linalg.unpack %0 inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %s {foo} : tensor<2x?x8x?xf32> -> tensor<13x15xf32>
  return %1 : tensor<13x15xf32>
}"#;

#[test]
fn pack_and_unpack_print_as_mlir() {
    let printed = round_trip(PACK, false);
    assert!(printed.contains(
        "    %pack = linalg.pack %arg0 padding_value(%arg2 : f32) outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [8, %arg3] into %arg1 : tensor<13x15xf32> -> tensor<2x?x8x?xf32>\n"
    ), "{printed}");
    assert!(printed.contains(
        "    %unpack = linalg.unpack %pack inner_dims_pos = [0, 1] inner_tiles = [8, %arg3] into %arg0 {foo} : tensor<2x?x8x?xf32> -> tensor<13x15xf32>\n"
    ), "{printed}");
    assert_eq!(round_trip(&printed, false), printed);
}

#[test]
fn pack_generic_form_has_mlir_properties() {
    let printed = round_trip(PACK, true);
    assert!(printed.contains(
        "%0 = \"linalg.pack\"(%arg0, %arg1, %arg2, %arg3) <{inner_dims_pos = array<i64: 0, 1>, operandSegmentSizes = array<i32: 1, 1, 1, 1>, outer_dims_perm = array<i64: 0, 1>, static_inner_tiles = array<i64: 8, -9223372036854775808>}> : (tensor<13x15xf32>, tensor<2x?x8x?xf32>, f32, index) -> tensor<2x?x8x?xf32>"
    ), "{printed}");
}
