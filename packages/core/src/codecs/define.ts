import type { Codec, DecodeContext, EncodeContext, Inline } from "../dialect/contract.js";
import type { Layout } from "../dialect/layout.js";
import type { Value } from "../value/types.js";

/** @internal {@link FLAG_64} as an enum member, whose value the bundler writes at each use (see `Tag`). */
export enum Header {
  FLAG_64 = 1 << 16,
}
/** Header bit 16: 64-bit payload (INT, FLOAT, 4.x math types) or object-as-id (OBJECT). */
export const FLAG_64: number = Header.FLAG_64;

/** What {@link defineCodec} takes; `header` defaults to the bare wire id. */
export interface CodecSpec<V extends Value> {
  wireId: number;
  kind: V["kind"];
  name: string;
  flagMask?: number;
  decode(ctx: DecodeContext, header: number, start: number): V;
  header?(value: V, ctx: EncodeContext): number;
  encode(ctx: EncodeContext, value: V, header: number): void;
  /** Set by core's factories only (codecs/inline.ts). */
  inline?: Inline | undefined;
  /** The payload layout as data ({@link Codec.layout}). */
  layout?: Layout | undefined;
}

/**
 * Builds a codec. Every codec gets the same property order, so the engine's call sites see one
 * object shape whatever the wire type.
 */
export function defineCodec<V extends Value>(spec: CodecSpec<V>): Codec<V> {
  const id = spec.wireId;
  const header = spec.header ?? (() => id);
  return {
    wireId: id,
    kind: spec.kind,
    name: spec.name,
    flagMask: spec.flagMask ?? 0,
    decode: spec.decode,
    header,
    encode: spec.encode,
    inline: spec.inline && { ...spec.inline, of: { decode: spec.decode, header, encode: spec.encode } },
    layout: spec.layout,
  };
}

/** Checks a u32 count word for the sign bit the engine reads as negative. */
export function checkSign(ctx: DecodeContext, count: number, at: number, what: string): void {
  if (count > 0x7fffffff) throw ctx.error("invalid-data", `${what} count ${count} is negative as int32`, at);
}
