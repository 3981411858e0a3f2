/* The three AVX2 int8 inner products of x86-vectorize side by side, in L1
 * (docs/x86-kernels.md, "AVX2 + FMA"): a 6 x 16 register block over 144
 * packed words per row, as the GEMM microkernel runs it.
 *   pairs:  vpmaddwd + vpaddd on sign-extended i16 pairs (2 k per word)
 *   bytes:  vpmaddubsw + vpmaddwd(ones) + vpaddd (4 k per word)
 *   bytes2: two words' vpmaddubsw added in i16 (vpaddw), then one
 *           vpmaddwd(ones) + vpaddd
 * The data are arbitrary (the timing does not depend on them).
 *
 *   cc -O3 -march=native bench/x86/int8_forms.c -o /tmp/int8_forms && /tmp/int8_forms
 */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

enum { ROWS = 6, WORDS = 144 };

static int32_t a[ROWS][WORDS] __attribute__((aligned(64)));
static int32_t bp[WORDS][16] __attribute__((aligned(64)));
static int32_t c[ROWS][16];

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static __m256i panel(int q, int v) { return _mm256_load_si256((const __m256i *)&bp[q][8 * v]); }

static void store(__m256i acc[ROWS][2]) {
  for (int r = 0; r < ROWS; r++)
    for (int v = 0; v < 2; v++) _mm256_storeu_si256((__m256i *)&c[r][8 * v], acc[r][v]);
}

/* One word per k step, as pairs (`bytes` 0) or bytes (1): always inlined
 * into the two kernels below, so each is compiled with its product alone. */
__attribute__((always_inline)) static inline void one_word(int bytes) {
  const __m256i ones = _mm256_set1_epi16(1);
  __m256i acc[ROWS][2];
  for (int r = 0; r < ROWS; r++) acc[r][0] = acc[r][1] = _mm256_setzero_si256();
  for (int q = 0; q < WORDS; q++) {
    __m256i b0 = panel(q, 0), b1 = panel(q, 1);
    for (int r = 0; r < ROWS; r++) {
      __m256i x = _mm256_set1_epi32(a[r][q]);
      __m256i p0 = bytes ? _mm256_madd_epi16(_mm256_maddubs_epi16(x, b0), ones) : _mm256_madd_epi16(x, b0);
      __m256i p1 = bytes ? _mm256_madd_epi16(_mm256_maddubs_epi16(x, b1), ones) : _mm256_madd_epi16(x, b1);
      acc[r][0] = _mm256_add_epi32(acc[r][0], p0);
      acc[r][1] = _mm256_add_epi32(acc[r][1], p1);
    }
  }
  store(acc);
}

__attribute__((noinline)) static void pairs(void) { one_word(0); }

__attribute__((noinline)) static void bytes(void) { one_word(1); }

__attribute__((noinline)) static void bytes2(void) {
  const __m256i ones = _mm256_set1_epi16(1);
  __m256i acc[ROWS][2];
  for (int r = 0; r < ROWS; r++) acc[r][0] = acc[r][1] = _mm256_setzero_si256();
  for (int q = 0; q < WORDS; q += 2) {
    for (int r = 0; r < ROWS; r++) {
      __m256i x0 = _mm256_set1_epi32(a[r][q]), x1 = _mm256_set1_epi32(a[r][q + 1]);
      for (int v = 0; v < 2; v++) {
        __m256i sum = _mm256_add_epi16(_mm256_maddubs_epi16(x0, panel(q, v)), _mm256_maddubs_epi16(x1, panel(q + 1, v)));
        acc[r][v] = _mm256_add_epi32(acc[r][v], _mm256_madd_epi16(sum, ones));
      }
    }
  }
  store(acc);
}

int main(void) {
  for (int r = 0; r < ROWS; r++)
    for (int q = 0; q < WORDS; q++) a[r][q] = (int32_t)(r * q * 2654435761u);
  for (int q = 0; q < WORDS; q++)
    for (int j = 0; j < 16; j++) bp[q][j] = (int32_t)(((unsigned)(q + j) * 40503u) & 0x1f1f1f1fu);
  void (*kernels[3])(void) = {pairs, bytes, bytes2};
  const char *names[3] = {"pairs (vpmaddwd)", "bytes (vpmaddubsw)", "bytes2 (+vpaddw)"};
  const int k_per_word[3] = {2, 4, 4};
  for (int round = 0; round < 3; round++)
    for (int t = 0; t < 3; t++) {
      long calls = 200000;
      double t0 = now();
      for (long i = 0; i < calls; i++) kernels[t]();
      double ops = 2.0 * ROWS * 16 * WORDS * k_per_word[t] * calls;
      printf("%-20s %6.1f GOP/s\n", names[t], ops / (now() - t0) / 1e9);
    }
  return c[0][0] & 1;
}
