/**
 * @gdvariant/node: Godot Variant streams on Node sockets and streams. `attachVariantSocket` turns
 * a `net.Socket` into a reader and writer of values in the format of Godot's
 * `StreamPeerTCP.put_var` / `get_var` and `PacketPeerStream`; `createVariantDecoder` and
 * `createVariantEncoder` are the same as Node `Transform`s. Built on `@gdvariant/core`'s
 * `StreamDecoder`; takes any dialect (`@gdvariant/godot-4`, `@gdvariant/godot-3`, ...).
 * @packageDocumentation
 */

export { createVariantDecoder, createVariantEncoder } from "./node-streams.js";
export {
  attachVariantSocket,
  connectVariantSocket,
  VariantSocket,
  type VariantSocketOptions,
  writeWithBackPressure,
} from "./variant-socket.js";
