import { describe, expect, it } from "vitest";
import { adapterFor } from "@/lib/bots/platforms/adapter-for";
import { meetingStatusFor } from "@/lib/bots/platforms/types";

describe("platform outcomes as meeting statuses", () => {
  it("maps joining, failures and ends to a status and reason", () => {
    expect(meetingStatusFor({ type: "waiting_room" })).toEqual({ status: "waiting_room", statusReason: null });
    expect(meetingStatusFor({ type: "admitted" })).toEqual({ status: "in_progress", statusReason: null });
    for (const reason of ["not_found", "denied", "waiting_room_timeout", "meeting_full", "login_required", "captcha", "blocked", "join_failed"] as const) {
      expect(meetingStatusFor({ type: "failed", reason })).toEqual({ status: "failed", statusReason: reason });
    }
    expect(meetingStatusFor({ type: "ended", reason: "removed" })).toEqual({ status: "completed", statusReason: "removed" });
    expect(meetingStatusFor({ type: "ended", reason: "meeting_ended" })).toEqual({ status: "completed", statusReason: "meeting_ended" });
    expect(meetingStatusFor({ type: "ended", reason: "connection_lost" })).toEqual({ status: "failed", statusReason: "connection_lost" });
  });

  it("has an adapter for the room and says which platforms are still missing", () => {
    expect(adapterFor("room").platform).toBe("room");
    expect(() => adapterFor("meet")).toThrow("Bots cannot join meet meetings yet");
  });
});
