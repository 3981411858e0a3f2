module attributes {m = 1} {
  "t.outer"() ({
    %0 = "t.def"() : () -> i32
    "t.inner"() ({
    ^bb0(%a: i32, %b: f32):
      %1 = "t.use"(%0, %a) : (i32, i32) -> i32
      "t.yield"(%1) : (i32) -> ()
    }, {
    }) : () -> ()
    "t.end"() : () -> ()
  }) : () -> ()
  module @named {
  }
}
