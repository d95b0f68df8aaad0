"use client";
// Uploads a form with upload progress (fetch cannot report it; XMLHttpRequest can), following the
// same session rules as apiFetch: refresh before, one refresh and retry after a 401.
import { ApiError, serverMessage } from "./api";
import { ensureFreshSession, handleUnauthorized } from "./session";

interface Answer {
  status: number;
  body: unknown;
}

function send(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        /* not JSON: keep the text */
      }
      resolve({ status: xhr.status, body });
    };
    // The wording the spec's helper toasts recognise ("fetch" → network error).
    xhr.onerror = () => reject(new TypeError("Failed to fetch"));
    xhr.ontimeout = () => reject(new Error("Request timeout"));
    xhr.send(form);
  });
}

/** POSTs a multipart form; resolves with the JSON answer or throws ApiError with the server's message, else `fallback`. */
export async function uploadForm<T>(path: string, form: FormData, opts: { fallback: string; onProgress: (fraction: number) => void }): Promise<T> {
  await ensureFreshSession();
  let answer = await send(path, form, opts.onProgress);
  if (answer.status === 401 && (await handleUnauthorized())) answer = await send(path, form, opts.onProgress);
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, serverMessage(answer.body) ?? opts.fallback, answer.body);
  return answer.body as T;
}
