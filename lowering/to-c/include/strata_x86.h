/* strata_x86.h: the x86 intrinsics Strata's C back end emits (the rows of
 * dialects/x86/src/intrinsics.rs), each with a portable scalar form
 * `strata_<name>` that gives the native result bit for bit, plus run-time
 * CPU feature detection.
 *
 * Generated code (STRATA_X86_NO_ALIASES defined) emits every function that
 * uses intrinsics twice: a native variant compiled for the features it
 * needs (`__attribute__((target(...)))`, Intel's names from immintrin.h)
 * and a portable variant calling the `strata_` forms; the exported function
 * calls the native one when strata_x86_use_native() says the CPU (and the
 * OS, for AMX) supports its features. STRATA_X86_ISA=portable in the
 * environment forces the portable variants; =avx512 or =vnni mask out the
 * later extensions. -DSTRATA_X86_PORTABLE at compile time drops the native
 * variants (for compilers or hosts without immintrin.h).
 *
 * Hand-written code (no STRATA_X86_NO_ALIASES) may use Intel's names
 * directly: native when the compiler targets `__AVX512F__`, otherwise they
 * are aliases of the portable forms.
 *
 * Semantics of the portable forms follow Intel's definitions:
 *  - _mm512_fmadd_ps: one rounding per lane (fmaf);
 *  - _mm512_max_ps / _mm512_min_ps: `a > b ? a : b` / `a < b ? a : b`, so the
 *    second operand wins on NaN and on equal values (+0/-0);
 *  - _mm512_reduce_add_ps: the tree GCC and Clang use (halves of 256, 128,
 *    64 and 32 bits), so reassociation matches the native reduction;
 *  - masked loads leave masked-off lanes 0 and never touch their memory;
 *  - _mm512_dpbusd_epi32: per 32-bit lane, four u8 x s8 products summed
 *    exactly and added with wrap-around (no saturation);
 *  - AMX: one emulated tile file (8 tiles of 16 rows x 64 bytes) configured
 *    by _tile_loadconfig's palette-1 layout; _tile_dpbssd sums s8 x s8
 *    products of 4-byte groups into the i32 destination, wrapping.
 */
#ifndef STRATA_X86_H
#define STRATA_X86_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(STRATA_X86_PORTABLE)
#include <cpuid.h>
#include <immintrin.h>
#define STRATA_X86_HAVE_NATIVE 1
#else
#define STRATA_X86_HAVE_NATIVE 0
#endif

/* Feature bits (dialects/x86/src/intrinsics.rs uses the same values). */
#define STRATA_X86_AVX512F 1u
#define STRATA_X86_AVX512BW 2u
#define STRATA_X86_AVX512VL 4u
#define STRATA_X86_AVX512VNNI 8u
#define STRATA_X86_AMX_TILE 16u
#define STRATA_X86_AMX_INT8 32u
#define STRATA_X86_AVX512VBMI2 64u
#define STRATA_X86_AVX 128u
#define STRATA_X86_AVX2 256u
#define STRATA_X86_FMA 512u

/* Run-time detection: whether the CPU running the program has AVX-512F. */
static inline int strata_cpu_has_avx512f(void) {
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") != 0;
#else
  return 0;
#endif
}

/* The features the native variants may use: the CPU's, less what
 * STRATA_X86_ISA (portable|scalar|emulated, avx2, avx512, vnni, amx/native)
 * excludes (avx2 = AVX, AVX2 and FMA; avx512 and vnni include them). AMX
 * also needs the kernel's permission to use the tile data
 * state (arch_prctl(ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA)), requested
 * once here; without it AMX counts as absent. */
static inline unsigned strata_x86_features(void) {
  static int cached = -1;
  if (cached >= 0) return (unsigned)cached;
  unsigned f = 0;
#if STRATA_X86_HAVE_NATIVE && defined(__x86_64__)
  const char *isa = getenv("STRATA_X86_ISA");
  unsigned allowed = ~0u;
  if (isa && (!strcmp(isa, "portable") || !strcmp(isa, "scalar") || !strcmp(isa, "emulated")))
    allowed = 0;
  const unsigned avx2 = STRATA_X86_AVX | STRATA_X86_AVX2 | STRATA_X86_FMA;
  if (isa && !strcmp(isa, "avx2"))
    allowed = avx2;
  else if (isa && !strcmp(isa, "avx512"))
    allowed = avx2 | STRATA_X86_AVX512F | STRATA_X86_AVX512BW | STRATA_X86_AVX512VL | STRATA_X86_AVX512VBMI2;
  else if (isa && !strcmp(isa, "vnni"))
    allowed = avx2 | STRATA_X86_AVX512F | STRATA_X86_AVX512BW | STRATA_X86_AVX512VL | STRATA_X86_AVX512VNNI |
              STRATA_X86_AVX512VBMI2;
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx")) f |= STRATA_X86_AVX;
  if (__builtin_cpu_supports("avx2")) f |= STRATA_X86_AVX2;
  if (__builtin_cpu_supports("fma")) f |= STRATA_X86_FMA;
  if (__builtin_cpu_supports("avx512f")) f |= STRATA_X86_AVX512F;
  if (__builtin_cpu_supports("avx512bw")) f |= STRATA_X86_AVX512BW;
  if (__builtin_cpu_supports("avx512vl")) f |= STRATA_X86_AVX512VL;
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
    if ((c >> 11) & 1 && (f & STRATA_X86_AVX512F)) f |= STRATA_X86_AVX512VNNI;
    if ((c >> 6) & 1 && (f & STRATA_X86_AVX512F)) f |= STRATA_X86_AVX512VBMI2;
    if (((d >> 24) & 3) == 3 && (allowed & STRATA_X86_AMX_TILE)) {
      long r;
      /* arch_prctl(ARCH_REQ_XCOMP_PERM = 0x1023, XFEATURE_XTILEDATA = 18) */
      __asm__ volatile("syscall" : "=a"(r) : "a"(158L), "D"(0x1023L), "S"(18L) : "rcx", "r11", "memory");
      if (r == 0) f |= STRATA_X86_AMX_TILE | STRATA_X86_AMX_INT8;
    }
  }
  f &= allowed;
