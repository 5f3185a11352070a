// The small message of the bench: what a game server gets many times a second, a dictionary
// of a few ints, floats, strings and a Vector2 (about 100 bytes on the wire).
export function smallMessage() {
  return {
    id: 1042,
    hp: 87,
    name: "ranger",
    pos: { kind: "vector2", x: 12.5, y: -3.25 },
    speed: 4.75,
    alive: true,
  };
}
