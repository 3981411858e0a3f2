//! The VTA accelerator as a hardware model, independent of any IR.
//!
//! A compiler back end needs four things from a target before it can emit
//! code: the target's parameters ([`config`]), the exact bits of its
//! instructions ([`isa`]), a file to put a program in ([`program`]) and a way
//! to check that what it emitted does what it should ([`sim`], with
//! [`disasm`] for reading it). Keeping them in one crate with no dependency on
//! the IR lets the hardware model be tested on its own, against the spec
//! (`shared/specs/vta-isa.md`), before any lowering exists.
//!
//! A whole round trip, from instructions to simulated DRAM:
//!
//! ```
//! use strata_vta::*;
//!
//! // acc[0] = inp[0] . wgt[0]^T with a one-hot weight, then stored as int8.
//! let config = VtaConfig::default();
//! let mut p = Program::new(config.clone());
//! let inp: Vec<u8> = (1..=16).collect();
//! let mut wgt = vec![0u8; 256];
//! for n in 0..16 {
//!     wgt[n * 16 + n] = 1; // identity: out lane n = in lane n
//! }
//! p.dram.push_buffer("inp", ElemType::I8, vec![16], &inp, 16)?;
//! p.dram.push_buffer("wgt", ElemType::I8, vec![16, 16], &wgt, 256)?;
//! p.dram.push_zeroed("out", ElemType::I8, vec![16], 16, 16)?;
//! p.uops = vec![Uop::new(0, 0, 0)];
//! p.place_uops()?;
//! let one = LoopNest { uop_bgn: 0, uop_end: 1, iter_out: 1, iter_in: 1, ..LoopNest::default() };
//! // The load module signals compute (l2g) once the weights are in; compute
//! // signals store (g2s) once the product is ready.
//! let mut load_wgt = MemInsn::dense(MemId::Wgt, 0, 1, 1, 1); // byte 256
//! load_wgt.deps.push_next = true;
//! let mut store = MemInsn::dense(MemId::Out, 0, 32, 1, 1); // byte 512
//! store.deps.pop_prev = true;
//! let gemm_deps = DepFlags { pop_prev: true, push_next: true, ..DepFlags::NONE };
//! p.insns = vec![
//!     Insn::Load(MemInsn::dense(MemId::Uop, 0, p.uop_dram_base, 1, 1)),
//!     Insn::Load(MemInsn::dense(MemId::Inp, 0, 0, 1, 1)), // byte 0
//!     Insn::Load(load_wgt),
//!     Insn::Gemm(GemmInsn { reset: true, loops: one, ..GemmInsn::default() }),
//!     Insn::Gemm(GemmInsn { deps: gemm_deps, loops: one, ..GemmInsn::default() }),
//!     Insn::Store(store),
//!     Insn::Finish(DepFlags::NONE),
//! ];
//! let outcome = run_program(&p, &SimOptions::default())?;
//! assert_eq!(p.dram.view("out", &outcome.dram).unwrap(), &inp[..]);
//! println!("{}", disasm::disassemble(&p.insns));
//! println!("{}", outcome.stats);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod config;
pub mod disasm;
pub mod isa;
pub mod program;
pub mod sim;

pub use config::{Buffer, ConfigError, TimingConfig, VtaConfig};
pub use isa::{
    AluInsn, AluOp, DecodeError, DepFlag, DepFlags, EncodeError, GemmInsn, Insn, IsaLayout,
    LoopNest, MemId, MemInsn, Module, Opcode, TokenQueue, Uop,
};
pub use program::{DramBuffer, DramImage, ElemType, Program, ProgramError};
pub use sim::{run_program, Fault, SimError, SimOptions, SimOutcome, SimStats, Simulator};
