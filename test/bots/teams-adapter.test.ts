import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBotBrowser } from "@/lib/bots/browser";
import { teamsAdapter } from "@/lib/bots/platforms/teams";
import { startBot, type BotUnderTest } from "./fixtures/bot-under-test";
import { checkChatInAndOut } from "./fixtures/chat-check";
import { PlatformFixture, until } from "./fixtures/platform-fixture";
import { LAUNCHER_PAGE, MICROSOFT_LOGIN_PAGE, teamsPage, type TeamsScenario } from "./fixtures/teams-fixture";
import { dbfs, sine } from "./pcm-stats";

// The Teams adapter in a real Chromium against fixture pages on Teams' real URLs: the launcher and
// the light-meeting flow, every join outcome, the call with its one mixed stream and the dominant
// speaker, the microphone, and the ways out.

const MEETUP = "https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0?context=%7b%22Tid%22%3a%22t%22%7d";
const LIVE = "https://teams.live.com/meet/9312345678901?p=SecretPass";
let browser: Browser;

beforeAll(async () => {
  browser = await launchBotBrowser({ headless: true });
});
afterAll(async () => {
  await browser?.close();
});

/** microsoftLogin: Teams sends the bot to Microsoft's sign-in; "blank" before its form renders. */
type Scenario = TeamsScenario & { microsoftLogin?: boolean | "blank" };

const redirect = (to: string) => ({ body: `<!doctype html><script>location.replace(${JSON.stringify(to)})</script>` });

const install = (scenario: Scenario) => (context: BrowserContext) =>
  PlatformFixture.install(context, ["https://teams.microsoft.com/**", "https://teams.live.com/**", "https://login.microsoftonline.com/**"], (url) => {
    if (url.hostname === "login.microsoftonline.com") return { body: scenario.microsoftLogin === "blank" ? "<!doctype html><title>Sign in</title><div id=app></div>" : MICROSOFT_LOGIN_PAGE };
    if (url.pathname.startsWith("/l/meetup-join/")) return { body: LAUNCHER_PAGE };
    // teams.live.com sends guests straight to the light meeting, keeping the passcode. (Redirects
    // happen in the page: Chromium does not follow a 302 that a route fulfils.)
    if (url.pathname.startsWith("/meet/")) return redirect(`/light-meetings/launch?anon=true&p=${url.searchParams.get("p")}`);
    if (url.pathname === "/light-meetings/launch") {
      return scenario.microsoftLogin ? redirect("https://login.microsoftonline.com/common/oauth2/authorize") : { body: teamsPage(scenario) };
    }
    return null;
  });

async function withBot(url: string, scenario: Scenario, fn: (bot: BotUnderTest) => Promise<void>, bridgeOpts: { mainAudioFallbackMs?: number } = {}) {
  const bot = await startBot(browser, teamsAdapter, url, install(scenario), bridgeOpts);
  try {
    await fn(bot);
  } finally {
    await bot.close();
  }
}

