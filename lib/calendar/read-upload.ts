import { AppError } from "../errors/app-error.ts";
import { calendarMaxBytes, sizeLimitMessage } from "./fetch-ics.ts";

export interface Upload {
  fileName: string;
  text: string;
  fields: Record<string, string>;
}

// Room for the multipart framing and the small fields around the file.
const FORM_OVERHEAD = 64 * 1024;

function tooLarge(): AppError {
  const message = sizeLimitMessage().replace("The calendar", "The file");
  return new AppError("validation_error", message, { issues: [{ path: "file", message }] });
}

/** The body, read no further than `limit` bytes (a chunked upload has no Content-Length to trust). */
async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("content-length")) > limit) throw tooLarge();
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** A multipart/form-data upload with one `file` (an .ics) and text fields. */
export async function readUpload(request: Request): Promise<Upload> {
  const body = await readLimited(request, calendarMaxBytes() + FORM_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw new AppError("bad_request", "The upload could not be read. Send the calendar as multipart/form-data with a file field.");
  }
  const file = form.get("file");
  if (!(file instanceof Blob)) {
    const message = "Choose an .ics file to upload";
    throw new AppError("validation_error", message, { issues: [{ path: "file", message }] });
  }
  if (file.size > calendarMaxBytes()) throw tooLarge();
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && value.trim()) fields[key] = value;
  return { fileName: file instanceof File ? file.name : "", text: new TextDecoder().decode(await file.arrayBuffer()), fields };
}
