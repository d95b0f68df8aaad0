import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { GET as listDevices } from "@/app/api/account/devices/route";
import { POST as signOutDevice } from "@/app/api/account/devices/[id]/sign-out/route";
import { POST as signOutOthers } from "@/app/api/account/sign-out-others/route";
import { GET as getMe } from "@/app/api/me/route";
import { startDeviceSession } from "@/lib/auth/device-sessions";
import { db } from "@/lib/db/client";
import { call } from "@/test/http";
import { createUser } from "@/test/users";

// Signed-in devices (issue 31, docs/auth.md): each browser sign-in is listed with its browser, system
// and last use, this one marked; one can be signed out from another.

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** A browser signed in as the user, as the sign-in makes it: a device row and a cookie naming it. */
async function device(userId: string, userAgent: string) {
  const { sessionVersion } = await db.user.findUniqueOrThrow({ where: { id: userId } });
  const sid = await startDeviceSession(userId, userAgent, sessionVersion);
  const value = await encode({ token: { sub: userId, sv: sessionVersion, sid }, secret: process.env.NEXTAUTH_SECRET! });
  return { sid, headers: { cookie: `next-auth.session-token=${value}`, origin: "http://localhost:3000", host: "localhost:3000" } };
}

const cookieFrom = (res: { headers: Headers }) => /next-auth\.session-token=([^;]*)/.exec(res.headers.get("set-cookie") ?? "")?.[1];

describe("signed-in devices", () => {
  it("lists each browser with its browser and system, this one first and marked; signs another one out", async () => {
    const { user } = await createUser();
    const laptop = await device(user.id, FIREFOX_LINUX);
    const phone = await device(user.id, SAFARI_IPHONE);
    const listed = await call(listDevices, { headers: phone.headers });
    expect(listed.status).toBe(200);
    expect(listed.body.devices).toEqual([
      { id: phone.sid, browser: "Safari", os: "iOS", current: true, signedInAt: expect.any(String), lastSeenAt: expect.any(String) },
      { id: laptop.sid, browser: "Firefox", os: "Linux", current: false, signedInAt: expect.any(String), lastSeenAt: expect.any(String) },
    ]);

    // This device is signed out from the account menu, not here.
    expect((await call(signOutDevice, { method: "POST", headers: phone.headers, params: { id: phone.sid } })).status).toBe(409);
    const out = await call(signOutDevice, { method: "POST", headers: phone.headers, params: { id: laptop.sid } });
    expect(out).toMatchObject({ status: 200, body: { message: "The device was signed out." } });
    expect((await call(getMe, { headers: laptop.headers })).status).toBe(401);
    expect((await call(getMe, { headers: phone.headers })).status).toBe(200);
    expect((await call(listDevices, { headers: phone.headers })).body.devices.map((d: { id: string }) => d.id)).toEqual([phone.sid]);
    // Signed out once is signed out: 404 the second time.
    expect((await call(signOutDevice, { method: "POST", headers: phone.headers, params: { id: laptop.sid } })).status).toBe(404);
  });

  it("another account's device is not found; 'sign out other sessions' leaves only this device listed", async () => {
    const { user } = await createUser();
    const here = await device(user.id, FIREFOX_LINUX);
    const there = await device(user.id, SAFARI_IPHONE);
    const stranger = await createUser();
    const theirs = await device(stranger.user.id, FIREFOX_LINUX);
    expect((await call(signOutDevice, { method: "POST", headers: theirs.headers, params: { id: here.sid } })).status).toBe(404);
    expect((await call(getMe, { headers: here.headers })).status).toBe(200);

    const res = await call(signOutOthers, { method: "POST", headers: here.headers });
    const renewed = { ...here.headers, cookie: `next-auth.session-token=${cookieFrom(res)}` };
    expect((await call(getMe, { headers: there.headers })).status).toBe(401);
    expect((await call(listDevices, { headers: renewed })).body.devices).toEqual([expect.objectContaining({ id: here.sid, current: true })]);
  });
});
