//! The cycle model: three in-order modules synchronised by four token FIFOs.
//!
//! Tokens carry no data, so the k-th pop of a queue is satisfied by the k-th
//! push into it, and every push into one queue comes from one in-order
//! module. That makes the schedule a pure max-plus computation: an
//! instruction starts at `max(module free, time of the tokens it pops)` and
//! pushes its tokens at its completion (spec §4, §7). We compute it by
//! advancing each module's head as far as its tokens allow, round after round;
//! a round in which no module moves while instructions remain is a deadlock,
//! reported with what every blocked head waits for. Each round retires at
//! least one instruction, so the loop is bounded by the program length.
//!
//! Durations depend only on instruction fields and the configuration, never
//! on data, so the schedule (and the byte and micro-op counts, which are also
//! static) is computed before, and independently of, the functional run.

use crate::config::{Buffer, VtaConfig};
use crate::isa::{DepFlag, DepFlags, Insn, MemId, MemInsn, Module, TokenQueue};

use super::{Blocked, Fault, SimError};

/// When one instruction ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InsnTiming {
    /// Position in the instruction stream.
    pub index: usize,
    pub module: Module,
    /// First cycle of execution.
    pub start: u64,
    /// Cycle at which it completed and its pushes became visible.
    pub end: u64,
    /// Cycles the module sat idle before `start` waiting for a token.
    pub stall: u64,
    /// The queue whose token arrived last, if the instruction stalled.
    pub stalled_on: Option<TokenQueue>,
}

/// Per-module counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ModuleStats {
    pub insns: u64,
    /// Cycles spent executing instructions.
    pub busy_cycles: u64,
    /// Cycles spent waiting on each token queue, indexed by `TokenQueue as usize`.
    pub stall_cycles: [u64; 4],
    /// Completion cycle of the module's last instruction.
    pub end_cycle: u64,
}

impl ModuleStats {
    pub fn stall_on(&self, queue: TokenQueue) -> u64 {
        self.stall_cycles[queue as usize]
    }

    pub fn total_stall(&self) -> u64 {
        self.stall_cycles.iter().sum()
    }
}

/// DRAM traffic in bytes, per on-chip memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ByteCounts {
    pub uop_read: u64,
    pub inp_read: u64,
    pub wgt_read: u64,
    /// Includes `ACC_8BIT` loads (counted at their DRAM size).
    pub acc_read: u64,
    pub out_write: u64,
}

impl ByteCounts {
    pub fn total_read(&self) -> u64 {
        self.uop_read + self.inp_read + self.wgt_read + self.acc_read
    }
}

/// Everything the simulator measures about one run.
#[derive(Debug, Clone, PartialEq)]
pub struct SimStats {
    /// Cycle at which the last instruction of any module completed.
    pub total_cycles: u64,
    /// Completion cycle of FINISH, if the stream has one.
    pub finish_cycle: Option<u64>,
    /// Indexed by `Module as usize`; see [`SimStats::module`].
    pub modules: [ModuleStats; 3],
    pub bytes: ByteCounts,
    /// Non-reset GEMM micro-op executions.
    pub gemm_uops: u64,
    /// Reset GEMM micro-op executions.
    pub gemm_reset_uops: u64,
    pub alu_uops: u64,
    /// Multiply-accumulates done (non-reset GEMM micro-ops x MACs per micro-op).
    pub macs: u64,
    pub peak_macs_per_cycle: u64,
    /// Tokens pushed but never popped, indexed by `TokenQueue as usize`.
    pub tokens_left: [u64; 4],
    pub clock_mhz: u32,
    /// One entry per instruction, in stream order.
    pub timeline: Vec<InsnTiming>,
}

impl SimStats {
    pub fn module(&self, module: Module) -> &ModuleStats {
        &self.modules[module as usize]
    }

    /// MACs done / (peak MACs per cycle x total cycles), in 0..=1.
    pub fn gemm_utilisation(&self) -> f64 {
        let peak = self.peak_macs_per_cycle as f64 * self.total_cycles as f64;
        if peak == 0.0 {
            0.0
        } else {
            self.macs as f64 / peak
        }
    }

    /// Wall-clock time at the configured clock.
    pub fn seconds(&self) -> f64 {
        self.total_cycles as f64 / (f64::from(self.clock_mhz) * 1e6)
    }
}

