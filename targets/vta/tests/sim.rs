//! Simulator tests: bit-exact semantics of every instruction (spec §5), the
//! token and cycle model (§4, §7), and malformed programs reported as errors
//! that name the instruction.

mod common;

use common::Rng;
use strata_vta::sim::{Blocked, InsnTiming};
use strata_vta::{
    AluInsn, AluOp, Buffer, DepFlags, Fault, GemmInsn, Insn, LoopNest, MemId, MemInsn, Module,
    SimError, SimOptions, SimStats, Simulator, TokenQueue, Uop, VtaConfig,
};

const FINISH: Insn = Insn::Finish(DepFlags::NONE);

fn cfg() -> VtaConfig {
    VtaConfig::default()
}

fn deps(pop_prev: bool, pop_next: bool, push_prev: bool, push_next: bool) -> DepFlags {
    DepFlags {
        pop_prev,
        pop_next,
        push_prev,
        push_next,
    }
}

fn load(memory: MemId, sram: u32, dram: u32, y: u32, x: u32) -> MemInsn {
    MemInsn::dense(memory, sram, dram, y, x)
}

fn run(sim: &mut Simulator, insns: &[Insn]) -> SimStats {
    sim.run(insns).unwrap_or_else(|e| panic!("{e}"))
}

fn run_err(sim: &mut Simulator, insns: &[Insn]) -> (usize, Fault) {
    match sim.run(insns) {
        Err(SimError::Insn { index, fault }) => (index, fault),
        other => panic!("expected an instruction error, got {other:?}"),
    }
}

/// DRAM holding `uops` (encoded) at byte 0, followed by `rest`; returns the
/// DRAM and the LOAD UOP that brings the table to uop SRAM 0.
fn with_uops(uops: &[Uop], rest_bytes: usize) -> (Vec<u8>, Insn) {
    let config = cfg();
    let mut dram = Vec::new();
    for u in uops {
        dram.extend_from_slice(&u.encode(&config).unwrap().to_le_bytes());
    }
    dram.resize(dram.len() + rest_bytes, 0);
    let insn = Insn::Load(load(MemId::Uop, 0, 0, 1, uops.len() as u32));
    (dram, insn)
}

fn loops(uops: u32, iter_out: u32, iter_in: u32) -> LoopNest {
    LoopNest {
        uop_bgn: 0,
        uop_end: uops,
        iter_out,
        iter_in,
        ..LoopNest::default()
    }
}

fn alu(op: AluOp, loops: LoopNest, use_imm: bool, imm: i32) -> Insn {
    Insn::Alu(AluInsn {
        deps: DepFlags::NONE,
        reset: false,
        loops,
        op,
        use_imm,
        imm,
    })
}

// ---------------------------------------------------------------- LOAD ----

#[test]
fn load_inp_with_padding_writes_dense_zero_padded_block() {
    let config = cfg();
    let e = config.elem_bytes(Buffer::Inp) as usize;
    // DRAM element j has every lane equal to j (as i8), so we can see which
    // element landed where.
    let dram: Vec<u8> = (0..32).flat_map(|j| vec![j as u8; e]).collect();
    let mut sim = Simulator::new(&config, dram).unwrap();
    // Sentinels just outside the block must survive.
    sim.sram_mut(Buffer::Inp, 2).unwrap().fill(99);
    sim.sram_mut(Buffer::Inp, 23).unwrap().fill(99);
    let m = MemInsn {
        x_stride: 4,
        y_pad_0: 1,
        y_pad_1: 1,
        x_pad_0: 1,
        x_pad_1: 2,
        ..load(MemId::Inp, 3, 1, 2, 2)
    };
    run(&mut sim, &[Insn::Load(m), FINISH]);
    // X = 1 + 2 + 2 = 5, Y = 1 + 2 + 1 = 4: elements 3..23.
    for y in 0..4u64 {
        for x in 0..5u64 {
            let got = sim.sram(Buffer::Inp, 3 + y * 5 + x).unwrap();
            let expected = if (1..3).contains(&y) && (1..3).contains(&x) {
                1 + (y - 1) * 4 + (x - 1)
            } else {
                0
            };
            assert!(
                got.iter().all(|&v| v == expected as i32),
                "({y},{x}): {got:?}"
            );
        }
    }
    assert!(sim.sram(Buffer::Inp, 2).unwrap().iter().all(|&v| v == 99));
    assert!(sim.sram(Buffer::Inp, 23).unwrap().iter().all(|&v| v == 99));
}

#[test]
fn load_sign_extends_lanes_and_reads_little_endian() {
    let config = cfg();
    // One wgt element (256 bytes) then one acc element (64 bytes = 16 x i32)
    // then one ACC_8BIT element (16 bytes).
    let mut dram = vec![0u8; 256 + 64 + 16];
    dram[0] = 0x80; // wgt lane 0 = -128
    dram[255] = 0x7f; // wgt lane 255 = 127
    dram[256..260].copy_from_slice(&(-2i32).to_le_bytes());
    dram[256 + 60..256 + 64].copy_from_slice(&0x1234_5678i32.to_le_bytes());
    dram[320] = 0xff; // acc8 lane 0 = -1
    dram[335] = 0x7f; // acc8 lane 15 = 127
    let mut sim = Simulator::new(&config, dram).unwrap();
    // wgt at element 0; acc (64-byte elements) from element 4 = byte 256;
    // ACC_8BIT (16-byte elements) from element 20 = byte 320.
    let insns = [
        Insn::Load(load(MemId::Wgt, 0, 0, 1, 1)),
        Insn::Load(load(MemId::Acc, 7, 4, 1, 1)),
        Insn::Load(load(MemId::Acc8Bit, 8, 20, 1, 1)),
        FINISH,
    ];
    let stats = run(&mut sim, &insns);
    let w = sim.sram(Buffer::Wgt, 0).unwrap();
    assert_eq!((w[0], w[1], w[255]), (-128, 0, 127));
    let a = sim.sram(Buffer::Acc, 7).unwrap();
    assert_eq!((a[0], a[15]), (-2, 0x1234_5678));
    let a8 = sim.sram(Buffer::Acc, 8).unwrap();
    assert_eq!((a8[0], a8[1], a8[15]), (-1, 0, 127));
    assert_eq!(stats.bytes.wgt_read, 256);
    assert_eq!(stats.bytes.acc_read, 64 + 16);
}

