// Every ```ts block of the README runs as a module: the examples assert their own results, so a
// wrong README fails here.
import { runReadmeExamples } from "@gdvariant/test-support/readme-examples";

runReadmeExamples(new URL("../README.md", import.meta.url), {
  title: "shows opening, wrong passwords, keys and IVs, compression, migration and errors",
  minExamples: 6,
  mentions: [
    "openFile(",
    "encryptFile(",
    "decryptFile(",
    "compressFile(",
    "sealFile(",
    "FileError",
    "parseConfigFile(",
  ],
});
