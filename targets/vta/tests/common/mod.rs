//! Helpers shared by the integration tests: a seeded generator (so failures
//! reproduce without a property-testing dependency) and random instructions
//! whose fields are drawn from the configuration's field widths.

#![allow(dead_code)]

use strata_vta::isa::Field;
use strata_vta::{
    AluInsn, AluOp, DepFlags, GemmInsn, Insn, IsaLayout, LoopNest, MemId, MemInsn, Uop, VtaConfig,
};

/// SplitMix64: tiny, fast, good enough for test inputs.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next_u64() % n
        }
    }

    pub fn bool(&mut self) -> bool {
        self.next_u64() & 1 == 1
    }

    pub fn i8(&mut self) -> i8 {
        self.next_u64() as i8
    }

    /// A value of `width` bits, biased towards the extremes 0, 1 and max.
    pub fn bits(&mut self, width: u32) -> u64 {
        let max = if width >= 64 {
            u64::MAX
        } else {
            (1u64 << width) - 1
        };
        match self.below(8) {
            0 => 0,
            1 => max,
            2 => 1.min(max),
            _ => self.next_u64() & max,
        }
    }

    pub fn field(&mut self, f: Field) -> u32 {
        self.bits(f.width) as u32
    }

    pub fn deps(&mut self) -> DepFlags {
        DepFlags {
            pop_prev: self.bool(),
            pop_next: self.bool(),
            push_prev: self.bool(),
            push_next: self.bool(),
        }
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

/// Configurations that move every configuration-dependent field width.
pub fn configs() -> Vec<VtaConfig> {
    let d = VtaConfig::default();
    vec![
        d.clone(),
        // Smaller buffers: narrower index fields.
        VtaConfig {
            log_uop_buff_size: 12,
            log_inp_buff_size: 12,
            log_wgt_buff_size: 14,
            log_acc_buff_size: 13,
            ..d.clone()
        },
        // Batch 2, rectangular 8x16 block, 16-bit inputs.
        VtaConfig {
            log_batch: 1,
            log_block_in: 4,
            log_block_out: 3,
            log_inp_width: 4,
            log_out_width: 4,
            log_wgt_buff_size: 17,
            log_acc_buff_size: 16,
            ..d
        },
    ]
}

pub fn random_loops(rng: &mut Rng, l: &strata_vta::isa::LoopLayout) -> LoopNest {
    LoopNest {
        uop_bgn: rng.field(l.uop_bgn),
        uop_end: rng.field(l.uop_end),
        iter_out: rng.field(l.iter_out),
        iter_in: rng.field(l.iter_in),
        dst_factor_out: rng.field(l.dst_factor_out),
        dst_factor_in: rng.field(l.dst_factor_in),
        src_factor_out: rng.field(l.src_factor_out),
        src_factor_in: rng.field(l.src_factor_in),
    }
}

/// A random encodable instruction of the given opcode (0..=4).
pub fn random_insn(rng: &mut Rng, layout: &IsaLayout, opcode: u64) -> Insn {
    let deps = rng.deps();
    match opcode {
        0 | 1 => {
            let l = &layout.mem;
            let m = MemInsn {
                deps,
                memory: rng.pick(&MemId::ALL),
                sram_base: rng.field(l.sram_base),
                dram_base: rng.field(l.dram_base),
                y_size: rng.field(l.y_size),
                x_size: rng.field(l.x_size),
                x_stride: rng.field(l.x_stride),
                y_pad_0: rng.field(l.y_pad_0),
                y_pad_1: rng.field(l.y_pad_1),
                x_pad_0: rng.field(l.x_pad_0),
                x_pad_1: rng.field(l.x_pad_1),
            };
            if opcode == 0 {
                Insn::Load(m)
            } else {
                Insn::Store(m)
            }
        }
        2 => Insn::Gemm(GemmInsn {
            deps,
            reset: rng.bool(),
            loops: random_loops(rng, &layout.gemm.loops),
            wgt_factor_out: rng.field(layout.gemm.wgt_factor_out),
            wgt_factor_in: rng.field(layout.gemm.wgt_factor_in),
        }),
        3 => Insn::Finish(deps),
        _ => Insn::Alu(AluInsn {
            deps,
            reset: rng.bool(),
            loops: random_loops(rng, &layout.alu.loops),
            op: rng.pick(&AluOp::ALL),
            use_imm: rng.bool(),
            imm: match rng.below(4) {
                0 => i16::MIN.into(),
                1 => i16::MAX.into(),
                _ => i32::from(rng.next_u64() as i16),
            },
        }),
    }
}

pub fn random_uop(rng: &mut Rng, layout: &IsaLayout) -> Uop {
    Uop {
        dst: rng.field(layout.uop.dst),
        src: rng.field(layout.uop.src),
        wgt: rng.field(layout.uop.wgt),
    }
}
