// A small builtin-only module: unregistered ops in generic form.
// Run: strata-opt --allow-unregistered-dialect examples/hello.mlir
module {
  %c = "demo.constant"() {value = 42 : i32} : () -> i32
  %t = "demo.splat"(%c) : (i32) -> tensor<4x8xi32>
  %s = "demo.add"(%t, %t) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
  "demo.print"(%s) {label = "hello"} : (tensor<4x8xi32>) -> ()
}