#endif
  cached = (int)f;
  return f;
}

/* Whether the native variant needing `need` may run. */
static inline int strata_x86_use_native(unsigned need) { return (strata_x86_features() & need) == need; }

/* Whether the AMX form of an int8 kernel may run (x86.call "_x86_amx_usable"):
 * the same test in every variant of a function. */
static inline int32_t strata_x86_amx_usable(void) {
  return strata_x86_use_native(STRATA_X86_AMX_TILE | STRATA_X86_AMX_INT8);
}
#define _x86_amx_usable strata_x86_amx_usable

/* Portable forms: always defined. Not inlined: a kernel calls them a
 * thousand times (one per unrolled FMA of a register block), and gcc
 * inlining every 16-lane loop into one function grew past 24 GiB at -O2
 * (a 5x9x11 -> 19-filter channel-blocked conv, lit blocked_conv.mlir);
 * the same file compiled with -fno-inline took 11 s and 0.5 GiB, and with
 * these called forms strata-run --target c builds and runs it in 9 s.
 * The emulation is the path for correctness, not speed. */
#define STRATA_X86_EMU static __attribute__((noinline, unused))
typedef struct { float f[16]; } strata_m512;
typedef struct { int32_t i[16]; } strata_m512i;
typedef uint16_t strata_mmask16;

STRATA_X86_EMU strata_m512 strata_mm512_setzero_ps(void) {
  strata_m512 r;
  for (int k = 0; k < 16; k++) r.f[k] = 0.0f;
  return r;
}
STRATA_X86_EMU strata_m512 strata_mm512_set1_ps(float a) {
  strata_m512 r;
  for (int k = 0; k < 16; k++) r.f[k] = a;
  return r;
}
STRATA_X86_EMU strata_m512 strata_mm512_loadu_ps(const void *p) {
  strata_m512 r;
  memcpy(r.f, p, sizeof r.f);
  return r;
}
STRATA_X86_EMU void strata_mm512_storeu_ps(void *p, strata_m512 a) { memcpy(p, a.f, sizeof a.f); }
STRATA_X86_EMU strata_m512 strata_mm512_maskz_loadu_ps(strata_mmask16 m, const void *p) {
  strata_m512 r;
  const float *q = (const float *)p;
  for (int k = 0; k < 16; k++) r.f[k] = (m >> k) & 1 ? q[k] : 0.0f;
  return r;
}
STRATA_X86_EMU void strata_mm512_mask_storeu_ps(void *p, strata_mmask16 m, strata_m512 a) {
  float *q = (float *)p;
  for (int k = 0; k < 16; k++)
    if ((m >> k) & 1) q[k] = a.f[k];
}
STRATA_X86_EMU strata_m512 strata_mm512_add_ps(strata_m512 a, strata_m512 b) {
  for (int k = 0; k < 16; k++) a.f[k] += b.f[k];
  return a;
}
/* Lane k of the result is lane idx[k] & 31 of the 32 lanes of a then b. */
STRATA_X86_EMU strata_m512 strata_mm512_permutex2var_ps(strata_m512 a, strata_m512i idx, strata_m512 b) {
  strata_m512 r;
  for (int k = 0; k < 16; k++) {
    int j = idx.i[k] & 31;
    r.f[k] = j < 16 ? a.f[j] : b.f[j - 16];
  }
  return r;
}
STRATA_X86_EMU strata_m512 strata_mm512_sub_ps(strata_m512 a, strata_m512 b) {
  for (int k = 0; k < 16; k++) a.f[k] -= b.f[k];
  return a;
}
STRATA_X86_EMU strata_m512 strata_mm512_mul_ps(strata_m512 a, strata_m512 b) {
  for (int k = 0; k < 16; k++) a.f[k] *= b.f[k];
  return a;
}
STRATA_X86_EMU strata_m512 strata_mm512_fmadd_ps(strata_m512 a, strata_m512 b, strata_m512 c) {
  for (int k = 0; k < 16; k++) a.f[k] = fmaf(a.f[k], b.f[k], c.f[k]);
  return a;
}
STRATA_X86_EMU strata_m512 strata_mm512_max_ps(strata_m512 a, strata_m512 b) {
  for (int k = 0; k < 16; k++) a.f[k] = a.f[k] > b.f[k] ? a.f[k] : b.f[k];
  return a;
}
STRATA_X86_EMU strata_m512 strata_mm512_min_ps(strata_m512 a, strata_m512 b) {
  for (int k = 0; k < 16; k++) a.f[k] = a.f[k] < b.f[k] ? a.f[k] : b.f[k];
  return a;
}
STRATA_X86_EMU float strata_mm512_reduce_add_ps(strata_m512 a) {
  for (int width = 8; width >= 1; width /= 2)
    for (int k = 0; k < width; k++) a.f[k] = a.f[k] + a.f[k + width];
  return a.f[0];
}
/* Intel's argument order: the first argument is lane 15. */
STRATA_X86_EMU strata_m512i strata_mm512_set_epi32(int32_t e15, int32_t e14, int32_t e13, int32_t e12,
                                                   int32_t e11, int32_t e10, int32_t e9, int32_t e8,
                                                   int32_t e7, int32_t e6, int32_t e5, int32_t e4,
                                                   int32_t e3, int32_t e2, int32_t e1, int32_t e0) {
  strata_m512i r = {{e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15}};
  return r;
}
STRATA_X86_EMU strata_m512i strata_mm512_set1_epi32(int32_t a) {
  strata_m512i r;
  for (int k = 0; k < 16; k++) r.i[k] = a;
  return r;
}
STRATA_X86_EMU strata_m512i strata_mm512_loadu_si512(const void *p) {
  strata_m512i r;
  memcpy(r.i, p, sizeof r.i);
  return r;
}
STRATA_X86_EMU void strata_mm512_storeu_si512(void *p, strata_m512i a) { memcpy(p, a.i, sizeof a.i); }
STRATA_X86_EMU strata_m512i strata_mm512_add_epi32(strata_m512i a, strata_m512i b) {
  for (int k = 0; k < 16; k++) a.i[k] = (int32_t)((uint32_t)a.i[k] + (uint32_t)b.i[k]);
  return a;
}
STRATA_X86_EMU strata_m512i strata_mm512_mullo_epi32(strata_m512i a, strata_m512i b) {
  for (int k = 0; k < 16; k++) a.i[k] = (int32_t)((uint32_t)a.i[k] * (uint32_t)b.i[k]);
  return a;
}

