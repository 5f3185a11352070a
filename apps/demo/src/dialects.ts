import type { Dialect, TextDialectId, Value } from "@gdvariant/core";
import {
  DEFAULT_GODOT3_VERSION,
  type Godot3Version,
  godot3Dialect,
  toText as godot3Text,
} from "@gdvariant/godot-3";
import { godot4Dialect, toText as godot4Text } from "@gdvariant/godot-4";
import { legacy2Dialect, toText as legacy2Text } from "@gdvariant/legacy-2";

export type DialectId = "godot-4" | "godot-3" | "legacy-2";

/** A dialect as the page uses it: read, write, and print as the engine does. */
export interface Entry {
  readonly id: DialectId;
  readonly name: string;
  readonly textDialect: TextDialectId;
  readonly reader: Dialect;
  readonly writer: Dialect;
  toText(v: Value): string;
}

const godot3Entries = new Map<Godot3Version, Entry>();

/** The Godot 3.x entry for a release: its text rules (bytes are the same from 3.1.1 to 3.6). */
export function godot3Entry(version: Godot3Version): Entry {
  let e = godot3Entries.get(version);
  if (e === undefined) {
    e = {
      id: "godot-3",
      name: "Godot 3.x",
      textDialect: "godot-3",
      reader: godot3Dialect(),
      writer: godot3Dialect({ version }),
      toText: (v) => godot3Text(v, { version }),
    };
    godot3Entries.set(version, e);
  }
  return e;
}

/** The entry of a dialect, with the chosen 3.x release for godot-3. */
export function entryFor(id: DialectId, version: Godot3Version): Entry {
  return id === "godot-3" ? godot3Entry(version) : ENTRIES[id];
}

export const ENTRIES: Readonly<Record<DialectId, Entry>> = {
  "godot-4": {
    id: "godot-4",
    name: "Godot 4.x",
    textDialect: "godot-4",
    reader: godot4Dialect(),
    writer: godot4Dialect(),
    toText: godot4Text,
  },
  "godot-3": godot3Entry(DEFAULT_GODOT3_VERSION),
  "legacy-2": {
    id: "legacy-2",
    name: "Godot 2.x",
    textDialect: "legacy-2",
    reader: legacy2Dialect(),
    // The 2.x engine keeps reals as 32-bit floats and rounds what people type (0.1).
    writer: legacy2Dialect({ reals: "round" }),
    toText: legacy2Text,
  },
};

export function isDialectId(s: string): s is DialectId {
  return s === "godot-4" || s === "godot-3" || s === "legacy-2";
}
