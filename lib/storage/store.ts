import type { Readable } from "node:stream";

// The one small interface every stored file goes through (docs/storage.md): the local disk under
// DATA_DIR (local-store.ts, the default) or an S3-compatible object store (s3-store.ts), chosen by
// STORAGE_URL (open-storage.ts). Keys are "/"-separated paths such as "meeting-artifacts/<id>/<file>";
// a key that is empty, absolute or has "." / ".." segments is refused.

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive; absent: to the end. */
  end?: number;
}

export interface StoredObject {
  body: Readable;
  /** The whole object's size in bytes. */
  size: number;
  /** The bytes returned, when a range was asked for. */
  range?: { start: number; end: number };
}

/** Bytes to write over an object's own at offset `at`. */
export interface Patch {
  at: number;
  bytes: Buffer;
}

export interface Storage {
  /** Writes an object (streamed; large ones in parts), replacing any object with that key. */
  put(key: string, body: Buffer | string | Readable, contentType?: string): Promise<void>;
  /** The object's bytes (or one range of them), or null when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** The keys that start with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
  /**
   * Adds bytes to an object written piece by piece (a recording as it is made): piece `seq` (0, 1, 2,
   * … in order, one at a time) is durable when this resolves. Local disk: appended to the file, which
   * reads as a whole at once. S3: an object of its own beside the key until seal().
   */
  append(key: string, seq: number, chunk: Buffer): Promise<void>;
  /**
   * Makes what append() wrote one object and returns its size (null: nothing was written). `patch`, if
   * given, overwrites bytes inside the first piece (a header value known only at the end, such as a
   * duration). S3: the pieces are joined by a multipart upload and removed. Idempotent: sealing a
   * sealed object changes nothing but the patched bytes.
   */
  seal(key: string, patch?: Patch): Promise<number | null>;
  /** A URL that reads the object until `expiresInSeconds` after `now` (default: the present). */
  signedUrl(key: string, expiresInSeconds: number, now?: Date): Promise<string>;
}

const SEGMENT = /^[A-Za-z0-9_.-]{1,200}$/;

/** Throws unless `key` is a safe relative object key. */
export function checkKey(key: string): string {
  const parts = key.split("/");
  if (!parts.every((p) => SEGMENT.test(p) && p !== "." && p !== "..")) throw new Error(`not a storage key: ${key}`);
  return key;
}

/** Where piece `seq` of an object being appended waits on a store without append (S3), until seal(). */
export function pieceKey(key: string, seq: number): string {
  return `${key}.pieces/${String(seq).padStart(8, "0")}`;
}
