//! The program container, the disassembler, and an end-to-end matrix
//! product compiled by hand, written to a file, read back and simulated.

mod common;

use common::Rng;
use strata_vta::disasm::{disassemble, disassemble_encoded, disassemble_program};
use strata_vta::program::{FORMAT_VERSION, MAGIC};
use strata_vta::{
    run_program, AluInsn, AluOp, Buffer, DepFlags, ElemType, GemmInsn, Insn, LoopNest, MemId,
    MemInsn, Program, ProgramError, SimOptions, Uop, VtaConfig,
};

const K: usize = 32;
const N: usize = 32;
const SHIFT: i32 = 4;

fn deps(pop_prev: bool, pop_next: bool, push_prev: bool, push_next: bool) -> DepFlags {
    DepFlags {
        pop_prev,
        pop_next,
        push_prev,
        push_next,
    }
}

fn alu(op: AluOp, imm: i32, deps: DepFlags) -> Insn {
    Insn::Alu(AluInsn {
        deps,
        reset: false,
        loops: LoopNest {
            uop_bgn: 2,
            uop_end: 3,
            iter_out: 2,
            iter_in: 1,
            dst_factor_out: 1,
            ..LoopNest::default()
        },
        op,
        use_imm: true,
        imm,
    })
}

/// c[n] = clip((sum_k a[k] * b[n][k]) >> SHIFT, -128, 127) for a 1x32 by
/// 32x32 product: two inp tiles, 2x2 wgt tiles, two acc/out tiles.
fn matmul_program(a: &[i8], b: &[Vec<i8>]) -> Program {
    let config = VtaConfig::default();
    let mut p = Program::new(config.clone());
    let inp: Vec<u8> = a.iter().map(|&v| v as u8).collect();
    // Weight tile (nb, kb) at index nb * 2 + kb; lane n * 16 + k.
    let mut wgt = Vec::new();
    for nb in 0..2 {
        for kb in 0..2 {
            for n in 0..16 {
                for k in 0..16 {
                    wgt.push(b[nb * 16 + n][kb * 16 + k] as u8);
                }
            }
        }
    }
    let e_inp = config.elem_bytes(Buffer::Inp);
    let e_wgt = config.elem_bytes(Buffer::Wgt);
    let e_out = config.elem_bytes(Buffer::Out);
    let inp_at = p
        .dram
        .push_buffer("a", ElemType::I8, vec![1, 2, 1, 16], &inp, e_inp)
        .unwrap();
    let wgt_at = p
        .dram
        .push_buffer("b", ElemType::I8, vec![2, 2, 16, 16], &wgt, e_wgt)
        .unwrap();
    let out_at = p
        .dram
        .push_zeroed("c", ElemType::I8, vec![1, 2, 1, 16], 32, e_out)
        .unwrap();
    p.uops = vec![Uop::new(0, 0, 0), Uop::new(0, 0, 0), Uop::new(0, 0, 0)];
    p.place_uops().unwrap();

    let elem = |at: u64, e: u64| (at / e) as u32;
    let mut load_wgt = MemInsn::dense(MemId::Wgt, 0, elem(wgt_at, e_wgt), 1, 4);
    load_wgt.deps = deps(false, false, false, true);
    let mut store = MemInsn::dense(MemId::Out, 0, elem(out_at, e_out), 1, 2);
    store.deps = deps(true, false, true, false);
    p.insns = vec![
        Insn::Load(MemInsn::dense(MemId::Uop, 0, p.uop_dram_base, 1, 3)),
        Insn::Load(MemInsn::dense(MemId::Inp, 0, elem(inp_at, e_inp), 1, 2)),
        Insn::Load(load_wgt),
        // Reset both acc tiles.
        Insn::Gemm(GemmInsn {
            reset: true,
            loops: LoopNest {
                uop_bgn: 0,
                uop_end: 1,
                iter_out: 2,
                iter_in: 1,
                dst_factor_out: 1,
                ..LoopNest::default()
            },
            ..GemmInsn::default()
        }),
        // Outer loop over output blocks, inner over the reduction.
        Insn::Gemm(GemmInsn {
            deps: deps(true, false, false, false),
            reset: false,
            loops: LoopNest {
                uop_bgn: 1,
                uop_end: 2,
                iter_out: 2,
                iter_in: 2,
                dst_factor_out: 1,
                dst_factor_in: 0,
                src_factor_out: 0,
                src_factor_in: 1,
            },
            wgt_factor_out: 2,
            wgt_factor_in: 1,
        }),
        alu(AluOp::Shr, SHIFT, DepFlags::NONE),
        alu(AluOp::Max, -128, DepFlags::NONE),
        alu(AluOp::Min, 127, deps(false, false, false, true)),
        Insn::Store(store),
        Insn::Finish(deps(false, true, false, false)),
    ];
    p
}

