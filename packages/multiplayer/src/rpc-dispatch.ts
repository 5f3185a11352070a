import { ProtocolError } from "./errors.js";
import { announce } from "./path-cache.js";
import type { PeerState, SessionCore } from "./session-core.js";
import type { CallContext } from "./session-types.js";

// RPCs: sending a call (path announced first where the peer has not confirmed it), checking a
// received call against the declared node and method, and running its handler.

/** @internal `rpc_id`: the call to `to`'s peers, and locally for a `callLocal` method. */
export function sendRpc(
  core: SessionCore,
  to: number,
  path: string,
  method: string,
  args: readonly unknown[],
): void {
  const table = core.tables.get(path);
  const m = table?.byName.get(method);
  if (m === undefined) throw new Error(`no RPC method ${method} declared on ${path}`);
  const targets = core.targets(to);
  const id = core.paths.idOf(path);
  let all = true;
  for (const t of targets) if (!announce(core, t, path, id)) all = false;
  if (all) {
    const bytes = core.encode({ type: "remote-call", node: id, method: m.id, args });
    for (const t of targets) core.sendTo(t, bytes);
  } else {
    let confirmedBytes: Uint8Array | undefined;
    let pathBytes: Uint8Array | undefined;
    for (const t of targets) {
      if (t.confirmed.get(path) === true) {
        confirmedBytes ??= core.encode({
          type: "remote-call",
          node: id,
          method: m.id,
          args,
          nodeIdWidth: 4,
        });
        core.sendTo(t, confirmedBytes);
      } else {
        pathBytes ??= core.encode({ type: "remote-call", node: path, method: m.id, args });
        core.sendTo(t, pathBytes);
      }
    }
  }
  if (m.callLocal && (to === 0 || to === core.id || (to < 0 && -to !== core.id))) {
    dispatch(core, { peer: core.id, path, method }, args);
  }
}

/**
 * @internal A received call of `st` (directly, or relayed with `st` its source): `node` is a
 * path-cache id of the peer or a path. Checked, then dispatched.
 * @throws {ProtocolError} `unknown-path`, `unknown-method`, `not-allowed`.
 */
export function onCall(
  core: SessionCore,
  st: PeerState,
  node: number | string,
  method: number,
  args: readonly unknown[],
): void {
  const peer = st.id;
  const path = typeof node === "string" ? node : st.recv.get(node);
  const table = path === undefined ? undefined : core.tables.get(path);
  if (path === undefined || table === undefined) {
    throw new ProtocolError(`call on unknown node ${String(node)}`, {
      code: "unknown-path",
      peer,
      offset: 1,
    });
  }
  const m = table.methods[method];
  if (m === undefined) {
    throw new ProtocolError(`method id ${method} on ${path}`, {
      code: "unknown-method",
      peer,
      offset: 1,
    });
  }
  if (
    m.mode === "disabled" ||
    (m.mode === "authority" && peer !== (core.options.nodes?.[path]?.authority ?? 1))
  ) {
    throw new ProtocolError(`${m.name} on ${path} refuses peer ${peer}`, { code: "not-allowed", peer });
  }
  dispatch(core, { peer, path, method: m.name }, args);
}

function dispatch(core: SessionCore, ctx: CallContext, args: readonly unknown[]): void {
  core.events.emit("call", ctx, args);
  const handler = core.options.handlers?.[ctx.path]?.[ctx.method];
  if (handler === undefined) return;
  try {
    // The usual argument counts without a spread.
    const n = args.length;
    const r =
      n === 0
        ? handler(ctx)
        : n === 1
          ? handler(ctx, args[0])
          : n === 2
            ? handler(ctx, args[0], args[1])
            : handler(ctx, ...args);
    if (r instanceof Promise) r.catch((e) => handlerFailed(core, ctx, e));
  } catch (e) {
    handlerFailed(core, ctx, e);
  }
}

function handlerFailed(core: SessionCore, ctx: CallContext, e: unknown): void {
  core.events.emit(
    "error",
    new ProtocolError(`handler ${ctx.path}.${ctx.method} failed`, {
      code: "handler-failed",
      peer: ctx.peer,
      cause: e,
    }),
    false,
  );
}
