//! The vector instruction set a GEMM kernel is written for, and the few
//! operations the generator needs spelled in it.
//!
//! # Why two
//!
//! AVX-512 (16 lanes, 32 registers, k-masks, VNNI's `vpdpbusd`) is the
//! fast path on Intel server parts; many machines Strata's users compile
//! for have AVX2 and FMA only (AMD Zen 1-3, client Intel), where the
//! AVX-512 kernels run only emulated. The blocked GEMM ([`crate::gemm`])
//! is the same loop nest for both: what changes is the lane count, the
//! register budget (so the block sizes), how a column tail is masked (an
//! `i16` k-mask or a vector whose lanes' top bits select), and the int8
//! product. AVX2 has no exact u8 x s8 dot product (`vpmaddubsw` saturates
//! its i16 pair sums), so its int8 kernel multiplies sign-extended i16
//! pairs with `vpmaddwd`, which is exact, and adds the i32 sums: two k per
//! lane and instruction where VNNI takes four; where constant weights are
//! small enough that no pair sum can saturate, it takes the u8 x s8
//! sequence the peers use ([`Int8Product::Bytes`]).

use crate::builder::B;
use crate::gemm::Elem;
use strata_ir::{Type, Value};

/// How an int8 kernel multiplies, and so how its operands are packed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Int8Product {
    /// AVX512-VNNI `vpdpbusd`: four k per i32 word, A offset by 128 into
    /// u8, the offset's compensation computed from B per call.
    Vnni,
    /// AVX2 `vpmaddwd` on sign-extended i16 pairs: two k per word, exact
    /// for every input.
    Pairs,
    /// AVX2 `vpmaddubsw` then `vpmaddwd` with ones: four k per word, the
    /// activations as u8 and the constant weights as s8 bytes, which were
    /// checked at compile time so that no i16 pair sum can saturate
    /// ([`crate::gemm::bytes_exact`]). `offset`: the activations are
    /// offset by 128 into u8, exact for every activation, the offset's
    /// compensation (128 x the weights' sum per output) a compile-time
    /// constant; without it the activations' bytes are used as they are,
    /// which is exact only when none is negative, tested at run time
    /// ([`crate::gemm::emit_by_sign`]). `activations_a`: the activations
    /// are A (a matmul), else B (an NCHW convolution). `i16_words`: how
    /// many consecutive words' pair sums are added in i16 (`vpaddw`)
    /// before one `vpmaddwd`: 2 where the weights prove that four
    /// products' sums fit too (three multiplies per 64 products instead
    /// of four).
    Bytes {
        activations_a: bool,
        i16_words: i64,
        offset: bool,
    },
}

