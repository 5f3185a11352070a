import type { PathSegment, Value } from "@gdvariant/core";

/**
 * The path from `root` to the value object `target` (compared by identity), or `[]` when it is
 * not inside. For error reports only: writers that refuse a nested value name it this way
 * instead of keeping a path while they write. Iterative, so any depth is fine.
 */
export function findPath(root: Value, target: Value): PathSegment[] {
  const stack: { v: Value; path: PathSegment[] }[] = [{ v: root, path: [] }];
  const seen = new Set<Value>();
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (v === target) return path;
    if (seen.has(v)) continue;
    seen.add(v);
    if (v.kind === "array") {
      for (let i = 0; i < v.items.length; i++) stack.push({ v: v.items[i]!, path: [...path, i] });
    } else if (v.kind === "dictionary") {
      for (let i = 0; i < v.entries.length; i++) {
        const [k, x] = v.entries[i]!;
        stack.push({ v: k, path: [...path, { keyAt: i }] });
        stack.push({ v: x, path: [...path, { key: k }] });
      }
    } else if (v.kind === "object" && v.form === "full")
      for (const [property, x] of v.properties) stack.push({ v: x, path: [...path, { property }] });
  }
  return [];
}
