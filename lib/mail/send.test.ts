import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { sendMail } from "./send";
import { verifyEmailMail } from "./templates";

describe("sendMail without SMTP_URL", () => {
  it("writes an .eml file under DATA_DIR/mail and logs only its name, never the link", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const mail = verifyEmailMail("eml-check@example.test", "Ada", "secret-token-value");
    await sendMail(mail);
    const line = log.mock.calls.map((c) => c.join(" ")).find((l) => l.includes("eml-check@example.test"))!;
    log.mockRestore();
    expect(line).not.toContain("secret-token-value");
    const { file } = JSON.parse(line) as { file: string };
    expect(file).toMatch(/\.eml$/);
    expect(path.dirname(file)).toBe(path.join(process.env.DATA_DIR!, "mail"));
    const eml = fs.readFileSync(file, "utf8");
    expect(eml).toContain("Subject: Confirm your e-mail for Cohost");
    expect(eml).toContain("secret-token-value");
  });
});
