//! Encoding tests: seeded round-trip properties over every instruction kind
//! and several configurations, field extremes, and golden encodings worked
//! out by hand from the spec's §3 tables.

mod common;

use common::{configs, random_insn, random_uop, Rng};
use strata_vta::{
    AluInsn, AluOp, DecodeError, DepFlags, EncodeError, GemmInsn, Insn, IsaLayout, LoopNest, MemId,
    MemInsn, Uop, VtaConfig,
};

const CASES_PER_KIND: usize = 2000;

#[test]
fn roundtrip_random_instructions_every_kind_every_config() {
    let mut rng = Rng::new(0x5EED_0001);
    for config in configs() {
        let layout = IsaLayout::for_config(&config).unwrap();
        for opcode in 0..=4 {
            for _ in 0..CASES_PER_KIND {
                let insn = random_insn(&mut rng, &layout, opcode);
                let bytes = insn.encode(&config).unwrap();
                let back = Insn::decode(&bytes, &config).unwrap();
                assert_eq!(back, insn, "config {config:?}");
                // The u128 and byte forms agree (little-endian).
                assert_eq!(insn.encode_u128(&config).unwrap().to_le_bytes(), bytes);
            }
        }
    }
}

#[test]
fn roundtrip_random_words_that_decode() {
    // Any word that decodes re-encodes to itself: no information is dropped.
    let mut rng = Rng::new(0x5EED_0002);
    let config = VtaConfig::default();
    let layout = IsaLayout::for_config(&config).unwrap();
    let mut decoded = 0;
    for _ in 0..20_000 {
        let mut word = (u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64());
        // Clear the unused bit 63 half the time so GEMM/ALU words decode often.
        if rng.bool() {
            word &= !(1u128 << 63);
        }
        if let Ok(insn) = layout.decode(word) {
            decoded += 1;
            assert_eq!(layout.encode(&insn).unwrap(), word);
        }
    }
    assert!(decoded > 1000, "only {decoded} random words decoded");
}

#[test]
fn roundtrip_uops() {
    let mut rng = Rng::new(0x5EED_0003);
    for config in configs() {
        let layout = IsaLayout::for_config(&config).unwrap();
        for _ in 0..CASES_PER_KIND {
            let uop = random_uop(&mut rng, &layout);
            let word = uop.encode(&config).unwrap();
            assert_eq!(Uop::decode(word, &config).unwrap(), uop);
        }
    }
}

/// Sets a named field of an instruction; the names are the spec's.
type Setter = fn(&mut Insn, u64);

fn mem(i: &mut Insn) -> &mut MemInsn {
    match i {
        Insn::Load(m) | Insn::Store(m) => m,
        _ => unreachable!("test setter applied to the wrong kind"),
    }
}
fn loops(i: &mut Insn) -> &mut LoopNest {
    match i {
        Insn::Gemm(g) => &mut g.loops,
        Insn::Alu(a) => &mut a.loops,
        _ => unreachable!("test setter applied to the wrong kind"),
    }
}
fn gemm(i: &mut Insn) -> &mut GemmInsn {
    match i {
        Insn::Gemm(g) => g,
        _ => unreachable!("test setter applied to the wrong kind"),
    }
}

const MEM_FIELDS: &[(&str, Setter)] = &[
    ("sram_base", |i, v| mem(i).sram_base = v as u32),
    ("dram_base", |i, v| mem(i).dram_base = v as u32),
    ("y_size", |i, v| mem(i).y_size = v as u32),
    ("x_size", |i, v| mem(i).x_size = v as u32),
    ("x_stride", |i, v| mem(i).x_stride = v as u32),
    ("y_pad_0", |i, v| mem(i).y_pad_0 = v as u32),
    ("y_pad_1", |i, v| mem(i).y_pad_1 = v as u32),
    ("x_pad_0", |i, v| mem(i).x_pad_0 = v as u32),
    ("x_pad_1", |i, v| mem(i).x_pad_1 = v as u32),
];

const LOOP_FIELDS: &[(&str, Setter)] = &[
    ("uop_bgn", |i, v| loops(i).uop_bgn = v as u32),
    ("uop_end", |i, v| loops(i).uop_end = v as u32),
    ("iter_out", |i, v| loops(i).iter_out = v as u32),
    ("iter_in", |i, v| loops(i).iter_in = v as u32),
    ("dst_factor_out", |i, v| loops(i).dst_factor_out = v as u32),
    ("dst_factor_in", |i, v| loops(i).dst_factor_in = v as u32),
    ("src_factor_out", |i, v| loops(i).src_factor_out = v as u32),
    ("src_factor_in", |i, v| loops(i).src_factor_in = v as u32),
];

