import { describe, expect, it } from "vitest";
import { domainBelongsTo, originBelongsTo, providerForPlatform } from "./bot-session-scope.ts";

describe("a signed-in bot's session belongs to its provider's own sites only", () => {
  it("Google: google.com and below it, nothing that only looks like it", () => {
    for (const d of [".google.com", "google.com", "accounts.google.com", "meet.google.com"]) expect(domainBelongsTo("google", d)).toBe(true);
    for (const d of ["evilgoogle.com", "google.com.evil.example", ".youtube.com", "google.de", "", "."]) expect(domainBelongsTo("google", d)).toBe(false);
  });

  it("Microsoft: its sign-in and Teams hosts, not all of microsoft.com", () => {
    for (const d of ["login.microsoftonline.com", ".login.microsoftonline.com", ".live.com", "teams.live.com", "teams.microsoft.com", "teams.cloud.microsoft"]) expect(domainBelongsTo("microsoft", d)).toBe(true);
    for (const d of ["microsoft.com", "www.microsoft.com", "microsoftonline.com", "evillive.com", ".google.com"]) expect(domainBelongsTo("microsoft", d)).toBe(false);
  });

  it("origins: https only, exactly an origin", () => {
    expect(originBelongsTo("google", "https://meet.google.com")).toBe(true);
    expect(originBelongsTo("google", "http://meet.google.com")).toBe(false);
    expect(originBelongsTo("google", "https://meet.google.com/path")).toBe(false);
    expect(originBelongsTo("microsoft", "https://teams.microsoft.com")).toBe(true);
    expect(originBelongsTo("microsoft", "not a url")).toBe(false);
  });

  it("Google signs in for Meet, Microsoft for Teams, nobody for Zoom or the test room", () => {
    expect(providerForPlatform("meet")).toBe("google");
    expect(providerForPlatform("teams")).toBe("microsoft");
    expect(providerForPlatform("zoom")).toBeNull();
    expect(providerForPlatform("room")).toBeNull();
  });
});
