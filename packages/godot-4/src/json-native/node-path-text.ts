import type { NodePathValue } from "@gdvariant/core";

/** `String(NodePath)`: `/` when absolute, names joined by `/`, each subname after a `:`. */
export function nodePathText(v: NodePathValue): string {
  let s = v.absolute ? "/" : "";
  s += v.names.join("/");
  for (const sub of v.subnames) s += `:${sub}`;
  if (v.property !== undefined) s += `:${v.property}`;
  return s;
}

/**
 * `NodePath(String)` as the engine parses it: a leading `/`, names split on `/`, subnames on
 * `:`. An empty name or subname (`a//b`, `a::b`, `a/`) makes the engine print "Invalid
 * NodePath" and give the empty NodePath: `undefined` here.
 */
export function parseNodePathText(path: string): NodePathValue | undefined {
  const absolute = path.startsWith("/");
  const body = absolute ? path.slice(1) : path;
  if (body === "") return { kind: "nodePath", names: [], subnames: [], absolute };
  const [namePart = "", ...subnames] = body.split(":");
  const names = namePart === "" ? [] : namePart.split("/");
  if (names.includes("") || subnames.includes("")) return undefined;
  return { kind: "nodePath", names, subnames, absolute };
}
