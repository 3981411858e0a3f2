//! Exploration of constrained schedule spaces, after Heron (Bi et al.,
//! ASPLOS 2023, §5): given a [`Space`] (a `strata-constraints` problem and
//! its tunable key variables) and a [`Measurer`], spend a budget of
//! measurements to find the cheapest valid candidate.
//!
//! | module | what |
//! |---|---|
//! | [`space`] | the space, and candidates that are valid by construction |
//! | [`measure`] | the measurer seam (hardware, simulator, farm, analytical cost) |
//! | [`model`] | cost models; gradient-boosted trees (`forust-ml`) |
//! | [`explorer`] | the `Explorer` trait, `tune`, seeded randomness, roulette selection |
//! | [`cga`] | Heron's constraint-based GA (Algorithms 2 and 3) |
//! | [`baselines`] | random search, a plain GA, simulated annealing |
//! | [`trials`] | the budget, best-so-far, deduplication, resuming from a log |
//! | [`log`] | the JSON-lines tuning log |
//! | [`synthetic`] | analytical costs with known optima (Figure 5, a GEMM roofline) |
//!
//! Every explorer measures only [`Candidate`]s, and a candidate exists only
//! if the problem's exact check accepted it, so no invalid schedule reaches
//! a measurer; the plain GA's invalid children are counted and dropped
//! before that point.
//!
//! ```
//! use strata_tune_search::{synthetic, tune, Cga, FnMeasurer};
//! let space = synthetic::figure5_space();
//! let mut measurer = FnMeasurer(synthetic::figure5_cost);
//! let outcome = tune(&space, &mut Cga::new(), &mut measurer, 28, 1, None).unwrap();
//! assert_eq!(outcome.trials, 28);                  // every point of the space
//! assert!((outcome.best.unwrap().1 - 6.59).abs() < 1e-9);
//! ```

pub mod baselines;
pub mod cga;
pub mod explorer;
pub mod log;
pub mod measure;
pub mod model;
pub mod space;
pub mod synthetic;
pub mod trials;

pub use baselines::{Annealing, PlainGa, RandomSearch};
pub use cga::{Cga, CgaConfig};
pub use explorer::{tune, Explorer};
pub use log::{LogError, Record, TuningLog};
pub use measure::{FnMeasurer, Measurement, Measurer};
pub use model::{CostModel, GbtModel};
pub use space::{Candidate, Space, SpaceError};
pub use trials::{ExploreError, Outcome, Trials};
