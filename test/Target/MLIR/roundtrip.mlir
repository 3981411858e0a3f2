// Every round-trip file of the upstream dialects goes Strata -> MLIR 22
// (verified there) -> MLIR -> Strata through strata-translate and prints
// what strata-opt prints for it (test/utils/mlir_bridge_roundtrip.py).
// The library-level check of the same is lowering/mlir-bridge/tests/roundtrip.rs.
// REQUIRES: mlir
// RUN: %mlir-bridge-roundtrip --allow-unregistered-dialect %S/../../Dialect/Func/ops.mlir > /dev/null
// RUN: %mlir-bridge-roundtrip %S/../../Dialect/Arith/fastmath-print.mlir > /dev/null
// RUN: %mlir-bridge-roundtrip %S/../../Dialect/Arith/ops.mlir > /dev/null
// RUN: %mlir-bridge-roundtrip %S/../../Dialect/Math/ops.mlir > /dev/null
// RUN: %mlir-bridge-roundtrip %S/../../Dialect/Math/sincos-clampf.mlir > /dev/null
// RUN: %mlir-bridge-roundtrip %S/../../Dialect/ControlFlow/ops.mlir > /dev/null
// RUN: %mlir-bridge-roundtrip %S/../../Dialect/ControlFlow/switch-case-values.mlir > /dev/null
// RUN: %mlir-bridge-roundtrip %S/../../Dialect/SCF/index-switch.mlir > /dev/null
// RUN: %mlir-bridge-roundtrip --allow-unregistered-dialect %S/../../Dialect/SCF/ops.mlir > /dev/null
// RUN: %mlir-bridge-roundtrip %S/../../Dialect/MemRef/ops.mlir > /dev/null
// RUN: %mlir-bridge-roundtrip %S/../../Dialect/MemRef/realloc.mlir > /dev/null
// RUN: %mlir-bridge-roundtrip --split-input-file %S/../../Dialect/Affine/ops.mlir > /dev/null
// RUN: %mlir-bridge-roundtrip %S/../../Dialect/Vector/ops.mlir > /dev/null
// RUN: %mlir-bridge-roundtrip %S/../../Dialect/Tensor/ops.mlir > /dev/null
// RUN: %mlir-bridge-roundtrip %S/../../Dialect/Linalg/ops.mlir > /dev/null
// RUN: %mlir-bridge-roundtrip %S/../../Dialect/Bufferization/clone.mlir > /dev/null
// RUN: %mlir-bridge-roundtrip %S/../../Dialect/Bufferization/ops.mlir > /dev/null
