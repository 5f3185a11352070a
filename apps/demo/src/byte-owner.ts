import type { ByteMap, NodeTable } from "./model.js";

// Which value owns a byte, without an Int32Array per byte: node ids are in reading order with
// contents before their container (node-store.ts), so among the nodes that have bytes the end
// offsets never decrease, and the innermost value holding byte i is the first node ending after
// i (or, when i is in a container's header before its first content, that node's nearest
// ancestor starting at or before i). A 10 MB dump saves 40 MB (built in the worker, moved to
// the page, collected there) for a search of ~20 steps a byte drawn.

/**
 * The nodes with bytes, in id order, when their end offsets never decrease; `undefined` when
 * they do (then the caller keeps an owner per byte: {@link ownerPerByte}).
 */
export function nodesByEnd(nodes: NodeTable, count: number): Int32Array | undefined {
  let k = 0;
  for (let i = 0; i < count; i++) if (nodes.end[i]! > nodes.start[i]!) k++;
  const out = new Int32Array(k);
  let last = -1;
  k = 0;
  for (let i = 0; i < count; i++) {
    const e = nodes.end[i]!;
    if (e <= nodes.start[i]!) continue;
    if (e < last) return undefined;
    last = e;
    out[k++] = i;
  }
  return out;
}

/** The innermost node of each byte (-1: none), for nodes whose ends are out of order. */
export function ownerPerByte(nodes: NodeTable, count: number, size: number): Int32Array {
  const owner = new Int32Array(size).fill(-1);
  // Reverse order puts every container before its contents: inner values overwrite.
  for (let i = count - 1; i >= 0; i--) {
    const s = nodes.start[i]!;
    const e = nodes.end[i]!;
    if (e > s) owner.fill(i, s, Math.min(e, size));
  }
  return owner;
}

/** The innermost node holding byte `i`, or -1 (a length word, ignored bytes, no value). */
export function nodeAt(nodes: NodeTable, bytes: ByteMap, i: number): number {
  if (bytes.node !== undefined) return bytes.node[i] ?? -1;
  const list = bytes.byEnd!;
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (nodes.end[list[mid]!]! > i) hi = mid;
    else lo = mid + 1;
  }
  if (lo === list.length) return -1;
  for (let n = list[lo]!; n >= 0; n = nodes.parent[n]!) {
    if (nodes.start[n]! <= i && nodes.end[n]! > i) return n;
    if (nodes.start[n]! <= i) return -1;
  }
  return -1;
}
