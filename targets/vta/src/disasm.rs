//! Human-readable text for instructions, micro-ops and programs.
//!
//! One instruction per line with every field spelled out, in the spirit of
//! TVM's `VTA_DEBUG_DUMP_INSN` print but greppable: `key=value` pairs in a
//! fixed order, followed by a `;` comment saying which token queues the
//! dependence flags touch in the instruction's module (the flags alone are
//! relative to the module, which is the usual source of confusion). The text
//! is meant for people and for exact-output tests, not for parsing back.

use std::fmt::{self, Write};

use crate::config::{Buffer, ConfigError, VtaConfig};
use crate::isa::{DepFlag, DepFlags, Insn, IsaLayout, Uop, INSN_BYTES};
use crate::program::Program;

fn bit(b: bool) -> u8 {
    u8::from(b)
}

/// The dependence fields, then the queues they mean for the module.
fn write_deps(f: &mut impl Write, insn: &Insn) -> fmt::Result {
    let d = insn.deps();
    write!(
        f,
        " pop_prev={} pop_next={} push_prev={} push_next={}",
        bit(d.pop_prev),
        bit(d.pop_next),
        bit(d.push_prev),
        bit(d.push_next)
    )?;
    let module = insn.module();
    let mut notes = Vec::new();
    for flag in d.set_flags() {
        let verb = match flag {
            DepFlag::PopPrev | DepFlag::PopNext => "pop",
            DepFlag::PushPrev | DepFlag::PushNext => "push",
        };
        match DepFlags::queue(module, flag) {
            Some(q) => notes.push(format!("{verb} {}", q.name())),
            None => notes.push(format!("ILLEGAL {}", flag.name())),
        }
    }
    write!(f, " ; {}", module.name())?;
    if insn.is_nop() {
        write!(f, " nop")?;
    }
    if !notes.is_empty() {
        write!(f, ": {}", notes.join(", "))?;
    }
    Ok(())
}

impl fmt::Display for Insn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:<6}", self.opcode().name())?;
        match self {
            Insn::Load(m) | Insn::Store(m) => write!(
                f,
                " {:<4} sram={:#06x} dram={:#010x} y_size={} x_size={} x_stride={} \
                 y_pad={},{} x_pad={},{}",
                m.memory.name(),
                m.sram_base,
                m.dram_base,
                m.y_size,
                m.x_size,
                m.x_stride,
                m.y_pad_0,
                m.y_pad_1,
                m.x_pad_0,
                m.x_pad_1
            )?,
            Insn::Gemm(g) => {
                let l = &g.loops;
                write!(
                    f,
                    " reset={} uop=[{},{}) iter_out={} iter_in={} dst_factor={},{} \
                     src_factor={},{} wgt_factor={},{}",
                    bit(g.reset),
                    l.uop_bgn,
                    l.uop_end,
                    l.iter_out,
                    l.iter_in,
                    l.dst_factor_out,
                    l.dst_factor_in,
                    l.src_factor_out,
                    l.src_factor_in,
                    g.wgt_factor_out,
                    g.wgt_factor_in
                )?
            }
            Insn::Alu(a) => {
                let l = &a.loops;
                write!(
                    f,
                    " {:<4} reset={} uop=[{},{}) iter_out={} iter_in={} dst_factor={},{} \
                     src_factor={},{} use_imm={} imm={}",
                    a.op.name(),
                    bit(a.reset),
                    l.uop_bgn,
                    l.uop_end,
                    l.iter_out,
                    l.iter_in,
                    l.dst_factor_out,
                    l.dst_factor_in,
                    l.src_factor_out,
                    l.src_factor_in,
                    bit(a.use_imm),
                    a.imm
                )?
            }
            Insn::Finish(_) => {}
        }
        write_deps(f, self)
    }
}

impl fmt::Display for Uop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "dst={} src={} wgt={}", self.dst, self.src, self.wgt)
    }
}

/// One line per instruction, each prefixed with its index.
pub fn disassemble(insns: &[Insn]) -> String {
    let mut out = String::new();
    for (index, insn) in insns.iter().enumerate() {
        // Writing to a String cannot fail.
        let _ = writeln!(out, "{index:>5}: {insn}");
    }
    out
}

/// Disassembles raw 16-byte instructions; a word that does not decode gets an
/// `<invalid ...>` line instead of stopping the listing.
pub fn disassemble_encoded(stream: &[u8], config: &VtaConfig) -> Result<String, ConfigError> {
    let layout = IsaLayout::for_config(config)?;
    let mut out = String::new();
    let chunks = stream.chunks_exact(INSN_BYTES);
    let tail = chunks.remainder().len();
    for (index, chunk) in chunks.enumerate() {
        let mut word = [0u8; INSN_BYTES];
        word.copy_from_slice(chunk);
        let word = u128::from_le_bytes(word);
        let _ = match layout.decode(word) {
            Ok(insn) => writeln!(out, "{index:>5}: {insn}"),
            Err(e) => writeln!(out, "{index:>5}: <invalid {word:#034x}: {e}>"),
        };
    }
    if tail != 0 {
        let _ = writeln!(out, "<{tail} trailing bytes>");
    }
    Ok(out)
}

/// A whole program: configuration summary, buffers, micro-ops, instructions.
pub fn disassemble_program(program: &Program) -> String {
    let c = &program.config;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "; config: batch={} block_in={} block_out={} inp=i{} wgt=i{} acc=i{} out=i{}",
        c.batch(),
        c.block_in(),
        c.block_out(),
        c.inp_width_bits(),
        c.wgt_width_bits(),
        c.acc_width_bits(),
        c.out_width_bits()
    );
    let depths: Vec<String> = Buffer::ALL
        .iter()
        .map(|&b| format!("{b}={}", c.depth(b)))
        .collect();
    let _ = writeln!(out, "; depths: {}", depths.join(" "));
    let _ = writeln!(
        out,
        "; dram: {} bytes, micro-op table at element {}",
        program.dram.bytes.len(),
        program.uop_dram_base
    );
    for b in &program.dram.buffers {
        let _ = writeln!(
            out,
            "; buffer {} offset={:#x} size={} elem={} shape={:?}",
            b.name,
            b.offset,
            b.size,
            b.elem.name(),
            b.shape
        );
    }
    let _ = writeln!(out, "uops:");
    for (index, uop) in program.uops.iter().enumerate() {
        let _ = writeln!(out, "{index:>5}: {uop}");
    }
    let _ = writeln!(out, "insns:");
    out.push_str(&disassemble(&program.insns));
    out
}
