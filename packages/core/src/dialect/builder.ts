import { NIL } from "../codecs/scalars.js";
import type { ContainerType, DictionaryEntry, Int64, Value } from "../value/types.js";

/**
 * What the compiled reader makes of each value it reads: the reader walks the bytes once and
 * calls the builder for every value, innermost first. {@link MODEL} makes the lossless model
 * (`decode`); `@gdvariant/core`'s JS builder makes plain JavaScript (`decodeJS`). A new consumer
 * of the wire format is a new builder, not a new walker.
 *
 * The common kinds have methods of their own that take the numbers as read (no model object is
 * made for them); every other kind is read by its codec as a model value and handed to
 * {@link Builder.value}. A dictionary is filled in place: {@link Builder.entries} makes the
 * accumulator for `count` entries, {@link Builder.entry} stores entry `i`, and
 * {@link Builder.dictionary} closes it.
 */
export interface Builder {
  /**
   * True when {@link Builder.dictionary} needs `plainKeys` (every key a String, StringName or
   * int): the reader then looks at each key's type; otherwise `plainKeys` is always true.
   */
  readonly keyKinds: boolean;
  nil(): unknown;
  bool(v: boolean): unknown;
  int(v: Int64): unknown;
  float(v: number): unknown;
  string(v: string): unknown;
  stringName(v: string): unknown;
  vector2(x: number, y: number): unknown;
  vector3(x: number, y: number, z: number): unknown;
  color(r: number, g: number, b: number, a: number): unknown;
  /** Any other kind, as its codec read it. */
  value(v: Value): unknown;
  array(items: unknown[], elementType: ContainerType | undefined, shared: boolean): unknown;
  entries(count: number): unknown;
  /** Stores entry `i`. */
  entry(acc: unknown, i: number, key: unknown, value: unknown): void;
  dictionary(
    acc: unknown,
    plainKeys: boolean,
    keyType: ContainerType | undefined,
    valueType: ContainerType | undefined,
    shared: boolean,
  ): unknown;
}

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
