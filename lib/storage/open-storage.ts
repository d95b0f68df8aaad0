import path from "node:path";
import { appUrl, dataDir } from "../config.ts";
import { localStorage } from "./local-store.ts";
import { s3Storage } from "./s3-store.ts";
import type { Storage } from "./store.ts";

// The deployment's storage, from its settings (docs/storage.md): none → DATA_DIR/storage on this disk;
// STORAGE_URL=s3://bucket/prefix → that bucket, at STORAGE_S3_ENDPOINT (absent: AWS) in
// STORAGE_S3_REGION, path-style when STORAGE_S3_FORCE_PATH_STYLE=true. The endpoint is an operator
// setting and trusted like DATABASE_URL: it is not user input, so lib/net's private-address guard
// (which is for URLs users give us) does not apply to it; a MinIO on localhost is a normal set-up.

let cached: { url: string; storage: Storage } | undefined;

export function openStorage(): Storage {
  const url = process.env.STORAGE_URL || "";
  const key = `${url}|${process.env.STORAGE_S3_ENDPOINT}|${process.env.DATA_DIR}`;
  if (cached?.url === key) return cached.storage;
  cached = { url: key, storage: fromUrl(url) };
  return cached.storage;
}

function fromUrl(url: string): Storage {
  if (!url) return localStorage(path.join(dataDir(), "storage"), appUrl());
  const parsed = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url);
  if (!parsed) throw new Error(`STORAGE_URL must be s3://bucket/prefix, got ${url}`);
  const prefix = parsed[2] && !parsed[2].endsWith("/") ? `${parsed[2]}/` : parsed[2];
  return s3Storage({
    bucket: parsed[1],
    prefix,
    client: {
      endpoint: process.env.STORAGE_S3_ENDPOINT || undefined,
      region: process.env.STORAGE_S3_REGION || process.env.AWS_REGION || "us-east-1",
      forcePathStyle: process.env.STORAGE_S3_FORCE_PATH_STYLE === "true",
    },
  });
}
