#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STRATA_FN static inline __attribute__((unused))

/* Runtime of Strata's C back end: integers are zero-extended in their
   container; signed views sign-extend from the value's width. */
STRATA_FN uint64_t strata_mask(uint64_t v, unsigned w) {
  return w >= 64 ? v : v & ((UINT64_C(1) << w) - 1);
}
STRATA_FN int64_t strata_sext(uint64_t v, unsigned w) {
  return w >= 64 ? (int64_t)v : (int64_t)(v << (64 - w)) >> (64 - w);
}
static void strata_fail(const char *loc, const char *message) __attribute__((noreturn, unused));
static void strata_fail(const char *loc, const char *message) {
  fprintf(stderr, "%serror: %s\n", loc, message);
  exit(70);
}
/* `[a, b, c]`, the interpreter's rendering of an index or shape list. */
static void strata_print_list(int rank, const int64_t *v) __attribute__((unused));
static void strata_print_list(int rank, const int64_t *v) {
  fprintf(stderr, "[");
  for (int k = 0; k < rank; k++) fprintf(stderr, "%s%lld", k ? ", " : "", (long long)v[k]);
  fprintf(stderr, "]");
}
static void strata_out_of_bounds(const char *loc, int rank, const int64_t *idx,
                                 const int64_t *sizes) __attribute__((noreturn, unused));
static void strata_out_of_bounds(const char *loc, int rank, const int64_t *idx,
                                 const int64_t *sizes) {
  fprintf(stderr, "%serror: out-of-bounds access at ", loc);
  strata_print_list(rank, idx);
  fprintf(stderr, " of a memref of shape ");
  strata_print_list(rank, sizes);
  fprintf(stderr, "\n");
  exit(70);
}
/* strata_fail with a printf-formatted message. */
static void strata_failf(const char *loc, const char *format, ...)
    __attribute__((noreturn, unused, format(printf, 2, 3)));
static void strata_failf(const char *loc, const char *format, ...) {
  va_list args;
  va_start(args, format);
  fprintf(stderr, "%serror: ", loc);
  vfprintf(stderr, format, args);
  fprintf(stderr, "\n");
  va_end(args);
  exit(70);
}
static void strata_fail_copy(const char *loc, int rank, const int64_t *from, const int64_t *to)
    __attribute__((noreturn, unused));
static void strata_fail_copy(const char *loc, int rank, const int64_t *from, const int64_t *to) {
  fprintf(stderr, "%serror: memref.copy between shapes ", loc);
  strata_print_list(rank, from);
  fprintf(stderr, " and ");
  strata_print_list(rank, to);
  fprintf(stderr, "\n");
  exit(70);
}
static void strata_fail_expand(const char *loc, int64_t size, int64_t product)
    __attribute__((noreturn, unused));
static void strata_fail_expand(const char *loc, int64_t size, int64_t product) {
  fprintf(stderr, "%serror: memref.expand_shape of a dimension of size %lld into sizes whose product is %lld\n",
          loc, (long long)size, (long long)product);
  exit(70);
}
/* The blocks memrefs point into, with their extent (bounds-checked
   builds, STRATA_CHECKS): an open-addressing table keyed by the block's
   address. A view's data pointer is always its block's start (views move
   the offset), so one lookup gives the extent a new view is checked
   against, and whether a `memref.dealloc` frees a block twice. Heap blocks
   are added by strata_alloc, stack and global ones by the op that makes
   the memref; entries are never removed (a freed block stays, marked, until
   malloc hands its address out again). */
