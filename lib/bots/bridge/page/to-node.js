// @ts-check
// Messages to Node: window[binding](json), a CDP binding (Runtime.addBinding) that no page CSP or
// local-network rule can block. A page opened a moment ago may not have it yet: its messages wait
// (frames excepted, which would only arrive late).

/** @typedef {(type: string, payload: Record<string, unknown>) => void} Send */

/**
 * @param {any} w the page's window
 * @param {string} bindingName
 */
export function channelToNode(w, bindingName) {
  /** Messages sent before the binding exists (a page opened a moment ago) wait for it. */
  /** @type {string[]} */
  const pending = [];
  /** @type {ReturnType<typeof setTimeout> | null} */
  let retry = null;
  const flush = () => {
    retry = null;
    const binding = w[bindingName];
    if (typeof binding !== "function") {
      retry = setTimeout(flush, 50);
      return;
    }
    while (pending.length > 0) binding(/** @type {string} */ (pending.shift()));
  };
  /** @type {Send} */
  const send = (type, payload) => {
    const message = JSON.stringify({ type, ...payload });
    const binding = w[bindingName];
    if (typeof binding === "function" && pending.length === 0) binding(message);
    else if (type !== "frame" && pending.length < 100) {
      pending.push(message);
      if (!retry) flush();
    }
  };
  return {
    send,
    /** For state(): whether the binding is there, and how many messages wait for it. */
    bound: () => typeof w[bindingName] === "function",
    pending: () => pending.length,
  };
}
