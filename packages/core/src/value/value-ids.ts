import { toJSON } from "./json.js";
import type { Value } from "./types.js";
import { CycleGuard, isContainer } from "./walk.js";

type Frame = { v: Value; children: readonly Value[]; next: number; ids: number[] };

function children(v: Value): readonly Value[] {
  if (v.kind === "array") return v.items;
  if (v.kind === "dictionary") {
    const out = new Array<Value>(v.entries.length * 2);
    for (let i = 0; i < v.entries.length; i++) {
      const e = v.entries[i]!;
      out[2 * i] = e[0];
      out[2 * i + 1] = e[1];
    }
    return out;
  }
  if (v.kind === "object" && v.form === "full") return v.properties.map((p) => p[1]);
  return [];
}

// What a container is besides its children, in the fields and truthiness toJSON writes.
function shape(v: Value): string {
  if (v.kind === "array") return JSON.stringify(["a", v.elementType ? { ...v.elementType } : 0, !!v.shared]);
  if (v.kind === "dictionary") {
    return JSON.stringify([
      "d",
      v.keyType ? { ...v.keyType } : 0,
      v.valueType ? { ...v.valueType } : 0,
      !!v.shared,
    ]);
  }
  const o = v as Extract<Value, { kind: "object"; form: "full" }>;
  return JSON.stringify(["o", o.className, o.properties.map((p) => p[0])]);
}

/**
 * Structural identity of values, built once per value: two values get the same id exactly when
 * their tagged JSON (`JSON.stringify(toJSON(v))`) is the same, without serialising a key again
 * for every dictionary that holds it. A container's id comes from its own fields and the ids of
 * its children, so a chain of dictionaries, each the key of the next, costs linear time instead
 * of depth times size. Ids are memoised per value object for the life of this instance (one
 * parse, one text write, one conversion). Walks iteratively: any depth, cycles refused.
 * @internal
 */
export class ValueIds {
  private readonly memo = new WeakMap<Value, number>();
  private readonly table = new Map<string, number>();
  private readonly guard = new CycleGuard("value identity");

  private intern(sig: string): number {
    let id = this.table.get(sig);
    if (id === undefined) {
      id = this.table.size;
      this.table.set(sig, id);
    }
    return id;
  }

  /**
   * The id of `v`.
   * @throws {EncodeError} `depth-exceeded` when `v` contains itself.
   */
  id(v: Value): number {
    const known = this.memo.get(v);
    if (known !== undefined) return known;
    if (!isContainer(v)) {
      const id = this.intern(`L${JSON.stringify(toJSON(v))}`);
      this.memo.set(v, id);
      return id;
    }
    const stack: Frame[] = [];
    const open = (c: Value) => {
      this.guard.enter(c);
      stack.push({ v: c, children: children(c), next: 0, ids: [] });
    };
    open(v);
    let result = 0;
    while (stack.length > 0) {
      const f = stack[stack.length - 1]!;
      if (f.next < f.children.length) {
        const c = f.children[f.next++]!;
        const m = this.memo.get(c);
        if (m !== undefined) f.ids.push(m);
        else if (isContainer(c)) {
          f.next--; // come back to this child once its id is known
          open(c);
        } else f.ids.push(this.id(c));
        continue;
      }
      stack.pop();
      this.guard.leave(f.v);
      result = this.intern(`C${shape(f.v)}${f.ids.join(",")}`);
      this.memo.set(f.v, result);
      const parent = stack[stack.length - 1];
      if (parent !== undefined) {
        parent.next++;
        parent.ids.push(result);
      }
    }
    return result;
  }
}