impl Int8Product {
    /// How many k one packed i32 word holds (the reduction depth of one
    /// lane and product).
    pub fn k_per_word(self) -> i64 {
        match self {
            Int8Product::Pairs => 2,
            Int8Product::Vnni | Int8Product::Bytes { .. } => 4,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Simd {
    /// AVX-512F (+ VNNI for int8): `__m512`, `__mmask16`.
    Avx512,
    /// AVX2 + FMA: `__m256`, vector masks.
    Avx2,
}

impl Simd {
    /// f32 or i32 lanes per vector.
    pub fn lanes(self) -> i64 {
        match self {
            Simd::Avx512 => 16,
            Simd::Avx2 => 8,
        }
    }

    /// The accumulator (and B panel) vector type for `elem`.
    pub fn vector(self, b: &B, elem: Elem) -> Type {
        let lane = match elem {
            Elem::F32 => b.f32(),
            Elem::I8 => b.int(32),
        };
        b.ctx.vector_type(&[self.lanes()], lane)
    }

    fn name(self, wide: &'static str, narrow: &'static str) -> &'static str {
        match self {
            Simd::Avx512 => wide,
            Simd::Avx2 => narrow,
        }
    }

    /// All lanes zero.
    pub fn zero(self, b: &mut B, elem: Elem) -> Value {
        let ty = self.vector(b, elem);
        let name = match elem {
            Elem::F32 => self.name("_mm512_setzero_ps", "_mm256_setzero_ps"),
            Elem::I8 => self.name("_mm512_setzero_si512", "_mm256_setzero_si256"),
        };
        b.vcall(name, vec![], ty)
    }

    /// `x` (f32, or an i32 word for int8) in every lane.
    pub fn splat(self, b: &mut B, elem: Elem, x: Value) -> Value {
        let ty = self.vector(b, elem);
        let name = match elem {
            Elem::F32 => self.name("_mm512_set1_ps", "_mm256_set1_ps"),
            Elem::I8 => self.name("_mm512_set1_epi32", "_mm256_set1_epi32"),
        };
        b.vcall(name, vec![x], ty)
    }

    /// The lane mask value for `mask` (bit k = lane k): an `i16` k-mask
    /// (AVX-512) or a vector of all-ones / zero lanes (AVX2).
    pub fn mask(self, b: &mut B, mask: u16) -> Value {
        match self {
            Simd::Avx512 => crate::gemm::mask_value(b, mask),
            Simd::Avx2 => {
                // Intel's argument order: lane 7 first.
                let lanes: Vec<Value> = (0..8)
                    .rev()
                    .map(|k| b.ci(if (mask >> k) & 1 == 1 { -1 } else { 0 }, 32))
                    .collect();
                let ty = self.vector(b, Elem::I8);
                b.vcall("_mm256_set_epi32", lanes, ty)
            }
        }
    }

    /// Loads a vector from `addr`, only the lanes `mask` selects (the rest
    /// zero, their memory untouched).
    pub fn load(self, b: &mut B, elem: Elem, addr: Value, mask: u16) -> Value {
        let ty = self.vector(b, elem);
        let full = mask == self.full_mask();
        let (plain, masked) = match (self, elem) {
            (Simd::Avx512, Elem::F32) => ("_mm512_loadu_ps", "_mm512_maskz_loadu_ps"),
            (Simd::Avx512, Elem::I8) => ("_mm512_loadu_si512", "_mm512_maskz_loadu_epi32"),
            (Simd::Avx2, Elem::F32) => ("_mm256_loadu_ps", "_mm256_maskload_ps"),
            (Simd::Avx2, Elem::I8) => ("_mm256_loadu_si256", "_mm256_maskload_epi32"),
        };
        if full {
            return b.vcall(plain, vec![addr], ty);
        }
        let m = self.mask(b, mask);
        let args = match self {
            Simd::Avx512 => vec![m, addr],
            Simd::Avx2 => vec![addr, m],
        };
        b.vcall(masked, args, ty)
    }

    /// [`Simd::load`] of a vector a kernel uses several times (a B vector
    /// of an f32 register block): with AVX2's 16 registers gcc would fold
    /// the load into each FMA instead (an r x v block then loads every
    /// input vector r times: the flat convolution's 4 x 2 block ran at
    /// 0.54x its 5 x 2 one, which happened to keep them in registers), so
    /// the value goes through `_x86_in_register_ps`, which the compiler
    /// must hold in a register. Not for int8: its `vpmaddwd` product needs
    /// a register of its own, and forcing the B vectors into registers
    /// too spilled (the 3x3 int8 GEMM at 0.83x, best calls); AVX-512's
    /// 32 registers leave room. Those are plain loads.
    pub fn load_to_register(self, b: &mut B, elem: Elem, addr: Value, mask: u16) -> Value {
        let v = self.load(b, elem, addr, mask);
        if self == Simd::Avx512 || elem == Elem::I8 {
            return v;
        }
        let ty = self.vector(b, elem);
        b.vcall("_x86_in_register_ps", vec![v], ty)
    }

    /// Stores the lanes of `v` that `mask` selects at `addr`.
    pub fn store(self, b: &mut B, elem: Elem, addr: Value, v: Value, mask: u16) {
        let (plain, masked) = match (self, elem) {
            (Simd::Avx512, Elem::F32) => ("_mm512_storeu_ps", "_mm512_mask_storeu_ps"),
            (Simd::Avx512, Elem::I8) => ("_mm512_storeu_si512", "_mm512_mask_storeu_epi32"),
            (Simd::Avx2, Elem::F32) => ("_mm256_storeu_ps", "_mm256_maskstore_ps"),
            (Simd::Avx2, Elem::I8) => ("_mm256_storeu_si256", "_mm256_maskstore_epi32"),
        };
        if mask == self.full_mask() {
            b.call(plain, &[], vec![addr, v], None);
        } else {
            let m = self.mask(b, mask);
            b.call(masked, &[], vec![addr, m, v], None);
        }
    }

    /// All lanes on.
    pub fn full_mask(self) -> u16 {
        ((1u32 << self.lanes()) - 1) as u16
    }

    /// `x + y` lane by lane (f32, or the i32 lanes of int8's vectors).
    pub fn add(self, b: &mut B, elem: Elem, x: Value, y: Value) -> Value {
        let ty = self.vector(b, elem);
        let name = match elem {
            Elem::F32 => self.name("_mm512_add_ps", "_mm256_add_ps"),
            Elem::I8 => self.name("_mm512_add_epi32", "_mm256_add_epi32"),
        };
        b.vcall(name, vec![x, y], ty)
    }

    /// `acc + a * b` lane by lane: an FMA (f32), or for int8 the dot
    /// product of each lane's packed k ([`Simd::k_per_word`]) added to
    /// the i32 accumulator: `vpdpbusd` (u8 `a` x s8 `b`), or `vpmaddwd`
    /// (i16 x i16) then an add.
    pub fn multiply_add(self, b: &mut B, elem: Elem, acc: Value, a: Value, bv: Value) -> Value {
        let ty = self.vector(b, elem);
        match (self, elem) {
            (Simd::Avx512, Elem::F32) => b.vcall("_mm512_fmadd_ps", vec![a, bv, acc], ty),
            (Simd::Avx2, Elem::F32) => b.vcall("_mm256_fmadd_ps", vec![a, bv, acc], ty),
            (Simd::Avx512, Elem::I8) => b.vcall("_mm512_dpbusd_epi32", vec![acc, a, bv], ty),
            (Simd::Avx2, Elem::I8) => {
                let dot = b.vcall("_mm256_madd_epi16", vec![a, bv], ty);
                b.vcall("_mm256_add_epi32", vec![acc, dot], ty)
            }
        }
    }

    /// [`Int8Product::Bytes`]' `acc + sum of dot(u, s)` over `words`: per
    /// i32 lane, the four u8 bytes of each `u` times the four s8 bytes of
    /// its `s`, as `vpmaddubsw` (pair sums in i16), the words' results
    /// added in i16 (`vpaddw`), then `vpmaddwd` with `ones` (i16 1s: the
    /// two i16 lanes into i32), added to `acc`. The caller has proven that
    /// no i16 sum can leave the i16 range.
    pub fn multiply_add_bytes(
        self,
        b: &mut B,
        acc: Value,
        words: &[(Value, Value)],
        ones: Value,
    ) -> Value {
        debug_assert_eq!(self, Simd::Avx2);
        let ty = self.vector(b, Elem::I8);
        let mut sum = None;
        for &(u, s) in words {
            let pairs = b.vcall("_mm256_maddubs_epi16", vec![u, s], ty);
            sum = Some(match sum {
                None => pairs,
                Some(x) => b.vcall("_mm256_add_epi16", vec![x, pairs], ty),
            });
        }
        let dot = b.vcall("_mm256_madd_epi16", vec![sum.unwrap(), ones], ty);
        b.vcall("_mm256_add_epi32", vec![acc, dot], ty)
    }
}
