import type { Dialect, ParseVariantTextOptions, TextDialectId, Value } from "@gdvariant/core";
import {
  GODOT3_VERSIONS,
  type Godot3Version,
  godot3Dialect,
  toText as godot3Text,
  godot3TextRules,
} from "@gdvariant/godot-3";
import { GODOT4_VERSIONS, type Godot4Version, godot4Dialect, toText as godot4Text } from "@gdvariant/godot-4";
import { godot4TextRules } from "@gdvariant/godot-4/text";
import { legacy2Dialect, toText as legacy2Text } from "@gdvariant/legacy-2";
import { UsageError } from "./errors.js";

/** The dialects the command knows. */
export const DIALECT_IDS = ["godot-4", "godot-3", "legacy-2"] as const;

/** One of {@link DIALECT_IDS}. */
export type DialectId = (typeof DIALECT_IDS)[number];

/** What the user asked the target engine to be (`--engine-version`, `--precision`). */
export interface TargetOptions {
  engineVersion?: string | undefined;
  precision?: "single" | "double" | undefined;
}

/** A dialect as the commands use it: reading, writing for a target, and the engine's text form. */
export interface DialectEntry {
  readonly id: DialectId;
  readonly name: string;
  /** The conventions the text parser uses for this dialect's names. */
  readonly textDialect: TextDialectId;
  /** The dialect that reads every form of the generation. */
  readonly reader: Dialect;
  /** The dialect that writes for `target`. */
  writer(target: TargetOptions): Dialect;
  /** The engine's `var_to_str`/`var2str` text of a value (of the target release, for 3.x and 4.x). */
  toText(value: Value, target?: TargetOptions): string;
  /** Text parser options for the target release (3.x: what its `str2var` reads as inf/nan; 4.x: the types it lacks). */
  parseOptions(target: TargetOptions): Pick<ParseVariantTextOptions, "nonFinite" | "unknownNames">;
}

function checkVersion<T extends string>(
  versions: readonly T[],
  v: string | undefined,
  id: string,
): T | undefined {
  if (v === undefined) return undefined;
  if (!(versions as readonly string[]).includes(v)) {
    throw new UsageError(`--engine-version ${v} is not a ${id} version (one of ${versions.join(", ")})`);
  }
  return v as T;
}

const ENTRIES: Readonly<Record<DialectId, DialectEntry>> = {
  "godot-4": {
    id: "godot-4",
    name: "Godot 4.x",
    textDialect: "godot-4",
    reader: godot4Dialect(),
    writer(t) {
      const version = checkVersion<Godot4Version>(GODOT4_VERSIONS, t.engineVersion, "Godot 4");
      return godot4Dialect({
        ...(version !== undefined ? { version } : {}),
        ...(t.precision !== undefined ? { precision: t.precision } : {}),
      });
    },
    toText(v, t) {
      const version = checkVersion<Godot4Version>(GODOT4_VERSIONS, t?.engineVersion, "Godot 4");
      return godot4Text(v, version !== undefined ? { version } : {});
    },
    // Text reads leniently unless a release is named: then refusing the types it lacks.
    parseOptions(t) {
      const version = checkVersion<Godot4Version>(GODOT4_VERSIONS, t.engineVersion, "Godot 4");
      return version === undefined ? {} : { unknownNames: godot4TextRules({ version }).unknownNames };
    },
  },
  "godot-3": {
    id: "godot-3",
    name: "Godot 3.x",
    textDialect: "godot-3",
    reader: godot3Dialect(),
    writer(t) {
      if (t.precision === "double") throw new UsageError("--precision double exists only for godot-4");
      const version = checkVersion<Godot3Version>(GODOT3_VERSIONS, t.engineVersion, "Godot 3");
      return godot3Dialect(version !== undefined ? { version } : {});
    },
    toText(v, t) {
      const version = checkVersion<Godot3Version>(GODOT3_VERSIONS, t?.engineVersion, "Godot 3");
      return godot3Text(v, version !== undefined ? { version } : {});
    },
    // Text reads leniently unless a release is named: then as that release's str2var.
    parseOptions(t) {
      const version = checkVersion<Godot3Version>(GODOT3_VERSIONS, t.engineVersion, "Godot 3");
      return version !== undefined ? { nonFinite: godot3TextRules({ version }).nonFinite } : {};
    },
  },
  "legacy-2": {
    id: "legacy-2",
    name: "Godot 2.x",
    textDialect: "legacy-2",
    reader: legacy2Dialect(),
    writer(t) {
      if (t.precision === "double") throw new UsageError("--precision double exists only for godot-4");
      if (t.engineVersion !== undefined && !/^2(\.[01](\.\d+)?)?$/.test(t.engineVersion)) {
        throw new UsageError(`--engine-version ${t.engineVersion} is not a 2.x version (2.0 or 2.1)`);
      }
      // The 2.x engine keeps every real as a 32-bit float and rounds on write; text and JSON
      // typed by people (0.1) would otherwise be refused.
      return legacy2Dialect({ reals: "round" });
    },
    toText: (v) => legacy2Text(v),
    parseOptions: () => ({}),
  },
};

/** The entry of a dialect id. @throws {UsageError} for an unknown id. */
export function dialectEntry(id: string, option = "--dialect"): DialectEntry {
  const e = (ENTRIES as Record<string, DialectEntry | undefined>)[id];
  if (e === undefined) throw new UsageError(`${option} ${id} is not one of ${DIALECT_IDS.join(", ")}`);
  return e;
}
