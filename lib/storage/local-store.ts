import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { checkKey, type ByteRange, type Storage, type StoredObject } from "./store.ts";
import { signLocalUrl } from "./local-url-signature.ts";

// Storage on this machine's disk, under `root` (DATA_DIR/storage by default). Writes go to a temp file
// first and are renamed into place, so a reader never sees half an object.

export function localStorage(root: string, baseUrl: string): Storage {
  const file = (key: string) => path.join(root, ...checkKey(key).split("/"));
  return {
    async put(key, body) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.${Date.now()}.part`;
      try {
        const source = typeof body === "string" || Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(source, createWriteStream(temp));
        await fs.rename(temp, target);
      } finally {
        await fs.rm(temp, { force: true });
      }
    },
    async get(key, range?: ByteRange): Promise<StoredObject | null> {
      const size = await this.size(key);
      if (size === null) return null;
      if (!range) return { body: createReadStream(file(key)), size };
      const end = Math.min(range.end ?? size - 1, size - 1);
      return { body: createReadStream(file(key), { start: range.start, end }), size, range: { start: range.start, end } };
    },
    async size(key) {
      const stat = await fs.stat(file(key)).catch(() => null);
      return stat?.isFile() ? stat.size : null;
    },
    async delete(key) {
      await fs.rm(file(key), { force: true });
    },
    async list(prefix) {
      // Only the folder the prefix names (its part up to the last "/") is read.
      const folder = prefix.includes("/") ? path.dirname(file(`${prefix.slice(0, prefix.lastIndexOf("/"))}/x`)) : root;
      const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((e) => e.isFile() && !e.name.endsWith(".part"))
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
        .filter((key) => key.startsWith(prefix))
        .sort();
    },
    async append(key, _seq, chunk) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // O_APPEND and fsync: the piece is on disk when this resolves (a crash loses only later ones).
      const handle = await fs.open(target, "a");
      try {
        await handle.write(chunk);
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    async seal(key, patch) {
      const size = await this.size(key);
      if (size === null || !patch || patch.at + patch.bytes.length > size) return size;
      const handle = await fs.open(file(key), "r+");
      try {
        await handle.write(patch.bytes, 0, patch.bytes.length, patch.at);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return size;
    },
    async signedUrl(key, expiresInSeconds, now = new Date()) {
      return signLocalUrl(baseUrl, checkKey(key), Math.floor(now.getTime() / 1000) + expiresInSeconds);
    },
  };
}
