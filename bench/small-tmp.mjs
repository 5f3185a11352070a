import * as g4 from "@gdvariant/godot-4";
import { Packr, unpack } from "msgpackr";
import { smallMessage } from "/work/main/bench/src/small-message.mjs";
const which = process.argv[2];
const bytes = g4.encode(smallMessage());
const plain = g4.decodeJS(bytes);
const packr = new Packr({ useRecords: false });
const mp = packr.pack(plain);
const fns = {
  djs: () => g4.decodeJS(bytes),
  dec: () => g4.decode(bytes),
  enc: () => g4.encode(plain),
  encm: () => g4.encode(g4.decode(bytes)),
  unpack: () => unpack(mp),
  pack: () => packr.pack(plain),
};
const f = fns[which];
let sink;
for (let r = 0; r < 5; r++) {
  const t = performance.now();
  for (let i = 0; i < 200000; i++) sink = f();
  const dt = performance.now() - t;
  if (r >= 2) console.log(which, ((dt * 1000) / 200000).toFixed(3), "µs");
}
