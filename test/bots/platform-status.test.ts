import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { encryptSecret } from "@/lib/crypto/secrets";
import { adapterFor } from "@/lib/bots/platforms/adapter-for";
import { meetJoinState, meetCallState, stickySelf } from "@/lib/bots/platforms/meet-page";
import { attributeToSpeaker } from "@/lib/bots/platforms/page-actions";
import { speakerDebounce } from "@/lib/bots/platforms/speaker-debounce";
import type { Probe } from "@/lib/bots/platforms/page-probe";
import { teamsCallState, teamsJoinState } from "@/lib/bots/platforms/teams-page";
import { meetingStatusFor, type JoinFailure, type Participant } from "@/lib/bots/platforms/types";
import { zoomAppOf, zoomSignature } from "@/lib/bots/platforms/zoom-app";
import { zoomCallState, zoomJoinState, zoomWebClientUrl } from "@/lib/bots/platforms/zoom-page";
import { zoomSdkFailure } from "@/lib/bots/platforms/zoom-sdk";
import en from "@/messages/en/meetings.json";
import de from "@/messages/de/meetings.json";

// The pure parts of the platform adapters: what a page's facts mean, outcomes as meeting statuses,
// Zoom links and signatures. The browser paths are in meet-/teams-/zoom-adapter.test.ts.

const probe = (...facts: string[]): Probe => ({ texts: new Set(facts), selectors: new Set(facts), url: "", title: "" });

const FAILURES: JoinFailure[] = [
  "not_found",
  "denied",
  "waiting_room_timeout",
  "meeting_not_started",
  "meeting_full",
  "passcode_required",
  "login_required",
  "bot_sign_in_expired",
  "captcha",
  "blocked",
  "zoom_app_rejected",
  "encryption_unsupported",
  "join_failed",
];

describe("platform outcomes as meeting statuses", () => {
  it("maps joining, failures and ends to a status and reason", () => {
    expect(meetingStatusFor({ type: "waiting_room", waitingFor: "admission" })).toEqual({ status: "waiting_room", statusReason: null });
    expect(meetingStatusFor({ type: "waiting_room", waitingFor: "host" })).toEqual({ status: "waiting_room", statusReason: "waiting_for_host" });
    expect(meetingStatusFor({ type: "admitted" })).toEqual({ status: "in_progress", statusReason: null });
    for (const reason of FAILURES) expect(meetingStatusFor({ type: "failed", reason })).toEqual({ status: "failed", statusReason: reason });
    expect(meetingStatusFor({ type: "ended", reason: "removed" })).toEqual({ status: "completed", statusReason: "removed" });
    expect(meetingStatusFor({ type: "ended", reason: "meeting_ended" })).toEqual({ status: "completed", statusReason: "meeting_ended" });
    expect(meetingStatusFor({ type: "ended", reason: "connection_lost" })).toEqual({ status: "failed", statusReason: "connection_lost" });
    expect(meetingStatusFor({ type: "ended", reason: "encryption_unsupported" })).toEqual({ status: "failed", statusReason: "encryption_unsupported" });
    // A test room the agent leaves because nobody is there is a normal end.
    expect(meetingStatusFor({ type: "ended", reason: "alone" })).toEqual({ status: "completed", statusReason: "alone" });
    expect(meetingStatusFor({ type: "ended", reason: "nobody_joined" })).toEqual({ status: "completed", statusReason: "nobody_joined" });
  });

  it("explains every reason an adapter can give, in English and German", () => {
    for (const reason of [...FAILURES, "waiting_for_host", "removed", "meeting_ended", "alone", "nobody_joined", "connection_lost", "join_retry", "no_remote_audio"]) {
      expect(en.reasons, reason).toHaveProperty(reason);
      expect(de.reasons, reason).toHaveProperty(reason);
    }
  });

  it("has an adapter for every platform", () => {
    for (const platform of ["room", "meet", "teams", "zoom"] as const) expect(adapterFor(platform).platform).toBe(platform);
    expect([adapterFor("meet"), adapterFor("teams"), adapterFor("zoom")].map((a) => [a.microphoneWhileSpeakingOnly, a.bridgeCapture])).toEqual([
      [true, "peer"],
      [true, "main-audio"],
      [true, "both"],
    ]);
  });
});

