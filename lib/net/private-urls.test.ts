import { afterEach, expect, it, vi } from "vitest";
import { privateUrlsAllowed, type PrivateUrlPurpose } from "./private-urls.ts";

afterEach(() => vi.unstubAllEnvs());

const PURPOSES: PrivateUrlPurpose[] = ["provider", "tool", "webhook", "calendar"];
const allowed = () => PURPOSES.filter((p) => privateUrlsAllowed(p));

it("allows private addresses per purpose: the provider switch for all, the tool and webhook switches for their own", () => {
  for (const name of ["ALLOW_PRIVATE_PROVIDER_URLS", "ALLOW_PRIVATE_TOOL_URLS", "ALLOW_PRIVATE_WEBHOOK_URLS"]) vi.stubEnv(name, "");
  expect(allowed()).toEqual([]);
  vi.stubEnv("ALLOW_PRIVATE_TOOL_URLS", "1");
  expect(allowed()).toEqual(["tool"]);
  vi.stubEnv("ALLOW_PRIVATE_TOOL_URLS", "");
  vi.stubEnv("ALLOW_PRIVATE_WEBHOOK_URLS", "1");
  expect(allowed()).toEqual(["webhook"]);
  vi.stubEnv("ALLOW_PRIVATE_WEBHOOK_URLS", "true");
  expect(allowed()).toEqual([]);
  vi.stubEnv("ALLOW_PRIVATE_PROVIDER_URLS", "1");
  expect(allowed()).toEqual(PURPOSES);
});