#[test]
fn load_with_zero_x_size_moves_nothing_even_padding() {
    let config = cfg();
    let mut sim = Simulator::new(&config, vec![0; 16]).unwrap();
    sim.sram_mut(Buffer::Inp, 0).unwrap().fill(5);
    let m = MemInsn {
        y_pad_0: 3,
        x_pad_0: 3,
        ..load(MemId::Inp, 0, 0, 1, 0)
    };
    let stats = run(&mut sim, &[Insn::Load(m), FINISH]);
    assert!(sim.sram(Buffer::Inp, 0).unwrap().iter().all(|&v| v == 5));
    assert_eq!(stats.timeline[0].end - stats.timeline[0].start, 1);
    assert_eq!(stats.bytes.inp_read, 0);
}

#[test]
fn load_uop_copies_words() {
    let uops = [Uop::new(1, 2, 3), Uop::new(2047, 2047, 1023)];
    let (dram, load_uop) = with_uops(&uops, 0);
    let mut sim = Simulator::new(&cfg(), dram).unwrap();
    let stats = run(&mut sim, &[load_uop, FINISH]);
    assert_eq!(sim.uop_word(0), Some(1 | (2 << 11) | (3 << 22)));
    assert_eq!(sim.uop_word(1), Some(u32::MAX));
    assert_eq!(stats.bytes.uop_read, 8);
}

// --------------------------------------------------------------- STORE ----

#[test]
fn store_truncates_acc_lanes_to_out_width() {
    let config = cfg();
    let e = config.elem_bytes(Buffer::Out) as usize;
    let mut sim = Simulator::new(&config, vec![0xaa; 8 * e]).unwrap();
    let values = [0x1234_5680, 255, -1, 0x100, 127, -128, -129, 128];
    for t in 0..4u64 {
        let tile = sim.sram_mut(Buffer::Acc, 10 + t).unwrap();
        for (lane, v) in tile.iter_mut().enumerate() {
            *v = values[(lane + t as usize) % values.len()];
        }
    }
    // 2 rows of 2 elements, DRAM stride 3 elements, from DRAM element 1.
    let m = MemInsn {
        x_stride: 3,
        ..load(MemId::Out, 10, 1, 2, 2)
    };
    let stats = run(&mut sim, &[Insn::Store(m), FINISH]);
    let dram = sim.dram();
    for (t, elem) in [(0u64, 1usize), (1, 2), (2, 4), (3, 5)] {
        for lane in 0..16 {
            let v = values[(lane + t as usize) % values.len()];
            assert_eq!(dram[elem * e + lane], v as u8, "tile {t} lane {lane}");
        }
    }
    // Elements 0, 3, 6, 7 were not written.
    for elem in [0usize, 3, 6, 7] {
        assert!(dram[elem * e..(elem + 1) * e].iter().all(|&b| b == 0xaa));
    }
    assert_eq!(stats.bytes.out_write, 4 * 16);
}

// ---------------------------------------------------------------- GEMM ----

/// The spec's GEMM loop, written independently of the simulator.
fn reference_gemm(
    acc: &mut [Vec<i32>],
    inp: &[Vec<i32>],
    wgt: &[Vec<i32>],
    uops: &[Uop],
    g: &GemmInsn,
) {
    let l = &g.loops;
    for o in 0..l.iter_out {
        for i in 0..l.iter_in {
            for u in &uops[l.uop_bgn as usize..l.uop_end as usize] {
                let a = (u.dst + o * l.dst_factor_out + i * l.dst_factor_in) as usize;
                let s = (u.src + o * l.src_factor_out + i * l.src_factor_in) as usize;
                let w = (u.wgt + o * g.wgt_factor_out + i * g.wgt_factor_in) as usize;
                for n in 0..16 {
                    if g.reset {
                        acc[a][n] = 0;
                    } else {
                        let dot: i32 = (0..16).map(|k| inp[s][k] * wgt[w][n * 16 + k]).sum();
                        acc[a][n] = acc[a][n].wrapping_add(dot);
                    }
                }
            }
        }
    }
}

#[test]
fn gemm_small_case_by_hand() {
    // inp[0] = 1..=16; wgt[0] row n has a single 1 at k = n (identity) and
    // wgt[1] is all 2s. acc[0] += inp . wgt[0]^T = inp; acc[1] = 2 * 136.
    let uops = [Uop::new(0, 0, 0), Uop::new(1, 0, 1)];
    let (dram, load_uop) = with_uops(&uops, 0);
    let mut sim = Simulator::new(&cfg(), dram).unwrap();
    for (k, v) in sim.sram_mut(Buffer::Inp, 0).unwrap().iter_mut().enumerate() {
        *v = k as i32 + 1;
    }
    for n in 0..16 {
        sim.sram_mut(Buffer::Wgt, 0).unwrap()[n * 16 + n] = 1;
    }
    sim.sram_mut(Buffer::Wgt, 1).unwrap().fill(2);
    sim.sram_mut(Buffer::Acc, 0).unwrap().fill(100);
    let g = Insn::Gemm(GemmInsn {
        loops: loops(2, 1, 1),
        ..GemmInsn::default()
    });
    let stats = run(&mut sim, &[load_uop, g, FINISH]);
    let acc0: Vec<i32> = (1..=16).map(|k| k + 100).collect();
    assert_eq!(sim.sram(Buffer::Acc, 0).unwrap(), &acc0[..]);
    assert!(sim.sram(Buffer::Acc, 1).unwrap().iter().all(|&v| v == 272));
    assert_eq!(stats.gemm_uops, 2);
    assert_eq!(stats.macs, 512);
}

