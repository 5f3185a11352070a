import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DecodeJSCase, outcome } from "./decode-js-check.js";
import { diffJS } from "./same-js.js";

/** A codec object as the dialect packages make it (`createCodec(options)`). */
export interface CodecUnderTest {
  decode(bytes: Uint8Array): unknown;
  decodeJS(bytes: Uint8Array): unknown;
  encode(value: unknown): Uint8Array;
  encodeInto(value: unknown, target: Uint8Array, offset?: number): number;
}

/** The stateless functions of the same package. */
export interface StatelessUnderTest {
  decode(bytes: Uint8Array, options: Record<string, unknown>): unknown;
  decodeJS(bytes: Uint8Array, options: Record<string, unknown>): unknown;
  encode(value: unknown, options: Record<string, unknown>): Uint8Array;
  encodeInto(value: unknown, target: Uint8Array, offset: number, options: Record<string, unknown>): number;
}

/** One input for {@link checkCodec}: bytes, and the options of the codec that reads them. */
export type CodecCase = DecodeJSCase;

/**
 * Runs every case through codec objects that are kept across all cases (one per option set and
 * dictionary mode, so that each call meets the state of the calls before it) and through the
 * stateless functions, and compares with the strict comparator: `decode` and `decodeJS` (twice,
 * the second reading on kept keys and reader), `encode` and `encodeInto` of the decoded value,
 * and the errors of cuts every `step` bytes. At the end every `encode` result the codecs handed
 * out is compared again with the stateless bytes: a later call must not have written over it.
 * Returns the first difference and how many values and errors were compared.
 */
export function checkCodec(
  cases: readonly CodecCase[],
  make: (options: Record<string, unknown>) => CodecUnderTest,
  fns: StatelessUnderTest,
  step = 3,
): { difference: string | undefined; values: number; errors: number } {
  const codecs = new Map<string, CodecUnderTest>();
  const codecFor = (o: Record<string, unknown>): CodecUnderTest => {
    const key = JSON.stringify(o);
    let c = codecs.get(key);
    if (c === undefined) {
      c = make(o);
      codecs.set(key, c);
    }
    return c;
  };
  const handedOut: { label: string; bytes: Uint8Array; expected: Uint8Array }[] = [];
  let values = 0;
  let errors = 0;
  const target = new Uint8Array(1 << 20);
  const target2 = new Uint8Array(1 << 20);
  for (const c of cases) {
    for (const dictionaries of ["auto", "map"]) {
      const o = { ...c.options, dictionaries };
      const codec = codecFor(o);
      for (const round of [1, 2]) {
        const d =
          diffJS(
            outcome(() => codec.decode(c.bytes)),
            outcome(() => fns.decode(c.bytes, o)),
          ) ??
          diffJS(
            outcome(() => codec.decodeJS(c.bytes)),
            outcome(() => fns.decodeJS(c.bytes, o)),
          );
        if (d !== undefined)
          return { difference: `${c.label} (${dictionaries}, read ${round}): ${d}`, values, errors };
      }
      let value: unknown;
      try {
        value = fns.decode(c.bytes, o);
      } catch {
        continue;
      }
      const mine = outcome(() => codec.encode(value));
      const theirs = outcome(() => fns.encode(value, o));
      const into = outcome(() => {
        const n = codec.encodeInto(value, target, 4);
        return target.slice(4, 4 + n);
      });
      const intoTheirs = outcome(() => {
        const n = fns.encodeInto(value, target2, 4, o);
        return target2.slice(4, 4 + n);
      });
      const d =
        diffJS(mine, theirs) ??
        diffJS(into, intoTheirs) ??
        (dictionaries === "auto" ? intoCuts(codec, fns, value, o) : undefined);
      if (d !== undefined)
        return { difference: `${c.label} (${dictionaries}, encode): ${d}`, values, errors };
      if ("value" in (mine as object))
        handedOut.push({
          label: c.label,
          bytes: (mine as { value: Uint8Array }).value,
          expected: (theirs as { value: Uint8Array }).value,
        });
      values++;
    }
    const codec = codecFor({ ...c.options, dictionaries: "auto" });
    const o = { ...c.options, dictionaries: "auto" };
    for (let n = 0; n < c.bytes.length; n += step) {
      const cut = c.bytes.subarray(0, n);
      const b = outcome(() => fns.decode(cut, o));
      if (!("value" in (b as object))) errors++;
      const d =
        diffJS(
          outcome(() => codec.decode(cut)),
          b,
        ) ??
        diffJS(
          outcome(() => codec.decodeJS(cut)),
          outcome(() => fns.decodeJS(cut, o)),
        );
      if (d !== undefined) return { difference: `${c.label} cut at ${n}: ${d}`, values, errors };
    }
  }
  for (const h of handedOut) {
    const d = diffJS(h.bytes, h.expected);
    if (d !== undefined)
      return { difference: `${h.label}: encode result overwritten later: ${d}`, values, errors };
  }
  return { difference: undefined, values, errors };
}

