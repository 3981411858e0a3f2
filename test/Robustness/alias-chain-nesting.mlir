// An alias stands for its whole definition, so the levels its definition
// nests count against the parser's nesting limit (128) where it is used.
// A chain `!t1 = tuple<!t0>`, `!t2 = tuple<!t1>`, ... of 100,000 aliases
// (types or attributes) used to pass the limit, build a value nested
// 100,000 deep and overflow the printer's stack; a chain of 200 printed
// text that no longer parsed. Now the first alias past the limit is a
// located error, and every chain the parser accepts prints as mlir-opt 22
// prints it and parses again. (mlir-opt 22 itself overflows its stack on
// the 100,000-long chains.)
//
// RUN: python3 -c "print('!t0 = tuple<i32>'); [print(f'!t{i} = tuple<!t{i-1}>') for i in range(1, 100000)]; print('func.func private @f(!t99999)')" > %t.types.mlir
// RUN: not strata-opt %t.types.mlir 2>&1 | FileCheck %s --check-prefix=TYPES
// TYPES: types.mlir:128:15: error: nesting too deep: more than 128 levels of regions, attributes, types or locations
// TYPES-NEXT: !t127 = tuple<!t126>
// TYPES-NEXT: {{^              \^$}}
//
// RUN: python3 -c "print('#a0 = [1]'); [print(f'#a{i} = [#a{i-1}]') for i in range(1, 100000)]; print('func.func private @f() attributes {x = #a99999}')" > %t.attrs.mlir
// RUN: not strata-opt %t.attrs.mlir 2>&1 | FileCheck %s --check-prefix=ATTRS
// ATTRS: attrs.mlir:128:10: error: nesting too deep: more than 128 levels of regions, attributes, types or locations
//
// A chain within the limit, used where it still fits and where it does
// not: 62 aliases, 64 tuples more around the last, one more is too deep.
// RUN: python3 -c "print('!t0 = tuple<i32>'); [print(f'!t{i} = tuple<!t{i-1}>') for i in range(1, 62)]; print('#a0 = [1]'); [print(f'#a{i} = [#a{i-1}]') for i in range(1, 62)]; print('func.func private @f(!t61) attributes {x = #a61}'); print('func.func private @g(' + 'tuple<' * 64 + '!t61' + '>' * 64 + ')')" > %t.fits.mlir
// RUN: strata-opt %t.fits.mlir > %t.fits.out
// RUN: strata-opt %t.fits.out | diff %t.fits.out -
// RUN: FileCheck %s --check-prefix=FITS < %t.fits.out
// FITS: func.func private @f(tuple<tuple<tuple<
// FITS-SAME: attributes {x = {{\[\[\[+1\]+}}}
// FITS: func.func private @g(tuple<tuple<tuple<
// RUN: python3 -c "print('!t0 = tuple<i32>'); [print(f'!t{i} = tuple<!t{i-1}>') for i in range(1, 62)]; print('func.func private @g(' + 'tuple<' * 65 + '!t61' + '>' * 65 + ')')" > %t.over.mlir
// RUN: not strata-opt %t.over.mlir 2>&1 | FileCheck %s --check-prefix=OVER
// OVER: over.mlir:63:1: error: nesting too deep: {{.*}} inside the implicit top-level module
//
// The implicit top-level module the printer writes counts too: a module
// at the limit is fine as the file's one op, one level too deep beside
// another op.
// RUN: python3 -c "print('module {'); print('func.func private @f(' + 'tuple<' * 126 + 'i32' + '>' * 126 + ')'); print('}')" > %t.explicit.mlir
// RUN: strata-opt %t.explicit.mlir | strata-opt > /dev/null
// RUN: cat %t.explicit.mlir %t.explicit.mlir > %t.implicit.mlir
// RUN: not strata-opt %t.implicit.mlir 2>&1 | FileCheck %s --check-prefix=IMPLICIT
// IMPLICIT: implicit.mlir:1:1: error: nesting too deep: more than 128 levels of regions, attributes, types or locations inside the implicit top-level module
// REQUIRES: mlir-opt
// RUN: mlir-opt %t.fits.mlir | diff %t.fits.out -
