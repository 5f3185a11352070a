import { equals, type Value } from "@gdvariant/core";

// Two readings are "the same value" when they differ only in how a generation names or marks
// the same thing: 2.x Matrix32/Matrix3 are 3.x/4.x Transform2D/Basis, the 2.x shared bit has no
// meaning after 2.x, and a 2.x NodePath property is the last subname in 3.x/4.x. Everything
// else is compared with core's `equals`.

function canonical(v: Value): Value {
  switch (v.kind) {
    case "matrix32":
      return { kind: "transform2d", values: v.values };
    case "matrix3":
      return { kind: "basis", values: v.values };
    case "nodePath":
      if (v.property === undefined) return v;
      return {
        kind: "nodePath",
        names: v.names,
        subnames: [...v.subnames, v.property],
        absolute: v.absolute,
      };
    case "array": {
      const items = v.items.map(canonical);
      return v.elementType === undefined
        ? { kind: "array", items }
        : { kind: "array", items, elementType: v.elementType };
    }
    case "dictionary": {
      const entries = v.entries.map(([k, x]) => [canonical(k), canonical(x)] as const);
      const out: { -readonly [K in "kind" | "entries" | "keyType" | "valueType"]?: unknown } = {
        kind: "dictionary",
        entries,
      };
      if (v.keyType !== undefined) out.keyType = v.keyType;
      if (v.valueType !== undefined) out.valueType = v.valueType;
      return out as Value;
    }
    case "object":
      if (v.form !== "full") return v;
      return { ...v, properties: v.properties.map(([n, x]) => [n, canonical(x)] as const) };
    default:
      return v;
  }
}

/** True when two dialects' readings of the same bytes are the same value (see above). */
export function sameValue(a: Value, b: Value): boolean {
  // One object in both readings (the model's shared NIL, say): a file of many tiny records
  // compares its records here once per leading reading.
  return a === b || equals(a, b) || equals(canonical(a), canonical(b));
}

/** True when two record lists are the same values, record by record. */
export function sameValues(a: readonly Value[], b: readonly Value[]): boolean {
  return a === b || (a.length === b.length && a.every((v, i) => sameValue(v, b[i]!)));
}
