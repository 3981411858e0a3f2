//! Affine maps: `(d0, ..., dn)[s0, ..., sm] -> (e0, ..., ek)`.
//!
//! A map is plain data — counts of dimensions and symbols and a list of
//! result expressions — so the fields are public. The invariant that every
//! result only names `d<i>` with `i < num_dims` and `s<j>` with
//! `j < num_symbols` is checked by [`AffineMap::is_valid`] and never assumed:
//! evaluation reports out-of-range positions as errors and simplification
//! leaves such expressions alone.
//!
//! Operations that MLIR guards with assertions (composing maps of the wrong
//! arity, asking for results that do not exist) return
//! [`AffineMapError`] here instead, since their arguments often come from
//! parsed IR.

use std::fmt;

use crate::expr::{AffineExpr, EvalError};

/// Misuse of an [`AffineMap`] operation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AffineMapError {
    /// `a.compose(b)` needs `b` to produce one result per dimension of `a`.
    #[error("cannot compose: the outer map has {outer_dims} dimensions but the inner map has {inner_results} results")]
    ComposeArityMismatch {
        outer_dims: usize,
        inner_results: usize,
    },
    /// A result position beyond the number of results.
    #[error("result position {position} is out of range for a map with {num_results} results")]
    ResultOutOfRange { position: usize, num_results: usize },
    /// More results requested than dimensions available.
    #[error(
        "a minor identity map with {results} results needs at least as many dimensions, got {dims}"
    )]
    TooManyResults { dims: usize, results: usize },
}

/// An affine map from `num_dims` dimensions and `num_symbols` symbols to
/// `results.len()` values.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AffineMap {
    /// Number of dimension inputs `d0..`.
    pub num_dims: usize,
    /// Number of symbol inputs `s0..`.
    pub num_symbols: usize,
    /// One expression per result.
    pub results: Vec<AffineExpr>,
}

impl AffineMap {
    /// A map with the given inputs and results (MLIR's `AffineMap::get`).
    pub fn new(num_dims: usize, num_symbols: usize, results: Vec<AffineExpr>) -> Self {
        AffineMap {
            num_dims,
            num_symbols,
            results,
        }
    }

    /// A map with the given inputs and no results.
    pub fn empty(num_dims: usize, num_symbols: usize) -> Self {
        Self::new(num_dims, num_symbols, Vec::new())
    }

    /// `() -> (value)`.
    pub fn constant(value: i64) -> Self {
        Self::new(0, 0, vec![AffineExpr::Constant(value)])
    }

    /// `(d0, ..., d<n-1>) -> (d0, ..., d<n-1>)`.
    pub fn multi_dim_identity(num_dims: usize) -> Self {
        Self::new(num_dims, 0, (0..num_dims).map(AffineExpr::Dim).collect())
    }

    /// `(d0, ..., d<dims-1>) -> (d<dims-results>, ..., d<dims-1>)`: the
    /// identity on the `results` most minor dimensions.
    pub fn minor_identity(dims: usize, results: usize) -> Result<Self, AffineMapError> {
        if results > dims {
            return Err(AffineMapError::TooManyResults { dims, results });
        }
        Ok(Self::new(
            dims,
            0,
            (dims - results..dims).map(AffineExpr::Dim).collect(),
        ))
    }

    /// `(d0, ..., d<n-1>) -> (d<targets[0]>, ...)` with `n = num_dims`.
    pub fn multi_dim_map_with_targets(num_dims: usize, targets: &[usize]) -> Self {
        Self::new(
            num_dims,
            0,
            targets.iter().copied().map(AffineExpr::Dim).collect(),
        )
    }

