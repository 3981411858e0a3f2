//! Affine expressions: the tree, its smart constructors and its queries.
//!
//! MLIR never stores an affine expression exactly as written: every binary
//! node is built through a simplifying constructor (`AffineExpr::operator+`
//! and friends in `AffineExpr.cpp`) that folds constants, moves constants
//! and symbolic terms to the right, merges `(x + c1) + c2`, turns
//! `x - (x floordiv q) * q` into `x mod q`, and so on. Because the printed
//! form of a map is the printed form of that *simplified* tree, byte-for-byte
//! compatibility with MLIR's textual format depends on applying exactly the
//! same rewrites, in exactly the same order. That is why the only way to make
//! a binary node here is through [`AffineExpr::binary`] (or the operator
//! traits and named methods that call it): the node type's fields are
//! private, so a tree that MLIR could never produce cannot be built.
//!
//! Expressions are immutable values. Binary nodes are shared through [`Arc`],
//! so cloning is cheap, equality first checks pointer identity, and trees can
//! cross threads. Each binary node also records its depth so that callers
//! that receive untrusted text (the parser) can refuse trees deep enough to
//! exhaust the stack of the recursive algorithms in this crate.
//!
//! Arithmetic on constants wraps on overflow (two's complement), which is
//! what MLIR's `int64_t` folding does in practice.

use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::map::AffineMap;

/// The five binary operators of the affine algebra.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AffineBinaryOp {
    /// `lhs + rhs`.
    Add,
    /// `lhs * rhs`; affine only when one side is symbolic or constant.
    Mul,
    /// `lhs mod rhs`, the non-negative remainder for positive `rhs`.
    Mod,
    /// `lhs floordiv rhs`, division rounding towards negative infinity.
    FloorDiv,
    /// `lhs ceildiv rhs`, division rounding towards positive infinity.
    CeilDiv,
}

impl AffineBinaryOp {
    /// The keyword or symbol MLIR prints between the operands.
    pub fn spelling(self) -> &'static str {
        match self {
            AffineBinaryOp::Add => "+",
            AffineBinaryOp::Mul => "*",
            AffineBinaryOp::Mod => "mod",
            AffineBinaryOp::FloorDiv => "floordiv",
            AffineBinaryOp::CeilDiv => "ceildiv",
        }
    }
}

/// A binary node. Its fields are private so that it can only be created by
/// the simplifying constructors of [`AffineExpr`].
#[derive(Debug)]
pub struct AffineBinaryExpr {
    op: AffineBinaryOp,
    lhs: AffineExpr,
    rhs: AffineExpr,
    depth: u32,
}

impl AffineBinaryExpr {
    /// The operator of this node.
    pub fn op(&self) -> AffineBinaryOp {
        self.op
    }
    /// The left operand.
    pub fn lhs(&self) -> &AffineExpr {
        &self.lhs
    }
    /// The right operand.
    pub fn rhs(&self) -> &AffineExpr {
        &self.rhs
    }
}

impl PartialEq for AffineBinaryExpr {
    fn eq(&self, other: &Self) -> bool {
        self.op == other.op
            && self.depth == other.depth
            && self.lhs == other.lhs
            && self.rhs == other.rhs
    }
}
impl Eq for AffineBinaryExpr {}

// Equality is structural (with a pointer shortcut), so hashing is too; the
// depth is a function of the operands and need not be hashed.
impl Hash for AffineBinaryExpr {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.op.hash(state);
        self.lhs.hash(state);
        self.rhs.hash(state);
    }
}

/// An affine expression over dimensions `d0, d1, ...`, symbols `s0, s1, ...`
/// and 64-bit integer constants.
///
/// Match on the variants to inspect an expression; build binary expressions
/// with the operator traits (`+`, `-`, `*`, `%`, unary `-`) or
/// [`floor_div`](Self::floor_div) / [`ceil_div`](Self::ceil_div), all of
/// which simplify exactly as MLIR does.
#[derive(Clone, Debug)]
pub enum AffineExpr {
    /// Dimension `d<pos>`.
    Dim(usize),
    /// Symbol `s<pos>`.
    Symbol(usize),
    /// An integer constant.
    Constant(i64),
    /// A binary operation, built only through the simplifying constructors.
    Binary(Arc<AffineBinaryExpr>),
}

impl PartialEq for AffineExpr {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (AffineExpr::Dim(a), AffineExpr::Dim(b)) => a == b,
            (AffineExpr::Symbol(a), AffineExpr::Symbol(b)) => a == b,
            (AffineExpr::Constant(a), AffineExpr::Constant(b)) => a == b,
            (AffineExpr::Binary(a), AffineExpr::Binary(b)) => Arc::ptr_eq(a, b) || **a == **b,
            _ => false,
        }
    }
}
impl Eq for AffineExpr {}

