import { choiceOption, type DecodeOptions, type EncodeOptions, forDecode } from "@gdvariant/core";

/**
 * Godot 3.x releases this package can target. A minor version stands for its last patch
 * release (`"3.1"` is 3.1.2); `"3.1.0"` is the one release whose quirks differ from later 3.1
 * patches.
 */
export const GODOT3_VERSIONS = ["3.0", "3.1.0", "3.1", "3.2", "3.3", "3.4", "3.5", "3.6"] as const;

/** One of {@link GODOT3_VERSIONS}. */
export type Godot3Version = (typeof GODOT3_VERSIONS)[number];

/**
 * The default target: Godot 3.6, the last 3.x release and what 3.x games ship with today. Every
 * release from 3.1.1 to 3.6 writes the same bytes for the same value, so only the text form
 * (`toText`, the text parser, ConfigFile text) depends on it: pass `version: "3.2"` for 3.2.x's.
 */
export const DEFAULT_GODOT3_VERSION: Godot3Version = "3.6";

/** Options that select the dialect instance (the engine release and its quirks). */
export interface Godot3DialectOptions {
  /**
   * Engine release to read and write like. Default `"3.6"`.
   * - `"3.0"`: every int is written as 64-bit (the 3.0.x encoder bug, godot#15383), and full
   *   objects are decoded without asking (3.0 decoded them unconditionally).
   * - `"3.1.0"`: ints 32-bit when they fit; full objects still decoded without asking.
   * - `"3.1"` (3.1.1+) to `"3.6"`: ints 32-bit when they fit; full objects only with
   *   `allowObjects: true` (objects-as-id became the default in 3.1.1, godot#27485).
   *
   * Bytes are the same from 3.1.1 to 3.6; the text form changed in 3.3 and 3.4 (see
   * `godot3TextRules` of `@gdvariant/godot-3/text`).
   */
  version?: Godot3Version;
}

/**
 * Options of {@link decode}: core's decode options plus the engine release.
 * `allowObjects` defaults to `true` for `"3.0"` and `"3.1.0"` (those engines decoded full
 * objects unconditionally) and `false` from `"3.1"` on. Objects are inert data either way.
 */
export interface Godot3DecodeOptions extends DecodeOptions, Godot3DialectOptions {}

/** Options of {@link encode}: core's encode options plus the engine release. */
export interface Godot3EncodeOptions extends EncodeOptions, Godot3DialectOptions {}

/**
 * Resolves and checks the `version` option (default {@link DEFAULT_GODOT3_VERSION}).
 * @throws {EncodeError} `invalid-value` for a version not in {@link GODOT3_VERSIONS}.
 */
export function resolveVersion(options: Godot3DialectOptions | undefined): Godot3Version {
  return choiceOption(
    "godot-3",
    "Godot 3 version",
    options?.version,
    GODOT3_VERSIONS,
    DEFAULT_GODOT3_VERSION,
  );
}

/** True when `v` is `since` or a later release. */
export function versionAtLeast(v: Godot3Version, since: Godot3Version): boolean {
  return GODOT3_VERSIONS.indexOf(v) >= GODOT3_VERSIONS.indexOf(since);
}

/**
 * Runs `get` (which resolves the `version` option) and turns an unknown version into the error
 * of the call: a DecodeError (`invalid-data`) for decoding, an EncodeError (`invalid-value`)
 * for encoding, as in every dialect package.
 */
export function inDialect<T>(get: () => T, what: "decode" | "encode"): T {
  return what === "decode" ? forDecode("godot-3", get) : get();
}