STRATA_X86_EMU strata_m512i strata_mm512_setzero_si512(void) { return strata_mm512_set1_epi32(0); }
STRATA_X86_EMU strata_m512i strata_mm512_sub_epi32(strata_m512i a, strata_m512i b) {
  for (int k = 0; k < 16; k++) a.i[k] = (int32_t)((uint32_t)a.i[k] - (uint32_t)b.i[k]);
  return a;
}
STRATA_X86_EMU strata_m512i strata_mm512_maskz_loadu_epi32(strata_mmask16 m, const void *p) {
  strata_m512i r;
  const int32_t *q = (const int32_t *)p;
  for (int k = 0; k < 16; k++) r.i[k] = (m >> k) & 1 ? q[k] : 0;
  return r;
}
STRATA_X86_EMU void strata_mm512_mask_storeu_epi32(void *p, strata_mmask16 m, strata_m512i a) {
  int32_t *q = (int32_t *)p;
  for (int k = 0; k < 16; k++)
    if ((m >> k) & 1) q[k] = a.i[k];
}
/* vpdpbusd: lane k += sum of the four u8 (a) x s8 (b) byte products. */
STRATA_X86_EMU strata_m512i strata_mm512_dpbusd_epi32(strata_m512i src, strata_m512i a, strata_m512i b) {
  uint8_t ua[64];
  int8_t sb[64];
  memcpy(ua, a.i, 64);
  memcpy(sb, b.i, 64);
  for (int k = 0; k < 16; k++) {
    int32_t dot = 0;
    for (int q = 0; q < 4; q++) dot += (int32_t)ua[4 * k + q] * (int32_t)sb[4 * k + q];
    src.i[k] = (int32_t)((uint32_t)src.i[k] + (uint32_t)dot);
  }
  return src;
}

/* Byte-masked loads and stores, and vpexpandb (bytes from p placed, in
 * order, in the lanes whose mask bit is set; the other lanes from src or 0). */
typedef uint64_t strata_mmask64;
STRATA_X86_EMU strata_m512i strata_mm512_maskz_loadu_epi8(strata_mmask64 m, const void *p) {
  uint8_t r[64];
  const uint8_t *q = (const uint8_t *)p;
  for (int k = 0; k < 64; k++) r[k] = (m >> k) & 1 ? q[k] : 0;
  strata_m512i v;
  memcpy(v.i, r, 64);
  return v;
}
STRATA_X86_EMU void strata_mm512_mask_storeu_epi8(void *p, strata_mmask64 m, strata_m512i a) {
  uint8_t r[64];
  memcpy(r, a.i, 64);
  for (int k = 0; k < 64; k++)
    if ((m >> k) & 1) ((uint8_t *)p)[k] = r[k];
}
STRATA_X86_EMU strata_m512i strata_mm512_mask_expandloadu_epi8(strata_m512i src, strata_mmask64 m, const void *p) {
  uint8_t r[64];
  const uint8_t *q = (const uint8_t *)p;
  memcpy(r, src.i, 64);
  for (int k = 0; k < 64; k++)
    if ((m >> k) & 1) r[k] = *q++;
  memcpy(src.i, r, 64);
  return src;
}
STRATA_X86_EMU strata_m512i strata_mm512_maskz_expandloadu_epi8(strata_mmask64 m, const void *p) {
  return strata_mm512_mask_expandloadu_epi8(strata_mm512_setzero_si512(), m, p);
}

/* AVX2 + FMA: 8 lanes; a vector mask's lane is on when its top bit is set
 * (masked-off lanes load as 0 and their memory is not touched). */
typedef struct { float f[8]; } strata_m256;
typedef struct { int32_t i[8]; } strata_m256i;
STRATA_X86_EMU strata_m256 strata_mm256_set1_ps(float a) {
  strata_m256 r;
  for (int k = 0; k < 8; k++) r.f[k] = a;
  return r;
}
STRATA_X86_EMU strata_m256 strata_mm256_setzero_ps(void) { return strata_mm256_set1_ps(0.0f); }
STRATA_X86_EMU strata_m256 strata_mm256_loadu_ps(const void *p) {
  strata_m256 r;
  memcpy(r.f, p, sizeof r.f);
  return r;
}
STRATA_X86_EMU void strata_mm256_storeu_ps(void *p, strata_m256 a) { memcpy(p, a.f, sizeof a.f); }
STRATA_X86_EMU strata_m256 strata_mm256_maskload_ps(const void *p, strata_m256i m) {
  strata_m256 r;
  const float *q = (const float *)p;
  for (int k = 0; k < 8; k++) r.f[k] = m.i[k] < 0 ? q[k] : 0.0f;
  return r;
}
STRATA_X86_EMU void strata_mm256_maskstore_ps(void *p, strata_m256i m, strata_m256 a) {
  float *q = (float *)p;
  for (int k = 0; k < 8; k++)
    if (m.i[k] < 0) q[k] = a.f[k];
}
STRATA_X86_EMU strata_m256 strata_mm256_fmadd_ps(strata_m256 a, strata_m256 b, strata_m256 c) {
  for (int k = 0; k < 8; k++) a.f[k] = fmaf(a.f[k], b.f[k], c.f[k]);
  return a;
}
STRATA_X86_EMU strata_m256 strata_mm256_add_ps(strata_m256 a, strata_m256 b) {
  for (int k = 0; k < 8; k++) a.f[k] += b.f[k];
  return a;
}
STRATA_X86_EMU strata_m256i strata_mm256_set1_epi32(int32_t a) {
  strata_m256i r;
  for (int k = 0; k < 8; k++) r.i[k] = a;
  return r;
}
STRATA_X86_EMU strata_m256i strata_mm256_setzero_si256(void) { return strata_mm256_set1_epi32(0); }
/* Intel's argument order: the first argument is lane 7. */
STRATA_X86_EMU strata_m256i strata_mm256_set_epi32(int32_t e7, int32_t e6, int32_t e5, int32_t e4, int32_t e3,
                                                   int32_t e2, int32_t e1, int32_t e0) {
  strata_m256i r = {{e0, e1, e2, e3, e4, e5, e6, e7}};
  return r;
}
STRATA_X86_EMU strata_m256i strata_mm256_loadu_si256(const void *p) {
  strata_m256i r;
  memcpy(r.i, p, sizeof r.i);
  return r;
}
STRATA_X86_EMU void strata_mm256_storeu_si256(void *p, strata_m256i a) { memcpy(p, a.i, sizeof a.i); }
STRATA_X86_EMU strata_m256i strata_mm256_maskload_epi32(const void *p, strata_m256i m) {
  strata_m256i r;
  const int32_t *q = (const int32_t *)p;
  for (int k = 0; k < 8; k++) r.i[k] = m.i[k] < 0 ? q[k] : 0;
  return r;
}
STRATA_X86_EMU void strata_mm256_maskstore_epi32(void *p, strata_m256i m, strata_m256i a) {
  int32_t *q = (int32_t *)p;
  for (int k = 0; k < 8; k++)
    if (m.i[k] < 0) q[k] = a.i[k];
}
/* vpmaddwd: lane k = lo16(a) * lo16(b) + hi16(a) * hi16(b), signed, the sum
 * wrapping (only -32768^2 twice overflows). */
