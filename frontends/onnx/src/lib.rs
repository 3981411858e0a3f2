//! ONNX models in, Strata IR out: `strata-translate --import-onnx`.
//!
//! A model's graph becomes `func.func @main_graph` (onnx-mlir's name) whose
//! arguments are the graph inputs that are not initializers and whose
//! results are the graph outputs, in order. Nodes become
//! func/linalg/tensor/arith/math ops on tensors of static shape: linalg's
//! named ops where MLIR has one (`linalg.conv_2d_nchw_fchw`,
//! `linalg.matmul`, `linalg.batch_matmul`, `linalg.pooling_nchw_max`,
//! `linalg.transpose`, `linalg.broadcast`, `linalg.fill`), `linalg.generic`
//! otherwise, so the interpreter runs the result as it is. Initializers
//! become `arith.constant dense<...>`. Every op carries its node's
//! location, `loc("node name"("OpType"))`, so later diagnostics and
//! profiles can name the node. `docs/onnx.md` lists the ops and how each
//! maps.
//!
//! Reading the protobuf: `onnx.proto` (from the ONNX release, Apache-2.0,
//! its header kept) is vendored in `proto/` and compiled at build time by
//! `protox`, a protobuf compiler written in Rust, feeding `prost-build`.
//! So the default build needs neither `protoc` nor any system library, the
//! message types are exactly the ONNX release's, and updating them is
//! replacing one file. (The crates that ship pre-generated ONNX types
//! are pinned to old ONNX versions or to the older `protobuf` runtime.)
//!
//! Bad input is an error value, never a panic:
//! `model.onnx: error: node 'conv1' (Conv): <what>` for a node, and
//! `model.onnx: error: <what>` for the file, the opset or the graph.

pub mod emit;
pub mod import;
pub mod model;
mod ops;

/// The ONNX protobuf messages, generated from the vendored `onnx.proto`.
#[allow(clippy::all, missing_docs)]
pub mod proto {
    include!(concat!(env!("OUT_DIR"), "/onnx.rs"));
}

use std::path::Path;
use strata_ir::{Context, Ir, OpId};

pub use model::OPSETS;

/// Imports the model in `bytes`, named `file_name` in errors, whose
/// external data (if any) lives in `dir`. The context needs the func,
/// arith, math, tensor and linalg dialects. Errors come back rendered:
/// `file_name: error: ...`.
pub fn import_model(
    ctx: &Context,
    bytes: &[u8],
    file_name: &str,
    dir: Option<&Path>,
) -> Result<(Ir, OpId), String> {
    let (ir, module) = import::import(ctx, bytes, file_name, dir).map_err(|f| match f.node {
        Some((name, op)) => format!("{file_name}: error: node '{name}' ({op}): {}", f.message),
        None => format!("{file_name}: error: {}", f.message),
    })?;
    strata_ir::verifier::verify(ctx, &ir, module).map_err(|d| {
        format!(
            "{file_name}: error: the imported module does not verify (an importer bug): {}",
            d.message
        )
    })?;
    Ok((ir, module))
}

/// Imports the model at `path`; external data is read beside it.
pub fn import_file(ctx: &Context, path: &Path) -> Result<(Ir, OpId), String> {
    let name = path.display().to_string();
    let bytes =
        std::fs::read(path).map_err(|e| format!("{name}: error: cannot read the model: {e}"))?;
    import_model(ctx, &bytes, &name, path.parent())
}
