/* The AVX2 + FMA intrinsics Strata's x86 path emits for CPUs without
 * AVX-512 (x86-vectorize{isa=avx2}): an 8-wide f32 matmul with vector-mask
 * tails, and an int8 matmul through sign-extended i16 pairs (vpmaddwd)
 * with the extreme values, vpmaddubsw's saturating u8 x s8 pairs, vpaddw, and
 * Strata's int8 packing helpers (every loop of their native forms: 32,
 * 16, 8 and single elements, odd n; with and without the +128 offset,
 * the latter also checked against its definition) and the activations'
 * sign test (a negative byte in each of its loops), and the f32
 * convolutions' transposing epilogue, adding and storing (all 8 filters x
 * 8 pixels, and masked: fewer filters and pixels, the rest of each row
 * untouched), checked
 * by tests/x86_header.rs: the portable and native builds print the same
 * bits. */
#include <stdio.h>
#include "strata_x86.h"

#if STRATA_X86_NATIVE_AVX2
#define WIDEN _x86_widen_i8_i16
#define PAIR _x86_pair_i8_i16
#define FLIP _x86_flip_i8_u8
#define QUAD _x86_quad_u8
#define COPY _x86_copy_i8_words
#define QUAD_I8 _x86_quad_i8
#define NONNEGATIVE _x86_nonnegative_i8
#define ADD_T8 _x86_add_transposed8_ps
#define STORE_T8 _x86_store_transposed8_ps
#else
#define WIDEN strata_x86_widen_i8_i16
#define PAIR strata_x86_pair_i8_i16
#define FLIP strata_x86_flip_i8_u8
#define QUAD strata_x86_quad_u8
#define COPY strata_x86_copy_i8_words
#define QUAD_I8 strata_x86_quad_i8
#define NONNEGATIVE strata_x86_nonnegative_i8
#define ADD_T8 strata_x86_add_transposed8_ps
#define STORE_T8 strata_x86_store_transposed8_ps
#endif

enum { M = 11, K = 29, N = 21 };

static float a[M][K], b[K][N], c[M][N];
static int32_t ai[M][(K + 1) / 2], bi[(K + 1) / 2][N], ci[M][N];

/* The lane mask of the first `rest` lanes. */
static __m256i first_lanes(int rest) {
  int32_t on[8];
  for (int k = 0; k < 8; k++) on[k] = k < rest ? -1 : 0;
  return _mm256_set_epi32(on[7], on[6], on[5], on[4], on[3], on[2], on[1], on[0]);
}

/* Two i8 as sign-extended i16 halves of one word. */
static int32_t pair(int8_t lo, int8_t hi) {
  return (int32_t)(((uint32_t)(uint16_t)(int16_t)hi << 16) | (uint16_t)(int16_t)lo);
}

