import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import type { BotSessionProvider } from "@/lib/agents/bot-session-scope";
import { launchBotBrowser, newBotContext, type BotSession } from "@/lib/bots/browser";
import { meetAdapter } from "@/lib/bots/platforms/meet";
import { teamsAdapter } from "@/lib/bots/platforms/teams";
import { signInExpired } from "@/lib/bots/run/bot-session";
import { startBot, type BotUnderTest } from "./fixtures/bot-under-test";
import { meetPage, type MeetScenario } from "./fixtures/meet-fixture";
import { PlatformFixture, until } from "./fixtures/platform-fixture";
import { FIXTURE_ACCOUNT, fixtureSession, requestCookies, signedInAccount } from "./fixtures/signed-in";
import { LAUNCHER_PAGE, teamsPage, type TeamsScenario } from "./fixtures/teams-fixture";

// Signed-in bots (issue 27) on the Meet and Teams fixtures: a meeting that admits only signed-in
// accounts is joined with the agent's stored session, and refused without one or with one the
// provider has ended (the run then says the bot's sign-in expired). A session goes only to its own
// provider's sites.

const MEET = "https://meet.google.com/abc-defg-hij";
const TEAMS = "https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0?context=%7b%22Tid%22%3a%22t%22%7d";
let browser: Browser;

beforeAll(async () => {
  browser = await launchBotBrowser({ headless: true });
});
afterAll(async () => {
  await browser?.close();
});

/** Every cookie the platform's server received, per request. */
type Seen = Map<string, string>[];

const installMeet = (scenario: MeetScenario, seen: Seen) => (context: BrowserContext) =>
  PlatformFixture.install(context, ["https://meet.google.com/**"], async (url, route) => {
    seen.push(await requestCookies(route));
    if (!/^\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/.test(url.pathname)) return null;
    return { body: meetPage({ ...scenario, signedInAs: await signedInAccount(route, "google") }) };
  });

const installTeams = (scenario: TeamsScenario, seen: Seen) => (context: BrowserContext) =>
  PlatformFixture.install(context, ["https://teams.microsoft.com/**"], async (url, route) => {
    seen.push(await requestCookies(route));
    if (url.pathname.startsWith("/l/meetup-join/")) return { body: LAUNCHER_PAGE };
    if (url.pathname === "/light-meetings/launch") return { body: teamsPage({ ...scenario, signedInAs: await signedInAccount(route, "microsoft") }) };
    return null;
  });

const session = (provider: BotSessionProvider, opts: Parameters<typeof fixtureSession>[1] = {}): BotSession => ({ provider, state: fixtureSession(provider, opts) });

async function withBot(which: "meet" | "teams", scenario: MeetScenario & TeamsScenario, botSession: BotSession | undefined, fn: (bot: BotUnderTest, seen: Seen) => Promise<void>) {
  const seen: Seen = [];
  const bot =
    which === "meet"
      ? await startBot(browser, meetAdapter, MEET, installMeet(scenario, seen), {}, botSession)
      : await startBot(browser, teamsAdapter, TEAMS, installTeams(scenario, seen), {}, botSession);
  try {
    await fn(bot, seen);
  } finally {
    await bot.close();
  }
}

