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
 */
export function container<C extends AnyCodec>(reader: C, writer: C): C {
  return { ...reader, header: writer.header, encode: writer.encode };
}
