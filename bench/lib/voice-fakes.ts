// The voice fakes (and the test MCP server, whose slow_lookup takes BENCH_TOOL_MS) in a process of
// their own for the voice benches, so the bench's CPU figures are the session's alone. Prints one
// JSON line with where they listen, then serves until killed.
import { startMcpFake } from "../../test/fakes/mcp/server.ts";
import { startVoiceFakes } from "../../test/fakes/voice/server.ts";

const [fakes, mcp] = await Promise.all([startVoiceFakes(), startMcpFake({ slowMs: Number(process.env.BENCH_TOOL_MS || 100) })]);
process.stdout.write(`${JSON.stringify({ url: fakes.url, env: fakes.env, compatibleBaseUrl: fakes.compatibleBaseUrl, validKey: fakes.validKey, mcpUrl: mcp.url })}\n`);
process.on("SIGTERM", () => void Promise.all([fakes.close(), mcp.close()]).then(() => process.exit(0)));
