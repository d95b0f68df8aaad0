import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { ensureSecret } from "../lib/secrets-bootstrap";
import { nextStartArgs } from "../scripts/next-start";
import { test, expect, createAgentViaApi, topUp } from "./fixtures";
import { launchPerson } from "./support/media";
import { E2E } from "./support/ports";
import { control, speechWav, TEXT } from "./support/voice";

// Issue 17's fault: the web server is SIGKILLed in the middle of a test-room call and is back about
// 25 s later. The call is peer to peer (the browsers' WebRTC connections, the person's and the
// bot's), so it goes on; the pages say they are reconnecting, their event streams come back with
// their keys, and signalling works again (a person joining afterwards connects to everyone).
//
// The stack's own web server is not killed (every other test needs it): this test starts a second
// `next start` of the same build on the same database and secrets, which it may kill, and its rooms'
// links point at that server. The stack's worker runs the bot, as for any meeting.

const root = path.resolve(import.meta.dirname, "..");
const PORT = E2E.appPort + 50;
const URL_BASE = `http://localhost:${PORT}`;

function startWeb(log: fs.WriteStream): ChildProcess {
  const dataDir = path.join(root, E2E.dataDir);
  const { databaseUrl } = JSON.parse(fs.readFileSync(path.join(root, E2E.stateFile), "utf8")) as { databaseUrl: string };
  const web = spawn(process.execPath, nextStartArgs(root, PORT), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-e2e",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      APP_URL: URL_BASE,
      NEXTAUTH_URL: URL_BASE,
      NEXTAUTH_SECRET: ensureSecret("NEXTAUTH_SECRET", dataDir),
      APP_ENCRYPTION_KEY: ensureSecret("APP_ENCRYPTION_KEY", dataDir),
      COHOST_ENV: "test",
      RATE_LIMIT_AUTH_IP: "10000/60",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  web.stdout!.pipe(log, { end: false });
  web.stderr!.pipe(log, { end: false });
  return web;
}

async function healthy(): Promise<void> {
  await expect
    .poll(async () => (await fetch(`${URL_BASE}/api/health`).catch(() => null))?.status ?? 0, { timeout: 60_000, intervals: [250] })
    .toBe(200);
}

const rosterItem = (page: Page, name: string) => page.getByRole("list", { name: "In the room" }).getByRole("listitem").filter({ hasText: name });

test("the web server killed mid-call and back 25 s later: the call goes on, the agent answers, and a person joining afterwards connects", async ({ signedIn: setup }, testInfo) => {
  test.setTimeout(300_000);
  const log = fs.createWriteStream(testInfo.outputPath("web.log"));
  let web = startWeb(log);
  // Ada asks before the restart; Bob, who joins after it, asks a few seconds after he is in (a
  // microphone file starts playing when the page opens the microphone).
  const person = await launchPerson({ wav: speechWav([3000, "hey-cohost-agenda.wav", 120_000]) });
  const latecomer = await launchPerson({ wav: speechWav([6000, "hey-cohost-agenda.wav", 30_000]) });
  try {
    await healthy();
    await control("reset");
    // Every utterance asks the agent (however the fixture's pauses split it into turns), and it answers.
    await control("script", { stt: Array(8).fill(TEXT.agenda), ai: Array(8).fill("The roadmap review is first, then the budget.") });
    await topUp(setup.request, 10);
    const agent = await createAgentViaApi(setup.request, { name: "Cohost" });
    // The room and the meeting on the server that will be killed (its APP_URL names the room links).
    const room = (await (await setup.request.post(`${URL_BASE}/api/rooms`)).json()) as { url: string };
    expect(room.url.startsWith(`${URL_BASE}/rooms/`)).toBe(true);
    const sent = await setup.request.post(`${URL_BASE}/api/meetings/join`, { data: { agentId: agent.id, meetingUrl: room.url, title: "Restart check" } });
    expect(sent.status(), await sent.text()).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    const status = async () => ((await (await setup.request.get(`/api/meetings/${id}/details`)).json()) as { status: string; statusReason: string | null });
    await expect.poll(async () => (await status()).status, { timeout: 60_000 }).toBe("in_progress");

    const ada = await (await person.newContext({ baseURL: URL_BASE })).newPage();
    await ada.context().addCookies([{ name: "cookie-consent", value: "false", url: URL_BASE }]);
    await ada.goto(room.url);
    await ada.getByLabel("Your name").fill("Ada");
    await ada.getByRole("button", { name: "Join", exact: true }).click();
    await expect(rosterItem(ada, "Cohost")).toBeVisible({ timeout: 20_000 });
    const transcript = ada.getByRole("log", { name: "Live transcript" });
    const agentLines = () => transcript.getByRole("listitem").filter({ has: ada.getByText("Agent", { exact: true }) }).count();
    await expect.poll(agentLines, { timeout: 40_000 }).toBeGreaterThan(0);
    await expect(rosterItem(ada, "Cohost")).not.toContainText("Speaking", { timeout: 20_000 });

    // The web server dies.
    web.kill("SIGKILL");
    await new Promise((resolve) => web.once("exit", resolve));
    await expect(ada.getByRole("status").filter({ hasText: "Reconnecting to Cohost…" })).toBeVisible({ timeout: 15_000 });
    // About 25 s without it: the meeting stays in progress (the worker writes to the database).
    await ada.waitForTimeout(25_000);
    expect(await status()).toEqual(expect.objectContaining({ status: "in_progress" }));
    await expect(rosterItem(ada, "Cohost")).toBeVisible();
    await expect(ada.getByText("The connection to the room was lost.")).toHaveCount(0);

    // Back: the streams resume, nobody was dropped.
    web = startWeb(log);
    await healthy();
    await expect(ada.getByRole("status").filter({ hasText: "Reconnecting to Cohost…" })).toHaveCount(0, { timeout: 20_000 });
    await expect(rosterItem(ada, "Cohost")).toBeVisible();
    const answeredBefore = await agentLines();

    // Signalling works again: someone joining now connects to Ada and to the agent.
    const bob = await (await latecomer.newContext({ baseURL: URL_BASE })).newPage();
    await bob.context().addCookies([{ name: "cookie-consent", value: "false", url: URL_BASE }]);
    await bob.goto(room.url);
    await bob.getByLabel("Your name").fill("Bob");
    await bob.getByRole("button", { name: "Join", exact: true }).click();
    // Bob asks a few seconds after joining: the agent hears him and answers, and both hear it (their
    // pages measure its voice: Ada's over the connection that outlived the restart, Bob's over the
    // one made after it). Watched from now on, while the connections are checked.
    const bothHear = Promise.all([
      expect(rosterItem(ada, "Cohost")).toContainText("Speaking", { timeout: 60_000 }),
      expect(rosterItem(bob, "Cohost")).toContainText("Speaking", { timeout: 60_000 }),
    ]);
    for (const name of ["Ada", "Cohost"]) {
      await expect(rosterItem(bob, name)).toBeVisible({ timeout: 20_000 });
      await expect(rosterItem(bob, name)).not.toContainText(/Connecting…|No connection/, { timeout: 20_000 });
    }
    await expect(rosterItem(ada, "Bob")).not.toContainText(/Connecting…|No connection/, { timeout: 20_000 });
    await bothHear;
    // The answer reaches the room's transcript.
    await expect.poll(agentLines, { timeout: 30_000 }).toBeGreaterThan(answeredBefore);
    expect(await status()).toEqual(expect.objectContaining({ status: "in_progress" }));
    await setup.request.post(`/api/meetings/${id}/stop`);
  } finally {
    await person.close();
    await latecomer.close();
    web.kill("SIGKILL");
    log.end();
  }
});
