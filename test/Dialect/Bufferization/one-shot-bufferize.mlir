
// CHECK: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @matmul(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>) -> tensor<4x16xf32> {
// CHECK-NEXT: %0 = bufferization.to_buffer %arg1 : tensor<8x16xf32> to memref<8x16xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %1 = bufferization.to_buffer %arg0 : tensor<4x8xf32> to memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
// CHECK-NEXT: linalg.fill ins(%cst : f32) outs(%alloc : memref<4x16xf32>)
// CHECK-NEXT: linalg.matmul ins(%1, %0 : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<8x16xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4x16xf32>)
// CHECK-NEXT: %2 = bufferization.to_tensor %alloc : memref<4x16xf32> to tensor<4x16xf32>
// CHECK-NEXT: return %2 : tensor<4x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @slices(%arg0: tensor<8xf32>, %arg1: f32) -> (tensor<8xf32>, f32) {
// CHECK-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %1 = bufferization.to_buffer %arg0 : tensor<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %2 = bufferization.to_buffer %arg0 : tensor<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %subview = memref.subview %2[2] [4] [1] : memref<8xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%arg1 : f32) outs(%alloc : memref<4xf32>)
// CHECK-NEXT: %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: memref.copy %1, %alloc_0 : memref<8xf32, strided<[?], offset: ?>> to memref<8xf32>
// CHECK-NEXT: %subview_1 = memref.subview %alloc_0[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: memref.copy %alloc, %subview_1 : memref<4xf32> to memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: %3 = bufferization.to_tensor %alloc_0 : memref<8xf32> to tensor<8xf32>
// CHECK-NEXT: %4 = memref.load %0[%c0] : memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %3, %4 : tensor<8xf32>, f32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @inplace(%arg0: tensor<8xf32>, %arg1: f32) -> tensor<8xf32> {
// CHECK-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %1 = bufferization.to_buffer %arg0 : tensor<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %subview = memref.subview %1[2] [4] [1] : memref<8xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%arg1 : f32) outs(%alloc : memref<4xf32>)
// CHECK-NEXT: %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: memref.copy %0, %alloc_0 : memref<8xf32, strided<[?], offset: ?>> to memref<8xf32>
// CHECK-NEXT: %subview_1 = memref.subview %alloc_0[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: memref.copy %alloc, %subview_1 : memref<4xf32> to memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: %2 = bufferization.to_tensor %alloc_0 : memref<8xf32> to tensor<8xf32>
// CHECK-NEXT: return %2 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @chain(%arg0: tensor<4x4xi32>, %arg1: tensor<4x4xi32>) -> (tensor<4x4xi32>, tensor<4x4xi32>) {
// CHECK-NEXT: %0 = bufferization.to_buffer %arg1 : tensor<4x4xi32> to memref<4x4xi32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %1 = bufferization.to_buffer %arg0 : tensor<4x4xi32> to memref<4x4xi32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %2 = bufferization.to_buffer %arg0 : tensor<4x4xi32> to memref<4x4xi32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x4xi32>
// CHECK-NEXT: %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4x4xi32>
// CHECK-NEXT: memref.copy %2, %alloc_0 : memref<4x4xi32, strided<[?, ?], offset: ?>> to memref<4x4xi32>
// CHECK-NEXT: linalg.matmul ins(%1, %0 : memref<4x4xi32, strided<[?, ?], offset: ?>>, memref<4x4xi32, strided<[?, ?], offset: ?>>) outs(%alloc_0 : memref<4x4xi32>)
// CHECK-NEXT: memref.store %c7_i32, %alloc_0[%c0, %c0] : memref<4x4xi32>
// CHECK-NEXT: %3 = bufferization.to_tensor %alloc_0 : memref<4x4xi32> to tensor<4x4xi32>
// CHECK-NEXT: linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_0 : memref<4x4xi32>) outs(%alloc : memref<4x4xi32>) {
// CHECK-NEXT: ^bb0(%in: i32, %out: i32):
// CHECK-NEXT: %5 = arith.addi %in, %in : i32
// CHECK-NEXT: linalg.yield %5 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %4 = bufferization.to_tensor %alloc : memref<4x4xi32> to tensor<4x4xi32>
// CHECK-NEXT: return %4, %3 : tensor<4x4xi32>, tensor<4x4xi32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @insert_conflict(%arg0: tensor<4xi32>, %arg1: i32) -> (tensor<4xi32>, i32) {
// CHECK-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<4xi32> to memref<4xi32, strided<[?], offset: ?>>
// CHECK-NEXT: %1 = bufferization.to_buffer %arg0 : tensor<4xi32> to memref<4xi32, strided<[?], offset: ?>>
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
// CHECK-NEXT: memref.copy %1, %alloc : memref<4xi32, strided<[?], offset: ?>> to memref<4xi32>
// CHECK-NEXT: memref.store %arg1, %alloc[%c1] : memref<4xi32>
// CHECK-NEXT: %2 = bufferization.to_tensor %alloc : memref<4xi32> to tensor<4xi32>
// CHECK-NEXT: %3 = memref.load %0[%c1] : memref<4xi32, strided<[?], offset: ?>>
// CHECK-NEXT: return %2, %3 : tensor<4xi32>, i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @insert_free(%arg0: i32) -> tensor<4xi32> {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
// CHECK-NEXT: linalg.fill ins(%c0_i32 : i32) outs(%alloc : memref<4xi32>)
// CHECK-NEXT: memref.store %arg0, %alloc[%c1] : memref<4xi32>
// CHECK-NEXT: %0 = bufferization.to_tensor %alloc : memref<4xi32> to tensor<4xi32>
// CHECK-NEXT: return %0 : tensor<4xi32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @buffers(%arg0: memref<4xf32>, %arg1: memref<4xf32>) {
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: linalg.map { math.absf } ins(%arg0 : memref<4xf32>) outs(%alloc : memref<4xf32>)
// CHECK-NEXT: memref.copy %alloc, %arg1 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @elementwise_in_place(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = bufferization.to_buffer %arg1 : tensor<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %1 = bufferization.to_buffer %arg0 : tensor<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: linalg.map { arith.addf } ins(%1, %0 : memref<8xf32, strided<[?], offset: ?>>, memref<8xf32, strided<[?], offset: ?>>) outs(%alloc : memref<8xf32>)
// CHECK-NEXT: %2 = bufferization.to_tensor %alloc : memref<8xf32> to tensor<8xf32>
// CHECK-NEXT: return %2 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @dynamic(%arg0: tensor<?x4xf32>) -> tensor<?x4xf32> {
// CHECK-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<?x4xf32> to memref<?x4xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %1 = bufferization.to_buffer %arg0 : tensor<?x4xf32> to memref<?x4xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %1, %c0 : memref<?x4xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x4xf32>
// CHECK-NEXT: linalg.map { math.absf } ins(%0 : memref<?x4xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<?x4xf32>)
// CHECK-NEXT: %2 = bufferization.to_tensor %alloc : memref<?x4xf32> to tensor<?x4xf32>
// CHECK-NEXT: return %2 : tensor<?x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// FB: #map = affine_map<(d0, d1) -> (d0, d1)>
// FB-NEXT: #map1 = affine_map<(d0, d1) -> (d1, d0)>
// FB-NEXT: module {
// FB-NEXT: func.func @matmul(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>, %arg1: memref<8x16xf32, strided<[?, ?], offset: ?>>) -> memref<4x16xf32> {
// FB-NEXT: %cst = arith.constant 0.000000e+00 : f32
// FB-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
// FB-NEXT: linalg.fill ins(%cst : f32) outs(%alloc : memref<4x16xf32>)
// FB-NEXT: linalg.matmul ins(%arg0, %arg1 : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<8x16xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4x16xf32>)
// FB-NEXT: %cast = memref.cast %alloc : memref<4x16xf32> to memref<4x16xf32, strided<[?, ?], offset: ?>>
// FB-NEXT: return %alloc : memref<4x16xf32>
// FB-NEXT: }
// FB-NEXT: func.func @slices(%arg0: memref<8xf32, strided<[?], offset: ?>>, %arg1: f32) -> (memref<8xf32>, f32) {
// FB-NEXT: %c0 = arith.constant 0 : index
// FB-NEXT: %subview = memref.subview %arg0[2] [4] [1] : memref<8xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
// FB-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// FB-NEXT: linalg.fill ins(%arg1 : f32) outs(%alloc : memref<4xf32>)
// FB-NEXT: %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// FB-NEXT: memref.copy %arg0, %alloc_0 : memref<8xf32, strided<[?], offset: ?>> to memref<8xf32>
// FB-NEXT: %subview_1 = memref.subview %alloc_0[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
// FB-NEXT: memref.copy %alloc, %subview_1 : memref<4xf32> to memref<4xf32, strided<[1], offset: 2>>
// FB-NEXT: %0 = memref.load %arg0[%c0] : memref<8xf32, strided<[?], offset: ?>>
// FB-NEXT: %cast = memref.cast %alloc_0 : memref<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// FB-NEXT: return %alloc_0, %0 : memref<8xf32>, f32
// FB-NEXT: }
// FB-NEXT: func.func @inplace(%arg0: memref<8xf32, strided<[?], offset: ?>>, %arg1: f32) -> memref<8xf32, strided<[?], offset: ?>> {
// FB-NEXT: %subview = memref.subview %arg0[2] [4] [1] : memref<8xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
// FB-NEXT: linalg.fill ins(%arg1 : f32) outs(%subview : memref<4xf32, strided<[?], offset: ?>>)
// FB-NEXT: %subview_0 = memref.subview %arg0[2] [4] [1] : memref<8xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
// FB-NEXT: memref.copy %subview, %subview_0 : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
// FB-NEXT: return %arg0 : memref<8xf32, strided<[?], offset: ?>>
// FB-NEXT: }
// FB-NEXT: func.func @chain(%arg0: memref<4x4xi32, strided<[?, ?], offset: ?>>, %arg1: memref<4x4xi32, strided<[?, ?], offset: ?>>) -> (memref<4x4xi32>, memref<4x4xi32>) {
// FB-NEXT: %c0 = arith.constant 0 : index
// FB-NEXT: %c7_i32 = arith.constant 7 : i32
// FB-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x4xi32>
// FB-NEXT: %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4x4xi32>
// FB-NEXT: memref.copy %arg0, %alloc_0 : memref<4x4xi32, strided<[?, ?], offset: ?>> to memref<4x4xi32>
// FB-NEXT: linalg.matmul ins(%arg0, %arg1 : memref<4x4xi32, strided<[?, ?], offset: ?>>, memref<4x4xi32, strided<[?, ?], offset: ?>>) outs(%alloc_0 : memref<4x4xi32>)
// FB-NEXT: memref.store %c7_i32, %alloc_0[%c0, %c0] : memref<4x4xi32>
// FB-NEXT: linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_0 : memref<4x4xi32>) outs(%alloc : memref<4x4xi32>) {
// FB-NEXT: ^bb0(%in: i32, %out: i32):
// FB-NEXT: %0 = arith.addi %in, %in : i32
// FB-NEXT: linalg.yield %0 : i32
// FB-NEXT: }
// FB-NEXT: %cast = memref.cast %alloc : memref<4x4xi32> to memref<4x4xi32, strided<[?, ?], offset: ?>>
// FB-NEXT: %cast_1 = memref.cast %alloc_0 : memref<4x4xi32> to memref<4x4xi32, strided<[?, ?], offset: ?>>
// FB-NEXT: return %alloc, %alloc_0 : memref<4x4xi32>, memref<4x4xi32>
// FB-NEXT: }
// FB-NEXT: func.func @insert_conflict(%arg0: memref<4xi32, strided<[?], offset: ?>>, %arg1: i32) -> (memref<4xi32>, i32) {
// FB-NEXT: %c1 = arith.constant 1 : index
// FB-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
// FB-NEXT: memref.copy %arg0, %alloc : memref<4xi32, strided<[?], offset: ?>> to memref<4xi32>
// FB-NEXT: memref.store %arg1, %alloc[%c1] : memref<4xi32>
// FB-NEXT: %0 = memref.load %arg0[%c1] : memref<4xi32, strided<[?], offset: ?>>
// FB-NEXT: %cast = memref.cast %alloc : memref<4xi32> to memref<4xi32, strided<[?], offset: ?>>
// FB-NEXT: return %alloc, %0 : memref<4xi32>, i32
// FB-NEXT: }
// FB-NEXT: func.func @insert_free(%arg0: i32) -> memref<4xi32> {
// FB-NEXT: %c1 = arith.constant 1 : index
// FB-NEXT: %c0_i32 = arith.constant 0 : i32
// FB-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
// FB-NEXT: linalg.fill ins(%c0_i32 : i32) outs(%alloc : memref<4xi32>)
// FB-NEXT: memref.store %arg0, %alloc[%c1] : memref<4xi32>
// FB-NEXT: %cast = memref.cast %alloc : memref<4xi32> to memref<4xi32, strided<[?], offset: ?>>
// FB-NEXT: return %alloc : memref<4xi32>
// FB-NEXT: }
// FB-NEXT: func.func @buffers(%arg0: memref<4xf32>, %arg1: memref<4xf32>) {
// FB-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// FB-NEXT: linalg.map { math.absf } ins(%arg0 : memref<4xf32>) outs(%alloc : memref<4xf32>)
// FB-NEXT: memref.copy %alloc, %arg1 : memref<4xf32> to memref<4xf32>
// FB-NEXT: return
// FB-NEXT: }
// FB-NEXT: func.func @elementwise_in_place(%arg0: memref<8xf32, strided<[?], offset: ?>>, %arg1: memref<8xf32, strided<[?], offset: ?>>) -> memref<8xf32, strided<[?], offset: ?>> {
// FB-NEXT: linalg.map { arith.addf } ins(%arg0, %arg1 : memref<8xf32, strided<[?], offset: ?>>, memref<8xf32, strided<[?], offset: ?>>) outs(%arg0 : memref<8xf32, strided<[?], offset: ?>>)
// FB-NEXT: return %arg0 : memref<8xf32, strided<[?], offset: ?>>
// FB-NEXT: }
// FB-NEXT: func.func @dynamic(%arg0: memref<?x4xf32, strided<[?, ?], offset: ?>>) -> memref<?x4xf32> {
// FB-NEXT: %c0 = arith.constant 0 : index
// FB-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x4xf32, strided<[?, ?], offset: ?>>
// FB-NEXT: %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x4xf32>
// FB-NEXT: linalg.map { math.absf } ins(%arg0 : memref<?x4xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<?x4xf32>)
// FB-NEXT: %cast = memref.cast %alloc : memref<?x4xf32> to memref<?x4xf32, strided<[?, ?], offset: ?>>
// FB-NEXT: return %alloc : memref<?x4xf32>
// FB-NEXT: }
// FB-NEXT: }
// FB-EMPTY:
// ID: #map = affine_map<(d0, d1) -> (d0, d1)>
// ID-NEXT: #map1 = affine_map<(d0, d1) -> (d1, d0)>
// ID-NEXT: module {
// ID-NEXT: func.func @matmul(%arg0: memref<4x8xf32>, %arg1: memref<8x16xf32>) -> memref<4x16xf32> {
// ID-NEXT: %cst = arith.constant 0.000000e+00 : f32
// ID-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
// ID-NEXT: linalg.fill ins(%cst : f32) outs(%alloc : memref<4x16xf32>)
// ID-NEXT: linalg.matmul ins(%arg0, %arg1 : memref<4x8xf32>, memref<8x16xf32>) outs(%alloc : memref<4x16xf32>)
// ID-NEXT: return %alloc : memref<4x16xf32>
// ID-NEXT: }
// ID-NEXT: func.func @slices(%arg0: memref<8xf32>, %arg1: f32) -> (memref<8xf32>, f32) {
// ID-NEXT: %c0 = arith.constant 0 : index
// ID-NEXT: %subview = memref.subview %arg0[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
// ID-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// ID-NEXT: linalg.fill ins(%arg1 : f32) outs(%alloc : memref<4xf32>)
// ID-NEXT: %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// ID-NEXT: memref.copy %arg0, %alloc_0 : memref<8xf32> to memref<8xf32>
// ID-NEXT: %subview_1 = memref.subview %alloc_0[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
// ID-NEXT: memref.copy %alloc, %subview_1 : memref<4xf32> to memref<4xf32, strided<[1], offset: 2>>
// ID-NEXT: %0 = memref.load %arg0[%c0] : memref<8xf32>
// ID-NEXT: return %alloc_0, %0 : memref<8xf32>, f32
// ID-NEXT: }
// ID-NEXT: func.func @inplace(%arg0: memref<8xf32>, %arg1: f32) -> memref<8xf32> {
// ID-NEXT: %subview = memref.subview %arg0[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
// ID-NEXT: linalg.fill ins(%arg1 : f32) outs(%subview : memref<4xf32, strided<[1], offset: 2>>)
// ID-NEXT: %subview_0 = memref.subview %arg0[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
// ID-NEXT: memref.copy %subview, %subview_0 : memref<4xf32, strided<[1], offset: 2>> to memref<4xf32, strided<[1], offset: 2>>
// ID-NEXT: return %arg0 : memref<8xf32>
// ID-NEXT: }
// ID-NEXT: func.func @chain(%arg0: memref<4x4xi32>, %arg1: memref<4x4xi32>) -> (memref<4x4xi32>, memref<4x4xi32>) {
// ID-NEXT: %c0 = arith.constant 0 : index
// ID-NEXT: %c7_i32 = arith.constant 7 : i32
// ID-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x4xi32>
// ID-NEXT: %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4x4xi32>
// ID-NEXT: memref.copy %arg0, %alloc_0 : memref<4x4xi32> to memref<4x4xi32>
// ID-NEXT: linalg.matmul ins(%arg0, %arg1 : memref<4x4xi32>, memref<4x4xi32>) outs(%alloc_0 : memref<4x4xi32>)
// ID-NEXT: memref.store %c7_i32, %alloc_0[%c0, %c0] : memref<4x4xi32>
// ID-NEXT: linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_0 : memref<4x4xi32>) outs(%alloc : memref<4x4xi32>) {
// ID-NEXT: ^bb0(%in: i32, %out: i32):
// ID-NEXT: %0 = arith.addi %in, %in : i32
// ID-NEXT: linalg.yield %0 : i32
// ID-NEXT: }
// ID-NEXT: return %alloc, %alloc_0 : memref<4x4xi32>, memref<4x4xi32>
// ID-NEXT: }
// ID-NEXT: func.func @insert_conflict(%arg0: memref<4xi32>, %arg1: i32) -> (memref<4xi32>, i32) {
// ID-NEXT: %c1 = arith.constant 1 : index
// ID-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
// ID-NEXT: memref.copy %arg0, %alloc : memref<4xi32> to memref<4xi32>
// ID-NEXT: memref.store %arg1, %alloc[%c1] : memref<4xi32>
// ID-NEXT: %0 = memref.load %arg0[%c1] : memref<4xi32>
// ID-NEXT: return %alloc, %0 : memref<4xi32>, i32
// ID-NEXT: }
// ID-NEXT: func.func @insert_free(%arg0: i32) -> memref<4xi32> {
// ID-NEXT: %c1 = arith.constant 1 : index
// ID-NEXT: %c0_i32 = arith.constant 0 : i32
// ID-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
// ID-NEXT: linalg.fill ins(%c0_i32 : i32) outs(%alloc : memref<4xi32>)
// ID-NEXT: memref.store %arg0, %alloc[%c1] : memref<4xi32>
// ID-NEXT: return %alloc : memref<4xi32>
// ID-NEXT: }
// ID-NEXT: func.func @buffers(%arg0: memref<4xf32>, %arg1: memref<4xf32>) {
// ID-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// ID-NEXT: linalg.map { math.absf } ins(%arg0 : memref<4xf32>) outs(%alloc : memref<4xf32>)
// ID-NEXT: memref.copy %alloc, %arg1 : memref<4xf32> to memref<4xf32>
// ID-NEXT: return
// ID-NEXT: }
// ID-NEXT: func.func @elementwise_in_place(%arg0: memref<8xf32>, %arg1: memref<8xf32>) -> memref<8xf32> {
// ID-NEXT: linalg.map { arith.addf } ins(%arg0, %arg1 : memref<8xf32>, memref<8xf32>) outs(%arg0 : memref<8xf32>)
// ID-NEXT: return %arg0 : memref<8xf32>
// ID-NEXT: }
// ID-NEXT: func.func @dynamic(%arg0: memref<?x4xf32>) -> memref<?x4xf32> {
// ID-NEXT: %c0 = arith.constant 0 : index
// ID-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x4xf32>
// ID-NEXT: %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x4xf32>
// ID-NEXT: linalg.map { math.absf } ins(%arg0 : memref<?x4xf32>) outs(%alloc : memref<?x4xf32>)
// ID-NEXT: return %alloc : memref<?x4xf32>
// ID-NEXT: }
// ID-NEXT: }
// ID-EMPTY:

