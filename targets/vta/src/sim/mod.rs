//! A functional and timed simulator of VTA.
//!
//! The simulator answers two questions about an instruction stream: what
//! does it compute, bit for bit, and how long does it take. They are answered
//! separately, on purpose:
//!
//! - the *functional* model ([`machine`]) executes instructions in stream
//!   order, as TVM's functional simulator does. For a stream whose tokens
//!   order every pair of conflicting accesses (which is what the tokens are
//!   for) any legal execution order gives the same result, and stream order is
//!   the one that is easy to reason about;
//! - the *timed* model ([`timing`]) schedules the same stream on the load,
//!   compute and store modules with their four token queues, and reports
//!   cycles, stalls, traffic and utilisation. It also finds deadlocks, which
//!   the functional model cannot see.
//!
//! A run first checks every instruction statically (encodable fields, legal
//! flags for its module, legal memory ids, FINISH last), then schedules, then
//! executes. Each failure is a [`SimError`] naming the instruction; nothing
//! panics on a malformed stream and nothing loops without bound: the number
//! of micro-op executions is capped by [`SimOptions::max_uop_executions`].

mod machine;
mod timing;

use thiserror::Error;

pub use timing::{
    dram_elem_bytes, insn_cycles, schedule, ByteCounts, InsnTiming, ModuleStats, SimStats,
};

use crate::config::{Buffer, ConfigError, VtaConfig};
use crate::isa::{
    DecodeError, DepFlags, EncodeError, Insn, IsaLayout, MemId, Module, Opcode, TokenQueue,
    INSN_BYTES,
};
use crate::program::{Program, ProgramError};
use machine::Machine;

/// Default cap on micro-op executions in one run (about a billion).
pub const DEFAULT_MAX_UOP_EXECUTIONS: u64 = 1 << 30;

/// Knobs of a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimOptions {
    /// Stop with [`Fault::BudgetExceeded`] rather than execute more GEMM/ALU
    /// micro-ops than this.
    pub max_uop_executions: u64,
    /// Reject a GEMM/ALU whose micro-op range has a dst equal to one of the
    /// previous two micro-ops' dst (the TVM runtime's hazard rule).
    pub check_uop_hazards: bool,
    /// Reject a stream that does not end with FINISH.
    pub require_finish: bool,
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            max_uop_executions: DEFAULT_MAX_UOP_EXECUTIONS,
            check_uop_hazards: true,
            require_finish: true,
        }
    }
}

/// A module that cannot start its next instruction, and the queues it waits on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blocked {
    pub module: Module,
    pub index: usize,
    pub waiting_on: Vec<TokenQueue>,
}