impl Hash for AffineExpr {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        match self {
            AffineExpr::Dim(p) | AffineExpr::Symbol(p) => p.hash(state),
            AffineExpr::Constant(value) => value.hash(state),
            AffineExpr::Binary(binary) => binary.hash(state),
        }
    }
}

impl PartialEq<i64> for AffineExpr {
    fn eq(&self, other: &i64) -> bool {
        self.as_constant() == Some(*other)
    }
}

/// Errors from evaluating an affine expression on concrete integers.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// `floordiv` or `ceildiv` by zero (MLIR folds this to poison).
    #[error("division by zero")]
    DivisionByZero,
    /// `mod` by a value smaller than one (MLIR folds this to poison).
    #[error("modulo by non-positive value {0}")]
    NonPositiveModulus(i64),
    /// The expression names `d<position>` but fewer dimension values were given.
    #[error("dimension d{position} is out of range: {available} dimension values given")]
    DimOutOfRange { position: usize, available: usize },
    /// The expression names `s<position>` but fewer symbol values were given.
    #[error("symbol s{position} is out of range: {available} symbol values given")]
    SymbolOutOfRange { position: usize, available: usize },
    /// A map or set was evaluated with the wrong number of operands.
    #[error("expected {expected_dims} dimension and {expected_symbols} symbol values, got {dims} and {symbols}")]
    OperandCountMismatch {
        expected_dims: usize,
        expected_symbols: usize,
        dims: usize,
        symbols: usize,
    },
}

/// Floor division of `lhs` by `rhs` (`rhs != 0`), wrapping on `MIN / -1`.
pub(crate) fn floor_div_i64(lhs: i64, rhs: i64) -> i64 {
    let quotient = lhs.wrapping_div(rhs);
    if lhs.wrapping_rem(rhs) != 0 && ((lhs < 0) != (rhs < 0)) {
        quotient.wrapping_sub(1)
    } else {
        quotient
    }
}

/// Ceiling division of `lhs` by `rhs` (`rhs != 0`), wrapping on `MIN / -1`.
pub(crate) fn ceil_div_i64(lhs: i64, rhs: i64) -> i64 {
    let quotient = lhs.wrapping_div(rhs);
    if lhs.wrapping_rem(rhs) != 0 && ((lhs < 0) == (rhs < 0)) {
        quotient.wrapping_add(1)
    } else {
        quotient
    }
}

/// The non-negative remainder of `lhs` modulo a positive `rhs`.
pub(crate) fn mod_i64(lhs: i64, rhs: i64) -> i64 {
    lhs.wrapping_rem(rhs).wrapping_add(rhs).wrapping_rem(rhs)
}

fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl AffineExpr {
    /// The dimension `d<position>`.
    pub fn dim(position: usize) -> Self {
        AffineExpr::Dim(position)
    }

    /// The symbol `s<position>`.
    pub fn symbol(position: usize) -> Self {
        AffineExpr::Symbol(position)
    }

    /// The constant `value`.
    pub fn constant(value: i64) -> Self {
        AffineExpr::Constant(value)
    }

    /// Builds `lhs op rhs`, simplifying exactly like MLIR's
    /// `getAffineBinaryOpExpr`.
    ///
    /// A product of two non-symbolic operands is not affine; MLIR's parser
    /// rejects it, and here it is kept as an unsimplified node.
    pub fn binary(op: AffineBinaryOp, lhs: AffineExpr, rhs: AffineExpr) -> Self {
        let simplified = match op {
            AffineBinaryOp::Add => simplify_add(&lhs, &rhs),
            AffineBinaryOp::Mul => simplify_mul(&lhs, &rhs),
            AffineBinaryOp::FloorDiv => simplify_floor_div(&lhs, &rhs),
            AffineBinaryOp::CeilDiv => simplify_ceil_div(&lhs, &rhs),
            AffineBinaryOp::Mod => simplify_mod(&lhs, &rhs),
        };
        match simplified {
            Some(expr) => expr,
            None if matches!(op, AffineBinaryOp::Add | AffineBinaryOp::Mul)
                && matches!((leaf_order(&lhs), leaf_order(&rhs)), (Some(l), Some(r)) if r < l) =>
            {
                Self::raw(op, rhs, lhs)
            }
            None => Self::raw(op, lhs, rhs),
        }
    }

    /// Builds a node without simplification. Only the simplifying
    /// constructors may call this.
    fn raw(op: AffineBinaryOp, lhs: AffineExpr, rhs: AffineExpr) -> Self {
        let depth = 1 + lhs.depth().max(rhs.depth());
        AffineExpr::Binary(Arc::new(AffineBinaryExpr {
            op,
            lhs,
            rhs,
            depth,
        }))
    }

    /// `self floordiv rhs`.
    pub fn floor_div(&self, rhs: impl Into<AffineExpr>) -> Self {
        Self::binary(AffineBinaryOp::FloorDiv, self.clone(), rhs.into())
    }

    /// `self ceildiv rhs`.
    pub fn ceil_div(&self, rhs: impl Into<AffineExpr>) -> Self {
        Self::binary(AffineBinaryOp::CeilDiv, self.clone(), rhs.into())
    }

    /// `self mod rhs` (also available as `%`).
    pub fn modulo(&self, rhs: impl Into<AffineExpr>) -> Self {
        Self::binary(AffineBinaryOp::Mod, self.clone(), rhs.into())
    }

    /// The value if this is a constant.
    pub fn as_constant(&self) -> Option<i64> {
        match self {
            AffineExpr::Constant(value) => Some(*value),
            _ => None,
        }
    }

    /// The position if this is a dimension.
    pub fn as_dim(&self) -> Option<usize> {
        match self {
            AffineExpr::Dim(position) => Some(*position),
            _ => None,
        }
    }

    /// The position if this is a symbol.
    pub fn as_symbol(&self) -> Option<usize> {
        match self {
            AffineExpr::Symbol(position) => Some(*position),
            _ => None,
        }
    }

    /// The node if this is a binary expression.
    pub fn as_binary(&self) -> Option<&AffineBinaryExpr> {
        match self {
            AffineExpr::Binary(binary) => Some(binary),
            _ => None,
        }
    }

    /// The node if this is a binary expression with operator `op`.
    fn as_binary_op(&self, op: AffineBinaryOp) -> Option<&AffineBinaryExpr> {
        self.as_binary().filter(|binary| binary.op == op)
    }

    /// The height of the tree: 0 for a leaf.
    pub fn depth(&self) -> u32 {
        match self {
            AffineExpr::Binary(binary) => binary.depth,
            _ => 0,
        }
    }

    /// True if the expression contains no dimension.
    pub fn is_symbolic_or_constant(&self) -> bool {
        match self {
            AffineExpr::Dim(_) => false,
            AffineExpr::Symbol(_) | AffineExpr::Constant(_) => true,
            AffineExpr::Binary(binary) => {
                binary.lhs.is_symbolic_or_constant() && binary.rhs.is_symbolic_or_constant()
            }
        }
    }

    /// True if multiplication, division and modulo only involve constants.
    pub fn is_pure_affine(&self) -> bool {
        match self {
            AffineExpr::Dim(_) | AffineExpr::Symbol(_) | AffineExpr::Constant(_) => true,
            AffineExpr::Binary(binary) => {
                let (lhs, rhs) = (&binary.lhs, &binary.rhs);
                match binary.op {
                    AffineBinaryOp::Add => lhs.is_pure_affine() && rhs.is_pure_affine(),
                    AffineBinaryOp::Mul => {
                        lhs.is_pure_affine()
                            && rhs.is_pure_affine()
                            && (lhs.as_constant().is_some() || rhs.as_constant().is_some())
                    }
                    AffineBinaryOp::FloorDiv | AffineBinaryOp::CeilDiv | AffineBinaryOp::Mod => {
                        lhs.is_pure_affine() && rhs.as_constant().is_some()
                    }
                }
            }
        }
    }

    /// True if every product has a symbolic or constant factor and every
    /// divisor is symbolic or constant: the expressions MLIR's parser accepts.
    pub fn is_semi_affine(&self) -> bool {
        match self {
            AffineExpr::Dim(_) | AffineExpr::Symbol(_) | AffineExpr::Constant(_) => true,
            AffineExpr::Binary(binary) => {
                let (lhs, rhs) = (&binary.lhs, &binary.rhs);
                let operands_ok = lhs.is_semi_affine() && rhs.is_semi_affine();
                operands_ok
                    && match binary.op {
                        AffineBinaryOp::Add => true,
                        AffineBinaryOp::Mul => {
                            lhs.is_symbolic_or_constant() || rhs.is_symbolic_or_constant()
                        }
                        _ => rhs.is_symbolic_or_constant(),
                    }
            }
        }
    }

    /// The greatest integer known to divide every value of the expression
    /// (MLIR's `getLargestKnownDivisor`).
    pub fn largest_known_divisor(&self) -> i64 {
        match self {
            AffineExpr::Dim(_) | AffineExpr::Symbol(_) => 1,
            AffineExpr::Constant(value) => value.wrapping_abs(),
            AffineExpr::Binary(binary) => match binary.op {
                AffineBinaryOp::FloorDiv | AffineBinaryOp::CeilDiv => {
                    match binary.rhs.as_constant() {
                        Some(divisor) if divisor != 0 => {
                            let lhs_divisor = binary.lhs.largest_known_divisor();
                            if lhs_divisor.wrapping_rem(divisor) == 0 {
                                lhs_divisor.wrapping_div(divisor)
                            } else {
                                1
                            }
                        }
                        _ => 1,
                    }
                }
                AffineBinaryOp::Mul => binary
                    .lhs
                    .largest_known_divisor()
                    .wrapping_mul(binary.rhs.largest_known_divisor()),
                AffineBinaryOp::Add | AffineBinaryOp::Mod => gcd_u64(
                    binary.lhs.largest_known_divisor() as u64,
                    binary.rhs.largest_known_divisor() as u64,
                ) as i64,
            },
        }
    }

    /// True if the expression is known to be a multiple of `factor`
    /// (MLIR's `isMultipleOf`). Only `0` is a multiple of `0`.
    pub fn is_multiple_of(&self, factor: i64) -> bool {
        if factor == 0 {
            return self.as_constant() == Some(0);
        }
        let divides = |value: i64| value.wrapping_rem(factor) == 0;
        match self {
            AffineExpr::Dim(_) | AffineExpr::Symbol(_) => factor == 1 || factor == -1,
            AffineExpr::Constant(value) => divides(*value),
            AffineExpr::Binary(binary) => {
                let lhs = binary.lhs.largest_known_divisor();
                let rhs = binary.rhs.largest_known_divisor();
                match binary.op {
                    AffineBinaryOp::Mul => {
                        divides(lhs) || divides(rhs) || divides(lhs.wrapping_mul(rhs))
                    }
                    _ => divides(gcd_u64(lhs as u64, rhs as u64) as i64),
                }
            }
        }
    }

    /// True if `d<position>` occurs in the expression.
    pub fn is_function_of_dim(&self, position: usize) -> bool {
        match self {
            AffineExpr::Dim(p) => *p == position,
            AffineExpr::Binary(b) => {
                b.lhs.is_function_of_dim(position) || b.rhs.is_function_of_dim(position)
            }
            _ => false,
        }
    }

    /// True if `s<position>` occurs in the expression.
    pub fn is_function_of_symbol(&self, position: usize) -> bool {
        match self {
            AffineExpr::Symbol(p) => *p == position,
            AffineExpr::Binary(b) => {
                b.lhs.is_function_of_symbol(position) || b.rhs.is_function_of_symbol(position)
            }
            _ => false,
        }
    }

    /// Calls `callback` on every node, children before parents.
    pub fn walk(&self, callback: &mut dyn FnMut(&AffineExpr)) {
        if let AffineExpr::Binary(binary) = self {
            binary.lhs.walk(callback);
            binary.rhs.walk(callback);
        }
        callback(self);
    }

    /// The number of dimensions and symbols needed to cover every position
    /// used: `(max dim + 1, max symbol + 1)`, zero when none is used.
    pub fn min_dims_and_symbols(&self) -> (usize, usize) {
        let (mut dims, mut symbols) = (0, 0);
        self.walk(&mut |expr| match expr {
            AffineExpr::Dim(p) => dims = dims.max(p + 1),
            AffineExpr::Symbol(p) => symbols = symbols.max(p + 1),
            _ => {}
        });
        (dims, symbols)
    }

    /// Substitutes `dims[i]` for `d<i>` and `symbols[i]` for `s<i>`,
    /// rebuilding with the simplifying constructors. Positions without a
    /// replacement are kept.
    pub fn replace_dims_and_symbols(&self, dims: &[AffineExpr], symbols: &[AffineExpr]) -> Self {
        match self {
            AffineExpr::Constant(_) => self.clone(),
            AffineExpr::Dim(p) => dims.get(*p).cloned().unwrap_or_else(|| self.clone()),
            AffineExpr::Symbol(p) => symbols.get(*p).cloned().unwrap_or_else(|| self.clone()),
            AffineExpr::Binary(binary) => {
                let lhs = binary.lhs.replace_dims_and_symbols(dims, symbols);
                let rhs = binary.rhs.replace_dims_and_symbols(dims, symbols);
                if lhs == binary.lhs && rhs == binary.rhs {
                    return self.clone();
                }
                Self::binary(binary.op, lhs, rhs)
            }
        }
    }

    /// Substitutes `dims[i]` for `d<i>`.
    pub fn replace_dims(&self, dims: &[AffineExpr]) -> Self {
        self.replace_dims_and_symbols(dims, &[])
    }

    /// Substitutes `symbols[i]` for `s<i>`.
    pub fn replace_symbols(&self, symbols: &[AffineExpr]) -> Self {
        self.replace_dims_and_symbols(&[], symbols)
    }

    /// Renames `d<i>` to `d<i + shift>` for `offset <= i < num_dims`.
    pub fn shift_dims(&self, num_dims: usize, shift: usize, offset: usize) -> Self {
        let dims: Vec<_> = (0..num_dims)
            .map(|i| AffineExpr::Dim(if i < offset { i } else { i + shift }))
            .collect();
        self.replace_dims(&dims)
    }

    /// Renames `s<i>` to `s<i + shift>` for `offset <= i < num_symbols`.
    pub fn shift_symbols(&self, num_symbols: usize, shift: usize, offset: usize) -> Self {
        let symbols: Vec<_> = (0..num_symbols)
            .map(|i| AffineExpr::Symbol(if i < offset { i } else { i + shift }))
            .collect();
        self.replace_symbols(&symbols)
    }

    /// Replaces every occurrence of a key of `map` (checked top-down) by its
    /// value, rebuilding with the simplifying constructors.
    pub fn replace(&self, map: &HashMap<AffineExpr, AffineExpr>) -> Self {
        if let Some(replacement) = map.get(self) {
            return replacement.clone();
        }
        match self {
            AffineExpr::Binary(binary) => {
                let lhs = binary.lhs.replace(map);
                let rhs = binary.rhs.replace(map);
                if lhs == binary.lhs && rhs == binary.rhs {
                    return self.clone();
                }
                Self::binary(binary.op, lhs, rhs)
            }
            _ => self.clone(),
        }
    }

    /// Substitutes the results of `map` for the dimensions (MLIR's
    /// `AffineExpr::compose`).
    pub fn compose(&self, map: &AffineMap) -> Self {
        self.replace_dims(&map.results)
    }

    /// Evaluates on concrete values with MLIR's constant-folding semantics:
    /// wrapping `+` and `*`, floor/ceil division by any non-zero value, and
    /// `mod` by positive values only.
    pub fn eval(&self, dims: &[i64], symbols: &[i64]) -> Result<i64, EvalError> {
        match self {
            AffineExpr::Constant(value) => Ok(*value),
            AffineExpr::Dim(p) => dims.get(*p).copied().ok_or(EvalError::DimOutOfRange {
                position: *p,
                available: dims.len(),
            }),
            AffineExpr::Symbol(p) => symbols.get(*p).copied().ok_or(EvalError::SymbolOutOfRange {
                position: *p,
                available: symbols.len(),
            }),
            AffineExpr::Binary(binary) => {
                let lhs = binary.lhs.eval(dims, symbols)?;
                let rhs = binary.rhs.eval(dims, symbols)?;
                match binary.op {
                    AffineBinaryOp::Add => Ok(lhs.wrapping_add(rhs)),
                    AffineBinaryOp::Mul => Ok(lhs.wrapping_mul(rhs)),
                    AffineBinaryOp::Mod if rhs < 1 => Err(EvalError::NonPositiveModulus(rhs)),
                    AffineBinaryOp::Mod => Ok(mod_i64(lhs, rhs)),
                    AffineBinaryOp::FloorDiv | AffineBinaryOp::CeilDiv if rhs == 0 => {
                        Err(EvalError::DivisionByZero)
                    }
                    AffineBinaryOp::FloorDiv => Ok(floor_div_i64(lhs, rhs)),
                    AffineBinaryOp::CeilDiv => Ok(ceil_div_i64(lhs, rhs)),
                }
            }
        }
    }

    /// Simplifies by flattening to a sum of products and rebuilding, like
    /// MLIR's `simplifyAffineExpr`. Returns the expression unchanged when it
    /// uses positions outside `num_dims` / `num_symbols`.
    pub fn simplify(&self, num_dims: usize, num_symbols: usize) -> Self {
        crate::simplify::simplify_affine_expr(self, num_dims, num_symbols)
    }

    /// Formats the expression with a custom spelling for dimensions and
    /// symbols, e.g. SSA names in `affine.load %A[%i + 1]`. The callback
    /// receives the position and whether it is a symbol.
    pub fn display_with<'a, F>(&'a self, names: F) -> impl fmt::Display + 'a
    where
        F: Fn(&mut fmt::Formatter<'_>, usize, bool) -> fmt::Result + 'a,
    {
        DisplayWith { expr: self, names }
    }
}

