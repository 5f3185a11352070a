import { NIL } from "../codecs/scalars.js";
import type { Builder } from "../value/builder.js";
import type { DictionaryEntry, Value } from "../value/types.js";

export type { Builder } from "../value/builder.js";

/**
 * Told of each value the reader reads, next to the builder that makes it: its header word and
 * byte span `[start, end)`, and the value: the model value when a codec read it (objects, math
 * types beyond Vector2/3 and Color, packed arrays...), else what the builder made, which an
 * observer should not rely on (it differs between builders: read those values' bytes). Every
 * value is told, also those a codec reads inside its own (object properties) and cached
 * dictionary keys. For consumers that look at the bytes (auto-detect's facts,
 * `dialect/facts.ts`), beside any builder ({@link MODEL}, the plain-JS one); a read without an
 * observer pays one field test per value.
 */
export interface Observer {
  observe(value: unknown, header: number, start: number, end: number): void;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The lossless model: what `decode` returns. Stateless; one instance serves every call. */
export const MODEL: Builder = {
  keyKinds: false,
  nil: () => NIL,
  bool: (value) => ({ kind: "bool", value }),
  int: (value) => ({ kind: "int", value }),
  float: (value) => ({ kind: "float", value }),
  string: (value) => ({ kind: "string", value }),
  stringName: (value) => ({ kind: "stringName", value }),
  vector2: (x, y) => ({ kind: "vector2", x, y }),
  vector3: (x, y, z) => ({ kind: "vector3", x, y, z }),
  color: (r, g, b, a) => ({ kind: "color", r, g, b, a }),
  value: (v) => v,
  array: (items, elementType, shared) => {
    const out: Mutable<Value & { kind: "array" }> = { kind: "array", items: items as Value[] };
    if (elementType !== undefined) out.elementType = elementType;
    if (shared) out.shared = true;
    return out;
  },
  entries: (count) => new Array<DictionaryEntry>(count),
  entry: (acc, i, key, value) => {
    (acc as DictionaryEntry[])[i] = [key as Value, value as Value];
  },
  dictionary: (acc, _plain, keyType, valueType, shared) => {
    const out: Mutable<Value & { kind: "dictionary" }> = {
      kind: "dictionary",
      entries: acc as DictionaryEntry[],
    };
    if (keyType !== undefined) out.keyType = keyType;
    if (valueType !== undefined) out.valueType = valueType;
    if (shared) out.shared = true;
    return out;
  },
};
