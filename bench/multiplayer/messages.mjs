// The game messages every multiplayer benchmark uses: the RPCs (all any_peer), their arguments
// as model values (what a server sends) and as plain JS (what msgpackr gets and what a session
// hands its handlers), and handlers that touch their arguments.
import { vector2 } from "@gdvariant/core";

const any = { mode: "any_peer" };
export const RPC = { move: any, chat: any, state: any };

export const MESSAGES = {
  move: {
    name: "move(Vector2, int)",
    model: [vector2(12.5, -3.25), 1042],
    js: [{ x: 12.5, y: -3.25 }, 1042],
  },
  chat: { name: "chat(String)", model: ["gg, well played! 🎮"], js: ["gg, well played! 🎮"] },
  state: {
    name: "state(Dictionary)",
    model: [
      {
        hp: 87,
        name: "Ada",
        pos: vector2(10, 20),
        inventory: ["sword", "shield", "potion"],
        gold: 1500,
        alive: true,
      },
    ],
    js: [
      {
        hp: 87,
        name: "Ada",
        pos: { x: 10, y: 20 },
        inventory: ["sword", "shield", "potion"],
        gold: 1500,
        alive: true,
      },
    ],
  },
};

/** Handlers that read their arguments into `sink.value` (so no call is optimized away). */
export function handlersInto(sink) {
  return {
    move: (_ctx, to, seq) => {
      sink.value += to.x + seq;
    },
    chat: (_ctx, text) => {
      sink.value += text.length;
    },
    state: (_ctx, s) => {
      sink.value += s.hp;
    },
  };
}