// ---------------------------------------------------------------------------
// Simplification rules applied on construction (MLIR's simplifyAdd & co).
// ---------------------------------------------------------------------------

/// The canonical operand order MLIR (since LLVM 21) imposes on a sum or
/// product of two leaves that did not simplify: dimensions before symbols,
/// each by position. Other operands are never reordered.
fn leaf_order(expr: &AffineExpr) -> Option<(u8, usize)> {
    match expr {
        AffineExpr::Dim(p) => Some((0, *p)),
        AffineExpr::Symbol(p) => Some((1, *p)),
        _ => None,
    }
}

fn simplify_add(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let lhs_const = lhs.as_constant();
    let rhs_const = rhs.as_constant();
    if let (Some(l), Some(r)) = (lhs_const, rhs_const) {
        return Some(AffineExpr::Constant(l.wrapping_add(r)));
    }
    // Constants go right; if only one side is symbolic it goes right too.
    if lhs_const.is_some() || (lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant()) {
        return Some(rhs.clone() + lhs.clone());
    }
    if rhs_const == Some(0) {
        return Some(lhs.clone());
    }
    // (x + c1) + c2 => x + (c1 + c2).
    let lhs_add = lhs.as_binary_op(AffineBinaryOp::Add);
    if let (Some(add), Some(c2)) = (lhs_add, rhs_const) {
        if let Some(c1) = add.rhs.as_constant() {
            return Some(add.lhs.clone() + c1.wrapping_add(c2));
        }
    }
    // c1 * x + c2 * x => (c1 + c2) * x.
    let split_scaled = |expr: &AffineExpr| -> (i64, AffineExpr) {
        match expr.as_binary_op(AffineBinaryOp::Mul) {
            Some(mul) => match mul.rhs.as_constant() {
                Some(c) => (c, mul.lhs.clone()),
                None => (1, expr.clone()),
            },
            None => (1, expr.clone()),
        }
    };
    let (lhs_scale, lhs_base) = split_scaled(lhs);
    let (rhs_scale, rhs_base) = split_scaled(rhs);
    if lhs_base == rhs_base {
        return Some(lhs_base * lhs_scale.wrapping_add(rhs_scale));
    }
    // (x + c) + y => (x + y) + c.
    if let Some(add) = lhs_add {
        if let Some(c) = add.rhs.as_constant() {
            return Some(add.lhs.clone() + rhs.clone() + c);
        }
    }
    // x - (x floordiv q) * q => x mod q, for constant or symbolic q.
    let rhs_bin = rhs.as_binary()?;
    let (rhs_lhs, rhs_rhs) = (&rhs_bin.lhs, &rhs_bin.rhs);
    if rhs_rhs.as_constant() == Some(-1) {
        if let Some(product) = rhs_lhs.as_binary_op(AffineBinaryOp::Mul) {
            let quotient = product.lhs.as_binary_op(AffineBinaryOp::FloorDiv)?;
            if quotient.rhs == product.rhs && *lhs == quotient.lhs {
                return Some(lhs.clone() % product.rhs.clone());
            }
        }
    }
    // Only a product `(x floordiv c) * -c` qualifies. MLIR before LLVM 23
    // also accepted a sum here and turned `d0 + (d0 floordiv 4 - 4)` into
    // `d0 mod 4`, a miscompile fixed upstream (llvm-project#181613).
    if rhs_bin.op != AffineBinaryOp::Mul {
        return None;
    }
    let quotient = rhs_lhs.as_binary_op(AffineBinaryOp::FloorDiv)?;
    if *lhs == quotient.lhs && quotient.rhs == -rhs_rhs.clone() {
        return Some(lhs.clone() % quotient.rhs.clone());
    }
    None
}

