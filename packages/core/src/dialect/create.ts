import type { Kind } from "../value/types.js";
import type { AnyCodec, Codec, Dialect } from "./contract.js";

/** What {@link createDialect} takes. */
export interface DialectSpec {
  id: string;
  name: string;
  engineVersions: string;
  /** Header bits holding the type id. Default 0xFF. */
  typeMask?: number;
  /** The engine's VARIANT_MAX. Default: one past the highest codec id. */
  typeCount?: number;
  /** One codec per wire id. When two codecs produce the same kind, the first one writes it. */
  codecs: readonly AnyCodec[];
  /** See {@link Dialect.strictFlags}. Default false. */
  strictFlags?: boolean;
}

/**
 * Builds a {@link Dialect} from its codecs: the wire-id table, the kind-to-codec map and the
 * builtin-type ids for typed containers are derived once here.
 */
export function createDialect(spec: DialectSpec): Dialect {
  const table: (Codec | undefined)[] = [];
  const byKind = new Map<Kind, Codec>();
  for (const c of spec.codecs) {
    if (table[c.wireId] !== undefined)
      throw new Error(`dialect ${spec.id}: two codecs for wire id ${c.wireId}`);
    table[c.wireId] = c;
    if (!byKind.has(c.kind)) byKind.set(c.kind, c);
  }
  const typeCount = spec.typeCount ?? table.length;
  for (let i = 0; i < typeCount; i++) if (table[i] === undefined) table[i] = undefined;
  return Object.freeze({
    specificationVersion: "v1",
    id: spec.id,
    name: spec.name,
    engineVersions: spec.engineVersions,
    typeMask: spec.typeMask ?? 0xff,
    typeCount,
    codecs: Object.freeze(table),
    strictFlags: spec.strictFlags === true,
    codecForKind: (kind: Kind) => byKind.get(kind),
    wireIdOfKind: (kind: Kind) => byKind.get(kind)?.wireId,
  });
}
