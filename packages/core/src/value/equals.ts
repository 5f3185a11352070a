import { EncodeError } from "../errors.js";
import { withPath } from "./check-value.js";
import { Expansion, type WalkOptions, walkOptions } from "./expansion.js";
import { isInt64 } from "./int64.js";
import type { ContainerType, Int64, Value } from "./types.js";
import { MATRIX_SIZES, VECTOR_FIELDS } from "./types.js";
import { asProjectError, CycleGuard, isContainer } from "./walk.js";
import { malformed } from "./well-formed.js";

function sameNumber(a: number, b: number): boolean {
  return Object.is(a, b);
}

function sameInt(a: Int64, b: Int64): boolean {
  return typeof a === typeof b ? a === b : BigInt(a) === BigInt(b);
}

function sameTyped(a: ArrayLike<number | bigint>, b: ArrayLike<number | bigint>): boolean {
  if (a.length !== b.length || a.constructor !== b.constructor) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

function sameContainerType(a: ContainerType | undefined, b: ContainerType | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "builtin":
      return a.type === (b as typeof a).type;
    case "class":
      return a.className === (b as typeof a).className;
    case "script":
      return a.path === (b as typeof a).path;
  }
}

/**
 * Deep, exact equality of two values: same kinds, floats compared bit-for-bit in the sense of
 * `Object.is` (NaN equals NaN, -0 differs from 0), dictionaries in order, typed-container
 * element types, the shared bit and the object form included. Packed arrays must also hold the
 * same typed array class (Float32Array vs Float64Array differ).
 *
 * Walks iteratively, so any depth is fine. The same object is equal to itself without a walk;
 * a subtree held in many places is compared once per place, up to `maxValues` (default
 * 16,777,216; packed arrays count their elements) values of `a`.
 * @throws {EncodeError} `depth-exceeded` when `a` contains itself (a cycle) and is compared with
 *   a different value; `limit-exceeded` past `maxValues`; `invalid-value` for something that is
 *   not a value or a field that is not the model's (a sparse array where a number belongs), in
 *   either value, with the path to it (a value is compared only with one of its own kind).
 */
export function equals(a: Value, b: Value, options?: WalkOptions): boolean {
  const o = walkOptions(options, "equals");
  try {
    return recursiveEquals(a, b, 0, new Expansion(a, "equals", o.maxValues));
  } catch (e) {
    throw withPath(asProjectError(e, "equals"), [a, b], "equals");
  }
}

// Plain recursion is the fast way for the nesting real data has; past RECURSION_LIMIT levels
// (or in a cycle) the rest goes to the iterative walk, which any stack can hold and which finds
// cycles.
const RECURSION_LIMIT = 200;

// Each pair of containers counts its children, and a pair of packed arrays its elements (`c`:
// the walk's count).
function recursiveEquals(a: Value, b: Value, depth: number, c: Expansion): boolean {
  if (depth > RECURSION_LIMIT) return walkEquals(a, b, c);
  if (a === b) return true;
  const d = depth + 1;
  switch (a.kind) {
    case "array": {
      const o = b as typeof a;
      if (a.kind !== o.kind) return false;
      wellFormed(a, o);
      if (a.items.length !== o.items.length) return false;
      if (!!a.shared !== !!o.shared || !sameContainerType(a.elementType, o.elementType)) return false;
      c.spend(a.items.length, a);
      for (let i = 0; i < a.items.length; i++)
        if (!recursiveEquals(a.items[i]!, o.items[i]!, d, c)) return false;
      return true;
    }
    case "dictionary": {
      const o = b as typeof a;
      if (a.kind !== o.kind) return false;
      wellFormed(a, o);
      if (a.entries.length !== o.entries.length || !!a.shared !== !!o.shared) return false;
      if (!sameContainerType(a.keyType, o.keyType) || !sameContainerType(a.valueType, o.valueType))
        return false;
      c.spend(2 * a.entries.length, a);
      for (let i = 0; i < a.entries.length; i++) {
        const x = a.entries[i]!;
        const y = o.entries[i]!;
        if (!recursiveEquals(x[0], y[0], d, c) || !recursiveEquals(x[1], y[1], d, c)) return false;
      }
      return true;
    }
    default:
      return same(a, b, (x, y) => recursiveEquals(x, y, d, c), c);
  }
}

// Pairs still to compare, and exit markers that end a container's cycle watch once the pairs
// under it are done.
function walkEquals(a: Value, b: Value, c: Expansion): boolean {
  const work: (readonly [Value, Value] | Value)[] = [[a, b]];
  const guard = new CycleGuard("equals");
  const push = (x: Value, y: Value) => {
    if (isContainer(x)) {
      work.push([x, y]);
      return true;
    }
    return same(x, y, push, c);
  };
  while (work.length > 0) {
    const task = work.pop()!;
    if (!Array.isArray(task)) {
      guard.leave(task as Value);
      continue;
    }
    const [x, y] = task as readonly [Value, Value];
    if (x === y) continue;
    if (isContainer(x)) {
      guard.enter(x);
      work.push(x);
    }
    if (!same(x, y, push, c)) return false;
  }
  return true;
}

