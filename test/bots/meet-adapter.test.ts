import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBotBrowser } from "@/lib/bots/browser";
import { meetAdapter } from "@/lib/bots/platforms/meet";
import { startBot, type BotUnderTest } from "./fixtures/bot-under-test";
import { meetPage, type MeetScenario } from "./fixtures/meet-fixture";
import { checkChatInAndOut } from "./fixtures/chat-check";
import { PlatformFixture, until } from "./fixtures/platform-fixture";
import { dbfs, sine } from "./pcm-stats";

// The Meet adapter in a real Chromium against fixture pages served on https://meet.google.com
// (test/bots/fixtures/meet-fixture.ts): every join outcome, the lobby, the call (roster, speaker,
// audio both ways, the microphone), and every way out.

const URL_ = "https://meet.google.com/abc-defg-hij";
let browser: Browser;

beforeAll(async () => {
  browser = await launchBotBrowser({ headless: true });
});
afterAll(async () => {
  await browser?.close();
});

const install = (scenario: MeetScenario) => (context: BrowserContext) =>
  PlatformFixture.install(context, ["https://meet.google.com/**"], (url) => (/^\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/.test(url.pathname) ? { body: meetPage(scenario) } : null));

async function withBot(scenario: MeetScenario, fn: (bot: BotUnderTest) => Promise<void>) {
  const bot = await startBot(browser, meetAdapter, URL_, install(scenario));
  try {
    await fn(bot);
  } finally {
    await bot.close();
  }
}

