import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, maskSecret } from "./secrets";

describe("secrets at rest", () => {
  it("round-trips, uses a fresh IV each time and never contains the plain text", () => {
    const a = encryptSecret("sk-live-abcdef123456");
    const b = encryptSecret("sk-live-abcdef123456");
    expect(a).not.toBe(b);
    expect(a).not.toContain("abcdef");
    expect(decryptSecret(a)).toBe("sk-live-abcdef123456");
  });

  it("detects tampering", () => {
    const stored = encryptSecret("secret-value-1234");
    const bytes = Buffer.from(stored.slice(3), "base64");
    bytes[bytes.length - 1] ^= 1;
    expect(() => decryptSecret(`v1:${bytes.toString("base64")}`)).toThrow();
  });

  it("masks keys to a prefix and at most the last four characters", () => {
    expect(maskSecret("sk-proj-0123456789abcdef9f2c")).toBe("sk-…9f2c");
    expect(maskSecret("0123456789abcdefXYZW")).toBe("…XYZW");
    expect(maskSecret("short")).toBe("…");
  });
});