// What is compared must be the model's (value/well-formed.ts): a sparse array of length
// 2^32 - 1 compared element by element would take 2^32 steps, and where a number belongs it is
// compared as it is (and a bigint made of it joins it into a string first). Each value's own
// fields, as it is met (equals() finds the path of a malformed one). Scalars and vectors, most
// of what a large value holds, are checked with a typeof or two (`ok`: what that found) and
// looked at whole only when that fails: the whole check made equals 4-6x slower.
function wellFormed(a: Value, b: Value, ok = false): void {
  if (ok) return;
  const why = malformed(a) ?? malformed(b);
  if (why !== undefined) throw new EncodeError(`equals: ${why}`, { code: "invalid-value" });
}

const isNum = (x: unknown): boolean => typeof x === "number";

/** Compares `a` and `b` itself; the values they hold go to `nested`, to be compared after. */
function same(a: Value, b: Value, nested: (x: Value, y: Value) => boolean, c: Expansion): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "nil":
    case "callable":
      return true;
    case "bool":
    case "string":
    case "stringName": {
      const x = a.value;
      const y = (b as typeof a).value;
      wellFormed(a, b, typeof x === typeof y && typeof x === (a.kind === "bool" ? "boolean" : "string"));
      return x === y;
    }
    case "float": {
      const x = a.value;
      const y = (b as typeof a).value;
      wellFormed(a, b, isNum(x) && isNum(y));
      return sameNumber(x, y);
    }
    case "int":
    case "rid": {
      const x = a.kind === "int" ? a.value : a.id;
      const y = a.kind === "int" ? (b as typeof a).value : (b as typeof a).id;
      wellFormed(a, b, isInt64(x) && isInt64(y));
      return sameInt(x, y);
    }
    case "signal": {
      const o = b as typeof a;
      wellFormed(a, b);
      return a.name === o.name && sameInt(a.objectId, o.objectId);
    }
    case "nodePath": {
      const o = b as typeof a;
      wellFormed(a, b);
      return (
        a.absolute === o.absolute &&
        a.property === o.property &&
        a.names.length === o.names.length &&
        a.subnames.length === o.subnames.length &&
        a.names.every((n, i) => n === o.names[i]) &&
        a.subnames.every((n, i) => n === o.subnames[i])
      );
    }
    case "object": {
      const o = b as typeof a;
      wellFormed(a, b);
      if (a.form !== o.form) return false;
      if (a.form === "id") return sameInt(a.id, (o as typeof a).id);
      if (a.form === "null") return true;
      const of = o as typeof a;
      c.spend(a.properties.length, a);
      return (
        a.className === of.className &&
        a.properties.length === of.properties.length &&
        a.properties.every(([n, v], i) => {
          const p = of.properties[i]!;
          return n === p[0] && nested(v, p[1]);
        })
      );
    }
    case "array": {
      const o = b as typeof a;
      wellFormed(a, b);
      c.spend(a.items.length, a);
      return (
        !!a.shared === !!o.shared &&
        sameContainerType(a.elementType, o.elementType) &&
        a.items.length === o.items.length &&
        a.items.every((v, i) => nested(v, o.items[i]!))
      );
    }
    case "dictionary": {
      const o = b as typeof a;
      wellFormed(a, b);
      c.spend(2 * a.entries.length, a);
      return (
        !!a.shared === !!o.shared &&
        sameContainerType(a.keyType, o.keyType) &&
        sameContainerType(a.valueType, o.valueType) &&
        a.entries.length === o.entries.length &&
        a.entries.every(([k, v], i) => {
          const e = o.entries[i]!;
          return nested(k, e[0]) && nested(v, e[1]);
        })
      );
    }
    case "packedStringArray": {
      const o = b as typeof a;
      wellFormed(a, b);
      c.spend(a.data.length, a.data);
      return a.data.length === o.data.length && a.data.every((s, i) => s === o.data[i]);
    }
    case "packedByteArray":
    case "packedInt32Array":
    case "packedInt64Array":
    case "packedFloat32Array":
    case "packedFloat64Array":
    case "packedVector2Array":
    case "packedVector3Array":
    case "packedVector4Array":
    case "packedColorArray":
      wellFormed(a, b);
      c.spend(a.data.length, a.data);
      return sameTyped(a.data, (b as typeof a).data);
    case "image": {
      const o = b as typeof a;
      wellFormed(a, b);
      c.spend(a.data.length, a.data);
      return (
        a.format === o.format &&
        a.mipmaps === o.mipmaps &&
        a.width === o.width &&
        a.height === o.height &&
        sameTyped(a.data, o.data)
      );
    }
    case "inputEvent": {
      wellFormed(a, b);
      const o = b as unknown as Record<string, unknown>;
      const x = a as unknown as Record<string, unknown>;
      const keys = new Set([...Object.keys(x), ...Object.keys(o)]);
      for (const k of keys) if (!Object.is(x[k], o[k])) return false;
      return true;
    }
    default: {
      if (a.kind in MATRIX_SIZES) {
        wellFormed(a, b);
        const va = (a as { values: readonly number[] }).values;
        const vb = (b as { values: readonly number[] }).values;
        return va.length === vb.length && va.every((n, i) => sameNumber(n, vb[i]!));
      }
      const fields = VECTOR_FIELDS[a.kind as keyof typeof VECTOR_FIELDS];
      if (fields === undefined) {
        wellFormed(a, b);
        return false;
      }
      const ra = a as unknown as Record<string, number>;
      const rb = b as unknown as Record<string, number>;
      let equal = true;
      for (const f of fields) {
        const x = ra[f]!;
        const y = rb[f]!;
        wellFormed(a, b, isNum(x) && isNum(y));
        equal &&= sameNumber(x, y);
      }
      return equal;
    }
  }
}
