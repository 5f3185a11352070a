// Little-endian field helpers over a Uint8Array (the engine writes every header word LE).

/** Reads a u32 at `at`; the caller has checked the bounds. */
export function u32(b: Uint8Array, at: number): number {
  return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
}

/** Reads a u64 at `at` as a number; values past 2^53 come back as Infinity (larger than any file). */
export function u64(b: Uint8Array, at: number): number {
  const hi = u32(b, at + 4);
  return hi >= 0x200000 ? Number.POSITIVE_INFINITY : hi * 2 ** 32 + u32(b, at);
}

export function putU32(b: Uint8Array, at: number, v: number): void {
  b[at] = v & 0xff;
  b[at + 1] = (v >>> 8) & 0xff;
  b[at + 2] = (v >>> 16) & 0xff;
  b[at + 3] = (v >>> 24) & 0xff;
}

export function putU64(b: Uint8Array, at: number, v: number): void {
  putU32(b, at, v >>> 0);
  putU32(b, at + 4, Math.floor(v / 2 ** 32));
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * A Uint8Array over any input the public API accepts (no copy), or undefined for anything else
 * (a string, a number, null: `new Uint8Array` would quietly make an empty or zeroed array).
 */
export function bytesOf(input: unknown): Uint8Array | undefined {
  if (input instanceof Uint8Array) return input;
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  // Another realm's or a shared buffer: what `new Uint8Array` takes as a buffer.
  const tag = Object.prototype.toString.call(input);
  if (tag === "[object ArrayBuffer]" || tag === "[object SharedArrayBuffer]")
    return new Uint8Array(input as ArrayBuffer);
  return undefined;
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
