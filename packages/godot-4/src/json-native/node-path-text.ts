import type { NodePathValue } from "@gdvariant/core";

/** `String(NodePath)`: `/` when absolute, names joined by `/`, each subname after a `:`. */
export function nodePathText(v: NodePathValue): string {
  let s = v.absolute ? "/" : "";
  s += v.names.join("/");
  for (const sub of v.subnames) s += `:${sub}`;
  if (v.property !== undefined) s += `:${v.property}`;
  return s;
}

/** `NodePath(String)` as the engine parses it: a leading `/`, names split on `/`, subnames on
 * `:`, empty parts dropped. */
export function parseNodePathText(path: string): NodePathValue {
  const absolute = path.startsWith("/");
  const body = absolute ? path.slice(1) : path;
  const [namePart = "", ...subs] = body.split(":");
  const names = namePart === "" ? [] : namePart.split("/").filter((n) => n !== "");
  const subnames = subs.filter((s) => s !== "");
  return { kind: "nodePath", names, subnames, absolute };
}
