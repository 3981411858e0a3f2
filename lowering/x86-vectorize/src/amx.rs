//! The AMX form of the int8 GEMM: both operands packed for tiles, C
//! accumulated in a padded i32 copy by 2 x 2 tiles of 16 x 16 with
//! `tdpbssd` (signed x signed, so no offset compensation).
//!
//! Tiles: 0-3 the C block (16 rows x 16 i32), 4-5 two A row groups (16
//! rows x 64 k bytes), 6-7 two B column groups (16 rows of 4 k x 16
//! columns). A is packed `ap[m][k]` (bytes, rows padded to 32, K to 64), B
//! `bp[k/4][n][k%4]` (VNNI layout, columns padded to 32), both zero-filled,
//! per batch; outer K (kh, kw) and inner K are flattened into one K.

use crate::builder::B;
use crate::gemm::{nest, Gemm, Idx};
use strata_ir::Value;

fn round_up(x: i64, m: i64) -> i64 {
    (x + m - 1) / m * m
}

/// Zero-fills a contiguous buffer of rank `rank` holding `bytes` (a
/// multiple of 64) bytes of `elem_bytes`-byte elements, 64 bytes a store:
/// the address steps through the last index past its size (x86.addr does
/// no bounds check; the layout is the identity).
fn zero_fill(b: &mut B, buf: Value, rank: usize, bytes: i64, elem_bytes: i64) {
    let vt = b.vec_i32();
    let z = b.vcall("_mm512_setzero_si512", vec![], vt);
    let zeros: Vec<Value> = (0..rank).map(|_| b.c(0)).collect();
    b.for_const(0, bytes / 64, 1, |b, i| {
        let mut idx = zeros.clone();
        *idx.last_mut().unwrap() = b.mulc(i, 64 / elem_bytes);
        let p = b.addr(buf, idx);
        b.call("_mm512_storeu_si512", &[], vec![p, z], None);
    });
}