int main(void) {
  uint32_t s = 12345;
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++) { s = s * 1664525u + 1013904223u; a[i][k] = (float)(s >> 8) / 16777216.0f - 0.5f; }
  for (int k = 0; k < K; k++)
    for (int j = 0; j < N; j++) { s = s * 1664525u + 1013904223u; b[k][j] = (float)(s >> 8) / 16777216.0f - 0.5f; }
  for (int i = 0; i < M; i++)
    for (int q = 0; q < (K + 1) / 2; q++) {
      s = s * 1664525u + 1013904223u;
      /* Row 0 all -128: the largest products. */
      ai[i][q] = i == 0 ? pair(-128, -128) : pair((int8_t)(s >> 8), (int8_t)(s >> 16));
    }
  for (int q = 0; q < (K + 1) / 2; q++)
    for (int j = 0; j < N; j++) {
      s = s * 1664525u + 1013904223u;
      bi[q][j] = j == 0 ? pair(-128, -128) : pair((int8_t)(s >> 8), (int8_t)(s >> 16));
    }
  for (int i = 0; i < M; i++) {
    for (int j = 0; j < N; j += 8) {
      int rest = N - j;
      __m256i m = first_lanes(rest);
      __m256 acc = _mm256_setzero_ps();
      __m256i iacc = _mm256_setzero_si256();
      for (int k = 0; k < K; k++) {
        __m256 x = _mm256_set1_ps(a[i][k]);
        __m256 y = rest >= 8 ? _mm256_loadu_ps(&b[k][j]) : _mm256_maskload_ps(&b[k][j], m);
        acc = _mm256_fmadd_ps(x, y, acc);
      }
      for (int q = 0; q < (K + 1) / 2; q++) {
        __m256i x = _mm256_set1_epi32(ai[i][q]);
        __m256i y = rest >= 8 ? _mm256_loadu_si256((const void *)&bi[q][j]) : _mm256_maskload_epi32(&bi[q][j], m);
        iacc = _mm256_add_epi32(iacc, _mm256_madd_epi16(x, y));
      }
      if (rest >= 8) {
        _mm256_storeu_ps(&c[i][j], acc);
        _mm256_storeu_si256((void *)&ci[i][j], iacc);
      } else {
        _mm256_maskstore_ps(&c[i][j], m, acc);
        _mm256_maskstore_epi32(&ci[i][j], m, iacc);
      }
    }
  }
  int8_t bytes[2][40];
  for (int k = 0; k < 40; k++) {
    s = s * 1664525u + 1013904223u;
    bytes[0][k] = (int8_t)(s >> 8);
    bytes[1][k] = k == 3 ? -128 : (int8_t)(s >> 16);
  }
  int16_t wide[40] = {0};
  int32_t pairs[40] = {0};
  WIDEN(wide, bytes[0], 37);
  PAIR(pairs, bytes[0], bytes[1], 31);
  printf("native=%d\n", STRATA_X86_NATIVE_AVX2);
  uint32_t hp = 2166136261u;
  for (int k = 0; k < 40; k++) hp = (hp ^ (uint32_t)(uint16_t)wide[k] ^ (uint32_t)pairs[k]) * 16777619u;
  printf("packing hash %08x, wide[36..37] %d %d, pair[3] %08x\n", hp, wide[36], wide[37], (unsigned)pairs[3]);
  /* The u8 x s8 helpers: 37 bytes flipped (the 32-byte loop, single bytes,
   * zero padding to 40), 29 words from four rows (a 16- and an 8-column
   * block, then 5 single words). */
  uint8_t flipped[44];
  memset(flipped, 0xEE, sizeof flipped);
  int32_t quads[40] = {0};
  int8_t rows[4][40];
  for (int q = 0; q < 4; q++)
    for (int k = 0; k < 40; k++) {
      s = s * 1664525u + 1013904223u;
      rows[q][k] = k == 5 ? -128 : k == 6 ? 127 : (int8_t)(s >> 8);
    }
  FLIP(flipped, bytes[1], 37);
  QUAD(quads, rows[0], rows[1], rows[2], rows[3], 29);
  uint32_t hu = 2166136261u;
  for (int k = 0; k < 44; k++) hu = (hu ^ flipped[k]) * 16777619u;
  for (int k = 0; k < 40; k++) hu = (hu ^ (uint32_t)quads[k]) * 16777619u;
  printf("u8 packing hash %08x, flipped[3] %u flipped[37..40] %u %u %u %u, quad[5] %08x\n", hu, flipped[3],
         flipped[37], flipped[38], flipped[39], flipped[40], (unsigned)quads[5]);
  /* Without the offset: the bytes as they are, the same zero padding. */
  uint8_t copied[44];
  memset(copied, 0xEE, sizeof copied);
  int32_t quads_i8[40] = {0};
  COPY(copied, bytes[1], 37);
  QUAD_I8(quads_i8, rows[0], rows[1], rows[2], rows[3], 29);
  for (int k = 0; k < 40; k++) {
    uint8_t want = k < 37 ? (uint8_t)bytes[1][k] : 0;
    if (copied[k] != want) printf("WRONG copy_i8_words at %d: %u, want %u\n", k, copied[k], want);
  }
  for (int j = 0; j < 29; j++) {
    uint32_t want = 0;
    for (int q = 0; q < 4; q++) want |= (uint32_t)(uint8_t)rows[q][j] << (8 * q);
    if ((uint32_t)quads_i8[j] != want) printf("WRONG quad_i8 at %d: %08x, want %08x\n", j, (unsigned)quads_i8[j], want);
  }
  if (quads_i8[29] != 0) printf("WRONG quad_i8 wrote word 29\n");
  /* The sign test over 300 bytes (two 128-byte steps, one 32-byte step,
   * 12 single bytes), with one negative byte in each of those parts, and
   * over fewer bytes than the negative one's position. */
  int8_t acts[300];
  for (int k = 0; k < 300; k++) {
    s = s * 1664525u + 1013904223u;
    acts[k] = (int8_t)((s >> 8) & 0x7F);
  }
  const int at[] = {0, 127, 200, 260, 299};
  printf("nonnegative: all %d", NONNEGATIVE(acts, 300));
  for (int i = 0; i < 5; i++) {
    int8_t keep = acts[at[i]];
    acts[at[i]] = i % 2 ? -128 : -1;
    int got = NONNEGATIVE(acts, 300), before = NONNEGATIVE(acts, at[i]);
    printf(", -%d at %d: %d (%d before)", i % 2 ? 128 : 1, at[i], got, before);
    if (got != 0 || before != 1) printf(" WRONG");
    acts[at[i]] = keep;
  }
  printf("\n");
  /* vpmaddubsw: random bytes, then 255 x 127 twice (saturates at 32767)
   * and 255 x -128 twice (at -32768) in the first lanes. */
  int32_t ua[8], sb[8];
  for (int k = 0; k < 8; k++) {
    s = s * 1664525u + 1013904223u;
    ua[k] = (int32_t)s;
    s = s * 1664525u + 1013904223u;
    sb[k] = (int32_t)s;
  }
  ua[0] = ua[1] = -1;
  sb[0] = 0x7F7F7F7F;
  sb[1] = (int32_t)0x80808080u;
  __m256i prod = _mm256_maddubs_epi16(_mm256_set_epi32(ua[7], ua[6], ua[5], ua[4], ua[3], ua[2], ua[1], ua[0]),
                                      _mm256_set_epi32(sb[7], sb[6], sb[5], sb[4], sb[3], sb[2], sb[1], sb[0]));
  int32_t out[8];
  _mm256_storeu_si256((void *)out, prod);
  printf("maddubs %08x %08x %08x %08x %08x %08x %08x %08x\n", (unsigned)out[0], (unsigned)out[1],
         (unsigned)out[2], (unsigned)out[3], (unsigned)out[4], (unsigned)out[5], (unsigned)out[6],
         (unsigned)out[7]);
  /* vpaddw wraps: 0x7FFF + 0x7FFF in lane 0's halves. */
  prod = _mm256_add_epi16(prod, _mm256_set_epi32(ua[0], sb[2], sb[3], sb[4], sb[5], sb[6], ua[1], 0x7FFF7FFF));
  _mm256_storeu_si256((void *)out, prod);
  printf("add_epi16 %08x %08x %08x %08x %08x %08x %08x %08x\n", (unsigned)out[0], (unsigned)out[1],
         (unsigned)out[2], (unsigned)out[3], (unsigned)out[4], (unsigned)out[5], (unsigned)out[6],
         (unsigned)out[7]);
  /* The blocked convolution's epilogue: out[l * 13 + q] += v_q[l] for
   * (filters, pixels) = (8, 8), (5, 3), (8, 7), (1, 1) into one buffer,
   * each call 2 floats further; checked against the definition. */
  float planes[8 * 13 + 8], want[8 * 13 + 8];
  for (int k = 0; k < 8 * 13 + 8; k++) {
    s = s * 1664525u + 1013904223u;
    planes[k] = want[k] = (float)(int32_t)s / 65536.0f;
  }
  const int shapes[4][2] = {{8, 8}, {5, 3}, {8, 7}, {1, 1}};
  for (int t = 0; t < 4; t++) {
    float v[8][8];
    for (int q = 0; q < 8; q++)
      for (int l = 0; l < 8; l++) {
        s = s * 1664525u + 1013904223u;
        v[q][l] = (float)(int32_t)s / 1048576.0f;
      }
    __m256 vv[8];
    for (int q = 0; q < 8; q++) vv[q] = _mm256_loadu_ps(v[q]);
    ADD_T8(planes + 2 * t, 13, shapes[t][0], shapes[t][1], vv[0], vv[1], vv[2], vv[3], vv[4], vv[5], vv[6],
           vv[7]);
    for (int l = 0; l < shapes[t][0]; l++)
      for (int q = 0; q < shapes[t][1]; q++) want[2 * t + l * 13 + q] += v[q][l];
    /* The storing form, one float further on: it overwrites what the
     * adding form just wrote there. */
    STORE_T8(planes + 2 * t + 1, 13, shapes[t][0], shapes[t][1], vv[0], vv[1], vv[2], vv[3], vv[4], vv[5],
             vv[6], vv[7]);
    for (int l = 0; l < shapes[t][0]; l++)
      for (int q = 0; q < shapes[t][1]; q++) want[2 * t + 1 + l * 13 + q] = v[q][l];
  }
  uint32_t ht = 2166136261u;
  for (int k = 0; k < 8 * 13 + 8; k++) {
    uint32_t bits;
    memcpy(&bits, &planes[k], 4);
    ht = (ht ^ bits) * 16777619u;
    if (memcmp(&planes[k], &want[k], 4) != 0) printf("WRONG transposed8 at %d: %g, want %g\n", k, planes[k], want[k]);
  }
  printf("transposed8 hash %08x\n", ht);
  uint32_t h = 2166136261u;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) { uint32_t bits; memcpy(&bits, &c[i][j], 4); h = (h ^ bits) * 16777619u; }
  printf("c hash %08x\n", h);
  for (int i = 0; i < M; i += 3) printf("row %d: ints %d %d %d\n", i, ci[i][0], ci[i][7], ci[i][N - 1]);
  return 0;
}
