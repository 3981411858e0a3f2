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
//!   for j in the block, steps of 16 (the last masked):
//!     acc[r] = C[r][j..]                      (for M <= 2, a second zeroed
//!     acc[r] += a[r][kk] * B[k0 + kk][j..]     chain halves the FMA latency
//!     C[r][j..] = acc[r]                       chain)
//! ```
//!
//! `kb` rows of B are read as `kb` sequential streams (the hardware
//! prefetcher follows each, within a page-sized run of a column block),
//! and C's block stays in L1 between the `K / kb` passes. Per vector of
//! B: one load and M FMAs; per `kb` of them, M loads and stores of C.

use crate::builder::B;
use crate::gemm::{mask_value, masks};
use strata_ir::Value;

/// The rows handled here.
pub const MAX_M: i64 = 4;

/// `C[m][n] += A[m][k] B[k][n]` on row-major f32 memrefs.
pub struct Gemv {
    pub a: Value,
    pub b: Value,
    pub c: Value,
    pub m: i64,
    pub n: i64,
    pub k: i64,
}

/// Broadcast registers per K block (`M x kb`), at most [`MAX_KB`] rows of B.
const BROADCASTS: i64 = 24;
const MAX_KB: i64 = 16;
/// Bytes of C per column block: its rows stay in L1 over all of K.
const C_BLOCK_BYTES: i64 = 16 * 1024;

/// Emits the small-M matmul at `b`'s insertion point.
pub fn emit(b: &mut B, g: &Gemv) {
    let nb = (C_BLOCK_BYTES / (4 * g.m) / 16 * 16).max(16);
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
    let kb = (BROADCASTS / g.m).clamp(1, MAX_KB).min(g.k);
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
    let vt = b.vec_f32();
    let ks: Vec<Value> = (0..kb).map(|kk| b.addc(k0, kk)).collect();
    let rows: Vec<Value> = (0..g.m).map(|r| b.c(r)).collect();
    let mut bc = Vec::new();
    for &row in &rows {
        for &k in &ks {
            let x = b.load(g.a, vec![row, k]);
            bc.push(b.vcall("_mm512_set1_ps", vec![x], vt));
        }
    }
    let nfull = width / 16;
    if nfull > 0 {
        b.for_const(0, nfull, 1, |b, jv| {
            let j = b.mulc(jv, 16);
            let j = b.add(j0, j);
            columns(b, g, &bc, &rows, &ks, j, 0xFFFF);
        });
    }
    if width % 16 > 0 {
        let j = b.addc(j0, nfull * 16);
        let m = masks(0, Some(width % 16))[0];
        columns(b, g, &bc, &rows, &ks, j, m);
    }
}

/// One vector of 16 columns from `j` (lanes `mask`) of every row of C.
fn columns(b: &mut B, g: &Gemv, bc: &[Value], rows: &[Value], ks: &[Value], j: Value, mask: u16) {
    let vt = b.vec_f32();
    let load = |b: &mut B, p: Value| {
        if mask == 0xFFFF {
            b.vcall("_mm512_loadu_ps", vec![p], vt)
        } else {
            let mv = mask_value(b, mask);
            b.vcall("_mm512_maskz_loadu_ps", vec![mv, p], vt)
        }
    };
    let chains = if g.m <= 2 && ks.len() > 1 { 2 } else { 1 };
    let mut caddr = Vec::new();
    let mut acc = Vec::new();
    for &row in rows {
        let p = b.addr(g.c, vec![row, j]);
        acc.push(load(b, p));
        if chains == 2 {
            acc.push(b.vcall("_mm512_setzero_ps", vec![], vt));
        }
        caddr.push(p);
    }
    for (kk, &k) in ks.iter().enumerate() {
        let p = b.addr(g.b, vec![k, j]);
        let w = load(b, p);
        for r in 0..rows.len() {
            let i = r * chains + kk % chains;
            acc[i] = b.vcall(
                "_mm512_fmadd_ps",
                vec![bc[r * ks.len() + kk], w, acc[i]],
                vt,
            );
        }
    }
    for (r, &p) in caddr.iter().enumerate() {
        let mut sum = acc[r * chains];
        if chains == 2 {
            sum = b.vcall("_mm512_add_ps", vec![sum, acc[r * 2 + 1]], vt);
        }
        if mask == 0xFFFF {
            b.call("_mm512_storeu_ps", &[], vec![p, sum], None);
        } else {
            let mv = mask_value(b, mask);
            b.call("_mm512_mask_storeu_ps", &[], vec![p, mv, sum], None);
        }
    }
}
