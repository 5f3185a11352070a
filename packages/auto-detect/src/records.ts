import { type RecordChain, walkRecords } from "@gdvariant/core";

// Length-prefixed framing (store_var files, StreamPeer.put_var and PacketPeerStream streams) is
// walked by core (walkRecords). The chain must land exactly on the end of the input; it is
// followed before any Variant is read, so inputs that are not length-prefixed cost a few words.

/**
 * The chain of length words from offset 0, or undefined when the first word cannot start a
 * record (the input is under 8 bytes, or the word is under 4 or longer than the input): the
 * common case for a raw dump, which is then no length-prefixed guess at all.
 */
export function followChain(bytes: Uint8Array, bigEndian: boolean): RecordChain | undefined {
  if (bytes.length < 8) return undefined;
  const chain = walkRecords(bytes, { bigEndian });
  return chain.count === 0 && chain.stop?.offset === 0 ? undefined : chain;
}
