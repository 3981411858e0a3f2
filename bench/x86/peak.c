/* Single-core peaks of this CPU, measured: the throughput of independent
 * FMAs of the widest vectors the compiler targets (_mm512_fmadd_ps, else
 * _mm256_fmadd_ps: f32 FLOP/s, 2 per lane) and of the int8 dot product
 * (_mm512_dpbusd_epi32 with VNNI: 64 u8 x s8 products and their sums = 128
 * ops per instruction; on AVX2 the u8 x s8 sequence the peers use there,
 * _mm256_maddubs_epi16 + _mm256_madd_epi16 + _mm256_add_epi32: 32 products
 * and sums = 64 ops per three instructions, or with two such products
 * added in i16 first (_mm256_add_epi16) and one madd + add for both, 128
 * ops per five, which Strata uses where constant weights keep the i16 sums
 * exact: the AVX2 int8 peak is the faster of the two; and Strata's exact
 * AVX2 int8 sequence for other weights, _mm256_madd_epi16 +
 * _mm256_add_epi32: 32 ops per two), each
 * with 12 independent accumulators so no dependence chain limits them; the
 * clock from a chain of dependent integer multiplies (3 cycles each); and,
 * where the CPU and kernel allow it, the AMX int8 peak (tdpbusd, which ONNX
 * Runtime and OpenVINO use on such CPUs). Each is the best of 30 short
 * runs (1-8 ms), interleaved: on a loaded machine a run that is preempted
 * or shares its core reads low. Prints one JSON object.
 * Build: cc -O3 -march=native peak.c (bench/x86/x86_kernels.py does). */
#define _GNU_SOURCE
#include <immintrin.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* 12 named accumulators (not an array, which the compiler would keep in
   memory): 2 FMA ports x 4 cycles latency need 8 in flight. */
#define REP12(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11)
#define N_ACC 12
static volatile float sink_f;
static volatile int sink_i;
static volatile uint64_t sink_u;

/* The body every throughput measurement shares: the 12 accumulators of
   DECL(j), `iters` rounds of STEP(j) on each, their SUM(j) into `s` (of
   type S_T, stored to SINK so nothing is optimised away); G ops/s for OPS
   ops per STEP. DECL, STEP and SUM are defined by the caller. */
#define MEASURE(S_T, SINK, OPS)            \
  REP12(DECL)                              \
  double t = now();                        \
  for (long i = 0; i < iters; i++) {       \
    REP12(STEP)                            \
  }                                        \
  t = now() - t;                           \
  S_T s = 0;                               \
  REP12(SUM)                               \
  SINK = s;                                \
  return (double)iters * N_ACC * (OPS) / t / 1e9;

#if defined(__AVX512F__)
#define SIMD "avx512"
#define F32_LANES 16
#define VF __m512
#define VF_SET1 _mm512_set1_ps
#define VF_FMA _mm512_fmadd_ps
#define VF_SUM _mm512_reduce_add_ps
#elif defined(__AVX2__) && defined(__FMA__)
#define SIMD "avx2"
#define F32_LANES 8
#define VF __m256
#define VF_SET1 _mm256_set1_ps
#define VF_FMA _mm256_fmadd_ps
static float VF_SUM(__m256 v) {
  float f[8], s = 0;
  _mm256_storeu_ps(f, v);
  for (int k = 0; k < 8; k++) s += f[k];
  return s;
}
#else
#error "peak.c needs AVX-512F or AVX2 + FMA (compile with -march=native on such a CPU)"
#endif

static double fma_gflops(long iters) {
#define DECL(j) VF acc##j = VF_SET1((float)(j) * 1e-3f);
#define STEP(j) acc##j = VF_FMA(acc##j, a, b);
#define SUM(j) s += VF_SUM(acc##j);
  VF a = VF_SET1(0.999999f), b = VF_SET1(1e-7f);
  MEASURE(float, sink_f, F32_LANES * 2)
#undef DECL
#undef STEP
#undef SUM
}

#if defined(__AVX512VNNI__)
#define INT8_INSTR "vpdpbusd"
static double int8_gops(long iters) {
#define DECL(j) __m512i acc##j = _mm512_set1_epi32(j);
#define STEP(j) acc##j = _mm512_dpbusd_epi32(acc##j, a, b);
#define SUM(j) s += _mm512_reduce_add_epi32(acc##j);
  __m512i a = _mm512_set1_epi8(3), b = _mm512_set1_epi8(-2);
  MEASURE(int, sink_i, 64 * 2)
#undef DECL
#undef STEP
#undef SUM
}
static double int8_exact_gops(long iters) {
  (void)iters;
  return -1;
}
#define INT8_I16_INSTR INT8_INSTR
static double int8_i16_gops(long iters) {
  (void)iters;
  return -1;
}
#else
#define INT8_INSTR "vpmaddubsw+vpmaddwd+vpaddd"
#define INT8_I16_INSTR "2 vpmaddubsw+vpaddw+vpmaddwd+vpaddd"
/* Strata's exact AVX2 int8 sequence (x86-vectorize{isa=avx2}): i16 x i16
   pairs summed by vpmaddwd (16 products and sums = 32 ops), then vpaddd. */
static double int8_exact_gops(long iters) {
#define DECL(j) __m256i acc##j = _mm256_set1_epi32(j);
#define STEP(j) acc##j = _mm256_add_epi32(acc##j, _mm256_madd_epi16(acc##j, b));
#define SUM(j) s += _mm256_extract_epi32(acc##j, 0);
  __m256i b = _mm256_set1_epi16(-2);
  MEASURE(int, sink_i, 16 * 2)
#undef DECL
#undef STEP
#undef SUM
}
/* Two words' vpmaddubsw results added in i16 (vpaddw), then one vpmaddwd
   with ones and vpaddd: 64 products and sums = 128 ops per five. */