fn random_matmul(seed: u64) -> (Vec<i8>, Vec<Vec<i8>>, Vec<i8>) {
    let mut rng = Rng::new(seed);
    let a: Vec<i8> = (0..K).map(|_| rng.i8()).collect();
    let b: Vec<Vec<i8>> = (0..N).map(|_| (0..K).map(|_| rng.i8()).collect()).collect();
    let c = b
        .iter()
        .map(|row| {
            let dot: i32 = row
                .iter()
                .zip(&a)
                .map(|(&w, &x)| i32::from(w) * i32::from(x))
                .sum();
            (dot >> SHIFT).clamp(-128, 127) as i8
        })
        .collect();
    (a, b, c)
}

#[test]
fn matmul_end_to_end_through_a_file() {
    let (a, b, expected) = random_matmul(7);
    let program = matmul_program(&a, &b);
    let path = std::env::temp_dir().join(format!("strata-vta-test-{}.vta", std::process::id()));
    program.write_file(&path).unwrap();
    let back = Program::read_file(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(back, program);

    let outcome = run_program(&back, &SimOptions::default()).unwrap();
    let c = back.dram.view("c", &outcome.dram).unwrap();
    let c: Vec<i8> = c.iter().map(|&v| v as i8).collect();
    assert_eq!(c, expected);

    let s = &outcome.stats;
    assert_eq!(s.gemm_uops, 4);
    assert_eq!(s.gemm_reset_uops, 2);
    assert_eq!(s.alu_uops, 6);
    assert_eq!(s.macs, 4 * 256);
    assert_eq!(s.bytes.inp_read, 32);
    assert_eq!(s.bytes.wgt_read, 1024);
    assert_eq!(s.bytes.uop_read, 12);
    assert_eq!(s.bytes.out_write, 32);
    assert!(s.gemm_utilisation() > 0.0 && s.gemm_utilisation() < 1.0);
    assert_eq!(s.finish_cycle, Some(s.total_cycles));
}

#[test]
fn file_roundtrip_preserves_everything() {
    let (a, b, _) = random_matmul(11);
    let mut program = matmul_program(&a, &b);
    program.config.timing.bus_width_bits = 128;
    program.config.target = Some("sim".into());
    let bytes = program.to_bytes().unwrap();
    assert_eq!(&bytes[..8], &MAGIC);
    assert_eq!(&bytes[8..12], &FORMAT_VERSION.to_le_bytes());
    assert_eq!(Program::from_bytes(&bytes).unwrap(), program);
    // Writing is deterministic.
    assert_eq!(
        Program::from_bytes(&bytes).unwrap().to_bytes().unwrap(),
        bytes
    );
}

fn valid_bytes() -> Vec<u8> {
    let (a, b, _) = random_matmul(3);
    matmul_program(&a, &b).to_bytes().unwrap()
}

fn header_len(bytes: &[u8]) -> usize {
    u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]) as usize
}

#[test]
fn every_truncation_is_an_error() {
    let bytes = valid_bytes();
    for len in 0..bytes.len() {
        assert!(
            Program::from_bytes(&bytes[..len]).is_err(),
            "prefix of {len} bytes"
        );
    }
}

