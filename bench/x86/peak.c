/* Single-core peak of this CPU's AVX-512 units, measured: the throughput
 * of independent _mm512_fmadd_ps (f32 FLOP/s, 2 per lane) and of
 * _mm512_dpbusd_epi32 (int8 OP/s: 64 u8*s8 products and their sums = 128
 * ops per instruction), each with 12 independent accumulators so no
 * dependence chain limits them, plus the clock from a chain of dependent integer multiplies
 * (3 cycles each). Prints one JSON object. Build: cc -O3 -march=native peak.c
 * (bench/x86/peak.py does this). */
#define _POSIX_C_SOURCE 199309L
#include <immintrin.h>
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

static double fma_gflops(long iters) {
#define DECL(j) __m512 acc##j = _mm512_set1_ps((float)(j) * 1e-3f);
#define STEP(j) acc##j = _mm512_fmadd_ps(acc##j, a, b);
#define SUM(j) s += _mm512_reduce_add_ps(acc##j);
  REP12(DECL)
  __m512 a = _mm512_set1_ps(0.999999f), b = _mm512_set1_ps(1e-7f);
  double t = now();
  for (long i = 0; i < iters; i++) {
    REP12(STEP)
  }
  t = now() - t;
  float s = 0;
  REP12(SUM)
  sink_f = s;
  return (double)iters * N_ACC * 16 * 2 / t / 1e9;
#undef DECL
#undef STEP
#undef SUM
}

static double vnni_gops(long iters) {
#define DECL(j) __m512i acc##j = _mm512_set1_epi32(j);
#define STEP(j) acc##j = _mm512_dpbusd_epi32(acc##j, a, b);
#define SUM(j) s += _mm512_reduce_add_epi32(acc##j);
  REP12(DECL)
  __m512i a = _mm512_set1_epi8(3), b = _mm512_set1_epi8(-2);
  double t = now();
  for (long i = 0; i < iters; i++) {
    REP12(STEP)
  }
  t = now() - t;
  int s = 0;
  REP12(SUM)
  sink_i = s;
  return (double)iters * N_ACC * 64 * 2 / t / 1e9;
#undef DECL
#undef STEP
#undef SUM
}

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

static double best(double (*f)(long), long iters) {
  double b = 0;
  for (int r = 0; r < 5; r++) {
    double v = f(iters);
    if (v > b) b = v;
  }
  return b;
}

int main(void) {
  double ghz = best(clock_ghz, 50000000);
  double fma = best(fma_gflops, 4000000);
  double vnni = best(vnni_gops, 4000000);
  printf("{\"clock_ghz\": %.3f, \"f32_fma_gflops\": %.2f, \"int8_vnni_gops\": %.2f}\n", ghz, fma,
         vnni);
  return 0;
}
