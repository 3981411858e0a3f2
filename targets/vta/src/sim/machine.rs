//! The functional model: on-chip buffers, DRAM, and the bit-exact semantics
//! of each instruction (spec §5).
//!
//! Buffers hold one `i32` per lane, always sign-extended from the lane width,
//! so that every configuration with 8-, 16- or 32-bit lanes shares one code
//! path; arithmetic is done in `i64` (wrapping) and wrapped back to the lane
//! width with [`wrap`]. The micro-op buffer holds raw 32-bit words, decoded
//! when a GEMM or ALU reads them, exactly as the hardware would.
//!
//! Every access is checked before anything is written: an out-of-range LOAD
//! leaves the buffers untouched, and a GEMM or ALU whose loop nest leaves a
//! buffer stops at the first bad index with an error naming it. Nothing here
//! indexes a slice without a prior check, so bad input cannot panic.

use crate::config::{Buffer, VtaConfig};
use crate::isa::{AluInsn, AluOp, GemmInsn, Insn, IsaLayout, LoopNest, MemId, MemInsn, Opcode};

use super::timing::dram_elem_bytes;
use super::Fault;

/// Wraps `v` to a signed `bits`-wide lane (bits <= 32).
pub(crate) fn wrap(v: i64, bits: u32) -> i32 {
    let s = 64 - bits;
    ((v << s) >> s) as i32
}

/// Reads a little-endian signed lane of `bytes.len()` bytes.
fn read_signed(bytes: &[u8]) -> i32 {
    let mut buf = [0u8; 8];
    buf[..bytes.len()].copy_from_slice(bytes);
    wrap(i64::from_le_bytes(buf), 8 * bytes.len() as u32)
}

/// Lane geometry of one buffer.
#[derive(Debug, Clone, Copy)]
struct Geometry {
    lanes: usize,
    depth: u64,
}

pub(crate) struct Machine {
    config: VtaConfig,
    layout: IsaLayout,
    uop: Vec<u32>,
    inp: Vec<i32>,
    wgt: Vec<i32>,
    acc: Vec<i32>,
    pub(crate) dram: Vec<u8>,
}

impl Machine {
    /// `config` must have been validated.
    pub(crate) fn new(config: &VtaConfig, layout: IsaLayout, dram: Vec<u8>) -> Self {
        let size = |b: Buffer| (config.depth(b) * config.lanes(b)) as usize;
        Machine {
            config: config.clone(),
            layout,
            uop: vec![0; config.depth(Buffer::Uop) as usize],
            inp: vec![0; size(Buffer::Inp)],
            wgt: vec![0; size(Buffer::Wgt)],
            acc: vec![0; size(Buffer::Acc)],
            dram,
        }
    }

    fn geometry(&self, buffer: Buffer) -> Geometry {
        Geometry {
            lanes: self.config.lanes(buffer) as usize,
            depth: self.config.depth(buffer),
        }
    }

    /// The lanes of element `index` of an inp, wgt or acc buffer.
    pub(crate) fn elem(&self, buffer: Buffer, index: u64) -> Option<&[i32]> {
        let g = self.geometry(buffer);
        let data = match buffer {
            Buffer::Inp => &self.inp,
            Buffer::Wgt => &self.wgt,
            Buffer::Acc => &self.acc,
            Buffer::Uop | Buffer::Out => return None,
        };
        tile(data, index, g)
    }

    pub(crate) fn elem_mut(&mut self, buffer: Buffer, index: u64) -> Option<&mut [i32]> {
        let g = self.geometry(buffer);
        let data = match buffer {
            Buffer::Inp => &mut self.inp,
            Buffer::Wgt => &mut self.wgt,
            Buffer::Acc => &mut self.acc,
            Buffer::Uop | Buffer::Out => return None,
        };
        tile_mut(data, index, g)
    }

    pub(crate) fn uop_word(&self, index: u64) -> Option<u32> {
        self.uop.get(usize::try_from(index).ok()?).copied()
    }

    pub(crate) fn uop_word_mut(&mut self, index: u64) -> Option<&mut u32> {
        self.uop.get_mut(usize::try_from(index).ok()?)
    }

    /// Executes one instruction.
    pub(crate) fn execute(&mut self, insn: &Insn, check_hazards: bool) -> Result<(), Fault> {
        match insn {
            Insn::Load(m) => self.load(m),
            Insn::Store(m) => self.store(m),
            Insn::Gemm(g) => self.gemm(g, check_hazards),
            Insn::Alu(a) => self.alu(a, check_hazards),
            Insn::Finish(_) => Ok(()),
        }
    }

