// Compile-time check: ws's classes fit the structural types the package takes.
import { type ClientOptions, createServer } from "@gdvariant/multiplayer";
import { WebSocket, WebSocketServer } from "ws";

export function typesFit(): void {
  const options: ClientOptions = { WebSocket };
  void options;
  void createServer({ webSocketServer: new WebSocketServer({ noServer: true }) });
}
