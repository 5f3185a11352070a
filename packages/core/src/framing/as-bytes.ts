import { DecodeError } from "../errors.js";

/**
 * Bytes of any binary input (`Uint8Array`, `ArrayBuffer`, any `ArrayBufferView`), without copying,
 * as a plain `Uint8Array`. A subclass (Node's `Buffer`) is re-viewed: its `slice` does not copy,
 * which would break `copy: true`, and values would carry a `Buffer` where a `Uint8Array` belongs.
 */
export function asBytes(input: unknown, dialect: string, offset: number): Uint8Array {
  if (input instanceof Uint8Array) {
    return input.constructor === Uint8Array
      ? input
      : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  }
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (typeof SharedArrayBuffer !== "undefined" && input instanceof SharedArrayBuffer)
    return new Uint8Array(input);
  throw new DecodeError("input is not a Uint8Array, ArrayBuffer or ArrayBufferView", {
    code: "invalid-data",
    offset,
    dialect,
  });
}

/** Reads a u32 length word at `at` (caller checked that 4 bytes exist). */
export function readLengthWord(bytes: Uint8Array, at: number, bigEndian: boolean): number {
  const a = bytes[at]!;
  const b = bytes[at + 1]!;
  const c = bytes[at + 2]!;
  const d = bytes[at + 3]!;
  // Built by hand: a DataView per 4-byte word costs more than the shifts.
  return (bigEndian ? (a << 24) | (b << 16) | (c << 8) | d : (d << 24) | (c << 16) | (b << 8) | a) >>> 0;
}

/** Writes a u32 length word at `at`. */
export function writeLengthWord(out: Uint8Array, at: number, length: number, bigEndian: boolean): void {
  if (bigEndian) {
    out[at] = length >>> 24;
    out[at + 1] = length >>> 16;
    out[at + 2] = length >>> 8;
    out[at + 3] = length;
  } else {
    out[at] = length;
    out[at + 1] = length >>> 8;
    out[at + 2] = length >>> 16;
    out[at + 3] = length >>> 24;
  }
}