STRATA_X86_EMU strata_m256i strata_mm256_madd_epi16(strata_m256i a, strata_m256i b) {
  for (int k = 0; k < 8; k++) {
    int32_t lo = (int32_t)(int16_t)(a.i[k] & 0xFFFF) * (int32_t)(int16_t)(b.i[k] & 0xFFFF);
    int32_t hi = (int32_t)(int16_t)((uint32_t)a.i[k] >> 16) * (int32_t)(int16_t)((uint32_t)b.i[k] >> 16);
    a.i[k] = (int32_t)((uint32_t)lo + (uint32_t)hi);
  }
  return a;
}
STRATA_X86_EMU strata_m256i strata_mm256_add_epi32(strata_m256i a, strata_m256i b) {
  for (int k = 0; k < 8; k++) a.i[k] = (int32_t)((uint32_t)a.i[k] + (uint32_t)b.i[k]);
  return a;
}
/* vpaddw: sixteen i16 lanes, wrapping. */
STRATA_X86_EMU strata_m256i strata_mm256_add_epi16(strata_m256i a, strata_m256i b) {
  for (int k = 0; k < 8; k++) {
    uint32_t x = (uint32_t)a.i[k], y = (uint32_t)b.i[k];
    uint32_t lo = (x + y) & 0xFFFFu, hi = ((x >> 16) + (y >> 16)) & 0xFFFFu;
    a.i[k] = (int32_t)(lo | hi << 16);
  }
  return a;
}
/* vpmaddubsw: i16 lane k = u8(a byte 2k) * s8(b byte 2k) + u8(a byte 2k+1) *
 * s8(b byte 2k+1), saturated to [-32768, 32767]. */
STRATA_X86_EMU strata_m256i strata_mm256_maddubs_epi16(strata_m256i a, strata_m256i b) {
  strata_m256i r;
  for (int k = 0; k < 16; k++) {
    int32_t s = 0;
    for (int h = 0; h < 2; h++) {
      int byte = 2 * k + h;
      uint8_t x = (uint8_t)((uint32_t)a.i[byte / 4] >> (8 * (byte % 4)));
      int8_t y = (int8_t)(uint8_t)((uint32_t)b.i[byte / 4] >> (8 * (byte % 4)));
      s += (int32_t)x * (int32_t)y;
    }
    s = s > 32767 ? 32767 : s < -32768 ? -32768 : s;
    uint32_t half = (uint32_t)(uint16_t)(int16_t)s << (16 * (k % 2));
    uint32_t keep = k % 2 ? 0x0000FFFFu : 0xFFFF0000u;
    r.i[k / 2] = (int32_t)(((k % 2) ? ((uint32_t)r.i[k / 2] & keep) : 0) | half);
  }
  return r;
}

/* Strata's int8 packing for the AVX2 kernels (x86-vectorize{isa=avx2}):
 * widen: n i8 sign-extended to i16, plus one 0 when n is odd (the high half
 * of the last pair); pair: n i32 words, src0[j] in the low and src1[j] in
 * the high i16 half, both sign-extended. The i16 stores go through a
 * may_alias type: the kernels read the same memory as i32 words, and an
 * inlined plain int16_t store could be reordered past those loads. */
typedef int16_t __attribute__((may_alias)) strata_alias_i16;
STRATA_X86_EMU void strata_x86_widen_i8_i16(void *dst, const void *src, int32_t n) {
  strata_alias_i16 *d = (strata_alias_i16 *)dst;
  const int8_t *s = (const int8_t *)src;
  for (int32_t k = 0; k < n; k++) d[k] = s[k];
  if (n & 1) d[n] = 0;
}
STRATA_X86_EMU void strata_x86_pair_i8_i16(void *dst, const void *src0, const void *src1, int32_t n) {
  int32_t *d = (int32_t *)dst;
  const int8_t *a = (const int8_t *)src0, *b = (const int8_t *)src1;
  for (int32_t k = 0; k < n; k++)
    d[k] = (int32_t)((uint32_t)(uint16_t)(int16_t)a[k] | (uint32_t)(uint16_t)(int16_t)b[k] << 16);
}
/* The AVX2 u8 x s8 kernel's activations as bytes xor `bias`: 0x80 offsets
 * them by 128 into u8 (flip, quad_u8: exact for every activation, with a
 * compensation), 0 keeps them as they are (copy, quad_i8: for activations
 * the run-time test found non-negative). flip/copy: n bytes, then zero
 * bytes up to a multiple of 4 (the last word's unused k, which meet zero
 * weights); quad: n i32 words, byte q of word j src_q[j] ^ bias.
 * nonnegative: 1 when none of the n i8 is negative (the test itself). */
