import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBotBrowser } from "@/lib/bots/browser";
import { MEET_SPEC, meetCallState, meetJoinState, readMeetRoster } from "@/lib/bots/platforms/meet-page";
import { probePage } from "@/lib/bots/platforms/page-probe";
import { readTeamsRoster, TEAMS_SPEC, teamsCallState, teamsJoinState } from "@/lib/bots/platforms/teams-page";
import { readZoomRoster, ZOOM_SPEC, zoomCallState, zoomJoinState } from "@/lib/bots/platforms/zoom-page";

// Each page reading on a snippet of the client's markup in a real Chromium: the probe's texts and
// selectors (visibility included) and the roster readers, one behaviour per case. The whole flows
// are in meet-/teams-/zoom-adapter.test.ts; what the facts mean alone in platform-status.test.ts.

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBotBrowser({ headless: true });
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
});

const show = (html: string) => page.setContent(`<!doctype html><html lang="en"><body>${html}</body></html>`);

describe("Meet's page", () => {
  it("reads the call from the tiles when the toolbar is hidden, not from the effects preview", async () => {
    await show(`<div role="toolbar" hidden><button aria-label="Turn on captions (c)">cc</button></div>
      <div data-participant-id="spaces/x/devices/self"><span class="notranslate" data-self-name="You">Cohost</span></div>`);
    expect(meetCallState(await probePage(page, MEET_SPEC))).toEqual({ kind: "in" });
    expect(meetJoinState(await probePage(page, MEET_SPEC))).toEqual({ kind: "admitted" });
    await show(`<div data-participant-id="spaces/x/devices/effects"><div>Backgrounds and effects</div></div>`);
    expect(meetCallState(await probePage(page, MEET_SPEC))).toEqual({ kind: "unknown" });
  });
});

describe("Meet's roster", () => {
  it("counts named tiles only, once each, and marks the bot's own", async () => {
    await show(`
      <div data-participant-id="spaces/x/devices/self"><div data-participant-id="spaces/x/devices/self"><span class="notranslate" data-self-name="You">Cohost</span></div></div>
      <div data-participant-id="spaces/x/devices/1"><span class="notranslate">Ada Lovelace</span><div data-audio-level="3"></div></div>
      <div data-participant-id="spaces/x/devices/effects"><span class="notranslate">Backgrounds and effects</span></div>
      <div data-participant-id="spaces/x/devices/2"><span class="notranslate"> </span></div>`);
    expect((await readMeetRoster(page)).map((p) => [p.id, p.name, p.isSelf, p.speaking])).toEqual([
      ["spaces/x/devices/self", "Cohost", true, false],
      ["spaces/x/devices/1", "Ada Lovelace", false, true],
    ]);
  });
});

describe("Zoom's page", () => {
  it("reads the call from .meeting-app when the footer is hidden, and the waiting room inside it as waiting", async () => {
    await show(`<div class="meeting-app"><div class="video"></div><footer hidden><button aria-label="Leave">Leave</button></footer></div>`);
    expect(zoomCallState(await probePage(page, ZOOM_SPEC))).toEqual({ kind: "in" });
    await show(`<div class="meeting-app"><h2>Please wait, the meeting host will let you in soon.</h2></div>`);
    expect(zoomJoinState(await probePage(page, ZOOM_SPEC), true)).toEqual({ kind: "waiting", waitingFor: "admission" });
    expect(zoomCallState(await probePage(page, ZOOM_SPEC))).toEqual({ kind: "unknown" });
  });
});

describe("Teams' page", () => {
  it("reads facts inside iframes too (the light-meetings iframe)", async () => {
    await show(`<iframe srcdoc="<div data-tid='calling-e2ee-end-screen'><h2>This call is end-to-end encrypted</h2></div>"></iframe>`);
    await page.frames()[1]?.waitForLoadState();
    const probe = await probePage(page, TEAMS_SPEC);
    expect(probe.selectors.has("encrypted")).toBe(true);
    expect(teamsJoinState(probe)).toMatchObject({ kind: "failed", reason: "encryption_unsupported" });
    expect(teamsCallState(probe)).toEqual({ kind: "out", reason: "encryption_unsupported" });
  });

  it("reads Teams' retry screen and 'Call ended' as the ends they are", async () => {
    await show(`<h2 id="calling-retry-screen-title">Removed from the meeting</h2><button>Rejoin</button>`);
    expect(teamsCallState(await probePage(page, TEAMS_SPEC))).toEqual({ kind: "out", reason: "removed" });
    await show(`<h2>Call ended</h2>`);
    expect(teamsCallState(await probePage(page, TEAMS_SPEC))).toEqual({ kind: "out", reason: "meeting_ended" });
  });
});

describe("Teams' roster", () => {
  it("reads today's tiles: the name from [data-stream-type]'s data-tid, speaking from the outline's class, (Guest) kept", async () => {
    await show(`
      <div data-tid="participant-tile-1" data-participant-id="p1"><div data-stream-type="Video" data-tid="Cohost Agent"><div data-tid="voice-level-stream-outline" class="x"></div></div></div>
      <div data-tid="participant-tile-2" data-participant-id="p2"><div data-stream-type="Video" data-tid="Grace Hopper (Guest)"><div data-tid="voice-level-stream-outline" class="x vdi-frame-occlusion"></div></div></div>
      <div data-tid="participant-tile-3" data-participant-id="p3"><div data-stream-type="ScreenSharing" data-tid="Content from Grace"></div></div>`);
    expect((await readTeamsRoster(page, "Cohost Agent")).map((p) => [p.id, p.name, p.isSelf, p.speaking])).toEqual([
      ["p1", "Cohost Agent", true, false],
      ["p2", "Grace Hopper (Guest)", false, true],
    ]);
  });

  it("still reads the older calling-participant-stream tiles", async () => {
    await show(`<div data-cid="calling-participant-stream" data-acc-element-id="participant-x" aria-label="Ada Lovelace (Unverified), Context menu is available">
      <div data-tid="voice-level-stream-outline" data-is-speaking="true"></div></div>`);
    expect((await readTeamsRoster(page, "Cohost Agent")).map((p) => [p.id, p.name, p.speaking])).toEqual([["participant-x", "Ada Lovelace (Unverified)", true]]);
  });
});

describe("Zoom's roster", () => {
  it("takes the speaker from the speaker bar's lit frame while a screen is shared", async () => {
    await show(`
      <div class="speaker-active-container__video-frame" hidden><div class="video-avatar__avatar-footer"></div></div>
      <div class="speaker-bar-container"><div class="speaker-bar-container__video-frame"><div class="video-avatar__avatar-footer">Ada Lovelace</div></div>
        <div class="speaker-bar-container__video-frame speaker-bar-container__video-frame--active"><div class="video-avatar__avatar-footer">Alan Turing</div></div></div>
      <ul><li class="participants-li" id="r0"><span class="participants-item__display-name">Cohost</span><span class="participants-item__name-label">(Me)</span></li>
        <li class="participants-li" id="r1"><span class="participants-item__display-name">Ada Lovelace</span></li>
        <li class="participants-li" id="r2"><span class="participants-item__display-name">Alan Turing</span></li></ul>`);
    expect((await readZoomRoster(page)).filter((p) => p.speaking).map((p) => p.name)).toEqual(["Alan Turing"]);
  });
});
