import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { GET as artifactRoute } from "@/app/api/meetings/[id]/artifacts/[file]/route";
import { POST as joinRoute } from "@/app/api/meetings/join/route";
import { launchBotBrowser } from "@/lib/bots/browser";
import { captureFailure } from "@/lib/bots/failure-artifacts";
import { dataDir } from "@/lib/config";
import { artifactPrefix } from "@/lib/meetings/meeting-artifacts";
import { openStorage } from "@/lib/storage/open-storage";
import { call } from "../http.ts";
import { createUser } from "../users.ts";
import { MEET_URL, userWithAgent } from "./fixtures.ts";

// Failure artifacts: a real page's screenshot and HTML kept for the meeting, and served to its owner
// only, the HTML sandboxed.

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBotBrowser({ headless: true });
  page = await browser.newPage();
  await page.setContent(`<h1>You can’t join this video call</h1><script>document.title = "Meet"</script>`);
});
afterAll(async () => {
  await browser?.close();
});

async function meetingOf(ctx: Awaited<ReturnType<typeof userWithAgent>>): Promise<string> {
  const res = await call(joinRoute, { headers: ctx.headers, body: { agentId: ctx.agent.id, meetingUrl: MEET_URL } });
  return res.body.id as string;
}

/** GET the artifact route as Next.js does, keeping the raw bytes. */
async function fetchArtifact(headers: Record<string, string>, id: string, file: string) {
  const response = await artifactRoute(new Request(`http://localhost:3000/api/meetings/${id}/artifacts/${file}`, { headers }), { params: Promise.resolve({ id, file }) });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("failure artifacts", () => {
  it("keeps a screenshot and the page's HTML and serves them to the meeting's owner", async () => {
    const owner = await userWithAgent();
    const id = await meetingOf(owner);
    const captured = await captureFailure(page, id, new Date("2026-08-21T10:15:30.123Z"));
    expect(captured.screenshot).toBe(`/api/meetings/${id}/artifacts/2026-08-21T10-15-30-123Z.png`);
    expect(captured.html).toBe(`/api/meetings/${id}/artifacts/2026-08-21T10-15-30-123Z.html`);
    // Written to the deployment's storage (lib/storage), where any machine's web process reads them.
    expect(captured.files).toEqual([`meeting-artifacts/${id}/2026-08-21T10-15-30-123Z.png`, `meeting-artifacts/${id}/2026-08-21T10-15-30-123Z.html`]);
    expect(await openStorage().list(artifactPrefix(id))).toEqual(captured.files.toSorted());

    const png = await fetchArtifact(owner.headers, id, "2026-08-21T10-15-30-123Z.png");
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.headers.get("cache-control")).toBe("private, max-age=3600");

    const html = await fetchArtifact(owner.headers, id, "2026-08-21T10-15-30-123Z.html");
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.bytes.toString()).toContain("You can’t join this video call");
    // The meeting client's scripts never run on our origin.
    expect(html.headers.get("content-security-policy")).toBe(
      "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    expect(html.headers.get("x-content-type-options")).toBe("nosniff");

    // A second capture in the same millisecond does not overwrite the first.
    const again = await captureFailure(page, id, new Date("2026-08-21T10:15:30.123Z"));
    expect(again.screenshot).toBe(`/api/meetings/${id}/artifacts/2026-08-21T10-15-30-123Z-1.png`);
  });

  it("is not found for anyone else, for names that are not artifacts, and for files that are gone", async () => {
    const owner = await userWithAgent();
    const id = await meetingOf(owner);
    await captureFailure(page, id, new Date("2026-08-21T11:00:00.000Z"));
    const stranger = await createUser();
    const file = "2026-08-21T11-00-00-000Z.png";

    const theirs = await fetchArtifact(stranger.headers, id, file);
    expect(theirs.status).toBe(404);
    expect(JSON.parse(theirs.bytes.toString())).toEqual({ error: "not_found", message: "Meeting not found" });
    for (const name of ["../../../etc/passwd", "..%2F..%2Fsecrets.json", "2026-08-21T11-00-00-000Z.txt", "x.png", "2026-08-21T11-00-00-000Z.png/..", ""]) {
      const res = await fetchArtifact(owner.headers, id, name);
      expect(res.status, name).toBe(404);
      expect(JSON.parse(res.bytes.toString()), name).toEqual({ error: "not_found", message: "Artifact not found" });
    }
    expect((await fetchArtifact(owner.headers, id, "2026-08-21T11-00-01-000Z.png")).status).toBe(404);
    expect((await fetchArtifact({}, id, file)).status).toBe(401);
    expect((await fetchArtifact(owner.headers, "no-such-meeting", file)).status).toBe(404);
  });

  it("keeps a meeting's last ten captures", async () => {
    const owner = await userWithAgent();
    const id = await meetingOf(owner);
    for (let i = 0; i < 12; i++) await captureFailure(page, id, new Date(Date.UTC(2026, 7, 21, 12, 0, i)));
    const files = (await openStorage().list(artifactPrefix(id))).map((key) => key.slice(artifactPrefix(id).length));
    expect(files).toHaveLength(20);
    expect(files[0]).toBe("2026-08-21T12-00-02-000Z.html");
    expect(files.at(-1)).toBe("2026-08-21T12-00-11-000Z.png");
  });

  it("keeps nothing of a closed page, without failing", async () => {
    const owner = await userWithAgent();
    const id = await meetingOf(owner);
    const closed = await browser.newPage();
    await closed.close();
    expect(await captureFailure(closed, id)).toEqual({ files: [] });
  });

  it("never throws, whatever goes wrong: a bot's teardown must go on", async () => {
    // A meeting id that cannot name a folder (it would leave the artifacts folder).
    await expect(captureFailure(page, "../../etc")).resolves.toEqual({ files: [] });
    // A meeting folder that cannot be made: a file is in the way.
    const owner = await userWithAgent();
    const id = await meetingOf(owner);
    const folder = path.join(dataDir(), "storage", artifactPrefix(id).slice(0, -1));
    fs.mkdirSync(path.dirname(folder), { recursive: true });
    fs.writeFileSync(folder, "not a folder");
    try {
      await expect(captureFailure(page, id)).resolves.toEqual({ files: [] });
    } finally {
      fs.rmSync(folder, { force: true });
    }
  });
});
