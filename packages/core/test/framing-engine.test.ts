// Engine truth for framing: store_var files, StreamPeerBuffer.put_var streams and
// Marshalls.variant_to_base64 text written by real Godot 3.2.3 and 4.6.3 engines
// (tools/live/framing-fixtures-{3,4}.gd), read whole, split at every byte boundary, and written back.
import {
  base64ToVariant,
  type Dialect,
  decodePacket,
  decodeWith,
  encodePacket,
  encodeStreamFrame,
  equals,
  type FrameRecord,
  readStoreVarFile,
  type Span,
  StreamDecoder,
  type StreamDecoderOptions,
  type Value,
  variantToBase64,
  writeStoreVarFile,
} from "@gdvariant/core";
import { describe, expect, it } from "vitest";
import {
  engineValues,
  godot2,
  godot3,
  godot4,
  hexToBytes,
  hexWithGaps,
  loadFixture,
  maskedMismatch,
  nodePathRanges,
} from "./framing-helpers.js";

/** Feeds `bytes` to a fresh decoder in the given chunks; returns every record. */
function feed(
  dialect: Dialect,
  chunks: Iterable<Uint8Array>,
  bigEndian = false,
  options: StreamDecoderOptions = {},
): FrameRecord[] {
  const d = new StreamDecoder(dialect, { ...options, bigEndian });
  const out: FrameRecord[] = [];
  for (const c of chunks) out.push(...d.pushRecords(c));
  d.end();
  return out;
}

