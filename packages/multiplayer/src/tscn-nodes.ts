/** One `[node]` section of a `.tscn` file. */
export interface SceneNode {
  readonly name: string;
  /** `parent="..."`: absent for the scene's root, `"."` for the root's children. */
  readonly parent?: string;
  /** The `res://` path of the node's script, when the section sets one. */
  readonly script?: string;
  /** The `res://` path of the scene this node instances. */
  readonly instance?: string;
}

/**
 * Reads the nodes of a text scene (`.tscn`, format 3): each node's name, parent path, script and
 * instanced scene, through the `[ext_resource]` ids. Nothing is loaded or run.
 */
export function parseTscnNodes(text: string): SceneNode[] {
  const resources = new Map<string, string>();
  const nodes: { -readonly [K in keyof SceneNode]: SceneNode[K] }[] = [];
  let current: (typeof nodes)[number] | undefined;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("[")) {
      current = undefined;
      const head = /^\[(\w+)(.*)\]$/.exec(line);
      if (head === null) continue;
      const attrs = attributes(head[2]!);
      if (head[1] === "ext_resource" && attrs.id !== undefined && attrs.path !== undefined) {
        resources.set(attrs.id, attrs.path);
      } else if (head[1] === "node" && attrs.name !== undefined) {
        current = { name: attrs.name };
        if (attrs.parent !== undefined) current.parent = attrs.parent;
        const inst = attrs.instance !== undefined ? resources.get(attrs.instance) : undefined;
        if (inst !== undefined) current.instance = inst;
        nodes.push(current);
      }
      continue;
    }
    if (current === undefined) continue;
    const script = /^script\s*=\s*ExtResource\(\s*"([^"]*)"\s*\)/.exec(line);
    if (script !== null) {
      const path = resources.get(script[1]!);
      if (path !== undefined) current.script = path;
    }
  }
  return nodes;
}

/** `key="value"` and `key=ExtResource("id")` pairs of a section header (the id for the latter). */
function attributes(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /(\w+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|ExtResource\(\s*"((?:[^"\\]|\\.)*)"\s*\)|(\S+))/g;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) {
    const v = m[2] ?? m[3] ?? m[4] ?? "";
    out[m[1]!] = v.replace(/\\(.)/g, "$1");
  }
  return out;
}
