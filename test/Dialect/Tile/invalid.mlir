// Verifier errors of the tile dialect.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

func.func @bad_scope(%x: tensor<4xf32>) {
  tile.tree {
    tile.tile attributes {level = 0 : i64, loops = ["i:4"]} {
      // expected-error@+1 {{'tile.scope' op unknown scope 'fused' (expected seq, shar, para or pipe)}}
      tile.scope "fused" {
        tile.leaf {
          %0 = arith.addf %x, %x : tensor<4xf32>
        }
        tile.leaf {
          %1 = arith.addf %x, %x : tensor<4xf32>
        }
      }
    }
  }
  return
}

// -----

func.func @bad_loop(%x: tensor<4xf32>) {
  tile.tree {
    // expected-error@+1 {{'tile.tile' op bad loop 'i:0' (expected 'dim:extent' or 'Sp dim:extent', extent > 0)}}
    tile.tile attributes {level = 0 : i64, loops = ["i:0"]} {
      tile.leaf {
        %0 = arith.addf %x, %x : tensor<4xf32>
      }
    }
  }
  return
}

// -----

func.func @level_above_parent(%x: tensor<4xf32>) {
  tile.tree {
    tile.tile attributes {level = 0 : i64, loops = ["i:2"]} {
      // expected-error@+1 {{'tile.tile' op is bound to level 1, above its enclosing tile's level 0}}
      tile.tile attributes {level = 1 : i64, loops = ["i:2"]} {
        tile.leaf {
          %0 = arith.addf %x, %x : tensor<4xf32>
        }
      }
    }
  }
  return
}

// -----

func.func @empty_leaf() {
  tile.tree {
    tile.tile attributes {level = 0 : i64, loops = []} {
      // expected-error@+1 {{'tile.leaf' op expects exactly one computing op}}
      tile.leaf {
      }
    }
  }
  return
}

// -----

func.func @unknown_arch(%x: tensor<4xf32>) {
  // expected-error@+1 {{'tile.tree' op unknown architecture 'tpu' (edge, cloud, rtl, host)}}
  tile.tree attributes {arch = "tpu"} {
    tile.tile attributes {level = 0 : i64, loops = []} {
      tile.leaf {
        %0 = arith.addf %x, %x : tensor<4xf32>
      }
    }
  }
  return
}
