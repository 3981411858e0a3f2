"t.cfg"() ({
^entry(%arg0: i32):
  %c:2 = "t.pair"(%arg0) : (i32) -> (i32, i1)
  "t.cond_br"(%c#1, %c#0, %arg0)[^then, ^else] {operandSegmentSizes = array<i32: 1, 1, 1>} : (i1, i32, i32) -> ()
^then(%x: i32):
  "t.br"(%x)[^exit] : (i32) -> ()
^else(%y: i32):
  "t.br"(%fwd)[^exit] : (i32) -> ()
^exit(%z: i32):
  %fwd = "t.late"() : () -> i32
  "t.return"(%z) : (i32) -> ()
}) : () -> ()
