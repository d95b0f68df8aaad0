import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withoutJoinInstructions } from "./clean-description.ts";
import { parseIcs } from "./parse-ics.ts";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "../../test/calendar/fixtures", name), "utf8");
const WINDOW = { from: new Date("2026-11-01T00:00:00Z"), to: new Date("2027-01-01T00:00:00Z") };

describe("withoutJoinInstructions", () => {
  it("keeps what the organiser wrote and drops Google Meet's and Teams' joining blocks", async () => {
    const google = (await parseIcs(fixture("google-export.ics"), WINDOW)).instances[0].description;
    expect(google).toContain("-::~:~::~");
    expect(withoutJoinInstructions(google)).toBe("Quarterly roadmap review.");
    const outlook = (await parseIcs(fixture("outlook-exchange.ics"), WINDOW)).instances.find((i) => i.description.includes("Microsoft Teams meeting"))!.description;
    expect(withoutJoinInstructions(outlook)).toBe("Hi all,\n\nlet's go through the release checklist.");
  });

  it("leaves other text alone, drops a marker cut off from its partner, and can leave nothing", () => {
    expect(withoutJoinInstructions("Agenda:\n- one\n- two")).toBe("Agenda:\n- one\n- two");
    expect(withoutJoinInstructions("Notes\n\n-::~:~::~:~:~::-\nJoin with Google Meet: https://meet.google.com/abc")).toBe("Notes\n\nJoin with Google Meet: https://meet.google.com/abc");
    expect(withoutJoinInstructions("-::~:~::~::-\nJoin with Google Meet: https://meet.google.com/abc\n-::~:~::~::-")).toBe("");
  });
});