function* chunksOf(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

// Called tens of thousands of times: plain comparisons first, `expect` only to report a failure.
function sameRecords(actual: readonly FrameRecord[], expected: readonly FrameRecord[]): void {
  const same =
    actual.length === expected.length &&
    actual.every((a, i) => {
      const e = expected[i]!;
      return (
        a.offset === e.offset &&
        a.length === e.length &&
        a.valueLength === e.valueLength &&
        equals(a.value, e.value)
      );
    });
  if (!same) expect(actual).toEqual(expected);
}

describe.each([
  ["Godot 3.2.3", "godot-3.2.3.txt", godot3],
  ["Godot 4.6.3", "godot-4.6.3.txt", godot4],
] as const)("%s framing fixtures", (_engine, file, dialect) => {
  const fx = loadFixture(file);
  const singles = engineValues(fx);
  // The values the engine meant: decoded from its own var2bytes of each value.
  const values: Value[] = singles.map((b) => decodeWith(dialect, b, { exact: true }));
  const bytesOf = (label: string) => hexToBytes(fx.get(label)!);

  describe.each([
    ["filestore_le", false],
    ["filestore_be", true],
    ["streampeer_le", false],
    ["streampeer_be", true],
  ] as const)("%s", (label, bigEndian) => {
    const bytes = bytesOf(label);
    const spans: Span[] = [];
    const records = readStoreVarFile(dialect, bytes, { bigEndian, onSpan: (s) => spans.push(s) });

    it("reads one record per stored value, each equal to the engine's var2bytes of it", () => {
      expect(records.length).toBe(values.length);
      let at = 0;
      records.forEach((r, i) => {
        expect(r.offset).toBe(at);
        expect(r.length).toBe(singles[i]!.length);
        expect(r.valueLength).toBe(r.length);
        expect(equals(r.value, values[i]!)).toBe(true);
        at += 4 + r.length;
      });
      expect(at).toBe(bytes.length);
    });

    it("reports spans at absolute offsets (each root value right after its length word)", () => {
      const roots = spans.filter((s) => s.depth === 0);
      expect(roots.map((s) => s.start)).toEqual(records.map((r) => r.offset + 4));
      expect(roots.map((s) => s.end)).toEqual(records.map((r) => r.offset + 4 + r.length));
    });

    it("is written back byte for byte (NodePath padding masked)", () => {
      const ours = writeStoreVarFile(dialect, values, { bigEndian });
      expect(maskedMismatch(bytes, ours, nodePathRanges(spans))).toBe(-1);
    });

    it("has the other endianness's length words read as hostile or wrong, never silently", () => {
      let result: FrameRecord[] | undefined;
      try {
        result = readStoreVarFile(dialect, bytes, { bigEndian: !bigEndian });
      } catch (e) {
        expect((e as { code: string }).code).toMatch(/framing|limit-exceeded|truncated/);
      }
      expect(result).toBeUndefined();
    });

    it("gives the same records for every chunk size 1..n", () => {
      for (let size = 1; size <= bytes.length; size++) {
        sameRecords(feed(dialect, chunksOf(bytes, size), bigEndian), records);
      }
    });

    it("gives the same records for every single split point", () => {
      for (let cut = 0; cut <= bytes.length; cut++) {
        sameRecords(feed(dialect, [bytes.subarray(0, cut), bytes.subarray(cut)], bigEndian), records);
      }
    });

    it("gives the same records when split at every pair of nearby points around frame boundaries", () => {
      // Three chunks whose two cuts both fall around length words: one frame's tail, a length
      // word split two ways, the next frame's head.
      const edges = new Set<number>();
      for (const r of records) for (let k = -2; k <= 5; k++) edges.add(r.offset + k);
      const points = [...edges].filter((p) => p > 0 && p < bytes.length).sort((a, b) => a - b);
      for (const a of points) {
        for (const b of points) {
          if (b <= a || b - a > 24) continue;
          sameRecords(
            feed(dialect, [bytes.subarray(0, a), bytes.subarray(a, b), bytes.subarray(b)], bigEndian),
            records,
          );
        }
      }
    });
  });

  it("store_var files and put_var streams are the same bytes (padding garbage aside)", () => {
    for (const e of ["le", "be"]) {
      const file = bytesOf(`filestore_${e}`);
      const spans: Span[] = [];
      readStoreVarFile(dialect, file, { bigEndian: e === "be", onSpan: (s) => spans.push(s) });
      expect(maskedMismatch(file, bytesOf(`streampeer_${e}`), nodePathRanges(spans), true)).toBe(-1);
    }
  });

  it("a put_var stream is what encodeStreamFrame writes, value by value", () => {
    for (const bigEndian of [false, true]) {
      const stream = bytesOf(bigEndian ? "streampeer_be" : "streampeer_le");
      const spans: Span[] = [];
      readStoreVarFile(dialect, stream, { bigEndian, onSpan: (s) => spans.push(s) });
      const frames = values.map((v) => encodeStreamFrame(dialect, v, { bigEndian }));
      const ours = new Uint8Array(frames.reduce((n, f) => n + f.length, 0));
      let at = 0;
      for (const f of frames) {
        ours.set(f, at);
        at += f.length;
      }
      expect(maskedMismatch(stream, ours, nodePathRanges(spans))).toBe(-1);
    }
  });

  describe("a 70,000-byte PackedByteArray frame followed by a String", () => {
    const bytes = bytesOf("streampeer_big");
    const whole = readStoreVarFile(dialect, bytes);
    it("reads back the engine's bytes ((i * 7) & 255) and the string", () => {
      expect(whole.length).toBe(2);
      const big = whole[0]!.value;
      expect(big.kind).toBe("packedByteArray");
      const data = (big as { data: Uint8Array }).data;
      expect(data.length).toBe(70000);
      expect(data.every((b, i) => b === ((i * 7) & 255))).toBe(true);
      expect(whole[1]!.value).toEqual({ kind: "string", value: "after" });
    });
    it("gives the same records for many chunk sizes and single split points", () => {
      const sizes = [1, 2, 3, 4, 5, 7, 8, 13, 64, 999, 1460, 4096, 16384, 65535, 65536, 70007, bytes.length];
      for (const size of sizes) sameRecords(feed(dialect, chunksOf(bytes, size)), whole);
      for (let cut = 0; cut <= bytes.length; cut += 97) {
        sameRecords(feed(dialect, [bytes.subarray(0, cut), bytes.subarray(cut)]), whole);
      }
      for (const cut of [1, 2, 3, 4, 5, 8, 70011, 70012, 70013, 70014, 70015, 70016, bytes.length - 1]) {
        sameRecords(feed(dialect, [bytes.subarray(0, cut), bytes.subarray(cut)]), whole);
      }
    });
  });

  it("ignores bytes after the Variant inside a record, as the engine's get_var did", () => {
    // The engine read this stream with get_var twice and wrote what it got with var2bytes.
    const engineGot = decodeWith(dialect, bytesOf("streampeer_trailing_get_var"));
    const stream = bytesOf("streampeer_trailing");
    for (const records of [readStoreVarFile(dialect, stream), feed(dialect, chunksOf(stream, 1))]) {
      expect(records.map((r) => [r.offset, r.length, r.valueLength])).toEqual([
        [0, 12, 8],
        [16, 12, 12],
      ]);
      expect(equals({ kind: "array", items: records.map((r) => r.value) }, engineGot)).toBe(true);
    }
    // Strict readers can refuse the trailing bytes, at their absolute offset.
    expect(() => readStoreVarFile(dialect, stream, { exact: true })).toThrow(
      expect.objectContaining({ code: "trailing-bytes", offset: 12 }),
    );
  });

  it("reads and writes Marshalls.variant_to_base64 text", () => {
    singles.forEach((_bytes, i) => {
      const text = fx.get(`base64_${i}`)!;
      const v = base64ToVariant(dialect, text);
      expect(equals(v, values[i]!)).toBe(true);
      const ours = variantToBase64(dialect, v);
      if (ours !== text) {
        // Only NodePath padding may differ; compare the bytes masked.
        const spans: Span[] = [];
        const engineBytes = base64Bytes(text);
        decodeWith(dialect, engineBytes, { onSpan: (s) => spans.push(s) });
        expect(maskedMismatch(engineBytes, base64Bytes(ours), nodePathRanges(spans))).toBe(-1);
      }
    });
  });

  it("treats each var2bytes output as one PacketPeer packet", () => {
    singles.forEach((bytes, i) => {
      expect(equals(decodePacket(dialect, bytes), values[i]!)).toBe(true);
      const spans: Span[] = [];
      decodeWith(dialect, bytes, { onSpan: (s) => spans.push(s) });
      expect(maskedMismatch(bytes, encodePacket(dialect, values[i]!), nodePathRanges(spans))).toBe(-1);
    });
  });
});

function base64Bytes(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, "base64"));
}