static inline void strata_x86_bytes_words(void *dst, const void *src, int32_t n, uint8_t bias) {
  uint8_t *d = (uint8_t *)dst;
  const uint8_t *s = (const uint8_t *)src;
  int32_t k = 0;
  for (; k < n; k++) d[k] = s[k] ^ bias;
  for (; k % 4; k++) d[k] = 0;
}
static inline void strata_x86_bytes_quads(void *dst, const void *const src[4], int32_t n, uint8_t bias) {
  int32_t *d = (int32_t *)dst;
  const uint8_t *s[4] = {(const uint8_t *)src[0], (const uint8_t *)src[1], (const uint8_t *)src[2],
                         (const uint8_t *)src[3]};
  for (int32_t j = 0; j < n; j++) {
    uint32_t w = 0;
    for (int q = 0; q < 4; q++) w |= (uint32_t)(uint8_t)(s[q][j] ^ bias) << (8 * q);
    d[j] = (int32_t)w;
  }
}
STRATA_X86_EMU void strata_x86_flip_i8_u8(void *dst, const void *src, int32_t n) {
  strata_x86_bytes_words(dst, src, n, 0x80u);
}
STRATA_X86_EMU void strata_x86_copy_i8_words(void *dst, const void *src, int32_t n) {
  strata_x86_bytes_words(dst, src, n, 0);
}
STRATA_X86_EMU void strata_x86_quad_u8(void *dst, const void *src0, const void *src1, const void *src2,
                                       const void *src3, int32_t n) {
  const void *const src[4] = {src0, src1, src2, src3};
  strata_x86_bytes_quads(dst, src, n, 0x80u);
}
STRATA_X86_EMU void strata_x86_quad_i8(void *dst, const void *src0, const void *src1, const void *src2,
                                       const void *src3, int32_t n) {
  const void *const src[4] = {src0, src1, src2, src3};
  strata_x86_bytes_quads(dst, src, n, 0);
}
STRATA_X86_EMU int32_t strata_x86_nonnegative_i8(const void *src, int32_t n) {
  const int8_t *s = (const int8_t *)src;
  for (int32_t k = 0; k < n; k++)
    if (s[k] < 0) return 0;
  return 1;
}
#if STRATA_X86_HAVE_NATIVE
__attribute__((target("avx,avx2"), unused)) static inline void strata_x86_avx2_bytes_words(void *dst, const void *src,
                                                                                           int32_t n, uint8_t bias) {
  uint8_t *d = (uint8_t *)dst;
  const uint8_t *s = (const uint8_t *)src;
  const __m256i b = _mm256_set1_epi8((char)bias);
  int32_t k = 0;
  for (; k + 32 <= n; k += 32)
    _mm256_storeu_si256((__m256i *)(d + k), _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(s + k)), b));
  for (; k < n; k++) d[k] = s[k] ^ bias;
  for (; k % 4; k++) d[k] = 0;
}
__attribute__((target("avx,avx2"), unused)) static inline void strata_x86_avx2_bytes_quads(
    void *dst, const void *src0, const void *src1, const void *src2, const void *src3, int32_t n, uint8_t bias) {
  int32_t *d = (int32_t *)dst;
  const uint8_t *a = (const uint8_t *)src0, *b = (const uint8_t *)src1, *c = (const uint8_t *)src2,
                *e = (const uint8_t *)src3;
  const __m128i flip = _mm_set1_epi8((char)bias);
  int32_t j = 0;
  for (; j + 16 <= n; j += 16) {
    __m128i x0 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(a + j)), flip);
    __m128i x1 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(b + j)), flip);
    __m128i x2 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(c + j)), flip);
    __m128i x3 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(e + j)), flip);
    __m128i lo01 = _mm_unpacklo_epi8(x0, x1), hi01 = _mm_unpackhi_epi8(x0, x1);
    __m128i lo23 = _mm_unpacklo_epi8(x2, x3), hi23 = _mm_unpackhi_epi8(x2, x3);
    _mm_storeu_si128((__m128i *)(d + j), _mm_unpacklo_epi16(lo01, lo23));
    _mm_storeu_si128((__m128i *)(d + j + 4), _mm_unpackhi_epi16(lo01, lo23));
    _mm_storeu_si128((__m128i *)(d + j + 8), _mm_unpacklo_epi16(hi01, hi23));
    _mm_storeu_si128((__m128i *)(d + j + 12), _mm_unpackhi_epi16(hi01, hi23));
  }
  for (; j + 8 <= n; j += 8) {
    __m128i x0 = _mm_xor_si128(_mm_loadl_epi64((const __m128i *)(a + j)), flip);
    __m128i x1 = _mm_xor_si128(_mm_loadl_epi64((const __m128i *)(b + j)), flip);
    __m128i x2 = _mm_xor_si128(_mm_loadl_epi64((const __m128i *)(c + j)), flip);
    __m128i x3 = _mm_xor_si128(_mm_loadl_epi64((const __m128i *)(e + j)), flip);
    __m128i lo01 = _mm_unpacklo_epi8(x0, x1), lo23 = _mm_unpacklo_epi8(x2, x3);
    _mm_storeu_si128((__m128i *)(d + j), _mm_unpacklo_epi16(lo01, lo23));
    _mm_storeu_si128((__m128i *)(d + j + 4), _mm_unpackhi_epi16(lo01, lo23));
  }
  for (; j < n; j++)
    d[j] = (int32_t)((uint32_t)(uint8_t)(a[j] ^ bias) | (uint32_t)(uint8_t)(b[j] ^ bias) << 8 |
                     (uint32_t)(uint8_t)(c[j] ^ bias) << 16 | (uint32_t)(uint8_t)(e[j] ^ bias) << 24);
}
__attribute__((target("avx,avx2"), unused)) static inline void _x86_flip_i8_u8(void *dst, const void *src,
                                                                                int32_t n) {
  strata_x86_avx2_bytes_words(dst, src, n, 0x80u);
}
__attribute__((target("avx,avx2"), unused)) static inline void _x86_copy_i8_words(void *dst, const void *src,
                                                                                   int32_t n) {
  strata_x86_avx2_bytes_words(dst, src, n, 0);
}
__attribute__((target("avx,avx2"), unused)) static inline void _x86_quad_u8(void *dst, const void *src0,
                                                                             const void *src1, const void *src2,
                                                                             const void *src3, int32_t n) {
  strata_x86_avx2_bytes_quads(dst, src0, src1, src2, src3, n, 0x80u);
}
__attribute__((target("avx,avx2"), unused)) static inline void _x86_quad_i8(void *dst, const void *src0,
                                                                             const void *src1, const void *src2,
                                                                             const void *src3, int32_t n) {
  strata_x86_avx2_bytes_quads(dst, src0, src1, src2, src3, n, 0);
}
/* 128 bytes OR-ed per step, their sign bits tested once. */
__attribute__((target("avx,avx2"), unused)) static inline int32_t _x86_nonnegative_i8(const void *src, int32_t n) {
  const uint8_t *s = (const uint8_t *)src;
  int32_t k = 0;
  for (; k + 128 <= n; k += 128) {
    __m256i x = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(s + k)),
                                _mm256_loadu_si256((const __m256i *)(s + k + 32)));
    __m256i y = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(s + k + 64)),
                                _mm256_loadu_si256((const __m256i *)(s + k + 96)));
    if (_mm256_movemask_epi8(_mm256_or_si256(x, y))) return 0;
  }
  for (; k + 32 <= n; k += 32)
    if (_mm256_movemask_epi8(_mm256_loadu_si256((const __m256i *)(s + k)))) return 0;
  for (; k < n; k++)
    if (s[k] & 0x80u) return 0;
  return 1;
}
#endif
#if STRATA_X86_HAVE_NATIVE
__attribute__((target("avx,avx2"), unused)) static inline void _x86_widen_i8_i16(void *dst, const void *src,
                                                                                  int32_t n) {
  strata_alias_i16 *d = (strata_alias_i16 *)dst;
  const int8_t *s = (const int8_t *)src;
  int32_t k = 0;
  for (; k + 16 <= n; k += 16)
    _mm256_storeu_si256((__m256i *)(d + k), _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)(s + k))));
  for (; k < n; k++) d[k] = s[k];
  if (n & 1) d[n] = 0;
}
__attribute__((target("avx,avx2"), unused)) static inline void _x86_pair_i8_i16(void *dst, const void *src0,
                                                                                 const void *src1, int32_t n) {
  int32_t *d = (int32_t *)dst;
  const int8_t *a = (const int8_t *)src0, *b = (const int8_t *)src1;
  int32_t k = 0;
  for (; k + 16 <= n; k += 16) {
    __m256i x = _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)(a + k)));
    __m256i y = _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)(b + k)));
    __m256i lo = _mm256_unpacklo_epi16(x, y), hi = _mm256_unpackhi_epi16(x, y);
    _mm256_storeu_si256((__m256i *)(d + k), _mm256_permute2x128_si256(lo, hi, 0x20));
    _mm256_storeu_si256((__m256i *)(d + k + 8), _mm256_permute2x128_si256(lo, hi, 0x31));
  }
  for (; k + 8 <= n; k += 8) {
    __m128i x = _mm_cvtepi8_epi16(_mm_loadl_epi64((const __m128i *)(a + k)));
    __m128i y = _mm_cvtepi8_epi16(_mm_loadl_epi64((const __m128i *)(b + k)));
    _mm_storeu_si128((__m128i *)(d + k), _mm_unpacklo_epi16(x, y));
    _mm_storeu_si128((__m128i *)(d + k + 4), _mm_unpackhi_epi16(x, y));
  }
  for (; k < n; k++)
    d[k] = (int32_t)((uint32_t)(uint16_t)(int16_t)a[k] | (uint32_t)(uint16_t)(int16_t)b[k] << 16);
}
#endif

