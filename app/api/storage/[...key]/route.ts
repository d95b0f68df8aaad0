import { objectResponse } from "@/lib/storage/object-response";
import { verifyLocalUrl } from "@/lib/storage/local-url-signature";
import { openStorage } from "@/lib/storage/open-storage";
import { checkKey } from "@/lib/storage/store";

// The local store's signed read URLs (lib/storage/local-url-signature.ts): no session, the signature
// is the permission; a tampered or expired one is 403, a missing object 404. Byte ranges for seeking.
export async function GET(request: Request, { params }: { params: Promise<{ key: string[] }> }): Promise<Response> {
  const key = (await params).key.join("/");
  const url = new URL(request.url);
  let valid = false;
  try {
    valid = verifyLocalUrl(checkKey(key), url.searchParams.get("expires"), url.searchParams.get("signature"));
  } catch {
    valid = false;
  }
  if (!valid) return Response.json({ error: "forbidden", message: "This link is not valid or has expired" }, { status: 403 });
  const type: Record<string, string> = key.endsWith(".webm") ? { "content-type": "audio/webm" } : {};
  const response = await objectResponse(openStorage(), key, request.headers.get("range"), { ...type, "cache-control": "private, no-store", "x-content-type-options": "nosniff" });
  return response ?? Response.json({ error: "not_found", message: "Not found" }, { status: 404 });
}