const WGT_FIELDS: &[(&str, Setter)] = &[
    ("wgt_factor_out", |i, v| gemm(i).wgt_factor_out = v as u32),
    ("wgt_factor_in", |i, v| gemm(i).wgt_factor_in = v as u32),
];

fn field_width(layout: &IsaLayout, name: &str) -> u32 {
    let l = &layout.mem;
    let g = &layout.gemm;
    let all = [
        l.sram_base,
        l.dram_base,
        l.y_size,
        l.x_size,
        l.x_stride,
        l.y_pad_0,
        l.y_pad_1,
        l.x_pad_0,
        l.x_pad_1,
        g.loops.uop_bgn,
        g.loops.uop_end,
        g.loops.iter_out,
        g.loops.iter_in,
        g.loops.dst_factor_out,
        g.loops.dst_factor_in,
        g.loops.src_factor_out,
        g.loops.src_factor_in,
        g.wgt_factor_out,
        g.wgt_factor_in,
    ];
    all.iter().find(|f| f.name == name).unwrap().width
}

fn check_extremes(config: &VtaConfig, base: Insn, fields: &[(&str, Setter)]) {
    let layout = IsaLayout::for_config(config).unwrap();
    for (name, set) in fields {
        let width = field_width(&layout, name);
        let max = (1u64 << width) - 1;
        // Largest value round-trips.
        let mut insn = base;
        set(&mut insn, max);
        let word = layout.encode(&insn).unwrap();
        assert_eq!(layout.decode(word).unwrap(), insn, "{name} = max");
        // One more is an error naming the field, never a truncation.
        if max < u64::from(u32::MAX) {
            let mut insn = base;
            set(&mut insn, max + 1);
            match layout.encode(&insn) {
                Err(EncodeError::FieldOverflow {
                    field, width: w, ..
                }) => {
                    assert_eq!((field, w), (*name, width))
                }
                other => panic!("{name} = max + 1 encoded as {other:?}"),
            }
        }
    }
}

#[test]
fn field_extremes_every_kind_every_config() {
    for config in configs() {
        let load = Insn::Load(MemInsn::dense(MemId::Inp, 0, 0, 1, 1));
        let store = Insn::Store(MemInsn::dense(MemId::Out, 0, 0, 1, 1));
        let gemm = Insn::Gemm(GemmInsn::default());
        let alu = Insn::Alu(AluInsn {
            deps: DepFlags::NONE,
            reset: false,
            loops: LoopNest::default(),
            op: AluOp::Add,
            use_imm: false,
            imm: 0,
        });
        check_extremes(&config, load, MEM_FIELDS);
        check_extremes(&config, store, MEM_FIELDS);
        check_extremes(&config, gemm, LOOP_FIELDS);
        check_extremes(&config, gemm, WGT_FIELDS);
        check_extremes(&config, alu, LOOP_FIELDS);
    }
}

#[test]
fn imm_extremes() {
    let config = VtaConfig::default();
    let alu = |imm| {
        Insn::Alu(AluInsn {
            deps: DepFlags::NONE,
            reset: false,
            loops: LoopNest::default(),
            op: AluOp::Add,
            use_imm: true,
            imm,
        })
    };
    for imm in [-32768, -1, 0, 1, 32767] {
        let insn = alu(imm);
        let bytes = insn.encode(&config).unwrap();
        assert_eq!(Insn::decode(&bytes, &config).unwrap(), insn);
    }
    for imm in [-32769, 32768, i32::MIN, i32::MAX] {
        assert!(matches!(
            alu(imm).encode(&config),
            Err(EncodeError::FieldOverflow { field: "imm", .. })
        ));
    }
}

#[test]
fn uop_field_overflow() {
    let config = VtaConfig::default();
    assert_eq!(
        Uop::new(2047, 2047, 1023).encode(&config).unwrap(),
        u32::MAX
    );
    for (uop, name) in [
        (Uop::new(2048, 0, 0), "dst_idx"),
        (Uop::new(0, 2048, 0), "src_idx"),
        (Uop::new(0, 0, 1024), "wgt_idx"),
    ] {
        match uop.encode(&config) {
            Err(EncodeError::FieldOverflow { field, .. }) => assert_eq!(field, name),
            other => panic!("{uop:?} encoded as {other:?}"),
        }
    }
}

fn word(hi: u64, lo: u64) -> u128 {
    (u128::from(hi) << 64) | u128::from(lo)
}

