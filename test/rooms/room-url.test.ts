import { describe, expect, it } from "vitest";
import { roomIceServers } from "@/lib/rooms/ice-servers";
import { appUrl } from "@/lib/config";
import { parseRoomUrl } from "@/lib/meetings/parse-room-url";

const ID = "AbCdEfGhIjKlMnOpQrSt_-";

describe("parseRoomUrl", () => {
  it("recognises this server's room links in their usual spellings", () => {
    const want = { roomId: ID, url: `http://localhost:3000/rooms/${ID}` };
    for (const input of [
      `http://localhost:3000/rooms/${ID}`,
      `  http://localhost:3000/rooms/${ID}/ `,
      `http://LOCALHOST:3000/rooms/${ID}?lng=de`,
      `http://localhost:3000/rooms/${ID}#join`,
    ]) {
      expect(parseRoomUrl(input, appUrl()), input).toEqual(want);
    }
    expect(parseRoomUrl(`https://cohost.example/app/rooms/${ID}`, "https://cohost.example/app/")).toEqual({
      roomId: ID,
      url: `https://cohost.example/app/rooms/${ID}`,
    });
  });

  it("refuses other hosts, paths and ids", () => {
    for (const input of [
      `https://localhost:3000/rooms/${ID}`,
      `http://localhost:3001/rooms/${ID}`,
      `http://evil.example/rooms/${ID}`,
      `http://user:pw@localhost:3000/rooms/${ID}`,
      `http://localhost:3000/other/rooms/${ID}`,
      `http://localhost:3000/rooms/${ID}/extra`,
      `http://localhost:3000/rooms/short`,
      `http://localhost:3000/rooms/${ID}x`,
      "https://meet.google.com/abc-defg-hij",
      "not a url",
      "",
    ]) {
      expect(parseRoomUrl(input, appUrl()), input).toBeNull();
    }
  });
});

describe("ROOM_ICE_SERVERS", () => {
  it("is none by default and passes a valid list through", () => {
    expect(roomIceServers({})).toEqual([]);
    const list = [{ urls: "stun:stun.example.com:3478" }, { urls: ["turn:turn.example.com:3478?transport=udp"], username: "u", credential: "c" }];
    expect(roomIceServers({ ROOM_ICE_SERVERS: JSON.stringify(list) })).toEqual(list);
  });

  it("says what is wrong with a bad setting", () => {
    expect(() => roomIceServers({ ROOM_ICE_SERVERS: "stun:x" })).toThrow("ROOM_ICE_SERVERS is not valid JSON");
    expect(() => roomIceServers({ ROOM_ICE_SERVERS: '[{"urls":"http://x"}]' })).toThrow(
      "ROOM_ICE_SERVERS is not a list of ICE servers: 0.urls: ICE server URLs start with stun:, stuns:, turn: or turns:",
    );
    expect(() => roomIceServers({ ROOM_ICE_SERVERS: '{"urls":"stun:x"}' })).toThrow("ROOM_ICE_SERVERS is not a list of ICE servers");
  });
});
