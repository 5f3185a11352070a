/* Reads 16-hex-digit IEEE 754 doubles, one a line, and prints each with the C library's "%lg":
 * the format Godot 4.0-4.4's String::num_scientific used for var_to_str reals (and 2.x/3.x's
 * rtosfix). Output: <hex>\t<%lg text>. Used by generate-printf-lg.mjs. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  char line[64];
  while (fgets(line, sizeof line, stdin)) {
    uint64_t bits;
    double d;
    if (sscanf(line, "%16" SCNx64, &bits) != 1) continue;
    memcpy(&d, &bits, sizeof d);
    printf("%016" PRIx64 "\t%lg\n", bits, d);
  }
  return 0;
}
