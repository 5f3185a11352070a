import type { ContainerType, Int64, Value } from "./types.js";

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
 * {@link Builder.dictionary} closes it. A builder with {@link Builder.keyKinds} may be asked for
 * an accumulator of plain keys only: if the first key is another kind, the reader drops that
 * accumulator and asks for one without the promise; if a later key is, the whole reading starts
 * again without promises (once per reading).
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
  /**
   * The accumulator of a dictionary of `count` entries. `plainKeys` true (only asked of a builder
   * with {@link Builder.keyKinds}): every key {@link Builder.entry} gets is a String, StringName
   * or int; if the reader meets another key it leaves this accumulator unfinished and starts
   * again with `plainKeys` false.
   */
  entries(count: number, plainKeys: boolean): unknown;
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
