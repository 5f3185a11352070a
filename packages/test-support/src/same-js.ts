/**
 * Where two plain JS values differ, or undefined when they are the same: same types, same
 * prototypes (object, Map, array, typed array class), the same keys and entries in the same
 * order, numbers compared with Object.is (so -0, NaN and 0.1 + 0.2 count), typed arrays by
 * content. Stricter than vitest's toEqual (which ignores Map and key order), for checking that
 * one-pass `decodeJS` gives exactly `toJS(decode(...))`.
 */
export function diffJS(a: unknown, b: unknown, path = "$"): string | undefined {
  if (typeof a !== typeof b) return `${path}: ${typeof a} vs ${typeof b}`;
  if (typeof a !== "object" || a === null || b === null) {
    return Object.is(a, b) ? undefined : `${path}: ${String(a)} vs ${String(b)}`;
  }
  const pa = Object.getPrototypeOf(a);
  if (pa !== Object.getPrototypeOf(b)) return `${path}: different prototypes`;
  if (ArrayBuffer.isView(a)) {
    const x = a as unknown as ArrayLike<unknown>;
    const y = b as unknown as ArrayLike<unknown>;
    if (x.length !== y.length) return `${path}: length ${x.length} vs ${y.length}`;
    for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return `${path}[${i}]`;
    return undefined;
  }
  if (a instanceof Map) {
    const x = [...a];
    const y = [...(b as Map<unknown, unknown>)];
    if (x.length !== y.length) return `${path}: size ${x.length} vs ${y.length}`;
    for (let i = 0; i < x.length; i++) {
      const d =
        diffJS(x[i]![0], y[i]![0], `${path}<key ${i}>`) ?? diffJS(x[i]![1], y[i]![1], `${path}<${i}>`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b as object);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) {
    return `${path}: keys ${ka.map(String).join(",")} vs ${kb.map(String).join(",")}`;
  }
  for (const k of ka) {
    const d = diffJS(
      (a as Record<PropertyKey, unknown>)[k],
      (b as Record<PropertyKey, unknown>)[k],
      `${path}.${String(k)}`,
    );
    if (d !== undefined) return d;
  }
  return undefined;
}
