import { platformChat } from "./platform-chat.ts";
import type { Page } from "playwright-core";
import { appUrl } from "../../config.ts";
import { awaitAdmission, joinFailed, type JoinDriver, type JoinState } from "./join-flow.ts";
import type { CallState } from "./meeting-watch.ts";
import { attributeToSpeaker, clickIfVisible, clickThrough, dismissDialog, playedStreamIds, revealControls, type MicrophoneControl } from "./page-actions.ts";
import { EMPTY_PROBE, probePage, saw, type Probe } from "./page-probe.ts";
import { speakerDebounce } from "./speaker-debounce.ts";
import type { JoinOptions, JoinResult, PlatformAdapter } from "./types.ts";
import { enterCall, openLink } from "./web-call.ts";
import { zoomSignature } from "./zoom-app.ts";
import { ZOOM_DIALOG_BUTTONS, ZOOM_SELECTORS, ZOOM_SPEC, readZoomRoster, zoomCallState, zoomJoinState, zoomWebClientUrl } from "./zoom-page.ts";
import { readZoomSdkStatus, zoomSdkFailure, zoomSdkPage, zoomSdkPageUrl } from "./zoom-sdk.ts";

// Zoom in the browser. Without an app of the agent's own: Zoom's web client at
// app.zoom.us/wc/<id>/join with the link's passcode, as a guest (cookies, Zoom's media prompt,
// name typed key by key, preview microphone and video off, Join), then computer audio, without
// which the web client plays no one. With the agent's Zoom app (JoinOptions.zoomApp): the Meeting
// SDK for Web, signed in Node. Either way the meeting can be waiting for its host: the web client
// then shows an error page (reloaded every hostRetryMs) and the SDK refuses the join (retried).

export interface ZoomTiming {
  /** How often a not-yet-started meeting is tried again. */
  hostRetryMs: number;
}

/** Computer audio: without it the web client plays no one and has no microphone to switch. */
async function joinComputerAudio(page: Page): Promise<void> {
  if (await clickIfVisible(page.locator(ZOOM_SELECTORS.joinAudio))) return;
  // Dismissed or never shown: the footer's "join audio" brings the choice back.
  if (await clickIfVisible(page.locator('button[aria-label="join audio"]'))) await clickIfVisible(page.locator(ZOOM_SELECTORS.joinAudio), 3_000);
}

function microphone(page: Page): MicrophoneControl {
  const on = page.locator(ZOOM_SELECTORS.micOn).filter({ visible: true });
  const off = page.locator(ZOOM_SELECTORS.micOff).filter({ visible: true });
  return {
    // The footer hides while the pointer rests.
    reveal: () => revealControls(page),
    prepare: () => joinComputerAudio(page),
    async read() {
      if ((await on.count()) > 0) return true;
      if ((await off.count()) > 0) return false;
      return null;
    },
    async toggle() {
      await clickIfVisible(page.locator(`${ZOOM_SELECTORS.micOn}, ${ZOOM_SELECTORS.micOff}`));
    },
    hotkey: "Alt+A",
  };
}

/** Zoom's OneTrust cookie banner sits over the pre-join form; refused where it offers that. */
async function dismissCookies(page: Page): Promise<void> {
  if (await clickIfVisible(page.locator("#onetrust-reject-all-handler"), 1_000)) return;
  await clickIfVisible(page.locator(ZOOM_SELECTORS.cookieAccept), 1_000);
}

/** A preview toggle is on while its label offers to turn it off ("Mute", "Stop Video"). */
async function previewOff(page: Page, selector: string, onLabel: RegExp): Promise<void> {
  const button = page.locator(selector).filter({ visible: true }).first();
  if ((await button.count()) > 0 && onLabel.test((await button.getAttribute("aria-label")) ?? "")) await button.click({ timeout: 2_000 }).catch(() => {});
}

function webClientDriver(page: Page, opts: JoinOptions, target: ReturnType<typeof zoomWebClientUrl>, timing: ZoomTiming): JoinDriver {
  let last: Probe = EMPTY_PROBE;
  let lastLoad = Date.now();
  let reloadedForWall = false;
  return {
    async read() {
      last = await probePage(page, ZOOM_SPEC, opts.observe?.probe);
      const state = zoomJoinState(last, target.passcode !== null);
      // Zoom's anti-bot wall clears after one reload at times (AWS LMA #300, #301): one, then it stands.
      if (state.kind === "failed" && state.reason === "blocked" && !reloadedForWall) {
        reloadedForWall = true;
        await page.reload({ waitUntil: "domcontentloaded" }).catch(() => {});
        return { kind: "loading" };
      }
      return state;
    },
    async dismiss() {
      await dismissCookies(page);
      await dismissDialog(page, ZOOM_DIALOG_BUTTONS);
    },
    async submit() {
      if (saw(last, "launcher") && (await clickIfVisible(page.getByRole("link", { name: /Join from your browser/i })))) return;
      const passcode = page.locator(ZOOM_SELECTORS.passcodeInput).filter({ visible: true }).first();
      if (target.passcode && (await passcode.count()) > 0) await passcode.fill(target.passcode);
      // Zoom's form only takes a name typed as keystrokes (its validation ignores a set value).
      const name = page.locator(ZOOM_SELECTORS.nameInput).filter({ visible: true }).first();
      if ((await name.count()) > 0 && (await name.inputValue()) !== opts.name) {
        await name.fill("");
        await name.pressSequentially(opts.name, { delay: 20 });
      }
      await previewOff(page, ZOOM_SELECTORS.previewMic, /^Mute/);
      await previewOff(page, ZOOM_SELECTORS.previewVideo, /^Stop Video/);
      // The meeting info panel can lie over Join: then Join is clicked through the DOM.
      await clickThrough(page.locator(ZOOM_SELECTORS.joinButton));
    },
    async waitingForHost() {
      // The React client waits for the host by itself; its error page has to be asked again.
      if (!saw(last, "linkInvalid") || Date.now() - lastLoad < timing.hostRetryMs) return;
      lastLoad = Date.now();
      await page.reload({ waitUntil: "domcontentloaded" }).catch(() => {});
    },
  };
}

