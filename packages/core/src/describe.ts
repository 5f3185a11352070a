// Shown in error messages about values that are not what they should be.

/** A JS value for a message: `the string "1"`, `null`, `missing`, `the number 1.5`. */
export function describeJS(x: unknown): string {
  if (x === undefined) return "missing";
  if (x === null) return "null";
  switch (typeof x) {
    case "string":
      return `the string ${JSON.stringify(x.length > 40 ? `${x.slice(0, 40)}...` : x)}`;
    case "number":
    case "boolean":
      return `the ${typeof x} ${x}`;
    case "bigint":
      return `the bigint ${x}n`;
    case "object":
      // A hostile object (a Proxy, a getter) must not make a second error while the first is told.
      try {
        if (Array.isArray(x)) return `an array of ${x.length}`;
        const name = (x as { constructor?: { name?: unknown } }).constructor?.name;
        return typeof name === "string" && name !== "Object" ? `a ${name}` : "an object";
      } catch {
        return "an unreadable object";
      }
    default:
      return `a ${typeof x}`;
  }
}
