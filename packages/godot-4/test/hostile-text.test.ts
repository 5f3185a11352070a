// toText on hostile values (chains of dictionary keys, pool-array keys, cycles, malformed and
// very deep values): text or an EncodeError, in time that grows with the input. Before, a
// dictionary that is its own key explored 2^100 paths and ran out of memory.
import type { Value } from "@gdvariant/core";
import { decode, encode, toText } from "@gdvariant/godot-4";
import { describeHostileText } from "@gdvariant/test-support/hostile";
import { expect, it } from "vitest";

describeHostileText({ id: "godot-4", decode, encode, toText }, "capped");

it("prints [] past the engine's recursion limit of 100 levels, as VariantWriter does", () => {
  let deep: Value = { kind: "int", value: 1 };
  for (let i = 0; i < 10_000; i++) deep = { kind: "array", items: [deep] };
  const text = toText(deep);
  expect(text.startsWith("[".repeat(101))).toBe(true);
  expect(text.length).toBeLessThan(1000);
});
