// How the engine converts the six kinds of value its JSON reader produces (null, bool, double,
// String, Array, Dictionary) when `JSON.to_native` assigns them to typed fields: `v.x = args[0]`,
// `arr.write[i] = args[i]`, `String(dict["type"])`. Not a refusal in sight: a string where a
// number belongs is read with String::to_float, an array gives 0.

import { stringToFloat, stringToInt } from "@gdvariant/core";
import { numReal } from "./c-number.js";
import { JsonArray, type JsonNode, JsonNumber, JsonObject } from "./json-tree.js";

/** `(double)Variant`. */
export function nodeToDouble(n: JsonNode): number {
  if (n instanceof JsonNumber) return n.value;
  if (typeof n === "string") return stringToFloat(n);
  if (n === true) return 1;
  return 0;
}

// C's conversion of a double to a signed integer of `bits` on x86-64 (cvttsd2si): truncation,
// the minimum for NaN and anything out of range.
function truncToInt(x: number, bits: 32 | 64): bigint {
  const min = bits === 32 ? -2147483648 : -(2 ** 63);
  if (Number.isNaN(x) || x < min || x >= -min) return BigInt(min);
  return BigInt(Math.trunc(x));
}

/** `(int32_t)` of a double (cvttsd2si): truncation, -2^31 for NaN and anything out of range. */
export function doubleToInt32(x: number): number {
  if (!(x >= -2147483648 && x < 2147483648)) return -2147483648;
  return Math.trunc(x) | 0;
}

/** `(int64_t)` of a double (cvttsd2si): truncation, -2^63 for NaN and anything out of range. */
export function doubleToInt64(x: number): bigint {
  return truncToInt(x, 64);
}

/** `(int64_t)Variant`. */
export function nodeToInt64(n: JsonNode): bigint {
  if (n instanceof JsonNumber) return truncToInt(n.value, 64);
  if (typeof n === "string") return stringToInt(n);
  if (n === true) return 1n;
  return 0n;
}

/** `(int32_t)Variant`: a String's int64 wraps to 32 bits. */
export function nodeToInt32(n: JsonNode): number {
  if (n instanceof JsonNumber) return Number(truncToInt(n.value, 32));
  return Number(BigInt.asIntN(32, nodeToInt64(n)));
}

/** `(uint8_t)Variant`: the 32-bit conversion's low byte. */
export function nodeToUint8(n: JsonNode): number {
  return nodeToInt32(n) & 0xff;
}

// `Variant::stringify` inside an Array or Dictionary quotes Strings (c_escape'd).
function nested(n: JsonNode, depth: number): string {
  return typeof n === "string" ? `"${cEscapeForQuote(n)}"` : nodeToString(n, depth + 1);
}

function cEscapeForQuote(s: string): string {
  return s
    .replace(/\\/g, "\\\\")
    .replaceAll("\x07", "\\a")
    .replaceAll("\b", "\\b")
    .replace(/\f/g, "\\f")
    .replace(/\n/g, "\\n")
    .replace(/\r/g, "\\r")
    .replace(/\t/g, "\\t")
    .replace(/\v/g, "\\v")
    .replace(/'/g, "\\'")
    .replace(/\?/g, "\\?")
    .replace(/"/g, '\\"');
}

/** `String(Variant)` of a parsed JSON value. */
export function nodeToString(n: JsonNode, depth = 0): string {
  if (n === null) return "<null>";
  if (typeof n === "boolean") return n ? "true" : "false";
  if (typeof n === "string") return n;
  if (n instanceof JsonNumber) return numReal(n.value, true);
  // Variant::stringify gives up past its recursion limit.
  if (depth > 1024) return n instanceof JsonArray ? "[...]" : "{...}";
  if (n instanceof JsonArray) return `[${n.items.map((x) => nested(x, depth)).join(", ")}]`;
  if (n instanceof JsonObject) {
    if (n.size === 0) return "{  }";
    const parts: string[] = [];
    for (const [k, v] of n.entries) parts.push(`"${cEscapeForQuote(k)}": ${nested(v, depth)}`);
    return `{ ${parts.join(", ")} }`;
  }
  return "";
}

/** `(Array)Variant`: an Array itself, anything else an empty Array. */
export function nodeToArray(n: JsonNode): readonly JsonNode[] {
  return n instanceof JsonArray ? n.items : [];
}