#[test]
fn gemm_index_arithmetic_matches_reference_loop_nest() {
    let mut rng = Rng::new(0x6E33);
    let uops = [Uop::new(0, 1, 2), Uop::new(40, 3, 0), Uop::new(7, 0, 5)];
    let (dram, load_uop) = with_uops(&uops, 0);
    let mut sim = Simulator::new(&cfg(), dram).unwrap();
    let (n_inp, n_wgt, n_acc) = (64usize, 32usize, 128usize);
    let mut inp = vec![vec![0; 16]; n_inp];
    let mut wgt = vec![vec![0; 256]; n_wgt];
    let mut acc = vec![vec![0; 16]; n_acc];
    for (t, tile) in inp.iter_mut().enumerate() {
        for v in tile.iter_mut() {
            *v = rng.i8().into();
        }
        sim.sram_mut(Buffer::Inp, t as u64)
            .unwrap()
            .copy_from_slice(tile);
    }
    for (t, tile) in wgt.iter_mut().enumerate() {
        for v in tile.iter_mut() {
            *v = rng.i8().into();
        }
        sim.sram_mut(Buffer::Wgt, t as u64)
            .unwrap()
            .copy_from_slice(tile);
    }
    for (t, tile) in acc.iter_mut().enumerate() {
        for v in tile.iter_mut() {
            *v = rng.next_u64() as i32 >> 8;
        }
        sim.sram_mut(Buffer::Acc, t as u64)
            .unwrap()
            .copy_from_slice(tile);
    }
    let gemms = [
        GemmInsn {
            loops: LoopNest {
                dst_factor_out: 11,
                dst_factor_in: 3,
                src_factor_out: 5,
                src_factor_in: 7,
                ..loops(3, 3, 4)
            },
            wgt_factor_out: 4,
            wgt_factor_in: 1,
            ..GemmInsn::default()
        },
        // Only the middle micro-op, accumulating into one tile.
        GemmInsn {
            loops: LoopNest {
                uop_bgn: 1,
                uop_end: 2,
                src_factor_in: 1,
                ..loops(0, 1, 5)
            },
            wgt_factor_in: 2,
            ..GemmInsn::default()
        },
        // Reset a strided set of tiles.
        GemmInsn {
            reset: true,
            loops: LoopNest {
                dst_factor_out: 2,
                dst_factor_in: 1,
                ..loops(1, 4, 2)
            },
            ..GemmInsn::default()
        },
    ];
    let mut insns = vec![load_uop];
    insns.extend(gemms.iter().map(|g| Insn::Gemm(*g)));
    insns.push(FINISH);
    // uop 0 and 2 differ in dst, but the hazard rule also looks two back.
    let stats = run(&mut sim, &insns);
    for g in &gemms {
        reference_gemm(&mut acc, &inp, &wgt, &uops, g);
    }
    for (t, tile) in acc.iter().enumerate() {
        assert_eq!(
            sim.sram(Buffer::Acc, t as u64).unwrap(),
            &tile[..],
            "acc tile {t}"
        );
    }
    assert_eq!(stats.gemm_uops, 3 * 3 * 4 + 5);
    assert_eq!(stats.gemm_reset_uops, 8);
}

#[test]
fn gemm_accumulates_with_int32_wraparound() {
    let (dram, load_uop) = with_uops(&[Uop::new(0, 0, 0)], 0);
    let mut sim = Simulator::new(&cfg(), dram).unwrap();
    sim.sram_mut(Buffer::Inp, 0).unwrap().fill(-128);
    sim.sram_mut(Buffer::Wgt, 0).unwrap().fill(-128);
    sim.sram_mut(Buffer::Acc, 0).unwrap().fill(i32::MAX);
    let g = Insn::Gemm(GemmInsn {
        loops: loops(1, 1, 1),
        ..GemmInsn::default()
    });
    run(&mut sim, &[load_uop, g, FINISH]);
    let expected = i32::MAX.wrapping_add(16 * 128 * 128);
    assert!(sim
        .sram(Buffer::Acc, 0)
        .unwrap()
        .iter()
        .all(|&v| v == expected));
}

// ----------------------------------------------------------------- ALU ----

/// Runs one ALU instruction over acc tiles 0..4 (x) with sources 4..8 (y),
/// two micro-ops and an outer loop of 2, and returns tiles 0..4.
fn run_alu(op: AluOp, use_imm: bool, imm: i32, x: &[i32; 4], y: &[i32; 4]) -> Vec<i32> {
    let uops = [Uop::new(0, 4, 0), Uop::new(1, 5, 0)];
    let (dram, load_uop) = with_uops(&uops, 0);
    let mut sim = Simulator::new(&cfg(), dram).unwrap();
    for t in 0..4 {
        sim.sram_mut(Buffer::Acc, t).unwrap().fill(x[t as usize]);
        sim.sram_mut(Buffer::Acc, 4 + t)
            .unwrap()
            .fill(y[t as usize]);
    }
    let l = LoopNest {
        dst_factor_out: 2,
        src_factor_out: 2,
        ..loops(2, 2, 1)
    };
    let stats = run(&mut sim, &[load_uop, alu(op, l, use_imm, imm), FINISH]);
    assert_eq!(stats.alu_uops, 4);
    (0..4)
        .map(|t| {
            let tile = sim.sram(Buffer::Acc, t).unwrap();
            assert!(tile.iter().all(|&v| v == tile[0]), "lanes differ");
            tile[0]
        })
        .collect()
}

#[test]
fn alu_every_op_tensor_form() {
    let x = [5, -7, i32::MAX, -100];
    let y = [3, -9, 1, 2];
    assert_eq!(run_alu(AluOp::Min, false, 0, &x, &y), [3, -9, 1, -100]);
    assert_eq!(run_alu(AluOp::Max, false, 0, &x, &y), [5, -7, i32::MAX, 2]);
    assert_eq!(
        run_alu(AluOp::Add, false, 0, &x, &y),
        [8, -16, i32::MIN, -98]
    );
    assert_eq!(
        run_alu(AluOp::Mul, false, 0, &x, &y),
        [15, 63, i32::MAX, -200]
    );
    // SHR: arithmetic, negative amounts shift left.
    let y = [1, 2, 31, -3];
    assert_eq!(run_alu(AluOp::Shr, false, 0, &x, &y), [2, -2, 0, -800]);
}

