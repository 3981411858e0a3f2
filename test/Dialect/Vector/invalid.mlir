// RUN: strata-opt --split-input-file --verify-diagnostics %s

// Verifier messages as mlir-opt 22 prints them.

func.func @a(%v: vector<4xf32>) {
  // expected-error @+1 {{'vector.broadcast' op dimension mismatch (4 vs. 3)}}
  %0 = vector.broadcast %v : vector<4xf32> to vector<3xf32>
 return }
// -----
func.func @b(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.broadcast' op source rank higher than destination rank}}
  %0 = vector.broadcast %v : vector<2x4xf32> to vector<4xf32>
 return }
// -----
func.func @c(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.shape_cast' op has different number of elements at source (8) and result (7)}}
  %0 = vector.shape_cast %v : vector<2x4xf32> to vector<7xf32>
 return }
// -----
func.func @d(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.extract' op expected position attribute of rank no greater than vector rank}}
  %0 = vector.extract %v[0, 1, 2] : f32 from vector<2x4xf32>
 return }
// -----
func.func @e(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %0 = vector.extract %v[3] : vector<4xf32> from vector<2x4xf32>
 return }
// -----
func.func @g(%v: vector<2x4xf32>, %f: f32) {
  // expected-error @+1 {{'vector.insert' op expected position attribute #1 to be a non-negative integer smaller than the corresponding dest vector dimension}}
  %0 = vector.insert %f, %v[2, 0] : f32 into vector<2x4xf32>
 return }
// -----
func.func @h(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction rank: 2}}
  %0 = vector.reduction <add>, %v : vector<2x4xf32> into f32
 return }
// -----
func.func @i(%v: vector<4xf32>) {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction type ''f32'' for kind 'xor'}}
  %0 = vector.reduction <xor>, %v : vector<4xf32> into f32
 return }
// -----
func.func @j(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.transpose' op transposition length mismatch: 1}}
  %0 = vector.transpose %v, [1] : vector<2x4xf32> to vector<4x2xf32>
 return }
// -----
func.func @k(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.transpose' op dimension size mismatch at: 0}}
  %0 = vector.transpose %v, [1, 0] : vector<2x4xf32> to vector<4x3xf32>
 return }
// -----
func.func @m(%m: memref<8x8xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires 2 indices}}
  %0 = vector.transfer_read %m[%i], %f : memref<8x8xf32>, vector<4xf32>
 return }
// -----
func.func @n(%m: memref<8x8xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires a permutation_map with input dims of the same rank as the source type}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0) -> (d0)>} : memref<8x8xf32>, vector<4xf32>
 return }
// -----
func.func @o(%m: memref<8x8xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'vector.transfer_read' op expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0, d1) -> (d1)> vs inBounds of size: 2}}
  %0 = vector.transfer_read %m[%i, %i], %f {in_bounds = [true, true]} : memref<8x8xf32>, vector<4xf32>
 return }
// -----
func.func @p(%a: vector<2x4xf32>, %b: vector<4x3xf32>, %c: vector<2x2xf32>) {
  // expected-error @+1 {{'vector.contract' op invalid accumulator/result vector shape, expected: 'vector<2x3xf32>'}}
  %0 = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<2x4xf32>, vector<4x3xf32> into vector<2x2xf32>
 return }
// -----
func.func @q(%a: vector<2x4xf32>, %b: vector<4x3xf32>, %c: vector<2x3xf32>) {
  // expected-error @+1 {{'vector.contract' op expected an indexing map for each vector operand}}
  %0 = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<2x4xf32>, vector<4x3xf32> into vector<2x3xf32>
 return }
// -----
func.func @r(%a: vector<2x4xf32>, %b: vector<4x3xf32>, %c: vector<2x3xf32>) {
  // expected-error @+1 {{'vector.contract' op expected at least one contracting dimension pair}}
  %0 = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "parallel"]} %a, %b, %c : vector<2x4xf32>, vector<4x3xf32> into vector<2x3xf32>
 return }
// -----
func.func @s(%a: vector<2x4xf32>, %b: vector<5x3xf32>, %c: vector<2x3xf32>) {
  // expected-error @+1 {{'vector.contract' op invalid contracting dimension map}}
  %0 = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<2x4xf32>, vector<5x3xf32> into vector<2x3xf32>
 return }
// -----
func.func @t(%m: memref<8x8xf32>, %i: index) {
  // expected-error @+1 {{'vector.load' op requires 2 indices}}
  %0 = vector.load %m[%i] : memref<8x8xf32>, vector<4xf32>
 return }
// -----
func.func @u(%m: memref<8x8xf32>, %i: index) {
  // expected-error @+1 {{'vector.load' op base and result element types should match}}
  %0 = vector.load %m[%i, %i] : memref<8x8xf32>, vector<4xi32>
 return }
