//! Small-M f32 matmul (`C[M][N] += A[M][K] B[K][N]` with M <= 4, the
//! GEMV-like rows of an inference batch): stream B once, no packing.
//!
//! # Why
//!
//! The blocked GEMM packs B into panels per call; with M rows of A, each
//! element of B is used M times, so for M <= 4 the packing copy costs as
//! much as the arithmetic and triples B's memory traffic, and the
//! microkernel runs with M of its 14 rows. Here the work is bound by
//! reading B from memory once.
//!
//! # Loop
//!
//! ```text
//! for column blocks j0 of C (16 KiB of C: stays in L1 over all of K):
//! for k0 in steps of kb:                      kb = 24 / M (<= 16) rows of B
//!   a[r][kk] = broadcast A[r][k0 + kk]        M x kb registers, hoisted
//!   for j in the block, steps of a vector (the last masked):
//!     acc[r] = C[r][j..]                      (for M <= 2, a second zeroed
//!     acc[r] += a[r][kk] * B[k0 + kk][j..]     chain halves the FMA latency
//!     C[r][j..] = acc[r]                       chain)
//! ```
//!
//! `kb` rows of B are read as `kb` sequential streams (the hardware
//! prefetcher follows each, within a page-sized run of a column block),
//! and C's block stays in L1 between the `K / kb` passes. Per vector of
//! B: one load and M FMAs; per `kb` of them, M loads and stores of C.
//! With AVX2 (16 registers) the broadcasts are 10, not 24.

use crate::builder::B;
use crate::gemm::{lane_masks, Elem};
use crate::simd::Simd;
use strata_ir::Value;

/// The most rows handled here: 4 with AVX-512; 2 with AVX2, whose 16
/// registers leave 4 rows only 2 rows of B per C pass (the blocked GEMM
/// measured 1.23x this kernel on gemm 3072x4x1024, 0.86x on 3072x1x1024,
/// paired, Zen 3).
pub fn max_m(simd: Simd) -> i64 {
    match simd {
        Simd::Avx512 => 4,
        Simd::Avx2 => 2,
    }
}

/// `C[m][n] += A[m][k] B[k][n]` on row-major f32 memrefs.
pub struct Gemv {
    pub a: Value,
    pub b: Value,
    pub c: Value,
    pub m: i64,
    pub n: i64,
    pub k: i64,
    pub simd: Simd,
}

/// Broadcast registers per K block (`M x kb`), at most [`MAX_KB`] rows of
/// B: what the register file leaves beside the accumulators and B.
fn broadcasts(simd: Simd) -> i64 {
    match simd {
        Simd::Avx512 => 24,
        Simd::Avx2 => 10,
    }
}
const MAX_KB: i64 = 16;
/// Bytes of C per column block: its rows stay in L1 over all of K.
const C_BLOCK_BYTES: i64 = 16 * 1024;

/// Emits the small-M matmul at `b`'s insertion point.
pub fn emit(b: &mut B, g: &Gemv) {
    let lanes = g.simd.lanes();
    let nb = (C_BLOCK_BYTES / (4 * g.m) / lanes * lanes).max(lanes);
    let full = g.n / nb;
    if full > 0 {
        b.for_const(0, full, 1, |b, q| {
            let j0 = b.mulc(q, nb);
            column_block(b, g, j0, nb);
        });
    }
    if g.n % nb > 0 {
        let j0 = b.c(full * nb);
        column_block(b, g, j0, g.n % nb);
    }
}

/// Columns `j0 .. j0 + width` of C over all of K.
fn column_block(b: &mut B, g: &Gemv, j0: Value, width: i64) {
    let kb = (broadcasts(g.simd) / g.m).clamp(1, MAX_KB).min(g.k);
    let full = g.k / kb;
    if full > 0 {
        b.for_const(0, full, 1, |b, q| {
            let k0 = b.mulc(q, kb);
            k_block(b, g, k0, kb, j0, width);
        });
    }
    if g.k % kb > 0 {
        let k0 = b.c(full * kb);
        k_block(b, g, k0, g.k % kb, j0, width);
    }
}

/// Rows `k0 .. k0 + kb` of B against columns `k0 ..` of A, into columns
/// `j0 .. j0 + width` of C.
fn k_block(b: &mut B, g: &Gemv, k0: Value, kb: i64, j0: Value, width: i64) {
    let simd = g.simd;
    let lanes = simd.lanes();
    let ks: Vec<Value> = (0..kb).map(|kk| b.addc(k0, kk)).collect();
    let rows: Vec<Value> = (0..g.m).map(|r| b.c(r)).collect();
    let mut bc = Vec::new();
    for &row in &rows {
        for &k in &ks {
            let x = b.load(g.a, vec![row, k]);
            bc.push(simd.splat(b, Elem::F32, x));
        }
    }
    let nfull = width / lanes;
    if nfull > 0 {
        b.for_const(0, nfull, 1, |b, jv| {
            let j = b.mulc(jv, lanes);
            let j = b.add(j0, j);
            columns(b, g, &bc, &rows, &ks, j, simd.full_mask());
        });
    }
    if width % lanes > 0 {
        let j = b.addc(j0, nfull * lanes);
        let m = lane_masks(lanes, 0, Some(width % lanes))[0];
        columns(b, g, &bc, &rows, &ks, j, m);
    }
}

/// One vector of columns from `j` (lanes `mask`) of every row of C.
fn columns(b: &mut B, g: &Gemv, bc: &[Value], rows: &[Value], ks: &[Value], j: Value, mask: u16) {
    let simd = g.simd;
    let f32 = Elem::F32;
    let chains = if g.m <= 2 && ks.len() > 1 { 2 } else { 1 };
    let mut caddr = Vec::new();
    let mut acc = Vec::new();
    for &row in rows {
        let p = b.addr(g.c, vec![row, j]);
        acc.push(simd.load(b, f32, p, mask));
        if chains == 2 {
            acc.push(simd.zero(b, f32));
        }
        caddr.push(p);
    }
    for (kk, &k) in ks.iter().enumerate() {
        let p = b.addr(g.b, vec![k, j]);
        let w = simd.load(b, f32, p, mask);
        for r in 0..rows.len() {
            let i = r * chains + kk % chains;
            acc[i] = simd.multiply_add(b, f32, acc[i], bc[r * ks.len() + kk], w);
        }
    }
    for (r, &p) in caddr.iter().enumerate() {
        let mut sum = acc[r * chains];
        if chains == 2 {
            sum = simd.add(b, Elem::F32, sum, acc[r * 2 + 1]);
        }
        simd.store(b, f32, p, sum, mask);
    }
}
