import { describe, expect, it } from "vitest";
import { joinStatus, joinVerdict, ruleMiss } from "./join-rule.ts";

const invite = (myResponse: "accepted" | "tentative" | "declined" | "needsAction" | "none" | null, organizedByMe: boolean | null = false, title = "Weekly sync") => ({ title, myResponse, organizedByMe });
const open = { accessControlEnabled: false, whitelistedEmails: [], requireConfirmation: false };

describe("ruleMiss", () => {
  it("lets every event in under 'all' and without a rule", () => {
    expect(ruleMiss(undefined, invite("declined"))).toBeNull();
    expect(ruleMiss({ rule: "all", keyword: null }, invite("declined"))).toBeNull();
  });
  it("'organized' takes only the owner's own events", () => {
    expect(ruleMiss({ rule: "organized", keyword: null }, invite("accepted", true))).toBeNull();
    expect(ruleMiss({ rule: "organized", keyword: null }, invite("accepted"))).toBe("not_organizer");
    expect(ruleMiss({ rule: "organized", keyword: null }, invite(null, null))).toBe("not_organizer");
  });
  it("'accepted' takes accepted and organised events, never a declined one", () => {
    const accepted = { rule: "accepted", keyword: null } as const;
    expect(ruleMiss(accepted, invite("accepted"))).toBeNull();
    expect(ruleMiss(accepted, invite("none", true))).toBeNull();
    expect(ruleMiss(accepted, invite("declined", true))).toBe("declined");
    expect(ruleMiss(accepted, invite("tentative"))).toBe("not_accepted");
    expect(ruleMiss(accepted, invite("needsAction"))).toBe("not_accepted");
  });
  it("'keyword' looks for the word in the title, in any case", () => {
    expect(ruleMiss({ rule: "keyword", keyword: "SYNC" }, invite("none"))).toBeNull();
    expect(ruleMiss({ rule: "keyword", keyword: "cohost" }, invite("none"))).toBe("keyword:cohost");
  });
});

describe("joinStatus and joinVerdict", () => {
  it("the switch wins over the rule; access control and confirmation still apply after it", () => {
    expect(joinStatus(open, { status: null, organizerEmail: "a@b.test", joinOverride: null, joinRuleMiss: "declined" })).toBe("skipped");
    expect(joinStatus(open, { status: "confirmed", organizerEmail: "a@b.test", joinOverride: false, joinRuleMiss: null })).toBe("skipped");
    expect(joinStatus(open, { status: null, organizerEmail: "a@b.test", joinOverride: true, joinRuleMiss: "declined" })).toBe("confirmed");
    expect(joinStatus({ ...open, accessControlEnabled: true }, { status: null, organizerEmail: "a@b.test", joinOverride: true, joinRuleMiss: "declined" })).toBe("blocked");
    expect(joinStatus({ ...open, requireConfirmation: true }, { status: null, organizerEmail: "a@b.test", joinOverride: true, joinRuleMiss: null })).toBe("pending");
    expect(joinStatus(open, { status: "cancelled", organizerEmail: null, joinOverride: true, joinRuleMiss: null })).toBe("cancelled");
  });
  it("says why not", () => {
    expect(joinVerdict({ status: "skipped", joinOverride: null, joinRuleMiss: "keyword:Cohost", meetingStatus: null })).toEqual({ willJoin: false, reason: "keyword", keyword: "Cohost", text: `Cohost won't join: title doesn't contain "Cohost"` });
    expect(joinVerdict({ status: "skipped", joinOverride: false, joinRuleMiss: "declined", meetingStatus: null }).text).toBe("Cohost won't join: switched off for this event");
    expect(joinVerdict({ status: "pending", joinOverride: null, joinRuleMiss: null, meetingStatus: null }).text).toBe("Cohost won't join: waiting for your confirmation");
    expect(joinVerdict({ status: "confirmed", joinOverride: null, joinRuleMiss: null, meetingStatus: "scheduled" })).toMatchObject({ willJoin: true, text: "Cohost will join" });
  });
});
