import { type Codec, defineCodec, type ImageValue, type Layout } from "@gdvariant/core";
import { IMAGE_FORMAT_MAX } from "../image/formats.js";

// IMAGE payload (after the header word):
//   u32 format | u32 mipmaps | u32 width | u32 height | u32 data length L | L bytes | pad to 4
// The 2.1 encoder does not write the padding (whatever the buffer held); we write zeros and
// ignore it on read, but require it to be present so a cut stream reads as `truncated`.
// A format >= FORMAT_MAX (23) is ERR_INVALID_DATA in the engine. L is read as a signed int by
// the engine; a length with bit 31 set is refused here.
const FIELDS = 20;
const IMAGE_LAYOUT: Layout = [
  { t: "word", name: "format" },
  { t: "word", name: "mipmaps" },
  { t: "word", name: "width" },
  { t: "word", name: "height" },
  { t: "length", name: "length" },
  { t: "bytes", count: "length", pad: true },
];

/** The IMAGE codec (type 15). */
export function imageCodec(): Codec<ImageValue> {
  return defineCodec<ImageValue>({
    wireId: 15, // TYPE_ID.IMAGE (a literal: see dialect.ts)
    kind: "image",
    name: "IMAGE",
    decode: (ctx, _header, start) => {
      const r = ctx.reader;
      r.need(FIELDS, "IMAGE");
      const format = r.u32();
      if (format >= IMAGE_FORMAT_MAX) {
        throw ctx.error(
          "invalid-data",
          `image format ${format} is not below FORMAT_MAX (${IMAGE_FORMAT_MAX})`,
          start + 4,
        );
      }
      const mipmaps = r.u32();
      const width = r.u32();
      const height = r.u32();
      const at = r.pos;
      const length = r.u32();
      if (length > 0x7fffffff)
        throw ctx.error("invalid-data", `image data length ${length} is negative as int32`, at);
      const padded = length + ((4 - (length & 3)) & 3);
      // Checked against the bytes left before anything is allocated or viewed.
      if (padded > r.end - r.pos) {
        throw r.truncated(
          `image data of ${length} bytes (+padding) needs ${padded} bytes, ${r.end - r.pos} left`,
          padded,
          at,
        );
      }
      const data = ctx.copy ? r.bytes.slice(r.pos, r.pos + length) : r.bytes.subarray(r.pos, r.pos + length);
      r.pos += padded;
      return { kind: "image", format, mipmaps, width, height, data };
    },
    encode: (ctx, v) => {
      const w = ctx.writer;
      // Not IMAGE_FORMATS[v.format]: that table (with the formats' names) stays out of a bundle
      // that only decodes and encodes.
      if (!Number.isInteger(v.format) || v.format < 0 || v.format >= IMAGE_FORMAT_MAX) {
        throw ctx.error("invalid-value", `image format ${v.format} is not a 2.x format (0..22)`);
      }
      for (const f of ["mipmaps", "width", "height"] as const) {
        const x = v[f];
        // Not a whole number: a malformed value; a whole number beyond 32 bits: too large for the wire.
        if (!Number.isInteger(x))
          throw ctx.error("invalid-value", `image.${f} must be a whole number, not ${String(x)}`);
        if (x < 0 || x > 0xffffffff) throw ctx.error("out-of-range", `image.${f} = ${x} does not fit a u32`);
      }
      if (!(v.data instanceof Uint8Array))
        throw ctx.error("invalid-value", "image.data must be a Uint8Array");
      w.u32(v.format);
      w.u32(v.mipmaps);
      w.u32(v.width);
      w.u32(v.height);
      w.u32(v.data.length);
      w.bytes(v.data);
      w.pad(v.data.length);
    },
    layout: IMAGE_LAYOUT,
  });
}
