// The voice fakes in a process of their own for bench:pipeline, so the bench's CPU figures are the
// session's alone. Prints one JSON line with where they listen, then serves until killed.
import { startVoiceFakes } from "../../test/fakes/voice/server.ts";

const fakes = await startVoiceFakes();
process.stdout.write(`${JSON.stringify({ url: fakes.url, env: fakes.env, compatibleBaseUrl: fakes.compatibleBaseUrl, validKey: fakes.validKey })}\n`);
process.on("SIGTERM", () => void fakes.close().then(() => process.exit(0)));
