import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Request } from "playwright-core";
import { launchBotBrowser } from "@/lib/bots/browser";
import { createZoomAdapter } from "@/lib/bots/platforms/zoom";
import { ZOOM_SDK_VERSION } from "@/lib/bots/platforms/zoom-sdk";
import { startBot, type BotUnderTest } from "./fixtures/bot-under-test";
import { checkChatInAndOut } from "./fixtures/chat-check";
import { PlatformFixture, until } from "./fixtures/platform-fixture";
import { checkSdkJoin, fakeZoomSdk, FAKE_SDK_JOIN_URL, HOST_NOT_STARTED_PAGE, vanityPage, zoomPage, type ZoomScenario } from "./fixtures/zoom-fixture";
import { dbfs, sine } from "./pcm-stats";

// The Zoom adapter in a real Chromium against fixture pages on Zoom's real URLs: the web client
// (every join outcome, the host not having started, passcodes, a personal link, the call with
// computer audio, roster, speaker and microphone) and the Meeting SDK path with a signature made in
// Node that a stand-in for Zoom checks, while the app secret never reaches the page.

const MEETING = "81234567890";
const LINK = `https://us05web.zoom.us/j/${MEETING}?pwd=Abc123`;
const APP = { key: "sdk-key-4f1a", secret: "sdk-secret-9c7e2d41b8" };
const adapter = createZoomAdapter({ hostRetryMs: 300 });
let browser: Browser;

beforeAll(async () => {
  browser = await launchBotBrowser({ headless: true });
});
afterAll(async () => {
  await browser?.close();
});

/** Zoom's side of one meeting: its pages, whether the host has started it, the SDK's join check. */
/** wallLoads: the first loads of the web client show Zoom's anti-bot wall (AWS LMA #300, #301). */
function zoomMeeting(scenario: ZoomScenario & { started?: boolean; wallLoads?: number }) {
  const meeting = { started: scenario.started ?? true, sdkJoins: [] as { errorCode?: number }[], loads: 0 };
  const install = (context: BrowserContext) =>
    PlatformFixture.install(context, ["https://*.zoom.us/**", "https://zoom.us/**"], async (url, route) => {
      if (url.href === FAKE_SDK_JOIN_URL) {
        const result = checkSdkJoin(JSON.parse(route.request().postData() ?? "{}"), APP, { number: MEETING, passcode: scenario.passcode, started: meeting.started });
        meeting.sdkJoins.push(result);
        return { contentType: "application/json", headers: { "access-control-allow-origin": "*" }, body: JSON.stringify(result) };
      }
      if (url.hostname === "source.zoom.us") {
        if (url.pathname === `/${ZOOM_SDK_VERSION}/zoom-meeting-${ZOOM_SDK_VERSION}.min.js`) return { contentType: "text/javascript", body: fakeZoomSdk(scenario) };
        if (url.pathname.startsWith(`/${ZOOM_SDK_VERSION}/lib/vendor/`)) return { contentType: "text/javascript", body: "" };
        return null;
      }
      if (url.pathname === "/my/ada.lovelace") return { body: vanityPage(MEETING) };
      // Every Zoom host serves the web client.
      if (url.pathname === `/wc/${MEETING}/join`) {
        if (meeting.loads++ < (scenario.wallLoads ?? 0)) return { body: zoomPage({ start: "botWall" }) };
        return { body: meeting.started ? zoomPage(scenario) : HOST_NOT_STARTED_PAGE };
      }
      if (/^\/wc\/\d+\/join$/.test(url.pathname)) return { body: zoomPage({ start: "notFound" }) };
      return null;
    });
  return { meeting, install };
}

async function withBot(link: string, scenario: Parameters<typeof zoomMeeting>[0], fn: (bot: BotUnderTest, meeting: ReturnType<typeof zoomMeeting>["meeting"]) => Promise<void>) {
  const { meeting, install } = zoomMeeting(scenario);
  const bot = await startBot(browser, adapter, link, install);
  try {
    await fn(bot, meeting);
  } finally {
    await bot.close();
  }
}