#[test]
fn malformed_files_are_errors() {
    let bytes = valid_bytes();
    let mut bad = bytes.clone();
    bad[0] = b'X';
    assert!(matches!(
        Program::from_bytes(&bad),
        Err(ProgramError::BadMagic)
    ));

    let mut bad = bytes.clone();
    bad[8..12].copy_from_slice(&2u32.to_le_bytes());
    assert!(matches!(
        Program::from_bytes(&bad),
        Err(ProgramError::UnsupportedVersion { found: 2 })
    ));

    let mut bad = bytes.clone();
    bad.push(0);
    assert!(matches!(
        Program::from_bytes(&bad),
        Err(ProgramError::TrailingBytes { count: 1 })
    ));

    let mut bad = bytes.clone();
    bad[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(
        Program::from_bytes(&bad),
        Err(ProgramError::HeaderTooLarge { .. })
    ));

    let mut bad = bytes.clone();
    bad[16] = b'!';
    assert!(matches!(
        Program::from_bytes(&bad),
        Err(ProgramError::Header(_))
    ));

    // Opcode 7 in instruction 3.
    let mut bad = bytes.clone();
    let at = 16 + header_len(&bytes) + 3 * 16;
    bad[at] = (bad[at] & !7) | 7;
    match Program::from_bytes(&bad) {
        Err(ProgramError::Decode { index: 3, .. }) => {}
        other => panic!("{other:?}"),
    }

    // Header fields that do not match the sections or the image.
    let hlen = header_len(&bytes);
    let header = std::str::from_utf8(&bytes[16..16 + hlen]).unwrap();
    let rebuild = |header: String| {
        let mut out = bytes[..12].to_vec();
        out.extend_from_slice(&(header.len() as u32).to_le_bytes());
        out.extend_from_slice(header.as_bytes());
        out.extend_from_slice(&bytes[16 + hlen..]);
        out
    };
    let bad = rebuild(header.replace("\"insn_count\":10", "\"insn_count\":100000000000"));
    assert!(matches!(
        Program::from_bytes(&bad),
        Err(ProgramError::Truncated { .. })
    ));
    let bad = rebuild(header.replace("\"LOG_INP_WIDTH\":3", "\"LOG_INP_WIDTH\":9"));
    assert!(matches!(
        Program::from_bytes(&bad),
        Err(ProgramError::Header(_))
    ));
    let bad = rebuild(header.replace("\"name\":\"b\"", "\"name\":\"a\""));
    assert!(matches!(
        Program::from_bytes(&bad),
        Err(ProgramError::DuplicateBuffer { .. })
    ));
    let bad = rebuild(header.replace("\"offset\":0,", "\"offset\":999999,"));
    assert!(matches!(
        Program::from_bytes(&bad),
        Err(ProgramError::BufferOutOfImage { .. })
    ));
}

#[test]
fn random_corruption_never_panics() {
    let bytes = valid_bytes();
    let mut rng = Rng::new(99);
    for _ in 0..2000 {
        let mut bad = bytes.clone();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bad.len() as u64) as usize;
            bad[at] = rng.next_u64() as u8;
        }
        let _ = Program::from_bytes(&bad);
    }
}

#[test]
fn writing_rejects_what_cannot_be_encoded_or_placed() {
    let mut p = Program::new(VtaConfig::default());
    p.insns = vec![
        Insn::Finish(DepFlags::NONE),
        Insn::Load(MemInsn {
            y_pad_0: 99,
            ..MemInsn::dense(MemId::Inp, 0, 0, 1, 1)
        }),
    ];
    assert!(matches!(
        p.to_bytes(),
        Err(ProgramError::Encode { index: 1, .. })
    ));
    p.insns.clear();
    p.uops = vec![Uop::new(4096, 0, 0)];
    p.place_uops().unwrap();
    assert!(matches!(
        p.to_bytes(),
        Err(ProgramError::UopEncode { index: 0, .. })
    ));
    p.uops.clear();
    p.uop_dram_base = 1000;
    p.uops.push(Uop::default());
    assert!(matches!(
        p.to_bytes(),
        Err(ProgramError::BufferOutOfImage { .. })
    ));
    let mut p = Program::new(VtaConfig::default());
    p.dram.push_zeroed("x", ElemType::I8, vec![], 4, 1).unwrap();
    assert!(matches!(
        p.dram.push_zeroed("x", ElemType::I8, vec![], 4, 1),
        Err(ProgramError::DuplicateBuffer { .. })
    ));
}