    /// Checks that every row of a 2-D DRAM transfer lies inside DRAM; returns
    /// the byte address of each row.
    fn dram_rows(&self, m: &MemInsn, elem_bytes: u64) -> Result<Vec<usize>, Fault> {
        let size = self.dram.len() as u64;
        let len = u64::from(m.x_size) * elem_bytes;
        (0..u64::from(m.y_size))
            .map(|r| {
                let addr = (u64::from(m.dram_base) + r * u64::from(m.x_stride)) * elem_bytes;
                if addr + len > size {
                    Err(Fault::DramOutOfRange { addr, len, size })
                } else {
                    Ok(addr as usize)
                }
            })
            .collect()
    }

    fn load(&mut self, m: &MemInsn) -> Result<(), Fault> {
        // A zero-width transfer only synchronises: no data, no padding.
        if m.x_size == 0 {
            return Ok(());
        }
        let (buffer, sram_lane_bits) = match m.memory {
            MemId::Uop => (Buffer::Uop, 32),
            MemId::Inp => (Buffer::Inp, self.config.inp_width_bits()),
            MemId::Wgt => (Buffer::Wgt, self.config.wgt_width_bits()),
            MemId::Acc | MemId::Acc8Bit => (Buffer::Acc, self.config.acc_width_bits()),
            MemId::Out => {
                return Err(Fault::IllegalMemory {
                    opcode: Opcode::Load,
                    memory: m.memory,
                })
            }
        };
        let depth = self.config.depth(buffer);
        let end = u64::from(m.sram_base) + m.x_total() * m.y_total();
        if end > depth {
            return Err(Fault::SramOutOfRange {
                buffer,
                first: m.sram_base.into(),
                end,
                depth,
            });
        }
        let elem_bytes = dram_elem_bytes(&self.config, m.memory);
        let rows = self.dram_rows(m, elem_bytes)?;
        let lanes = self.config.lanes(buffer) as usize;
        // DRAM lanes are narrower than SRAM lanes only for ACC_8BIT, where
        // sign extension is what the spec asks for.
        let lane_bytes = elem_bytes as usize / lanes;
        debug_assert!(lane_bytes * 8 <= sram_lane_bits as usize);

        // The block is dense: element (y, x) of the padded block lands at
        // sram_base + y * X + x.
        let x_total = m.x_total();
        let base = u64::from(m.sram_base);
        let data_rows = u64::from(m.y_pad_0)..u64::from(m.y_pad_0) + u64::from(m.y_size);
        let data_cols = u64::from(m.x_pad_0)..u64::from(m.x_pad_0) + u64::from(m.x_size);
        for y in 0..m.y_total() {
            for x in 0..x_total {
                let index = base + y * x_total + x;
                let src = if data_rows.contains(&y) && data_cols.contains(&x) {
                    let row = rows[(y - data_rows.start) as usize];
                    Some(row + (x - data_cols.start) as usize * elem_bytes as usize)
                } else {
                    None
                };
                if buffer == Buffer::Uop {
                    let word = match src {
                        Some(a) => self
                            .dram
                            .get(a..a + 4)
                            .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
                        None => 0,
                    };
                    if let Some(slot) = self.uop_word_mut(index) {
                        *slot = word;
                    }
                    continue;
                }
                // Split borrows: read DRAM before borrowing the SRAM element.
                let mut values = vec![0i32; lanes];
                if let Some(a) = src {
                    for (lane, v) in values.iter_mut().enumerate() {
                        let at = a + lane * lane_bytes;
                        *v = self.dram.get(at..at + lane_bytes).map_or(0, read_signed);
                    }
                }
                if let Some(dst) = self.elem_mut(buffer, index) {
                    dst.copy_from_slice(&values);
                }
            }
        }
        Ok(())
    }

    fn store(&mut self, m: &MemInsn) -> Result<(), Fault> {
        if m.x_size == 0 {
            return Ok(());
        }
        if m.memory != MemId::Out {
            return Err(Fault::IllegalMemory {
                opcode: Opcode::Store,
                memory: m.memory,
            });
        }
        let depth = self.config.depth(Buffer::Out);
        let end = u64::from(m.sram_base) + u64::from(m.x_size) * u64::from(m.y_size);
        if end > depth {
            return Err(Fault::SramOutOfRange {
                buffer: Buffer::Out,
                first: m.sram_base.into(),
                end,
                depth,
            });
        }
        let elem_bytes = self.config.elem_bytes(Buffer::Out);
        let rows = self.dram_rows(m, elem_bytes)?;
        let out_bytes = (self.config.out_width_bits() / 8) as usize;
        let mut index = u64::from(m.sram_base);
        for row in rows {
            for x in 0..m.x_size as usize {
                let Some(src) = self.elem(Buffer::Acc, index) else {
                    return Err(Fault::SramOutOfRange {
                        buffer: Buffer::Out,
                        first: index,
                        end: index + 1,
                        depth,
                    });
                };
                // Truncation, not saturation: keep the low out-width bits.
                let bytes: Vec<u8> = src
                    .iter()
                    .flat_map(|&v| v.to_le_bytes().into_iter().take(out_bytes))
                    .collect();
                let at = row + x * elem_bytes as usize;
                if let Some(dst) = self.dram.get_mut(at..at + bytes.len()) {
                    dst.copy_from_slice(&bytes);
                }
                index += 1;
            }
        }
        Ok(())
    }

