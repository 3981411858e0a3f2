//! Compiles the vendored `proto/onnx.proto` into Rust types with `protox`
//! (a protobuf compiler written in Rust) and `prost-build`, so the build
//! needs neither `protoc` nor any system library.

fn main() {
    println!("cargo:rerun-if-changed=proto/onnx.proto");
    let files = protox::compile(["proto/onnx.proto"], ["proto"]).expect("onnx.proto compiles");
    prost_build::Config::new()
        .compile_fds(files)
        .expect("prost generates the ONNX types");
}
