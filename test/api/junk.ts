// The junk the API walker (junk-input.test.ts) throws at every route.

export interface JunkBody {
  label: string;
  body: string | Uint8Array<ArrayBuffer>;
  contentType: string;
  /**
   * Junk no endpoint may accept: a handler that reads it must refuse it with a 4xx. Other junk
   * (a number where text is expected…) might happen to be valid somewhere and only has to be
   * handled cleanly.
   */
  refused: boolean;
}

// Field names the API uses or is likely to use; every junk object sets all of them at once.
const FIELDS = [
  "id", "name", "description", "message", "status", "email", "password", "token", "refresh_token", "grant_type",
  "firstName", "lastName", "displayName", "amount", "threshold", "enabled", "page", "limit", "apiKey", "agentId",
  "meetingId", "eventId", "calendarId", "extraParams", "sttExtraParams", "language", "wakeWord", "meetingUrl",
  "url", "sourceUrl", "title", "startsAt", "endsAt", "start", "end", "scheduledStart", "platform", "meetingPlatform",
  "whitelistedEmails", "events", "ics", "data", "type", "value", "ids", "offer", "answer", "candidate", "sdp",
];

const everyField = (value: unknown) => JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, value])));
const json = (label: string, body: JunkBody["body"], refused: boolean): JunkBody => ({ label, body, contentType: "application/json", refused });

export const JUNK_BODIES: JunkBody[] = [
  // Not JSON at all, or JSON no endpoint takes.
  json("truncated JSON", '{"name":', true),
  json("unbalanced JSON", '{"a":1}}', true),
  json("bare word", "undefined", true),
  json("NaN", "NaN", true),
  json("a lone NUL", "\u0000", true),
  json("invalid UTF-8", new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]), true),
  json("NUL in every field", everyField("a\u0000b"), true),
  json("unpaired surrogate in every field", everyField("a\ud800b"), true),
  json("NUL in a key", '{"na\\u0000me":"x","message":"hello there friend"}', true),
  json("__proto__ key", '{"__proto__":{"admin":true},"message":"hello there friend","name":"x"}', true),
  json("constructor.prototype key", '{"constructor":{"prototype":{"admin":true}},"message":"hello there friend"}', true),
  json("nested __proto__", '{"extraParams":{"__proto__":{"polluted":1}},"data":[{"__proto__":{}}]}', true),
  json("100,000 levels of nesting", `${"[".repeat(100_000)}${"]".repeat(100_000)}`, true),
  json("nesting inside a field", `{"extraParams":{"a":${"[".repeat(5_000)}${"]".repeat(5_000)}},"data":${"{\"a\":".repeat(5_000)}1${"}".repeat(5_000)}}`, true),
  json("2 MB body", JSON.stringify({ message: "x".repeat(2_000_000) }), true),
  // Valid JSON of the wrong shape or type.
  json("null", "null", false),
  json("a number", "42", false),
  json("a string", '"text"', false),
  json("an array", '[{"name":"x"}]', false),
  json("huge number literal", "1e400", false),
  json("100,000-character strings", everyField("x".repeat(100_000)), false),
  json("empty strings", everyField(""), false),
  json("numbers", everyField(123456789), false),
  json("negative numbers", everyField(-1), false),
  json("fractions", everyField(0.000001), false),
  json("huge numbers", everyField(1e308), false),
  json("integers beyond 64 bits", everyField(123456789012345678901234567890), false),
  json("booleans", everyField(true), false),
  json("nulls", everyField(null), false),
  json("arrays", everyField([1, "two", null, { three: 3 }]), false),
  json("objects", everyField({ nested: { deeper: ["x"] } }), false),
  json("impossible dates", everyField("9999-99-99T99:99:99Z"), false),
  // Other content types endpoints may read (uploads, forms).
  { label: "broken multipart", body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.ics"\r\n\r\n\u0000BEGIN:VCALENDAR', contentType: "multipart/form-data; boundary=x", refused: false },
  { label: "form with NUL and prototype keys", body: "name=%00&__proto__[admin]=1&constructor[prototype][x]=1", contentType: "application/x-www-form-urlencoded", refused: false },
  { label: "calendar text with NUL", body: "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:\u0000\r\nDTSTART:99999999T999999Z\r\nEND:VEVENT\r\n", contentType: "text/calendar", refused: false },
];

/** Path parameter values, as Next.js hands them over after decoding the URL once. */
export const JUNK_IDS = [
  "\u0000",
  "a\u0000b",
  "%00",
  "\ud800",
  "x".repeat(10_000),
  "../../etc/passwd",
  "' OR '1'='1",
  "1; DROP TABLE \"User\"",
  "-1",
  "0",
  "null",
  "__proto__",
  "constructor",
  "😀",
  " ",
  "a/b",
  "%E0%A4%A",
];

/** Query strings, already percent-encoded as they arrive on the wire. */
export const JUNK_QUERIES = [
  "?page=%00&limit=%00",
  "?page=-1&limit=0",
  "?page=1e309&limit=99999999999999999999999",
  "?page=abc&limit=&status=&agent_id=",
  "?page[]=1&page[]=2&limit[x]=3",
  "?status=%00&agent_id=%00&agentId=%00&id=%00",
  `?agent_id=${"x".repeat(10_000)}&status=${"y".repeat(10_000)}`,
  "?__proto__[admin]=1&constructor[prototype][x]=1",
  "?%ED%A0%80=%FF%FE&from=%C0%AF",
  "?from=not-a-date&to=9999999-01-01&start=0000-00-00&end=-1",
];
