//! Analytical costs with known optima, to measure how fast explorers
//! converge without hardware.
//!
//! [`GemmRoofline`] prices a point of `search/constraints/tests/data/gemm_tensorcore.csp`
//! like a roofline: the time is the larger of compute (tensor-core peak
//! scaled by fragment shape, latency hiding from resident warps, wave
//! quantisation over 80 SMs, fragment reuse within a warp, accumulators
//! spilled past 32) and global-memory traffic (each A tile re-read per
//! column block, each B tile per row block, at a bandwidth scaled by the
//! vector width), times an unroll factor, plus per-wave and per-`k`-step
//! overheads. Shared memory decides how many blocks fit on an SM. The
//! numbers are not a GPU's; the shape of the trade-offs is (bigger tiles
//! cut traffic but leave SMs idle and limit residency), and the optimum
//! over all 3,208,300 points is found by enumeration
//! ([`GemmRoofline::optimum`]).
//!
//! [`figure5_cost`] is Figure 5's objective turned into a cost:
//! `10 - (0.4x + 0.6y + 0.01z)`, least (6.59) at `(1, 5, 1)`.

use crate::measure::Measurement;
use crate::space::{Candidate, Space};
use strata_constraints::{Budget, Solver, Var};

/// Streaming multiprocessors, tensor flops per SM per µs, bytes per µs.
const SMS: f64 = 80.0;
const PEAK_PER_SM: f64 = 1.0e6;
const BANDWIDTH: f64 = 9.0e5;
const SHARED_PER_SM: i64 = 98_304;
const WARPS_PER_SM: i64 = 64;
const BLOCKS_PER_SM: i64 = 16;
/// Resident warps needed to hide latency.
const WARPS_TO_HIDE: f64 = 16.0;

/// The roofline cost of a GEMM space point (see the module docs).
pub struct GemmRoofline {
    vars: [Var; 15],
}

impl GemmRoofline {
    const NAMES: [&'static str; 15] = [
        "m",
        "n",
        "k",
        "i.b",
        "j.b",
        "warps",
        "a.rows",
        "b.cols",
        "depth",
        "mem",
        "vec",
        "loc",
        "unroll",
        "acc.inner",
        "acc",
    ];

    /// The cost for this space, if it has the GEMM space's variables.
    pub fn new(space: &Space) -> Option<GemmRoofline> {
        let p = space.problem();
        let vars: Vec<Var> = Self::NAMES
            .iter()
            .map(|n| p.var_named(n))
            .collect::<Option<_>>()?;
        Some(GemmRoofline {
            vars: vars.try_into().ok()?,
        })
    }

    /// Microseconds, lower is better.
    pub fn cost_of(&self, value: impl Fn(Var) -> i64) -> f64 {
        let [m, n, k, ib, jb, warps, rows, cols, depth, mem, vec, loc, unroll, inner, acc] =
            self.vars.map(&value);
        let fragment = if (m, n, k) == (16, 16, 16) { 1.0 } else { 0.85 };
        let resident = (SHARED_PER_SM / mem)
            .min(WARPS_PER_SM / warps)
            .clamp(1, BLOCKS_PER_SM);
        let hiding = ((resident * warps) as f64 / WARPS_TO_HIDE).min(1.0);
        let blocks = ib * jb;
        let slots = SMS as i64 * resident;
        let waves = (blocks + slots - 1) / slots;
        let utilisation = blocks as f64 / (waves * slots) as f64;
        let location = [1.0, 0.9, 0.75][loc.clamp(0, 2) as usize];
        // Fragments reused per warp step, and registers spilled past 32 accumulators.
        let reuse = (inner as f64 / 16.0).min(1.0).powf(0.25);
        let spill = if acc > 32 { 1.3 } else { 1.0 };
        let flops = 2.0 * 1024f64.powi(3);
        let compute = spill * flops
            / (SMS * PEAK_PER_SM * fragment * hiding * utilisation * location * reuse);
        let traffic = 2.0 * 1024f64.powi(3) * (1.0 / cols as f64 + 1.0 / rows as f64);
        let memory = traffic / (BANDWIDTH * (0.4 + 0.6 * vec as f64 / 8.0));
        let unrolled = match unroll {
            0 => 1.15,
            16 => 1.0,
            64 => 0.95,
            512 => 1.0,
            _ => 1.1,
        };
        let steps = (1024 / depth.max(1)) as f64;
        compute.max(memory) * unrolled + 0.5 * waves as f64 + 0.01 * steps * waves as f64
    }

    /// The cost of a candidate.
    pub fn cost(&self, c: &Candidate) -> f64 {
        self.cost_of(|v| c.get(v))
    }

    /// The measurement of a candidate.
    pub fn measure(&self, c: &Candidate) -> Measurement {
        Measurement::Cost(self.cost(c))
    }

    /// The least cost over every point of the space, by enumeration.
    pub fn optimum(&self, space: &Space) -> Option<f64> {
        let solver = Solver::new(space.problem()).with_budget(Budget::DEFAULT);
        let mut best: Option<f64> = None;
        for a in solver.solutions() {
            let a = a.ok()?;
            let c = self.cost_of(|v| a.get(v));
            best = Some(best.map_or(c, |b: f64| b.min(c)));
        }
        best
    }
}

/// Figure 5's objective as a cost (see the module docs).
pub fn figure5_cost(space: &Space, c: &Candidate) -> Measurement {
    let p = space.problem();
    let get = |name: &str| p.var_named(name).map_or(0.0, |v| c.get(v) as f64);
    Measurement::Cost(10.0 - (0.4 * get("x") + 0.6 * get("y") + 0.01 * get("z")))
}

/// Figure 5's space: `x * y <= 8`, `x, y` in `1..5`, `z` in `{0, 1}`; the
/// key variables are `x`, `y` and `z`.
pub fn figure5_space() -> Space {
    let p = strata_constraints::Problem::parse(
        "var x in 1..5\nvar y in 1..5\nvar z in {0, 1}\nvar xy in 1..25\nPROD(xy, [x, y])\nLE(xy, 8)\n",
    )
    .expect("Figure 5 parses");
    Space::with_key_names(p, &["x", "y", "z"]).expect("Figure 5's keys exist")
}

/// The GEMM space of `search/constraints/tests/data/gemm_tensorcore.csp`
/// with its tunable parameters as key variables.
pub fn gemm_space() -> Space {
    let text = include_str!("../../constraints/tests/data/gemm_tensorcore.csp");
    let p = strata_constraints::Problem::parse(text).expect("the GEMM space parses");
    Space::with_key_names(p, &GEMM_KEYS).expect("the GEMM space's keys exist")
}

/// The GEMM space's tunable parameters; the rest (`warps`, tile extents,
/// memory sizes, accumulator counts) are derived from them.
pub const GEMM_KEYS: [&str; 16] = [
    "m", "n", "k", "i.b", "i.w", "i.o", "i.i", "j.b", "j.w", "j.o", "j.i", "r.o", "r.i", "vec",
    "loc", "unroll",
];
