import { describe, expect, it } from "vitest";
import { GET as listAgents } from "@/app/api/agents/route";
import { notifyRetiringModels } from "@/lib/agents/notify-retiring-models";
import { db } from "@/lib/db/client";
import { call } from "../http.ts";
import { captureMailForFile } from "../support/smtp.ts";
import { createUser } from "../users.ts";

// Retiring models, as an owner meets them: a warning on the agent in the list, and one e-mail.
const smtp = captureMailForFile();

async function agentOn(userId: string, aiProviderId: string, model: string | null, name = "Roadmap helper") {
  return db.agent.create({ data: { userId, name, sttProviderId: "deepgram", aiProviderId, aiExtraParams: model ? { model } : {}, ttsProviderId: "elevenlabs" } });
}

describe("retiring models", () => {
  it("the agent list marks an agent whose model retires within 30 days, and only that one", async () => {
    const { user, headers } = await createUser();
    const old = await agentOn(user.id, "anthropic", "claude-sonnet-4-5");
    const current = await agentOn(user.id, "anthropic", "claude-sonnet-4-6");
    const res = await call(listAgents, { headers });
    const byId = (id: string) => res.body.find((a: { id: string }) => a.id === id);
    expect(byId(old.id).retiringModels).toEqual([
      { kind: "ai", providerId: "anthropic", model: "claude-sonnet-4-5", retiresOn: "2026-11-30", replacement: "claude-sonnet-4-6", retired: Date.now() >= Date.parse("2026-11-30T00:00:00Z") },
    ]);
    expect(byId(current.id).retiringModels).toEqual([]);
  });

  it("e-mails the owner once per agent and model, however often the daily job runs", async () => {
    const { user } = await createUser();
    const agent = await agentOn(user.id, "anthropic", "claude-sonnet-4-5", "Standup bot");
    await agentOn(user.id, "anthropic", "claude-opus-4-5", "Far off");
    const now = new Date("2026-11-25T08:00:00Z");
    await notifyRetiringModels(now);
    await notifyRetiringModels(now);
    await notifyRetiringModels(new Date("2026-11-26T08:00:00Z"));
    const mails = smtp.to(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Standup bot: claude-sonnet-4-5 retires on 30 November 2026");
    expect(mails[0].text).toContain("pick claude-sonnet-4-6");
    expect(mails[0].text).toContain(`/agents/${agent.id}/edit`);
    // Opus 4.5 retires on 22 January 2027: its owner hears about it from 23 December on.
    await notifyRetiringModels(new Date("2026-12-23T08:00:00Z"));
    expect(smtp.to(user.email).map((m) => m.subject)).toEqual(["Standup bot: claude-sonnet-4-5 retires on 30 November 2026", "Far off: claude-opus-4-5 retires on 22 January 2027"]);
  });

  it("a mail that cannot be sent is sent on the next run instead of being lost", async () => {
    const { user } = await createUser();
    await agentOn(user.id, "anthropic", "claude-sonnet-4-5", "Retry bot");
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    const failedRound = await notifyRetiringModels(new Date("2026-11-25T08:00:00Z"));
    expect(failedRound.failed).toBeGreaterThan(0);
    process.env.SMTP_URL = smtp.url;
    await notifyRetiringModels(new Date("2026-11-25T09:00:00Z"));
    expect(smtp.to(user.email).map((m) => m.subject)).toEqual(["Retry bot: claude-sonnet-4-5 retires on 30 November 2026"]);
  });
});