    /// Checks the micro-op range and, if asked, TVM's rule that a micro-op's
    /// dst differs from the previous two micro-ops' dst (the hardware does not
    /// interlock read-after-write on the accumulator).
    fn check_uops(&self, loops: &LoopNest, check_hazards: bool) -> Result<(), Fault> {
        let depth = self.config.depth(Buffer::Uop);
        if loops.uop_end < loops.uop_bgn {
            return Err(Fault::UopRangeReversed {
                bgn: loops.uop_bgn,
                end: loops.uop_end,
            });
        }
        if u64::from(loops.uop_end) > depth {
            return Err(Fault::SramOutOfRange {
                buffer: Buffer::Uop,
                first: loops.uop_bgn.into(),
                end: loops.uop_end.into(),
                depth,
            });
        }
        if check_hazards {
            let dst = |u: u32| {
                self.layout
                    .decode_uop_lenient(self.uop_word(u.into()).unwrap_or(0))
                    .dst
            };
            for u in loops.uop_bgn..loops.uop_end {
                for earlier in u.saturating_sub(2).max(loops.uop_bgn)..u {
                    if dst(u) == dst(earlier) {
                        return Err(Fault::UopHazard {
                            uop: u,
                            earlier,
                            dst: dst(u),
                        });
                    }
                }
            }
        }
        Ok(())
    }

    fn gemm(&mut self, g: &GemmInsn, check_hazards: bool) -> Result<(), Fault> {
        self.check_uops(&g.loops, check_hazards)?;
        let batch = self.config.batch() as usize;
        let block_in = self.config.block_in() as usize;
        let block_out = self.config.block_out() as usize;
        let acc_bits = self.config.acc_width_bits();
        let (gi, gw, ga) = (
            self.geometry(Buffer::Inp),
            self.geometry(Buffer::Wgt),
            self.geometry(Buffer::Acc),
        );
        let reset = g.reset;
        // Disjoint borrows of the buffers: the closure reads inp and wgt and
        // writes acc.
        let (inp, wgt, acc) = (&self.inp, &self.wgt, &mut self.acc);
        let wgt_factors = (g.wgt_factor_out, g.wgt_factor_in);
        for_each_uop(
            &self.uop,
            &self.layout,
            &g.loops,
            wgt_factors,
            |dst, src, w| {
                let out = tile_mut(acc, dst, ga).ok_or(out_of_range(Buffer::Acc, dst, ga))?;
                if reset {
                    out.fill(0);
                    return Ok(());
                }
                let x = tile(inp, src, gi).ok_or(out_of_range(Buffer::Inp, src, gi))?;
                let w = tile(wgt, w, gw).ok_or(out_of_range(Buffer::Wgt, w, gw))?;
                for b in 0..batch {
                    let xrow = &x[b * block_in..(b + 1) * block_in];
                    for n in 0..block_out {
                        let wrow = &w[n * block_in..(n + 1) * block_in];
                        let sum = xrow.iter().zip(wrow).fold(0i64, |s, (&a, &b)| {
                            s.wrapping_add(i64::from(a).wrapping_mul(i64::from(b)))
                        });
                        let lane = &mut out[b * block_out + n];
                        *lane = wrap(i64::from(*lane).wrapping_add(sum), acc_bits);
                    }
                }
                Ok(())
            },
        )
    }

    fn alu(&mut self, a: &AluInsn, check_hazards: bool) -> Result<(), Fault> {
        self.check_uops(&a.loops, check_hazards)?;
        let acc_bits = self.config.acc_width_bits();
        let ga = self.geometry(Buffer::Acc);
        let (op, use_imm, imm) = (a.op, a.use_imm, a.imm);
        let acc = &mut self.acc;
        // dst and src may be the same tile: copy the source lanes first.
        let mut y = vec![imm; ga.lanes];
        for_each_uop(&self.uop, &self.layout, &a.loops, (0, 0), |dst, src, _| {
            if !use_imm {
                let s = tile(acc, src, ga).ok_or(out_of_range(Buffer::Acc, src, ga))?;
                y.copy_from_slice(s);
            }
            let out = tile_mut(acc, dst, ga).ok_or(out_of_range(Buffer::Acc, dst, ga))?;
            for (x, &y) in out.iter_mut().zip(&y) {
                *x = alu_op(op, *x, y, acc_bits);
            }
            Ok(())
        })
    }
}