fn simplify_mul(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let lhs_const = lhs.as_constant();
    let rhs_const = rhs.as_constant();
    if let (Some(l), Some(r)) = (lhs_const, rhs_const) {
        return Some(AffineExpr::Constant(l.wrapping_mul(r)));
    }
    let lhs_symbolic = lhs.is_symbolic_or_constant();
    let rhs_symbolic = rhs.is_symbolic_or_constant();
    if !lhs_symbolic && !rhs_symbolic {
        // Not affine: keep as written (MLIR asserts here).
        return None;
    }
    // The constant or symbolic factor goes right.
    if !rhs_symbolic || lhs_const.is_some() {
        return Some(rhs.clone() * lhs.clone());
    }
    match rhs_const {
        Some(1) => return Some(lhs.clone()),
        Some(0) => return Some(rhs.clone()),
        _ => {}
    }
    if let Some(mul) = lhs.as_binary_op(AffineBinaryOp::Mul) {
        if let Some(c1) = mul.rhs.as_constant() {
            // (x * c1) * c2 => x * (c1 * c2).
            if let Some(c2) = rhs_const {
                return Some(mul.lhs.clone() * c1.wrapping_mul(c2));
            }
            // (x * c) * y => (x * y) * c.
            return Some((mul.lhs.clone() * rhs.clone()) * c1);
        }
    }
    None
}

