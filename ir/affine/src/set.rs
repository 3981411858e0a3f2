//! Integer sets: conjunctions of affine constraints `e >= 0` and `e == 0`.
//!
//! As in MLIR, a set is stored in normalized form: every constraint is one
//! expression compared against zero, with a flag saying whether the
//! comparison is an equality. The parser turns `a <= b` into `b - a >= 0`
//! and an empty constraint list into the always-true `0 == 0`, and the
//! canonical *empty* set (no integer points) is the single constraint
//! `1 == 0`; keeping these exact forms is what lets printed sets match
//! MLIR's byte for byte.
//!
//! Fields are public plain data. `constraints` and `eq_flags` are expected
//! to have the same length; where they do not, the missing flags count as
//! inequalities, so nothing here panics on a malformed set.

use std::fmt;

use crate::expr::{AffineExpr, EvalError};
use crate::map::write_inputs;

/// A set of integer points in `num_dims` dimensions, parameterized by
/// `num_symbols` symbols.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IntegerSet {
    /// Number of dimension inputs `d0..`.
    pub num_dims: usize,
    /// Number of symbol inputs `s0..`.
    pub num_symbols: usize,
    /// Constraint expressions, each compared against zero.
    pub constraints: Vec<AffineExpr>,
    /// `eq_flags[i]` is true if `constraints[i] == 0`, false if `>= 0`.
    pub eq_flags: Vec<bool>,
}

impl IntegerSet {
    /// A set from parallel lists of constraints and equality flags.
    pub fn new(
        num_dims: usize,
        num_symbols: usize,
        constraints: Vec<AffineExpr>,
        eq_flags: Vec<bool>,
    ) -> Self {
        IntegerSet {
            num_dims,
            num_symbols,
            constraints,
            eq_flags,
        }
    }

    /// MLIR's canonical empty set, `1 == 0`.
    pub fn empty(num_dims: usize, num_symbols: usize) -> Self {
        Self::new(
            num_dims,
            num_symbols,
            vec![AffineExpr::Constant(1)],
            vec![true],
        )
    }

    /// The always-true set `0 == 0`, which MLIR's parser makes of `()`.
    pub fn universe(num_dims: usize, num_symbols: usize) -> Self {
        Self::new(
            num_dims,
            num_symbols,
            vec![AffineExpr::Constant(0)],
            vec![true],
        )
    }

    /// True if this is exactly the canonical empty set (MLIR's
    /// `isEmptyIntegerSet`); other sets without points are not detected.
    pub fn is_empty_integer_set(&self) -> bool {
        *self == Self::empty(self.num_dims, self.num_symbols)
    }

    /// Number of dimension inputs.
    pub fn num_dims(&self) -> usize {
        self.num_dims
    }

    /// Number of symbol inputs.
    pub fn num_symbols(&self) -> usize {
        self.num_symbols
    }

    /// Number of inputs, dimensions plus symbols.
    pub fn num_inputs(&self) -> usize {
        self.num_dims + self.num_symbols
    }

    /// Number of constraints.
    pub fn num_constraints(&self) -> usize {
        self.constraints.len()
    }

    /// Number of equality constraints.
    pub fn num_equalities(&self) -> usize {
        (0..self.constraints.len())
            .filter(|&i| self.is_eq(i))
            .count()
    }

    /// Number of inequality constraints.
    pub fn num_inequalities(&self) -> usize {
        self.num_constraints() - self.num_equalities()
    }

    /// The constraint expressions.
    pub fn constraints(&self) -> &[AffineExpr] {
        &self.constraints
    }

    /// The equality flags.
    pub fn eq_flags(&self) -> &[bool] {
        &self.eq_flags
    }

    /// True if constraint `index` is an equality.
    pub fn is_eq(&self, index: usize) -> bool {
        self.eq_flags.get(index).copied().unwrap_or(false)
    }

    /// Substitutes dimensions and symbols in every constraint; the caller
    /// states the arity of the new set.
    pub fn replace_dims_and_symbols(
        &self,
        dims: &[AffineExpr],
        symbols: &[AffineExpr],
        num_result_dims: usize,
        num_result_symbols: usize,
    ) -> IntegerSet {
        let constraints = self
            .constraints
            .iter()
            .map(|e| e.replace_dims_and_symbols(dims, symbols))
            .collect();
        IntegerSet::new(
            num_result_dims,
            num_result_symbols,
            constraints,
            self.eq_flags.clone(),
        )
    }

    /// Simplifies each constraint with [`AffineExpr::simplify`], drops
    /// constant constraints that always hold, and returns the canonical
    /// [`empty`](Self::empty) set if a constant constraint never holds. If
    /// nothing is left the result is [`universe`](Self::universe).
    ///
    /// This is a light-weight local cleanup; MLIR's `simplifyIntegerSet`
    /// additionally runs a Presburger emptiness check.
    pub fn simplify(&self) -> IntegerSet {
        let mut constraints = Vec::new();
        let mut eq_flags = Vec::new();
        for (index, constraint) in self.constraints.iter().enumerate() {
            let simplified = constraint.simplify(self.num_dims, self.num_symbols);
            let is_eq = self.is_eq(index);
            match simplified.as_constant() {
                Some(value) if (is_eq && value != 0) || (!is_eq && value < 0) => {
                    return Self::empty(self.num_dims, self.num_symbols);
                }
                Some(_) => {}
                None => {
                    constraints.push(simplified);
                    eq_flags.push(is_eq);
                }
            }
        }
        if constraints.is_empty() {
            return Self::universe(self.num_dims, self.num_symbols);
        }
        IntegerSet::new(self.num_dims, self.num_symbols, constraints, eq_flags)
    }

    /// True if the point satisfies every constraint.
    pub fn contains(&self, dims: &[i64], symbols: &[i64]) -> Result<bool, EvalError> {
        if dims.len() != self.num_dims || symbols.len() != self.num_symbols {
            return Err(EvalError::OperandCountMismatch {
                expected_dims: self.num_dims,
                expected_symbols: self.num_symbols,
                dims: dims.len(),
                symbols: symbols.len(),
            });
        }
        for (index, constraint) in self.constraints.iter().enumerate() {
            let value = constraint.eval(dims, symbols)?;
            let holds = if self.is_eq(index) {
                value == 0
            } else {
                value >= 0
            };
            if !holds {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// Prints `(d0)[s0] : (d0 - 10 >= 0, s0 - d0 == 0)`, the text MLIR puts
/// inside `affine_set<...>`.
impl fmt::Display for IntegerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_inputs(f, self.num_dims, self.num_symbols)?;
        f.write_str(" : (")?;
        for (index, constraint) in self.constraints.iter().enumerate() {
            if index > 0 {
                f.write_str(", ")?;
            }
            let relation = if self.is_eq(index) { "==" } else { ">=" };
            write!(f, "{constraint} {relation} 0")?;
        }
        f.write_str(")")
    }
}
