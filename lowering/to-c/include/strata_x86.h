/* strata_x86.h: the x86 intrinsics Strata's C back end emits, native when
 * the compiler targets AVX-512F (`__AVX512F__`), otherwise portable scalar
 * C with the same results bit for bit (define STRATA_X86_PORTABLE to force
 * the portable form). Plus run-time CPU feature detection.
 *
 * Semantics of the portable forms follow Intel's definitions:
 *  - _mm512_fmadd_ps: one rounding per lane (fmaf);
 *  - _mm512_max_ps / _mm512_min_ps: `a > b ? a : b` / `a < b ? a : b`, so the
 *    second operand wins on NaN and on equal values (+0/-0);
 *  - _mm512_reduce_add_ps: the tree GCC and Clang use (halves of 256, 128,
 *    64 and 32 bits), so reassociation matches the native reduction;
 *  - masked loads leave masked-off lanes 0 and never touch their memory.
 */
#ifndef STRATA_X86_H
#define STRATA_X86_H

#include <math.h>
#include <stdint.h>
#include <string.h>

/* Run-time detection: whether the CPU running the program has AVX-512F. */
static inline int strata_cpu_has_avx512f(void) {
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") != 0;
#else
  return 0;
#endif
}

#if defined(__AVX512F__) && !defined(STRATA_X86_PORTABLE)
#include <immintrin.h>
#define STRATA_X86_NATIVE 1
#else
#define STRATA_X86_NATIVE 0

typedef struct { float f[16]; } strata_m512;
typedef struct { int32_t i[16]; } strata_m512i;
typedef uint16_t strata_mmask16;

static inline strata_m512 strata_mm512_setzero_ps(void) {
  strata_m512 r;
  for (int k = 0; k < 16; k++) r.f[k] = 0.0f;
  return r;
}
static inline strata_m512 strata_mm512_set1_ps(float a) {
  strata_m512 r;
  for (int k = 0; k < 16; k++) r.f[k] = a;
  return r;
}
static inline strata_m512 strata_mm512_loadu_ps(const void *p) {
  strata_m512 r;
  memcpy(r.f, p, sizeof r.f);
  return r;
}
static inline void strata_mm512_storeu_ps(void *p, strata_m512 a) { memcpy(p, a.f, sizeof a.f); }
static inline strata_m512 strata_mm512_maskz_loadu_ps(strata_mmask16 m, const void *p) {
  strata_m512 r;
  const float *q = (const float *)p;
  for (int k = 0; k < 16; k++) r.f[k] = (m >> k) & 1 ? q[k] : 0.0f;
  return r;
}
static inline void strata_mm512_mask_storeu_ps(void *p, strata_mmask16 m, strata_m512 a) {
  float *q = (float *)p;
  for (int k = 0; k < 16; k++)
    if ((m >> k) & 1) q[k] = a.f[k];
}
static inline strata_m512 strata_mm512_add_ps(strata_m512 a, strata_m512 b) {
  for (int k = 0; k < 16; k++) a.f[k] += b.f[k];
  return a;
}
static inline strata_m512 strata_mm512_sub_ps(strata_m512 a, strata_m512 b) {
  for (int k = 0; k < 16; k++) a.f[k] -= b.f[k];
  return a;
}
static inline strata_m512 strata_mm512_mul_ps(strata_m512 a, strata_m512 b) {
  for (int k = 0; k < 16; k++) a.f[k] *= b.f[k];
  return a;
}
static inline strata_m512 strata_mm512_fmadd_ps(strata_m512 a, strata_m512 b, strata_m512 c) {
  for (int k = 0; k < 16; k++) a.f[k] = fmaf(a.f[k], b.f[k], c.f[k]);
  return a;
}
static inline strata_m512 strata_mm512_max_ps(strata_m512 a, strata_m512 b) {
  for (int k = 0; k < 16; k++) a.f[k] = a.f[k] > b.f[k] ? a.f[k] : b.f[k];
  return a;
}
static inline strata_m512 strata_mm512_min_ps(strata_m512 a, strata_m512 b) {
  for (int k = 0; k < 16; k++) a.f[k] = a.f[k] < b.f[k] ? a.f[k] : b.f[k];
  return a;
}
static inline float strata_mm512_reduce_add_ps(strata_m512 a) {
  for (int width = 8; width >= 1; width /= 2)
    for (int k = 0; k < width; k++) a.f[k] = a.f[k] + a.f[k + width];
  return a.f[0];
}
static inline strata_m512i strata_mm512_set1_epi32(int32_t a) {
  strata_m512i r;
  for (int k = 0; k < 16; k++) r.i[k] = a;
  return r;
}
static inline strata_m512i strata_mm512_loadu_si512(const void *p) {
  strata_m512i r;
  memcpy(r.i, p, sizeof r.i);
  return r;
}
static inline void strata_mm512_storeu_si512(void *p, strata_m512i a) { memcpy(p, a.i, sizeof a.i); }
static inline strata_m512i strata_mm512_add_epi32(strata_m512i a, strata_m512i b) {
  for (int k = 0; k < 16; k++) a.i[k] = (int32_t)((uint32_t)a.i[k] + (uint32_t)b.i[k]);
  return a;
}
static inline strata_m512i strata_mm512_mullo_epi32(strata_m512i a, strata_m512i b) {
  for (int k = 0; k < 16; k++) a.i[k] = (int32_t)((uint32_t)a.i[k] * (uint32_t)b.i[k]);
  return a;
}

/* Intel's names for the portable forms. */
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
#define _mm512_mul_ps strata_mm512_mul_ps
#define _mm512_fmadd_ps strata_mm512_fmadd_ps
#define _mm512_max_ps strata_mm512_max_ps
#define _mm512_min_ps strata_mm512_min_ps
#define _mm512_reduce_add_ps strata_mm512_reduce_add_ps
#define _mm512_set1_epi32 strata_mm512_set1_epi32
#define _mm512_loadu_si512 strata_mm512_loadu_si512
#define _mm512_storeu_si512 strata_mm512_storeu_si512
#define _mm512_add_epi32 strata_mm512_add_epi32
#define _mm512_mullo_epi32 strata_mm512_mullo_epi32
#endif

#endif /* STRATA_X86_H */
