/* strata_aie.h: a portable emulation of the AIE1 vector intrinsics the
 * aievec C emitter calls, bit-exact with the semantics the aievec dialect
 * documents (dialects/aievec/src/select.rs):
 *
 * - registers are structs of lanes: v16int16 (256 bits), v32int16 (512),
 *   v64int16 (1024), v8int32, v16int32, v32int32; accumulators v16acc48
 *   (lanes kept sign-wrapped to 48 bits in int64_t) and v8acc80 (80 bits
 *   in __int128), so every wrap-around of the hardware is reproduced;
 * - upd_w/upd_v load an aligned 256/128-bit piece into a register; a
 *   misaligned address aborts, as the hardware cannot load it;
 * - mul/mac select their operands per lane and column through the shuffle
 *   network's parameters (offsets in 4-bit nibbles, 16-bit modes pair
 *   lanes and pick from a 2x2 square), multiply exactly and sum the
 *   columns into the accumulator;
 * - srs shifts right rounding half up, then saturates to the lane type
 *   (or wraps when the saturation mode is off: aie_set_saturation(0));
 *   ups sign-extends and shifts left.
 */
#ifndef STRATA_AIE_H
#define STRATA_AIE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The AI Engine compiler's loop hints: pipeline this loop, whose trip
 * count lies in [lo, hi]. Meaningless to other compilers. */
#ifndef __chess__
#define chess_prepare_for_pipelining
#define chess_loop_range(lo, hi)
#endif

typedef struct { int16_t e[16]; } v16int16;
typedef struct { int16_t e[32]; } v32int16;
typedef struct { int16_t e[64]; } v64int16;
typedef struct { int32_t e[8]; } v8int32;
typedef struct { int32_t e[16]; } v16int32;
typedef struct { int32_t e[32]; } v32int32;
typedef struct { int64_t e[16]; } v16acc48;
typedef struct { __int128 e[8]; } v8acc80;

/* The saturation mode bit of the control register. */
static int aie_saturation = 1;
static inline void aie_set_saturation(int on) { aie_saturation = on; }

static inline __int128 aie_wrap(__int128 v, int bits) {
  unsigned __int128 m = ((unsigned __int128)1 << bits) - 1;
  unsigned __int128 u = (unsigned __int128)v & m;
  if (u >> (bits - 1)) u |= ~m;
  return (__int128)u;
}

static inline void aie_check_aligned(const void *p, int bytes) {
  if (((uintptr_t)p) % (uintptr_t)bytes != 0) {
    fprintf(stderr, "strata_aie: misaligned %d-byte vector access at %p\n", bytes, p);
    abort();
  }
}

/* Aligned loads: piece `idx` of a register (256-bit pieces for upd_w,
 * 128-bit for upd_v). */
#define AIE_UPD(name, reg, lane_t, piece)                                         \
  static inline reg name(reg v, int idx, const lane_t *p) {                      \
    aie_check_aligned(p, 16);                                                   \
    for (int i = 0; i < (piece); i++) v.e[idx * (piece) + i] = p[i];            \
    return v;                                                                   \
  }
AIE_UPD(upd_w_v32int16, v32int16, int16_t, 16)
AIE_UPD(upd_w_v64int16, v64int16, int16_t, 16)
AIE_UPD(upd_w_v16int16, v16int16, int16_t, 16)
AIE_UPD(upd_w_v16int32, v16int32, int32_t, 8)
AIE_UPD(upd_w_v32int32, v32int32, int32_t, 8)
AIE_UPD(upd_w_v8int32, v8int32, int32_t, 8)

#define AIE_STORE(name, reg, lane_t, n)                                          \
  static inline void name(lane_t *p, reg v) {                                   \
    aie_check_aligned(p, 16);                                                   \
    for (int i = 0; i < (n); i++) p[i] = v.e[i];                                \
  }
AIE_STORE(store_v16int16, v16int16, int16_t, 16)
AIE_STORE(store_v8int32, v8int32, int32_t, 8)

static inline unsigned aie_nibble(unsigned lo, unsigned hi, int lane) {
  unsigned w = lane < 8 ? lo : hi;
  return (w >> (4 * (lane % 8))) & 0xf;
}

/* The x element lane `l`, column `c` of a 16-bit (pair) mode reads. */
static inline int aie_x_pair(int xlen, int xstart, unsigned xoffs, unsigned xoffs_hi, unsigned xsquare,
                             int xstep, int l, int c) {
  int even = l & ~1;
  int e = xstart + 2 * (int)aie_nibble(xoffs, xoffs_hi, even) + (c / 2) * xstep;
  int o = e + 2 * ((int)aie_nibble(xoffs, xoffs_hi, even + 1) + 1);
  int digit = (xsquare >> (4 * (2 * (l & 1) + c % 2))) & 3;
  int q[4] = {e, e + 1, o, o + 1};
  return q[digit] % xlen;
}

static inline int aie_z(int zlen, int zstart, unsigned zoffs, unsigned zoffs_hi, int zstep, int l, int c) {
  return (zstart + (int)aie_nibble(zoffs, zoffs_hi, l) + c * zstep) % zlen;
}

/* 16 lanes x 2 columns of int16, 48-bit accumulation. */
static inline v16acc48 aie_mac16(v16acc48 acc, const int16_t *x, int xlen, int xstart, unsigned xoffs,
                                 unsigned xoffs_hi, unsigned xsquare, const int16_t *z, int zstart,
                                 unsigned zoffs, unsigned zoffs_hi, int zstep, int sub) {
  for (int l = 0; l < 16; l++) {
    int64_t sum = 0;
    for (int c = 0; c < 2; c++)
      sum += (int64_t)x[aie_x_pair(xlen, xstart, xoffs, xoffs_hi, xsquare, 0, l, c)] *
             (int64_t)z[aie_z(16, zstart, zoffs, zoffs_hi, zstep, l, c)];
    acc.e[l] = (int64_t)aie_wrap((__int128)acc.e[l] + (sub ? -sum : sum), 48);
  }
  return acc;
}

