//! Whole-expression simplification by flattening (MLIR's
//! `simplifyAffineExpr`).
//!
//! The smart constructors in [`crate::expr`] only look one or two levels
//! deep, so `(d0 + d1) - d1` survives construction. Full simplification
//! rewrites an expression as a linear combination of dimensions, symbols and
//! *local* terms (each `floordiv`, `ceildiv`, `mod` or symbolic product gets
//! one column), cancels what it can, and rebuilds the tree in a canonical
//! order. The column layout, the order in which terms are rebuilt and the
//! order in which locals are introduced all follow `AffineExpr.cpp`, because
//! the rebuilt tree is what gets printed.
//!
//! Semi-affine expressions (symbolic divisors and products) first go through
//! a symbolic pass that cancels divisions by a symbol that divides the
//! dividend, then are rebuilt with terms sorted by dimension and symbol
//! position, as MLIR's `getSemiAffineExprFromFlatForm` does.
//!
//! Two deliberate departures, both where MLIR would assert or miscompile:
//! an expression that is not semi-affine, or that names positions beyond the
//! declared counts, is returned unchanged; and the "mod of mod subtraction"
//! rule (`(x - x mod q) mod q = 0`) is applied to `mod` only, never to
//! `floordiv` / `ceildiv` where it would be wrong.

use std::collections::HashMap;

use crate::expr::{AffineBinaryOp, AffineExpr};

/// Simplifies `expr` over `num_dims` dimensions and `num_symbols` symbols.
pub(crate) fn simplify_affine_expr(
    expr: &AffineExpr,
    num_dims: usize,
    num_symbols: usize,
) -> AffineExpr {
    let (dims_used, symbols_used) = expr.min_dims_and_symbols();
    if dims_used > num_dims || symbols_used > num_symbols || !expr.is_semi_affine() {
        return expr.clone();
    }
    let expr = if expr.is_pure_affine() {
        expr.clone()
    } else {
        let simplified = simplify_semi_affine(expr, num_dims, num_symbols);
        if !simplified.is_semi_affine() {
            return expr.clone();
        }
        simplified
    };
    let mut flattener = Flattener::new(num_dims, num_symbols);
    if flattener.flatten(&expr).is_none() {
        return expr;
    }
    let Some(flat) = flattener.stack.pop() else {
        return expr;
    };
    let rebuilt = flattener.expr_from_flat(&flat);
    if expr.is_pure_affine() {
        return rebuilt;
    }
    if rebuilt == expr {
        return expr;
    }
    flattener.semi_affine_expr_from_flat(&flat).unwrap_or(expr)
}

/// Columns of a flattened expression: `[dims | symbols | locals | constant]`.
struct Flattener {
    num_dims: usize,
    num_symbols: usize,
    local_exprs: Vec<AffineExpr>,
    stack: Vec<Vec<i64>>,
}

impl Flattener {
    fn new(num_dims: usize, num_symbols: usize) -> Self {
        Flattener {
            num_dims,
            num_symbols,
            local_exprs: Vec::new(),
            stack: Vec::new(),
        }
    }

    fn num_columns(&self) -> usize {
        self.num_dims + self.num_symbols + self.local_exprs.len() + 1
    }

    fn local_start(&self) -> usize {
        self.num_dims + self.num_symbols
    }

    fn push_unit(&mut self, column: usize, value: i64) {
        let mut row = vec![0; self.num_columns()];
        row[column] = value;
        self.stack.push(row);
    }

    /// Post-order walk; `None` when the expression divides by a non-positive
    /// constant (MLIR's "poison") or is malformed.
    fn flatten(&mut self, expr: &AffineExpr) -> Option<()> {
        match expr {
            AffineExpr::Dim(p) if *p < self.num_dims => self.push_unit(*p, 1),
            AffineExpr::Symbol(p) if *p < self.num_symbols => self.push_unit(self.num_dims + p, 1),
            AffineExpr::Constant(value) => {
                let last = self.num_columns() - 1;
                self.push_unit(last, *value);
            }
            AffineExpr::Dim(_) | AffineExpr::Symbol(_) => return None,
            AffineExpr::Binary(binary) => {
                self.flatten(binary.lhs())?;
                self.flatten(binary.rhs())?;
                let rhs = self.stack.pop()?;
                let rhs_is_constant = binary.rhs().as_constant().is_some();
                match binary.op() {
                    AffineBinaryOp::Add => {
                        let lhs = self.stack.last_mut()?;
                        for (l, r) in lhs.iter_mut().zip(&rhs) {
                            *l = l.wrapping_add(*r);
                        }
                    }
                    AffineBinaryOp::Mul if !rhs_is_constant => {
                        let lhs = self.stack.last()?;
                        let product = self.expr_from_flat(lhs) * self.expr_from_flat(&rhs);
                        self.set_top_to_local(product);
                    }
                    AffineBinaryOp::Mul => {
                        let scale = *rhs.last()?;
                        for l in self.stack.last_mut()? {
                            *l = l.wrapping_mul(scale);
                        }
                    }
                    op if !rhs_is_constant => {
                        let lhs = self.stack.last()?;
                        let local = AffineExpr::binary(
                            op,
                            self.expr_from_flat(lhs),
                            self.expr_from_flat(&rhs),
                        );
                        self.set_top_to_local(local);
                    }
                    AffineBinaryOp::Mod => self.visit_mod(*rhs.last()?)?,
                    op => self.visit_div(*rhs.last()?, op == AffineBinaryOp::CeilDiv)?,
                }
            }
        }
        Some(())
    }