/// What is wrong with one instruction.
#[derive(Debug, Error)]
pub enum Fault {
    #[error("cannot decode: {0}")]
    Decode(#[from] DecodeError),
    #[error("cannot encode: {0}")]
    Encode(#[from] EncodeError),
    #[error("{flag} is illegal in the {} module", module.name())]
    IllegalFlag { module: Module, flag: &'static str },
    #[error("{} cannot address memory {}", opcode.name(), memory.name())]
    IllegalMemory { opcode: Opcode, memory: MemId },
    #[error("STORE has no padding, but padding fields are set")]
    StorePadding,
    #[error("{buffer} elements {first}..{end} are outside its depth {depth}")]
    SramOutOfRange {
        buffer: Buffer,
        first: u64,
        end: u64,
        depth: u64,
    },
    #[error("DRAM bytes {addr}..{} are outside the {size}-byte image", addr + len)]
    DramOutOfRange { addr: u64, len: u64, size: u64 },
    #[error("micro-op range {bgn}..{end} is reversed")]
    UopRangeReversed { bgn: u32, end: u32 },
    #[error("micro-op {uop} writes acc {dst} like micro-op {earlier} just before it (RAW hazard)")]
    UopHazard { uop: u32, earlier: u32, dst: u32 },
    #[error("deadlock: {}", describe_blocked(blocked))]
    Deadlock { blocked: Vec<Blocked> },
    #[error("the stream does not end with FINISH")]
    MissingFinish,
    #[error("instruction after the FINISH at {finish}")]
    AfterFinish { finish: usize },
    #[error("more than {limit} micro-op executions")]
    BudgetExceeded { limit: u64 },
}

/// What each blocked module waits for: `compute blocked at instruction 16
/// waiting on l2g; ...`.
pub fn describe_blocked(blocked: &[Blocked]) -> String {
    blocked
        .iter()
        .map(|b| {
            let queues: Vec<&str> = b.waiting_on.iter().map(|q| q.name()).collect();
            format!(
                "{} blocked at instruction {} waiting on {}",
                b.module.name(),
                b.index,
                queues.join("+")
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A failed run.
#[derive(Debug, Error)]
pub enum SimError {
    #[error("invalid configuration: {0}")]
    Config(#[from] ConfigError),
    #[error("invalid program: {0}")]
    Program(#[from] ProgramError),
    #[error("instruction stream of {len} bytes is not a whole number of instructions")]
    RaggedStream { len: usize },
    #[error("instruction {index}: {fault}")]
    Insn { index: usize, fault: Fault },
}

impl SimError {
    /// The instruction the error is about, if it is about one.
    pub fn index(&self) -> Option<usize> {
        match self {
            SimError::Insn { index, .. } => Some(*index),
            _ => None,
        }
    }

    pub fn fault(&self) -> Option<&Fault> {
        match self {
            SimError::Insn { fault, .. } => Some(fault),
            _ => None,
        }
    }
}

fn at(index: usize) -> impl FnOnce(Fault) -> SimError {
    move |fault| SimError::Insn { index, fault }
}

/// A VTA device: on-chip buffers and DRAM that persist across runs.
pub struct Simulator {
    config: VtaConfig,
    layout: IsaLayout,
    options: SimOptions,
    machine: Machine,
}

impl Simulator {
    /// A device with zeroed buffers and the given DRAM image.
    pub fn new(config: &VtaConfig, dram: Vec<u8>) -> Result<Self, SimError> {
        let layout = IsaLayout::for_config(config)?;
        Ok(Simulator {
            config: config.clone(),
            layout,
            options: SimOptions::default(),
            machine: Machine::new(config, layout, dram),
        })
    }

    pub fn with_options(mut self, options: SimOptions) -> Self {
        self.options = options;
        self
    }

    pub fn options_mut(&mut self) -> &mut SimOptions {
        &mut self.options
    }

    pub fn config(&self) -> &VtaConfig {
        &self.config
    }

    pub fn dram(&self) -> &[u8] {
        &self.machine.dram
    }

    pub fn dram_mut(&mut self) -> &mut [u8] {
        &mut self.machine.dram
    }

    pub fn into_dram(self) -> Vec<u8> {
        self.machine.dram
    }

    /// Lanes of element `index` of the inp, wgt or acc buffer (sign-extended).
    pub fn sram(&self, buffer: Buffer, index: u64) -> Option<&[i32]> {
        self.machine.elem(buffer, index)
    }

    /// Mutable lanes of an inp, wgt or acc element, to set up a test state.
    pub fn sram_mut(&mut self, buffer: Buffer, index: u64) -> Option<&mut [i32]> {
        self.machine.elem_mut(buffer, index)
    }

    /// Raw word `index` of the micro-op buffer.
    pub fn uop_word(&self, index: u64) -> Option<u32> {
        self.machine.uop_word(index)
    }

    /// Decodes and runs a stream of 16-byte instructions.
    pub fn run_encoded(&mut self, stream: &[u8]) -> Result<SimStats, SimError> {
        if !stream.chunks_exact(INSN_BYTES).remainder().is_empty() {
            return Err(SimError::RaggedStream { len: stream.len() });
        }
        let insns = stream
            .chunks_exact(INSN_BYTES)
            .enumerate()
            .map(|(index, chunk)| {
                let mut word = [0u8; INSN_BYTES];
                word.copy_from_slice(chunk);
                self.layout
                    .decode(u128::from_le_bytes(word))
                    .map_err(|e| at(index)(e.into()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.run(&insns)
    }

    /// Checks, schedules and executes `insns`; see the module docs.
    pub fn run(&mut self, insns: &[Insn]) -> Result<SimStats, SimError> {
        for (index, insn) in insns.iter().enumerate() {
            self.check(insn).map_err(at(index))?;
        }
        self.check_finish(insns)?;
        let stats = timing::schedule(&self.config, insns)?;
        let mut budget = self.options.max_uop_executions;
        for (index, insn) in insns.iter().enumerate() {
            let executions = match insn {
                Insn::Gemm(g) => g.loops.executions(),
                Insn::Alu(a) => a.loops.executions(),
                _ => 0,
            };
            budget = budget.checked_sub(executions).ok_or_else(|| {
                at(index)(Fault::BudgetExceeded {
                    limit: self.options.max_uop_executions,
                })
            })?;
            self.machine
                .execute(insn, self.options.check_uop_hazards)
                .map_err(at(index))?;
        }
        Ok(stats)
    }

    /// Static checks of one instruction: encodable, legal flags and memory.
    fn check(&self, insn: &Insn) -> Result<(), Fault> {
        self.layout.encode(insn)?;
        // A flag naming a neighbour the module does not have is illegal:
        // the load module has no "prev", the store module no "next".
        let module = insn.module();
        if let Some(flag) = insn
            .deps()
            .set_flags()
            .find(|&f| DepFlags::queue(module, f).is_none())
        {
            return Err(Fault::IllegalFlag {
                module,
                flag: flag.name(),
            });
        }
        match insn {
            Insn::Load(m) if m.memory == MemId::Out => Err(Fault::IllegalMemory {
                opcode: Opcode::Load,
                memory: m.memory,
            }),
            Insn::Store(m) if m.memory != MemId::Out => Err(Fault::IllegalMemory {
                opcode: Opcode::Store,
                memory: m.memory,
            }),
            Insn::Store(m) if m.y_pad_0 | m.y_pad_1 | m.x_pad_0 | m.x_pad_1 != 0 => {
                Err(Fault::StorePadding)
            }
            _ => Ok(()),
        }
    }

    /// FINISH ends the stream: nothing may follow it, and unless the options
    /// say otherwise the stream must have one.
    fn check_finish(&self, insns: &[Insn]) -> Result<(), SimError> {
        match insns.iter().position(|i| matches!(i, Insn::Finish(_))) {
            Some(finish) if finish + 1 < insns.len() => {
                Err(at(finish + 1)(Fault::AfterFinish { finish }))
            }
            None if self.options.require_finish => Err(at(insns.len())(Fault::MissingFinish)),
            _ => Ok(()),
        }
    }
}

/// The result of running a [`Program`].
#[derive(Debug, Clone)]
pub struct SimOutcome {
    pub stats: SimStats,
    /// DRAM after the run.
    pub dram: Vec<u8>,
}

/// Runs a whole program on a fresh device: its DRAM image (with the
/// micro-op table written in) is the initial DRAM.
pub fn run_program(program: &Program, options: &SimOptions) -> Result<SimOutcome, SimError> {
    let dram = program.initial_dram()?;
    let mut sim = Simulator::new(&program.config, dram)?.with_options(options.clone());
    let stats = sim.run(&program.insns)?;
    Ok(SimOutcome {
        stats,
        dram: sim.into_dram(),
    })
}
