// The shared value arbitraries, with identifier class and property names as the engine's text
// needs them (the text round trips here print and parse `Array[Node]`, `Object(Node, ...)`).

import type { Value } from "@gdvariant/core";
import {
  type LeafName,
  valueArb as sharedValueArb,
  type ValueArbOptions,
} from "@gdvariant/test-support/arbitraries";
import type fc from "fast-check";

export {
  ALL_LEAVES,
  LEGACY_LEAVES,
  type LeafName,
  leafOf,
  MODERN_LEAVES,
} from "@gdvariant/test-support/arbitraries";

/** Nested values from the given leaves, with identifier class and property names. */
export function valueArb(
  leaves: readonly LeafName[],
  opts: Omit<ValueArbOptions, "identifiers"> = {},
): fc.Arbitrary<Value> {
  return sharedValueArb(leaves, { ...opts, identifiers: true });
}