describe("Microsoft Teams adapter", () => {
  it("reads the chat (a name, never an identity) and writes in it (joinly teams.py)", async () => {
    await withBot(LIVE, { lobby: false }, async (bot) => {
      const result = await bot.join();
      if (result.kind !== "admitted") throw new Error(`not admitted: ${JSON.stringify(result)}`);
      await checkChatInAndOut(bot, result.session, "");
    });
  });

  it("continues on this browser, asks to join, waits in the lobby and, once in, follows the mixed stream's speaker", async () => {
    await withBot(MEETUP, { lobby: true }, async (bot) => {
      const joining = bot.join();
      await until("the lobby", () => bot.of("waiting_room").length > 0);
      // Launcher → light meeting → name, camera and microphone off, Join now.
      expect(bot.fixture.requests.map((u) => u.pathname)).toEqual([expect.stringMatching(/^\/l\/meetup-join\//), "/light-meetings/launch"]);
      expect(await bot.page.inputValue('[data-tid="prejoin-display-name-input"]')).toBe("Cohost Agent");
      expect(await bot.page.getAttribute('[data-tid="toggle-video"]', "aria-checked")).toBe("false");
      expect(await bot.fixture.state()).toMatchObject({ screen: "lobby", micMuted: true, micEnabled: false });
      // The lobby keeps a hang-up button: still waiting, not admitted.
      await bot.page.waitForTimeout(800);
      expect(bot.events).toEqual([{ type: "waiting_room", waitingFor: "admission" }]);

      await bot.fixture.command("admit");
      const result = await joining;
      expect(result.kind).toBe("admitted");
      if (result.kind !== "admitted") return;
      await until("tips dismissed", async () => (await bot.fixture.state()).dialogs.length === 0);

      const mix = await bot.fixture.addParticipant("a", "Ada Lovelace", 440);
      expect(await bot.fixture.addParticipant("b", "Alan Turing", 1000)).toBe(mix);
      const roster = await until("the roster", () => bot.of("participants").find((e) => e.participants.length === 3));
      expect(roster.participants.map((p) => [p.name, p.isSelf]).sort()).toEqual([
        ["Ada Lovelace", false],
        ["Alan Turing", false],
        ["Cohost Agent", true],
      ]);

      // Only the played mix is heard, never the unplayed copy.
      await until("the mix", () => bot.frames.filter((f) => dbfs(f.samples) > -30).length >= 25);
      const unplayed = await bot.fixture.command<string>("unplayedStreamId");
      expect(unplayed).toBeTruthy();
      await bot.page.waitForTimeout(500);
      expect(new Set(bot.frames.map((f) => f.speakerId))).toEqual(new Set([mix]));
      // ...taken as the remote track of Teams' mainAudio stream (Attendee, Vexa), the only one captured.
      expect(mix).toMatch(/^mainAudio/);
      expect(bot.tracks.map((t) => [t.speakerId, t.origin])).toEqual([[mix, "peer"]]);

      // The dominant speaker carries the mix.
      await bot.fixture.command("speak", "b");
      const speaker = await until("Alan speaking", () => bot.of("active_speaker").find((e) => e.participantId !== null));
      expect(speaker.participantId).toBe("participant-b");
      const attributed = await until("attribution", () => bot.of("participants").findLast((e) => e.participants.some((p) => p.speakerIds.length)));
      expect(attributed.participants.find((p) => p.name === "Alan Turing")?.speakerIds).toEqual([mix]);
      await bot.fixture.command("speak", "a");
      await until("Ada carries the mix", () =>
        bot.of("participants").at(-1)?.participants.find((p) => p.name === "Ada Lovelace")?.speakerIds.includes(mix),
      );

      // Microphone: Teams' own button, read back.
      await result.session.setMicrophone(true);
      expect(await bot.fixture.state()).toMatchObject({ micMuted: false, micEnabled: true });
      bot.bridge.play(sine(500, 3000, 16_000), 16_000);
      await until("the meeting to hear the agent", async () => (await bot.fixture.state()).micLevel > 0.1);
      await result.session.setMicrophone(false);
      expect(await bot.page.getAttribute("#microphone-button", "aria-label")).toBe("Unmute mic");
      bot.bridge.clear();

      await result.session.leave();
      expect((await bot.fixture.state()).screen).toBe("left");
      expect(bot.of("ended")).toEqual([]);
    });
  });

  it("joins a teams.live.com link through the light-meeting flow, keeping its passcode", async () => {
    await withBot(LIVE, { lobby: false }, async (bot) => {
      const result = await bot.join();
      expect(result.kind).toBe("admitted");
      expect(bot.fixture.requests[0].searchParams.get("p")).toBe("SecretPass");
      expect(bot.fixture.requests[1].pathname).toBe("/light-meetings/launch");
      expect(bot.events[0]).toEqual({ type: "admitted" });
    });
  });

  it.each([
    [{ start: "notFound" }, "not_found"],
    [{ start: "signIn" }, "login_required"],
    [{ start: "captcha" }, "captcha"],
    [{ microsoftLogin: true }, "login_required"],
  ] as const)("fails on %j with %s", async (scenario, reason) => {
    await withBot(MEETUP, scenario, async (bot) => {
      expect(await bot.join()).toMatchObject({ kind: "failed", reason });
    });
  });

  it.each([
    [{ noAvModal: "before", modalInFrame: true }],
    [{ noAvModal: "after" }],
    [{ noAvModal: "after", modalInFrame: true }],
  ] as const)("confirms Teams' 'Continue without audio or video' (%j) and gets in", async (scenario) => {
    await withBot(LIVE, { lobby: true, ...scenario }, async (bot) => {
      const joining = bot.join();
      await until("the lobby", () => bot.of("waiting_room").length > 0);
      await bot.fixture.command("admit");
      expect((await joining).kind).toBe("admitted");
    });
  });

  it("chooses Computer audio where Teams remembered 'Don't use audio', so the call is heard", async () => {
    await withBot(LIVE, { audioOff: true }, async (bot) => {
      expect((await bot.join()).kind).toBe("admitted");
      await bot.fixture.addParticipant("a", "Ada Lovelace", 440);
      await until("the call's audio", () => bot.frames.filter((f) => dbfs(f.samples) > -30).length >= 10);
    });
  });

  it("takes every remote track when no mainAudio track comes, rather than hearing nothing", async () => {
    await withBot(
      LIVE,
      { noMainAudio: true },
      async (bot) => {
        expect((await bot.join()).kind).toBe("admitted");
        const mix = await bot.fixture.addParticipant("a", "Ada Lovelace", 440);
        await until("the call's audio", () => bot.frames.filter((f) => f.speakerId === mix && dbfs(f.samples) > -30).length >= 10);
        expect(bot.tracks.every((t) => t.origin === "peer")).toBe(true);
      },
      { mainAudioFallbackMs: 1_000 },
    );
  });

  it("names a sign-in redirect by its address, before the sign-in form renders", async () => {
    await withBot(MEETUP, { microsoftLogin: "blank" }, async (bot) => {
      expect(await bot.join()).toMatchObject({ kind: "failed", reason: "login_required", detail: expect.stringContaining("sign-in page") });
    });
  });

  it("fails on Teams' end-to-end encryption screen with its own reason", async () => {
    await withBot(LIVE, { start: "encrypted" }, async (bot) => {
      expect(await bot.join()).toMatchObject({ kind: "failed", reason: "encryption_unsupported" });
    });
  });

  it("keeps Teams' (Guest) marker in a name, and follows the speaker by the outline's vdi-frame-occlusion", async () => {
    await withBot(LIVE, { lobby: false }, async (bot) => {
      expect((await bot.join()).kind).toBe("admitted");
      await bot.fixture.addParticipant("g", "Grace Hopper (Guest)", 440);
      const roster = await until("the roster", () => bot.of("participants").find((e) => e.participants.length === 2));
      expect(roster.participants.map((p) => p.name).sort()).toEqual(["Cohost Agent", "Grace Hopper (Guest)"]);
      await bot.fixture.command("speak", "g");
      await until("Grace speaking", () => bot.of("active_speaker").some((e) => e.participantId === "participant-g"));
    });
  });

  it("is refused from the lobby", async () => {
    await withBot(LIVE, { lobby: true }, async (bot) => {
      const joining = bot.join();
      await until("the lobby", () => bot.of("waiting_room").length > 0);
      await bot.fixture.command("deny");
      expect(await joining).toMatchObject({ kind: "failed", reason: "denied" });
    });
  });

  it("waits for the organiser to start the meeting, then for the lobby, each with the full timeout", async () => {
    await withBot(LIVE, { start: "waitingForHost" }, async (bot) => {
      const joining = bot.join({ waitingRoomTimeoutMs: 2_500 });
      await until("waiting for the host", () => bot.of("waiting_room").length > 0);
      await bot.page.waitForTimeout(1_500);
      await bot.fixture.command("hostJoins");
      expect(await joining).toMatchObject({ kind: "failed", reason: "waiting_room_timeout" });
      expect(bot.of("waiting_room")).toEqual([{ type: "waiting_room", waitingFor: "host" }]);
    });
  });

  it.each([
    ["remove", "removed"],
    ["removeRetry", "removed"],
    ["end", "meeting_ended"],
    ["callEnded", "meeting_ended"],
    ["encrypt", "encryption_unsupported"],
  ] as const)("reports %s in the call as %s", async (command, reason) => {
    await withBot(LIVE, { lobby: false }, async (bot) => {
      expect((await bot.join()).kind).toBe("admitted");
      await bot.fixture.command(command);
      await until("the end", () => bot.of("ended").length > 0);
      expect(bot.of("ended")).toEqual([{ type: "ended", reason }]);
    });
  });
});