/// Element `index` of a lane buffer, if in range.
fn tile(data: &[i32], index: u64, g: Geometry) -> Option<&[i32]> {
    if index >= g.depth {
        return None;
    }
    let start = usize::try_from(index).ok()? * g.lanes;
    data.get(start..start + g.lanes)
}

fn tile_mut(data: &mut [i32], index: u64, g: Geometry) -> Option<&mut [i32]> {
    if index >= g.depth {
        return None;
    }
    let start = usize::try_from(index).ok()? * g.lanes;
    data.get_mut(start..start + g.lanes)
}

fn out_of_range(buffer: Buffer, index: u64, g: Geometry) -> Fault {
    Fault::SramOutOfRange {
        buffer,
        first: index,
        end: index + 1,
        depth: g.depth,
    }
}

/// Runs the two-level loop nest of spec §5, calling `body(dst, src, wgt)`
/// with each micro-op's indices plus the loop offsets; wgt offsets come from
/// `wgt_factors` (zero for ALU).
fn for_each_uop(
    uops: &[u32],
    layout: &IsaLayout,
    loops: &LoopNest,
    wgt_factors: (u32, u32),
    mut body: impl FnMut(u64, u64, u64) -> Result<(), Fault>,
) -> Result<(), Fault> {
    for o in 0..u64::from(loops.iter_out) {
        for i in 0..u64::from(loops.iter_in) {
            for u in loops.uop_bgn..loops.uop_end {
                let word = uops.get(u as usize).copied().unwrap_or(0);
                let uop = layout.decode_uop_lenient(word);
                let dst = u64::from(uop.dst)
                    + o * u64::from(loops.dst_factor_out)
                    + i * u64::from(loops.dst_factor_in);
                let src = u64::from(uop.src)
                    + o * u64::from(loops.src_factor_out)
                    + i * u64::from(loops.src_factor_in);
                let wgt = u64::from(uop.wgt)
                    + o * u64::from(wgt_factors.0)
                    + i * u64::from(wgt_factors.1);
                body(dst, src, wgt)?;
            }
        }
    }
    Ok(())
}

/// One ALU lane operation on `bits`-wide accumulators.
///
/// SHR by `y >= 0` is an arithmetic shift right and by `y < 0` a shift left
/// by `-y` (TVM's functional simulator). Amounts beyond the lane width, which
/// C leaves undefined, are given their arithmetic meaning: a right shift
/// saturates to the sign, a left shift to zero.
pub(crate) fn alu_op(op: AluOp, x: i32, y: i32, bits: u32) -> i32 {
    let (x, y) = (i64::from(x), i64::from(y));
    let r = match op {
        AluOp::Min => x.min(y),
        AluOp::Max => x.max(y),
        AluOp::Add => x + y,
        AluOp::Mul => x * y,
        AluOp::Shr if y >= 0 => x >> y.min(63),
        AluOp::Shr => {
            let s = -y;
            if s >= i64::from(bits) {
                0
            } else {
                x << s
            }
        }
    };
    wrap(r, bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_and_lanes() {
        assert_eq!(wrap(0x1_0000_0005, 32), 5);
        assert_eq!(wrap(0xff, 8), -1);
        assert_eq!(wrap(0x80, 8), -128);
        assert_eq!(read_signed(&[0xfe]), -2);
        assert_eq!(read_signed(&[0xff, 0x7f]), 0x7fff);
        assert_eq!(read_signed(&[0, 0, 0, 0x80]), i32::MIN);
    }

    #[test]
    fn alu_extremes() {
        assert_eq!(alu_op(AluOp::Add, i32::MAX, 1, 32), i32::MIN);
        assert_eq!(alu_op(AluOp::Mul, i32::MIN, -1, 32), i32::MIN);
        assert_eq!(alu_op(AluOp::Shr, -5, 1, 32), -3);
        assert_eq!(alu_op(AluOp::Shr, -5, 100, 32), -1);
        assert_eq!(alu_op(AluOp::Shr, 5, 100, 32), 0);
        assert_eq!(alu_op(AluOp::Shr, 3, -2, 32), 12);
        assert_eq!(alu_op(AluOp::Shr, 3, -31, 32), i32::MIN);
        assert_eq!(alu_op(AluOp::Shr, 3, -32, 32), 0);
        assert_eq!(alu_op(AluOp::Add, 0x7fff, 1, 16), -0x8000);
    }
}
