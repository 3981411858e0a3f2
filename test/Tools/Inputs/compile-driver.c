/* Calls the library strata-compile made from compile-library.mlir (@mm),
   through the header it wrote, and saves the arguments and the result as
   .npy files so strata-run can check the library against the interpreter. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mm.h"

static void save(const char *path, const float *data, int rows, int cols) {
  char header[128];
  int n = snprintf(header, sizeof header,
                   "{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d), }", rows, cols);
  int total = 10 + n + 1;
  int pad = (64 - total % 64) % 64;
  FILE *f = fopen(path, "wb");
  if (!f) { perror(path); exit(1); }
  unsigned short len = (unsigned short)(n + pad + 1);
  fwrite("\x93NUMPY\x01\x00", 1, 8, f);
  fputc(len & 0xff, f);
  fputc(len >> 8, f);
  fwrite(header, 1, n, f);
  for (int i = 0; i < pad; i++) fputc(' ', f);
  fputc('\n', f);
  fwrite(data, sizeof(float), (size_t)rows * cols, f);
  fclose(f);
}

int main(int argc, char **argv) {
  if (argc != 4) { fprintf(stderr, "usage: driver a.npy b.npy r.npy\n"); return 2; }
  float a[8][16], b[16][4];
  unsigned state = 12345;
  for (int i = 0; i < 8; i++)
    for (int k = 0; k < 16; k++) { state = state * 1103515245u + 12345u; a[i][k] = (float)((int)(state >> 16) % 2001 - 1000) / 64.0f; }
  for (int k = 0; k < 16; k++)
    for (int j = 0; j < 4; j++) { state = state * 1103515245u + 12345u; b[k][j] = (float)((int)(state >> 16) % 2001 - 1000) / 128.0f; }
  float *r; int64_t off, s0, s1, st0, st1;
  mm(&a[0][0], 0, 8, 16, 16, 1, &b[0][0], 0, 16, 4, 4, 1, &r, &off, &s0, &s1, &st0, &st1);
  printf("result: %lldx%lld, strides %lld, %lld, offset %lld\n", (long long)s0, (long long)s1,
         (long long)st0, (long long)st1, (long long)off);
  save(argv[1], &a[0][0], 8, 16);
  save(argv[2], &b[0][0], 16, 4);
  save(argv[3], r + off, (int)s0, (int)s1);
  free(r);
  return 0;
}