#ifndef STRATA_CHECKS
#define STRATA_CHECKS 0
#endif
enum { STRATA_DEAD, STRATA_HEAP, STRATA_FIXED };
typedef struct { const void *p; size_t bytes; int kind; } strata_block;
static strata_block *strata_blocks;
static size_t strata_blocks_cap, strata_blocks_len;
/* The entry of `p` (with `add`: a new zeroed one if absent), or NULL. */
static strata_block *strata_block_of(const void *p, int add) __attribute__((unused));
static strata_block *strata_block_of(const void *p, int add) {
  if (add && 2 * (strata_blocks_len + 1) > strata_blocks_cap) {
    size_t cap = strata_blocks_cap ? 2 * strata_blocks_cap : 1024;
    strata_block *old = strata_blocks, *t = (strata_block *)calloc(cap, sizeof *t);
    if (!t) { fprintf(stderr, "error: out of memory\n"); exit(70); }
    for (size_t i = 0; i < strata_blocks_cap; i++) {
      if (!old[i].p) continue;
      size_t h = ((uintptr_t)old[i].p >> 4) * UINT64_C(0x9e3779b97f4a7c15) & (cap - 1);
      while (t[h].p) h = (h + 1) & (cap - 1);
      t[h] = old[i];
    }
    free(old);
    strata_blocks = t;
    strata_blocks_cap = cap;
  }
  if (!strata_blocks_cap || !p) return NULL;
  size_t mask = strata_blocks_cap - 1, h = ((uintptr_t)p >> 4) * UINT64_C(0x9e3779b97f4a7c15) & mask;
  while (strata_blocks[h].p && strata_blocks[h].p != p) h = (h + 1) & mask;
  if (strata_blocks[h].p) return &strata_blocks[h];
  if (!add) return NULL;
  strata_blocks_len++;
  strata_blocks[h].p = p;
  return &strata_blocks[h];
}
/* Records the block [p, p + bytes) (STRATA_HEAP: from strata_alloc). */
STRATA_FN void strata_register(const void *p, size_t bytes, int kind) {
  strata_block *b = strata_block_of(p, 1);
  if (b) { b->bytes = bytes; b->kind = kind; }
}
/* Under AddressSanitizer (strata-run with STRATA_C_SANITIZE=address) the
   bytes a heap block is rounded up by are poisoned, so an access past the
   memref's end is reported even inside the rounding. */
#if defined(__SANITIZE_ADDRESS__)
#define STRATA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define STRATA_ASAN 1
#endif
#endif
#ifdef STRATA_ASAN
#include <sanitizer/asan_interface.h>
#endif
/* Heap memrefs start on a 64-byte boundary (a cache line, one zmm
   register): malloc gives 16 for large blocks, which splits every vector
   access of a kernel across two lines; `align` is the op's `alignment`
   attribute when larger. strata_dealloc releases it. */
STRATA_FN void *strata_alloc(size_t bytes, size_t align) {
  if (align < 64) align = 64;
  size_t rounded = (bytes + align - 1) / align * align;
  void *p = rounded < bytes ? NULL : aligned_alloc(align, rounded ? rounded : align);
  if (!p) {
    fprintf(stderr, "error: out of memory allocating %zu bytes\n", bytes);
    exit(70);
  }
#ifdef STRATA_ASAN
  __asan_poison_memory_region((char *)p + bytes, (rounded ? rounded : align) - bytes);
#endif
  if (STRATA_CHECKS) strata_register(p, bytes, STRATA_HEAP);
  return p;
}
/* memref.dealloc: a block freed twice stops with the interpreter's error;
   a stack or global block is only marked. */
STRATA_FN void strata_dealloc(const char *loc, void *p) {
  if (STRATA_CHECKS) {
    strata_block *b = strata_block_of(p, 0);
    if (b && b->kind == STRATA_DEAD)
      strata_failf(loc, "deallocation of memory that is already deallocated");
    int heap = !b || b->kind == STRATA_HEAP;
    if (b) b->kind = STRATA_DEAD;
    if (!heap) return;
  }
  free(p);
}
/* Stops with `what` at `loc` unless the view (offset, sizes, strides, in
   elements of `elem` bytes) addresses only elements of the block `p`
   points at. Memory strata_register never saw is not checked. */
