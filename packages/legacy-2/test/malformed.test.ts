// Malformed model values (a field of the wrong type, missing or out of the model's range), each
// refused with EncodeError invalid-value and its path: before, { kind: "string", value: 5 }
// encoded as 0 bytes and { kind: "object" } as 4 undecodable ones.
import { KINDS } from "@gdvariant/core";
import { dialect, encode } from "@gdvariant/legacy-2";
import { describeMalformedEncode } from "@gdvariant/test-support/malformed";

describeMalformedEncode({
  id: "legacy-2",
  kinds: KINDS.filter((k) => dialect.codecForKind(k) !== undefined),
  objects: false,
  encode: (v) => encode(v),
});