#[test]
fn alu_every_op_immediate_form() {
    let x = [5, -7, 300, -300];
    let same = [0; 4];
    assert_eq!(
        run_alu(AluOp::Min, true, 127, &x, &same),
        [5, -7, 127, -300]
    );
    assert_eq!(run_alu(AluOp::Max, true, 0, &x, &same), [5, 0, 300, 0]);
    assert_eq!(
        run_alu(AluOp::Add, true, -32768, &x, &same),
        [-32763, -32775, -32468, -33068]
    );
    assert_eq!(
        run_alu(AluOp::Mul, true, -3, &x, &same),
        [-15, 21, -900, 900]
    );
    assert_eq!(
        run_alu(AluOp::Shr, true, 8, &[0x1234, -256, -1, 255], &same),
        [0x12, -1, -1, 0]
    );
    assert_eq!(
        run_alu(AluOp::Shr, true, -4, &x, &same),
        [80, -112, 4800, -4800]
    );
}

#[test]
fn alu_in_place_source_equals_destination() {
    // acc[0] = acc[0] + acc[0], one micro-op with dst == src.
    let (dram, load_uop) = with_uops(&[Uop::new(0, 0, 0)], 0);
    let mut sim = Simulator::new(&cfg(), dram).unwrap();
    sim.sram_mut(Buffer::Acc, 0).unwrap().fill(21);
    run(
        &mut sim,
        &[load_uop, alu(AluOp::Add, loops(1, 1, 1), false, 0), FINISH],
    );
    assert!(sim.sram(Buffer::Acc, 0).unwrap().iter().all(|&v| v == 42));
}

#[test]
fn relu_and_requantise_tail_then_store() {
    // The usual post-processing: >> 8, MAX 0, MIN 127, then STORE.
    let (dram, load_uop) = with_uops(&[Uop::new(0, 0, 0)], 28);
    let mut sim = Simulator::new(&cfg(), dram).unwrap();
    let input = [
        -1000,
        0,
        255,
        256,
        5000,
        40000,
        -40000,
        32767,
        2,
        1 << 20,
        512,
        513,
        -256,
        128,
        100,
        1,
    ];
    sim.sram_mut(Buffer::Acc, 0)
        .unwrap()
        .copy_from_slice(&input);
    let l = loops(1, 1, 1);
    let insns = [
        load_uop,
        alu(AluOp::Shr, l, true, 8),
        alu(AluOp::Max, l, true, 0),
        alu(AluOp::Min, l, true, 127),
        Insn::Store(load(MemId::Out, 0, 1, 1, 1)),
        FINISH,
    ];
    run(&mut sim, &insns);
    let expected: Vec<u8> = input
        .iter()
        .map(|&v| (v >> 8).clamp(0, 127) as u8)
        .collect();
    assert_eq!(&sim.dram()[16..32], &expected[..]);
}

#[test]
fn alu_ignores_reset_flag_like_the_functional_simulator() {
    let (dram, load_uop) = with_uops(&[Uop::new(0, 0, 0)], 0);
    let mut sim = Simulator::new(&cfg(), dram).unwrap();
    sim.sram_mut(Buffer::Acc, 0).unwrap().fill(3);
    let insn = Insn::Alu(AluInsn {
        deps: DepFlags::NONE,
        reset: true,
        loops: loops(1, 1, 1),
        op: AluOp::Add,
        use_imm: true,
        imm: 1,
    });
    run(&mut sim, &[load_uop, insn, FINISH]);
    assert!(sim.sram(Buffer::Acc, 0).unwrap().iter().all(|&v| v == 4));
}

// ------------------------------------------------------- tokens, timing ----

fn timing(stats: &SimStats, index: usize) -> InsnTiming {
    stats.timeline[index]
}

#[test]
fn cycle_model_matches_spec_formulas() {
    let config = cfg();
    let (dram, load_uop) = with_uops(&[Uop::new(0, 0, 0), Uop::new(1, 1, 1)], 4096);
    let mut sim = Simulator::new(&config, dram).unwrap();
    let padded = MemInsn {
        y_pad_0: 1,
        x_pad_1: 2,
        ..load(MemId::Inp, 0, 1, 2, 16)
    };
    let insns = [
        load_uop,
        Insn::Load(padded),
        Insn::Gemm(GemmInsn {
            loops: LoopNest {
                dst_factor_in: 2,
                src_factor_in: 2,
                ..loops(2, 3, 4)
            },
            ..GemmInsn::default()
        }),
        alu(AluOp::Add, loops(1, 2, 3), true, 1),
        alu(AluOp::Add, loops(1, 2, 3), false, 0),
        Insn::Store(load(MemId::Out, 0, 8, 3, 4)),
        Insn::Load(MemInsn::nop(MemId::Inp, DepFlags::NONE)),
        FINISH,
    ];
    let stats = run(&mut sim, &insns);
    let dur = |i: usize| timing(&stats, i).end - timing(&stats, i).start;
    // LOAD UOP: L + ceil(4 * 2 / 8) = 16 + 1.
    assert_eq!(dur(0), 17);
    // LOAD INP 2 rows of 16 x 16 bytes: 2 * (16 + 256 / 8) = 96, plus padded
    // tiles: X = 18, Y = 3, 54 - 32 = 22.
    assert_eq!(dur(1), 96 + 22);
    // GEMM: 2 * 3 * 4 + 5.
    assert_eq!(dur(2), 29);
    // ALU immediate: 6 + 5; tensor: 2 * 6 + 5.
    assert_eq!((dur(3), dur(4)), (11, 17));
    // STORE 3 rows of 4 x 16 bytes: 3 * (16 + 8) = 72.
    assert_eq!(dur(5), 72);
    // No-op and FINISH: 1.
    assert_eq!((dur(6), dur(7)), (1, 1));
    // Without tokens every module starts at 0 and runs its own queue.
    assert_eq!(timing(&stats, 1).start, 0);
    assert_eq!(timing(&stats, 6).start, 118);
    assert_eq!(timing(&stats, 5).start, 0);
    assert_eq!(timing(&stats, 2).start, 17);
    let compute_end = 17 + 29 + 11 + 17 + 1;
    assert_eq!(stats.finish_cycle, Some(compute_end));
    assert_eq!(stats.total_cycles, 119);
    assert_eq!(stats.module(Module::Compute).busy_cycles, compute_end);
    assert_eq!(stats.gemm_uops, 24);
    let expected = 24.0 * 256.0 / (256.0 * 119.0);
    assert!((stats.gemm_utilisation() - expected).abs() < 1e-12);
    assert_eq!(stats.bytes.inp_read, 2 * 16 * 16);
    assert_eq!(stats.bytes.out_write, 12 * 16);
}

