// toText on hostile values (chains of dictionary keys, pool-array keys, cycles, malformed and
// very deep values): text or an EncodeError, in time that grows with the input. Before, a 12 KB
// key chain took 1.4 s and 10,000 levels gave RangeError.
import { decode, encode, toText } from "@gdvariant/legacy-2";
import { describeHostileText } from "@gdvariant/test-support/hostile";

describeHostileText({ id: "legacy-2", decode, encode, toText }, "refused");
