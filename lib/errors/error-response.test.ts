import { describe, expect, it } from "vitest";
import { AppError } from "./app-error.ts";
import { errorResponse } from "./error-response.ts";

describe("errorResponse", () => {
  it("describes what AppError.toJSON() answers, with and without issues, and nothing more", () => {
    const plain = new AppError("not_found", "Meeting not found").toJSON();
    const invalid = new AppError("validation_error", "Name is required", { issues: [{ path: "name", message: "Name is required" }] }).toJSON();
    expect(errorResponse.strict().parse(plain)).toEqual({ error: "not_found", message: "Meeting not found" });
    expect(errorResponse.strict().parse(invalid)).toEqual(invalid);
    expect(errorResponse.strict().safeParse({ ...plain, status: 404 }).success).toBe(false);
  });
});
