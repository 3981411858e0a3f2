//! The VTA accelerator as a hardware model, independent of any IR.
//!
//! A compiler back end needs four things from a target before it can emit
//! code: the target's parameters ([`config`]), the exact bits of its
//! instructions ([`isa`]), a file to put a program in ([`program`]) and a way
//! to check that what it emitted does what it should ([`sim`], with
//! [`disasm`] for reading it). Keeping them in one crate with no dependency on
//! the IR lets the hardware model be tested on its own, against the spec
//! (`shared/specs/vta-isa.md`), before any lowering exists.

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
