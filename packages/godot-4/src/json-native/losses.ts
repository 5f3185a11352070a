import { equals, GdVariantError, type PathSegment, type Value } from "@gdvariant/core";
import { type JsonNativeWriteOptions, writeJsonNative } from "./from-native.js";
import { readJsonNative } from "./to-native.js";

/** One place where a value does not survive the engine's own from_native → text → to_native. */
export interface JsonNativeLoss {
  /** Where, from the root value (outermost first). */
  readonly path: readonly PathSegment[];
  /** What the engine holds there after the round trip (undefined where the part is refused). */
  readonly after: Value | undefined;
  /** Why, in words. */
  readonly reason: string;
}

function reasonOf(before: Value, after: Value): string {
  switch (before.kind) {
    case "float":
      return "a float is written as String(float), 14 significant digits, and read back by the engine's inexact strtod";
    case "rid":
    case "callable":
    case "signal":
      return `a ${before.kind} is written without its content`;
    case "packedInt64Array":
      return "PackedInt64Array elements are bare JSON numbers: the engine reads them through a double (exact only up to 2^53)";
    case "string":
    case "stringName":
    case "packedStringArray":
      return "the text holds a character the engine's JSON reader refuses or changes (\\v, U+0000)";
    case "object":
      return "an object is written with the properties it holds; the engine rebuilds it from its class";
    default:
      return after.kind !== before.kind
        ? `${before.kind} comes back as ${after.kind}`
        : "its floats are written with 15 significant digits (or as the engine's float32 rounding) and read back inexactly";
  }
}

function diff(before: Value, after: Value, path: PathSegment[], out: JsonNativeLoss[], limit: number): void {
  if (out.length >= limit || equals(before, after)) return;
  if (before.kind === "array" && after.kind === "array" && before.items.length === after.items.length) {
    before.items.forEach((x, i) => {
      diff(x, after.items[i]!, [...path, i], out, limit);
    });
    if (equals({ ...before, items: [] }, { ...after, items: [] })) return;
  } else if (
    before.kind === "dictionary" &&
    after.kind === "dictionary" &&
    before.entries.length === after.entries.length
  ) {
    for (let i = 0; i < before.entries.length; i++) {
      const [k, v] = before.entries[i]!;
      const [k2, v2] = after.entries[i]!;
      diff(k, k2, [...path, { keyAt: i }], out, limit);
      diff(v, v2, [...path, { key: k }], out, limit);
    }
    if (equals({ ...before, entries: [] }, { ...after, entries: [] })) return;
  } else if (
    before.kind === "object" &&
    before.form === "full" &&
    after.kind === "object" &&
    after.form === "full" &&
    before.properties.length === after.properties.length
  ) {
    for (let i = 0; i < before.properties.length; i++) {
      const [n, v] = before.properties[i]!;
      diff(v, after.properties[i]![1], [...path, { property: n }], out, limit);
    }
    return;
  }
  if (out.length < limit) out.push({ path, after, reason: reasonOf(before, after) });
}

/**
 * Every place (at most `limit`, default 100) where `value` does not survive Godot's own round
 * trip `JSON.to_native(JSON.parse_string(JSON.stringify(JSON.from_native(value))))` in that
 * release: floats through `String(float)` (14 digits) and the engine's strtod, vector components
 * through 15 digits, PackedInt64Array elements beyond 2^53, RID / Callable / Signal content,
 * refused objects, characters the engine's reader refuses. Empty when the value survives; then
 * the JSON text is as good as `var_to_bytes`. It runs this package's emulation of the engine
 * (checked on Godot 4.6.3), not the engine.
 *
 * @param options as `writeJsonNative` (the read side uses `allowObjects` = `fullObjects`).
 * @throws {EncodeError} as `writeJsonNative` for values it cannot write at all.
 */
export function jsonNativeLosses(
  value: Value,
  options: JsonNativeWriteOptions & { limit?: number } = {},
): JsonNativeLoss[] {
  const out: JsonNativeLoss[] = [];
  const limit = options.limit ?? 100;
  const text = writeJsonNative(value, { ...options, onRefusal: "null" });
  let back: Value;
  try {
    back = readJsonNative(text, {
      ...(options.version !== undefined ? { version: options.version } : {}),
      ...(options.precision !== undefined ? { precision: options.precision } : {}),
      allowObjects: options.fullObjects ?? false,
      integers: "engine",
      onRefusal: "null",
    });
  } catch (e) {
    if (!GdVariantError.is(e)) throw e;
    return [{ path: [], after: undefined, reason: `the engine cannot read the text back: ${e.message}` }];
  }
  diff(value, back, [], out, limit);
  return out;
}
