// Brotli (mode 4, Godot 4.1+): read only, as in the engine. The decoder (the `brotli` package's
// pure-JS decoder, ~900 kB with its dictionary) is loaded only when a Brotli file is met.

/** A Brotli decoder: `decompress(src, outSize)` throws when the output passes `outSize`. */
export type BrotliDecoder = (src: Uint8Array, outSize: number) => Uint8Array;

/** Loads the Brotli decoder (a dynamic import: only callers who meet Brotli pay for it). */
export async function loadBrotli(): Promise<BrotliDecoder> {
  const mod = await import("brotli/decompress.js");
  return (src, outSize) => mod.decompress(src, outSize);
}
