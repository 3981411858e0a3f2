/* A vectorized f32 matmul in the style Strata's x86 path emits (16-wide
 * FMA over columns, masked tail, horizontal reduction), checked by
 * tests/x86_header.rs: the portable and native builds print the same bits. */
#include <stdio.h>
#include "strata_x86.h"

enum { M = 37, K = 53, N = 45 };

static float a[M][K], b[K][N], c[M][N], rowsum[M], rowmax[M];

int main(void) {
  uint32_t s = 12345;
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++) { s = s * 1664525u + 1013904223u; a[i][k] = (float)(s >> 8) / 16777216.0f - 0.5f; }
  for (int k = 0; k < K; k++)
    for (int j = 0; j < N; j++) { s = s * 1664525u + 1013904223u; b[k][j] = (float)(s >> 8) / 16777216.0f - 0.5f; }
  for (int i = 0; i < M; i++) {
    for (int j = 0; j < N; j += 16) {
      int rest = N - j;
      __mmask16 m = (__mmask16)(rest >= 16 ? 0xFFFF : (1u << rest) - 1);
      __m512 acc = _mm512_setzero_ps();
      for (int k = 0; k < K; k++) {
        __m512 x = _mm512_set1_ps(a[i][k]);
        __m512 y = _mm512_maskz_loadu_ps(m, &b[k][j]);
        acc = _mm512_fmadd_ps(x, y, acc);
      }
      _mm512_mask_storeu_ps(&c[i][j], m, acc);
    }
    __m512 sum = _mm512_setzero_ps(), mx = _mm512_set1_ps(-INFINITY);
    for (int j = 0; j + 16 <= N; j += 16) {
      __m512 v = _mm512_loadu_ps(&c[i][j]);
      sum = _mm512_add_ps(sum, _mm512_mul_ps(v, v));
      mx = _mm512_max_ps(mx, v);
    }
    rowsum[i] = _mm512_reduce_add_ps(sum);
    float out[16];
    _mm512_storeu_ps(out, mx);
    rowmax[i] = out[0];
    for (int k = 1; k < 16; k++) rowmax[i] = out[k] > rowmax[i] ? out[k] : rowmax[i];
  }
  __m512i vi = _mm512_mullo_epi32(_mm512_set1_epi32(0x10001), _mm512_set1_epi32(0x7FFF1234));
  vi = _mm512_add_epi32(vi, vi);
  int32_t ints[16];
  _mm512_storeu_si512(ints, vi);
  printf("native=%d\n", STRATA_X86_NATIVE);
  uint32_t h = 2166136261u;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) { uint32_t bits; memcpy(&bits, &c[i][j], 4); h = (h ^ bits) * 16777619u; }
  printf("c hash %08x\n", h);
  for (int i = 0; i < M; i += 9) printf("row %d: sum %a max %a\n", i, (double)rowsum[i], (double)rowmax[i]);
  printf("ints %d\n", ints[3]);
  return 0;
}
