// Inputs for tests of the verifying walk's word loop (inputs of 4 KB and more): large dumps built
// from engine-written values of one generation, damaged copies of them, and what a walk answered.
// The verifying walk's internals, not part of the package's API: imported from source.
import { type Layout, OP } from "../../src/layout.js";
import type { WalkReport } from "../../src/verify.js";

export function idOf(layout: Layout, op: number): number {
  return layout.ops.findIndex((e) => e?.op === op);
}

/** A u32 length, the UTF-8 bytes of `s`, zero padding to 4 bytes (a Variant string's payload). */
export function paddedString(s: string): Uint8Array {
  const t = new TextEncoder().encode(s);
  const out = new Uint8Array(4 + ((t.length + 3) & ~3));
  new DataView(out.buffer).setUint32(0, t.length, true);
  out.set(t, 4);
  return out;
}

/** An untyped ARRAY of `layout` holding `values` (whole Variants) back to back. */
export function arrayOf(layout: Layout, values: readonly Uint8Array[]): Uint8Array {
  const size = values.reduce((n, v) => n + v.length, 8);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, idOf(layout, OP.ARRAY), true);
  view.setUint32(4, values.length, true);
  let p = 8;
  for (const v of values) {
    out.set(v, p);
    p += v.length;
  }
  return out;
}

/** A DICTIONARY of `layout` whose keys and values are `items` taken in pairs. */
export function dictionaryOf(layout: Layout, items: readonly Uint8Array[]): Uint8Array {
  const a = arrayOf(layout, items.slice(0, items.length & ~1));
  new DataView(a.buffer).setUint32(0, idOf(layout, OP.DICTIONARY), true);
  new DataView(a.buffer).setUint32(4, items.length >> 1, true);
  return a;
}

/**
 * The untyped top-level ARRAY or DICTIONARY `b` made typed (4.x): the container-type codes
 * `codes` (1 builtin, 2 class name, 3 script; a dictionary's key code, then its value code) go
 * in bits 16-19 of the header and their infos `infos` (a type id word, or a padded string) after
 * it, in that order. The elements stay as they are (the decoder does not check them).
 */
export function typedOf(b: Uint8Array, codes: readonly number[], infos: readonly Uint8Array[]): Uint8Array {
  const size = infos.reduce((n, v) => n + v.length, b.length);
  const out = new Uint8Array(size);
  out.set(b.subarray(0, 4));
  const view = new DataView(out.buffer);
  view.setUint32(0, view.getUint32(0, true) | ((codes[0] ?? 0) << 16) | ((codes[1] ?? 0) << 18), true);
  let p = 4;
  for (const v of infos) {
    out.set(v, p);
    p += v.length;
  }
  out.set(b.subarray(4), p);
  return out;
}

// Dumps of at least 4 KB made of engine-written values of one generation: flat arrays, arrays of
// arrays and dictionaries (the inline container path), with a shared-flag count now and then.
export function bigInputs(layout: Layout, values: readonly Uint8Array[], r: () => number): Uint8Array[] {
  const pick = (n: number) => Array.from({ length: n }, () => values[r() % values.length]!);
  const inner = () => {
    const k = r() % 3;
    const items = pick(r() % 4 === 0 ? 40 + (r() % 30) : r() % 24);
    const c = k === 0 ? arrayOf(layout, items) : k === 1 ? dictionaryOf(layout, items) : arrayOf(layout, []);
    if (r() % 8 === 0) c[7] = c[7]! | 0x80; // bit 31 of the count: shared
    return c;
  };
  const out: Uint8Array[] = [];
  for (let k = 0; k < 4; k++) {
    out.push(arrayOf(layout, pick(200)));
    out.push(
      arrayOf(
        layout,
        Array.from({ length: 60 }, () => (r() % 2 ? inner() : values[r() % values.length]!)),
      ),
    );
    out.push(
      dictionaryOf(
        layout,
        Array.from({ length: 120 }, () => (r() % 3 ? values[r() % values.length]! : inner())),
      ),
    );
  }
  return out.filter((b) => b.length >= 4096);
}

// Byte changes anywhere (headers, counts, lengths, string bytes, padding), truncations, and
// count words made huge or negative.
export function mutants(b: Uint8Array, r: () => number): Uint8Array[] {
  const out: Uint8Array[] = [b];
  for (let k = 0; k < 6; k++) {
    const c = b.slice();
    for (let j = 0; j <= r() % 3; j++) c[r() % c.length] = r() & 0xff;
    out.push(c);
  }
  const word = b.slice();
  const at = (r() % (b.length >> 2)) * 4;
  new DataView(word.buffer).setUint32(at, [0x7fffffff, 0x80000005, 0xffffffff, 4, 2][r() % 5]!, true);
  out.push(word);
  out.push(b.subarray(0, 4096 + (r() % (b.length - 4095))));
  return out;
}

/** What a walk answered: end or failure (with missing bytes), every count and first offset. */
export function summary(r: WalkReport) {
  return {
    ok: r.ok,
    end: r.ok ? r.end : undefined,
    failure: r.ok
      ? undefined
      : {
          offset: r.failure.offset,
          code: r.failure.code,
          message: r.failure.message,
          missing: r.failure.missing,
        },
    stats: { ...r.stats, at: { ...r.stats.at } },
  };
}