describe("Zoom adapter: web client", () => {
  it("reads the chat (a name, never an identity) and writes in it, behind a footer that hides (joinly zoom.py)", async () => {
    await withBot(LINK, { lobby: true, passcode: "Abc123", toolbarHideMs: 1_000 }, async (bot) => {
      const joining = bot.join();
      await until("the waiting room", () => bot.of("waiting_room").length > 0);
      await bot.fixture.command("admit");
      const result = await joining;
      if (result.kind !== "admitted") throw new Error(`not admitted: ${JSON.stringify(result)}`);
      await checkChatInAndOut(bot, result.session, "Me");
    });
  });

  it("joins through app.zoom.us/wc with the link's passcode, waits in the waiting room, joins computer audio and follows the call", async () => {
    await withBot(LINK, { lobby: true, passcode: "Abc123" }, async (bot) => {
      const joining = bot.join();
      await until("the waiting room", () => bot.of("waiting_room").length > 0);
      expect(bot.fixture.requests[0].href).toBe(`https://app.zoom.us/wc/${MEETING}/join?pwd=Abc123`);
      // Cookies refused, Zoom's media prompt allowed, the name typed, preview microphone and video off.
      expect(await bot.page.isVisible("#onetrust-banner-sdk")).toBe(false);
      expect(await bot.page.inputValue("#input-for-name")).toBe("Cohost Agent");
      expect(await bot.page.getAttribute("#preview-audio-control-button", "aria-label")).toBe("Unmute");
      expect(await bot.page.getAttribute("#preview-video-control-button", "aria-label")).toBe("Start Video");
      expect(await bot.fixture.state()).toMatchObject({ screen: "lobby", micMuted: true, micEnabled: false });

      await bot.fixture.command("admit");
      const result = await joining;
      expect(result.kind).toBe("admitted");
      if (result.kind !== "admitted") return;
      // Computer audio joined (the footer button now switches the microphone), still muted.
      await until("computer audio", async () => (await bot.fixture.command("audioLabel")) === "unmute my microphone");

      const mix = await bot.fixture.addParticipant("a", "Ada Lovelace", 440);
      await bot.fixture.addParticipant("b", "Alan Turing", 1000);
      const roster = await until("the roster", () => bot.of("participants").find((e) => e.participants.length === 3));
      expect(roster.participants.map((p) => [p.name, p.isSelf]).sort()).toEqual([
        ["Ada Lovelace", false],
        ["Alan Turing", false],
        ["Cohost Agent", true],
      ]);
      await until("the call's audio", () => bot.frames.filter((f) => dbfs(f.samples) > -30).length >= 25);
      expect(new Set(bot.frames.map((f) => f.speakerId))).toEqual(new Set([mix]));

      await bot.fixture.command("speak", "a");
      const speaker = await until("Ada speaking", () => bot.of("active_speaker").find((e) => e.participantId !== null));
      expect(roster.participants.find((p) => p.id === speaker.participantId)?.name).toBe("Ada Lovelace");
      await until("Ada carries the mix", () => bot.of("participants").at(-1)?.participants.find((p) => p.name === "Ada Lovelace")?.speakerIds.includes(mix));

      await result.session.setMicrophone(true);
      expect(await bot.fixture.command("audioLabel")).toBe("mute my microphone");
      bot.bridge.play(sine(500, 3000, 16_000), 16_000);
      await until("the meeting to hear the agent", async () => (await bot.fixture.state()).micLevel > 0.1);
      await result.session.setMicrophone(false);
      expect(await bot.fixture.state()).toMatchObject({ micMuted: true, micLevel: 0 });
      bot.bridge.clear();
      // Out of computer audio (a network hiccup, a click): switching the microphone joins it again.
      await bot.fixture.command("leaveAudio");
      expect(await bot.fixture.command("audioLabel")).toBe("join audio");
      await result.session.setMicrophone(true);
      expect(await bot.fixture.command("audioLabel")).toBe("mute my microphone");

      await result.session.leave();
      expect((await bot.fixture.state()).screen).toBe("left");
      expect(bot.of("ended")).toEqual([]);
    });
  });

  it("stays in the call and switches the microphone while Zoom hides its footer (the pointer at rest)", async () => {
    await withBot(LINK, { toolbarHideMs: 400 }, async (bot) => {
      const result = await bot.join();
      expect(result.kind).toBe("admitted");
      if (result.kind !== "admitted") return;
      await until("computer audio", async () => (await bot.fixture.command("audioLabel")) === "unmute my microphone");
      await bot.fixture.addParticipant("a", "Ada Lovelace", 440);
      await until("the footer hidden", async () => (await bot.fixture.state()).toolbarHidden);
      // "In the call" comes from .meeting-app, which does not hide.
      expect((await result.session.participants()).map((p) => p.name).sort()).toEqual(["Ada Lovelace", "Cohost Agent"]);
      await result.session.setMicrophone(true);
      expect(await bot.fixture.command("audioLabel")).toBe("mute my microphone");
      expect(bot.of("ended")).toEqual([]);
    });
  });

  it("follows the speaker in the speaker bar while a screen is shared", async () => {
    await withBot(LINK, {}, async (bot) => {
      expect((await bot.join()).kind).toBe("admitted");
      await until("computer audio", async () => (await bot.fixture.command("audioLabel")) === "unmute my microphone");
      await bot.fixture.addParticipant("a", "Ada Lovelace", 440);
      await bot.fixture.addParticipant("b", "Alan Turing", 1000);
      const roster = await until("the roster", () => bot.of("participants").find((e) => e.participants.length === 3));
      await bot.fixture.command("share", true);
      await bot.fixture.command("speak", "b");
      const speaker = await until("Alan speaking", () => bot.of("active_speaker").find((e) => e.participantId !== null));
      expect(roster.participants.find((p) => p.id === speaker.participantId)?.name).toBe("Alan Turing");
    });
  });

  it("waits while the host has not started the meeting, asking again, and joins once it has", async () => {
    await withBot(LINK, { started: false }, async (bot, meeting) => {
      const joining = bot.join();
      await until("waiting for the host", () => bot.of("waiting_room").length > 0);
      expect(bot.of("waiting_room")).toEqual([{ type: "waiting_room", waitingFor: "host" }]);
      await until("a reload", () => bot.fixture.requests.length >= 3);
      meeting.started = true;
      expect((await joining).kind).toBe("admitted");
    });
    await withBot(LINK, { started: false }, async (bot) => {
      expect(await bot.join({ waitingRoomTimeoutMs: 1_200 })).toMatchObject({ kind: "failed", reason: "meeting_not_started" });
    });
  });

  it("types the passcode where Zoom asks for it, and fails without one or with a wrong one", async () => {
    await withBot(LINK, { askPasscode: true, passcode: "Abc123" }, async (bot) => {
      expect((await bot.join()).kind).toBe("admitted");
    });
    await withBot(`https://zoom.us/j/${MEETING}`, { askPasscode: true, passcode: "Abc123" }, async (bot) => {
      expect(await bot.join()).toMatchObject({ kind: "failed", reason: "passcode_required", detail: "Zoom asks for a passcode and the link has none" });
    });
    await withBot(`https://zoom.us/j/${MEETING}?pwd=Wrong1`, { passcode: "Abc123" }, async (bot) => {
      expect(await bot.join()).toMatchObject({ kind: "failed", reason: "passcode_required", detail: "Zoom refused the link's passcode" });
    });
  });

  it("reloads once when Zoom's anti-bot wall shows, and gets in when the reload clears it", async () => {
    await withBot(LINK, { wallLoads: 1 }, async (bot, meeting) => {
      expect((await bot.join()).kind).toBe("admitted");
      expect(meeting.loads).toBe(2);
    });
    await withBot(LINK, { wallLoads: 2 }, async (bot, meeting) => {
      expect(await bot.join()).toMatchObject({ kind: "failed", reason: "blocked" });
      expect(meeting.loads).toBe(2);
    });
  });

  it("clicks Join through the DOM when the meeting info panel lies over it", async () => {
    await withBot(LINK, { infoOverlay: true }, async (bot) => {
      expect((await bot.join()).kind).toBe("admitted");
    });
  });

  it("marks Zoom's network time-out as worth another attempt", async () => {
    await withBot(LINK, { start: "networkTimeout" }, async (bot) => {
      expect(await bot.join()).toMatchObject({ kind: "failed", reason: "join_failed", transient: true });
    });
  });

  it("joins a personal link through its 'Join from your browser'", async () => {
    await withBot("https://zoom.us/my/ada.lovelace", {}, async (bot) => {
      expect((await bot.join()).kind).toBe("admitted");
      expect(bot.fixture.requests.map((u) => u.pathname)).toEqual(["/my/ada.lovelace", `/wc/${MEETING}/join`]);
    });
  });

  it.each([
    ["notFound", "not_found"],
    ["botWall", "blocked"],
    ["signIn", "login_required"],
    ["authRequired", "login_required"],
    ["networkTimeout", "join_failed"],
    ["captcha", "captcha"],
    ["full", "meeting_full"],
  ] as const)("fails on %s with %s", async (start, reason) => {
    await withBot(LINK, { start }, async (bot) => {
      expect(await bot.join()).toMatchObject({ kind: "failed", reason });
    });
  });

  it("is refused from the waiting room, and reports removal and the end once in", async () => {
    await withBot(LINK, { lobby: true }, async (bot) => {
      const joining = bot.join();
      await until("the waiting room", () => bot.of("waiting_room").length > 0);
      await bot.fixture.command("deny");
      expect(await joining).toMatchObject({ kind: "failed", reason: "denied" });
    });
    for (const [command, reason] of [
      ["remove", "removed"],
      ["end", "meeting_ended"],
    ] as const) {
      await withBot(LINK, {}, async (bot) => {
        expect((await bot.join()).kind).toBe("admitted");
        await bot.fixture.command(command);
        await until("the end", () => bot.of("ended").length > 0);
        expect(bot.of("ended")).toEqual([{ type: "ended", reason }]);
      });
    }
  });
});