function sdkDriver(page: Page, opts: JoinOptions, join: () => Promise<void>, timing: ZoomTiming): JoinDriver {
  let lastJoin = Date.now();
  return {
    async read(): Promise<JoinState> {
      const status = await readZoomSdkStatus(page);
      if (status?.phase === "failed") {
        const failure = zoomSdkFailure(status);
        return failure === "host" ? { kind: "waiting", waitingFor: "host" } : { kind: "failed", ...failure };
      }
      const state = zoomJoinState(await probePage(page, ZOOM_SPEC, opts.observe?.probe), true);
      // The SDK has no pre-join screen of ours to fill: until it shows the call or the lobby, it loads.
      return state.kind === "prejoin" ? { kind: "loading" } : state;
    },
    async dismiss() {
      await dismissDialog(page, ZOOM_DIALOG_BUTTONS);
    },
    async submit() {},
    async waitingForHost() {
      if (Date.now() - lastJoin < timing.hostRetryMs) return;
      lastJoin = Date.now();
      await page.reload({ waitUntil: "domcontentloaded" }).catch(() => {});
      await join().catch(() => {});
    },
  };
}

export function createZoomAdapter(timing: ZoomTiming = { hostRetryMs: 15_000 }): PlatformAdapter {
  return {
    platform: "zoom",
    microphoneWhileSpeakingOnly: true,
    // The web client plays the call through media elements fed by WebRTC tracks; either tap works
    // and the bridge takes each track once.
    bridgeCapture: "both",

    async join(page: Page, opts: JoinOptions): Promise<JoinResult> {
      let target: ReturnType<typeof zoomWebClientUrl>;
      try {
        target = zoomWebClientUrl(opts.url);
      } catch {
        return { kind: "failed", reason: "not_found", detail: "not a Zoom meeting link" };
      }

      let driver: JoinDriver;
      const app = opts.zoomApp;
      const meetingNumber = target.meetingNumber;
      if (app && meetingNumber) {
        // The Meeting SDK needs a meeting number; a personal link without one goes the web client's way.
        const hostPage = zoomSdkPageUrl(appUrl());
        await page.route(hostPage, (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: zoomSdkPage() }));
        const unreachable = await openLink(page, hostPage);
        if (unreachable) return unreachable;
        const join = async () => {
          const config = { meetingNumber, userName: opts.name, passWord: target.passcode ?? "", signature: zoomSignature(app, meetingNumber) };
          await page.evaluate((cfg) => (window as unknown as { __cohostZoomJoin?: (c: typeof cfg) => void }).__cohostZoomJoin?.(cfg), config);
        };
        const status = await readZoomSdkStatus(page);
        if (status?.phase !== "ready") return { kind: "failed", reason: "join_failed", detail: status?.errorMessage ?? "the Zoom Meeting SDK page did not load" };
        await join();
        driver = sdkDriver(page, opts, join, timing);
      } else {
        const unreachable = await openLink(page, target.url);
        if (unreachable) return unreachable;
        driver = webClientDriver(page, opts, target, timing);
      }

      const outcome = await awaitAdmission(page, driver, opts);
      if (!outcome.admitted) return joinFailed(outcome);

      const viaSdk = Boolean(app && meetingNumber);
      // The roster lives in the participants pane; a pane that does not show after a few clicks is
      // left alone (clicking on would only toggle it).
      let paneClicks = 0;
      const steady = speakerDebounce();
      return enterCall(page, opts, {
        async read(): Promise<CallState> {
          // The SDK's Client View goes to its leaveUrl (#left) when the meeting drops the bot.
          if (viaSdk && new URL(page.url()).hash === "#left") return { kind: "out", reason: "meeting_ended" };
          const verdict = zoomCallState(await probePage(page, ZOOM_SPEC, opts.observe?.probe));
          if (verdict.kind !== "in") return verdict;
          return { kind: "in", participants: attributeToSpeaker(steady(await readZoomRoster(page)), await playedStreamIds(page)) };
        },
        async tick() {
          await driver.dismiss();
          await clickIfVisible(page.locator(ZOOM_SELECTORS.joinAudio));
          if (paneClicks < 3 && (await page.locator(ZOOM_SELECTORS.participantsPane).filter({ visible: true }).count()) === 0) {
            await revealControls(page); // the participants button is in the footer
            if (await clickIfVisible(page.locator(ZOOM_SELECTORS.participantsButton))) paneClicks++;
          }
        },
        // The web client's chat panel; the Meeting SDK's Client View has its own (ZoomMtg.sendChat in Attendee), not driven yet.
        chat: viaSdk ? undefined : platformChat(page, "zoom", opts.name),
        microphone: microphone(page),
        async leave() {
          await revealControls(page);
          if (!(await clickIfVisible(page.locator(ZOOM_SELECTORS.leave)))) return;
          await clickIfVisible(page.locator(ZOOM_SELECTORS.leaveConfirm), 2_000);
          // Out when the web client says so, or when the SDK's Client View went to its leaveUrl.
          await page
            .waitForFunction(() => location.hash === "#left" || /You (have )?left the meeting/.test(document.body.innerText), undefined, { timeout: 5_000 })
            .catch(() => {});
        },
      });
    },
  };
}

export const zoomAdapter = createZoomAdapter();