/**
 * `encodeInto` of the codec and of the function into targets too small for `value` (none or all
 * but one of its bytes at offset 0, half at offset 3), and into ones that fit: the same errors,
 * then the same bytes (a failed call leaves the codec as it was). The first difference, if any.
 */
export function intoCuts(
  codec: CodecUnderTest,
  fns: StatelessUnderTest,
  value: unknown,
  o: Record<string, unknown>,
): string | undefined {
  const full = outcome(() => fns.encode(value, o));
  if (!("value" in (full as object))) return undefined;
  const size = (full as { value: Uint8Array }).value.length;
  const bigA = new Uint8Array(size + 3);
  const bigB = new Uint8Array(size + 3);
  for (const [offset, rooms] of [
    [0, [0, size - 1, size]],
    [3, [size >> 1, size]],
  ] as const) {
    for (const room of rooms) {
      if (room < 0) continue;
      const a = bigA.subarray(0, offset + room);
      const b = bigB.subarray(0, offset + room);
      const d = diffJS(
        outcome(() => a.slice(offset, offset + codec.encodeInto(value, a, offset))),
        outcome(() => b.slice(offset, offset + fns.encodeInto(value, b, offset, o))),
      );
      if (d !== undefined) return `encodeInto ${room} bytes at offset ${offset}: ${d}`;
    }
  }
  return undefined;
}

/**
 * The codec object's contract beyond the fixtures, for one dialect package: results handed out
 * stay as they were across chunks and grown outputs, codecs share nothing, a codec used inside
 * its own callbacks (onSpan, a getter it encodes) or by interleaved async streams gives what the
 * stateless functions give, and a failure leaves it usable.
 */
