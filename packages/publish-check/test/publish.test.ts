// Publish-ready: every public package is packed once (`pnpm pack`, which turns workspace:^ into
// versions), the tarballs are installed with plain npm into a scratch project outside the
// workspace, and there, as a user's project: every ```ts README example type-checks with
// TypeScript `nodenext` and runs as ESM under Node (and the library packages' under Deno and
// Bun); every entry loads through `require` with the same exports as through `import`; the
// `gdvariant` binary runs; `npm publish --dry-run` accepts each tarball. One test, so the
// packing and the install happen once.
import { execFileSync, spawnSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const PUBLIC = [
  "core",
  "godot-4",
  "godot-3",
  "legacy-2",
  "auto-detect",
  "files",
  "node",
  "multiplayer",
  "cli",
] as const;
// The TypeScript and Node types a user's project would have (the workspace's own versions).
const TYPESCRIPT = JSON.parse(readFileSync(join(ROOT, "node_modules", "typescript", "package.json"), "utf8"))
  .version as string;
const TYPES_NODE = "^20.19.0";
// Deno and Bun as npm ships them (each package brings its binary in a platform package).
const DENO = "deno@^2";
const WS = ["ws@^8", "@types/ws@^8"];
const BUN = "bun@^1";
// The packages whose README examples run under Deno and Bun too (node and cli are Node's own;
// multiplayer's library code is runtime-neutral, but its examples run a ws server in Node).
const LIBRARIES = new Set(["core", "godot-4", "godot-3", "legacy-2", "auto-detect", "files"]);

const scratch = mkdtempSync(join(tmpdir(), "gdvariant-publish-"));
afterAll(() => {
  if (!process.env.KEEP_PUBLISH_SCRATCH) rmSync(scratch, { recursive: true, force: true });
});

// A user's environment: none of the npm_config_* settings that pnpm passes to the scripts it runs.
const USER_ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));

function sh(cmd: string, args: readonly string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, env: USER_ENV });
  if (r.error) throw r.error;
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(" ")} (in ${cwd}) exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  }
  return r.stdout;
}

// pnpm is on PATH under turbo (it runs the tasks through pnpm); alone, npx brings the pinned one.
function pnpm(args: readonly string[], cwd: string): string {
  const onPath = spawnSync("pnpm", ["--version"], { encoding: "utf8" }).status === 0;
  const spec = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).packageManager as string;
  return onPath ? sh("pnpm", args, cwd) : sh("npx", ["-y", spec, ...args], cwd);
}