STRATA_FN void strata_check_view(const char *loc, const char *what, const void *p, size_t elem,
                                 int64_t off, int rank, const int64_t *sizes,
                                 const int64_t *strides) {
  strata_block *b = strata_block_of(p, 0);
  int64_t lo = off, hi = off, n = b ? (int64_t)(b->bytes / elem) : 0;
  for (int k = 0; k < rank; k++)
    if (sizes[k] < 0) strata_failf(loc, "%s: dimension %d has the negative size %lld", what, k, (long long)sizes[k]);
  if (!b) return;
  for (int k = 0; k < rank; k++) {
    int64_t span;
    if (sizes[k] == 0) return;
    if (__builtin_mul_overflow(sizes[k] - 1, strides[k], &span) ||
        __builtin_add_overflow(span < 0 ? lo : hi, span, span < 0 ? &lo : &hi))
      strata_failf(loc, "%s: the view's extent overflows", what);
  }
  if (lo < 0 || hi >= n)
    strata_failf(loc, "%s: the view spans elements %lld to %lld of a block of %lld", what,
                 (long long)lo, (long long)hi, (long long)n);
}
/* Divisions: the caller has checked for zero and signed overflow. */
STRATA_FN uint64_t strata_divui(uint64_t a, uint64_t b, unsigned w) { (void)w; return a / b; }
STRATA_FN uint64_t strata_remui(uint64_t a, uint64_t b, unsigned w) { (void)w; return a % b; }
STRATA_FN uint64_t strata_ceildivui(uint64_t a, uint64_t b, unsigned w) {
  (void)w;
  return a / b + (a % b != 0);
}
STRATA_FN uint64_t strata_divsi(uint64_t a, uint64_t b, unsigned w) {
  return (uint64_t)(strata_sext(a, w) / strata_sext(b, w));
}
STRATA_FN uint64_t strata_remsi(uint64_t a, uint64_t b, unsigned w) {
  int64_t y = strata_sext(b, w);
  return y == -1 ? 0 : (uint64_t)(strata_sext(a, w) % y);
}
STRATA_FN uint64_t strata_ceildivsi(uint64_t a, uint64_t b, unsigned w) {
  int64_t x = strata_sext(a, w), y = strata_sext(b, w), q = x / y, r = x % y;
  return (uint64_t)(r != 0 && ((r > 0) == (y > 0)) ? q + 1 : q);
}
STRATA_FN uint64_t strata_floordivsi(uint64_t a, uint64_t b, unsigned w) {
  int64_t x = strata_sext(a, w), y = strata_sext(b, w), q = x / y, r = x % y;
  return (uint64_t)(r != 0 && ((r < 0) != (y < 0)) ? q - 1 : q);
}
/* Float min/max with MLIR's NaN and signed-zero rules. */
STRATA_FN double strata_minimumf(double a, double b) {
  if (isnan(a) || isnan(b)) return NAN;
  if (a == 0.0 && b == 0.0) return signbit(a) ? a : b;
  return a < b ? a : b;
}
STRATA_FN double strata_maximumf(double a, double b) {
  if (isnan(a) || isnan(b)) return NAN;
  if (a == 0.0 && b == 0.0) return signbit(a) ? b : a;
  return a > b ? a : b;
}
STRATA_FN double strata_minnumf(double a, double b) {
  return isnan(a) ? b : isnan(b) ? a : strata_minimumf(a, b);
}
STRATA_FN double strata_maxnumf(double a, double b) {
  return isnan(a) ? b : isnan(b) ? a : strata_maximumf(a, b);
}
/* Saturating float-to-integer conversions (NaN gives 0). */
STRATA_FN uint64_t strata_fptosi(double x, unsigned w) {
  if (isnan(x)) return 0;
  double t = trunc(x);
  int64_t lo = w >= 64 ? INT64_MIN : -(INT64_C(1) << (w - 1));
  int64_t hi = w >= 64 ? INT64_MAX : (INT64_C(1) << (w - 1)) - 1;
  int64_t v = t <= (double)lo ? lo : t >= (double)hi ? hi : (int64_t)t;
  return strata_mask((uint64_t)v, w);
}
STRATA_FN uint64_t strata_fptoui(double x, unsigned w) {
  if (isnan(x)) return 0;
  double t = trunc(x);
  uint64_t hi = strata_mask(UINT64_MAX, w);
  if (t <= 0.0) return 0;
  if (t >= (double)hi) return hi;
  return (uint64_t)t;
}
STRATA_FN float strata_f32_from_bits(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
STRATA_FN double strata_f64_from_bits(uint64_t b) { double f; memcpy(&f, &b, 8); return f; }
STRATA_FN uint32_t strata_f32_bits(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
STRATA_FN uint64_t strata_f64_bits(double f) { uint64_t b; memcpy(&b, &f, 8); return b; }
/* f16 and bf16 are their bits in a uint16_t. To double: exact (a NaN
   quiet). From double: one round to nearest even, subnormals kept, a NaN
   quiet with the top payload bits: the interpreter's
   strata_dialect_arith::semantics::narrow_from_f64 (m mantissa bits, e
   exponent bits). */
STRATA_FN uint16_t strata_narrow_from_f64(double x, unsigned m, unsigned e) {
  uint64_t b = strata_f64_bits(x);
  uint64_t sign = (b >> 63) << (m + e), man = b & ((UINT64_C(1) << 52) - 1);
  uint64_t inf = ((UINT64_C(1) << e) - 1) << m;
  int64_t exp = (int64_t)((b >> 52) & 0x7ff);
  if (exp == 0x7ff)
    return (uint16_t)(man == 0 ? sign | inf : sign | inf | (UINT64_C(1) << (m - 1)) | (man >> (52 - m)));
  if (exp == 0) return (uint16_t)sign;
  int64_t bias = (INT64_C(1) << (e - 1)) - 1, te = exp - 1023 + bias;
  int64_t sh = 52 - (int64_t)m + (te >= 1 ? 0 : 1 - te);
  unsigned shift = sh > 63 ? 63u : (unsigned)sh;
  uint64_t full = man | (UINT64_C(1) << 52), q = full >> shift;
  uint64_t rem = full & ((UINT64_C(1) << shift) - 1), half = UINT64_C(1) << (shift - 1);
  q += rem > half || (rem == half && (q & 1));
  uint64_t r = te >= 1 ? ((uint64_t)(te - 1) << m) + q : q;
  return (uint16_t)(sign | (r < inf ? r : inf));
}
STRATA_FN double strata_narrow_to_f64(uint16_t bits, unsigned m, unsigned e) {
  uint64_t b = bits, max_e = (UINT64_C(1) << e) - 1, exp = (b >> m) & max_e;
  uint64_t man = b & ((UINT64_C(1) << m) - 1);
  int64_t bias = (INT64_C(1) << (e - 1)) - 1;
  double v;
  if (exp == max_e)
    v = man == 0 ? INFINITY : strata_f64_from_bits(UINT64_C(0x7ff8000000000000) | (man << (52 - m)));
  else if (exp == 0)
    v = ldexp((double)man, (int)(1 - bias - (int64_t)m));
  else
    v = strata_f64_from_bits(((uint64_t)((int64_t)exp - bias + 1023) << 52) | (man << (52 - m)));
  return (b >> (m + e)) & 1 ? -v : v;
}
STRATA_FN uint16_t strata_f16_from_f64(double x) { return strata_narrow_from_f64(x, 10, 5); }
STRATA_FN uint16_t strata_bf16_from_f64(double x) { return strata_narrow_from_f64(x, 7, 8); }
STRATA_FN double strata_f16_to_f64(uint16_t b) { return strata_narrow_to_f64(b, 10, 5); }
STRATA_FN double strata_bf16_to_f64(uint16_t b) { return strata_narrow_to_f64(b, 7, 8); }
STRATA_FN uint64_t strata_absi(int64_t x) { return x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x; }
STRATA_FN uint64_t strata_ctlz(uint64_t v, unsigned w) {
  uint64_t n = 0;
  for (unsigned i = w; i-- > 0 && !((v >> i) & 1);) n++;
  return n;
}
STRATA_FN uint64_t strata_cttz(uint64_t v, unsigned w) {
  uint64_t n = 0;
  for (unsigned i = 0; i < w && !((v >> i) & 1); i++) n++;
  return n;
}
/* math.ipowi: wrapping signed power; 0 to a negative power is an error. */
STRATA_FN uint64_t strata_ipowi(const char *loc, uint64_t base, uint64_t exponent, unsigned w) {
  int64_t b = strata_sext(base, w), e = strata_sext(exponent, w);
  if (e < 0) {
    if (b == 0) {
      fprintf(stderr, "%serror: 'math.ipowi' is undefined for [Int(%llu, %u), Int(%llu, %u)]\n", loc,
              (unsigned long long)base, w, (unsigned long long)exponent, w);
      exit(70);
    }
    return b == 1 ? 1 : b == -1 ? (e % 2 == 0 ? 1 : strata_mask(UINT64_MAX, w)) : 0;
  }
  uint64_t result = 1, x = strata_mask(base, w), n = (uint64_t)e;
  while (n > 0) {
    if (n & 1) result = strata_mask(result * x, w);
    x = strata_mask(x * x, w);
    n >>= 1;
  }
  return result;
}
STRATA_FN uint64_t strata_ctpop(uint64_t v) {
  uint64_t n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}

