// Brotli (mode 4, Godot 4.1+): read only, as in the engine. Loaded only when a Brotli file is
// met. Where the runtime has node:zlib (Node, Deno, Bun) its native decoder is used with
// `maxOutputLength`, so a bomb stops at the block's declared size. Elsewhere (browsers) the
// `brotli` package's pure-JS decoder is loaded (a 90 kB chunk minified); it grows its
// output by each meta-block's declared length (at most 16 MiB each) before our size check sees
// the result, so there a hostile block can cost memory up to what it inflates to.

/** A Brotli decoder: `decompress(src, outSize)` throws when the output passes `outSize`. */
export type BrotliDecoder = (src: Uint8Array, outSize: number) => Uint8Array;

interface NodeZlib {
  brotliDecompressSync(src: Uint8Array, options: { maxOutputLength: number; chunkSize: number }): Uint8Array;
}

async function nodeZlib(): Promise<NodeZlib | undefined> {
  const versions = (globalThis as { process?: { versions?: Record<string, string> } }).process?.versions;
  if (versions?.node === undefined) return undefined;
  try {
    // A variable specifier: bundlers for browsers leave it alone (this branch never runs there).
    const name = "node:zlib";
    return (await import(/* @vite-ignore */ name)) as NodeZlib;
  } catch {
    return undefined;
  }
}

/** Loads a Brotli decoder (a dynamic import: only callers who meet Brotli pay for it). */
export async function loadBrotli(): Promise<BrotliDecoder> {
  const zlib = await nodeZlib();
  if (zlib !== undefined) {
    return (src, outSize) => {
      try {
        // chunkSize: node's default 16 KiB buffer per call would cost 16 KiB for a 1-byte block.
        const out = zlib.brotliDecompressSync(src, {
          maxOutputLength: Math.max(1, outSize),
          chunkSize: Math.max(64, Math.min(outSize, 1 << 16)),
        });
        return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
      } catch (e) {
        if ((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE")
          throw new Error("Output buffer is not large enough", { cause: e });
        throw e;
      }
    };
  }
  const mod = await import("brotli/decompress.js");
  // It grows its buffer per meta-block anyway: start small rather than at the claimed size.
  return (src, outSize) => mod.decompress(src, Math.min(outSize, 1 << 16));
}