    /// `expr mod c` becomes `expr - c * q` with a local `q = expr floordiv c`
    /// (after cancelling the gcd of `expr` and `c`).
    fn visit_mod(&mut self, modulus: i64) -> Option<()> {
        if modulus <= 0 {
            return None;
        }
        let lhs = self.stack.last()?;
        if lhs.iter().all(|c| c % modulus == 0) {
            self.stack.last_mut()?.fill(0);
            return Some(());
        }
        let gcd = lhs
            .iter()
            .fold(modulus.unsigned_abs(), |g, c| gcd_u64(g, c.unsigned_abs()))
            as i64;
        let dividend: Vec<i64> = lhs.iter().map(|c| c / gcd).collect();
        let quotient = self.expr_from_flat(&dividend).floor_div(modulus / gcd);
        let column = self.local_column(quotient);
        self.stack.last_mut()?[column] = -modulus;
        Some(())
    }

    /// `expr floordiv c` / `expr ceildiv c` becomes a local, after cancelling
    /// the gcd of `expr` and `c` (which may remove the division entirely).
    fn visit_div(&mut self, divisor: i64, is_ceil: bool) -> Option<()> {
        if divisor <= 0 {
            return None;
        }
        let lhs = self.stack.last_mut()?;
        let gcd = lhs
            .iter()
            .fold(divisor.unsigned_abs(), |g, c| gcd_u64(g, c.unsigned_abs()))
            as i64;
        if gcd != 1 {
            for c in lhs.iter_mut() {
                *c /= gcd;
            }
        }
        let divisor = divisor / gcd;
        if divisor == 1 {
            return Some(());
        }
        let dividend = self.expr_from_flat(self.stack.last()?);
        let local = if is_ceil {
            dividend.ceil_div(divisor)
        } else {
            dividend.floor_div(divisor)
        };
        self.set_top_to_local(local);
        Some(())
    }

    /// Replaces the top of the stack by the single local term `local`.
    fn set_top_to_local(&mut self, local: AffineExpr) {
        let column = self.local_column(local);
        if let Some(top) = self.stack.last_mut() {
            top.fill(0);
            top[column] = 1;
        }
    }

    /// The column of `local`, adding it (and a zero column to every row on
    /// the stack) when it is new.
    fn local_column(&mut self, local: AffineExpr) -> usize {
        if let Some(index) = self.local_exprs.iter().position(|e| *e == local) {
            return self.local_start() + index;
        }
        let column = self.local_start() + self.local_exprs.len();
        for row in &mut self.stack {
            row.insert(column, 0);
        }
        self.local_exprs.push(local);
        column
    }

    /// MLIR's `getAffineExprFromFlatForm`: dims and symbols in position
    /// order, then locals, then the constant.
    fn expr_from_flat(&self, flat: &[i64]) -> AffineExpr {
        let mut expr = AffineExpr::Constant(0);
        let ids = self.local_start();
        for (j, &coefficient) in flat.iter().enumerate().take(ids) {
            if coefficient == 0 {
                continue;
            }
            let id = if j < self.num_dims {
                AffineExpr::Dim(j)
            } else {
                AffineExpr::Symbol(j - self.num_dims)
            };
            expr = expr + id * coefficient;
        }
        for (local, &coefficient) in self.local_exprs.iter().zip(flat.iter().skip(ids)) {
            if coefficient != 0 {
                expr = expr + local * coefficient;
            }
        }
        match flat.last() {
            Some(&constant) if constant != 0 && flat.len() > ids => expr + constant,
            _ => expr,
        }
    }