/// The positive constant divisor of a division or modulo, if any: MLIR
/// leaves division by zero, negative or symbolic values as written.
fn positive_divisor(rhs: &AffineExpr) -> Option<i64> {
    rhs.as_constant().filter(|&c| c >= 1)
}

fn simplify_floor_div(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let divisor = positive_divisor(rhs)?;
    if let Some(value) = lhs.as_constant() {
        return Some(AffineExpr::Constant(floor_div_i64(value, divisor)));
    }
    if divisor == 1 {
        return Some(lhs.clone());
    }
    let lhs_bin = lhs.as_binary();
    // (x * k) floordiv c => x * (k / c) when c divides k.
    if let Some(mul) = lhs_bin.filter(|b| b.op == AffineBinaryOp::Mul) {
        if let Some(k) = mul.rhs.as_constant() {
            if k % divisor == 0 {
                return Some(mul.lhs.clone() * (k / divisor));
            }
        }
    }
    // (x + y) floordiv c => x floordiv c + y floordiv c when c divides x or y.
    if let Some(add) = lhs_bin.filter(|b| b.op == AffineBinaryOp::Add) {
        if add.lhs.largest_known_divisor() % divisor == 0
            || add.rhs.largest_known_divisor() % divisor == 0
        {
            return Some(add.lhs.floor_div(divisor) + add.rhs.floor_div(divisor));
        }
    }
    None
}

