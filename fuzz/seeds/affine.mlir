#map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2 - 1, d0 floordiv 4, d1 ceildiv 3, (d0 + d1) mod 7)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 3)>
"t.affine"() {m = #map, s = #set, id = affine_map<() -> (0)>, e = affine_map<(d0) -> ()>} : () -> memref<16x8xf32, affine_map<(i, j) -> (j, i)>>
