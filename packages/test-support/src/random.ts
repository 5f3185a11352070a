/**
 * A seeded xorshift32 generator for tests that need many reproducible random choices without a
 * property-testing framework: each call returns the next unsigned 32-bit value. Seed 0 is
 * replaced by 1 (xorshift's only fixed point).
 */
export function xorshift32(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
}
