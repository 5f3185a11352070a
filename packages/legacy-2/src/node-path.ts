import { type NodePathValue, nodePath } from "@gdvariant/core";

/**
 * Parses a path the way Godot 2.x's `NodePath(String)` does: `/` separates names, `:` starts
 * the subnames, and the last `:` part is the separate 2.x `property`
 * (`"Node/Child:prop:sub"` -> names `[Node, Child]`, subnames `[prop]`, property `sub`).
 * An empty property is left out, as the engine does. Empty names are skipped.
 * @throws {RangeError} for an empty subname (`"a::b:c"`), which the engine refuses.
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
      if (p === "") throw new RangeError(`invalid NodePath ${JSON.stringify(path)}: empty subname`);
      subnames.push(p);
    }
  }
  return nodePath(property ? { names, subnames, absolute, property } : { names, subnames, absolute });
}
