import type http from "node:http";
import type { WebSocket } from "ws";
import type { FakeState, SeenRequest } from "./state.ts";

/** One request as a fake sees it, after routing. */
export interface FakeCall {
  state: FakeState;
  /** The URL prefix that names the provider ("openai", "openai-compatible", …). */
  provider: string;
  url: URL;
  /** Captures of the route's pattern. */
  params: string[];
  req: http.IncomingMessage;
  seen: SeenRequest;
}

export interface HttpRoute {
  method: "GET" | "POST";
  /** Matched against the path after the provider prefix. */
  pattern: RegExp;
  surface: string;
  handle(call: FakeCall, res: http.ServerResponse): Promise<void> | void;
}

export interface WsRoute {
  pattern: RegExp;
  surface: string;
  /** Refuses the upgrade (status + body, as the provider does for a bad key) or accepts it (null). */
  refuse?(call: FakeCall): { status: number; body: unknown; headers?: Record<string, string> } | null;
  handle(ws: WebSocket, call: FakeCall): void;
}