static double int8_i16_gops(long iters) {
#define DECL(j) __m256i acc##j = _mm256_set1_epi32(j);
#define STEP(j)                                                                                     \
  acc##j = _mm256_add_epi32(                                                                        \
      acc##j, _mm256_madd_epi16(_mm256_add_epi16(_mm256_maddubs_epi16(acc##j, b),                   \
                                                 _mm256_maddubs_epi16(acc##j, b2)),                 \
                                ones));
#define SUM(j) s += _mm256_extract_epi32(acc##j, 0);
  __m256i b = _mm256_set1_epi8(-2), b2 = _mm256_set1_epi8(3), ones = _mm256_set1_epi16(1);
  MEASURE(int, sink_i, 64 * 2)
#undef DECL
#undef STEP
#undef SUM
}
static double int8_gops(long iters) {
#define DECL(j) __m256i acc##j = _mm256_set1_epi32(j);
#define STEP(j) acc##j = _mm256_add_epi32(acc##j, _mm256_madd_epi16(_mm256_maddubs_epi16(acc##j, b), ones));
#define SUM(j) s += _mm256_extract_epi32(acc##j, 0);
  /* The accumulator is the u8 operand too, so no product is loop-invariant. */
  __m256i b = _mm256_set1_epi8(-2), ones = _mm256_set1_epi16(1);
  MEASURE(int, sink_i, 32 * 2)
#undef DECL
#undef STEP
#undef SUM
}
#endif

#ifdef __AMX_INT8__
/* AMX: tdpbusd multiplies a 16x64 u8 tile by a 64x16 s8 tile (packed by 4)
   into 16x16 int32 sums: 16384 multiply-adds. Four accumulator tiles in a
   2x2 block, as a GEMM kernel keeps them. Linux grants the tile state per
   process (arch_prctl ARCH_REQ_XCOMP_PERM); -1 when it does not. */
struct tile_config {
  uint8_t palette, start_row, reserved[14];
  uint16_t colsb[16];
  uint8_t rows[16];
};

static double amx_gops(long iters) {
  if (syscall(SYS_arch_prctl, 0x1023 /* ARCH_REQ_XCOMP_PERM */, 18 /* XFEATURE_XTILEDATA */))
    return -1;
  struct tile_config cfg = {0};
  cfg.palette = 1;
  for (int t = 0; t < 8; t++) {
    cfg.colsb[t] = 64;
    cfg.rows[t] = 16;
  }
  _tile_loadconfig(&cfg);
  static int8_t buf[16 * 64] __attribute__((aligned(64)));
  for (int i = 0; i < 16 * 64; i++) buf[i] = (int8_t)(i % 7 - 3);
  _tile_zero(0);
  _tile_zero(1);
  _tile_zero(2);
  _tile_zero(3);
  _tile_loadd(4, buf, 64);
  _tile_loadd(5, buf, 64);
  _tile_loadd(6, buf, 64);
  _tile_loadd(7, buf, 64);
  double t = now();
  for (long i = 0; i < iters; i++) {
    _tile_dpbusd(0, 4, 6);
    _tile_dpbusd(1, 4, 7);
    _tile_dpbusd(2, 5, 6);
    _tile_dpbusd(3, 5, 7);
  }
  t = now() - t;
  static int32_t out[16 * 16] __attribute__((aligned(64)));
  _tile_stored(0, out, 64);
  sink_i = out[0];
  _tile_release();
  return (double)iters * 4 * 16384 * 2 / t / 1e9;
}
#else
static double amx_gops(long iters) {
  (void)iters;
  return -1;
}
#endif

static double clock_ghz(long iters) {
  uint64_t x = 1, m = 3;
  double t = now();
  for (long i = 0; i < iters; i++) {
    /* 8 dependent 3-cycle multiplies per iteration (add chains of
       immediates can be folded at rename on recent cores). */
    __asm__ volatile("imul %1, %0\n\timul %1, %0\n\timul %1, %0\n\timul %1, %0\n\t"
                     "imul %1, %0\n\timul %1, %0\n\timul %1, %0\n\timul %1, %0"
                     : "+r"(x)
                     : "r"(m));
  }
  t = now() - t;
  sink_u = x;
  return (double)iters * 8 * 3 / t / 1e9;
}

static void keep_max(double *b, double v) {
  if (v > *b) *b = v;
}

int main(void) {
  /* Interleaved, so a few seconds of disturbance cannot spoil every run of
     one measurement; the best of 30 short runs each (about 3 s). */
  double ghz = 0, fma = 0, int8 = 0, i16 = -1, exact = -1, amx = -1;
  for (int r = 0; r < 30; r++) {
    keep_max(&ghz, clock_ghz(1000000));
    keep_max(&fma, fma_gflops(500000));
    keep_max(&int8, int8_gops(500000));
    keep_max(&i16, int8_i16_gops(250000));
    keep_max(&exact, int8_exact_gops(500000));
    keep_max(&amx, amx_gops(25000));
  }
  printf("{\"simd\": \"%s\", \"f32_lanes\": %d, \"int8_instr\": \"%s\", \"clock_ghz\": %.3f, "
         "\"f32_fma_gflops\": %.2f, \"int8_gops\": %.2f, \"int8_exact_avx2_gops\": %.2f, "
         "\"int8_amx_gops\": %.2f}\n",
         SIMD, F32_LANES, i16 > int8 ? INT8_I16_INSTR : INT8_INSTR, ghz, fma, i16 > int8 ? i16 : int8, exact,
         amx);
  return 0;
}