describe("reading Google Meet", () => {
  it("lets an explicit refusal win over a visible reCAPTCHA, and reads being out again while joining as denied", () => {
    expect(meetJoinState(probe("denied", "captcha"))).toMatchObject({ kind: "failed", reason: "denied" });
    expect(meetJoinState(probe("left", "captcha"))).toMatchObject({ kind: "failed", reason: "denied" });
    expect(meetJoinState(probe("askAgain"))).toMatchObject({ kind: "failed", reason: "denied" });
    // "No one responded" offers "Ask to join again" too.
    expect(meetJoinState(probe("noResponse", "askAgain"))).toMatchObject({ kind: "failed", reason: "waiting_room_timeout" });
    // Meet's reCAPTCHA frame beside the lobby or the call is no wall; alone (or over the pre-join) it is.
    expect(meetJoinState(probe("lobby", "captcha"))).toEqual({ kind: "waiting", waitingFor: "admission" });
    expect(meetJoinState(probe("captcha", "joinButton"))).toMatchObject({ kind: "failed", reason: "captcha" });
  });

  it("takes the tiles for the call only without a pre-join form on screen", () => {
    expect(meetJoinState(probe("tiles"))).toEqual({ kind: "admitted" });
    expect(meetJoinState(probe("tiles", "nameInput"))).toEqual({ kind: "prejoin" });
    expect(meetCallState(probe("tiles"))).toEqual({ kind: "in" });
    expect(zoomJoinState(probe("callContainer"), true)).toEqual({ kind: "admitted" });
    expect(zoomJoinState(probe("callContainer", "nameInput"), true)).toEqual({ kind: "prejoin", step: "prejoin" });
    expect(zoomCallState(probe("callContainer"))).toEqual({ kind: "in" });
  });

  it("keeps the bot's tile the bot's once seen, whatever [data-self-name] does", () => {
    const self = new Set<string>();
    const tile = (id: string, isSelf: boolean): Participant => ({ id, name: id, isSelf, speaking: false, speakerIds: [] });
    expect(stickySelf([tile("me", true), tile("ada", false)], self).map((p) => p.isSelf)).toEqual([true, false]);
    expect(stickySelf([tile("me", false), tile("ada", false)], self).map((p) => p.isSelf)).toEqual([true, false]);
  });

  it("puts waiting before any sign of the call, and refusals before waiting", () => {
    expect(meetJoinState(probe("lobby", "inCall"))).toEqual({ kind: "waiting", waitingFor: "admission" });
    expect(meetJoinState(probe("denied", "lobby"))).toMatchObject({ kind: "failed", reason: "denied" });
    expect(meetJoinState(probe("inCall"))).toEqual({ kind: "admitted" });
    expect(meetJoinState(probe("joinButton"))).toMatchObject({ kind: "prejoin" });
    expect(meetJoinState(probe())).toEqual({ kind: "loading" });
  });

  it.each([
    ["blocked", "blocked"],
    ["notFound", "not_found"],
    ["signIn", "login_required"],
    ["full", "meeting_full"],
    ["removed", "denied"],
    ["noResponse", "waiting_room_timeout"],
    ["ended", "not_found"],
  ])("%s fails the join as %s", (fact, reason) => {
    expect(meetJoinState(probe(fact, "joinButton", "lobby"))).toMatchObject({ kind: "failed", reason });
  });

  it("reads the call's end", () => {
    expect(meetCallState(probe("removed", "inCall"))).toEqual({ kind: "out", reason: "removed" });
    expect(meetCallState(probe("ended"))).toEqual({ kind: "out", reason: "meeting_ended" });
    expect(meetCallState(probe("left"))).toEqual({ kind: "out", reason: "left" });
    expect(meetCallState(probe("inCall"))).toEqual({ kind: "in" });
    expect(meetCallState(probe())).toEqual({ kind: "unknown" });
  });
});

describe("reading Microsoft Teams", () => {
  it("distinguishes the launcher from the pre-join screen, and the lobby from the call", () => {
    expect(teamsJoinState(probe("continueOnBrowser"))).toEqual({ kind: "prejoin", step: "launcher" });
    expect(teamsJoinState(probe("nameInput", "continueOnBrowser"))).toEqual({ kind: "prejoin", step: "prejoin" });
    expect(teamsJoinState(probe("lobby", "inCall"))).toEqual({ kind: "waiting", waitingFor: "admission" });
    expect(teamsJoinState(probe("waitingForHost"))).toEqual({ kind: "waiting", waitingFor: "host" });
    expect(teamsJoinState(probe("inCall"))).toEqual({ kind: "admitted" });
  });

  it.each([
    ["notFound", "not_found"],
    ["captcha", "captcha"],
    ["signIn", "login_required"],
    ["loginForm", "login_required"],
    ["notStartedForGuests", "login_required"],
    ["denied", "denied"],
    ["couldNotConnect", "join_failed"],
    ["full", "meeting_full"],
  ])("%s fails the join as %s", (fact, reason) => {
    expect(teamsJoinState(probe(fact, "lobby"))).toMatchObject({ kind: "failed", reason });
  });

  it("reads the call's end", () => {
    expect(teamsCallState(probe("removed"))).toEqual({ kind: "out", reason: "removed" });
    expect(teamsCallState(probe("ended", "inCall"))).toEqual({ kind: "out", reason: "meeting_ended" });
    expect(teamsCallState(probe("inCall"))).toEqual({ kind: "in" });
  });
});

