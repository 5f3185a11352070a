// Core's tests use the shared value arbitraries (binary-format names: any class and property name).
export {
  ALL_LEAVES,
  LEGACY_LEAVES,
  type LeafName,
  leafOf,
  MODERN_LEAVES,
  valueArb,
} from "@gdvariant/test-support/arbitraries";
