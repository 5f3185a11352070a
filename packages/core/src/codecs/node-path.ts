import type { Codec, EncodeContext } from "../dialect/contract.js";
import type { NodePathValue } from "../value/types.js";
import { checkArray, checkBoolean } from "./check.js";
import { defineCodec } from "./define.js";
import { NODE_PATH_LAYOUT } from "./layouts.js";

/**
 * NODE_PATH, "new format" (every engine since before 2.0):
 * u32 name count | 0x80000000, u32 subname count, u32 flags (bit 0 absolute, bit 1 property),
 * then names, subnames and (bit 1) the property, each a padded string.
 *
 * `property`: `"separate"` keeps the 2.x property apart (2.x); `"subname"` turns it into the
 * last subname, as 3.x/4.x decoders do. Encoders write the property bit only in 2.x.
 * The engine never writes the padding after these strings; we write zeros.
 */
export function nodePathCodec(wireId: number, property: "separate" | "subname"): Codec<NodePathValue> {
  return defineCodec<NodePathValue>({
    wireId,
    kind: "nodePath",
    name: "NODE_PATH",
    decode: (ctx, _header, start) => {
      const r = ctx.reader;
      const w = r.u32();
      if ((w & 0x80000000) === 0) {
        throw ctx.error(
          "invalid-data",
          "NodePath in the old format (bit 31 of the first word clear)",
          start + 4,
        );
      }
      const nameCount = w & 0x7fffffff;
      const subCount = r.u32();
      const flags = r.u32();
      const hasProp = (flags & 2) !== 0;
      ctx.checkCount(nameCount + subCount + (hasProp ? 1 : 0), 4, start + 4);
      const names: string[] = [];
      for (let i = 0; i < nameCount; i++) names.push(r.string());
      const subnames: string[] = [];
      for (let i = 0; i < subCount; i++) subnames.push(r.string());
      const absolute = (flags & 1) !== 0;
      if (!hasProp) return { kind: "nodePath", names, subnames, absolute };
      const prop = r.string();
      if (property === "subname") return { kind: "nodePath", names, subnames: [...subnames, prop], absolute };
      return { kind: "nodePath", names, subnames, absolute, property: prop };
    },
    encode: (ctx, v) => {
      checkNodePath(ctx, v);
      const w = ctx.writer;
      const separate = property === "separate" && v.property !== undefined;
      const subnames = !separate && v.property !== undefined ? [...v.subnames, v.property] : v.subnames;
      // The reader's count: names, subnames and the 2.x property together.
      ctx.checkCount(v.names.length + subnames.length + (separate ? 1 : 0));
      w.u32((v.names.length | 0x80000000) >>> 0);
      w.u32(subnames.length);
      w.u32((v.absolute ? 1 : 0) | (separate ? 2 : 0));
      for (const n of v.names) w.string(n);
      for (const n of subnames) w.string(n);
      if (separate) w.string(v.property!);
    },
    layout: NODE_PATH_LAYOUT,
  });
}

/**
 * The fields of a NodePath that its writes do not check: the lists must be arrays (a string has
 * a length and elements too) and `absolute` a boolean. The names themselves, and `property`,
 * are refused by the writer if they are not strings.
 */
export function checkNodePath(ctx: EncodeContext, v: NodePathValue): void {
  checkArray(ctx, "nodePath", "names", v.names);
  checkArray(ctx, "nodePath", "subnames", v.subnames);
  checkBoolean(ctx, "nodePath", "absolute", v.absolute);
}
