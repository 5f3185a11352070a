#!/usr/bin/env node
// The `gdvariant` command. This file is committed (not built) so that the workspace's bin link
// exists from the first install of a clone; the command itself is dist/cli.js.
import("../dist/cli.js").catch((e) => {
  if (e?.code === "ERR_MODULE_NOT_FOUND" && String(e.message).includes("dist")) {
    process.stderr.write(
      "gdvariant: the command is not built yet: run `npm run sample` (or `npx -y pnpm@10.34.8 build`) in the repository first\n",
    );
    process.exitCode = 2;
  } else throw e;
});
