import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as storageRoute } from "@/app/api/storage/[...key]/route";
import { openStorage } from "@/lib/storage/open-storage";
import { s3Storage } from "@/lib/storage/s3-store";
import type { Storage } from "@/lib/storage/store";

// The storage interface's contract, run against both implementations: the local disk (its signed URLs
// served by app/api/storage) and an S3-compatible server (s3rver, in-process) spoken to and judged by
// the AWS SDK itself — multipart upload, ranged GET, presigned URLs that expire, delete, list.

const PART = 5 * 1024 * 1024;
/** Each run its own keys: the local store is the shared DATA_DIR of the test run. */
const RUN = `t${process.pid}${Date.now()}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cohost-storage-"));
let server: S3rver;
let endpoint = "";

beforeAll(async () => {
  server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: path.join(dir, "s3"), configureBuckets: [{ name: "cohost", configs: [] }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Reads a signed URL as a browser would: S3's directly, the local one through our route. */
async function fetchSigned(url: string, headers: Record<string, string> = {}): Promise<Response> {
  if (url.startsWith(endpoint)) return fetch(url, { headers });
  const key = new URL(url).pathname.replace(/^\/api\/storage\//, "").split("/");
  return storageRoute(new Request(url, { headers }), { params: Promise.resolve({ key }) });
}

const implementations: [string, () => Storage][] = [
  // The deployment's default: what the route serves.
  ["local disk", () => openStorage()],
  [
    "S3 (s3rver through the AWS SDK)",
    () =>
      s3Storage({
        bucket: "cohost",
        prefix: "deploy/",
        partSize: PART,
        client: { endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } },
      }),
  ],
];

describe.each(implementations)("storage on %s", (name, make) => {
  it("puts a large object streamed in parts and reads it whole and by range", async () => {
    const storage = make();
    const big = Buffer.alloc(PART * 2 + 12345);
    for (let i = 0; i < big.length; i += 4096) big.writeUInt32BE(i, i);
    const chunks = function* () {
      for (let i = 0; i < big.length; i += 1024 * 1024) yield big.subarray(i, i + 1024 * 1024);
    };
    await storage.put(`${RUN}/recordings/m1/audio.webm`, Readable.from(chunks()), "audio/webm");
    expect(await storage.size(`${RUN}/recordings/m1/audio.webm`)).toBe(big.length);

    const whole = await storage.get(`${RUN}/recordings/m1/audio.webm`);
    expect(Buffer.concat(await whole!.body.toArray()).equals(big)).toBe(true);

    const part = await storage.get(`${RUN}/recordings/m1/audio.webm`, { start: PART - 4, end: PART + 7 });
    expect(part!.size).toBe(big.length);
    expect(part!.range).toEqual({ start: PART - 4, end: PART + 7 });
    expect(Buffer.concat(await part!.body.toArray())).toEqual(big.subarray(PART - 4, PART + 8));
  });

  it("appends pieces as they come and seals them into one object (S3: a multipart upload), a header value filled in", async () => {
    const storage = make();
    const key = `${RUN}/recordings/m3/1.webm`;
    // Three pieces, together above one multipart part, the way a recording's chunks arrive.
    const pieces = [Buffer.alloc(3 * 1024 * 1024, 1), Buffer.alloc(3 * 1024 * 1024, 2), Buffer.from("tail")];
    for (const [seq, piece] of pieces.entries()) await storage.append(key, seq, piece);
    // Local disk: readable as a whole while it is written (what a crash leaves is a playable file).
    if (name === "local disk") expect(await storage.size(key)).toBe(6 * 1024 * 1024 + 4);

    const size = await storage.seal(key, { at: 2, bytes: Buffer.from("HEAD") });
    expect(size).toBe(6 * 1024 * 1024 + 4);
    const whole = Buffer.concat(await (await storage.get(key))!.body.toArray());
    expect(whole.length).toBe(size);
    expect(whole.subarray(0, 8)).toEqual(Buffer.from([1, 1, ..."HEAD".split("").map((c) => c.charCodeAt(0)), 1, 1]));
    expect(whole[3 * 1024 * 1024]).toBe(2);
    expect(whole.subarray(-4).toString()).toBe("tail");
    // Nothing but the object is left under its folder, and sealing again changes nothing.
    expect(await storage.list(`${RUN}/recordings/m3/`)).toEqual([key]);
    expect(await storage.seal(key)).toBe(size);
    expect(await storage.seal(`${RUN}/recordings/m3/never.webm`)).toBeNull();
  });

  it("lists by prefix, deletes, and answers null for what is not there", async () => {
    const storage = make();
    await storage.put(`${RUN}/list/a/1.png`, Buffer.from("one"));
    await storage.put(`${RUN}/list/a/2.html`, "two");
    await storage.put(`${RUN}/list/b/3.png`, "three");
    expect(await storage.list(`${RUN}/list/a/`)).toEqual([`${RUN}/list/a/1.png`, `${RUN}/list/a/2.html`]);
    expect(await storage.list(`${RUN}/list/`)).toEqual([`${RUN}/list/a/1.png`, `${RUN}/list/a/2.html`, `${RUN}/list/b/3.png`]);
    expect(await text((await storage.get(`${RUN}/list/a/2.html`))!.body)).toBe("two");

    await storage.delete(`${RUN}/list/a/1.png`);
    await storage.delete(`${RUN}/list/a/never-was.png`);
    expect(await storage.list(`${RUN}/list/a/`)).toEqual([`${RUN}/list/a/2.html`]);
    expect(await storage.get(`${RUN}/list/a/1.png`)).toBeNull();
    expect(await storage.size(`${RUN}/list/a/1.png`)).toBeNull();
  });

  it("refuses keys that would leave the store", async () => {
    const storage = make();
    for (const key of ["../x", "a/../../x", "/etc/passwd", "", "a//b", "a/./b"]) await expect(storage.put(key, "x"), key).rejects.toThrow("not a storage key");
  });

  it("gives signed URLs that read the object, by range, and are refused once expired or tampered", async () => {
    const storage = make();
    await storage.put(`${RUN}/signed/m2/shot.png`, Buffer.from("0123456789"));
    const url = await storage.signedUrl(`${RUN}/signed/m2/shot.png`, 600);
    const res = await fetchSigned(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("0123456789");

    const ranged = await fetchSigned(url, { range: "bytes=2-5" });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe("bytes 2-5/10");
    expect(await ranged.text()).toBe("2345");

    // Signed two hours ago for one hour: expired.
    const old = await storage.signedUrl(`${RUN}/signed/m2/shot.png`, 3600, new Date(Date.now() - 2 * 3600 * 1000));
    expect((await fetchSigned(old)).status).toBe(403);
    // Another object's key with this signature. (s3rver does not check V4 signatures, only their
    // expiry; AWS and MinIO do, so this is asserted of our own local URLs only.)
    if (name === "local disk") {
      await storage.put(`${RUN}/signed/m2/other.png`, "secret");
      expect((await fetchSigned(url.replace("shot.png", "other.png"))).status).toBe(403);
      expect((await fetchSigned(url.replace(/signature=.{4}/, "signature=AAAA"))).status).toBe(403);
    }
  });
});
