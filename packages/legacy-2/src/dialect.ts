import {
  type AnyCodec,
  arrayCodec,
  bareObjectCodec,
  boolCodec,
  choiceOption,
  createDialect,
  type Dialect,
  dialectFactory,
  dictionaryCodec,
  type EncodeContext,
  FLAG_64,
  floatCodec,
  intCodec,
  matrixCodec,
  nilCodec,
  packedNumberCodec,
  packedStringArrayCodec,
  packedVectorCodec,
  ridCodec,
  stringCodec,
  type Value,
  vectorCodec,
} from "@gdvariant/core";
import { imageCodec } from "./codecs/image.js";
import { inputEventCodec } from "./codecs/input-event.js";
import { nodePathCodec, type SubnameEncoding } from "./codecs/node-path.js";
import { rawArrayCodec } from "./codecs/raw-array.js";
import type { Legacy2DialectOptions } from "./options.js";
import { TYPE_COUNT } from "./type-ids.js";

const ID = "legacy-2";

interface Resolved {
  readonly flag64: "reject" | "accept";
  readonly reals: "exact" | "round";
  readonly subnames: SubnameEncoding;
}

/**
 * The 2.x dialect (Godot 2.0-2.1 `var2bytes`/`bytes2var`, `File.store_var`, `PacketPeer.put_var`)
 * for a set of options; see {@link Legacy2DialectOptions} for the defaults. Cached: the same
 * options give the same object.
 * @throws {EncodeError} `invalid-value` for an option value not in its choices.
 * Pass it to core's `decodeWith`/`encodeWith`, or use this package's `decode`/`encode`.
 */
export const legacy2Dialect: (options?: Legacy2DialectOptions) => Dialect = /* @__PURE__ */ dialectFactory<
  Legacy2DialectOptions,
  Resolved
>({
  names: ["flag64", "reals", "nodePathSubnames"],
  resolve: (o: Legacy2DialectOptions): Resolved => ({
    flag64: choiceOption(ID, "flag64", o.flag64, ["reject", "accept"], "reject"),
    reals: choiceOption(ID, "reals", o.reals, ["exact", "round"], "exact"),
    subnames: choiceOption(ID, "nodePathSubnames", o.nodePathSubnames, ["correct", "engine"], "correct"),
  }),
  key: (o: Resolved) => `${o.flag64}|${o.reals}|${o.subnames}`,
  build: (o: Resolved) => build(o.flag64 === "accept", o.reals === "round", o.subnames),
});

const NAME = "Godot 2.x";

function build(accept64: boolean, round: boolean, subnames: SubnameEncoding): Dialect {
  const exact = !round;
  const r = (c: AnyCodec) => guard(c, exact, false);
  const wide = (c: AnyCodec) => guard(c, exact, accept64);
  // Wire ids are literals, in TYPE_ID order: reading them from the TYPE_ID table keeps the table
  // in every decode + encode bundle (~200 bytes gzip). test/type-ids.test.ts checks each against it.
  const codecs: AnyCodec[] = [
    r(nilCodec(0)),
    r(boolCodec(1)),
    wide(intCodec(2, "32-only")),
    wide(floatCodec(3, "32-only", { round, name: "REAL" })),
    r(stringCodec(4)),
    r(vectorCodec(5, "vector2", "VECTOR2")),
    r(vectorCodec(6, "rect2", "RECT2")),
    r(vectorCodec(7, "vector3", "VECTOR3")),
    r(matrixCodec(8, "matrix32", "MATRIX32")),
    r(vectorCodec(9, "plane", "PLANE")),
    r(vectorCodec(10, "quaternion", "QUAT")),
    r(vectorCodec(11, "aabb", "_AABB")),
    r(matrixCodec(12, "matrix3", "MATRIX3")),
    r(matrixCodec(13, "transform3d", "TRANSFORM")),
    r(vectorCodec(14, "color", "COLOR")),
    r(imageCodec()),
    r(nodePathCodec(subnames)),
    r(ridCodec(17, false)),
    r(bareObjectCodec(18)),
    r(inputEventCodec()),
    r(dictionaryCodec(20, { shared: true })),
    r(arrayCodec(21, { shared: true })),
    r(rawArrayCodec()),
    r(packedNumberCodec(23, "packedInt32Array", "INT_ARRAY")),
    r(packedNumberCodec(24, "packedFloat32Array", "REAL_ARRAY")),
    r(packedStringArrayCodec(25, "STRING_ARRAY")),
    r(packedVectorCodec(26, "packedVector2Array", "VECTOR2_ARRAY")),
    r(packedVectorCodec(27, "packedVector3Array", "VECTOR3_ARRAY")),
    r(packedNumberCodec(28, "packedColorArray", "COLOR_ARRAY")),
  ];
  return createDialect({
    id: "legacy-2",
    name: NAME,
    engineVersions: accept64 ? "2.0-2.1 (+ 2.1 forks with 64-bit ints)" : "2.0-2.1",
    typeMask: 0xff,
    typeCount: TYPE_COUNT,
    codecs,
    strictFlags: true,
  });
}