describe("reading Teams' addresses", () => {
  it("takes Microsoft's sign-in host for login_required before any form renders", () => {
    expect(teamsJoinState({ ...probe(), url: "https://login.microsoftonline.com/common/oauth2/authorize" })).toMatchObject({ kind: "failed", reason: "login_required" });
    expect(teamsJoinState({ ...probe(), url: "https://teams.live.com/light-meetings/launch" })).toEqual({ kind: "loading" });
  });
});

describe("reading Zoom", () => {
  it("waits out the host, the waiting room and the error page of a meeting not started", () => {
    expect(zoomJoinState(probe("linkInvalid"), false)).toEqual({ kind: "waiting", waitingFor: "host" });
    expect(zoomJoinState(probe("waitingForHost"), false)).toEqual({ kind: "waiting", waitingFor: "host" });
    expect(zoomJoinState(probe("lobby", "inCall"), false)).toEqual({ kind: "waiting", waitingFor: "admission" });
    expect(zoomJoinState(probe("inCall"), false)).toEqual({ kind: "admitted" });
    expect(zoomJoinState(probe("launcher"), false)).toEqual({ kind: "prejoin", step: "launcher" });
  });

  it("asks for a passcode only when the link has none", () => {
    expect(zoomJoinState(probe("passcodeInput", "nameInput"), true)).toEqual({ kind: "prejoin", step: "prejoin" });
    expect(zoomJoinState(probe("passcodeInput", "nameInput"), false)).toMatchObject({ kind: "failed", reason: "passcode_required" });
  });

  it.each([
    ["botWall", "blocked"],
    ["captcha", "captcha"],
    ["signIn", "login_required"],
    ["notFound", "not_found"],
    ["passcodeWrong", "passcode_required"],
    ["full", "meeting_full"],
    ["deniedFromLobby", "denied"],
  ])("%s fails the join as %s", (fact, reason) => {
    expect(zoomJoinState(probe(fact, "lobby", "nameInput"), true)).toMatchObject({ kind: "failed", reason });
  });

  it("reads the bot wall (which also asks to sign in) as blocked, not as a sign-in wall", () => {
    expect(zoomJoinState(probe("botWall", "signIn"), true)).toMatchObject({ reason: "blocked" });
  });

  it("reads the call's end", () => {
    expect(zoomCallState(probe("removed"))).toEqual({ kind: "out", reason: "removed" });
    expect(zoomCallState(probe("ended"))).toEqual({ kind: "out", reason: "meeting_ended" });
    expect(zoomCallState(probe("left", "inCall"))).toEqual({ kind: "out", reason: "left" });
  });

  it("turns invitation links into the web client's address with their passcode", () => {
    expect(zoomWebClientUrl("https://us05web.zoom.us/j/81234567890?pwd=Abc.1&from=addon")).toEqual({
      url: "https://app.zoom.us/wc/81234567890/join?pwd=Abc.1",
      meetingNumber: "81234567890",
      passcode: "Abc.1",
    });
    expect(zoomWebClientUrl("https://company.zoomgov.com/j/1234567890").url).toBe("https://app.zoomgov.com/wc/1234567890/join");
    expect(zoomWebClientUrl("https://zoom.us/my/Ada.Lovelace")).toEqual({ url: "https://zoom.us/my/ada.lovelace", meetingNumber: null, passcode: null });
    expect(() => zoomWebClientUrl("https://meet.google.com/abc-defg-hij")).toThrow("not a Zoom meeting link");
  });

  it("maps the Meeting SDK's join errors", () => {
    expect(zoomSdkFailure({ phase: "failed", errorCode: 3008, errorMessage: "Meeting has not started." })).toBe("host");
    expect(zoomSdkFailure({ phase: "failed", errorCode: 3712, errorMessage: "Signature is invalid." })).toEqual({ reason: "zoom_app_rejected", detail: "Zoom Meeting SDK: Signature is invalid. (3712)" });
    expect(zoomSdkFailure({ phase: "failed", errorCode: 3004 })).toMatchObject({ reason: "passcode_required" });
    expect(zoomSdkFailure({ phase: "failed", errorCode: 3001 })).toMatchObject({ reason: "not_found" });
    expect(zoomSdkFailure({ phase: "failed", errorCode: 3100 })).toMatchObject({ reason: "login_required" });
    expect(zoomSdkFailure({ phase: "failed", errorCode: 9999, errorMessage: "App is not authorized to join meetings outside its account" })).toMatchObject({ reason: "zoom_app_rejected" });
    expect(zoomSdkFailure({ phase: "failed", errorMessage: "the Zoom Meeting SDK did not load" })).toEqual({ reason: "join_failed", detail: "Zoom Meeting SDK: the Zoom Meeting SDK did not load" });
  });
});