    /// MLIR's `getSemiAffineExprFromFlatForm`: terms are sorted by a
    /// `(position, rank)` key so that `d0 + d0 * s0 + s0 + d1 * s1 + s1`
    /// comes out in that order. `None` when two terms would share a key (MLIR
    /// asserts there) or a local has an unexpected shape.
    fn semi_affine_expr_from_flat(&self, flat: &[i64]) -> Option<AffineExpr> {
        let (num_dims, num_symbols) = (self.num_dims, self.num_symbols);
        let symbol_rank_base = num_dims.max(num_symbols) as i64;
        let mut terms: HashMap<(usize, i64), (AffineExpr, i64)> = HashMap::new();
        let mut keys = Vec::new();
        let mut add = |key: (usize, i64), expr: AffineExpr, coefficient: i64| {
            if terms.insert(key, (expr, coefficient)).is_some() {
                return None;
            }
            keys.push(key);
            Some(())
        };
        let mut symbol_offset = 0i64;
        let mut dim_offset = -1i64;
        for j in 0..num_symbols {
            let coefficient = flat[num_dims + j];
            if coefficient != 0 {
                add(
                    (j, symbol_rank_base + symbol_offset),
                    AffineExpr::Symbol(j),
                    coefficient,
                )?;
                symbol_offset += 1;
            }
        }
        let local_start = self.local_start();
        let mut added = vec![false; self.local_exprs.len()];
        for (index, local) in self.local_exprs.iter().enumerate() {
            let coefficient = flat[local_start + index];
            if coefficient == 0 {
                continue;
            }
            let Some(binary) = local.as_binary() else {
                continue;
            };
            let (lhs, rhs) = (binary.lhs(), binary.rhs());
            let key = match (lhs, rhs) {
                (AffineExpr::Dim(l), AffineExpr::Constant(_)) => {
                    dim_offset -= 1;
                    (*l, dim_offset + 1)
                }
                (AffineExpr::Symbol(l), AffineExpr::Constant(_)) => {
                    symbol_offset += 1;
                    (*l, symbol_rank_base + symbol_offset - 1)
                }
                (AffineExpr::Dim(l), AffineExpr::Symbol(r)) => (*l, *r as i64),
                (AffineExpr::Symbol(l), AffineExpr::Symbol(_)) => {
                    symbol_offset += 1;
                    (*l, symbol_rank_base + symbol_offset - 1)
                }
                (AffineExpr::Dim(_) | AffineExpr::Symbol(_), AffineExpr::Dim(_)) => return None,
                _ => continue,
            };
            add(key, local.clone(), coefficient)?;
            added[index] = true;
        }
        for (j, &coefficient) in flat.iter().enumerate().take(num_dims) {
            if coefficient != 0 {
                add((j, dim_offset), AffineExpr::Dim(j), coefficient)?;
                dim_offset -= 1;
            }
        }
        keys.sort_unstable();
        let mut expr = AffineExpr::Constant(0);
        for key in &keys {
            let (term, coefficient) = terms.get(key)?;
            expr = expr + term * *coefficient;
        }
        for (index, local) in self.local_exprs.iter().enumerate() {
            let coefficient = flat[local_start + index];
            if coefficient != 0 && !added[index] {
                expr = expr + local * coefficient;
            }
        }
        match flat.last() {
            Some(&constant) if constant != 0 => Some(expr + constant),
            _ => Some(expr),
        }
    }
}

fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// MLIR's `simplifySemiAffine`: cancel divisions and modulos by a symbol
/// that provably divides the dividend.
fn simplify_semi_affine(expr: &AffineExpr, num_dims: usize, num_symbols: usize) -> AffineExpr {
    let AffineExpr::Binary(binary) = expr else {
        return expr.clone();
    };
    let op = binary.op();
    let lhs = simplify_semi_affine(binary.lhs(), num_dims, num_symbols);
    let rhs = simplify_semi_affine(binary.rhs(), num_dims, num_symbols);
    if matches!(op, AffineBinaryOp::Add | AffineBinaryOp::Mul) {
        return AffineExpr::binary(op, lhs, rhs);
    }
    if op == AffineBinaryOp::Mod && is_mod_of_mod_subtraction(&lhs, &rhs, num_dims, num_symbols) {
        return AffineExpr::Constant(0);
    }
    let Some(symbol) = rhs.as_symbol() else {
        return AffineExpr::binary(op, lhs, rhs);
    };
    if !is_divisible_by_symbol(binary.lhs(), symbol, op)
        || !is_divisible_by_symbol(&lhs, symbol, op)
    {
        return AffineExpr::binary(op, lhs, rhs);
    }
    if op == AffineBinaryOp::Mod {
        return AffineExpr::Constant(0);
    }
    symbolic_divide(&lhs, symbol, op).unwrap_or_else(|| AffineExpr::binary(op, lhs, rhs))
}

