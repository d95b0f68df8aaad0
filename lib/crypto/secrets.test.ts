import { describe, expect, it, vi } from "vitest";
import { decryptSecret, encryptSecret, maskSecret } from "./secrets";

describe("secrets at rest", () => {
  it("round-trips in the versioned format, with a fresh IV each time and no plain text", () => {
    const a = encryptSecret("sk-live-abcdef123456");
    const b = encryptSecret("sk-live-abcdef123456");
    expect(a).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("abcdef");
    expect(decryptSecret(a)).toBe("sk-live-abcdef123456");
    expect(decryptSecret(encryptSecret("ünïcödé 🔑"))).toBe("ünïcödé 🔑");
  });

  it("detects tampering, unknown versions and a different key", () => {
    const stored = encryptSecret("secret-value-1234");
    const bytes = Buffer.from(stored.slice(3), "base64");
    bytes[bytes.length - 1] ^= 1;
    expect(() => decryptSecret(`v1:${bytes.toString("base64")}`)).toThrow();
    expect(() => decryptSecret(`v9:${stored.slice(3)}`)).toThrow("Unknown secret format");
    vi.stubEnv("APP_ENCRYPTION_KEY", Buffer.alloc(32, 9).toString("base64"));
    try {
      expect(() => decryptSecret(stored)).toThrow();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("refuses a missing or wrongly sized APP_ENCRYPTION_KEY", () => {
    try {
      vi.stubEnv("APP_ENCRYPTION_KEY", undefined);
      expect(() => encryptSecret("x")).toThrow("APP_ENCRYPTION_KEY is not set");
      vi.stubEnv("APP_ENCRYPTION_KEY", Buffer.alloc(16).toString("base64"));
      expect(() => encryptSecret("x")).toThrow("APP_ENCRYPTION_KEY must be 32 bytes, base64-encoded");
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("masks keys to a vendor prefix and at most the last four characters", () => {
    expect(maskSecret("sk-proj-0123456789abcdef9f2c")).toBe("sk-…9f2c");
    expect(maskSecret("gsk_0123456789abcdefWXYZ")).toBe("gsk_…WXYZ");
    expect(maskSecret("0123456789abcdefXYZW")).toBe("…XYZW");
    // Short keys give less away: no prefix below 16 hidden characters, no tail below 12 characters.
    expect(maskSecret("sk-123456789012")).toBe("…9012");
    expect(maskSecret("short-key")).toBe("…");
  });
});
