// The page's worker: every request runs the session (session.ts) here, so the page stays
// responsive while a large dump is read. Progress is posted at most every 50 ms.
import type { Answer, Request, ViewModel, WorkerMessage } from "./model.js";
import { Session, UserError } from "./session.js";

const session = new Session();
const post = (m: WorkerMessage, transfer: Transferable[] = []) =>
  (self as unknown as Worker).postMessage(m, transfer);

/** The large arrays of a model move to the page instead of being copied. */
function transfers(m: ViewModel): Transferable[] {
  const list = [
    m.nodes.start.buffer,
    m.nodes.end.buffer,
    m.nodes.parent.buffer,
    m.nodes.kind.buffer,
    m.bytes.part.buffer,
    m.binary.buffer,
    ...(m.bytes.byEnd ? [m.bytes.byEnd.buffer] : []),
    ...(m.bytes.node ? [m.bytes.node.buffer] : []),
  ];
  return list as Transferable[];
}

async function answer(id: number, req: Request): Promise<[Answer, Transferable[]]> {
  let last = 0;
  let phase = "";
  const progress = (p: string, fraction?: number) => {
    const now = performance.now();
    if (p === phase && now - last < 50) return;
    phase = p;
    last = now;
    post({ id, progress: { phase: p, ...(fraction !== undefined ? { fraction } : {}) } });
  };
  switch (req.type) {
    case "open": {
      const model = await session.open(req.name, req.bytes, req.secret, req.choices, progress);
      return [{ type: "model", model }, transfers(model)];
    }
    case "reread": {
      const model = session.reread(req.choices, progress);
      return [{ type: "model", model }, transfers(model)];
    }
    case "children":
      return [{ type: "rows", rows: session.children(req.node) }, []];
    case "text":
      return [{ type: "text", ...session.text(req.record, req.syntax) }, []];
    case "edit": {
      const r = session.edit(req.record, req.text, req.syntax, req.choices, progress);
      return [{ type: "edited", model: r.model, message: r.message, groups: [] }, transfers(r.model)];
    }
    case "convert": {
      const r = session.convert(req.target, req.choices, progress);
      return [{ type: "edited", model: r.model, message: r.message, groups: r.groups }, transfers(r.model)];
    }
    case "download": {
      const r = session.download(req.secret);
      return [{ type: "bytes", bytes: r.bytes, name: r.name }, []];
    }
  }
}

self.addEventListener("message", async (e: MessageEvent<{ id: number; req: Request }>) => {
  const { id, req } = e.data;
  try {
    const [a, t] = await answer(id, req);
    post({ id, answer: a }, t);
  } catch (err) {
    if (err instanceof UserError) {
      const a: Answer =
        req.type === "open"
          ? { type: "layers-failed", state: err.state, message: err.message }
          : { type: "failed", message: err.message };
      post({ id, answer: a });
    } else
      post({
        id,
        answer: {
          type: "failed",
          message: `Something went wrong reading this file: ${(err as Error).message}`,
        },
      });
  }
});