// one-shot-bufferize: tensors become memrefs, written in place where the
// program allows (output as mlir-opt 22's), and the functions compute the
// same before and after on random inputs, with and without bufferizing
// function boundaries.
// RUN: strata-opt %s --one-shot-bufferize | FileCheck %s
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s --check-prefix=FB
// RUN: strata-opt %s "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s --check-prefix=ID
// RUN: strata-opt %s --one-shot-bufferize --verify-equivalence --equivalence-trials=4 > /dev/null
// RUN: strata-opt %s --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries})" --verify-equivalence --equivalence-trials=4 > /dev/null
// RUN: strata-opt %s --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries},convert-linalg-to-loops)" --verify-equivalence > /dev/null
// REQUIRES: mlir-opt
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries | %mlir-accepts > /dev/null

// tensor.empty becomes an allocation that fill and matmul write in place.
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %m : tensor<4x16xf32>
}

// The slice is filled in a new buffer: %t is read again afterwards.
func.func @slices(%t: tensor<8xf32>, %v: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %t[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %f into %t[2] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %x = tensor.extract %t[%c0] : tensor<8xf32>
  return %r, %x : tensor<8xf32>, f32
}

// A matching extract_slice/insert_slice pair writes the slice in place (with
// function boundaries, where the argument is writable).
func.func @inplace(%t: tensor<8xf32>, %v: f32) -> tensor<8xf32> {
  %s = tensor.extract_slice %t[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %f into %t[2] [4] [1] : tensor<4xf32> into tensor<8xf32>
  return %r : tensor<8xf32>
}

// matmul may not write %a in place while reading it; the insert may write the
// matmul's fresh buffer.
func.func @chain(%a: tensor<4x4xi32>, %b: tensor<4x4xi32>) -> (tensor<4x4xi32>, tensor<4x4xi32>) {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : i32
  %e = tensor.empty() : tensor<4x4xi32>
  %m = linalg.matmul ins(%a, %b : tensor<4x4xi32>, tensor<4x4xi32>) outs(%a : tensor<4x4xi32>) -> tensor<4x4xi32>
  %i = tensor.insert %c7 into %m[%c0, %c0] : tensor<4x4xi32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]} ins(%i : tensor<4x4xi32>) outs(%e : tensor<4x4xi32>) {
  ^bb0(%x: i32, %y: i32):
    %z = arith.addi %x, %x : i32
    linalg.yield %z : i32
  } -> tensor<4x4xi32>
  return %g, %i : tensor<4x4xi32>, tensor<4x4xi32>
}