// Header word: type id in bits 0-7. Official 2.x writes nothing else; with `accept64`, INT and
// REAL may carry FLAG_64 (bit 16) as in 3.x:
//   31 ........ 17 | 16 FLAG_64 | 15 ..... 8 | 7 .... 0
//        unused      (INT/REAL)     unused      type id
// Any other bit is `bad-flags`: the dialect is strict (core's reader checks each header against
// the codec's flagMask), so every codec keeps core's inline reading. `exact` adds the check of
// the reals on encode (the writer then leaves the kind to the codec's header).
function guard(codec: AnyCodec, exact: boolean, accept64: boolean): AnyCodec {
  const flagMask = accept64 ? codec.flagMask & FLAG_64 : 0;
  if (!exact || !REAL_CHECKED.has(codec.kind)) return { ...codec, flagMask };
  return {
    ...codec,
    flagMask,
    header: (v: Value, ctx: EncodeContext) => {
      checkReals(v, ctx);
      return codec.header(v, ctx);
    },
  };
}

// The kinds whose reals are f32 in the engine (REAL itself is checked by core's float codec):
// a value that f32 cannot hold would change.
const REAL_KINDS: ReadonlySet<string> = new Set([
  "vector2",
  "rect2",
  "vector3",
  "plane",
  "quaternion",
  "aabb",
  "color",
  "matrix32",
  "matrix3",
  "transform3d",
  "packedVector2Array",
  "packedVector3Array",
]);

// The kinds whose encode checks reals (REAL itself is checked by core's float codec).
const REAL_CHECKED: ReadonlySet<string> = new Set([...REAL_KINDS, "inputEvent"]);

function checkReals(v: Value, ctx: EncodeContext): void {
  const check = (what: string, x: unknown) => {
    if (typeof x === "number" && !Number.isNaN(x) && Math.fround(x) !== x) {
      throw ctx.error(
        "out-of-range",
        `${v.kind}.${what} = ${x} is not exact in the 32-bit real of ${NAME} (encode with reals: "round" to round it as the engine does)`,
      );
    }
  };
  if (v.kind === "inputEvent") check("axisValue", v.axisValue);
  if (!REAL_KINDS.has(v.kind)) return;
  // Numbers (vectors), arrays (matrix values) and Float64Array data (packed vectors; the
  // Float32Array form is exact by construction).
  for (const [k, x] of Object.entries(v)) {
    if (Array.isArray(x) || x instanceof Float64Array) {
      for (let i = 0; i < x.length; i++) check(`${k}[${i}]`, x[i]);
    } else check(k, x);
  }
}

/** The default 2.x dialect: flags rejected, inexact reals refused, subnames written correctly. */
export const dialect: Dialect = /* @__PURE__ */ legacy2Dialect();
