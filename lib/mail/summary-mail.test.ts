import { describe, expect, it } from "vitest";
import { summaryMail } from "./templates.ts";

const minutes = { id: "m1", agentId: "a1", title: "Board", date: "2026-11-27", agentName: "Cohost", summary: "We shipped.", decisions: [], actionItems: [], notes: [] };

describe("the minutes e-mail", () => {
  it("says when the meeting was recorded, and only then", () => {
    const recorded = summaryMail("ada@example.test", { ...minutes, recorded: true });
    expect(recorded.text).toContain("This meeting was recorded.");
    expect(recorded.html).toContain("This meeting was recorded.");
    expect(summaryMail("ada@example.test", minutes).text).not.toContain("recorded");
  });
});
