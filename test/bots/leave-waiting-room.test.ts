import { describe, expect, it } from "vitest";
import { botsOnFixtures, expectEnded, onEachPlatform, withRun } from "./fixtures/run-on-fixture.ts";

// The waiting-room leaving rule applied by the real bot on each platform's fixture meeting
// (docs/bots.md, "Leaving rules"): the bot asks to join, nobody lets it in, and when the agent's
// limit is up it gives up, `failed/waiting_room_timeout`, the rule and its limit on the timeline,
// and nothing billed (the bot was never in).

const WAIT_S = 2;
const bots = botsOnFixtures();

describe("leaving rule: waiting room, on the platforms' fixture meetings", () => {
  it.each(onEachPlatform({ meet: { lobby: true }, teams: { lobby: true }, zoom: { lobby: true } }))("$platform: nobody lets the bot in, so it gives up when the limit is up, billing nothing", async ({ platform, install }) => {
    const bot = await bots.run({ platform, install, leaving: { leaveWaitingRoomSeconds: WAIT_S }, billingIntervalMs: 1_000 });
    await withRun(bot, async () => {
      await bot.status("waiting_room");
      await bot.gone();
      const row = await expectEnded(bot, { status: "failed", reason: "waiting_room_timeout", rule: "waiting_room", limitSeconds: WAIT_S, ticks: 0 });
      expect(row.events.map((e) => e.toStatus)).toEqual(["joining", "waiting_room", "failed"]);
    });
  }, 60_000);
});
