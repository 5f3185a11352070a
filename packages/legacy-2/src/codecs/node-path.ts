import { type Codec, defineCodec, NODE_PATH_LAYOUT, type NodePathValue } from "@gdvariant/core";

// NODE_PATH, 2.x ("new format", the only one 2.1 writes):
//   u32 name count | 0x80000000, u32 subname count S, u32 flags (bit 0 absolute, bit 1 property)
//   names, then subnames, then (bit 1) the property: each u32 length, UTF-8, pad to 4
// Bit 31 clear is the pre-2.0 "old format" (a plain path string); it is refused (invalid-data)
// as the 2.1 fork and every later engine do. The padding after names is never written by the
// engine (garbage on the wire); we write zeros and ignore it on read.
//
// The 2.x encoder fetches subname k (k = 0..S-1) with index `N + k - S` instead of `k`
// (N = name count): with N != S the written subnames are other subnames or empty strings.
// `subnames: "engine"` reproduces that, byte for byte; the default writes them correctly.

/** How the encoder writes NodePath subnames: correctly, or with the 2.x engine's index bug. */
export type SubnameEncoding = "correct" | "engine";

/** The subnames a 2.x engine writes for a path with these names and subnames (its index bug). */
export function engineWrittenSubnames(names: readonly string[], subnames: readonly string[]): string[] {
  const n = names.length;
  const s = subnames.length;
  const out: string[] = [];
  for (let k = 0; k < s; k++) {
    const idx = n + k - s;
    out.push(idx >= 0 && idx < s ? subnames[idx]! : "");
  }
  return out;
}

/** The NODE_PATH codec (type 16), keeping the 2.x property apart from the subnames. */
export function nodePathCodec(subnames: SubnameEncoding = "correct"): Codec<NodePathValue> {
  return defineCodec<NodePathValue>({
    wireId: 16, // TYPE_ID.NODE_PATH (a literal: see dialect.ts)
    kind: "nodePath",
    name: "NODE_PATH",
    decode: (ctx, _header, start) => {
      const r = ctx.reader;
      const first = r.u32();
      if ((first & 0x80000000) === 0) {
        throw ctx.error(
          "invalid-data",
          "NodePath in the pre-2.0 string format (bit 31 of the first word clear)",
          start + 4,
        );
      }
      const nameCount = first & 0x7fffffff;
      r.need(8, "NODE_PATH");
      const at = r.pos;
      const subCount = r.u32();
      const flags = r.u32();
      const hasProp = (flags & 2) !== 0;
      if (subCount > 0x7fffffff)
        throw ctx.error("invalid-data", `NodePath subname count ${subCount} is negative as int32`, at);
      ctx.checkCount(nameCount + subCount + (hasProp ? 1 : 0), 4, start + 4);
      const names: string[] = [];
      for (let i = 0; i < nameCount; i++) names.push(r.string());
      const subs: string[] = [];
      for (let i = 0; i < subCount; i++) subs.push(r.string());
      const absolute = (flags & 1) !== 0;
      if (!hasProp) return { kind: "nodePath", names, subnames: subs, absolute };
      return { kind: "nodePath", names, subnames: subs, absolute, property: r.string() };
    },
    encode: (ctx, v) => {
      // A string has a length and elements too; the names themselves are checked by the writer.
      for (const f of ["names", "subnames"] as const) {
        if (!Array.isArray(v[f]))
          throw ctx.error("invalid-value", `nodePath.${f} must be an array of strings`);
      }
      if (typeof v.absolute !== "boolean")
        throw ctx.error("invalid-value", "nodePath.absolute must be a boolean");
      const w = ctx.writer;
      const subs = subnames === "engine" ? engineWrittenSubnames(v.names, v.subnames) : v.subnames;
      // The engine sets the property bit only for a non-empty property.
      const hasProp = v.property !== undefined && (subnames !== "engine" || v.property !== "");
      // The reader's count: names, subnames and the property together.
      ctx.checkCount(v.names.length + subs.length + (hasProp ? 1 : 0));
      w.u32((v.names.length | 0x80000000) >>> 0);
      w.u32(subs.length);
      w.u32((v.absolute ? 1 : 0) | (hasProp ? 2 : 0));
      for (const n of v.names) w.string(n);
      for (const n of subs) w.string(n);
      if (hasProp) w.string(v.property!);
    },
    layout: NODE_PATH_LAYOUT,
  });
}