describe("Google Meet adapter", () => {
  it("reads the chat (a name, never an identity) and writes in it, behind a toolbar that hides (joinly google_meet.py)", async () => {
    await withBot({ toolbarHideMs: 1_000 }, async (bot) => {
      const result = await bot.join();
      if (result.kind !== "admitted") throw new Error(`not admitted: ${JSON.stringify(result)}`);
      await until("the toolbar hidden", async () => (await bot.fixture.state()).toolbarHidden);
      await checkChatInAndOut(bot, result.session, "You");
    });
  });

  it("asks to join as a guest, waits in the lobby, and once admitted hears, speaks and reports the call", async () => {
    await withBot({ lobby: true, lobbyMuteAfterMs: 1_500, consentDialog: true }, async (bot) => {
      const joining = bot.join();
      await until("the lobby", () => bot.of("waiting_room").length > 0);
      // English client, the agent's name, camera and microphone off before asking.
      expect(bot.fixture.requests[0].searchParams.get("hl")).toBe("en");
      expect(await bot.page.inputValue('input[aria-label="Your name"]')).toBe("Cohost Agent");
      // (Before Meet's own lobby mute, lobbyMuteAfterMs, so this is the bot's doing.)
      expect(await bot.fixture.state()).toMatchObject({ screen: "lobby", micMuted: true, micEnabled: false });
      expect(await bot.page.getAttribute("#pre-cam", "aria-label")).toMatch(/^Turn on camera/);
      await bot.page.waitForTimeout(1_700); // Meet's lobby mute fires

      await bot.fixture.command("admit");
      const result = await joining;
      expect(result.kind).toBe("admitted");
      if (result.kind !== "admitted") return;
      const session = result.session;
      expect(bot.events.slice(0, 2)).toEqual([{ type: "waiting_room", waitingFor: "admission" }, { type: "admitted" }]);
      // The consent and tips dialogs are clicked away.
      await until("dialogs dismissed", async () => (await bot.fixture.state()).dialogs.length === 0);

      const ada = await bot.fixture.addParticipant("spaces/x/devices/1", "Ada Lovelace", 440);
      const alan = await bot.fixture.addParticipant("spaces/x/devices/2", "Alan Turing", 1000);
      const roster = await until("the roster", () => bot.of("participants").find((e) => e.participants.length === 3));
      expect(roster.participants.map((p) => [p.id, p.name, p.isSelf]).sort()).toEqual([
        ["spaces/x/devices/1", "Ada Lovelace", false],
        ["spaces/x/devices/2", "Alan Turing", false],
        ["spaces/x/devices/self", "Cohost Agent", true],
      ]);
      expect(await session.participants()).toHaveLength(3);

      // The bridge hears both voices as remote tracks.
      await until("both voices", () => new Set(bot.frames.filter((f) => dbfs(f.samples) > -30).map((f) => f.speakerId)).size === 2);
      expect(new Set(bot.frames.map((f) => f.speakerId))).toEqual(new Set([ada, alan]));

      // Active speaker from the tiles; the speaker carries the played streams, the others none.
      await bot.fixture.command("speak", "spaces/x/devices/2");
      await until("Alan speaking", () => bot.of("active_speaker").some((e) => e.participantId === "spaces/x/devices/2"));
      const attributed = await until("speaker ids", () =>
        bot.of("participants").findLast((e) => e.participants.some((p) => p.speakerIds.length > 0)),
      );
      const byName = Object.fromEntries(attributed.participants.map((p) => [p.name, p.speakerIds]));
      expect(new Set(byName["Alan Turing"])).toEqual(new Set([ada, alan]));
      expect(byName["Ada Lovelace"]).toEqual([]);
      await bot.fixture.command("speak", null);
      await until("nobody speaking", () => bot.of("active_speaker").at(-1)?.participantId === null);

      // Meet muted the guest in the lobby: the microphone comes back on when asked, and the
      // meeting hears what the agent plays; off again, it hears nothing.
      expect((await bot.fixture.state()).micMuted).toBe(true);
      await session.setMicrophone(true);
      expect(await bot.fixture.state()).toMatchObject({ micMuted: false, micEnabled: true });
      bot.bridge.play(sine(500, 3000, 16_000), 16_000);
      await until("the meeting to hear the agent", async () => (await bot.fixture.state()).micLevel > 0.1);
      await session.setMicrophone(false);
      expect(await bot.fixture.state()).toMatchObject({ micMuted: true, micEnabled: false, micLevel: 0 });
      bot.bridge.clear();
      // Muted by someone else: the next switch reads Meet's button and unmutes again.
      await session.setMicrophone(true);
      await bot.fixture.command("forceMute");
      await session.setMicrophone(true);
      expect((await bot.fixture.state()).micMuted).toBe(false);

      await bot.fixture.command("removeParticipant", "spaces/x/devices/1");
      await until("Ada gone", () => bot.of("participants").at(-1)?.participants.length === 2);

      await session.leave();
      expect((await bot.fixture.state()).screen).toBe("left");
      await bot.page.waitForTimeout(700);
      expect(bot.of("ended")).toEqual([]);
    });
  });

  it("stays in the call and switches the microphone while Meet hides its toolbar (the pointer at rest)", async () => {
    await withBot({ lobby: false, toolbarHideMs: 400 }, async (bot) => {
      const result = await bot.join();
      expect(result.kind).toBe("admitted");
      if (result.kind !== "admitted") return;
      await until("the toolbar hidden", async () => (await bot.fixture.state()).toolbarHidden);
      // "In the call" comes from the tiles, which do not hide.
      expect((await result.session.participants()).map((p) => p.name)).toEqual(["Cohost Agent"]);
      await bot.fixture.addParticipant("spaces/x/devices/1", "Ada Lovelace", 440);
      await until("Ada in the roster", () => bot.of("participants").some((e) => e.participants.length === 2));
      await until("the toolbar hidden again", async () => (await bot.fixture.state()).toolbarHidden);
      // The pointer moves before the microphone is read and clicked.
      await result.session.setMicrophone(true);
      expect(await bot.fixture.state()).toMatchObject({ micMuted: false, micEnabled: true });
      expect(bot.of("ended")).toEqual([]);
    });
  });

  it("does not hand the call to a glow that flickers: the speaker changes once a new one holds", async () => {
    await withBot({ lobby: false }, async (bot) => {
      expect((await bot.join()).kind).toBe("admitted");
      await bot.fixture.addParticipant("spaces/x/devices/1", "Ada Lovelace", 440);
      await bot.fixture.addParticipant("spaces/x/devices/2", "Alan Turing", 1000);
      await until("the roster", () => bot.of("participants").some((e) => e.participants.length === 3));
      // Alan's tile lights up five times for 300 ms (a cough, a click), Ada then speaks for real.
      await bot.fixture.command("flicker", "spaces/x/devices/2", 5, 300, 1_200);
      await bot.fixture.command("speak", "spaces/x/devices/1");
      await until("Ada speaking", () => bot.of("active_speaker").some((e) => e.participantId === "spaces/x/devices/1"));
      expect(bot.of("active_speaker").map((e) => e.participantId)).not.toContain("spaces/x/devices/2");
      expect(bot.of("participants").every((e) => e.participants.every((p) => p.name !== "Alan Turing" || p.speakerIds.length === 0))).toBe(true);
    });
  });

  it("shows an observer (bot:smoke) each join phase and what each look read", async () => {
    await withBot({ lobby: true }, async (bot) => {
      const phases: string[] = [];
      const facts = new Set<string>();
      const joining = bot.join({ observe: { joinState: (s) => phases.push(s.kind), probe: (p) => [...p.texts, ...p.selectors].forEach((f) => facts.add(f)) } });
      await until("the lobby", () => bot.of("waiting_room").length > 0);
      await bot.fixture.command("admit");
      expect((await joining).kind).toBe("admitted");
      expect(phases.filter((k) => k !== "loading")).toEqual(["prejoin", "waiting", "admitted"]);
      expect([...facts]).toEqual(expect.arrayContaining(["nameInput", "joinButton", "lobby", "inCall"]));
    });
  });

  it("joins an open meeting at once with Join now (no waiting room)", async () => {
    await withBot({ lobby: false }, async (bot) => {
      const result = await bot.join();
      expect(result.kind).toBe("admitted");
      expect(bot.events[0]).toEqual({ type: "admitted" });
      expect((await bot.fixture.state()).screen).toBe("call");
    });
  });

  it.each([
    ["notFound", "not_found"],
    ["blocked", "blocked"],
    ["blockedMeeting", "blocked"],
    ["signIn", "login_required"],
    ["captcha", "captcha"],
  ] as const)("fails with %s's reason (%s) and leaves the page as it was for the screenshot", async (start, reason) => {
    await withBot({ start }, async (bot) => {
      const result = await bot.join();
      expect(result).toMatchObject({ kind: "failed", reason });
      expect((await bot.fixture.state()).screen).toBe(start);
      expect(bot.events).toEqual([]);
    });
  });

  it.each([
    ["deny", "denied"],
    ["noResponse", "waiting_room_timeout"],
  ] as const)("in the lobby, %s ends the join as %s", async (command, reason) => {
    await withBot({ lobby: true }, async (bot) => {
      const joining = bot.join();
      await until("the lobby", () => bot.of("waiting_room").length > 0);
      await bot.fixture.command(command);
      expect(await joining).toMatchObject({ kind: "failed", reason });
    });
  });

  it.each([
    ["deny", { recaptchaBesideDenial: true }],
    ["denyLeft", {}],
    ["denyLeft", { recaptchaBesideDenial: true }],
  ] as const)("reads %s (%j) in the lobby as denied, a visible reCAPTCHA beside it notwithstanding", async (command, scenario) => {
    await withBot({ lobby: true, ...scenario }, async (bot) => {
      const joining = bot.join();
      await until("the lobby", () => bot.of("waiting_room").length > 0);
      await bot.fixture.command(command);
      expect(await joining).toMatchObject({ kind: "failed", reason: "denied" });
    });
  });

  it("knows the lobby by '…admits you to the call'", async () => {
    await withBot({ lobby: true, lobbyAdmitsText: true }, async (bot) => {
      const joining = bot.join();
      await until("the lobby", () => bot.of("waiting_room").length > 0);
      await bot.fixture.command("admit");
      expect((await joining).kind).toBe("admitted");
    });
  });

  it("counts people only: no effects tile, no nameless tile, and its own tile stays its own while [data-self-name] flickers", async () => {
    await withBot({ lobby: false, phantomTiles: true, selfNameFlicker: true }, async (bot) => {
      const result = await bot.join();
      if (result.kind !== "admitted") throw new Error(`not admitted: ${JSON.stringify(result)}`);
      await bot.fixture.addParticipant("spaces/x/devices/1", "Ada Lovelace", 440);
      await until("the roster with the bot", () => bot.of("participants").some((e) => e.participants.length === 2 && e.participants.some((p) => p.isSelf)));
      // Ten looks over about a second: the attribute is missing in most of that time.
      for (let i = 0; i < 10; i++) {
        const roster = await result.session.participants();
        expect(roster.map((p) => [p.name, p.isSelf]).sort()).toEqual([
          ["Ada Lovelace", false],
          ["Cohost Agent", true],
        ]);
        await bot.page.waitForTimeout(90);
      }
      await bot.fixture.command("removeParticipant", "spaces/x/devices/1");
      await until("Ada gone", () => bot.of("participants").at(-1)?.participants.length === 1);
      // Every roster reported, up to the fence above: people only, the bot marked once.
      for (const e of bot.of("participants").slice(1)) {
        expect(e.participants.map((p) => p.name)).not.toContain("Backgrounds and effects");
        expect(e.participants.filter((p) => p.isSelf)).toHaveLength(1);
        expect(e.participants.every((p) => p.name !== "")).toBe(true);
      }
    });
  });

  it("gives up after the waiting-room timeout, and reports the host's absence as its own wait", async () => {
    await withBot({ lobby: true }, async (bot) => {
      const result = await bot.join({ waitingRoomTimeoutMs: 1_500 });
      expect(result).toMatchObject({ kind: "failed", reason: "waiting_room_timeout", detail: "nobody let the bot in within 2 s" });
      expect(bot.of("waiting_room")).toEqual([{ type: "waiting_room", waitingFor: "admission" }]);
    });
    await withBot({ start: "waitingForHost" }, async (bot) => {
      const result = await bot.join({ waitingRoomTimeoutMs: 1_500 });
      expect(result).toMatchObject({ kind: "failed", reason: "meeting_not_started" });
      expect(bot.of("waiting_room")).toEqual([{ type: "waiting_room", waitingFor: "host" }]);
    });
  });

  it("joins once the host arrives", async () => {
    await withBot({ start: "waitingForHost", lobby: false }, async (bot) => {
      const joining = bot.join();
      await until("waiting for the host", () => bot.of("waiting_room").length > 0);
      await bot.fixture.command("hostJoins");
      expect((await joining).kind).toBe("admitted");
      expect(bot.events.map((e) => e.type)).toEqual(["waiting_room", "admitted"]);
    });
  });

  it("stops joining when aborted in the lobby", async () => {
    await withBot({ lobby: true }, async (bot) => {
      const joining = bot.join();
      await until("the lobby", () => bot.of("waiting_room").length > 0);
      bot.stop.abort();
      expect(await joining).toMatchObject({ kind: "failed", reason: "join_failed", detail: "stopped while joining" });
    });
  });

  it.each([
    ["remove", "removed"],
    ["end", "meeting_ended"],
  ] as const)("reports %s in the call once, as %s", async (command, reason) => {
    await withBot({ lobby: false }, async (bot) => {
      expect((await bot.join()).kind).toBe("admitted");
      await bot.fixture.command(command);
      await until("the end", () => bot.of("ended").length > 0);
      await bot.page.waitForTimeout(700);
      expect(bot.of("ended")).toEqual([{ type: "ended", reason }]);
    });
  });

  it("reports a closed page as a lost connection", async () => {
    await withBot({ lobby: false }, async (bot) => {
      expect((await bot.join()).kind).toBe("admitted");
      await bot.page.close();
      await until("the end", () => bot.of("ended").length > 0);
      expect(bot.of("ended")).toEqual([{ type: "ended", reason: "connection_lost" }]);
    });
  });
});
