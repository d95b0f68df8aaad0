import { describe, expect, it } from "vitest";
import { failureMessage } from "@/lib/client/notifications";
import { balanceTone, formatUsd, initials, isActive, splitDisplayName, titleKey } from "./nav";

describe("navigation rules (spec §2, §9)", () => {
  it("highlights by path prefix, the root only exactly, or by a matching tab", () => {
    expect(isActive("/", "/")).toBe(true);
    expect(isActive("/", "/agents")).toBe(false);
    expect(isActive("/agents", "/agents/abc/edit")).toBe(true);
    expect(isActive("/agents", "/agentsx")).toBe(false);
    expect(isActive("/billing", "/", "billing")).toBe(true);
    expect(isActive("/billing", "/", "usage")).toBe(false);
  });

  it("titles pages by path; unknown paths have none (the raw path shows)", () => {
    expect(titleKey("/")).toBe("dashboard");
    expect(titleKey("/agents/create")).toBe("createAgent");
    expect(titleKey("/agents/123/edit")).toBe("editAgent");
    expect(titleKey("/cookie")).toBe("cookie");
    expect(titleKey("/somewhere/else")).toBeNull();
  });

  it("makes initials from up to two words, else U", () => {
    expect(initials("Ada Lovelace")).toBe("AL");
    expect(initials("grace brewster hopper")).toBe("GB");
    expect(initials("Plato")).toBe("P");
    expect(initials("  ")).toBe("U");
    expect(initials(null)).toBe("U");
  });

  it("colours the balance green above 10, amber above 5, red otherwise", () => {
    expect(balanceTone(10.01)).toBe("good");
    expect(balanceTone(10)).toBe("low");
    expect(balanceTone(5.01)).toBe("low");
    expect(balanceTone(5)).toBe("critical");
    expect(balanceTone(-0.02)).toBe("critical");
    expect(formatUsd(12.5)).toBe("$12.50");
  });
});

describe("profile and toast texts (spec §5, §8)", () => {
  it("splits the display name on the first space", () => {
    expect(splitDisplayName(" Grace Brewster Hopper ")).toEqual({ firstName: "Grace", lastName: "Brewster Hopper" });
    expect(splitDisplayName("Plato")).toEqual({ firstName: "Plato", lastName: "" });
  });

  it("maps failures to the helper messages", () => {
    expect(failureMessage("save agent", new TypeError("Failed to fetch"))).toBe("Network error. Please check your connection and try again.");
    expect(failureMessage("save agent", new Error("Request timeout"))).toBe("Request timed out. Please try again.");
    expect(failureMessage("save agent", new Error("boom"))).toBe("Failed to save agent. Please try again.");
  });
});