/* The argument, which the compiler must hold in a register: an empty asm
 * it cannot see through, so a vector a register block reuses is loaded
 * once rather than folded into each FMA as a memory operand (gcc does that
 * with AVX2's 16 registers, loading every input vector once per filter).
 * Portable: the identity. */
STRATA_X86_EMU strata_m256 strata_x86_in_register_ps(strata_m256 v) { return v; }
#if STRATA_X86_HAVE_NATIVE
__attribute__((target("avx"), unused)) static inline __m256 _x86_in_register_ps(__m256 v) {
  __asm__("" : "+x"(v));
  return v;
}
#endif

/* The f32 kernels' transposing epilogue on AVX2 (the channel-blocked
 * convolution, the pointwise one): vector q holds the 8 filters' sums of
 * pixel q; `_x86_add_transposed8_ps` adds them into the NCHW output,
 * out[l * stride + q] += v_q[l] for filters l < `filters` and pixels
 * q < `pixels` (consecutive filters' planes `stride` floats apart, a
 * block's pixels contiguous), `_x86_store_transposed8_ps` stores them
 * there (an output whose zero fill was dropped). Native: an 8x8 transpose
 * in registers (vunpck{l,h}ps, vshufps, vperm2f128), then one (masked)
 * load, add and store, or store, per filter; bit-exact with the portable
 * form (one rounding per add). One implementation each, `add` 0 or 1. */
