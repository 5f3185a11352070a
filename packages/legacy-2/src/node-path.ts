import { type NodePathValue, nodePath } from "@gdvariant/core";

/**
 * Parses a path the way Godot 2.x's `NodePath(String)` does: `/` separates names, `:` starts
 * the subnames, and the last `:` part is the separate 2.x `property`
 * (`"Node/Child:prop:sub"` -> names `[Node, Child]`, subnames `[prop]`, property `sub`).
 * An empty property is left out and empty names are skipped, as the engine does. A path with an
 * empty subname (`"a::b:c"`) is invalid for the engine, which then holds the empty path: so does
 * this function.
 */
export function nodePath2(path: string): NodePathValue {
  const absolute = path.startsWith("/");
  const colon = path.indexOf(":");
  const namePart = colon === -1 ? path : path.slice(0, colon);
  const names = namePart.split("/").filter((n) => n !== "");
  const subnames: string[] = [];
  let property: string | undefined;
  if (colon !== -1) {
    const parts = path.slice(colon + 1).split(":");
    property = parts.pop()!;
    for (const p of parts) {
      if (p === "") return nodePath({ names: [], subnames: [], absolute: false });
      subnames.push(p);
    }
  }
  return nodePath(property ? { names, subnames, absolute, property } : { names, subnames, absolute });
}
