// @ts-check
// PCM crosses between page and Node as base64 strings (Chromium's own Uint8Array base64 methods).

/** @param {ArrayBuffer} buffer */
export const toBase64 = (buffer) => /** @type {any} */ (new Uint8Array(buffer)).toBase64();

/** @param {string} text */
export const fromBase64 = (text) => /** @type {Uint8Array} */ (/** @type {any} */ (Uint8Array).fromBase64(text));
