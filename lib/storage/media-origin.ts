// Where a browser fetches signed URLs from, for the page's Content-Security-Policy (media-src): none
// besides Cohost itself for the local disk; the bucket's origin for S3 (path-style: the endpoint's).

export function storageMediaOrigin(env: NodeJS.ProcessEnv = process.env): string | null {
  const parsed = /^s3:\/\/([^/]+)/.exec(env.STORAGE_URL || "");
  if (!parsed) return null;
  const bucket = parsed[1];
  const endpoint = env.STORAGE_S3_ENDPOINT;
  try {
    if (endpoint) {
      const url = new URL(endpoint);
      return env.STORAGE_S3_FORCE_PATH_STYLE === "true" ? url.origin : `${url.protocol}//${bucket}.${url.host}`;
    }
  } catch {
    return null;
  }
  const region = env.STORAGE_S3_REGION || env.AWS_REGION || "us-east-1";
  return `https://${bucket}.s3.${region}.amazonaws.com`;
}
