// Every ```ts block of the README runs as a module: the examples assert their own results, so a
// wrong README fails here.
import { runReadmeExamples } from "@gdvariant/test-support/readme-examples";

runReadmeExamples(new URL("../README.md", import.meta.url), { minExamples: 3 });