#[test]
fn wider_bus_and_latency_are_parameters() {
    let mut config = cfg();
    config.timing.bus_width_bits = 128;
    config.timing.dram_latency_cycles = 40;
    let mut sim = Simulator::new(&config, vec![0; 4096]).unwrap();
    let stats = run(
        &mut sim,
        &[Insn::Load(load(MemId::Inp, 0, 0, 2, 16)), FINISH],
    );
    // 2 * (40 + 256 / 16).
    assert_eq!(stats.timeline[0].end, 112);
}

#[test]
fn tokens_order_modules_and_stalls_are_attributed() {
    let (dram, load_uop) = with_uops(&[Uop::new(0, 0, 0)], 4096);
    let mut sim = Simulator::new(&cfg(), dram).unwrap();
    let mut ld = load(MemId::Inp, 0, 1, 1, 16);
    ld.deps = deps(false, false, false, true); // push l2g
    let gemm = Insn::Gemm(GemmInsn {
        deps: deps(true, false, true, true), // pop l2g, push g2l, push g2s
        loops: loops(1, 1, 1),
        ..GemmInsn::default()
    });
    let mut st = load(MemId::Out, 0, 0, 1, 1);
    st.deps = deps(true, false, true, false); // pop g2s, push s2g
    let mut ld2 = load(MemId::Inp, 1, 1, 1, 16);
    ld2.deps = deps(false, true, false, false); // pop g2l
    let finish = Insn::Finish(deps(false, true, false, false)); // pop s2g
    let insns = [
        load_uop,
        Insn::Load(ld),
        gemm,
        Insn::Store(st),
        Insn::Load(ld2),
        finish,
    ];
    let stats = run(&mut sim, &insns);
    let t = |i| timing(&stats, i);
    // LOAD INP: 16 + 32 = 48 cycles; LOAD UOP took 17 on compute.
    assert_eq!((t(1).start, t(1).end), (0, 48));
    // GEMM waits for l2g: stall 48 - 17 = 31 on l2g.
    assert_eq!(
        (t(2).start, t(2).stall, t(2).stalled_on),
        (48, 31, Some(TokenQueue::L2G))
    );
    assert_eq!(t(2).end, 48 + 6);
    // STORE waits for g2s from the GEMM, then 16 + 2 cycles.
    assert_eq!((t(3).start, t(3).end), (54, 72));
    assert_eq!(t(3).stalled_on, Some(TokenQueue::G2S));
    // The second LOAD waits for g2l (free at 48, token at 54).
    assert_eq!((t(4).start, t(4).stall), (54, 6));
    assert_eq!(stats.module(Module::Load).stall_on(TokenQueue::G2L), 6);
    // FINISH waits for the store's s2g.
    assert_eq!((t(5).start, t(5).end), (72, 73));
    assert_eq!(stats.module(Module::Compute).stall_on(TokenQueue::L2G), 31);
    assert_eq!(
        stats.module(Module::Compute).stall_on(TokenQueue::S2G),
        72 - 54
    );
    assert_eq!(stats.module(Module::Store).stall_on(TokenQueue::G2S), 54);
    assert_eq!(stats.tokens_left, [0, 0, 0, 0]);
    // The second LOAD (48 cycles from 54) ends last.
    assert_eq!(stats.total_cycles, 102);
}

#[test]
fn leftover_tokens_are_counted() {
    let mut sim = Simulator::new(&cfg(), vec![0; 64]).unwrap();
    let push = Insn::Load(MemInsn::nop(MemId::Inp, deps(false, false, false, true)));
    let stats = run(&mut sim, &[push, push, FINISH]);
    assert_eq!(stats.tokens_left[TokenQueue::L2G as usize], 2);
}