describe("Signed-in bots on Google Meet", () => {
  it("joins a meeting for signed-in accounts as the account: no name field, Ask to join, the account's tile is the bot's", async () => {
    await withBot("meet", { requireSignIn: true, lobby: true }, session("google"), async (bot, seen) => {
      // The run passes the account's name (the owner's label) as the bot's name.
      const joining = bot.join({ name: FIXTURE_ACCOUNT });
      await until("the lobby", () => bot.of("waiting_room").length > 0);
      expect(seen[0].get("SID")).toBe("fixture-google-session");
      expect(await bot.page.isVisible('input[aria-label="Your name"]')).toBe(false);
      expect(await bot.page.textContent("#account")).toBe(`Joining as ${FIXTURE_ACCOUNT}`);
      await bot.fixture.command("admit");
      const result = await joining;
      expect(result.kind).toBe("admitted");
      await bot.fixture.addParticipant("spaces/x/devices/1", "Ada Lovelace", 440);
      const roster = await until("the roster", () => bot.of("participants").find((e) => e.participants.length === 2));
      expect(roster.participants.map((p) => [p.name, p.isSelf]).sort()).toEqual([
        ["Ada Lovelace", false],
        [FIXTURE_ACCOUNT, true],
      ]);
    });
  });

  it("without a session, a meeting for signed-in accounts fails login_required", async () => {
    await withBot("meet", { requireSignIn: true }, undefined, async (bot, seen) => {
      const result = await bot.join();
      expect(result).toMatchObject({ kind: "failed", reason: "login_required" });
      expect(seen[0].size).toBe(0);
      // The run's reading: no session carried, so the plain reason stays.
      expect(signInExpired(result, null)).toMatchObject({ reason: "login_required" });
    });
  });

  it("with a session Google has ended, the platform asks to sign in, which the run reads as the bot's sign-in expired", async () => {
    await withBot("meet", { requireSignIn: true }, session("google", { ended: true }), async (bot) => {
      const result = await bot.join();
      expect(result).toMatchObject({ kind: "failed", reason: "login_required" });
      const carried = { ...session("google"), uploadedAt: new Date(), label: FIXTURE_ACCOUNT };
      expect(signInExpired(result, carried)).toMatchObject({ kind: "failed", reason: "bot_sign_in_expired", detail: expect.stringContaining("signed-in session") });
    });
  });

  it("a Microsoft session is not loaded for a Meet meeting (a stored secret goes only to its own origin)", async () => {
    await withBot("meet", { requireSignIn: true }, session("microsoft"), async (bot, seen) => {
      expect(await bot.context.cookies()).toEqual([]);
      expect(await bot.join()).toMatchObject({ kind: "failed", reason: "login_required" });
      expect(seen.every((cookies) => cookies.size === 0)).toBe(true);
    });
  });
});

describe("Signed-in bots on Microsoft Teams", () => {
  it("joins a meeting for signed-in users through the signed-in pre-join, and knows its own tile by the account's name", async () => {
    await withBot("teams", { requireSignIn: true }, session("microsoft"), async (bot) => {
      const result = await bot.join({ name: FIXTURE_ACCOUNT });
      expect(result.kind).toBe("admitted");
      expect(await bot.page.isVisible('[data-tid="prejoin-display-name-input"]')).toBe(false);
      expect(await bot.page.textContent("#account")).toBe(`Signed in as ${FIXTURE_ACCOUNT}`);
      await bot.fixture.addParticipant("ada", "Ada Lovelace", 440);
      const roster = await until("the roster", () => bot.of("participants").find((e) => e.participants.length === 2));
      expect(roster.participants.find((p) => p.name === FIXTURE_ACCOUNT)?.isSelf).toBe(true);
    });
  });

  it.each([
    ["no session", undefined],
    ["a session Microsoft has ended", session("microsoft", { ended: true })],
    ["a Google session", session("google")],
  ] as const)("with %s, a meeting for signed-in users fails login_required", async (_what, botSession) => {
    await withBot("teams", { requireSignIn: true }, botSession, async (bot, seen) => {
      expect(await bot.join()).toMatchObject({ kind: "failed", reason: "login_required" });
      if (botSession?.provider !== "microsoft") expect(seen.every((cookies) => cookies.size === 0)).toBe(true);
    });
  });
});

describe("What a signed-in bot's browser context carries", () => {
  it("only the provider's own cookies and origins, and only for its platform", async () => {
    const foreign = { name: "track", value: "x", domain: ".example.com", path: "/", expires: -1, httpOnly: false, secure: true, sameSite: "Lax" as const };
    const lookalike = { ...foreign, name: "phish", domain: "google.com.evil.example" };
    const state = fixtureSession("google", { extraCookies: [foreign, lookalike] });
    state.origins = [
      { origin: "https://meet.google.com", localStorage: [{ name: "k", value: "v" }] },
      { origin: "https://example.com", localStorage: [{ name: "stolen", value: "v" }] },
    ];
    const meet = await newBotContext(browser, { platform: "meet", url: MEET }, { session: { provider: "google", state } });
    try {
      expect((await meet.cookies()).map((c) => [c.name, c.domain])).toEqual([["SID", ".google.com"]]);
      expect((await meet.storageState()).origins.map((o) => o.origin)).toEqual(["https://meet.google.com"]);
    } finally {
      await meet.close();
    }
    for (const platform of ["teams", "zoom", "room"]) {
      const other = await newBotContext(browser, { platform, url: platform === "teams" ? TEAMS : "https://app.zoom.us/wc/1/join" }, { session: { provider: "google", state } });
      try {
        expect(await other.cookies()).toEqual([]);
      } finally {
        await other.close();
      }
    }
  });
});
