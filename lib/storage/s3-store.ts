import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, type S3ClientConfig } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { checkKey, pieceKey, type Storage } from "./store.ts";

// Any S3-compatible object store (AWS S3, MinIO, R2, Ceph) through the official SDK. Objects live at
// "<prefix><key>" in `bucket`; uploads go through lib-storage's Upload, which sends objects larger
// than `partSize` as a multipart upload. Credentials come from the SDK's usual chain (AWS_* env).

export interface S3Settings {
  bucket: string;
  prefix: string;
  client: S3ClientConfig;
  /** Multipart part size in bytes (S3's minimum is 5 MiB). */
  partSize?: number;
}

function missing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

export function s3Storage(settings: S3Settings): Storage {
  const client = new S3Client(settings.client);
  const Bucket = settings.bucket;
  const Key = (key: string) => settings.prefix + checkKey(key);
  return {
    async put(key, body, contentType) {
      const upload = new Upload({ client, params: { Bucket, Key: Key(key), Body: body, ContentType: contentType }, partSize: settings.partSize ?? 8 * 1024 * 1024, queueSize: 2 });
      await upload.done();
    },
    async get(key, range) {
      try {
        const Range = range ? `bytes=${range.start}-${range.end ?? ""}` : undefined;
        const out = await client.send(new GetObjectCommand({ Bucket, Key: Key(key), Range }));
        const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(out.ContentRange ?? "");
        const size = match ? Number(match[3]) : Number(out.ContentLength);
        return { body: out.Body as Readable, size, range: range && match ? { start: Number(match[1]), end: Number(match[2]) } : undefined };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async size(key) {
      try {
        return Number((await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }))).ContentLength);
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
    async list(prefix) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: settings.prefix + prefix, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key.slice(settings.prefix.length));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async append(key, seq, chunk) {
      await this.put(pieceKey(key, seq), chunk);
    },
    async seal(key, patch) {
      const pieces = await this.list(pieceKey(key, 0).replace(/\d+$/, ""));
      const apply = (bytes: Buffer) => {
        if (patch && patch.at + patch.bytes.length <= bytes.length) patch.bytes.copy(bytes, patch.at);
        return bytes;
      };
      if (pieces.length === 0) {
        if (!patch) return this.size(key);
        const whole = await this.get(key);
        if (!whole) return null;
        const bytes = apply(await buffer(whole.body));
        await this.put(key, bytes);
        return bytes.length;
      }
      const get = (piece: string) => this.get(piece).then((o) => (o ? buffer(o.body) : Buffer.alloc(0)));
      let size = 0;
      async function* joined() {
        for (const [i, piece] of pieces.entries()) {
          const bytes = await get(piece);
          if (i === 0) apply(bytes);
          size += bytes.length;
          yield bytes;
        }
      }
      await this.put(key, Readable.from(joined()));
      for (const piece of pieces) await this.delete(piece);
      return size;
    },
    async signedUrl(key, expiresInSeconds, now = new Date()) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: Key(key) }), { expiresIn: expiresInSeconds, signingDate: now });
    },
  };
}
