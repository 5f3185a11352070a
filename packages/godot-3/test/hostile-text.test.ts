// toText on hostile values (chains of dictionary keys, pool-array keys, cycles, malformed and
// very deep values): text or an EncodeError, in time that grows with the input. Before, pool-array
// keys made the sort's last pass quadratic.
import { decode, encode, toText } from "@gdvariant/godot-3";
import { describeHostileText } from "@gdvariant/test-support/hostile";

describeHostileText({ id: "godot-3", decode, encode, toText }, "refused");