fn simplify_ceil_div(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let divisor = positive_divisor(rhs)?;
    if let Some(value) = lhs.as_constant() {
        return Some(AffineExpr::Constant(ceil_div_i64(value, divisor)));
    }
    if divisor == 1 {
        return Some(lhs.clone());
    }
    // (x * k) ceildiv c => x * (k / c) when c divides k.
    if let Some(mul) = lhs.as_binary_op(AffineBinaryOp::Mul) {
        if let Some(k) = mul.rhs.as_constant() {
            if k % divisor == 0 {
                return Some(mul.lhs.clone() * (k / divisor));
            }
        }
    }
    None
}

fn simplify_mod(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let divisor = positive_divisor(rhs)?;
    if let Some(value) = lhs.as_constant() {
        return Some(AffineExpr::Constant(mod_i64(value, divisor)));
    }
    // A known multiple of the modulus is zero modulo it.
    if lhs.largest_known_divisor() % divisor == 0 {
        return Some(AffineExpr::Constant(0));
    }
    let lhs_bin = lhs.as_binary();
    // (x + y) mod c => y mod c when c divides x (and symmetrically).
    if let Some(add) = lhs_bin.filter(|b| b.op == AffineBinaryOp::Add) {
        if add.lhs.largest_known_divisor() % divisor == 0 {
            return Some(add.rhs.clone() % divisor);
        }
        if add.rhs.largest_known_divisor() % divisor == 0 {
            return Some(add.lhs.clone() % divisor);
        }
    }
    // (x mod a) mod c => x mod c when c divides a.
    if let Some(inner) = lhs_bin.filter(|b| b.op == AffineBinaryOp::Mod) {
        if let Some(a) = inner.rhs.as_constant() {
            if a >= 1 && mod_i64(a, divisor) == 0 {
                return Some(inner.lhs.clone() % divisor);
            }
        }
    }
    None
}

// ---------------------------------------------------------------------------
// Operator traits: every one goes through `AffineExpr::binary`.
// ---------------------------------------------------------------------------

impl From<i64> for AffineExpr {
    fn from(value: i64) -> Self {
        AffineExpr::Constant(value)
    }
}

impl From<&AffineExpr> for AffineExpr {
    fn from(value: &AffineExpr) -> Self {
        value.clone()
    }
}

macro_rules! binary_operator {
    ($trait:ident, $method:ident, $op:expr) => {
        impl<R: Into<AffineExpr>> std::ops::$trait<R> for AffineExpr {
            type Output = AffineExpr;
            fn $method(self, rhs: R) -> AffineExpr {
                AffineExpr::binary($op, self, rhs.into())
            }
        }
        impl<R: Into<AffineExpr>> std::ops::$trait<R> for &AffineExpr {
            type Output = AffineExpr;
            fn $method(self, rhs: R) -> AffineExpr {
                AffineExpr::binary($op, self.clone(), rhs.into())
            }
        }
    };
}

binary_operator!(Add, add, AffineBinaryOp::Add);
binary_operator!(Mul, mul, AffineBinaryOp::Mul);
binary_operator!(Rem, rem, AffineBinaryOp::Mod);

