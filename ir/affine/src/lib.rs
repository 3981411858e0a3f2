//! MLIR's affine algebra as plain Rust values.
//!
//! Affine expressions, maps and integer sets are the vocabulary of loop
//! transformations: `affine_map<(d0, d1)[s0] -> (d0 + s0, d1 floordiv 4)>`
//! describes an index computation that the compiler can reason about
//! exactly. This crate owns that algebra — construction with MLIR's
//! simplifications, printing, parsing, composition, simplification and
//! evaluation — and nothing else. It has no dependency on the IR: the IR
//! crate wraps these values in uniqued attributes, which is why every type
//! here is an immutable `Clone + Eq + Hash + Debug` value that is cheap to
//! compare.
//!
//! Strata's textual format must be byte-compatible with MLIR 22, and the
//! printed form of an affine map is the printed form of the expression tree
//! MLIR *builds* while parsing, after its on-the-fly simplifications. So the
//! rewrite rules in [`expr`], the printer and the parser mirror MLIR's
//! `AffineExpr.cpp`, `AsmPrinter.cpp` and `AffineParser.cpp` rule for rule;
//! where MLIR would assert or silently miscompute, this crate returns an
//! error or leaves the expression alone, and says so in the item docs.
//!
//! Upstream history that affects printed output: the dims-before-symbols
//! operand order for `+`/`*` of two leaves (llvm-project#146895) is
//! implemented, and so is the fix that stops `x + (x floordiv c - c)` from
//! becoming `x mod c` (#181613). Not implemented: the
//! `(a + x) - (x floordiv c) * c => a + x mod c` rule (#146492) and the
//! `x mod x => 0` family (#182234).
//!
//! ```
//! use strata_affine::{parse_affine_map, AffineExpr};
//!
//! let map = parse_affine_map("(i, j)[N] -> (i + N, 4 * j + 2 - 2)").unwrap();
//! assert_eq!(map.to_string(), "(d0, d1)[s0] -> (d0 + s0, d1 * 4)");
//! assert_eq!(map.eval(&[1, 2], &[10]).unwrap(), vec![11, 8]);
//!
//! let e = AffineExpr::dim(0) - AffineExpr::dim(1) * 2;
//! assert_eq!(e.to_string(), "d0 - d1 * 2");
//! ```

pub mod expr;
pub mod map;
pub mod parser;
pub mod set;
mod simplify;

pub use expr::{AffineBinaryExpr, AffineBinaryOp, AffineExpr, EvalError};
pub use map::{AffineMap, AffineMapError};
pub use parser::{
    parse_affine_expr, parse_affine_expr_prefix_with, parse_affine_expr_with, parse_affine_map,
    parse_affine_map_or_set, parse_integer_set, AffineParseError, MapOrSet, MAX_EXPR_DEPTH,
    MAX_NESTING_DEPTH,
};
pub use set::IntegerSet;