describe("Zoom adapter: Meeting SDK with the agent's app", () => {
  it("joins with a signature made in Node; the app secret never reaches the page", async () => {
    await withBot(LINK, { lobby: true, passcode: "Abc123" }, async (bot, meeting) => {
      const seen: string[] = [];
      bot.context.on("request", (r: Request) => seen.push(`${r.url()} ${r.postData() ?? ""}`));
      const joining = bot.join({ zoomApp: APP });
      await until("the waiting room", () => bot.of("waiting_room").length > 0);
      expect(meeting.sdkJoins).toEqual([{}]);
      expect(bot.page.url()).toBe("http://localhost:3000/bot/zoom-meeting");
      await bot.fixture.command("admit");
      const result = await joining;
      expect(result.kind).toBe("admitted");
      await until("computer audio", async () => (await bot.fixture.command("audioLabel")) === "unmute my microphone");

      const everything = [...seen, await bot.page.content(), await bot.page.evaluate(() => JSON.stringify(window.localStorage) + document.cookie)].join("\n");
      expect(everything).not.toContain(APP.secret);
      expect(seen.filter((s) => s.startsWith(FAKE_SDK_JOIN_URL))).toHaveLength(1);

      if (result.kind === "admitted") await result.session.leave();
      expect(bot.page.url()).toMatch(/#left$/);
      expect(bot.of("ended")).toEqual([]);
    });
  });

  it("retries while the meeting has not started", async () => {
    await withBot(LINK, { passcode: "Abc123", started: false }, async (bot, meeting) => {
      const joining = bot.join({ zoomApp: APP });
      await until("waiting for the host", () => bot.of("waiting_room").length > 0);
      await until("a second try", () => meeting.sdkJoins.length >= 2);
      expect(meeting.sdkJoins[0]).toEqual({ errorCode: 3008, errorMessage: "Meeting has not started." });
      meeting.started = true;
      expect((await joining).kind).toBe("admitted");
    });
  });

  it.each([
    [{ ...APP, secret: "not-the-secret" }, LINK, "zoom_app_rejected", "Zoom Meeting SDK: Signature is invalid. (3712)"],
    [APP, `https://zoom.us/j/${MEETING}?pwd=Wrong1`, "passcode_required", "Zoom Meeting SDK: Wrong meeting password. (3004)"],
  ])("maps Zoom's refusal to a reason (%#)", async (app, link, reason, detail) => {
    await withBot(link, { passcode: "Abc123" }, async (bot) => {
      expect(await bot.join({ zoomApp: app })).toEqual({ kind: "failed", reason, detail });
    });
  });
});
