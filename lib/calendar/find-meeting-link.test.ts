import { describe, expect, it } from "vitest";
import { findMeetingLink, urlsInHtml, urlsInText } from "./find-meeting-link.ts";

const empty = { conferenceUrls: [] as string[], location: "", url: "", description: "", htmlDescription: "", title: "" };
const linkOf = (fields: Partial<typeof empty>) => findMeetingLink({ ...empty, ...fields })?.url ?? null;

describe("urlsInText", () => {
  it("finds links in prose, strips trailing punctuation and angle brackets, keeps order", () => {
    expect(urlsInText("See (https://zoom.us/j/123456789). Or <https://meet.google.com/abc-defg-hij>, then https://example.com/x?y=1;")).toEqual([
      "https://zoom.us/j/123456789",
      "https://meet.google.com/abc-defg-hij",
      "https://example.com/x?y=1",
    ]);
  });

  it("finds meeting links printed without a scheme, but not inside other addresses", () => {
    expect(urlsInText("Join: us02web.zoom.us/j/85212345678 or meet.google.com/abc-defg-hij")).toEqual([
      "us02web.zoom.us/j/85212345678",
      "meet.google.com/abc-defg-hij",
    ]);
    expect(urlsInText("mail me at someone@zoom.us/j/1 or https://x.example/zoom.us/j/1")).toEqual(["https://x.example/zoom.us/j/1"]);
  });
});

describe("urlsInHtml", () => {
  it("reads anchor targets (entities decoded) before the text", () => {
    expect(urlsInHtml(`<p>Call: <a href="https://a.example/?x=1&amp;y=2">here</a> or https://b.example/&#x3F;z</p><a href='https://c.example'>c</a>`)).toEqual([
      "https://a.example/?x=1&y=2",
      "https://c.example",
      "https://b.example/?z",
    ]);
  });
});

describe("findMeetingLink", () => {
  it("prefers conference properties over location, URL, description, HTML and title", () => {
    const all = {
      conferenceUrls: ["https://meet.google.com/aaa-bbbb-ccc"],
      location: "https://zoom.us/j/111111111",
      url: "https://zoom.us/j/222222222",
      description: "https://zoom.us/j/333333333",
      htmlDescription: '<a href="https://zoom.us/j/444444444">x</a>',
      title: "https://zoom.us/j/555555555",
    };
    expect(linkOf(all)).toBe("https://meet.google.com/aaa-bbbb-ccc");
    expect(linkOf({ ...all, conferenceUrls: [] })).toBe("https://zoom.us/j/111111111");
    expect(linkOf({ ...all, conferenceUrls: [], location: "Room 4" })).toBe("https://zoom.us/j/222222222");
    expect(linkOf({ ...all, conferenceUrls: [], location: "", url: "" })).toBe("https://zoom.us/j/333333333");
    expect(linkOf({ ...all, conferenceUrls: [], location: "", url: "", description: "" })).toBe("https://zoom.us/j/444444444");
    expect(linkOf({ title: all.title })).toBe("https://zoom.us/j/555555555");
  });

  it("skips conference entries that are not meeting links (dial-in, SIP) and keeps looking", () => {
    expect(linkOf({ conferenceUrls: ["tel:+1-555-0100", "conf:sip:linus@contoso.com;gruu"], location: "Teams https://teams.live.com/meet/9398765432101?p=Ab1" })).toBe(
      "https://teams.live.com/meet/9398765432101?p=Ab1",
    );
  });

  it("takes the first meeting link of a description, not the first link", () => {
    expect(linkOf({ description: "Agenda: https://docs.example.com/d/1\nJoin: https://acme.zoom.us/my/ada.lovelace?pwd=x1" })).toBe("https://acme.zoom.us/my/ada.lovelace?pwd=x1");
  });

  it.each([
    ["zoom /j/", "https://us02web.zoom.us/j/85212345678?pwd=AbC.1&uname=Ada", "https://us02web.zoom.us/j/85212345678?pwd=AbC.1"],
    ["zoom /wc/", "https://app.zoom.us/wc/85212345678/join?fromPWA=1", "https://app.zoom.us/j/85212345678"],
    ["zoom /my/", "https://acme.zoom.us/my/Ada.Lovelace", "https://acme.zoom.us/my/ada.lovelace"],
    ["teams meetup-join", "https://teams.microsoft.com/l/meetup-join/19%3ameeting_x%40thread.v2/0?context=%7b%22Tid%22%3a%22t%22%7d", "https://teams.microsoft.com/l/meetup-join/19%3ameeting_x%40thread.v2/0?context=%7B%22Tid%22%3A%22t%22%7D"],
    ["teams live", "https://teams.live.com/meet/9398765432101?p=AbCd", "https://teams.live.com/meet/9398765432101?p=AbCd"],
    ["teams meet", "https://teams.microsoft.com/meet/2345678901234?p=Zz9", "https://teams.microsoft.com/meet/2345678901234?p=Zz9"],
    ["meet", "https://meet.google.com/abc-defg-hij?authuser=0&hs=122", "https://meet.google.com/abc-defg-hij"],
  ])("recognises %s in a description", (_, raw, url) => {
    expect(linkOf({ description: `Join here: ${raw}\nThanks` })).toBe(url);
  });

  it.each([
    ["Outlook SafeLinks", "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fus02web.zoom.us%2Fj%2F85212345678%3Fpwd%3Dx&data=05%7C01&reserved=0"],
    ["Teams SafeLinks", "https://statics.teams.cdn.office.net/evergreen-assets/safelinks/1/atp-safelinks.html?url=https%3A%2F%2Fus02web.zoom.us%2Fj%2F85212345678%3Fpwd%3Dx"],
    ["Google redirect", "https://www.google.com/url?q=https://us02web.zoom.us/j/85212345678?pwd%3Dx&sa=D&source=calendar"],
    ["SafeLinks inside a Google redirect", "https://www.google.com/url?q=https%3A%2F%2Feur03.safelinks.protection.outlook.com%2F%3Furl%3Dhttps%253A%252F%252Fus02web.zoom.us%252Fj%252F85212345678%253Fpwd%253Dx"],
  ])("unwraps %s", (_, wrapped) => {
    expect(linkOf({ description: `Click <${wrapped}>` })).toBe("https://us02web.zoom.us/j/85212345678?pwd=x");
    expect(linkOf({ htmlDescription: `<a href="${wrapped.replace(/&/g, "&amp;")}">Join</a>` })).toBe("https://us02web.zoom.us/j/85212345678?pwd=x");
  });

  it.each([
    ["no link", { description: "Lunch at noon" }],
    ["other links only", { description: "https://docs.example.com and https://zoom.us/pricing", location: "https://example.com/room" }],
    ["a lookalike host", { description: "https://zoom.us.evil.example/j/123456789 https://meet.google.com.evil.example/abc-defg-hij" }],
    ["a Meet link with a bad code", { location: "https://meet.google.com/lookup/abc" }],
    ["a SafeLinks wrapper around a non-meeting link", { description: "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexample.com" }],
    ["a non-http scheme", { location: "javascript:alert(1)//zoom.us/j/123456789" }],
  ])("finds nothing for %s", (_, fields) => {
    expect(linkOf(fields)).toBeNull();
  });
});