#[test]
fn missing_push_is_a_deadlock_not_a_hang() {
    let mut sim = Simulator::new(&cfg(), vec![0; 64]).unwrap();
    let waits = Insn::Gemm(GemmInsn {
        deps: deps(true, false, false, false),
        ..GemmInsn::default()
    });
    let (index, fault) = run_err(
        &mut sim,
        &[Insn::Load(load(MemId::Inp, 0, 0, 1, 1)), waits, FINISH],
    );
    assert_eq!(index, 1);
    match fault {
        Fault::Deadlock { blocked } => assert_eq!(
            blocked,
            vec![Blocked {
                module: Module::Compute,
                index: 1,
                waiting_on: vec![TokenQueue::L2G]
            }]
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn circular_wait_is_a_deadlock() {
    // load waits for compute (g2l) before pushing l2g; compute waits for l2g
    // before pushing g2l.
    let mut sim = Simulator::new(&cfg(), vec![0; 64]).unwrap();
    let ld = Insn::Load(MemInsn::nop(MemId::Wgt, deps(false, true, false, true)));
    let gemm = Insn::Gemm(GemmInsn {
        deps: deps(true, false, true, false),
        ..GemmInsn::default()
    });
    let (index, fault) = run_err(&mut sim, &[gemm, ld, FINISH]);
    assert_eq!(index, 0);
    let Fault::Deadlock { blocked } = fault else {
        panic!("{fault:?}")
    };
    assert_eq!(blocked.len(), 2);
    assert!(fault_text(&Fault::Deadlock { blocked }).contains("waiting on g2l"));
}

fn fault_text(f: &Fault) -> String {
    f.to_string()
}

#[test]
fn long_token_chains_finish_quickly() {
    // Ping-pong 10_000 times between load and compute: bounded work.
    let mut sim = Simulator::new(&cfg(), vec![0; 64]).unwrap();
    let mut insns = Vec::new();
    for _ in 0..10_000 {
        insns.push(Insn::Load(MemInsn::nop(
            MemId::Inp,
            deps(false, true, false, true),
        )));
        insns.push(Insn::Gemm(GemmInsn {
            deps: deps(true, false, true, false),
            ..GemmInsn::default()
        }));
    }
    // The first load needs a g2l token: one compute no-op pushes it first.
    insns.insert(
        0,
        Insn::Gemm(GemmInsn {
            deps: deps(false, false, true, false),
            ..GemmInsn::default()
        }),
    );
    insns.push(FINISH);
    let stats = run(&mut sim, &insns);
    assert_eq!(stats.tokens_left[TokenQueue::G2L as usize], 1);
}

// ---------------------------------------------------- malformed programs ----

#[test]
fn illegal_flags_per_module() {
    let mut sim = Simulator::new(&cfg(), vec![0; 64]).unwrap();
    let cases = [
        (
            Insn::Load(MemInsn::nop(MemId::Inp, deps(true, false, false, false))),
            "pop_prev_dep",
        ),
        (
            Insn::Load(MemInsn::nop(MemId::Wgt, deps(false, false, true, false))),
            "push_prev_dep",
        ),
        (
            Insn::Store(MemInsn::nop(MemId::Out, deps(false, true, false, false))),
            "pop_next_dep",
        ),
        (
            Insn::Store(MemInsn::nop(MemId::Out, deps(false, false, false, true))),
            "push_next_dep",
        ),
    ];
    for (insn, name) in cases {
        let (index, fault) = run_err(&mut sim, &[insn, FINISH]);
        assert_eq!(index, 0);
        match fault {
            Fault::IllegalFlag { flag, .. } => assert_eq!(flag, name),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn illegal_memory_ids_and_store_padding() {
    let mut sim = Simulator::new(&cfg(), vec![0; 64]).unwrap();
    let nop = Insn::Load(MemInsn::nop(MemId::Inp, DepFlags::NONE));
    for bad in [
        Insn::Load(load(MemId::Out, 0, 0, 1, 1)),
        Insn::Store(load(MemId::Acc, 0, 0, 1, 1)),
        Insn::Store(load(MemId::Inp, 0, 0, 1, 1)),
    ] {
        let (index, fault) = run_err(&mut sim, &[nop, bad, FINISH]);
        assert_eq!(index, 1);
        assert!(matches!(fault, Fault::IllegalMemory { .. }), "{fault:?}");
    }
    let padded = Insn::Store(MemInsn {
        x_pad_0: 1,
        ..load(MemId::Out, 0, 0, 1, 1)
    });
    assert!(matches!(
        run_err(&mut sim, &[padded, FINISH]),
        (0, Fault::StorePadding)
    ));
}

#[test]
fn unencodable_fields_are_rejected_before_running() {
    let mut sim = Simulator::new(&cfg(), vec![0; 64]).unwrap();
    let bad = Insn::Load(MemInsn {
        x_pad_1: 16,
        ..load(MemId::Inp, 0, 0, 1, 1)
    });
    let (index, fault) = run_err(&mut sim, &[nop_load(), bad, FINISH]);
    assert_eq!(index, 1);
    assert!(matches!(fault, Fault::Encode(_)), "{fault:?}");
}

fn nop_load() -> Insn {
    Insn::Load(MemInsn::nop(MemId::Inp, DepFlags::NONE))
}

#[test]
fn sram_out_of_range() {
    let config = cfg();
    let mut sim = Simulator::new(&config, vec![0; 1 << 16]).unwrap();
    // 2047 + 1x2 > 2048 inp elements.
    let over = Insn::Load(load(MemId::Inp, 2047, 0, 1, 2));
    let (index, fault) = run_err(&mut sim, &[nop_load(), over, FINISH]);
    assert_eq!(index, 1);
    assert!(matches!(
        fault,
        Fault::SramOutOfRange {
            buffer: Buffer::Inp,
            first: 2047,
            end: 2049,
            depth: 2048
        }
    ));
    // Padding counts: 1020 + (1+2+1) * 1 > 1024? no; with y_pad it is.
    let padded = Insn::Load(MemInsn {
        y_pad_0: 4,
        ..load(MemId::Wgt, 1020, 0, 1, 1)
    });
    assert!(matches!(
        run_err(&mut sim, &[padded, FINISH]),
        (
            0,
            Fault::SramOutOfRange {
                buffer: Buffer::Wgt,
                ..
            }
        )
    ));
    let store = Insn::Store(load(MemId::Out, 2040, 0, 3, 3));
    assert!(matches!(
        run_err(&mut sim, &[store, FINISH]),
        (
            0,
            Fault::SramOutOfRange {
                buffer: Buffer::Out,
                ..
            }
        )
    ));
}

#[test]
fn dram_out_of_range() {
    let mut sim = Simulator::new(&cfg(), vec![0; 100]).unwrap();
    // 16-byte elements: element 6 ends at byte 112 > 100.
    let (index, fault) = run_err(
        &mut sim,
        &[Insn::Load(load(MemId::Inp, 0, 6, 1, 1)), FINISH],
    );
    assert_eq!(index, 0);
    assert!(matches!(
        fault,
        Fault::DramOutOfRange {
            addr: 96,
            len: 16,
            size: 100
        }
    ));
    // The stride makes the second row leave DRAM.
    let strided = MemInsn {
        x_stride: 6,
        ..load(MemId::Inp, 0, 0, 2, 1)
    };
    assert!(matches!(
        run_err(&mut sim, &[Insn::Load(strided), FINISH]),
        (0, Fault::DramOutOfRange { addr: 96, .. })
    ));
    let store = Insn::Store(load(MemId::Out, 0, 0xffff_ffff, 1, 1));
    assert!(matches!(
        run_err(&mut sim, &[store, FINISH]),
        (0, Fault::DramOutOfRange { .. })
    ));
}

#[test]
fn gemm_and_alu_indices_out_of_range() {
    let (dram, load_uop) = with_uops(&[Uop::new(2000, 0, 0)], 0);
    let mut sim = Simulator::new(&cfg(), dram).unwrap();
    let gemm = Insn::Gemm(GemmInsn {
        loops: LoopNest {
            dst_factor_in: 16,
            ..loops(1, 1, 4)
        },
        ..GemmInsn::default()
    });
    // dst = 2000 + 3 * 16 = 2048 on the last iteration.
    let (index, fault) = run_err(&mut sim, &[load_uop, gemm, FINISH]);
    assert_eq!(index, 1);
    assert!(matches!(
        fault,
        Fault::SramOutOfRange {
            buffer: Buffer::Acc,
            first: 2048,
            depth: 2048,
            ..
        }
    ));
    let alu_src = alu(
        AluOp::Add,
        LoopNest {
            src_factor_out: 2047,
            ..loops(1, 3, 1)
        },
        false,
        0,
    );
    assert!(matches!(
        run_err(&mut sim, &[load_uop, alu_src, FINISH]),
        (
            1,
            Fault::SramOutOfRange {
                buffer: Buffer::Acc,
                first: 4094,
                ..
            }
        )
    ));
    let past_uops = Insn::Gemm(GemmInsn {
        loops: LoopNest {
            uop_bgn: 8000,
            uop_end: 8193,
            ..loops(0, 1, 1)
        },
        ..GemmInsn::default()
    });
    assert!(matches!(
        run_err(&mut sim, &[past_uops, FINISH]),
        (
            0,
            Fault::SramOutOfRange {
                buffer: Buffer::Uop,
                ..
            }
        )
    ));
    let reversed = Insn::Gemm(GemmInsn {
        loops: LoopNest {
            uop_bgn: 5,
            uop_end: 4,
            ..loops(0, 1, 1)
        },
        ..GemmInsn::default()
    });
    assert!(matches!(
        run_err(&mut sim, &[reversed, FINISH]),
        (0, Fault::UopRangeReversed { bgn: 5, end: 4 })
    ));
}

#[test]
fn uop_raw_hazard_is_rejected_unless_disabled() {
    // uop 2 writes the same acc tile as uop 0, two micro-ops earlier.
    let uops = [Uop::new(3, 0, 0), Uop::new(4, 0, 0), Uop::new(3, 1, 0)];
    let (dram, load_uop) = with_uops(&uops, 0);
    let gemm = Insn::Gemm(GemmInsn {
        loops: loops(3, 1, 1),
        ..GemmInsn::default()
    });
    let mut sim = Simulator::new(&cfg(), dram.clone()).unwrap();
    let (index, fault) = run_err(&mut sim, &[load_uop, gemm, FINISH]);
    assert_eq!(index, 1);
    assert!(matches!(
        fault,
        Fault::UopHazard {
            uop: 2,
            earlier: 0,
            dst: 3
        }
    ));
    // Three apart is fine: only the previous two are checked.
    let ok = [
        Uop::new(3, 0, 0),
        Uop::new(4, 0, 0),
        Uop::new(5, 0, 0),
        Uop::new(3, 0, 0),
    ];
    let (dram_ok, load_ok) = with_uops(&ok, 0);
    let mut sim = Simulator::new(&cfg(), dram_ok).unwrap();
    let gemm4 = Insn::Gemm(GemmInsn {
        loops: loops(4, 1, 1),
        ..GemmInsn::default()
    });
    run(&mut sim, &[load_ok, gemm4, FINISH]);
    // And the check can be turned off.
    let mut sim = Simulator::new(&cfg(), dram)
        .unwrap()
        .with_options(SimOptions {
            check_uop_hazards: false,
            ..SimOptions::default()
        });
    run(&mut sim, &[load_uop, gemm, FINISH]);
}

#[test]
fn finish_must_end_the_stream() {
    let mut sim = Simulator::new(&cfg(), vec![0; 64]).unwrap();
    let (index, fault) = run_err(&mut sim, &[nop_load(), nop_load()]);
    assert_eq!(index, 2);
    assert!(matches!(fault, Fault::MissingFinish));
    let (index, fault) = run_err(&mut sim, &[FINISH, nop_load()]);
    assert_eq!(index, 1);
    assert!(matches!(fault, Fault::AfterFinish { finish: 0 }));
    sim.options_mut().require_finish = false;
    run(&mut sim, &[nop_load()]);
}

#[test]
fn micro_op_budget_bounds_the_run() {
    let (dram, load_uop) = with_uops(&[Uop::new(0, 0, 0)], 0);
    let mut sim = Simulator::new(&cfg(), dram)
        .unwrap()
        .with_options(SimOptions {
            max_uop_executions: 1000,
            ..SimOptions::default()
        });
    // 16383 x 16383 micro-ops would take a very long time.
    let huge = Insn::Gemm(GemmInsn {
        loops: loops(1, 16383, 16383),
        ..GemmInsn::default()
    });
    let (index, fault) = run_err(&mut sim, &[load_uop, huge, FINISH]);
    assert_eq!(index, 1);
    assert!(matches!(fault, Fault::BudgetExceeded { limit: 1000 }));
}

#[test]
fn encoded_streams_report_bad_words_by_index() {
    let config = cfg();
    let mut sim = Simulator::new(&config, vec![0; 64]).unwrap();
    let mut stream = Vec::new();
    stream.extend_from_slice(&nop_load().encode(&config).unwrap());
    stream.extend_from_slice(&[7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    match sim.run_encoded(&stream) {
        Err(SimError::Insn {
            index: 1,
            fault: Fault::Decode(_),
        }) => {}
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        sim.run_encoded(&stream[..20]),
        Err(SimError::RaggedStream { len: 20 })
    ));
    // A good stream runs the same as the typed form.
    let mut good = nop_load().encode(&config).unwrap().to_vec();
    good.extend_from_slice(&FINISH.encode(&config).unwrap());
    assert_eq!(sim.run_encoded(&good).unwrap().total_cycles, 1);
}

#[test]
fn random_streams_never_panic() {
    // Arbitrary (decodable) words against a small DRAM: every outcome must
    // be Ok or an error value.
    let config = cfg();
    let layout = strata_vta::IsaLayout::for_config(&config).unwrap();
    let mut rng = Rng::new(0xBAD5EED);
    let mut outcomes = [0usize; 2];
    for _ in 0..300 {
        let n = 1 + rng.below(6) as usize;
        let mut insns: Vec<Insn> = (0..n)
            .map(|_| {
                let opcode = rng.pick(&[0, 1, 2, 4]);
                let mut insn = common::random_insn(&mut rng, &layout, opcode);
                // Keep loop nests small so the run stays quick.
                if let Insn::Gemm(g) = &mut insn {
                    g.loops.iter_out %= 4;
                    g.loops.iter_in %= 4;
                }
                if let Insn::Alu(a) = &mut insn {
                    a.loops.iter_out %= 4;
                    a.loops.iter_in %= 4;
                }
                insn
            })
            .collect();
        insns.push(FINISH);
        let mut sim = Simulator::new(&config, vec![0; 4096])
            .unwrap()
            .with_options(SimOptions {
                max_uop_executions: 1 << 16,
                ..SimOptions::default()
            });
        outcomes[usize::from(sim.run(&insns).is_ok())] += 1;
    }
    assert!(outcomes[0] > 0);
}

#[test]
fn gemm_lanes_with_batch_and_rectangular_block() {
    // BATCH = 2, BLOCK_IN = 16, BLOCK_OUT = 8: inp lane b*16+k, wgt lane
    // n*16+k, acc lane b*8+n.
    let config = VtaConfig {
        log_batch: 1,
        log_block_in: 4,
        log_block_out: 3,
        log_wgt_buff_size: 17,
        log_acc_buff_size: 16,
        ..VtaConfig::default()
    };
    let uop = Uop::new(1, 2, 3).encode(&config).unwrap();
    let mut dram = uop.to_le_bytes().to_vec();
    dram.resize(64, 0);
    let mut sim = Simulator::new(&config, dram).unwrap();
    let mut rng = Rng::new(0xBA7C4);
    let inp: Vec<i32> = (0..32).map(|_| rng.i8().into()).collect();
    let wgt: Vec<i32> = (0..128).map(|_| rng.i8().into()).collect();
    sim.sram_mut(Buffer::Inp, 2).unwrap().copy_from_slice(&inp);
    sim.sram_mut(Buffer::Wgt, 3).unwrap().copy_from_slice(&wgt);
    let insns = [
        Insn::Load(load(MemId::Uop, 0, 0, 1, 1)),
        Insn::Gemm(GemmInsn {
            loops: loops(1, 1, 1),
            ..GemmInsn::default()
        }),
        // 16 int8 lanes per out element: DRAM element 2 = bytes 32..48.
        Insn::Store(load(MemId::Out, 1, 2, 1, 1)),
        FINISH,
    ];
    let stats = run(&mut sim, &insns);
    let acc = sim.sram(Buffer::Acc, 1).unwrap().to_vec();
    assert_eq!(acc.len(), 16);
    for b in 0..2 {
        for n in 0..8 {
            let dot: i32 = (0..16).map(|k| inp[b * 16 + k] * wgt[n * 16 + k]).sum();
            assert_eq!(acc[b * 8 + n], dot, "b={b} n={n}");
            assert_eq!(sim.dram()[32 + b * 8 + n], dot as u8);
        }
    }
    assert_eq!(stats.macs, 2 * 16 * 8);
}

#[test]
fn narrower_accumulators_wrap_at_their_width() {
    // 16-bit accumulators: a LOAD ACC reads 2-byte lanes, ADD wraps at 16 bits
    // and STORE keeps the low 8 bits.
    let config = VtaConfig {
        log_acc_width: 4,
        log_acc_buff_size: 16,
        ..VtaConfig::default()
    };
    assert_eq!(config.elem_bytes(Buffer::Acc), 32);
    let uop = Uop::new(0, 0, 0).encode(&config).unwrap();
    let mut dram = vec![0u8; 96];
    dram[..4].copy_from_slice(&uop.to_le_bytes());
    // Acc element 1 (bytes 32..64): lane 0 = 0x7fff, lane 1 = -2.
    dram[32..34].copy_from_slice(&0x7fffi16.to_le_bytes());
    dram[34..36].copy_from_slice(&(-2i16).to_le_bytes());
    let mut sim = Simulator::new(&config, dram).unwrap();
    let insns = [
        Insn::Load(load(MemId::Uop, 0, 0, 1, 1)),
        Insn::Load(load(MemId::Acc, 0, 1, 1, 1)),
        alu(AluOp::Add, loops(1, 1, 1), true, 1),
        Insn::Store(load(MemId::Out, 0, 5, 1, 1)),
        FINISH,
    ];
    run(&mut sim, &insns);
    let acc = sim.sram(Buffer::Acc, 0).unwrap();
    assert_eq!((acc[0], acc[1], acc[2]), (-0x8000, -1, 1));
    assert_eq!(&sim.dram()[80..83], &[0x00, 0xff, 0x01]);
}
