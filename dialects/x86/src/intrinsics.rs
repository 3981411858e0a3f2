//! The table of intrinsics `x86.call` may name: C name, argument and
//! result kinds, how many leading immediates, and the CPU features the
//! native instruction needs.
//!
//! The table is the single source of truth: the verifier checks calls
//! against it, the C back end derives the `target(...)` attribute of the
//! native variant and the run-time feature test from it, and a test checks
//! that `strata_x86.h` has a portable `strata_` form for every entry (so a
//! machine without the features still runs the program). Adding an
//! intrinsic = one row here + one portable function in the header.

/// CPU feature bits (the same values as `STRATA_X86_*` in `strata_x86.h`).
pub const AVX512F: u32 = 1;
pub const AVX512BW: u32 = 2;
pub const AVX512VL: u32 = 4;
pub const AVX512VNNI: u32 = 8;
pub const AMX_TILE: u32 = 16;
pub const AMX_INT8: u32 = 32;
pub const AVX512VBMI2: u32 = 64;
pub const AVX: u32 = 128;
pub const AVX2: u32 = 256;
pub const FMA: u32 = 512;

/// Feature names for GCC/Clang's `__attribute__((target(...)))`, by bit.
pub const FEATURE_NAMES: &[(u32, &str)] = &[
    (AVX512F, "avx512f"),
    (AVX512BW, "avx512bw"),
    (AVX512VL, "avx512vl"),
    (AVX512VNNI, "avx512vnni"),
    (AMX_TILE, "amx-tile"),
    (AMX_INT8, "amx-int8"),
    (AVX512VBMI2, "avx512vbmi2"),
    (AVX, "avx"),
    (AVX2, "avx2"),
    (FMA, "fma"),
];

/// The kind of an argument or result.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `vector<16xf32>`: `__m512`.
    F32x16,
    /// `vector<16xi32>`: `__m512i` (any integer lanes; the intrinsic says how it reads them).
    I32x16,
    /// `vector<8xf32>`: `__m256`.
    F32x8,
    /// `vector<8xi32>`: `__m256i` (any integer lanes, as `I32x16`).
    I32x8,
    /// `f32` scalar.
    F32,
    /// `i32` scalar.
    I32,
    /// `i16`: `__mmask16`.
    Mask16,
    /// `i64`: `__mmask64` (one bit per byte lane).
    Mask64,
    /// `index`: a byte stride.
    Index,
    /// `!x86.ptr`: an element address (`x86.addr`).
    Ptr,
}

/// One intrinsic.
#[derive(Copy, Clone, Debug)]
pub struct Intrinsic {
    pub name: &'static str,
    /// Number of leading integer immediates (the `imm` property), before the operands.
    pub imms: usize,
    pub args: &'static [Kind],
    pub result: Option<Kind>,
    pub features: u32,
}

use Kind::*;

const fn i(
    name: &'static str,
    imms: usize,
    args: &'static [Kind],
    result: Option<Kind>,
    features: u32,
) -> Intrinsic {
    Intrinsic {
        name,
        imms,
        args,
        result,
        features,
    }
}

/// The arguments of the transposing epilogue helpers: output, plane
/// stride, filters, pixels and the 8 pixels' vectors.
const TRANSPOSED8: [Kind; 12] = [
    Ptr, I32, I32, I32, F32x8, F32x8, F32x8, F32x8, F32x8, F32x8, F32x8, F32x8,
];

