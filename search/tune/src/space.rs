//! The x86 schedule space: x86-vectorize's block options as Heron's key
//! variables, and the rules the pass and the CPU put on them as
//! constraints (the paper's Table 8, C1–C6, in spirit).
//!
//! | variable | pass option | domain |
//! |---|---|---|
//! | `isa` | `isa=` | an index into the CPU's instruction sets for the element type |
//! | `mr` | `mr=` | microkernel rows, 1..min(28, M) (the pass's range) |
//! | `nr` | `nr=` | microkernel columns, `lanes * nvec`, nvec 1..4 (the pass's range) |
//! | `kc` | `kc=` | K per packed panel: multiples of 16, and the inner K itself |
//! | `mc` | `mc=` | rows per L2 block, `mr * mb` |
//! | `nc` | `nc=` | columns per packed B block, `nr * np` |
//! | `int8` | `int8=` | int8 only: the AVX2 product (`auto`, `bytes`, `pairs`) |
//!
//! | rule | constraint | fact behind it |
//! |---|---|---|
//! | C6 vector length | `PROD(nr, [lanes, nvec])`, `lanes = SELECT(isa, ..)` | a panel is whole vectors of the ISA's width |
//! | C5 register file | `mr * nvec + nvec + reserve <= registers` | accumulators, B's vectors and the broadcast in 32 zmm / 16 ymm without spills |
//! | C5 L1 | `kc * nr * bytes <= L1d` | the packed B panel stays in L1 while A streams |
//! | C5 L2 | `mc * kc * bytes + kc * nc * bytes <= L2` | the packed B block and an A block share L2 |
//! | C1 split | `PROD(mc, [mr, mb])`, `PROD(nc, [nr, np])` | the pass rounds `mc` and `nc` to whole kernels; the space holds only what it would run |
//! | C1 within the problem | `mr <= M`, `nr <= N`, `kc <= K`, `mc <= M`, `nc <= N` | a block larger than its loop is the same program as the loop |
//!
//! Every point is a valid option set for the pass (its `PassOption`
//! ranges: `mr` 0..28, `nr` a multiple of 8 from 8 to 64, `kc`, `mc`,
//! `nc` up to 2^20); the tests run each through the pass and the C back
//! end against the interpreter.

use crate::cpu::{Cpu, Isa};
use crate::problem::{Elem, Gemm};
use strata_constraints::{Budget, ConstraintId, Problem, Solver, Term, Var};
use strata_tune_search::{Candidate, Space};

/// The pass's largest `mr` (`MAX_MR` in lowering/x86-vectorize).
pub const MAX_MR: i64 = 28;
/// The pass's most vectors per microkernel row (`nvec` clamps to 1..4).
pub const MAX_NVEC: i64 = 4;
/// The pass's largest `kc`, `mc`, `nc` (`MAX_BLOCK`).
pub const MAX_BLOCK: i64 = 1 << 20;
/// The largest `kc` offered: a packed B panel of 2048 k does not fit the
/// L1 of any CPU with AVX2 at the narrowest panel (2048 x 8 x 4 = 64 KiB).
pub const MAX_KC: i64 = 2048;

/// The AVX2 int8 product (`int8=`), by the index the space gives it.
pub const INT8_FORMS: [&str; 3] = ["auto", "bytes", "pairs"];

/// The options of one point, as the pass takes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub isa: Isa,
    pub mr: i64,
    pub nr: i64,
    pub kc: i64,
    pub mc: i64,
    pub nc: i64,
    /// `int8=`; `None` for f32.
    pub int8: Option<&'static str>,
}

impl Options {
    /// The pass's option string, `isa=avx512 mr=14 nr=32 ...`.
    pub fn pass_options(&self) -> String {
        let mut s = format!(
            "isa={} mr={} nr={} kc={} mc={} nc={} path=gemm",
            self.isa, self.mr, self.nr, self.kc, self.mc, self.nc
        );
        if let Some(form) = self.int8 {
            s.push_str(&format!(" int8={form}"));
        }
        s
    }

    /// The whole pipeline, for `strata-opt --pass-pipeline=...`.
    pub fn pipeline(&self) -> String {
        pipeline_with(&self.pass_options())
    }
}

/// The pipeline the benchmarks use (bench/x86/strata.py) with the pass's
/// options: the pass on the module (constant weights are packed at
/// compile time), `symbol-dce` for the unpacked globals, then the loops.
pub fn pipeline_with(pass_options: &str) -> String {
    format!(
        "builtin.module(x86-vectorize{{{pass_options}}},symbol-dce,\
         func.func(convert-linalg-to-loops,lower-affine,canonicalize,cse))"
    )
}

