#loc = loc("file.mlir":3:4)
"t.locs"() ({
^bb0(%a: i32 loc("arg.mlir":1:2)):
  "t.x"() : () -> () loc(unknown)
  "t.y"() : () -> () loc("name")
  "t.z"() : () -> () loc("name"("inner.mlir":7:8))
  "t.w"() : () -> () loc(callsite("callee" at "caller.mlir":1:1))
  "t.v"() : () -> () loc(fused["a.mlir":1:1, "b.mlir":2:2])
  "t.u"() : () -> () loc(fused<"meta">[unknown])
  "t.r"() : () -> () loc("range.mlir":1:2 to 3:4)
  "t.q"() : () -> () loc(#loc)
}) : () -> () loc(#loc)
