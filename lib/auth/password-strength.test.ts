import { describe, expect, it } from "vitest";
import { passwordStrength } from "./password-strength";

describe("password strength", () => {
  it("refuses the most common passwords and near copies of them", () => {
    for (const password of ["password", "password1", "qwertyuiop", "iloveyou2", "Password123!", "test1234"]) {
      expect(passwordStrength(password), password).toMatchObject({ problem: "common" });
    }
  });

  it("refuses a password built from the person's own name or e-mail", () => {
    expect(passwordStrength("Lovelace1815", ["Ada", "Lovelace", "ada@example.test"])).toMatchObject({ problem: "personal" });
    // The same password is fine for someone else.
    expect(passwordStrength("Lovelace1815").problem).not.toBe("personal");
  });

  it("refuses keyboard runs, repeats and sequences", () => {
    for (const password of ["aaaaaaaaaa", "1234567890", "zxcvbnm,./"]) expect(passwordStrength(password).problem, password).not.toBeNull();
  });

  it("accepts passphrases and random strings, scoring longer ones higher", () => {
    expect(passwordStrength("correct horse battery")).toEqual({ score: 4, problem: null });
    expect(passwordStrength("x7#pQm2vL9").problem).toBeNull();
    expect(passwordStrength("walnut-ferry").score).toBeLessThan(passwordStrength("walnut-ferry-orbit-plum").score);
  });
});