/// x86-vectorize's own choice for this machine (`isa=native`, every block
/// size its default): what tuning is compared with.
pub fn default_pipeline() -> String {
    pipeline_with("isa=native")
}

/// The space of one problem on one CPU.
pub struct X86Space {
    pub space: Space,
    pub gemm: Gemm,
    /// The instruction sets `isa` indexes.
    pub isas: Vec<Isa>,
    vars: Vars,
    /// Which hardware or pass fact each constraint stands for.
    reasons: Vec<(ConstraintId, String)>,
}

#[derive(Clone, Copy)]
struct Vars {
    isa: Var,
    mr: Var,
    nr: Var,
    kc: Var,
    mc: Var,
    nc: Var,
    int8: Option<Var>,
}

/// Why a problem has no space.
#[derive(Debug, thiserror::Error)]
pub enum SpaceError {
    #[error("this CPU has no instruction set x86-vectorize writes {0} kernels in")]
    NoIsa(&'static str),
    #[error("no schedule satisfies the constraints; these together have no solution:\n{0}")]
    /// The constraints of a minimal conflict, one a line with the fact
    /// behind each and the domains of their variables.
    Infeasible(String),
    #[error("the constraint solver ran out of budget deciding whether the space is empty: {0}")]
    Budget(String),
    #[error(transparent)]
    Space(#[from] strata_tune_search::SpaceError),
}

/// Work allowed to the feasibility check and its explanation.
const CHECK_BUDGET: u64 = 5_000_000;

/// `kc`'s candidate values: multiples of 16 (of 64 past 512) up to
/// [`MAX_KC`], and each instruction set's whole inner K where it is
/// below that (one K block, no remainder).
fn kc_values(inner: &[i64]) -> Vec<i64> {
    let top = inner.iter().copied().max().unwrap_or(1).min(MAX_KC);
    let mut vs: Vec<i64> = (1..)
        .map(|i| i * 16)
        .take_while(|&v| v <= top.min(512))
        .chain((9..).map(|i| i * 64).take_while(|&v| v <= top))
        .collect();
    vs.extend(inner.iter().copied().filter(|&k| k <= MAX_KC));
    vs.sort_unstable();
    vs.dedup();
    vs
}

/// `nr in 8..64, mr in 1..28`: the domains of a conflict's variables.
fn conflict_vars(p: &Problem, ids: &[ConstraintId]) -> String {
    let mut vars: Vec<Var> = ids
        .iter()
        .filter_map(|&id| p.constraint(id))
        .flat_map(|c| c.vars().collect::<Vec<_>>())
        .collect();
    vars.sort_by_key(|v| v.index());
    vars.dedup();
    vars.iter()
        .map(|&v| format!("{} in {}", p.name(v), p.domain(v)))
        .collect::<Vec<_>>()
        .join(", ")
}

impl X86Space {
    /// The space of `gemm` on `cpu`, or why it is empty.
    pub fn new(gemm: &Gemm, cpu: &Cpu) -> Result<X86Space, SpaceError> {
        let isas: Vec<Isa> = cpu
            .isas
            .iter()
            .copied()
            .filter(|&i| match gemm.elem {
                Elem::F32 => matches!(i, Isa::Avx2 | Isa::Avx512),
                Elem::I8 => matches!(i, Isa::Avx2 | Isa::Vnni),
            })
            .collect();
        if isas.is_empty() {
            return Err(SpaceError::NoIsa(match gemm.elem {
                Elem::F32 => "f32",
                Elem::I8 => "int8",
            }));
        }
        let mut p = Problem::new();
        let mut reasons = Vec::new();
        let mut why = |id: ConstraintId, text: String| reasons.push((id, text));
        let per_isa = |f: &dyn Fn(Isa) -> i64| -> Vec<i64> { isas.iter().map(|&i| f(i)).collect() };
        let names: Vec<&str> = isas.iter().map(|i| i.option()).collect();
        let names = names.join(", ");

        let isa = p.var("isa", 0, isas.len() as i64 - 1);
        // C6: a microkernel row is whole vectors of the ISA's width.
        let lanes_of = per_isa(&|i| i.lanes());
        let lanes = p.var_of("lanes", &lanes_of);
        let id = p.select(lanes, isa, &lanes_of);
        why(id, format!("32-bit lanes per vector of {names}"));
        let nvec = p.var("nvec", 1, MAX_NVEC);
        let nr = p.var("nr", 8, 16 * MAX_NVEC);
        let id = p.prod(nr, &[lanes, nvec]);
        why(id, "nr is 1 to 4 whole vectors (x86-vectorize's nr)".into());
        let id = p.le(nr, gemm.n);
        why(
            id,
            format!("a microkernel panel within the problem's N = {}", gemm.n),
        );
        let mr = p.var("mr", 1, MAX_MR);
        let id = p.le(mr, gemm.m);
        why(
            id,
            format!("microkernel rows within the problem's M = {}", gemm.m),
        );

        // C5, the register file: mr x nvec accumulators, nvec vectors of B
        // and the broadcast of A (AVX2 int8: one more, the product).
        let regs_of = per_isa(&|i| i.registers());
        let regs = p.var_of("registers", &regs_of);
        let id = p.select(regs, isa, &regs_of);
        why(id, format!("vector registers of {names} (16 ymm, 32 zmm)"));
        let reserve_of = per_isa(&|i| match (gemm.elem, i) {
            (Elem::I8, Isa::Avx2) => 2,
            _ => 1,
        });
        let reserve = p.var_of("reserve", &reserve_of);
        let id = p.select(reserve, isa, &reserve_of);
        why(
            id,
            "registers besides accumulators and B: A's broadcast (and AVX2 int8's product)".into(),
        );
        let acc = p.var("accumulators", 1, MAX_MR * MAX_NVEC);
        let id = p.prod(acc, &[mr, nvec]);
        why(
            id,
            "one accumulator register per kernel row and vector".into(),
        );
        let used = p.var("registers_used", 1, MAX_MR * MAX_NVEC + MAX_NVEC + 2);
        let id = p.sum(
            used,
            &[Term::from(acc), Term::from(nvec), Term::from(reserve)],
        );
        why(id, "registers the microkernel keeps live".into());
        let id = p.le(used, regs);
        why(
            id,
            "the microkernel fits the register file without spills".into(),
        );

        // The inner K the kc blocks cut, per ISA (an NCHW convolution's
        // differs between AVX-512 and AVX2).
        let inner_of = per_isa(&|i| gemm.k_inner(i));
        let inner = p.var_of("k_inner", &inner_of);
        let id = p.select(inner, isa, &inner_of);
        why(
            id,
            "the inner K of the GEMM x86-vectorize makes of the op".into(),
        );
        let kc = p.var_of("kc", &kc_values(&inner_of));
        let id = p.le(kc, inner);
        why(id, "a K block within the inner K".into());

        // C5, L1: the packed B panel (kc x nr) stays in L1.
        let bytes_of = per_isa(&|i| match (gemm.elem, i) {
            (Elem::F32, _) => 4,
            // i16 pairs in AVX2's packed panels, bytes in VNNI's.
            (Elem::I8, Isa::Avx2) => 2,
            (Elem::I8, _) => 1,
        });
        let bytes = p.var_of("b_bytes", &bytes_of);
        let id = p.select(bytes, isa, &bytes_of);
        why(id, "bytes per packed element".into());
        let l1 = cpu.l1d;
        let b_panel = p.var("b_panel_bytes", 1, i64::MAX / 4);
        let id = p.prod(b_panel, &[kc, nr, bytes]);
        why(id, "the packed B panel: kc x nr elements".into());
        let id = p.le(b_panel, l1);
        why(
            id,
            format!("the B panel fits the L1 data cache ({} KiB)", l1 / 1024),
        );

        // C1: mc and nc are whole kernels, within the problem.
        let mb = p.var("mb", 1, gemm.m.clamp(1, MAX_BLOCK));
        let mc = p.var("mc", 1, gemm.m.clamp(1, MAX_BLOCK));
        let id = p.prod(mc, &[mr, mb]);
        why(
            id,
            "mc is whole kernel rows (the pass rounds it down to mr's multiple)".into(),
        );
        let id = p.le(mc, gemm.m);
        why(id, format!("an M block within M = {}", gemm.m));
        let np = p.var("np", 1, (gemm.n / 8).clamp(1, MAX_BLOCK));
        let nc = p.var("nc", 8, gemm.n.clamp(8, MAX_BLOCK));
        let id = p.prod(nc, &[nr, np]);
        why(
            id,
            "nc is whole panels (the pass rounds it down to nr's multiple)".into(),
        );
        let id = p.le(nc, gemm.n);
        why(id, format!("an N block within N = {}", gemm.n));

        // C5, L2: the packed B block and an A block of mc rows.
        let a_block = p.var("a_block_bytes", 1, i64::MAX / 4);
        let id = p.prod(a_block, &[mc, kc, bytes]);
        why(id, "an A block: mc x kc elements".into());
        let b_block = p.var("b_block_bytes", 1, i64::MAX / 4);
        let id = p.prod(b_block, &[kc, nc, bytes]);
        why(id, "the packed B block: kc x nc elements".into());
        let l2_use = p.var("l2_bytes", 1, i64::MAX / 2);
        let id = p.sum(l2_use, &[a_block, b_block]);
        why(id, "what the L2 holds at once".into());
        let id = p.le(l2_use, cpu.l2);
        why(
            id,
            format!(
                "the A and B blocks fit the L2 cache ({} KiB)",
                cpu.l2 / 1024
            ),
        );

        // The AVX2 int8 product; other ISAs ignore the option, so it is
        // pinned to `auto` there (no two points run the same program).
        let int8 = (gemm.elem == Elem::I8).then(|| {
            let int8 = p.var("int8", 0, INT8_FORMS.len() as i64 - 1);
            let max_of = per_isa(&|i| if i == Isa::Avx2 { 2 } else { 0 });
            let max = p.var_of("int8_forms", &max_of);
            let id = p.select(max, isa, &max_of);
            why(id, "only AVX2 has a choice of int8 product".into());
            let id = p.le(int8, max);
            why(id, "the int8 product is one the ISA has".into());
            int8
        });

        let vars = Vars {
            isa,
            mr,
            nr,
            kc,
            mc,
            nc,
            int8,
        };
        let mut keys = vec![isa, mr, nr, kc, mc, nc];
        keys.extend(int8);
        let problem_copy = p.clone();
        let solver = Solver::new(&problem_copy).with_budget(Budget::nodes(CHECK_BUDGET));
        match solver.solve() {
            Ok(Some(_)) => {}
            Ok(None) => {
                let text = match solver.explain() {
                    Ok(Some(conflict)) => conflict
                        .constraints
                        .iter()
                        .map(|&id| {
                            let c = problem_copy
                                .constraint(id)
                                .map(|c| problem_copy.display_constraint(c).to_string())
                                .unwrap_or_default();
                            let reason = reasons
                                .iter()
                                .find(|(r, _)| *r == id)
                                .map_or("", |(_, t)| t.as_str());
                            format!("  {c:<40} # {reason}")
                        })
                        .chain(std::iter::once(format!(
                            "  where {}",
                            conflict_vars(&problem_copy, &conflict.constraints)
                        )))
                        .collect::<Vec<_>>()
                        .join("\n"),
                    Ok(None) => "  (the solver found no smaller conflict)".into(),
                    Err(e) => format!("  (explaining ran out of budget: {e})"),
                };
                return Err(SpaceError::Infeasible(text));
            }
            Err(e) => return Err(SpaceError::Budget(e.to_string())),
        }
        Ok(X86Space {
            space: Space::new(p, &keys)?,
            gemm: gemm.clone(),
            isas,
            vars,
            reasons,
        })
    }

    /// The pass options of a candidate.
    pub fn options(&self, c: &Candidate) -> Options {
        let v = self.vars;
        Options {
            isa: self.isas[c.get(v.isa) as usize],
            mr: c.get(v.mr),
            nr: c.get(v.nr),
            kc: c.get(v.kc),
            mc: c.get(v.mc),
            nc: c.get(v.nc),
            int8: v.int8.map(|i| INT8_FORMS[c.get(i) as usize]),
        }
    }

    /// What the index variables' values mean (`isa: 0 = avx2, 1 =
    /// avx512`): the problem and the log hold indices, and the ISAs
    /// indexed are this CPU's.
    pub fn legend(&self) -> Vec<String> {
        let names = |v: &[&str]| {
            v.iter()
                .enumerate()
                .map(|(i, n)| format!("{i} = {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let isas: Vec<&str> = self.isas.iter().map(|i| i.option()).collect();
        let mut lines = vec![format!("isa: {}", names(&isas))];
        if self.vars.int8.is_some() {
            lines.push(format!("int8: {}", names(&INT8_FORMS)));
        }
        lines
    }

    /// The hardware or pass fact each constraint stands for, in order.
    pub fn reasons(&self) -> impl Iterator<Item = (String, &str)> {
        let p = self.space.problem();
        self.reasons.iter().filter_map(move |(id, text)| {
            p.constraint(*id)
                .map(|c| (p.display_constraint(c).to_string(), text.as_str()))
        })
    }
}