// tensor.insert copies its destination when the old value is read later.
func.func @insert_conflict(%t: tensor<4xi32>, %v: i32) -> (tensor<4xi32>, i32) {
  %c1 = arith.constant 1 : index
  %r = tensor.insert %v into %t[%c1] : tensor<4xi32>
  %old = tensor.extract %t[%c1] : tensor<4xi32>
  return %r, %old : tensor<4xi32>, i32
}
func.func @insert_free(%v: i32) -> tensor<4xi32> {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<4xi32>
  %f = linalg.fill ins(%c0 : i32) outs(%e : tensor<4xi32>) -> tensor<4xi32>
  %r = tensor.insert %v into %f[%c1] : tensor<4xi32>
  return %r : tensor<4xi32>
}

// to_tensor/materialize_in_destination fold onto the memrefs.
func.func @buffers(%m: memref<4xf32>, %out: memref<4xf32>) {
  %t = bufferization.to_tensor %m restrict : memref<4xf32> to tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %n = linalg.map { math.absf } ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>)
  bufferization.materialize_in_destination %n in restrict writable %out : (tensor<4xf32>, memref<4xf32>) -> ()
  return
}

// An elementwise op may overwrite an operand it reads, but a to_buffer of an
// argument is not writable.
func.func @elementwise_in_place(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.map { arith.addf } ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%a : tensor<8xf32>)
  return %r : tensor<8xf32>
}
func.func @dynamic(%t: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%d) : tensor<?x4xf32>
  %r = linalg.map { math.absf } ins(%t : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>)
  return %r : tensor<?x4xf32>
}
