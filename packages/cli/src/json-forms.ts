import type { Value } from "@gdvariant/core";
import {
  GODOT4_VERSIONS,
  type Godot4Version,
  readJsonNative,
  writeJsonNative,
  writeJsonStringify,
} from "@gdvariant/godot-4";
import { type OptionSpec, oneOf } from "./args.js";
import { UsageError } from "./errors.js";
import type { CommandName } from "./help.js";

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

/** The engine's `JSON.stringify` and `JSON.from_native` arguments as options of the JSON forms. */
export const JSON_FORMAT_OPTIONS = {
  indent: { type: "string" },
  "sort-keys": { type: "string" },
  "full-precision": { type: "boolean" },
  "full-objects": { type: "boolean" },
} as const satisfies OptionSpec;

/**
 * `JSON.stringify(data, indent, sort_keys, full_precision)` and `JSON.from_native(v,
 * full_objects)`'s arguments; the defaults are the engine's ("", true, false, false).
 */
export interface JsonFormat {
  readonly indent: string;
  readonly sortKeys: boolean;
  readonly fullPrecision: boolean;
  readonly fullObjects: boolean;
}

const MAX_INDENT_SPACES = 16;

/**
 * `--indent`: `tab` (or a typed `\t`) is a tab, a number N is N spaces (0-16), anything else is
 * the string itself, as the engine takes any string.
 */
function indentOf(command: CommandName, value: string | undefined): string {
  if (value === undefined) return "";
  if (value === "tab" || value === "\\t" || value === "\t") return "\t";
  if (/^[0-9]+$/.test(value)) {
    const n = Number(value);
    if (n > MAX_INDENT_SPACES)
      throw new UsageError(`--indent ${value}: at most ${MAX_INDENT_SPACES} spaces (or a string)`, command);
    return " ".repeat(n);
  }
  return value;
}

/**
 * The JSON formatting flags of a command, checked against the form they apply to (`undefined`:
 * the command writes no JSON form this time).
 * @throws {UsageError} for a flag without a JSON form, `--full-objects` with `json-stringify`,
 *   or a bad value.
 */
export function jsonFormatOf(
  command: CommandName,
  form: JsonForm | undefined,
  values: { [K in keyof typeof JSON_FORMAT_OPTIONS]?: string | boolean | undefined },
): JsonFormat {
  const given = (Object.keys(JSON_FORMAT_OPTIONS) as Array<keyof typeof JSON_FORMAT_OPTIONS>).filter(
    (k) => values[k] !== undefined,
  );
  if (form === undefined && given.length > 0)
    throw new UsageError(
      `--${given[0]} formats Godot 4's JSON forms (${command === "decode" ? "--format json-native" : "--to json-native or json-stringify"})`,
      command,
    );
  if (form === "json-stringify" && values["full-objects"] !== undefined)
    throw new UsageError("--full-objects is JSON.from_native's (--to json-native)", command);
  return {
    indent: indentOf(command, values.indent as string | undefined),
    sortKeys:
      oneOf<"true" | "false">(
        command,
        "sort-keys",
        values["sort-keys"] as string | undefined,
        ["true", "false"],
        "true",
      ) === "true",
    fullPrecision: values["full-precision"] === true,
    fullObjects: values["full-objects"] === true,
  };
}

/** The engine's defaults: `JSON.stringify(JSON.from_native(v))`. */
export const DEFAULT_JSON_FORMAT: JsonFormat = {
  indent: "",
  sortKeys: true,
  fullPrecision: false,
  fullObjects: false,
};

/**
 * One value (a Godot 4 model value) as the engine writes it: `JSON.stringify(JSON.from_native(v,
 * full_objects), indent, sort_keys, full_precision)` or `JSON.stringify(v, indent, sort_keys,
 * full_precision)`; `format` defaults to the engine's defaults (no indent, sorted keys, 15
 * digits, objects refused).
 * @throws {EncodeError} for what that form cannot hold.
 */
export function writeJsonForm(
  form: JsonForm,
  value: Value,
  version: Godot4Version | undefined,
  format: JsonFormat = DEFAULT_JSON_FORMAT,
): string {
  const { indent, sortKeys, fullPrecision, fullObjects } = format;
  const o = { indent, sortKeys, fullPrecision, ...(version !== undefined ? { version } : {}) };
  return form === "json-native"
    ? writeJsonNative(value, { ...o, fullObjects })
    : writeJsonStringify(value, o);
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