/// Every intrinsic Strata emits.
pub const INTRINSICS: &[Intrinsic] = &[
    i("_mm512_setzero_ps", 0, &[], Some(F32x16), AVX512F),
    i("_mm512_set1_ps", 0, &[F32], Some(F32x16), AVX512F),
    i("_mm512_loadu_ps", 0, &[Ptr], Some(F32x16), AVX512F),
    i(
        "_mm512_maskz_loadu_ps",
        0,
        &[Mask16, Ptr],
        Some(F32x16),
        AVX512F,
    ),
    i("_mm512_storeu_ps", 0, &[Ptr, F32x16], None, AVX512F),
    i(
        "_mm512_mask_storeu_ps",
        0,
        &[Ptr, Mask16, F32x16],
        None,
        AVX512F,
    ),
    i("_mm512_add_ps", 0, &[F32x16, F32x16], Some(F32x16), AVX512F),
    i(
        "_mm512_permutex2var_ps",
        0,
        &[F32x16, I32x16, F32x16],
        Some(F32x16),
        AVX512F,
    ),
    i(
        "_mm512_fmadd_ps",
        0,
        &[F32x16, F32x16, F32x16],
        Some(F32x16),
        AVX512F,
    ),
    i("_mm512_setzero_si512", 0, &[], Some(I32x16), AVX512F),
    i("_mm512_set1_epi32", 0, &[I32], Some(I32x16), AVX512F),
    // Lanes 15 down to 0 (Intel's argument order).
    i("_mm512_set_epi32", 0, &[I32; 16], Some(I32x16), AVX512F),
    i("_mm512_loadu_si512", 0, &[Ptr], Some(I32x16), AVX512F),
    i(
        "_mm512_maskz_loadu_epi32",
        0,
        &[Mask16, Ptr],
        Some(I32x16),
        AVX512F,
    ),
    i("_mm512_storeu_si512", 0, &[Ptr, I32x16], None, AVX512F),
    i(
        "_mm512_mask_storeu_epi32",
        0,
        &[Ptr, Mask16, I32x16],
        None,
        AVX512F,
    ),
    i(
        "_mm512_add_epi32",
        0,
        &[I32x16, I32x16],
        Some(I32x16),
        AVX512F,
    ),
    i(
        "_mm512_sub_epi32",
        0,
        &[I32x16, I32x16],
        Some(I32x16),
        AVX512F,
    ),
    i(
        "_mm512_dpbusd_epi32",
        0,
        &[I32x16, I32x16, I32x16],
        Some(I32x16),
        AVX512F | AVX512VNNI,
    ),
    i(
        "_mm512_maskz_loadu_epi8",
        0,
        &[Mask64, Ptr],
        Some(I32x16),
        AVX512F | AVX512BW,
    ),
    i(
        "_mm512_mask_storeu_epi8",
        0,
        &[Ptr, Mask64, I32x16],
        None,
        AVX512F | AVX512BW,
    ),
    i(
        "_mm512_maskz_expandloadu_epi8",
        0,
        &[Mask64, Ptr],
        Some(I32x16),
        AVX512F | AVX512BW | AVX512VBMI2,
    ),
    i(
        "_mm512_mask_expandloadu_epi8",
        0,
        &[I32x16, Mask64, Ptr],
        Some(I32x16),
        AVX512F | AVX512BW | AVX512VBMI2,
    ),
    // AVX2 + FMA (8 lanes, vector masks: a lane is on when its top bit is
    // set): the kernels for CPUs without AVX-512 (x86-vectorize{isa=avx2}).
    i("_mm256_setzero_ps", 0, &[], Some(F32x8), AVX),
    i("_mm256_set1_ps", 0, &[F32], Some(F32x8), AVX),
    i("_mm256_loadu_ps", 0, &[Ptr], Some(F32x8), AVX),
    i("_mm256_storeu_ps", 0, &[Ptr, F32x8], None, AVX),
    i("_mm256_maskload_ps", 0, &[Ptr, I32x8], Some(F32x8), AVX),
    i("_mm256_maskstore_ps", 0, &[Ptr, I32x8, F32x8], None, AVX),
    i(
        "_mm256_fmadd_ps",
        0,
        &[F32x8, F32x8, F32x8],
        Some(F32x8),
        AVX | FMA,
    ),
    i("_mm256_add_ps", 0, &[F32x8, F32x8], Some(F32x8), AVX),
    i("_mm256_setzero_si256", 0, &[], Some(I32x8), AVX),
    i("_mm256_set1_epi32", 0, &[I32], Some(I32x8), AVX),
    // Lanes 7 down to 0 (Intel's argument order).
    i("_mm256_set_epi32", 0, &[I32; 8], Some(I32x8), AVX),
    i("_mm256_loadu_si256", 0, &[Ptr], Some(I32x8), AVX),
    i("_mm256_storeu_si256", 0, &[Ptr, I32x8], None, AVX),
    i(
        "_mm256_maskload_epi32",
        0,
        &[Ptr, I32x8],
        Some(I32x8),
        AVX | AVX2,
    ),
    i(
        "_mm256_maskstore_epi32",
        0,
        &[Ptr, I32x8, I32x8],
        None,
        AVX | AVX2,
    ),
    // vpmaddwd: per i32 lane, the two i16 x i16 products summed.
    i(
        "_mm256_madd_epi16",
        0,
        &[I32x8, I32x8],
        Some(I32x8),
        AVX | AVX2,
    ),
    i(
        "_mm256_add_epi32",
        0,
        &[I32x8, I32x8],
        Some(I32x8),
        AVX | AVX2,
    ),
    i(
        "_mm256_add_epi16",
        0,
        &[I32x8, I32x8],
        Some(I32x8),
        AVX | AVX2,
    ),
    // vpmaddubsw: per i16 lane, u8(a) x s8(b) for two adjacent bytes,
    // summed with signed saturation (the AVX2 u8 x s8 kernel uses it only
    // where constant weights prove no sum can saturate).
    i(
        "_mm256_maddubs_epi16",
        0,
        &[I32x8, I32x8],
        Some(I32x8),
        AVX | AVX2,
    ),
    // Strata's int8 packing for the AVX2 kernels (strata_x86.h; native:
    // vpmovsxbw and vpunpck{l,h}wd): `widen(dst, src, n)` sign-extends n
    // i8 to i16 (one more 0 when n is odd: the last pair's high half);
    // `pair(dst, src0, src1, n)` writes n i32 words, src0[j] and src1[j]
    // sign-extended into the low and high i16 halves.
    i("_x86_widen_i8_i16", 0, &[Ptr, Ptr, I32], None, AVX | AVX2),
    i(
        "_x86_pair_i8_i16",
        0,
        &[Ptr, Ptr, Ptr, I32],
        None,
        AVX | AVX2,
    ),
    // The u8 x s8 kernel's activations: `flip(dst, src, n)` copies n i8
    // as u8 (x + 128, the sign bit flipped), zero bytes after them up to a
    // multiple of 4; `quad(dst, src0, src1, src2, src3, n)` writes n i32
    // words, byte q of word j = src_q[j] + 128. `copy` and `quad_i8` do
    // the same without the offset (activations found non-negative by
    // `nonnegative(src, n)`: 1 when none of n i8 is negative).
    i("_x86_flip_i8_u8", 0, &[Ptr, Ptr, I32], None, AVX | AVX2),
    i("_x86_copy_i8_words", 0, &[Ptr, Ptr, I32], None, AVX | AVX2),
    i(
        "_x86_quad_u8",
        0,
        &[Ptr, Ptr, Ptr, Ptr, Ptr, I32],
        None,
        AVX | AVX2,
    ),
    i(
        "_x86_quad_i8",
        0,
        &[Ptr, Ptr, Ptr, Ptr, Ptr, I32],
        None,
        AVX | AVX2,
    ),
    i("_x86_nonnegative_i8", 0, &[Ptr, I32], Some(I32), AVX | AVX2),
    // The argument, held in a register (an empty asm the compiler cannot
    // see through): a kernel's reused vector is loaded once, not folded
    // into every FMA that reads it (x86-vectorize's AVX2 f32 blocks).
    i("_x86_in_register_ps", 0, &[F32x8], Some(F32x8), AVX),
    // The f32 kernels' transposing epilogue (the channel-blocked and the
    // pointwise convolution): `(out, stride, filters, pixels, v0..v7)`
    // adds pixel q's vector of 8 filters' sums into out[l * stride + q],
    // or stores it there (an 8x8 transpose in registers natively).
    i("_x86_add_transposed8_ps", 0, &TRANSPOSED8, None, AVX | AVX2),
    i(
        "_x86_store_transposed8_ps",
        0,
        &TRANSPOSED8,
        None,
        AVX | AVX2,
    ),
    // 1 when AMX may run (CPU, OS permission, STRATA_X86_ISA): the run-time
    // choice between the AMX and the VNNI form of an int8 kernel.
    i("_x86_amx_usable", 0, &[], Some(I32), 0),
    i("_tile_loadconfig", 0, &[Ptr], None, AMX_TILE),
    i("_tile_release", 0, &[], None, AMX_TILE),
    i("_tile_zero", 1, &[], None, AMX_TILE),
    i("_tile_loadd", 1, &[Ptr, Index], None, AMX_TILE),
    i("_tile_stored", 1, &[Ptr, Index], None, AMX_TILE),
    i("_tile_dpbssd", 3, &[], None, AMX_TILE | AMX_INT8),
];

/// The intrinsic named `name`.
pub fn lookup(name: &str) -> Option<&'static Intrinsic> {
    INTRINSICS.iter().find(|i| i.name == name)
}

/// `target("...")` feature list for a feature mask.
pub fn target_features(mask: u32) -> String {
    FEATURE_NAMES
        .iter()
        .filter(|(bit, _)| mask & bit != 0)
        .map(|(_, n)| *n)
        .collect::<Vec<_>>()
        .join(",")
}