function readmeBlocks(pkg: string): string[] {
  const readme = readFileSync(join(ROOT, "packages", pkg, "README.md"), "utf8");
  return [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

// The subpaths of a package's exports map that hold code (not ./package.json).
function entries(pkg: string): string[] {
  const json = JSON.parse(readFileSync(join(ROOT, "packages", pkg, "package.json"), "utf8"));
  return Object.keys(json.exports as Record<string, unknown>)
    .filter((k) => k !== "./package.json")
    .map((k) => (k === "." ? json.name : `${json.name}/${k.slice(2)}`));
}

it("packs, installs with npm outside the workspace, and runs every README example there", () => {
  // 1. Pack each public package once.
  const tarballs = join(scratch, "tarballs");
  mkdirSync(tarballs);
  for (const p of PUBLIC) pnpm(["pack", "--pack-destination", tarballs], join(ROOT, "packages", p));
  const packed = readdirSync(tarballs).filter((f) => f.endsWith(".tgz"));
  expect(packed.length).toBe(PUBLIC.length);
  for (const t of packed) {
    const listing = sh("tar", ["-tzf", join(tarballs, t)], scratch);
    // What ships: the build, the README and a CHANGELOG; no sources.
    expect([t, listing.includes("package/README.md")]).toEqual([t, true]);
    expect([t, listing.includes("package/CHANGELOG.md")]).toEqual([t, true]);
    expect([t, listing.includes("package/src/")]).toEqual([t, false]);
    const manifest = execFileSync("tar", ["-xzOf", join(tarballs, t), "package/package.json"], {
      encoding: "utf8",
    });
    expect([t, manifest.includes("workspace:")]).toEqual([t, false]);
    // npm accepts it for publishing (no login needed for a dry run).
    sh("npm", ["publish", "--dry-run", join(tarballs, t)], scratch);
  }

  // 2. A user's project: plain npm, the tarballs, TypeScript and Node's types.
  const app = join(scratch, "app");
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  sh(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      "--loglevel=error",
      ...packed.map((t) => join(tarballs, t)),
      `typescript@${TYPESCRIPT}`,
      `@types/node@${TYPES_NODE}`,
      // The WebSocket server of @gdvariant/multiplayer's README examples, as a user installs it.
      ...WS,
      DENO,
      BUN,
    ],
    app,
  );

  // 3. TypeScript nodenext: every README example type-checks against the installed .d.ts files,
  //    then runs as ESM (.mts compiles to .mjs).
  const src = join(app, "examples");
  mkdirSync(src);
  const names: string[] = [];
  for (const p of PUBLIC) {
    readmeBlocks(p).forEach((code, i) => {
      const name = `${p}-${i + 1}`;
      writeFileSync(join(src, `${name}.mts`), code);
      names.push(name);
    });
  }
  expect(names.length).toBeGreaterThan(40);
  writeFileSync(
    join(app, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2022",
        lib: ["es2022"],
        types: ["node"],
        strict: true,
        skipLibCheck: false,
        outDir: "out",
        rootDir: "examples",
      },
      include: ["examples"],
    }),
  );
  sh(process.execPath, [join(app, "node_modules", "typescript", "bin", "tsc"), "-p", "."], app);
  const failed: string[] = [];
  for (const name of names) {
    const r = spawnSync(process.execPath, [join(app, "out", `${name}.mjs`)], { cwd: app, encoding: "utf8" });
    if (r.status !== 0) failed.push(`${name}: ${r.stderr.split("\n").slice(0, 6).join("\n")}`);
  }
  expect(failed).toEqual([]);

  // 3b. The library packages' examples under Deno and Bun too, from the same install (Deno may
  // reach 127.0.0.1 only: the web-backend example of godot-4 serves and calls itself there).
  const runtimes = [
    ["deno", ["run", "--allow-read", "--allow-env", "--allow-net=127.0.0.1"]],
    ["bun", ["run"]],
  ] as const;
  for (const [runtime, args] of runtimes) {
    const bin = join(app, "node_modules", ".bin", runtime);
    expect(sh(bin, ["--version"], app)).toMatch(/\d+\.\d+\.\d+/);
    for (const name of names.filter((n) => LIBRARIES.has(n.replace(/-\d+$/, "")))) {
      const r = spawnSync(bin, [...args, join("out", `${name}.mjs`)], { cwd: app, encoding: "utf8" });
      if (r.status !== 0)
        failed.push(`${runtime} ${name}: ${`${r.stdout}${r.stderr}`.split("\n").slice(0, 6).join("\n")}`);
    }
  }
  expect(failed).toEqual([]);

  // 4. CommonJS: every entry loads through require with the exports it has through import.
  const cjsCheck = `
    const assert = require("node:assert/strict");
    const names = ${JSON.stringify(PUBLIC.flatMap(entries))};
    (async () => {
      for (const name of names) {
        const viaRequire = Object.keys(require(name)).filter((k) => k !== "__esModule").sort();
        const viaImport = Object.keys(await import(name)).filter((k) => k !== "default" && k !== "module.exports").sort();
        assert.ok(viaRequire.length > 0, name);
        assert.deepEqual(viaRequire, viaImport, name);
      }
      const { decode, encode } = require("@gdvariant/godot-4");
      const { int } = require("@gdvariant/core");
      assert.deepEqual(decode(encode(int(7))), int(7));
      console.log("cjs ok " + names.length);
    })().catch((e) => { console.error(e); process.exit(1); });
  `;
  writeFileSync(join(app, "check.cjs"), cjsCheck);
  expect(sh(process.execPath, ["check.cjs"], app).trim()).toBe(`cjs ok ${PUBLIC.flatMap(entries).length}`);

  // 5. The installed binary.
  copyFileSync(join(ROOT, "samples", "godot-4", "projection.bin"), join(app, "projection.bin"));
  // The same answer as the workspace's own build gives.
  const workspace = sh(
    process.execPath,
    [join(ROOT, "packages", "cli", "bin", "gdvariant.js"), "decode", "projection.bin"],
    app,
  );
  expect(workspace).toMatch(/^Projection\(/);
  expect(sh(join(app, "node_modules", ".bin", "gdvariant"), ["decode", "projection.bin"], app)).toBe(
    workspace,
  );
});
