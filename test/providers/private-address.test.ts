import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { guardedLookup, isPrivateAddress, isPrivateHostname, PrivateAddressError } from "@/lib/net/private-address";
import { startFakeProviders } from "@/test/fakes/providers/server";

let fake: Awaited<ReturnType<typeof startFakeProviders>>;
beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(() => fake.close());

it("knows internal addresses, IPv4-mapped IPv6 included", () => {
  for (const ip of ["127.0.0.1", "10.0.0.8", "172.16.5.4", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "::", "fd12::1", "fe80::1", "::ffff:127.0.0.1", "::ffff:a00:1"]) {
    expect(isPrivateAddress(ip), ip).toBe(true);
  }
  for (const ip of ["8.8.8.8", "172.32.0.1", "1.1.1.1", "2606:4700:4700::1111", "not-an-ip"]) expect(isPrivateAddress(ip), ip).toBe(false);
  expect(isPrivateHostname("localhost")).toBe(true);
  expect(isPrivateHostname("api.localhost")).toBe(true);
  expect(isPrivateHostname("[::1]")).toBe(true);
  expect(isPrivateHostname("api.openai.com")).toBe(false);
});

it("refuses, at connection time, a name that resolves to a private address", async () => {
  const port = new URL(fake.url).port;
  const before = fake.seen.length;
  const error = await new Promise<Error>((resolve) => {
    http.get(`http://localhost:${port}/openai/v1/models`, { lookup: guardedLookup }, () => resolve(new Error("connected"))).on("error", resolve);
  });
  expect(error).toBeInstanceOf(PrivateAddressError);
  expect(fake.seen.length).toBe(before);
});