impl std::fmt::Display for SimStats {
    /// A multi-line report: totals, then one line per module.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "cycles: {} ({:.3} us at {} MHz), gemm utilisation {:.1}%",
            self.total_cycles,
            self.seconds() * 1e6,
            self.clock_mhz,
            100.0 * self.gemm_utilisation()
        )?;
        writeln!(
            f,
            "micro-ops: gemm {} (+{} reset), alu {}; MACs {}",
            self.gemm_uops, self.gemm_reset_uops, self.alu_uops, self.macs
        )?;
        let b = &self.bytes;
        writeln!(
            f,
            "dram bytes: read uop {} inp {} wgt {} acc {}, write out {}",
            b.uop_read, b.inp_read, b.wgt_read, b.acc_read, b.out_write
        )?;
        for module in Module::ALL {
            let m = self.module(module);
            let stalls: Vec<String> = TokenQueue::ALL
                .iter()
                .filter(|&&q| m.stall_on(q) > 0)
                .map(|&q| format!("{} {}", q.name(), m.stall_on(q)))
                .collect();
            writeln!(
                f,
                "{:<7} insns {} busy {} stall [{}]",
                module.name(),
                m.insns,
                m.busy_cycles,
                stalls.join(", ")
            )?;
        }
        Ok(())
    }
}

/// The queues an instruction pops (or pushes) in its module.
fn queues(module: Module, deps: DepFlags, pop: bool) -> impl Iterator<Item = TokenQueue> {
    deps.set_flags()
        .filter(move |f| matches!(f, DepFlag::PopPrev | DepFlag::PopNext) == pop)
        .filter_map(move |f| DepFlags::queue(module, f))
}

fn ceil_div(a: u64, b: u64) -> u64 {
    a.div_ceil(b.max(1))
}

/// Bytes of one element of `memory` as stored in DRAM.
pub fn dram_elem_bytes(config: &VtaConfig, memory: MemId) -> u64 {
    match memory {
        MemId::Uop => config.elem_bytes(Buffer::Uop),
        MemId::Inp => config.elem_bytes(Buffer::Inp),
        MemId::Wgt => config.elem_bytes(Buffer::Wgt),
        MemId::Acc => config.elem_bytes(Buffer::Acc),
        MemId::Out => config.elem_bytes(Buffer::Out),
        // One byte per accumulator lane.
        MemId::Acc8Bit => config.lanes(Buffer::Acc),
    }
}

/// Cycles of one LOAD or STORE: per row, DRAM latency plus bus beats; plus
/// one cycle per padding tile written (spec §7).
fn transfer_cycles(config: &VtaConfig, m: &MemInsn, with_padding: bool) -> u64 {
    let e = dram_elem_bytes(config, m.memory);
    let latency = u64::from(config.timing.dram_latency_cycles);
    let row = latency + ceil_div(u64::from(m.x_size) * e, config.bus_bytes());
    let data = u64::from(m.y_size) * row;
    let pad = if with_padding {
        m.x_total() * m.y_total() - u64::from(m.x_size) * u64::from(m.y_size)
    } else {
        0
    };
    (data + pad).max(1)
}

/// Cycles one instruction occupies its module.
pub fn insn_cycles(config: &VtaConfig, insn: &Insn) -> u64 {
    let drain = u64::from(config.timing.pipeline_drain_cycles);
    match insn {
        _ if insn.is_nop() => 1,
        Insn::Finish(_) => 1,
        Insn::Load(m) => transfer_cycles(config, m, true),
        Insn::Store(m) => transfer_cycles(config, m, false),
        Insn::Gemm(g) => g.loops.executions() + drain,
        Insn::Alu(a) => a.loops.executions() * if a.use_imm { 1 } else { 2 } + drain,
    }
}

/// Adds the static traffic and micro-op counts of one instruction.
fn count(config: &VtaConfig, insn: &Insn, stats: &mut SimStats) {
    match insn {
        Insn::Load(m) | Insn::Store(m) if m.x_size > 0 => {
            let bytes =
                u64::from(m.x_size) * u64::from(m.y_size) * dram_elem_bytes(config, m.memory);
            let b = &mut stats.bytes;
            match (insn, m.memory) {
                (Insn::Store(_), _) => b.out_write += bytes,
                (_, MemId::Uop) => b.uop_read += bytes,
                (_, MemId::Inp) => b.inp_read += bytes,
                (_, MemId::Wgt) => b.wgt_read += bytes,
                (_, MemId::Acc | MemId::Acc8Bit) => b.acc_read += bytes,
                // LOAD OUT is rejected before scheduling.
                (_, MemId::Out) => {}
            }
        }
        Insn::Gemm(g) if g.reset => stats.gemm_reset_uops += g.loops.executions(),
        Insn::Gemm(g) => {
            stats.gemm_uops += g.loops.executions();
            stats.macs += g.loops.executions() * config.macs_per_uop();
        }
        Insn::Alu(a) => stats.alu_uops += a.loops.executions(),
        _ => {}
    }
}

