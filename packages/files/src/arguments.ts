import { bytesOf } from "./bytes.js";
import { FileError } from "./errors.js";

// The checks every public call makes on what it is given, before it reads a byte: a wrong call
// is a FileError `invalid-argument`, never a TypeError from deep inside, nor a silently empty
// or unlimited result.

type Layer = FileError["layer"];

function invalid(detail: string, layer: Layer): never {
  throw new FileError(detail, { code: "invalid-argument", offset: 0, layer });
}

/** What `value` is, for a message (never calls the value's own toString). */
function shown(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === "object" || typeof value === "function" || typeof value === "symbol")
    return `a ${typeof value}`;
  return String(value);
}

/** The bytes of `input` (a Uint8Array, another typed array or DataView, an ArrayBuffer). */
export function asBytes(input: unknown, layer: Layer, what = "the input"): Uint8Array {
  const bytes = bytesOf(input);
  if (bytes === undefined) {
    invalid(
      `${what} must be bytes (a Uint8Array, ArrayBuffer or typed array), not ${typeof input === "string" ? "a string" : shown(input)}${
        typeof input === "string" ? ": encode text first, e.g. with new TextEncoder().encode(text)" : ""
      }`,
      layer,
    );
  }
  return bytes;
}

/** `options` as an object (undefined: none given). */
export function optionsOf<T extends object>(options: T | undefined, layer: Layer): Partial<T> {
  if (options === undefined) return {};
  if (typeof options !== "object" || options === null)
    invalid(`options must be an object, not ${shown(options)}`, layer);
  return options;
}

/** A limit option: a whole number of bytes, 0 or more (NaN, -1, 1.5 or "10" are refused). */
export function limitOf(value: unknown, fallback: number, name: string, layer: Layer): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0)
    invalid(`${name} must be a whole number of bytes, 0 or more, not ${shown(value)}`, layer);
  return value;
}

/** `value` if it is one of `allowed` (own values: "toString" is not a mode). */
export function oneOf<T extends string>(
  value: unknown,
  allowed: readonly T[],
  name: string,
  layer: Layer,
): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value))
    invalid(`${name} must be one of ${allowed.join(", ")}, not ${shown(value)}`, layer);
  return value as T;
}