impl<R: Into<AffineExpr>> std::ops::Sub<R> for AffineExpr {
    type Output = AffineExpr;
    /// `lhs - rhs` is `lhs + rhs * -1`, as in MLIR.
    fn sub(self, rhs: R) -> AffineExpr {
        self + (-rhs.into())
    }
}

impl<R: Into<AffineExpr>> std::ops::Sub<R> for &AffineExpr {
    type Output = AffineExpr;
    fn sub(self, rhs: R) -> AffineExpr {
        self.clone() - rhs
    }
}

impl std::ops::Neg for AffineExpr {
    type Output = AffineExpr;
    /// `-x` is `x * -1`, as in MLIR.
    fn neg(self) -> AffineExpr {
        self * -1
    }
}

impl std::ops::Neg for &AffineExpr {
    type Output = AffineExpr;
    fn neg(self) -> AffineExpr {
        self.clone() * -1
    }
}

// ---------------------------------------------------------------------------
// Printing (MLIR's AsmPrinter::printAffineExprInternal).
// ---------------------------------------------------------------------------

/// Whether the enclosing context binds tighter than `+`, in which case a
/// binary expression must be parenthesized.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Binding {
    Weak,
    Strong,
}

type NameFn<'a> = &'a dyn Fn(&mut fmt::Formatter<'_>, usize, bool) -> fmt::Result;

fn print_expr(
    f: &mut fmt::Formatter<'_>,
    expr: &AffineExpr,
    enclosing: Binding,
    names: Option<NameFn<'_>>,
) -> fmt::Result {
    let binary = match expr {
        AffineExpr::Dim(p) => {
            return match names {
                Some(names) => names(f, *p, false),
                None => write!(f, "d{p}"),
            }
        }
        AffineExpr::Symbol(p) => {
            return match names {
                Some(names) => names(f, *p, true),
                None => write!(f, "s{p}"),
            }
        }
        AffineExpr::Constant(value) => return write!(f, "{value}"),
        AffineExpr::Binary(binary) => binary,
    };
    let (lhs, rhs) = (&binary.lhs, &binary.rhs);
    if enclosing == Binding::Strong {
        f.write_str("(")?;
    }
    if binary.op != AffineBinaryOp::Add {
        if binary.op == AffineBinaryOp::Mul && rhs.as_constant() == Some(-1) {
            f.write_str("-")?;
            print_expr(f, lhs, Binding::Strong, names)?;
        } else {
            print_expr(f, lhs, Binding::Strong, names)?;
            write!(f, " {} ", binary.op.spelling())?;
            print_expr(f, rhs, Binding::Strong, names)?;
        }
    } else {
        print_add(f, lhs, rhs, names)?;
    }
    if enclosing == Binding::Strong {
        f.write_str(")")?;
    }
    Ok(())
}

/// Prints `lhs + rhs`, turning negative coefficients into subtraction.
fn print_add(
    f: &mut fmt::Formatter<'_>,
    lhs: &AffineExpr,
    rhs: &AffineExpr,
    names: Option<NameFn<'_>>,
) -> fmt::Result {
    if let Some(product) = rhs.as_binary_op(AffineBinaryOp::Mul) {
        if let Some(scale) = product.rhs.as_constant() {
            if scale == -1 {
                print_expr(f, lhs, Binding::Weak, names)?;
                f.write_str(" - ")?;
                let binding = if product.lhs.as_binary_op(AffineBinaryOp::Add).is_some() {
                    Binding::Strong
                } else {
                    Binding::Weak
                };
                return print_expr(f, &product.lhs, binding, names);
            }
            if scale < -1 {
                print_expr(f, lhs, Binding::Weak, names)?;
                f.write_str(" - ")?;
                print_expr(f, &product.lhs, Binding::Strong, names)?;
                // The magnitude, so that i64::MIN prints as 2^63.
                return write!(f, " * {}", scale.unsigned_abs());
            }
        }
    }
    if let Some(value) = rhs.as_constant() {
        if value < 0 {
            print_expr(f, lhs, Binding::Weak, names)?;
            return write!(f, " - {}", value.unsigned_abs());
        }
    }
    print_expr(f, lhs, Binding::Weak, names)?;
    f.write_str(" + ")?;
    print_expr(f, rhs, Binding::Weak, names)
}

impl fmt::Display for AffineExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        print_expr(f, self, Binding::Weak, None)
    }
}

struct DisplayWith<'a, F> {
    expr: &'a AffineExpr,
    names: F,
}

impl<F> fmt::Display for DisplayWith<'_, F>
where
    F: Fn(&mut fmt::Formatter<'_>, usize, bool) -> fmt::Result,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        print_expr(f, self.expr, Binding::Weak, Some(&self.names))
    }
}
