import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// `npm start` must explain start-up problems in one clear line, not a stack trace.
const start = path.resolve(import.meta.dirname, "../../scripts/start.ts");

function run(env: Record<string, string>) {
  return spawnSync(process.execPath, [start], { env: { ...process.env, DATABASE_URL: "", ...env }, encoding: "utf8", timeout: 30_000, killSignal: "SIGKILL" });
}

describe("npm start", () => {
  it("says so when the port is taken", async () => {
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, r));
    const { port } = server.address() as net.AddressInfo;
    const result = run({ PORT: String(port) });
    server.close();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Port ${port} is already in use`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("says so when PORT is not a port number", () => {
    const result = run({ PORT: "web" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT must be a port number, got "web"');
  });

  it("says so when the data directory is unusable", async () => {
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, r));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((r) => server.close(r));
    // A regular file where the folder should be.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cohost-start-")), "not-a-dir");
    fs.writeFileSync(file, "");
    const result = run({ PORT: String(port), DATA_DIR: file });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`The data directory ${file} cannot be used`);
  });
});