export function describeCodec(
  make: (options?: Record<string, unknown>) => CodecUnderTest,
  fns: StatelessUnderTest,
  values?: fc.Arbitrary<unknown>,
): void {
  const message = (i: number) => ({ id: i, name: `player ${i}`, hp: 100 - i, alive: i % 2 === 0, x: i / 2 });

  describe("codec object", () => {
    if (values !== undefined) {
      it("writes random values with encodeInto as the function does, into targets that fit or not", () => {
        // One codec for every run: each call meets the state the calls before left (keys, a
        // failed call's writer), with encode calls in between.
        const codec = make();
        const target = new Uint8Array(1 << 16);
        const target2 = new Uint8Array(1 << 16);
        let compared = 0;
        fc.assert(
          fc.property(values, fc.integer({ min: 0, max: 7 }), (v, offset) => {
            const d =
              diffJS(
                outcome(() => target.slice(offset, offset + codec.encodeInto(v, target, offset))),
                outcome(() => target2.slice(offset, offset + fns.encodeInto(v, target2, offset, {}))),
              ) ??
              intoCuts(codec, fns, v, {}) ??
              diffJS(
                outcome(() => codec.encode(v)),
                outcome(() => fns.encode(v, {})),
              );
            expect(d).toBeUndefined();
            compared++;
          }),
          { numRuns: 300 },
        );
        expect(compared).toBeGreaterThanOrEqual(300);
      });
    }

    it("refuses in encodeInto what the function refuses, and stays usable", () => {
      const codec = make();
      const v = message(4);
      const expected = fns.encode(v, {});
      const same = (f: () => unknown, g: () => unknown) =>
        expect(diffJS(outcome(f), outcome(g))).toBeUndefined();
      const target = new Uint8Array(expected.length + 8);
      for (const offset of [-1, 1.5, Number.NaN, target.length + 1]) {
        same(
          () => codec.encodeInto(v, target, offset),
          () => fns.encodeInto(v, target, offset, {}),
        );
      }
      const notBytes = [1, 2, 3] as unknown as Uint8Array;
      same(
        () => codec.encodeInto(v, notBytes),
        () => fns.encodeInto(v, notBytes, 0, {}),
      );
      // A target the codec wrote into before, then detached (twice: the failure keeps nothing).
      const buffer = new ArrayBuffer(expected.length);
      const detached = new Uint8Array(buffer);
      expect(codec.encodeInto(v, detached)).toBe(expected.length);
      structuredClone(buffer, { transfer: [buffer] });
      for (let i = 0; i < 2; i++) {
        const mine = outcome(() => codec.encodeInto(v, detached));
        expect(mine).toMatchObject({ code: "invalid-value" });
        expect(
          diffJS(
            mine,
            outcome(() => fns.encodeInto(v, detached, 0, {})),
          ),
        ).toBeUndefined();
      }
      // A length-tracking view of a resizable buffer, shrunk and grown between calls.
      // (ES2024: the project's lib is ES2022, so the constructor is typed here.)
      const Resizable = ArrayBuffer as unknown as new (
        length: number,
        options: { maxByteLength: number },
      ) => ArrayBuffer & { resize(length: number): void };
      const resizable = new Resizable(expected.length, { maxByteLength: 4 * expected.length });
      const tracking = new Uint8Array(resizable);
      const otherBuffer = new Resizable(expected.length, { maxByteLength: 4 * expected.length });
      const other = new Uint8Array(otherBuffer);
      for (const size of [expected.length, expected.length - 4, 3 * expected.length, expected.length]) {
        resizable.resize(size);
        otherBuffer.resize(size);
        same(
          () => tracking.slice(2, 2 + codec.encodeInto(v, tracking, 2)),
          () => other.slice(2, 2 + fns.encodeInto(v, other, 2, {})),
        );
      }
      expect(diffJS(codec.encode(v), expected)).toBeUndefined();
      const out = new Uint8Array(expected.length + 5);
      expect(codec.encodeInto(v, out, 5)).toBe(expected.length);
      expect(diffJS(out.subarray(5), expected)).toBeUndefined();
    });

    it("writes with encodeInto inside a getter of a value it writes, and encode inside encodeInto", () => {
      const codec = make();
      const outer = new Uint8Array(1024);
      const inner = new Uint8Array(1024);
      const held: Uint8Array[] = [];
      let n = 0;
      const value = {
        a: "first",
        get b() {
          n = codec.encodeInto(message(5), inner, 1);
          held.push(codec.encode(message(6)));
          return "second";
        },
      };
      const total = codec.encodeInto(value, outer, 2);
      expect(diffJS(outer.slice(2, 2 + total), fns.encode({ a: "first", b: "second" }, {}))).toBeUndefined();
      expect(diffJS(inner.slice(1, 1 + n), fns.encode(message(5), {}))).toBeUndefined();
      expect(diffJS(held[0], fns.encode(message(6), {}))).toBeUndefined();
      const viaEncode = codec.encode(value);
      expect(diffJS(viaEncode, fns.encode({ a: "first", b: "second" }, {}))).toBeUndefined();
      expect(diffJS(inner.slice(1, 1 + n), fns.encode(message(5), {}))).toBeUndefined();
    });

    it("hands out encode results that later calls never write over, across chunks and grown outputs", () => {
      const codec = make({ chunkSize: 256 });
      const held: [Uint8Array, unknown][] = [];
      for (let i = 0; i < 200; i++) {
        // Every 17th value outgrows the chunk (its own buffer); the rest share chunks.
        const v = i % 17 === 0 ? { big: "x".repeat(300 + i), i } : message(i);
        held.push([codec.encode(v), v]);
      }
      for (const [bytes, v] of held) expect(diffJS(bytes, fns.encode(v, {}))).toBeUndefined();
      // Results of one chunk are views of it, one after the other, not copies.
      const a = codec.encode(message(1));
      const b = codec.encode(message(2));
      expect(a.buffer === b.buffer || b.byteOffset === 0).toBe(true);
    });

    it("gives each codec its own state", () => {
      const one = make();
      const two = make();
      expect(one).not.toBe(two);
      // The same slots, other keys: what one codec kept must not be what the other reads.
      const x = fns.encode({ alpha: 1, bravo: "b" }, {});
      const y = fns.encode({ gamma: 1, delta: "b" }, {});
      for (let i = 0; i < 4; i++) {
        expect(one.decodeJS(x)).toEqual({ alpha: 1, bravo: "b" });
        expect(two.decodeJS(y)).toEqual({ gamma: 1, delta: "b" });
      }
      // A receive buffer filled again with other bytes is read anew.
      const buffer = new Uint8Array(Math.max(x.length, y.length));
      buffer.set(x);
      expect(one.decodeJS(buffer.subarray(0, x.length))).toEqual({ alpha: 1, bravo: "b" });
      const view = buffer.subarray(0, x.length);
      expect(one.decodeJS(view)).toEqual({ alpha: 1, bravo: "b" });
      view.set(y.subarray(0, x.length));
      expect(diffJS(one.decodeJS(view), fns.decodeJS(view, {}))).toBeUndefined();
    });

    it("is correct when used inside its own onSpan callback and inside a getter of a value it encodes", () => {
      const inner = fns.encode(message(7), {});
      const seen: unknown[] = [];
      let codec: CodecUnderTest | undefined;
      // The inner decode has spans too: only the outer reading's callback reads again.
      let inside = false;
      codec = make({
        onSpan: () => {
          if (inside) return;
          inside = true;
          seen.push(codec!.decodeJS(inner), codec!.decode(inner), codec!.encode(message(8)));
          inside = false;
        },
      });
      const outer = fns.encode([message(1), message(2)], {});
      expect(diffJS(codec.decode(outer), fns.decode(outer, {}))).toBeUndefined();
      expect(seen.length).toBeGreaterThan(30);
      for (let i = 0; i < seen.length; i += 3) {
        expect(diffJS(seen[i], fns.decodeJS(inner, {}))).toBeUndefined();
        expect(diffJS(seen[i + 2], fns.encode(message(8), {}))).toBeUndefined();
      }
      const plain = make();
      const nested: Uint8Array[] = [];
      const value = {
        a: "first",
        get b() {
          nested.push(plain.encode(message(3)));
          return "second";
        },
      };
      const bytes = plain.encode(value);
      expect(diffJS(bytes, fns.encode({ a: "first", b: "second" }, {}))).toBeUndefined();
      expect(diffJS(nested[0], fns.encode(message(3), {}))).toBeUndefined();
    });

    it("is correct for interleaved async streams sharing one codec", async () => {
      const codec = make();
      const stream = async (base: number) => {
        const out: [Uint8Array, unknown][] = [];
        for (let i = 0; i < 50; i++) {
          const v = message(base + i);
          const bytes = codec.encode(v);
          await Promise.resolve();
          expect(codec.decodeJS(bytes)).toEqual(fns.decodeJS(bytes, {}));
          out.push([bytes, v]);
        }
        return out;
      };
      const all = (await Promise.all([stream(0), stream(1000), stream(2000)])).flat();
      for (const [bytes, v] of all) expect(diffJS(bytes, fns.encode(v, {}))).toBeUndefined();
    });

    it("fails as the functions fail and stays usable", () => {
      const codec = make({ maxDepth: 3 });
      const deep = [[[[[1]]]]];
      expect(
        diffJS(
          outcome(() => codec.encode(deep)),
          outcome(() => fns.encode(deep, { maxDepth: 3 })),
        ),
      ).toBeUndefined();
      const bytes = fns.encode(deep, {});
      expect(
        diffJS(
          outcome(() => codec.decodeJS(bytes)),
          outcome(() => fns.decodeJS(bytes, { maxDepth: 3 })),
        ),
      ).toBeUndefined();
      expect(diffJS(codec.encode(message(1)), fns.encode(message(1), {}))).toBeUndefined();
      expect(() => make({ chunkSize: 10 })).toThrow(expect.objectContaining({ code: "invalid-value" }));
    });
  });
}
