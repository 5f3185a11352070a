import type { AnyCodec } from "@gdvariant/core";

/**
 * A codec that decodes like `base` but refuses to encode, for kinds a target version has no
 * (readable) wire form for.
 */
export function refuseEncode<C extends AnyCodec>(base: C, why: string): C {
  return {
    ...base,
    header: (_v: never, ctx: Parameters<C["header"]>[1]) => {
      throw ctx.error("unsupported-kind", why);
    },
  } as C;
}

/**
 * A container codec that decodes every 4.x form (typed headers included) but writes what the
 * target can read: `writer` refuses typed values, or drops their type, for older targets.
 * Both are core container codecs, which write an untyped container the same way, so the
 * reader's inline layout stands for the pair (core's writer writes plain JS arrays and objects
 * inline through it).
 */
export function container<C extends AnyCodec>(reader: C, writer: C): C {
  const inline = reader.inline && {
    ...reader.inline,
    of: { decode: reader.decode, header: writer.header, encode: writer.encode },
  };
  return { ...reader, header: writer.header, encode: writer.encode, inline };
}
