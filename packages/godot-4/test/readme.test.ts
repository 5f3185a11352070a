// Every ```ts block of the README runs as a module: the examples assert their own results, so a
// wrong README fails here.
import { runReadmeExamples } from "@gdvariant/test-support/readme-examples";

runReadmeExamples(new URL("../README.md", import.meta.url), {
  title: "shows decode, encode, text, objects, typed containers, versions and errors",
  minExamples: 8,
  mentions: [
    "decode(",
    "encode(",
    "toText(",
    "allowObjects",
    "elementType",
    "version:",
    "precision:",
    "DecodeError",
    "createCodec(",
  ],
});