describe("the agent's Zoom app", () => {
  it("is read from the agent with its secret decrypted, or absent", () => {
    expect(zoomAppOf({ zoomAppKey: "key-1", zoomAppSecretEnc: encryptSecret("s3cret-value") })).toEqual({ key: "key-1", secret: "s3cret-value" });
    expect(zoomAppOf({ zoomAppKey: "key-1", zoomAppSecretEnc: null })).toBeUndefined();
    expect(zoomAppOf({ zoomAppKey: null, zoomAppSecretEnc: encryptSecret("x") })).toBeUndefined();
  });

  it("signs a Meeting SDK JWT (HS256) for joining one meeting as a participant", () => {
    const now = Date.UTC(2026, 7, 21, 12, 0, 0);
    const jwt = zoomSignature({ key: "key-1", secret: "s3cret-value" }, "81234567890", now);
    const [header, payload, signature] = jwt.split(".");
    expect(JSON.parse(Buffer.from(header, "base64url").toString())).toEqual({ alg: "HS256", typ: "JWT" });
    const iat = now / 1000 - 30;
    expect(JSON.parse(Buffer.from(payload, "base64url").toString())).toEqual({
      appKey: "key-1",
      sdkKey: "key-1",
      mn: "81234567890",
      role: 0,
      iat,
      exp: iat + 7200,
      tokenExp: iat + 7200,
    });
    expect(signature).toBe(createHmac("sha256", "s3cret-value").update(`${header}.${payload}`).digest("base64url"));
    expect(jwt).not.toContain("s3cret");
  });
});

describe("speaker attribution for mixed streams", () => {
  const person = (id: string, speaking: boolean, isSelf = false): Participant => ({ id, name: id, isSelf, speaking, speakerIds: ["old"] });
  it("gives the played streams to the one speaking (never the bot), and nobody else any", () => {
    expect(attributeToSpeaker([person("me", true, true), person("a", false), person("b", true)], ["mix"]).map((p) => [p.id, p.speakerIds])).toEqual([
      ["me", []],
      ["a", []],
      ["b", ["mix"]],
    ]);
    expect(attributeToSpeaker([person("a", false)], ["mix"])[0].speakerIds).toEqual([]);
  });
});

describe("who is speaking, steadied", () => {
  const roster = (speaking: string | null): Participant[] =>
    ["me", "ada", "alan"].map((id) => ({ id, name: id, isSelf: id === "me", speaking: id === speaking, speakerIds: [] }));
  const speaker = (ps: Participant[]) => ps.find((p) => p.speaking)?.id ?? null;

  it("changes the speaker only once a new one (or nobody) held for the hold time", () => {
    let t = 0;
    const steady = speakerDebounce(700, () => t);
    expect(speaker(steady(roster("ada")))).toBe(null);
    t = 500;
    expect(speaker(steady(roster("ada")))).toBe(null);
    t = 1000;
    expect(speaker(steady(roster("ada")))).toBe("ada");
    // A flicker: Alan for one look, then Ada again — Ada all along.
    t = 1500;
    expect(speaker(steady(roster("alan")))).toBe("ada");
    t = 2000;
    expect(speaker(steady(roster("ada")))).toBe("ada");
    // Ada stops: nobody, once that held.
    t = 2500;
    expect(speaker(steady(roster(null)))).toBe("ada");
    t = 3300;
    expect(speaker(steady(roster(null)))).toBe(null);
  });

  it("never makes the bot the speaker, and drops a speaker who left", () => {
    let t = 0;
    const steady = speakerDebounce(700, () => t);
    steady(roster("ada"));
    t = 800;
    expect(speaker(steady(roster("ada")))).toBe("ada");
    expect(speaker(steady(roster("me")))).toBe("ada");
    t = 900;
    expect(speaker(steady(roster("ada").filter((p) => p.id !== "ada")))).toBe(null);
  });
});