STRATA_X86_EMU void strata_x86_transposed8_ps(void *out, int32_t stride, int32_t filters, int32_t pixels, int add,
                                              const strata_m256 *v) {
  float *o = (float *)out;
  for (int32_t l = 0; l < filters; l++)
    for (int32_t q = 0; q < pixels; q++) {
      float *p = &o[(int64_t)l * stride + q];
      *p = add ? *p + v[q].f[l] : v[q].f[l];
    }
}
STRATA_X86_EMU void strata_x86_add_transposed8_ps(void *out, int32_t stride, int32_t filters, int32_t pixels,
                                                  strata_m256 v0, strata_m256 v1, strata_m256 v2,
                                                  strata_m256 v3, strata_m256 v4, strata_m256 v5,
                                                  strata_m256 v6, strata_m256 v7) {
  const strata_m256 v[8] = {v0, v1, v2, v3, v4, v5, v6, v7};
  strata_x86_transposed8_ps(out, stride, filters, pixels, 1, v);
}
STRATA_X86_EMU void strata_x86_store_transposed8_ps(void *out, int32_t stride, int32_t filters, int32_t pixels,
                                                    strata_m256 v0, strata_m256 v1, strata_m256 v2,
                                                    strata_m256 v3, strata_m256 v4, strata_m256 v5,
                                                    strata_m256 v6, strata_m256 v7) {
  const strata_m256 v[8] = {v0, v1, v2, v3, v4, v5, v6, v7};
  strata_x86_transposed8_ps(out, stride, filters, pixels, 0, v);
}
#if STRATA_X86_HAVE_NATIVE
__attribute__((target("avx,avx2"), unused)) static inline void strata_x86_avx2_transposed8_ps(
    void *out, int32_t stride, int32_t filters, int32_t pixels, int add, __m256 v0, __m256 v1, __m256 v2,
    __m256 v3, __m256 v4, __m256 v5, __m256 v6, __m256 v7) {
  /* Pairs of pixels interleaved, then quads: s[f] holds filter f (low
   * half) and f + 4 (high half) of pixels 0-3, s[f + 4] of pixels 4-7. */
  __m256 t0 = _mm256_unpacklo_ps(v0, v1), t1 = _mm256_unpackhi_ps(v0, v1);
  __m256 t2 = _mm256_unpacklo_ps(v2, v3), t3 = _mm256_unpackhi_ps(v2, v3);
  __m256 t4 = _mm256_unpacklo_ps(v4, v5), t5 = _mm256_unpackhi_ps(v4, v5);
  __m256 t6 = _mm256_unpacklo_ps(v6, v7), t7 = _mm256_unpackhi_ps(v6, v7);
  __m256 s[8] = {_mm256_shuffle_ps(t0, t2, 0x44), _mm256_shuffle_ps(t0, t2, 0xEE),
                 _mm256_shuffle_ps(t1, t3, 0x44), _mm256_shuffle_ps(t1, t3, 0xEE),
                 _mm256_shuffle_ps(t4, t6, 0x44), _mm256_shuffle_ps(t4, t6, 0xEE),
                 _mm256_shuffle_ps(t5, t7, 0x44), _mm256_shuffle_ps(t5, t7, 0xEE)};
  __m256 r[8] = {_mm256_permute2f128_ps(s[0], s[4], 0x20), _mm256_permute2f128_ps(s[1], s[5], 0x20),
                 _mm256_permute2f128_ps(s[2], s[6], 0x20), _mm256_permute2f128_ps(s[3], s[7], 0x20),
                 _mm256_permute2f128_ps(s[0], s[4], 0x31), _mm256_permute2f128_ps(s[1], s[5], 0x31),
                 _mm256_permute2f128_ps(s[2], s[6], 0x31), _mm256_permute2f128_ps(s[3], s[7], 0x31)};
  float *o = (float *)out;
  if (pixels >= 8) {
    for (int32_t l = 0; l < filters; l++) {
      float *p = o + (int64_t)l * stride;
      _mm256_storeu_ps(p, add ? _mm256_add_ps(_mm256_loadu_ps(p), r[l]) : r[l]);
    }
  } else {
    __m256i m = _mm256_cmpgt_epi32(_mm256_set1_epi32(pixels), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    for (int32_t l = 0; l < filters; l++) {
      float *p = o + (int64_t)l * stride;
      _mm256_maskstore_ps(p, m, add ? _mm256_add_ps(_mm256_maskload_ps(p, m), r[l]) : r[l]);
    }
  }
}
__attribute__((target("avx,avx2"), unused)) static inline void _x86_add_transposed8_ps(
    void *out, int32_t stride, int32_t filters, int32_t pixels, __m256 v0, __m256 v1, __m256 v2, __m256 v3,
    __m256 v4, __m256 v5, __m256 v6, __m256 v7) {
  strata_x86_avx2_transposed8_ps(out, stride, filters, pixels, 1, v0, v1, v2, v3, v4, v5, v6, v7);
}
__attribute__((target("avx,avx2"), unused)) static inline void _x86_store_transposed8_ps(
    void *out, int32_t stride, int32_t filters, int32_t pixels, __m256 v0, __m256 v1, __m256 v2, __m256 v3,
    __m256 v4, __m256 v5, __m256 v6, __m256 v7) {
  strata_x86_avx2_transposed8_ps(out, stride, filters, pixels, 0, v0, v1, v2, v3, v4, v5, v6, v7);
}
#endif

/* AMX: the tile file and its palette-1 configuration. */
static struct {
  uint8_t data[8][16][64];
  uint8_t rows[8];
  uint16_t colsb[8];
} strata_amx_state;
STRATA_X86_EMU void strata_tile_loadconfig(const void *p) {
  const uint8_t *c = (const uint8_t *)p;
  memset(&strata_amx_state, 0, sizeof strata_amx_state);
  for (int t = 0; t < 8; t++) {
    strata_amx_state.colsb[t] = (uint16_t)(c[16 + 2 * t] | c[17 + 2 * t] << 8);
    strata_amx_state.rows[t] = c[48 + t];
  }
}
STRATA_X86_EMU void strata_tile_release(void) { memset(&strata_amx_state, 0, sizeof strata_amx_state); }
STRATA_X86_EMU void strata_tile_zero(int t) { memset(strata_amx_state.data[t], 0, sizeof strata_amx_state.data[t]); }
STRATA_X86_EMU void strata_tile_loadd(int t, const void *p, uint64_t stride) {
  strata_tile_zero(t);
  for (int r = 0; r < strata_amx_state.rows[t]; r++)
    memcpy(strata_amx_state.data[t][r], (const uint8_t *)p + r * stride, strata_amx_state.colsb[t]);
}
STRATA_X86_EMU void strata_tile_stored(int t, void *p, uint64_t stride) {
  for (int r = 0; r < strata_amx_state.rows[t]; r++)
    memcpy((uint8_t *)p + r * stride, strata_amx_state.data[t][r], strata_amx_state.colsb[t]);
}
/* tdpbssd: dst[m][n] (i32) += sum over k of s8 a[m][k] x s8 b[k/4][4n + k%4]. */
STRATA_X86_EMU void strata_tile_dpbssd(int dst, int a, int b) {
  for (int m = 0; m < strata_amx_state.rows[dst]; m++)
    for (int n = 0; n < strata_amx_state.colsb[dst] / 4; n++) {
      int32_t acc;
      memcpy(&acc, &strata_amx_state.data[dst][m][4 * n], 4);
      for (int kq = 0; kq < strata_amx_state.colsb[a] / 4; kq++)
        for (int q = 0; q < 4; q++)
          acc = (int32_t)((uint32_t)acc + (uint32_t)((int32_t)(int8_t)strata_amx_state.data[a][m][4 * kq + q] *
                                                     (int32_t)(int8_t)strata_amx_state.data[b][kq][4 * n + q]));
      memcpy(&strata_amx_state.data[dst][m][4 * n], &acc, 4);
    }
}

/* Intel's names for the portable forms, for hand-written code on
 * compilers that do not target AVX-512F (or AVX2 and FMA). */
#if defined(__AVX512F__) && !defined(STRATA_X86_PORTABLE)
#define STRATA_X86_NATIVE 1
#else
#define STRATA_X86_NATIVE 0
#endif
#if !STRATA_X86_NATIVE && !defined(STRATA_X86_NO_ALIASES)
#define __m512 strata_m512
#define __m512i strata_m512i
#define __mmask16 strata_mmask16
#define _mm512_setzero_ps strata_mm512_setzero_ps
#define _mm512_set1_ps strata_mm512_set1_ps
#define _mm512_loadu_ps strata_mm512_loadu_ps
#define _mm512_storeu_ps strata_mm512_storeu_ps
#define _mm512_maskz_loadu_ps strata_mm512_maskz_loadu_ps
#define _mm512_mask_storeu_ps strata_mm512_mask_storeu_ps
#define _mm512_add_ps strata_mm512_add_ps
#define _mm512_sub_ps strata_mm512_sub_ps
#define _mm512_permutex2var_ps strata_mm512_permutex2var_ps
#define _mm512_mul_ps strata_mm512_mul_ps
#define _mm512_fmadd_ps strata_mm512_fmadd_ps
#define _mm512_max_ps strata_mm512_max_ps
#define _mm512_min_ps strata_mm512_min_ps
#define _mm512_reduce_add_ps strata_mm512_reduce_add_ps
#define _mm512_set1_epi32 strata_mm512_set1_epi32
#define _mm512_set_epi32 strata_mm512_set_epi32
#define _mm512_loadu_si512 strata_mm512_loadu_si512
#define _mm512_storeu_si512 strata_mm512_storeu_si512
#define _mm512_add_epi32 strata_mm512_add_epi32
#define _mm512_mullo_epi32 strata_mm512_mullo_epi32
#define __mmask64 strata_mmask64
#define _mm512_setzero_si512 strata_mm512_setzero_si512
#define _mm512_maskz_loadu_epi32 strata_mm512_maskz_loadu_epi32
#define _mm512_mask_storeu_epi32 strata_mm512_mask_storeu_epi32
#define _mm512_sub_epi32 strata_mm512_sub_epi32
#define _mm512_dpbusd_epi32 strata_mm512_dpbusd_epi32
#define _mm512_maskz_loadu_epi8 strata_mm512_maskz_loadu_epi8
#define _mm512_mask_storeu_epi8 strata_mm512_mask_storeu_epi8
#define _mm512_maskz_expandloadu_epi8 strata_mm512_maskz_expandloadu_epi8
#define _mm512_mask_expandloadu_epi8 strata_mm512_mask_expandloadu_epi8
#endif
#if defined(__AVX2__) && defined(__FMA__) && !defined(STRATA_X86_PORTABLE)
#define STRATA_X86_NATIVE_AVX2 1
#else
#define STRATA_X86_NATIVE_AVX2 0
#endif
#if !STRATA_X86_NATIVE_AVX2 && !defined(STRATA_X86_NO_ALIASES)
#define __m256 strata_m256
#define __m256i strata_m256i
#define _mm256_setzero_ps strata_mm256_setzero_ps
#define _mm256_set1_ps strata_mm256_set1_ps
#define _mm256_loadu_ps strata_mm256_loadu_ps
#define _mm256_storeu_ps strata_mm256_storeu_ps
#define _mm256_maskload_ps strata_mm256_maskload_ps
#define _mm256_maskstore_ps strata_mm256_maskstore_ps
#define _mm256_fmadd_ps strata_mm256_fmadd_ps
#define _mm256_add_ps strata_mm256_add_ps
#define _mm256_setzero_si256 strata_mm256_setzero_si256
#define _mm256_set1_epi32 strata_mm256_set1_epi32
#define _mm256_set_epi32 strata_mm256_set_epi32
#define _mm256_loadu_si256 strata_mm256_loadu_si256
#define _mm256_storeu_si256 strata_mm256_storeu_si256
#define _mm256_maskload_epi32 strata_mm256_maskload_epi32
#define _mm256_maskstore_epi32 strata_mm256_maskstore_epi32
#define _mm256_madd_epi16 strata_mm256_madd_epi16
#define _mm256_add_epi32 strata_mm256_add_epi32
#define _mm256_maddubs_epi16 strata_mm256_maddubs_epi16
#define _mm256_add_epi16 strata_mm256_add_epi16
#endif

#endif /* STRATA_X86_H */