/// Schedules `insns` (already checked for legal flags) on the three modules.
pub fn schedule(config: &VtaConfig, insns: &[Insn]) -> Result<SimStats, SimError> {
    let mut streams: [Vec<usize>; 3] = Default::default();
    for (index, insn) in insns.iter().enumerate() {
        streams[insn.module() as usize].push(index);
    }
    let mut stats = SimStats {
        total_cycles: 0,
        finish_cycle: None,
        modules: [ModuleStats::default(); 3],
        bytes: ByteCounts::default(),
        gemm_uops: 0,
        gemm_reset_uops: 0,
        alu_uops: 0,
        macs: 0,
        peak_macs_per_cycle: config.macs_per_uop(),
        tokens_left: [0; 4],
        clock_mhz: config.timing.clock_mhz,
        timeline: Vec::with_capacity(insns.len()),
    };
    let mut timeline: Vec<Option<InsnTiming>> = vec![None; insns.len()];
    let mut heads = [0usize; 3];
    let mut free = [0u64; 3];
    // push_times[q][k]: completion cycle of the k-th push into q.
    let mut push_times: [Vec<u64>; 4] = Default::default();
    let mut popped = [0usize; 4];

    loop {
        let mut progressed = false;
        for module in Module::ALL {
            let m = module as usize;
            while let Some(&index) = streams[m].get(heads[m]) {
                let insn = &insns[index];
                let deps = insn.deps();
                if queues(module, deps, true)
                    .any(|q| popped[q as usize] >= push_times[q as usize].len())
                {
                    break;
                }
                // The latest token decides the start; the first such queue
                // gets the blame for the stall.
                let mut start = free[m];
                let mut stalled_on = None;
                for q in queues(module, deps, true) {
                    let ready = push_times[q as usize][popped[q as usize]];
                    popped[q as usize] += 1;
                    if ready > start {
                        start = ready;
                        stalled_on = Some(q);
                    }
                }
                let stall = start - free[m];
                let end = start + insn_cycles(config, insn);
                for q in queues(module, deps, false) {
                    push_times[q as usize].push(end);
                }
                let ms = &mut stats.modules[m];
                ms.insns += 1;
                ms.busy_cycles += end - start;
                if let Some(q) = stalled_on {
                    ms.stall_cycles[q as usize] += stall;
                }
                ms.end_cycle = end;
                free[m] = end;
                if matches!(insn, Insn::Finish(_)) {
                    stats.finish_cycle = Some(end);
                }
                count(config, insn, &mut stats);
                timeline[index] = Some(InsnTiming {
                    index,
                    module,
                    start,
                    end,
                    stall,
                    stalled_on,
                });
                heads[m] += 1;
                progressed = true;
            }
        }
        let done = (0..3).all(|m| heads[m] == streams[m].len());
        if done {
            break;
        }
        if !progressed {
            let blocked: Vec<Blocked> = Module::ALL
                .into_iter()
                .filter_map(|module| {
                    let m = module as usize;
                    let &index = streams[m].get(heads[m])?;
                    let waiting_on = queues(module, insns[index].deps(), true)
                        .filter(|&q| popped[q as usize] >= push_times[q as usize].len())
                        .collect();
                    Some(Blocked {
                        module,
                        index,
                        waiting_on,
                    })
                })
                .collect();
            let index = blocked.iter().map(|b| b.index).min().unwrap_or(0);
            return Err(SimError::Insn {
                index,
                fault: Fault::Deadlock { blocked },
            });
        }
    }

    stats.total_cycles = free.iter().copied().max().unwrap_or(0);
    for q in TokenQueue::ALL {
        stats.tokens_left[q as usize] = (push_times[q as usize].len() - popped[q as usize]) as u64;
    }
    stats.timeline = timeline.into_iter().flatten().collect();
    Ok(stats)
}