describe("Godot 4.6.3 vectors.txt framing lines (copied from the shared fixtures)", () => {
  const fx = loadFixture("godot-4.6.3-vectors.txt");
  const bytesOf = (label: string) => hexToBytes(fx.get(label)!);

  it('filestore_42_abc_arr_fullres: 42, "abc", [1, "x"], then a full Resource', () => {
    const bytes = bytesOf("filestore_42_abc_arr_fullres");
    const records = readStoreVarFile(godot4, bytes, { allowObjects: true });
    expect(records.map((r) => r.offset)).toEqual([0, 12, 28, 60]);
    expect(records[0]!.value).toEqual({ kind: "int", value: 42 });
    expect(records[1]!.value).toEqual({ kind: "string", value: "abc" });
    expect(
      equals(records[2]!.value, {
        kind: "array",
        items: [
          { kind: "int", value: 1 },
          { kind: "string", value: "x" },
        ],
      }),
    ).toBe(true);
    const res = records[3]!.value;
    expect(res.kind === "object" && res.form === "full" && res.className).toBe("Resource");
    expect(
      writeStoreVarFile(
        godot4,
        records.map((r) => r.value),
      ),
    ).toEqual(bytes);
    // Without allowObjects the full object is refused at its absolute offset (record 4's Variant).
    expect(() => readStoreVarFile(godot4, bytes)).toThrow(
      expect.objectContaining({ code: "objects-not-allowed", offset: 64 }),
    );
  });

  it("filestore_vec2 and the streampeer_* lines read back and write back byte for byte", () => {
    const expected: Record<string, number> = {
      filestore_vec2: 1,
      streampeer_42: 1,
      streampeer_abc_dict: 2,
      streampeer_fullres: 1,
      streampeer_object_no_full: 1,
    };
    for (const [label, count] of Object.entries(expected)) {
      const bytes = bytesOf(label);
      const records = readStoreVarFile(godot4, bytes, { allowObjects: true });
      expect(records.length).toBe(count);
      sameRecords(feed(godot4, chunksOf(bytes, 1), false, { allowObjects: true }), records);
      expect(
        writeStoreVarFile(
          godot4,
          records.map((r) => r.value),
        ),
      ).toEqual(bytes);
    }
    expect(readStoreVarFile(godot4, bytesOf("filestore_vec2"))[0]!.value).toEqual({
      kind: "vector2",
      x: 1,
      y: 2,
    });
    const oid = readStoreVarFile(godot4, bytesOf("streampeer_object_no_full"))[0]!.value;
    expect(oid.kind === "object" && oid.form).toBe("id");
  });
});

describe("Godot 2.1.4 vectors.txt framing lines (copied from the shared fixtures)", () => {
  const fx = loadFixture("godot-2.1.4-vectors.txt");
  const str = (value: string): Value => ({ kind: "string", value });
  const expected: Record<string, Value[]> = {
    filestore_42_abc_arr: [
      { kind: "int", value: 42 },
      str("abc"),
      { kind: "array", items: [{ kind: "int", value: 1 }, str("x")], shared: true },
    ],
    streampeer_42_abc_dict: [
      { kind: "int", value: 42 },
      str("abc"),
      { kind: "dictionary", entries: [[str("a"), { kind: "int", value: 1 }]], shared: true },
    ],
  };
  it.each(Object.keys(expected))("%s reads whole and split anywhere, and writes back", (label) => {
    const { bytes, unknown } = hexWithGaps(fx.get(label)!);
    const records = readStoreVarFile(godot2, bytes);
    expect(records.map((r) => r.value)).toEqual(expected[label]);
    for (let cut = 0; cut <= bytes.length; cut++) {
      sameRecords(feed(godot2, [bytes.subarray(0, cut), bytes.subarray(cut)]), records);
    }
    sameRecords(feed(godot2, chunksOf(bytes, 1)), records);
    // Byte for byte, except where 2.1 left its padding uninitialised.
    const ours = writeStoreVarFile(godot2, expected[label]!);
    expect(ours.length).toBe(bytes.length);
    expect([...ours].every((b, i) => unknown[i] || b === bytes[i])).toBe(true);
  });
});
