//! ONNX models in, Strata IR out.

/// The ONNX protobuf messages, generated from the vendored `onnx.proto`.
#[allow(clippy::all, missing_docs)]
pub mod proto {
    include!(concat!(env!("OUT_DIR"), "/onnx.rs"));
}
