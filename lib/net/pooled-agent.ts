import http from "node:http";
import https from "node:https";
import { guardedLookup } from "./private-address.ts";

// The one connection pool of outbound HTTP(S), kept alive: a voice turn reuses the TLS connection the
// previous turn (or the prewarm) opened, a meeting's tool calls the one its MCP session opened, a busy
// webhook endpoint its own. Idle sockets are kept two minutes, the pause between two turns. Guarded
// and unguarded requests never share a socket: the guarded pool resolves names through guardedLookup
// when it connects, so a socket opened without the private-address check never serves a guarded call.
const agents = new Map<string, http.Agent>();

export function pooledAgent(protocol: string, guarded: boolean): http.Agent {
  const key = `${protocol}|${guarded}`;
  let agent = agents.get(key);
  if (!agent) {
    const options: https.AgentOptions = { keepAlive: true, keepAliveMsecs: 15_000, maxSockets: 64, maxFreeSockets: 16, timeout: 120_000 };
    if (guarded) options.lookup = guardedLookup;
    agent = protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}
