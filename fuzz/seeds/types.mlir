!alias = tensor<?x4xf32>
"t.types"() : () -> (i1, i32, si8, ui64, index, none, f16, bf16, f32, f64, f80, f128, tf32, complex<f32>, tuple<i32, tuple<>, index>)
"t.shaped"() : () -> (tensor<*xf32>, tensor<2x?x3xi8>, tensor<f32>, memref<4x4xf32>, memref<?xf32, 1>, memref<*xf32>, vector<4xf32>, vector<[4]x2xi1>, !alias)
"t.fn"() {f = (i32, f32) -> (i64), g = () -> ()} : () -> ((i32) -> i32)
"t.dialect"() : () -> (!foo.bar, !foo<"opaque">, !foo.baz<1, [2, 3], "s">)