#define AIE_MAC16(suffix, xreg, xlen)                                                               \
  static inline v16acc48 mac16##suffix(v16acc48 acc, xreg x, int xstart, unsigned xoffs,            \
                                       unsigned xoffs_hi, unsigned xsquare, v16int16 z, int zstart, \
                                       unsigned zoffs, unsigned zoffs_hi, int zstep) {              \
    return aie_mac16(acc, x.e, xlen, xstart, xoffs, xoffs_hi, xsquare, z.e, zstart, zoffs,        \
                     zoffs_hi, zstep, 0);                                                          \
  }                                                                                               \
  static inline v16acc48 msc16##suffix(v16acc48 acc, xreg x, int xstart, unsigned xoffs,            \
                                       unsigned xoffs_hi, unsigned xsquare, v16int16 z, int zstart, \
                                       unsigned zoffs, unsigned zoffs_hi, int zstep) {              \
    return aie_mac16(acc, x.e, xlen, xstart, xoffs, xoffs_hi, xsquare, z.e, zstart, zoffs,        \
                     zoffs_hi, zstep, 1);                                                          \
  }                                                                                               \
  static inline v16acc48 mul16##suffix(xreg x, int xstart, unsigned xoffs, unsigned xoffs_hi,       \
                                       unsigned xsquare, v16int16 z, int zstart, unsigned zoffs,    \
                                       unsigned zoffs_hi, int zstep) {                              \
    v16acc48 zero = {{0}};                                                                        \
    return aie_mac16(zero, x.e, xlen, xstart, xoffs, xoffs_hi, xsquare, z.e, zstart, zoffs,       \
                     zoffs_hi, zstep, 0);                                                          \
  }
AIE_MAC16(, v32int16, 32)
AIE_MAC16(_v64, v64int16, 64)

/* 8 lanes x 1 column of int32, 80-bit accumulation. */
static inline v8acc80 aie_lmac8(v8acc80 acc, const int32_t *x, int xlen, int xstart, unsigned xoffs,
                                const int32_t *z, int zstart, unsigned zoffs, int sub) {
  for (int l = 0; l < 8; l++) {
    __int128 p = (__int128)x[(xstart + (int)aie_nibble(xoffs, 0, l)) % xlen] *
                 (__int128)z[aie_z(8, zstart, zoffs, 0, 0, l, 0)];
    acc.e[l] = aie_wrap(acc.e[l] + (sub ? -p : p), 80);
  }
  return acc;
}

#define AIE_LMAC8(suffix, xreg, xlen)                                                             \
  static inline v8acc80 lmac8##suffix(v8acc80 acc, xreg x, int xstart, unsigned xoffs, v8int32 z, \
                                      int zstart, unsigned zoffs) {                               \
    return aie_lmac8(acc, x.e, xlen, xstart, xoffs, z.e, zstart, zoffs, 0);                     \
  }                                                                                             \
  static inline v8acc80 lmsc8##suffix(v8acc80 acc, xreg x, int xstart, unsigned xoffs, v8int32 z, \
                                      int zstart, unsigned zoffs) {                               \
    return aie_lmac8(acc, x.e, xlen, xstart, xoffs, z.e, zstart, zoffs, 1);                     \
  }                                                                                             \
  static inline v8acc80 lmul8##suffix(xreg x, int xstart, unsigned xoffs, v8int32 z, int zstart,  \
                                      unsigned zoffs) {                                           \
    v8acc80 zero = {{0}};                                                                       \
    return aie_lmac8(zero, x.e, xlen, xstart, xoffs, z.e, zstart, zoffs, 0);                    \
  }
AIE_LMAC8(, v16int32, 16)
AIE_LMAC8(_v32, v32int32, 32)

/* Shift right rounding half up, then saturate (or wrap) to `bits`. */
static inline __int128 aie_srs1(__int128 a, int shift, int bits) {
  if (shift > 0) a = (a + ((__int128)1 << (shift - 1))) >> shift;
  __int128 hi = ((__int128)1 << (bits - 1)) - 1, lo = -hi - 1;
  if (!aie_saturation) return aie_wrap(a, bits);
  return a > hi ? hi : a < lo ? lo : a;
}

static inline v16int16 srs_v16int16(v16acc48 a, int shift) {
  v16int16 r;
  for (int l = 0; l < 16; l++) r.e[l] = (int16_t)aie_srs1(a.e[l], shift, 16);
  return r;
}
static inline v8int32 lsrs_v8int32(v8acc80 a, int shift) {
  v8int32 r;
  for (int l = 0; l < 8; l++) r.e[l] = (int32_t)aie_srs1(a.e[l], shift, 32);
  return r;
}
static inline v16acc48 ups_v16acc48(v16int16 v, int shift) {
  v16acc48 r;
  for (int l = 0; l < 16; l++) r.e[l] = (int64_t)aie_wrap((__int128)v.e[l] << shift, 48);
  return r;
}
static inline v8acc80 lups_v8acc80(v8int32 v, int shift) {
  v8acc80 r;
  for (int l = 0; l < 8; l++) r.e[l] = aie_wrap((__int128)v.e[l] << shift, 80);
  return r;
}

#endif
