import { describe, expect, it } from "vitest";
import { POST as create } from "@/app/api/agents/route";
import { GET as getOne, PUT as update } from "@/app/api/agents/[id]/route";
import { db } from "@/lib/db/client";
import { call } from "@/test/http";
import { createUser } from "@/test/users";
import { validAgent } from "./fixtures";

// An agent's leaving rules through the API (lib/agents/leaving.ts): the anchors' defaults, partial
// changes over the stored rules, and each bad limit refused with its own message.

const DEFAULTS = {
  nobodyJoinedSeconds: 600,
  aloneSeconds: 60,
  botKeywords: ["bot", "notetaker", "note taker", "otter", "fireflies", "fathom", "read.ai", "recall", "tldv", "meetgeek"],
  silenceSeconds: 600,
  silenceGraceSeconds: 1200,
  maxDurationSeconds: 14_400,
  waitingRoomSeconds: 900,
};

describe("an agent's leaving rules", () => {
  it("a new agent gets the defaults; rules sent on create are kept, the ones left out take their default", async () => {
    const { headers } = await createUser();
    const plain = await call(create, { body: validAgent(), headers });
    expect(plain.status).toBe(201);
    expect(plain.body.leaving).toEqual(DEFAULTS);

    const own = await call(create, { body: validAgent({ leaving: { aloneSeconds: 5, botKeywords: [" Otter ", "otter", "Notetaker"], silenceSeconds: 0 } }), headers });
    expect(own.status).toBe(201);
    expect(own.body.leaving).toEqual({ ...DEFAULTS, aloneSeconds: 5, botKeywords: ["otter", "notetaker"], silenceSeconds: 0 });
    expect(await db.agent.findUniqueOrThrow({ where: { id: own.body.id } })).toMatchObject({ leaveAloneSeconds: 5, leaveSilenceSeconds: 0, leaveBotKeywords: ["otter", "notetaker"] });
  });

  it("an update changes the rules it names and keeps the others; one without rules keeps them all", async () => {
    const { headers } = await createUser();
    const created = (await call(create, { body: validAgent({ leaving: { aloneSeconds: 30 } }), headers })).body;
    const params = { id: created.id };
    const changed = await call(update, { method: "PUT", params, body: { leaving: { nobodyJoinedSeconds: 120, waitingRoomSeconds: 300 } }, headers });
    expect(changed.status).toBe(200);
    expect(changed.body.leaving).toEqual({ ...DEFAULTS, aloneSeconds: 30, nobodyJoinedSeconds: 120, waitingRoomSeconds: 300 });
    await call(update, { method: "PUT", params, body: { name: "Renamed" }, headers });
    expect((await call(getOne, { params, headers })).body.leaving).toEqual({ ...DEFAULTS, aloneSeconds: 30, nobodyJoinedSeconds: 120, waitingRoomSeconds: 300 });
  });

  it("refuses a limit out of bounds or not a whole number of seconds, each with its field, and saves nothing", async () => {
    const { user, headers } = await createUser();
    const res = await call(create, {
      body: validAgent({ leaving: { aloneSeconds: 0, maxDurationSeconds: 5 * 3600, silenceSeconds: 1.5, botKeywords: [""], waitingRoomSeconds: "soon" } }),
      headers,
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { path: "leaving.aloneSeconds", message: "Alone must be at least 1 second" },
        { path: "leaving.maxDurationSeconds", message: "Maximum duration must be at most 14400 seconds (4 hours)" },
        { path: "leaving.silenceSeconds", message: "Silence must be a whole number of seconds" },
        { path: "leaving.botKeywords.0", message: "A bot keyword cannot be empty" },
        { path: "leaving.waitingRoomSeconds", message: "Waiting room must be a number of seconds" },
      ]),
    );
    expect(await db.agent.count({ where: { userId: user.id } })).toBe(0);
  });
});
