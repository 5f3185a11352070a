import type { Dialect } from "../dialect/contract.js";
import { decodeWith } from "../dialect/decoder.js";
import { encodeWith } from "../dialect/encoder.js";
import { GdVariantError } from "../errors.js";
import { equals } from "../value/equals.js";
import type { ContainerType, Value } from "../value/types.js";

// What a target dialect can hold, found by writing a small value and reading it back, so the
// converter works for any dialect and option set without knowing their tables.

/** Encodes and decodes `value` with `target`: the value read back, or undefined when refused. */
export function roundTrip(target: Dialect, value: Value): Value | undefined {
  let bytes: Uint8Array;
  try {
    bytes = encodeWith(target, value);
  } catch (e) {
    if (GdVariantError.is(e)) return undefined;
    throw e;
  }
  return decodeWith(target, bytes, { allowObjects: true, copy: true });
}

/** Facts about a target, computed once per dialect instance. */
export interface Capabilities {
  /** NodePaths keep a separate property (2.x); otherwise it is the last subname. */
  readonly nodePathProperty: boolean;
  /** The 2.x shared bit of Array/Dictionary survives. */
  readonly shared: boolean;
  /** Object ids can be written. */
  readonly objectIds: boolean;
  /** Full objects can be written. */
  readonly fullObjects: boolean;
  /** A bare null object (2.x) can be written. */
  readonly nullObject: boolean;
}

const cache = new WeakMap<Dialect, Capabilities>();

export function capabilities(target: Dialect): Capabilities {
  let c = cache.get(target);
  if (c !== undefined) return c;
  const survives = (v: Value) => {
    const back = roundTrip(target, v);
    return back !== undefined && equals(back, v);
  };
  c = {
    nodePathProperty: survives({
      kind: "nodePath",
      names: ["a"],
      subnames: [],
      absolute: false,
      property: "p",
    }),
    shared: survives({ kind: "array", items: [], shared: true }),
    objectIds: survives({ kind: "object", form: "id", id: 1 }),
    fullObjects: survives({ kind: "object", form: "full", className: "Object", properties: [] }),
    nullObject: survives({ kind: "object", form: "null" }),
  };
  cache.set(target, c);
  return c;
}

/** True when `target` writes and reads back a typed container with this element type. */
export function keepsContainerType(
  target: Dialect,
  type: ContainerType,
  where: "array" | "key" | "value",
): boolean {
  const probe: Value =
    where === "array"
      ? { kind: "array", items: [], elementType: type }
      : where === "key"
        ? { kind: "dictionary", entries: [], keyType: type }
        : { kind: "dictionary", entries: [], valueType: type };
  const back = roundTrip(target, probe);
  return back !== undefined && equals(back, probe);
}
