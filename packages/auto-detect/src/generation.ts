import type { Dialect } from "@gdvariant/core";

/**
 * The engine generation a dialect follows (2.x, 3.x or 4.x): which version history its facts
 * are weighed against.
 */
export type Generation = 2 | 3 | 4;

const KNOWN: Readonly<Record<string, Generation>> = { "godot-4": 4, "godot-3": 3, "legacy-2": 2 };

/**
 * The generation of a dialect: from its id for the three known ones, otherwise from the kinds
 * its table produces (StringName/Callable/Signal exist only in 4.x, Image/InputEvent/Matrix32
 * only in 2.x).
 */
export function generationOf(dialect: Dialect): Generation {
  const known = KNOWN[dialect.id];
  if (known !== undefined) return known;
  const kinds = new Set<string>();
  for (const c of dialect.codecs) if (c !== undefined) kinds.add(c.kind);
  if (kinds.has("callable") || kinds.has("signal") || kinds.has("stringName")) return 4;
  if (kinds.has("image") || kinds.has("inputEvent") || kinds.has("matrix32")) return 2;
  return 3;
}

/** A dialect with its generation, derived once per detector. */
export interface Layout {
  readonly dialect: Dialect;
  readonly generation: Generation;
}

export function layoutOf(dialect: Dialect): Layout {
  return { dialect, generation: generationOf(dialect) };
}