fn golden(insn: Insn, expected: u128) {
    let config = VtaConfig::default();
    let got = insn.encode_u128(&config).unwrap();
    assert_eq!(
        got, expected,
        "{insn:?}: got {got:#034x}, expected {expected:#034x}"
    );
    assert_eq!(Insn::decode_u128(expected, &config).unwrap(), insn);
}

#[test]
fn golden_finish() {
    // opcode FINISH = 3 in bits 2..0, nothing else.
    golden(Insn::Finish(DepFlags::NONE), 0x3);
    // pop_prev_dep is bit 3 (0x8), push_next_dep bit 6 (0x40): 3 + 8 + 64 = 0x4b.
    let deps = DepFlags {
        pop_prev: true,
        push_next: true,
        ..DepFlags::NONE
    };
    golden(Insn::Finish(deps), 0x4b);
    let bytes = Insn::Finish(deps).encode(&VtaConfig::default()).unwrap();
    assert_eq!(bytes, [0x4b, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn golden_load_inp() {
    // word 0: opcode LOAD = 0; pop_next_dep 1 << 4 = 0x10; memory_type INP = 2,
    //   2 << 7 = 0x100; sram_base 0x10 << 10 = 0x4000;
    //   dram_base 0x100 << 26 = 0x4_0000_0000. Sum 0x4_0000_4110.
    // word 1 (bit 64 = bit 0): y_size 1; x_size 16 << 16 = 0x10_0000;
    //   x_stride 16 << 32 = 0x10_0000_0000. Sum 0x10_0010_0001.
    let mut m = MemInsn::dense(MemId::Inp, 0x10, 0x100, 1, 16);
    m.deps.pop_next = true;
    golden(
        Insn::Load(m),
        word(0x0000_0010_0010_0001, 0x0000_0004_0000_4110),
    );
    let bytes = Insn::Load(m).encode(&VtaConfig::default()).unwrap();
    assert_eq!(&bytes[..2], &[0x10, 0x41]);
}

#[test]
fn golden_load_padded() {
    // word 0: opcode 0, no flags; memory_type WGT = 1 << 7 = 0x80;
    //   sram_base 3 << 10 = 0xc00; dram_base 0xffff_ffff << 26 = 0x3ff_ffff_fc00_0000.
    //   Sum 0x03ff_ffff_fc00_0c80.
    // word 1: y_size 2; x_size 3 << 16 = 0x3_0000; x_stride 0xffff << 32;
    //   y_pad_0 1 << 48; y_pad_1 2 << 52; x_pad_0 3 << 56; x_pad_1 15 << 60.
    //   Sum 0xf321_ffff_0003_0002.
    let m = MemInsn {
        deps: DepFlags::NONE,
        memory: MemId::Wgt,
        sram_base: 3,
        dram_base: u32::MAX,
        y_size: 2,
        x_size: 3,
        x_stride: 0xffff,
        y_pad_0: 1,
        y_pad_1: 2,
        x_pad_0: 3,
        x_pad_1: 15,
    };
    golden(
        Insn::Load(m),
        word(0xf321_ffff_0003_0002, 0x03ff_ffff_fc00_0c80),
    );
}

#[test]
fn golden_store_out() {
    // word 0: opcode STORE = 1; pop_prev_dep 1 << 3 = 0x8; push_prev_dep
    //   1 << 5 = 0x20; memory_type OUT = 4 << 7 = 0x200; sram_base 0;
    //   dram_base 0x20 << 26 = 0x8000_0000. Sum 0x8000_0229.
    // word 1: y_size 1, x_size 1 << 16, x_stride 1 << 32 = 0x1_0001_0001.
    let mut m = MemInsn::dense(MemId::Out, 0, 0x20, 1, 1);
    m.deps.pop_prev = true;
    m.deps.push_prev = true;
    golden(
        Insn::Store(m),
        word(0x0000_0001_0001_0001, 0x0000_0000_8000_0229),
    );
}

#[test]
fn golden_gemm() {
    // word 0: opcode GEMM = 2; pop_prev_dep 0x8; reset 0; uop_bgn 0;
    //   uop_end 16 << 21 = 0x200_0000; iter_out 4 << 35 = 0x20_0000_0000;
    //   iter_in 2 << 49 = 0x4_0000_0000_0000. Sum 0x0004_0020_0200_000a.
    // word 1: dst_factor_out 16 = 0x10; dst_factor_in 1 << 11 = 0x800;
    //   src_factor_out 0x20 << 22 = 0x800_0000; src_factor_in 1 << 33 =
    //   0x2_0000_0000; wgt_factor_out 0x3ff << 44 = 0x3f_f000_0000_0000;
    //   wgt_factor_in 1 << 54 = 0x40_0000_0000_0000. Sum 0x007f_f002_0800_0810.
    let g = GemmInsn {
        deps: DepFlags {
            pop_prev: true,
            ..DepFlags::NONE
        },
        reset: false,
        loops: LoopNest {
            uop_bgn: 0,
            uop_end: 16,
            iter_out: 4,
            iter_in: 2,
            dst_factor_out: 16,
            dst_factor_in: 1,
            src_factor_out: 0x20,
            src_factor_in: 1,
        },
        wgt_factor_out: 0x3ff,
        wgt_factor_in: 1,
    };
    golden(
        Insn::Gemm(g),
        word(0x007f_f002_0800_0810, 0x0004_0020_0200_000a),
    );
    // reset_reg is bit 7.
    let reset = GemmInsn {
        reset: true,
        loops: LoopNest::default(),
        deps: DepFlags::NONE,
        wgt_factor_in: 0,
        wgt_factor_out: 0,
    };
    golden(Insn::Gemm(reset), 0x82);
}

#[test]
fn golden_alu_shr_imm() {
    // word 0: opcode ALU = 4; push_next_dep 1 << 6 = 0x40; uop_bgn 1 << 8 =
    //   0x100; uop_end 2 << 21 = 0x40_0000; iter_out 1 << 35 = 0x8_0000_0000;
    //   iter_in 1 << 49 = 0x2_0000_0000_0000. Sum 0x0002_0008_0040_0144.
    // word 1: factors 0; alu_opcode SHR = 3 << 44 = 0x3000_0000_0000;
    //   use_imm 1 << 47 = 0x8000_0000_0000; imm -8 = 0xfff8 << 48.
    //   Sum 0xfff8_b000_0000_0000.
    let a = AluInsn {
        deps: DepFlags {
            push_next: true,
            ..DepFlags::NONE
        },
        reset: false,
        loops: LoopNest {
            uop_bgn: 1,
            uop_end: 2,
            iter_out: 1,
            iter_in: 1,
            ..LoopNest::default()
        },
        op: AluOp::Shr,
        use_imm: true,
        imm: -8,
    };
    golden(
        Insn::Alu(a),
        word(0xfff8_b000_0000_0000, 0x0002_0008_0040_0144),
    );
}

#[test]
fn golden_uop() {
    // dst 5 in bits 10..0; src 7 << 11 = 0x3800; wgt 9 << 22 = 0x240_0000.
    let config = VtaConfig::default();
    assert_eq!(Uop::new(5, 7, 9).encode(&config).unwrap(), 0x0240_3805);
    assert_eq!(
        Uop::decode(0x0240_3805, &config).unwrap(),
        Uop::new(5, 7, 9)
    );
}

#[test]
fn decode_rejects_bad_opcodes_ids_and_reserved_bits() {
    let config = VtaConfig::default();
    for opcode in 5..=7u128 {
        assert!(matches!(
            Insn::decode_u128(opcode, &config),
            Err(DecodeError::BadOpcode(o)) if u128::from(o) == opcode
        ));
    }
    for mem in 6..=7u128 {
        assert!(matches!(
            Insn::decode_u128(mem << 7, &config),
            Err(DecodeError::BadMemoryId(_))
        ));
    }
    for op in 5..=7u128 {
        assert!(matches!(
            Insn::decode_u128(4 | (op << 108), &config),
            Err(DecodeError::BadAluOpcode(_))
        ));
    }
    // Bit 63 of GEMM, bits 58..63 of LOAD and anything above bit 6 of FINISH.
    for w in [
        2 | (1u128 << 63),
        1u128 << 60,
        3 | (1u128 << 7),
        3 | (1u128 << 127),
    ] {
        assert!(
            matches!(
                Insn::decode_u128(w, &config),
                Err(DecodeError::ReservedBits { .. })
            ),
            "{w:#x}"
        );
    }
}

#[test]
fn narrower_config_moves_fields() {
    // With a 2^10-entry uop buffer uop_bgn is 10 bits and uop_end starts at 18.
    let config = VtaConfig {
        log_uop_buff_size: 12,
        ..VtaConfig::default()
    };
    let layout = IsaLayout::for_config(&config).unwrap();
    assert_eq!(
        (
            layout.gemm.loops.uop_bgn.width,
            layout.gemm.loops.uop_end.lsb
        ),
        (10, 18)
    );
    let g = Insn::Gemm(GemmInsn {
        loops: LoopNest {
            uop_end: 1,
            ..LoopNest::default()
        },
        ..GemmInsn::default()
    });
    assert_eq!(g.encode_u128(&config).unwrap(), 2 | (1 << 18));
}