/// True if `expr` is a multiple of `s<symbol>`; `op` is the division kind
/// being simplified, because `(a floordiv b) floordiv s` commutes but mixing
/// floor and ceil does not.
fn is_divisible_by_symbol(expr: &AffineExpr, symbol: usize, op: AffineBinaryOp) -> bool {
    match expr {
        AffineExpr::Constant(value) => *value == 0,
        AffineExpr::Dim(_) => false,
        AffineExpr::Symbol(p) => *p == symbol,
        AffineExpr::Binary(binary) => {
            let (lhs, rhs) = (binary.lhs(), binary.rhs());
            match binary.op() {
                AffineBinaryOp::Add => {
                    is_divisible_by_symbol(lhs, symbol, op)
                        && is_divisible_by_symbol(rhs, symbol, op)
                }
                AffineBinaryOp::Mod => {
                    is_divisible_by_symbol(lhs, symbol, AffineBinaryOp::Mod)
                        && is_divisible_by_symbol(rhs, symbol, AffineBinaryOp::Mod)
                }
                AffineBinaryOp::Mul => {
                    is_divisible_by_symbol(lhs, symbol, op)
                        || is_divisible_by_symbol(rhs, symbol, op)
                }
                kind => kind == op && is_divisible_by_symbol(lhs, symbol, kind),
            }
        }
    }
}

/// Divides `expr` by `s<symbol>`; `None` where it is not divisible.
fn symbolic_divide(expr: &AffineExpr, symbol: usize, op: AffineBinaryOp) -> Option<AffineExpr> {
    match expr {
        AffineExpr::Constant(0) => Some(AffineExpr::Constant(0)),
        AffineExpr::Constant(_) | AffineExpr::Dim(_) => None,
        AffineExpr::Symbol(p) => (*p == symbol).then_some(AffineExpr::Constant(1)),
        AffineExpr::Binary(binary) => {
            let (lhs, rhs) = (binary.lhs(), binary.rhs());
            match binary.op() {
                AffineBinaryOp::Add => {
                    Some(symbolic_divide(lhs, symbol, op)? + symbolic_divide(rhs, symbol, op)?)
                }
                AffineBinaryOp::Mod => Some(
                    symbolic_divide(lhs, symbol, AffineBinaryOp::Mod)?
                        % symbolic_divide(rhs, symbol, AffineBinaryOp::Mod)?,
                ),
                AffineBinaryOp::Mul => {
                    if !is_divisible_by_symbol(lhs, symbol, op) {
                        Some(lhs * symbolic_divide(rhs, symbol, op)?)
                    } else {
                        Some(symbolic_divide(lhs, symbol, op)? * rhs)
                    }
                }
                kind => Some(AffineExpr::binary(
                    kind,
                    symbolic_divide(lhs, symbol, kind)?,
                    rhs.clone(),
                )),
            }
        }
    }
}

/// The operands of a (nested) sum, left to right.
fn summands(expr: &AffineExpr, out: &mut Vec<AffineExpr>) {
    match expr.as_binary() {
        Some(add) if add.op() == AffineBinaryOp::Add => {
            summands(add.lhs(), out);
            summands(add.rhs(), out);
        }
        _ => out.push(expr.clone()),
    }
}

/// `Some(x)` if `candidate` is `x * -1` or `-1 * x`.
fn negated(candidate: &AffineExpr) -> Option<&AffineExpr> {
    let mul = candidate.as_binary()?;
    if mul.op() != AffineBinaryOp::Mul {
        return None;
    }
    if mul.lhs().as_constant() == Some(-1) {
        return Some(mul.rhs());
    }
    if mul.rhs().as_constant() == Some(-1) {
        return Some(mul.lhs());
    }
    None
}

/// True if `lhs mod rhs` is zero because `lhs` is `x - x mod rhs`, the shape
/// loop peeling produces.
fn is_mod_of_mod_subtraction(
    lhs: &AffineExpr,
    rhs: &AffineExpr,
    num_dims: usize,
    num_symbols: usize,
) -> bool {
    let mut terms = Vec::new();
    summands(lhs, &mut terms);
    for (i, term) in terms.iter().enumerate() {
        let Some(inner) = negated(term).and_then(AffineExpr::as_binary) else {
            continue;
        };
        if inner.op() != AffineBinaryOp::Mod || inner.rhs() != rhs {
            continue;
        }
        let mut diff = AffineExpr::Constant(0);
        for (j, other) in terms.iter().enumerate() {
            if i != j {
                diff = diff + other;
            }
        }
        diff = diff - inner.lhs();
        if simplify_affine_expr(&diff, num_dims, num_symbols).as_constant() == Some(0) {
            return true;
        }
    }
    false
}