/// Emits the AMX GEMM for an int8 `g`.
pub fn emit(b: &mut B, g: &Gemm) {
    let kflat = g.ko.iter().product::<i64>() * g.kin;
    let (mp, np, kp) = (round_up(g.m, 32), round_up(g.n, 32), round_up(kflat, 64));
    let i8t = b.int(8);
    let i32t = b.int(32);
    let ap = b.alloc(&[mp, kp], i8t);
    let bp = b.alloc(&[kp / 4, np, 4], i8t);
    let cp = b.alloc(&[mp, np], i32t);
    // Palette 1: 8 tiles of 16 rows x 64 bytes.
    let cfg = b.alloc(&[16], i32t);
    for w in 0..16i64 {
        let v = match w {
            0 => 1,
            4..=7 => 0x0040_0040,
            12 | 13 => 0x1010_1010,
            _ => 0,
        };
        let (val, i) = (b.ci(v, 32), b.c(w));
        b.store(val, cfg, vec![i]);
    }
    let c0 = b.c(0);
    let cfg_p = b.addr(cfg, vec![c0]);
    b.call("_tile_loadconfig", &[], vec![cfg_p], None);
    let ko = g.ko.clone();
    nest(b, &g.batch.clone(), &mut Vec::new(), &mut |b, batch| {
        zero_fill(b, ap, 2, mp * kp, 1);
        zero_fill(b, bp, 3, kp * np, 1);
        // A: ap[m][kflat].
        b.for_const(0, g.m, 1, |b, m| {
            nest(b, &ko, &mut Vec::new(), &mut |b, kos| {
                let base = flat_k(b, &ko, kos, g.kin);
                b.for_const(0, g.kin, 1, |b, k| {
                    let idx = Idx {
                        batch,
                        m: Some(m),
                        n: None,
                        ko: kos,
                        k: Some(k),
                    };
                    let (mem, i) = (g.a)(b, &idx);
                    let x = b.load(mem, i);
                    let kf = b.add(base, k);
                    b.store(x, ap, vec![m, kf]);
                });
            });
        });
        // B: bp[kflat/4][n][kflat%4], columns outer (hoisted index math).
        b.for_const(0, g.n, 1, |b, n| {
            nest(b, &ko, &mut Vec::new(), &mut |b, kos| {
                let base = flat_k(b, &ko, kos, g.kin);
                b.for_const(0, g.kin, 1, |b, k| {
                    let idx = Idx {
                        batch,
                        m: None,
                        n: Some(n),
                        ko: kos,
                        k: Some(k),
                    };
                    let (mem, i) = (g.b)(b, &idx);
                    let x = b.load(mem, i);
                    let kf = b.add(base, k);
                    let (q, r) = (b.divc(kf, 4), b.remc(kf, 4));
                    b.store(x, bp, vec![q, n, r]);
                });
            });
        });
        // C in: cp = C (padding 0, never stored back).
        zero_fill(b, cp, 2, mp * np * 4, 4);
        b.for_const(0, g.m, 1, |b, m| {
            b.for_const(0, g.n, 1, |b, n| {
                let idx = Idx {
                    batch,
                    m: Some(m),
                    n: Some(n),
                    ko: &[],
                    k: None,
                };
                let (mem, i) = (g.c)(b, &idx);
                let x = b.load(mem, i);
                b.store(x, cp, vec![m, n]);
            });
        });
        let cstride = b.c(np * 4);
        let astride = b.c(kp);
        let bstride = b.c(np * 4);
        // Column blocks outer: a 32-column strip of B (K x 128 bytes) stays
        // in L2 while all row blocks of A stream past it.
        b.for_const(0, np, 32, |b, ni| {
            b.for_const(0, mp, 32, |b, mi| {
                let ctile = |b: &mut B, t: i64| {
                    let m = b.addc(mi, 16 * (t / 2));
                    let n = b.addc(ni, 16 * (t % 2));
                    b.addr(cp, vec![m, n])
                };
                for t in 0..4 {
                    let p = ctile(b, t);
                    b.call("_tile_loadd", &[t as i32], vec![p, cstride], None);
                }
                b.for_const(0, kp, 64, |b, kk| {
                    for t in 0..2 {
                        let m = b.addc(mi, 16 * t);
                        let p = b.addr(ap, vec![m, kk]);
                        b.call("_tile_loadd", &[4 + t as i32], vec![p, astride], None);
                    }
                    let kq = b.divc(kk, 4);
                    for t in 0..2 {
                        let n = b.addc(ni, 16 * t);
                        let z = b.c(0);
                        let p = b.addr(bp, vec![kq, n, z]);
                        b.call("_tile_loadd", &[6 + t as i32], vec![p, bstride], None);
                    }
                    for (c, a, bb) in [(0, 4, 6), (1, 4, 7), (2, 5, 6), (3, 5, 7)] {
                        b.call("_tile_dpbssd", &[c, a, bb], vec![], None);
                    }
                });
                for t in 0..4 {
                    let p = ctile(b, t);
                    b.call("_tile_stored", &[t as i32], vec![p, cstride], None);
                }
            });
        });
        // C out.
        b.for_const(0, g.m, 1, |b, m| {
            b.for_const(0, g.n, 1, |b, n| {
                let x = b.load(cp, vec![m, n]);
                let idx = Idx {
                    batch,
                    m: Some(m),
                    n: Some(n),
                    ko: &[],
                    k: None,
                };
                let (mem, i) = (g.c)(b, &idx);
                b.store(x, mem, i);
            });
        });
    });
    b.call("_tile_release", &[], vec![], None);
    for buf in [ap, bp, cp, cfg] {
        b.dealloc(buf);
    }
}

/// `((ko0 * KO1 + ko1) * ...) * kin`: the flat K of the outer indices.
fn flat_k(b: &mut B, extents: &[i64], kos: &[Value], kin: i64) -> Value {
    let mut acc = b.c(0);
    for (&e, &v) in extents.iter().zip(kos) {
        let s = b.mulc(acc, e);
        acc = b.add(s, v);
    }
    b.mulc(acc, kin)
}
