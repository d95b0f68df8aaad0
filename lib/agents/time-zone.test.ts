import { describe, expect, it } from "vitest";
import { canonicalTimeZone, timeZoneNames } from "./time-zone.ts";

describe("time zones by current IANA name (issue 31)", () => {
  it("reads old and new names, any case, as the current one", () => {
    expect(canonicalTimeZone("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(canonicalTimeZone("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(canonicalTimeZone("asia/saigon")).toBe("Asia/Ho_Chi_Minh");
    expect(canonicalTimeZone("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(canonicalTimeZone("europe/berlin")).toBe("Europe/Berlin");
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
  });

  it("lists only current names, each once, sorted, with UTC", () => {
    const names = timeZoneNames();
    expect(names).toEqual(expect.arrayContaining(["Asia/Kolkata", "Asia/Ho_Chi_Minh", "Europe/Kyiv", "America/Nuuk", "UTC"]));
    for (const old of ["Asia/Calcutta", "Asia/Saigon", "Europe/Kiev", "America/Godthab", "Asia/Rangoon", "Asia/Katmandu"]) expect(names).not.toContain(old);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(names);
    // Every listed name is one the runtime accepts, and reads back as itself.
    for (const zone of names) expect(canonicalTimeZone(zone), zone).toBe(zone);
  });
});
