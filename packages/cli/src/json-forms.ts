import type { Value } from "@gdvariant/core";
import {
  GODOT4_VERSIONS,
  type Godot4Version,
  readJsonNative,
  writeJsonNative,
  writeJsonStringify,
} from "@gdvariant/godot-4";
import { UsageError } from "./errors.js";

/** Godot 4's JSON forms as `convert --to` / `--from` and `decode --format` name them. */
export const JSON_FORMS = ["json-native", "json-stringify"] as const;

/** One of {@link JSON_FORMS}. */
export type JsonForm = (typeof JSON_FORMS)[number];

/** The JSON form a `--to` / `--format` names, or undefined for anything else. */
export function jsonFormOf(name: string | undefined): JsonForm | undefined {
  return (JSON_FORMS as readonly string[]).includes(name ?? "") ? (name as JsonForm) : undefined;
}

/**
 * `--engine-version` for a JSON form: a 4.x release (default 4.6).
 * @throws {UsageError} for anything else.
 */
export function jsonFormVersion(v: string | undefined, option: string): Godot4Version | undefined {
  if (v === undefined) return undefined;
  if (!(GODOT4_VERSIONS as readonly string[]).includes(v))
    throw new UsageError(
      `--engine-version ${v}: ${option} is Godot 4's (one of ${GODOT4_VERSIONS.join(", ")})`,
    );
  return v as Godot4Version;
}

/**
 * One value (a Godot 4 model value) as the engine writes it: `JSON.stringify(JSON.from_native(v))`
 * or `JSON.stringify(v)`, with the engine's defaults (no indent, sorted keys, 15 digits; objects
 * as null in `json-native`).
 * @throws {EncodeError} for what that form cannot hold.
 */
export function writeJsonForm(form: JsonForm, value: Value, version: Godot4Version | undefined): string {
  const o = version !== undefined ? { version } : {};
  return form === "json-native" ? writeJsonNative(value, o) : writeJsonStringify(value, o);
}

/**
 * A `JSON.from_native` text read as `JSON.to_native(JSON.parse_string(text))` reads it.
 * @throws {DecodeError} for what the engine refuses, with the path.
 */
export function readJsonNativeText(
  text: string,
  version: Godot4Version | undefined,
  allowObjects: boolean,
): Value {
  return readJsonNative(text, { allowObjects, ...(version !== undefined ? { version } : {}) });
}
