import { platformChat } from "./platform-chat.ts";
import type { Page } from "playwright-core";
import { awaitAdmission, joinFailed, type JoinDriver } from "./join-flow.ts";
import type { CallState } from "./meeting-watch.ts";
import { attributeToSpeaker, clickIfVisible, dismissDialog, playedStreamIds, type MicrophoneControl } from "./page-actions.ts";
import { probePage } from "./page-probe.ts";
import { speakerDebounce } from "./speaker-debounce.ts";
import { readTeamsRoster, TEAMS_COMPUTER_AUDIO, TEAMS_CONTINUE_ON_BROWSER, TEAMS_DIALOG_BUTTONS, TEAMS_SELECTORS, TEAMS_SPEC, teamsCallState, teamsJoinState } from "./teams-page.ts";
import type { JoinOptions, JoinResult, PlatformAdapter } from "./types.ts";
import { enterCall, openLink } from "./web-call.ts";

// Microsoft Teams through its web client, as an anonymous guest. A meetup-join link may open the
// launcher ("How do you want to join?"): the bot continues on this browser. Links that go straight
// to the light-meeting pre-join (teams.live.com/meet/…, newer tenants) skip that step. Then the
// name, camera and microphone off, "Join now", the lobby, the call.

/** A pre-join switch: true on, false off, null when not on screen. */
async function switchState(page: Page, selector: string): Promise<boolean | null> {
  return page.evaluate((sel) => {
    const el = [...document.querySelectorAll<HTMLElement>(sel)].find((e) => e.getClientRects().length > 0);
    if (!el) return null;
    return el.getAttribute("aria-checked") === "true" || el.getAttribute("aria-pressed") === "true" || (el as HTMLInputElement).checked === true;
  }, selector);
}

async function switchOff(page: Page, selector: string): Promise<void> {
  if ((await switchState(page, selector)) === true) await clickIfVisible(page.locator(selector));
}

function microphone(page: Page): MicrophoneControl {
  const button = page.locator(TEAMS_SELECTORS.micButton).filter({ visible: true });
  return {
    async read() {
      if ((await button.count()) === 0) return null;
      const label = (await button.first().getAttribute("aria-label")) ?? "";
      return /^Unmute/i.test(label) ? false : /^Mute/i.test(label) ? true : null;
    },
    async toggle() {
      await clickIfVisible(button);
    },
    hotkey: "Control+Shift+M",
  };
}

export const teamsAdapter: PlatformAdapter = {
  platform: "teams",
  microphoneWhileSpeakingOnly: true,
  // The web client receives the call as one server-mixed stream, the remote track of the stream
  // whose id contains "mainAudio" (Attendee, Vexa), plus tracks that are not the call (capturing
  // those would hear every word twice). Without a mainAudio track for 15 s, every track is taken.
  bridgeCapture: "main-audio",

  async join(page: Page, opts: JoinOptions): Promise<JoinResult> {
    const unreachable = await openLink(page, opts.url);
    if (unreachable) return unreachable;

    const dismiss = async () => {
      // Teams may show its dialogs inside the light-meetings iframe.
      await dismissDialog(page, TEAMS_DIALOG_BUTTONS, { allFrames: true });
    };
    const driver: JoinDriver = {
      read: async () => teamsJoinState(await probePage(page, TEAMS_SPEC, opts.observe?.probe)),
      dismiss,
      async submit() {
        // The launcher: continue here, not in the Teams app.
        if (await clickIfVisible(page.locator(TEAMS_SELECTORS.continueOnBrowser))) return;
        if (await clickIfVisible(page.getByRole("button", { name: TEAMS_CONTINUE_ON_BROWSER }))) return;
        const name = page.locator(TEAMS_SELECTORS.nameInput).filter({ visible: true }).first();
        if ((await name.count()) > 0 && (await name.inputValue()) !== opts.name) await name.fill(opts.name);
        await switchOff(page, TEAMS_SELECTORS.videoToggle);
        await switchOff(page, TEAMS_SELECTORS.micToggle);
        // Microphone off, but the call's audio on: "Don't use audio" would leave the bot deaf.
        const computerAudio = page.getByRole("radio", { name: TEAMS_COMPUTER_AUDIO }).filter({ visible: true }).first();
        if ((await computerAudio.count()) > 0 && (await computerAudio.getAttribute("aria-checked")) !== "true" && !(await computerAudio.isChecked().catch(() => false))) {
          await computerAudio.click({ timeout: 2_000 }).catch(() => {});
        }
        await clickIfVisible(page.locator(TEAMS_SELECTORS.joinButton));
      },
    };
    const outcome = await awaitAdmission(page, driver, opts);
    if (!outcome.admitted) return joinFailed(outcome);

    const steady = speakerDebounce();
    return enterCall(page, opts, {
      async read(): Promise<CallState> {
        const verdict = teamsCallState(await probePage(page, TEAMS_SPEC, opts.observe?.probe));
        if (verdict.kind !== "in") return verdict;
        // One mixed stream: whoever Teams shows speaking is who it carries.
        return { kind: "in", participants: attributeToSpeaker(steady(await readTeamsRoster(page, opts.name)), await playedStreamIds(page)) };
      },
      tick: dismiss,
      chat: platformChat(page, "teams", opts.name),
      microphone: microphone(page),
      async leave() {
        if (!(await clickIfVisible(page.locator(TEAMS_SELECTORS.hangup)))) return;
        // An organiser gets a menu (Leave / End meeting): the bot only leaves.
        await clickIfVisible(page.getByRole("menuitem", { name: /^Leave$/i }), 1_000);
        await page.getByText(/You (have )?left the meeting/).filter({ visible: true }).first().waitFor({ timeout: 5_000 }).catch(() => {});
      },
    });
  },
};
