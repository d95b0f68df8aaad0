import type { Locator, Page } from "playwright-core";
import type { Participant } from "./types.ts";

// Small moves every adapter makes on a meeting client: click what is visible, switch the
// microphone and check that it switched, and tie the page's remote audio to the active speaker.
// Clicks go through Playwright (real input events), never element.click() in the page, which
// clients can tell apart (isTrusted) and some ignore.

/** Clicks the first visible match; false when nothing matches or is visible. */
export async function clickIfVisible(locator: Locator, timeoutMs = 2_000): Promise<boolean> {
  const target = locator.filter({ visible: true }).first();
  if (!(await target.isVisible().catch(() => false))) return false;
  await target.click({ timeout: timeoutMs }).catch(() => {});
  return true;
}

/**
 * Clicks the first visible match like a person; when something lies over it and takes the click
 * (Zoom's .preview-meeting-info over Join, Vexa), clicks it through the DOM instead. False when
 * nothing matches or is visible.
 */
export async function clickThrough(locator: Locator, timeoutMs = 2_000): Promise<boolean> {
  const target = locator.filter({ visible: true }).first();
  if (!(await target.isVisible().catch(() => false))) return false;
  const clicked = await target.click({ timeout: timeoutMs }).then(
    () => true,
    () => false,
  );
  if (!clicked) await target.evaluate((el) => (el as HTMLElement).click()).catch(() => {});
  return true;
}

/**
 * Clicks away the topmost open dialog that has a button named `name` (the dialogs a person clicks
 * away: tips, consent, cookies). Dialogs later in the document sit on top of earlier ones, and a
 * covered button cannot be clicked, so the last visible one goes first. With `allFrames`, every
 * frame of the page is searched, the main one first (Teams' light-meetings iframe).
 */
export async function dismissDialog(page: Page, name: RegExp, opts: { allFrames?: boolean } = {}): Promise<boolean> {
  const frames = opts.allFrames ? page.frames() : [page.mainFrame()];
  for (const frame of frames) {
    const buttons = frame.locator('[role="dialog"], [role="alertdialog"]').getByRole("button", { name }).filter({ visible: true });
    const count = await buttons.count().catch(() => 0);
    if (count === 0) continue;
    await buttons.nth(count - 1).click({ timeout: 1_000 }).catch(() => {});
    return true;
  }
  return false;
}

/**
 * Moves the pointer over the page, as a person does before reaching for a control: Meet and Zoom
 * hide their call toolbar when the pointer rests and show it again on movement (Vexa moves the
 * mouse before each look; joinly clicks the page centre, which a click on a tile could turn into a
 * pin). Two small moves, so the client sees movement wherever the pointer was.
 */
export async function revealControls(page: Page): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  const x = Math.round(size.width / 2);
  const y = Math.round(size.height / 2);
  await page.mouse.move(x, y).catch(() => {});
  await page.mouse.move(x + 8, y + 6, { steps: 2 }).catch(() => {});
}

export interface MicrophoneControl {
  /** Makes the control appear where the client first needs something (Zoom: join computer audio). */
  prepare?(): Promise<void>;
  /** Shows controls the client hides while the pointer rests (revealControls); before every read. */
  reveal?(): Promise<void>;
  /** true on, false off, null when the control is not on screen. */
  read(): Promise<boolean | null>;
  /** Clicks the client's microphone button. */
  toggle(): Promise<void>;
  /** The client's keyboard shortcut, tried when the click did not take. */
  hotkey?: string;
}

/** Puts the microphone in the wanted state, reading the client's own control before and after. */
export async function setMicrophoneState(page: Page, control: MicrophoneControl, on: boolean): Promise<void> {
  const read = async () => {
    await control.reveal?.();
    return control.read();
  };
  const settled = async () => {
    for (let i = 0; i < 20; i++) {
      if ((await read()) === on) return true;
      await page.waitForTimeout(100);
    }
    return false;
  };
  await control.reveal?.();
  await control.prepare?.();
  const now = await read();
  if (now === on) return;
  if (now === null) throw new Error("the microphone button is not on screen");
  await control.toggle();
  if (await settled()) return;
  if (control.hotkey) {
    await page.keyboard.press(control.hotkey);
    if (await settled()) return;
  }
  throw new Error(`the microphone did not switch ${on ? "on" : "off"}`);
}

/**
 * The ids of the remote audio streams the page plays through media elements: the ids the bridge
 * tags their frames with (a stream's id as the page sees it).
 */
export async function playedStreamIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const ids = new Set<string>();
    for (const el of document.querySelectorAll<HTMLMediaElement>("audio, video")) {
      const stream = el.srcObject;
      if (stream instanceof MediaStream && stream.getAudioTracks().some((t) => t.readyState === "live")) ids.add(stream.id);
    }
    return [...ids];
  });
}

/**
 * For clients that play a mix or rotating streams: the active speaker (the first one speaking, not
 * the bot) carries every played stream id, everyone else none. With no one speaking, nobody does,
 * so the runtime keeps the names it last had.
 */
export function attributeToSpeaker(participants: Participant[], streamIds: string[]): Participant[] {
  const speaker = participants.find((p) => p.speaking && !p.isSelf);
  return participants.map((p) => ({ ...p, speakerIds: p === speaker ? [...streamIds] : [] }));
}
