// examples/multiplayer runs as its README says: the Node server and two headless Godot 4 bots
// (the example's own Godot project, copied to a temp folder) that join with names, move, chat
// and try to cheat. Both bots must see both players, inside the arena, and both players' chat;
// a taken name is refused. Every process is bounded and killed.
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { godot4Binary, startEngine, TOOLS, within } from "./engine.js";

const bin = godot4Binary();
if (bin === undefined && process.env.CI) {
  throw new Error("CI: no Godot 4 engine (set GODOT4_BIN or run tools/engines/godot4.sh)");
}
const example = join(TOOLS, "..", "..", "examples", "multiplayer");

describe.skipIf(bin === undefined)("examples/multiplayer", () => {
  it("two Godot bots play against the Node server", async () => {
    const server = spawn(process.execPath, [join(example, "server.mjs")], {
      cwd: example,
      env: { ...process.env, PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    server.stdout!.on("data", (d: Buffer) => (log += d.toString("utf8")));
    server.stderr!.on("data", (d: Buffer) => (log += d.toString("utf8")));
    const bots: ReturnType<typeof startEngine>[] = [];
    try {
      const port = await within(
        new Promise<number>((resolve) => {
          const check = () => {
            const m = /listening on 127\.0\.0\.1:(\d+)/.exec(log);
            if (m) resolve(Number(m[1]));
            else setTimeout(check, 50);
          };
          check();
        }),
        20_000,
        "the example server listens",
      );
      const bot = (name: string, seconds: number) => {
        const dir = mkdtempSync(join(tmpdir(), "gdv-mp-example-"));
        cpSync(join(example, "godot"), dir, { recursive: true });
        const args = [
          "--headless",
          "--path",
          dir,
          "--",
          "--bot",
          `--name=${name}`,
          `--url=ws://127.0.0.1:${port}`,
          `--seconds=${seconds}`,
        ];
        const run = startEngine(bin!, args, dir, 60_000);
        bots.push(run);
        return run;
      };
      const ada = bot("Ada", 5);
      const bob = bot("Bob", 5);
      await within(
        new Promise<void>((resolve) => {
          const check = () => (/join \d+ Ada/.test(log) ? resolve() : setTimeout(check, 50));
          check();
        }),
        30_000,
        "Ada joins",
      );
      const impostor = bot("Ada", 2); // the name is taken now: refused at authentication
      for (const run of [ada, bob])
        expect(await within(run.exited, 40_000, "a bot ends"), run.output()).toBe(0);
      expect(await within(impostor.exited, 40_000, "the impostor ends"), impostor.output()).toBe(1);
      expect(log).toMatch(/refused peer \d+: name "Ada"/);
      for (const run of [ada, bob]) {
        const out = run.output();
        const seen = [...out.matchAll(/^SEEN (\w+) (-?[\d.]+) (-?[\d.]+) at ([\d.]+)$/gm)];
        for (const who of ["Ada", "Bob"]) {
          const mine = seen.filter((m) => m[1] === who);
          expect(mine.length, `${who} seen:\n${out}`).toBeGreaterThan(1);
          // Positions change, and the server kept them in the arena whatever the bots asked.
          expect(new Set(mine.map((m) => `${m[2]},${m[3]}`)).size).toBeGreaterThan(1);
          for (const m of mine) {
            expect(Number(m[2])).toBeGreaterThanOrEqual(0);
            expect(Number(m[2])).toBeLessThanOrEqual(800);
            expect(Number(m[3])).toBeGreaterThanOrEqual(0);
            expect(Number(m[3])).toBeLessThanOrEqual(600);
          }
          // Never faster than the server's speed (10 px a move, a move per 45 ms at most), though
          // each bot asks for a move 50 times that once.
          for (let i = 1; i < mine.length; i++) {
            const [a, b] = [mine[i - 1]!, mine[i]!];
            const dist = Math.hypot(Number(b[2]) - Number(a[2]), Number(b[3]) - Number(a[3]));
            const dt = Number(b[4]) - Number(a[4]);
            expect(dist, `${who} moved ${dist} px in ${dt} s`).toBeLessThanOrEqual(
              (dt / 0.045 + 3) * 10 + 30,
            );
          }
          expect(out).toMatch(new RegExp(`^CHAT ${who}: hi at`, "m"));
        }
      }
      expect(log).toMatch(/join \d+ Ada/);
      expect(log).toMatch(/leave \d+ Bob/);
    } catch (e) {
      console.error(log);
      for (const b of bots) console.error(b.output());
      throw e;
    } finally {
      for (const b of bots) b.kill();
      server.kill("SIGKILL");
    }
  }, 90_000);
});
