import { BYTES_LAYOUT, type Codec, checkSign, defineCodec, type PackedByteArrayValue } from "@gdvariant/core";

// RAW_ARRAY (ByteArray): u32 count | count bytes | pad to 4 (not written by the 2.1 encoder).
// Unlike core's byte-array codec the padding must be present: a value cut inside its padding
// is `truncated`, so a stream reader waits for the rest instead of mis-framing what follows.

/** The RAW_ARRAY codec (type 22). */
export function rawArrayCodec(): Codec<PackedByteArrayValue> {
  return defineCodec<PackedByteArrayValue>({
    wireId: 22, // TYPE_ID.RAW_ARRAY (a literal: see dialect.ts)
    kind: "packedByteArray",
    name: "RAW_ARRAY",
    decode: (ctx) => {
      const r = ctx.reader;
      const at = r.pos;
      const n = r.u32();
      checkSign(ctx, n, at, "RAW_ARRAY");
      const padded = n + ((4 - (n & 3)) & 3);
      ctx.checkCount(n, 1, at);
      if (padded > r.end - r.pos) {
        throw r.truncated(
          `RAW_ARRAY of ${n} bytes (+padding) needs ${padded} bytes, ${r.end - r.pos} left`,
          padded,
          at,
        );
      }
      const data = ctx.copy ? r.bytes.slice(r.pos, r.pos + n) : r.bytes.subarray(r.pos, r.pos + n);
      r.pos += padded;
      return { kind: "packedByteArray", data };
    },
    encode: (ctx, v) => {
      if (!(v.data instanceof Uint8Array))
        throw ctx.error("invalid-value", "packedByteArray.data must be a Uint8Array");
      ctx.checkCount(v.data.length);
      ctx.writer.u32(v.data.length);
      ctx.writer.bytes(v.data);
      ctx.writer.pad(v.data.length);
    },
    layout: BYTES_LAYOUT,
  });
}
