//! The measurer: where a candidate meets hardware (or a model of it).
//!
//! Exploration only decides *what* to measure; a [`Measurer`] decides
//! *how*. Native x86 runs, the VTA simulator and a remote farm are
//! measurers, and so are the analytical costs the tests converge on. A
//! measurement may fail for reasons the constraints do not capture (the
//! build failed, the run timed out, the result was wrong): that is
//! [`Measurement::Invalid`], which is logged but never becomes the best.

use crate::space::{Candidate, Space};

/// The outcome of measuring one candidate.
#[derive(Clone, Debug, PartialEq)]
pub enum Measurement {
    /// A cost, lower is better (seconds, cycles, ...); must be finite.
    Cost(f64),
    /// The candidate could not be measured, and why.
    Invalid(String),
}

impl Measurement {
    /// The cost, when there is one.
    pub fn cost(&self) -> Option<f64> {
        match self {
            Measurement::Cost(c) => Some(*c),
            Measurement::Invalid(_) => None,
        }
    }
}

/// Measures batches of valid candidates.
pub trait Measurer {
    /// One measurement per candidate, in order.
    fn measure(&mut self, space: &Space, batch: &[Candidate]) -> Vec<Measurement>;
}

/// A measurer from a function of one candidate (analytical costs, tests).
pub struct FnMeasurer<F>(pub F);

impl<F: FnMut(&Space, &Candidate) -> Measurement> Measurer for FnMeasurer<F> {
    fn measure(&mut self, space: &Space, batch: &[Candidate]) -> Vec<Measurement> {
        batch.iter().map(|c| (self.0)(space, c)).collect()
    }
}
