import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { issuesFor, messageOf, type FormErrors } from "./form-errors";
import { notifications } from "./notifications";
import { runSubmit, type FailurePlace } from "./use-submit";

type Field = "email" | "password";

/** The state a run writes, recorded in order (what React's setters would receive). */
function recorder(place: FailurePlace = "toast") {
  const pending: (string | null)[] = [];
  const errors: FormErrors<Field>[] = [];
  return { pending, errors, state: { setPending: (k: string | null) => pending.push(k), setErrors: (e: FormErrors<Field>) => errors.push(e), place } };
}

const refusal = (issues: { path: string; message: string }[]) => new ApiError(400, issues[0]?.message ?? "Invalid input", { error: "validation_error", message: issues[0]?.message, issues });

afterEach(() => notifications.clear());

describe("runSubmit", () => {
  it("marks the action running, clears the last errors, and is done once it succeeds", async () => {
    const r = recorder();
    let ranWhileBusy = false;
    const ok = await runSubmit(async () => void (ranWhileBusy = r.pending.at(-1) === "row-1"), { key: "row-1" }, r.state);
    expect(ok).toBe(true);
    expect(ranWhileBusy).toBe(true);
    expect(r.pending).toEqual(["row-1", null]);
    expect(r.errors).toEqual([{}]);
    expect(notifications.snapshot()).toEqual([]);
  });

  it("keeps the button busy after a success that leaves the page", async () => {
    const r = recorder();
    expect(await runSubmit(async () => {}, { leaving: true }, r.state)).toBe(true);
    expect(r.pending).toEqual([""]);
  });

  it("says a failure with no field in a toast, by default with the server's message", async () => {
    const r = recorder();
    const ok = await runSubmit(() => Promise.reject(new ApiError(409, "Already taken", null)), {}, r.state);
    expect(ok).toBe(false);
    expect(r.pending).toEqual(["", null]);
    expect(notifications.snapshot().map((n) => [n.type, n.message])).toEqual([["error", "Already taken"]]);
  });

  it("says it beside the form instead when the form shows its failures inline, and frees the button after a failure that was leaving", async () => {
    const r = recorder("inline");
    await runSubmit(() => Promise.reject(new Error("Network down")), { leaving: true }, r.state);
    expect(r.pending).toEqual(["", null]);
    expect(r.errors).toEqual([{}, { form: "Network down" }]);
    expect(notifications.snapshot()).toEqual([]);
  });

  it("puts the server's field messages under their fields, or lets the component show the failure itself", async () => {
    const r = recorder("inline");
    const failure = (err: unknown) => issuesFor(err, ["email", "password"] as const) ?? messageOf(err);
    await runSubmit(() => Promise.reject(refusal([{ path: "password", message: "Too common" }])), { failure }, r.state);
    expect(r.errors.at(-1)).toEqual({ password: "Too common" });

    let seen: unknown = null;
    await runSubmit(() => Promise.reject(new Error("x")), { failure: (err) => ((seen = err), null) }, r.state);
    expect((seen as Error).message).toBe("x");
    expect(r.errors.at(-1)).toEqual({});
    expect(notifications.snapshot()).toEqual([]);
  });
});

describe("issuesFor", () => {
  it("takes the first message for each named field and ignores the others", () => {
    const err = refusal([
      { path: "email", message: "Invalid e-mail" },
      { path: "email", message: "Too long" },
      { path: "name", message: "Required" },
    ]);
    expect(issuesFor(err, ["email", "password"])).toEqual({ email: "Invalid e-mail" });
  });

  it("is undefined when the server named none of the fields, or the failure was not a refusal", () => {
    expect(issuesFor(refusal([{ path: "name", message: "Required" }]), ["email"])).toBeUndefined();
    expect(issuesFor(new ApiError(500, "Broken", "<html>"), ["email"])).toBeUndefined();
    expect(issuesFor(new Error("offline"), ["email"])).toBeUndefined();
  });
});
