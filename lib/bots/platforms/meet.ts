import { platformChat } from "./platform-chat.ts";
import type { Page } from "playwright-core";
import { awaitAdmission, joinFailed, type JoinDriver } from "./join-flow.ts";
import { MEET_DIALOG_BUTTONS, MEET_JOIN_BUTTON, MEET_SELECTORS, MEET_SPEC, meetCallState, meetJoinState, readMeetRoster, stickySelf } from "./meet-page.ts";
import type { CallState } from "./meeting-watch.ts";
import { attributeToSpeaker, clickIfVisible, dismissDialog, playedStreamIds, revealControls, type MicrophoneControl } from "./page-actions.ts";
import { probePage } from "./page-probe.ts";
import { speakerDebounce } from "./speaker-debounce.ts";
import type { JoinOptions, JoinResult, PlatformAdapter } from "./types.ts";
import { enterCall, openLink } from "./web-call.ts";

// Google Meet through its web client, as a guest: open the link in English, give the name, camera
// and microphone off, "Ask to join" (or "Join now"), wait in the lobby, and once in, read the tiles.
// Meet turns a lobby guest's devices off after about three minutes, so the microphone is read back
// from Meet's own button every time it is switched, never assumed.

function microphone(page: Page): MicrophoneControl {
  const on = page.locator(MEET_SELECTORS.micOn).filter({ visible: true });
  const off = page.locator(MEET_SELECTORS.micOff).filter({ visible: true });
  return {
    // The microphone sits in the toolbar Meet hides while the pointer rests.
    reveal: () => revealControls(page),
    async read() {
      if ((await on.count()) > 0) return true;
      if ((await off.count()) > 0) return false;
      return null;
    },
    async toggle() {
      await clickIfVisible(page.locator(`${MEET_SELECTORS.micOn}, ${MEET_SELECTORS.micOff}`));
    },
    hotkey: "Control+d",
  };
}

export const meetAdapter: PlatformAdapter = {
  platform: "meet",
  microphoneWhileSpeakingOnly: true,
  // Meet sends each remote voice (up to three at a time) as its own WebRTC track.
  bridgeCapture: "peer",

  async join(page: Page, opts: JoinOptions): Promise<JoinResult> {
    const url = new URL(opts.url);
    url.searchParams.set("hl", "en");
    const unreachable = await openLink(page, url.toString());
    if (unreachable) return unreachable;

    const dismiss = async () => {
      await dismissDialog(page, MEET_DIALOG_BUTTONS);
    };
    const driver: JoinDriver = {
      read: async () => meetJoinState(await probePage(page, MEET_SPEC, opts.observe?.probe)),
      dismiss,
      async submit() {
        const name = page.locator(MEET_SELECTORS.nameInput).filter({ visible: true });
        if ((await name.count()) > 0) await name.first().fill(opts.name);
        await clickIfVisible(page.locator(MEET_SELECTORS.cameraOn));
        await clickIfVisible(page.locator(MEET_SELECTORS.micOn));
        await clickIfVisible(page.getByRole("button", { name: MEET_JOIN_BUTTON }));
      },
    };
    const outcome = await awaitAdmission(page, driver, opts);
    if (!outcome.admitted) return joinFailed(outcome);

    const selfIds = new Set<string>();
    const steady = speakerDebounce();
    return enterCall(page, opts, {
      async read(): Promise<CallState> {
        const verdict = meetCallState(await probePage(page, MEET_SPEC, opts.observe?.probe));
        if (verdict.kind !== "in") return verdict;
        const roster = stickySelf(await readMeetRoster(page), selfIds);
        return { kind: "in", participants: attributeToSpeaker(steady(roster), await playedStreamIds(page)) };
      },
      async tick() {
        await dismiss();
        // Whatever the lobby did to the camera: off.
        await clickIfVisible(page.locator(MEET_SELECTORS.cameraOn));
      },
      chat: platformChat(page, "meet", opts.name),
      microphone: microphone(page),
      async leave() {
        await revealControls(page);
        if (!(await clickIfVisible(page.locator(MEET_SELECTORS.leave)))) return;
        // A host is asked whether to end the call for everyone: the bot only leaves.
        await clickIfVisible(page.getByRole("button", { name: /^Just leave the (call|meeting)$/i }), 1_000);
        await page.getByText(/You left the (meeting|call)/).filter({ visible: true }).first().waitFor({ timeout: 5_000 }).catch(() => {});
      },
    });
  },
};
