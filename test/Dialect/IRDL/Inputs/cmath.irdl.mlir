// A small complex-math dialect, in MLIR's IRDL. The assembly_format
// attributes are Strata's extension; MLIR ignores them.
irdl.dialect @cmath {
  irdl.type @complex {
    %0 = irdl.is f32
    %1 = irdl.is f64
    %2 = irdl.any_of(%0, %1)
    irdl.parameters(elem: %2)
  }

  irdl.operation @norm attributes {assembly_format = "$in attr-dict `:` type($in)"} {
    %0 = irdl.any
    %1 = irdl.parametric @cmath::@complex<%0>
    irdl.operands(in: %1)
    irdl.results(out: %0)
  }

  irdl.operation @mul attributes {assembly_format = "$lhs `,` $rhs attr-dict `:` type($res)"} {
    %0 = irdl.is f32
    %1 = irdl.is f64
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @cmath::@complex<%2>
    irdl.operands(lhs: %3, rhs: %3)
    irdl.results(res: %3)
  }

  irdl.operation @scale {
    %0 = irdl.base "!builtin.integer"
    %1 = irdl.any
    irdl.operands(factors: variadic %0)
    irdl.attributes {"scale" = %1}
  }
}
