// examples/echo-server starts and echoes: its server with its Node client, and with the real
// Godot 4 engine as client when one is installed. Every process is bounded and killed.
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { godot3Binary, godot4Binary, LIVE_TOOLS, startEngine, within } from "./engine.js";

const example = join(LIVE_TOOLS, "..", "..", "examples", "echo-server");
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

/** Starts the example server on a free port; resolves with the port and a stop function. */
async function startServer(
  args: string[] = [],
): Promise<{ port: number; stop: () => void; log: () => string }> {
  const child = spawn(process.execPath, [join(example, "server.mjs"), ...args], {
    cwd: example,
    env: { ...process.env, PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  const port = await within(
    new Promise<number>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => {
        log += d.toString();
        const m = /listening on 127\.0\.0\.1:(\d+)/.exec(log);
        if (m) resolve(Number(m[1]));
      });
      child.stderr.on("data", (d: Buffer) => (log += d.toString()));
      child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${log}`)));
    }),
    15_000,
    "the example server to listen",
  ).catch((e) => {
    stop();
    throw e;
  });
  return { port, stop, log: () => log };
}

describe("examples/echo-server", () => {
  it("echoes the Node client's values", async () => {
    const server = await startServer();
    try {
      const env = { ...process.env, PORT: String(server.port) };
      const client = startEngine(process.execPath, [join(example, "client.mjs")], example, 15_000, env);
      const code = await client.exited;
      expect(code, client.output()).toBe(0);
      expect(client.output().match(/echo ok/g)?.length).toBe(2);
      expect(server.log()).toContain('sent "hello from Node ✓"');
    } finally {
      server.stop();
    }
  });

  // Under CI a missing engine fails (as in the live tests) instead of skipping.
  it.skipIf(godot4Binary() === undefined && !process.env.CI)(
    "echoes the Godot 4 client's values",
    async () => {
      const server = await startServer();
      try {
        // A copy of the example's Godot project, so the engine's .godot/ cache stays out of the repo.
        const dir = mkdtempSync(join(tmpdir(), "gdv-echo-"));
        for (const f of ["project.godot", "client.gd"]) copyFileSync(join(example, "godot", f), join(dir, f));
        const run = startEngine(
          godot4Binary()!,
          ["--headless", "--path", dir, "-s", "client.gd", "--", `--port=${server.port}`],
          dir,
          30_000,
        );
        cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
        const code = await run.exited;
        expect(code, run.output()).toBe(0);
        expect(run.output().match(/echo ok/g)?.length).toBe(2);
        expect(server.log()).toContain('sent "hello from Godot ✓"');
      } finally {
        server.stop();
      }
    },
  );

  it.skipIf(godot3Binary() === undefined && !process.env.CI)(
    "echoes the Godot 3 client's values (--godot3)",
    async () => {
      const server = await startServer(["--godot3"]);
      const dir = mkdtempSync(join(tmpdir(), "gdv-echo3-")); // Godot 3 writes logs into its working directory
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      try {
        const run = startEngine(
          godot3Binary()!,
          ["--no-window", "-s", join(example, "godot", "client3.gd"), `--port=${server.port}`],
          dir,
          30_000,
        );
        const code = await run.exited;
        expect(code, run.output()).toBe(0);
        expect(run.output().match(/echo ok/g)?.length).toBe(2);
        expect(server.log()).toContain("(Godot 3.x)");
      } finally {
        server.stop();
      }
    },
  );
});
