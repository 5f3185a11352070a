// Test dialects built from core's codec factories (the dialect packages are written elsewhere;
// these tables only serve the framing tests), fixture loading and masked byte comparison.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as c from "@gdvariant/core";
import { hex, modernCodecs, unhex } from "./support/dialects.js";

/** Godot 4.4-4.6 type table: the 4.x codecs of support/dialects.ts under the engine's dialect id. */
export const godot4: c.Dialect = c.createDialect({
  id: "godot-4",
  name: "Godot 4.x",
  engineVersions: "4.4-4.6",
  typeCount: 39,
  codecs: modernCodecs(),
});

/** Godot 3.1-3.6 type table (27 types; math types are always f32). */
export const godot3: c.Dialect = c.createDialect({
  id: "godot-3",
  name: "Godot 3.x",
  engineVersions: "3.1-3.6",
  typeCount: 27,
  codecs: [
    c.nilCodec(0),
    c.boolCodec(1),
    c.intCodec(2),
    c.floatCodec(3, "auto", { name: "REAL" }),
    c.stringCodec(4),
    c.vectorCodec(5, "vector2", "VECTOR2"),
    c.vectorCodec(6, "rect2", "RECT2"),
    c.vectorCodec(7, "vector3", "VECTOR3"),
    c.matrixCodec(8, "transform2d", "TRANSFORM2D"),
    c.vectorCodec(9, "plane", "PLANE"),
    c.vectorCodec(10, "quaternion", "QUAT"),
    c.vectorCodec(11, "aabb", "AABB"),
    c.matrixCodec(12, "basis", "BASIS"),
    c.matrixCodec(13, "transform3d", "TRANSFORM"),
    c.vectorCodec(14, "color", "COLOR"),
    c.nodePathCodec(15, "subname"),
    c.ridCodec(16, false),
    c.objectCodec(17),
    c.dictionaryCodec(18),
    c.arrayCodec(19),
    c.packedByteArrayCodec(20, "POOL_BYTE_ARRAY"),
    c.packedNumberCodec(21, "packedInt32Array", "POOL_INT_ARRAY"),
    c.packedNumberCodec(22, "packedFloat32Array", "POOL_REAL_ARRAY"),
    c.packedStringArrayCodec(23),
    c.packedVectorCodec(24, "packedVector2Array", "POOL_VECTOR2_ARRAY"),
    c.packedVectorCodec(25, "packedVector3Array", "POOL_VECTOR3_ARRAY"),
    c.packedNumberCodec(26, "packedColorArray", "POOL_COLOR_ARRAY"),
  ],
});

// The hex helpers of support/dialects.ts, under the names the framing tests use.
export { hex as bytesToHex, unhex as hexToBytes };

/** `label -> text` of a framing fixture file (lines `<label> <hex or base64>`, `#` comments). */
export function loadFixture(name: string): Map<string, string> {
  const map = new Map<string, string>();
  const text = readFileSync(fileURLToPath(new URL(`./framing-fixtures/${name}`, import.meta.url)), "utf8");
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const sp = line.indexOf(" ");
    map.set(line.slice(0, sp), line.slice(sp + 1));
  }
  return map;
}

/** The `value_<i>` entries of a fixture (the engine's var2bytes of each value), in order. */
export function engineValues(fx: Map<string, string>): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; fx.has(`value_${i}`); i++) out.push(unhex(fx.get(`value_${i}`)!));
  return out;
}

/** Byte ranges of the NodePath values among `spans`: their name padding is the engine's garbage. */
export function nodePathRanges(spans: readonly c.Span[]): [number, number][] {
  return spans.filter((s) => s.kind === "nodePath").map((s) => [s.start, s.end]);
}

/**
 * Engine bytes equal ours, except that inside a NodePath our zero padding may stand where the
 * engine left garbage (`bothEngine`: two engine outputs, garbage on both sides). Returns the first offset that differs otherwise, or -1.
 */
export function maskedMismatch(
  engine: Uint8Array,
  ours: Uint8Array,
  nodePaths: readonly [number, number][],
  bothEngine = false,
): number {
  if (engine.length !== ours.length) return Math.min(engine.length, ours.length);
  for (let i = 0; i < engine.length; i++) {
    if (engine[i] === ours[i]) continue;
    const inNodePath = nodePaths.some(([a, b]) => i >= a && i < b);
    if (!(inNodePath && (bothEngine || ours[i] === 0))) return i;
  }
  return -1;
}

/**
 * The part of the Godot 2.1 type table the 2.1.4 framing fixtures use (ints are 32-bit only;
 * array and dictionary counts carry the "shared" bit 31, kept as `shared`).
 */
export const godot2: c.Dialect = c.createDialect({
  id: "legacy-2",
  name: "Godot 2.x",
  engineVersions: "2.1",
  typeCount: 29,
  codecs: [
    c.nilCodec(0),
    c.boolCodec(1),
    c.intCodec(2, "32-only"),
    c.floatCodec(3, "32-only", { name: "REAL" }),
    c.stringCodec(4),
    c.dictionaryCodec(20, { shared: true }),
    c.arrayCodec(21, { shared: true }),
  ],
});

/** Hex with `??` for bytes the engine left uninitialised: the bytes (zeros there) and a mask. */
export function hexWithGaps(hex: string): { bytes: Uint8Array; unknown: boolean[] } {
  const bytes = new Uint8Array(hex.length / 2);
  const unknown: boolean[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const h = hex.slice(i * 2, i * 2 + 2);
    unknown.push(h === "??");
    bytes[i] = h === "??" ? 0 : Number.parseInt(h, 16);
  }
  return { bytes, unknown };
}