    /// The permutation map `(d0, ..., d<n-1>) -> (d<p[0]>, ..., d<p[n-1]>)`;
    /// `None` unless `permutation` is a permutation of `0..n`.
    pub fn permutation(permutation: &[usize]) -> Option<Self> {
        let max = *permutation.iter().max()?;
        let map = Self::multi_dim_map_with_targets(max + 1, permutation);
        map.is_permutation().then_some(map)
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

    /// Number of results.
    pub fn num_results(&self) -> usize {
        self.results.len()
    }

    /// All result expressions.
    pub fn results(&self) -> &[AffineExpr] {
        &self.results
    }

    /// The result at `position`, if any.
    pub fn result(&self, position: usize) -> Option<&AffineExpr> {
        self.results.get(position)
    }

    /// True if every result names only declared dimensions and symbols.
    pub fn is_valid(&self) -> bool {
        self.results.iter().all(|e| {
            let (dims, symbols) = e.min_dims_and_symbols();
            dims <= self.num_dims && symbols <= self.num_symbols
        })
    }

    /// True for `(d0, ..., dn) -> (d0, ..., dn)` (symbols allowed).
    pub fn is_identity(&self) -> bool {
        self.num_dims == self.results.len()
            && self
                .results
                .iter()
                .enumerate()
                .all(|(i, e)| e.as_dim() == Some(i))
    }

    /// True if the map is [`minor_identity`](Self::minor_identity) of its
    /// arity.
    pub fn is_minor_identity(&self) -> bool {
        Self::minor_identity(self.num_dims, self.results.len()).is_ok_and(|m| *self == m)
    }

    /// True for a map with no inputs and no results.
    pub fn is_empty(&self) -> bool {
        self.num_dims == 0 && self.num_symbols == 0 && self.results.is_empty()
    }

    /// True if the map has exactly one result and it is a constant.
    pub fn is_single_constant(&self) -> bool {
        self.single_constant_result().is_some()
    }

    /// The value of the single constant result, if the map is one.
    pub fn single_constant_result(&self) -> Option<i64> {
        match self.results.as_slice() {
            [only] => only.as_constant(),
            _ => None,
        }
    }

    /// True if every result is a constant.
    pub fn is_constant(&self) -> bool {
        self.results.iter().all(|e| e.as_constant().is_some())
    }

    /// The constant results, if all of them are constants.
    pub fn constant_results(&self) -> Option<Vec<i64>> {
        self.results.iter().map(AffineExpr::as_constant).collect()
    }

    /// True if the map has no symbols and each result is a distinct
    /// dimension (or, if `allow_zero_in_results`, the constant 0).
    pub fn is_projected_permutation(&self, allow_zero_in_results: bool) -> bool {
        if self.num_symbols > 0 || self.results.len() > self.num_inputs() {
            return false;
        }
        let mut seen = vec![false; self.num_inputs()];
        self.results.iter().all(|e| match e {
            AffineExpr::Dim(p) => match seen.get_mut(*p) {
                Some(flag) if !*flag => {
                    *flag = true;
                    true
                }
                _ => false,
            },
            AffineExpr::Constant(0) => allow_zero_in_results,
            _ => false,
        })
    }

    /// True if the map is a projected permutation with as many results as
    /// dimensions.
    pub fn is_permutation(&self) -> bool {
        self.num_dims == self.results.len() && self.is_projected_permutation(false)
    }

    /// The dimension position of result `index`, if that result is a
    /// dimension.
    pub fn dim_position(&self, index: usize) -> Option<usize> {
        self.results.get(index)?.as_dim()
    }

    /// The index of the first result equal to the dimension `input`.
    pub fn result_position(&self, input: &AffineExpr) -> Option<usize> {
        input.as_dim()?;
        self.results.iter().position(|e| e == input)
    }

    /// `self ∘ other`: feeds the results of `other` into the dimensions of
    /// `self`. The result has `other`'s dimensions and the symbols of `self`
    /// followed by those of `other`, exactly like MLIR's
    /// `AffineMap::compose`.
    pub fn compose(&self, other: &AffineMap) -> Result<AffineMap, AffineMapError> {
        if self.num_dims != other.results.len() {
            return Err(AffineMapError::ComposeArityMismatch {
                outer_dims: self.num_dims,
                inner_results: other.results.len(),
            });
        }
        let num_dims = other.num_dims;
        let num_symbols = self.num_symbols + other.num_symbols;
        let dims: Vec<_> = (0..num_dims).map(AffineExpr::Dim).collect();
        let shifted_symbols: Vec<_> = (self.num_symbols..num_symbols)
            .map(AffineExpr::Symbol)
            .collect();
        let inner = other.replace_dims_and_symbols(&dims, &shifted_symbols, num_dims, num_symbols);
        let results = self.results.iter().map(|e| e.compose(&inner)).collect();
        Ok(AffineMap::new(num_dims, num_symbols, results))
    }

    /// Substitutes dimensions and symbols in every result; the caller states
    /// the arity of the new map.
    pub fn replace_dims_and_symbols(
        &self,
        dims: &[AffineExpr],
        symbols: &[AffineExpr],
        num_result_dims: usize,
        num_result_symbols: usize,
    ) -> AffineMap {
        let results = self
            .results
            .iter()
            .map(|e| e.replace_dims_and_symbols(dims, symbols))
            .collect();
        AffineMap::new(num_result_dims, num_result_symbols, results)
    }

    /// Simplifies every result with [`AffineExpr::simplify`] (MLIR's
    /// `simplifyAffineMap`).
    pub fn simplify(&self) -> AffineMap {
        let results = self
            .results
            .iter()
            .map(|e| e.simplify(self.num_dims, self.num_symbols))
            .collect();
        AffineMap::new(self.num_dims, self.num_symbols, results)
    }

    /// The map without the results at `positions` (in any order, duplicates
    /// allowed).
    pub fn drop_results(&self, positions: &[usize]) -> Result<AffineMap, AffineMapError> {
        let mut drop = vec![false; self.results.len()];
        for &position in positions {
            *drop
                .get_mut(position)
                .ok_or(AffineMapError::ResultOutOfRange {
                    position,
                    num_results: self.results.len(),
                })? = true;
        }
        let results = self
            .results
            .iter()
            .zip(&drop)
            .filter(|(_, dropped)| !**dropped)
            .map(|(e, _)| e.clone())
            .collect();
        Ok(AffineMap::new(self.num_dims, self.num_symbols, results))
    }

    /// The map with only the results at `positions`, in that order.
    pub fn sub_map(&self, positions: &[usize]) -> Result<AffineMap, AffineMapError> {
        let results = positions
            .iter()
            .map(|&position| {
                self.results
                    .get(position)
                    .cloned()
                    .ok_or(AffineMapError::ResultOutOfRange {
                        position,
                        num_results: self.results.len(),
                    })
            })
            .collect::<Result<_, _>>()?;
        Ok(AffineMap::new(self.num_dims, self.num_symbols, results))
    }

    /// The inverse of a (possibly projected) permutation, as MLIR's
    /// `inversePermutation`: results that are not dimensions are skipped and
    /// the first occurrence of a dimension wins. `None` if the map has
    /// symbols or some dimension never appears. The empty map is its own
    /// inverse.
    pub fn inverse_permutation(&self) -> Option<AffineMap> {
        if self.is_empty() {
            return Some(self.clone());
        }
        if self.num_symbols != 0 {
            return None;
        }
        let mut inverse: Vec<Option<AffineExpr>> = vec![None; self.num_dims];
        for (index, e) in self.results.iter().enumerate() {
            if let Some(slot) = e.as_dim().and_then(|p| inverse.get_mut(p)) {
                if slot.is_none() {
                    *slot = Some(AffineExpr::Dim(index));
                }
            }
        }
        let results: Option<Vec<_>> = inverse.into_iter().collect();
        Some(AffineMap::new(self.results.len(), 0, results?))
    }

    /// Evaluates every result on concrete inputs.
    pub fn eval(&self, dims: &[i64], symbols: &[i64]) -> Result<Vec<i64>, EvalError> {
        if dims.len() != self.num_dims || symbols.len() != self.num_symbols {
            return Err(EvalError::OperandCountMismatch {
                expected_dims: self.num_dims,
                expected_symbols: self.num_symbols,
                dims: dims.len(),
                symbols: symbols.len(),
            });
        }
        self.results.iter().map(|e| e.eval(dims, symbols)).collect()
    }
}

/// Prints `(d0, d1)[s0] -> (d0 + s0, d1)`, the text MLIR puts inside
/// `affine_map<...>`.
impl fmt::Display for AffineMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_inputs(f, self.num_dims, self.num_symbols)?;
        f.write_str(" -> (")?;
        for (i, e) in self.results.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{e}")?;
        }
        f.write_str(")")
    }
}

/// Prints `(d0, ..., dn)` and, when there are symbols, `[s0, ..., sm]`.
pub(crate) fn write_inputs(
    f: &mut fmt::Formatter<'_>,
    num_dims: usize,
    num_symbols: usize,
) -> fmt::Result {
    f.write_str("(")?;
    for i in 0..num_dims {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "d{i}")?;
    }
    f.write_str(")")?;
    if num_symbols > 0 {
        f.write_str("[")?;
        for i in 0..num_symbols {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "s{i}")?;
        }
        f.write_str("]")?;
    }
    Ok(())
}
