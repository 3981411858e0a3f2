// RUN: not strata-translate --import-onnx %S/Inputs/bad_truncated.onnx 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// RUN: not strata-translate --import-onnx %S/Inputs/bad_unknown_op.onnx 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not strata-translate --import-onnx %S/Inputs/bad_dynamic_shape.onnx 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: not strata-translate --import-onnx %S/Inputs/bad_opset.onnx 2>&1 | FileCheck %s --check-prefix=OPSET
// RUN: not strata-run %S/Inputs/bad_unknown_op.onnx --random-inputs 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not strata-compile %S/Inputs/bad_opset.onnx -o %t.so 2>&1 | FileCheck %s --check-prefix=OPSET
// RUN: not strata-run %S/Inputs/missing.onnx --random-inputs 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not strata-translate --import-onnx %S/Inputs/bad_missing_external.onnx 2>&1 | FileCheck %s --check-prefix=EXTERNAL
// RUN: not strata-translate --import-onnx %s 2>&1 | FileCheck %s --check-prefix=NOT-A-MODEL

// Models the importer rejects, each with one error naming the file and, for
// a node, the node and its op type (test/Onnx/make_fixtures.py made
// them): half of a valid model, an op the importer does not implement, a
// Reshape whose shape is computed at run time, an opset below 13, a missing
// file, a model whose external weights file is missing, and a text file.

// TRUNCATED: {{.*}}bad_truncated.onnx: error: not a valid ONNX model (protobuf decoding failed: {{.*}})
// UNKNOWN: {{.*}}bad_unknown_op.onnx: error: node 'hardmax0' (Hardmax): unsupported ONNX op
// DYNAMIC: {{.*}}bad_dynamic_shape.onnx: error: node 'reshape0' (Reshape): input 1 ('shape') must be a constant (an initializer or a Constant node); a value computed at run time is not supported
// OPSET: {{.*}}bad_opset.onnx: error: opset 11 is not supported (supported: 13 to 21)
// MISSING: {{.*}}missing.onnx: error: cannot read the model: No such file or directory
// EXTERNAL: {{.*}}bad_missing_external.onnx: error: external tensor 'w': cannot read '{{.*}}missing.weights': No such file or directory
// NOT-A-MODEL: {{.*}}errors.mlir: error: not a valid ONNX model
