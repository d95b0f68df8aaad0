import { describe, expect, it } from "vitest";
import { botsOnFixtures, PLATFORM_MEETINGS, withRun } from "./fixtures/run-on-fixture.ts";

// The waiting-room leaving rule applied by the real bot on each platform's fixture meeting
// (docs/bots.md, "Leaving rules"): the bot asks to join, nobody lets it in, and when the agent's
// limit is up it gives up, `failed/waiting_room_timeout`, the rule and its limit on the timeline,
// and nothing billed (the bot was never in).

const WAIT_S = 2;
const bots = botsOnFixtures();

const cases = [
  { platform: "meet", install: PLATFORM_MEETINGS.meet.install({ lobby: true }) },
  { platform: "teams", install: PLATFORM_MEETINGS.teams.install({ lobby: true }) },
  { platform: "zoom", install: PLATFORM_MEETINGS.zoom.install({ lobby: true }) },
] as const;

describe("leaving rule: waiting room, on the platforms' fixture meetings", () => {
  it.each(cases)("$platform: nobody lets the bot in, so it gives up when the limit is up, billing nothing", async ({ platform, install }) => {
    const bot = await bots.run({ platform, install, leaving: { leaveWaitingRoomSeconds: WAIT_S }, billingIntervalMs: 1_000 });
    await withRun(bot, async () => {
      await bot.status("waiting_room");
      await bot.gone();
      const row = await bot.meeting();
      expect(row).toMatchObject({ status: "failed", statusReason: "waiting_room_timeout", billedTicks: 0 });
      expect(row.events.map((e) => e.toStatus)).toEqual(["joining", "waiting_room", "failed"]);
      expect(row.events.at(-1)).toMatchObject({ reason: "waiting_room_timeout", data: { rule: "waiting_room", limitSeconds: WAIT_S } });
      expect(await bot.ticks()).toEqual([]);
    });
  }, 60_000);
});