#[test]
fn disassembly_lines_spell_out_every_field() {
    let mut load = MemInsn::dense(MemId::Inp, 0x10, 0x100, 1, 16);
    load.deps.pop_next = true;
    load.deps.push_next = true;
    let gemm = Insn::Gemm(GemmInsn {
        deps: deps(true, false, true, false),
        reset: false,
        loops: LoopNest {
            uop_bgn: 0,
            uop_end: 16,
            iter_out: 4,
            iter_in: 2,
            dst_factor_out: 16,
            dst_factor_in: 1,
            src_factor_out: 32,
            src_factor_in: 1,
        },
        wgt_factor_out: 1023,
        wgt_factor_in: 1,
    });
    let insns = [
        Insn::Load(load),
        gemm,
        alu(AluOp::Shr, -8, DepFlags::NONE),
        Insn::Store(MemInsn::nop(MemId::Out, deps(true, false, true, false))),
        Insn::Finish(DepFlags::NONE),
    ];
    let text = disassemble(&insns);
    let expected = [
        "    0: LOAD   inp  sram=0x0010 dram=0x00000100 y_size=1 x_size=16 x_stride=16 y_pad=0,0 x_pad=0,0 pop_prev=0 pop_next=1 push_prev=0 push_next=1 ; load: pop g2l, push l2g",
        "    1: GEMM   reset=0 uop=[0,16) iter_out=4 iter_in=2 dst_factor=16,1 src_factor=32,1 wgt_factor=1023,1 pop_prev=1 pop_next=0 push_prev=1 push_next=0 ; compute: pop l2g, push g2l",
        "    2: ALU    shr  reset=0 uop=[2,3) iter_out=2 iter_in=1 dst_factor=1,0 src_factor=0,0 use_imm=1 imm=-8 pop_prev=0 pop_next=0 push_prev=0 push_next=0 ; compute",
        "    3: STORE  out  sram=0x0000 dram=0x00000000 y_size=0 x_size=0 x_stride=0 y_pad=0,0 x_pad=0,0 pop_prev=1 pop_next=0 push_prev=1 push_next=0 ; store nop: pop g2s, push s2g",
        "    4: FINISH pop_prev=0 pop_next=0 push_prev=0 push_next=0 ; compute",
    ];
    assert_eq!(text.lines().collect::<Vec<_>>(), expected);
    // Illegal flags are flagged, not hidden.
    let bad = Insn::Load(MemInsn::nop(MemId::Wgt, deps(true, false, false, false)));
    assert!(bad
        .to_string()
        .ends_with("; load nop: ILLEGAL pop_prev_dep"));
}

#[test]
fn disassembling_raw_words_marks_invalid_ones() {
    let config = VtaConfig::default();
    let mut stream = Insn::Finish(DepFlags::NONE)
        .encode(&config)
        .unwrap()
        .to_vec();
    stream.extend_from_slice(&[6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    stream.extend_from_slice(&[1, 2, 3]);
    let text = disassemble_encoded(&stream, &config).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].starts_with("    0: FINISH"));
    assert!(lines[1].starts_with("    1: <invalid 0x") && lines[1].contains("unknown opcode 6"));
    assert_eq!(lines[2], "<3 trailing bytes>");
}

#[test]
fn program_listing_has_sections() {
    let (a, b, _) = random_matmul(5);
    let text = disassemble_program(&matmul_program(&a, &b));
    assert!(text
        .starts_with("; config: batch=1 block_in=16 block_out=16 inp=i8 wgt=i8 acc=i32 out=i8\n"));
    assert!(text.contains("; depths: uop=8192 inp=2048 wgt=1024 acc=2048 out=2048\n"));
    assert!(text.contains("; buffer b offset=0x100 size=1024 elem=i8 shape=[2, 2, 16, 16]\n"));
    assert!(text.contains("uops:\n    0: dst=0 src=0 wgt=0\n"));
    assert_eq!(text.lines().filter(|l| l.contains(": LOAD ")).count(), 3);
}
