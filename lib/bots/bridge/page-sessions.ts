import type { CDPSession, Page } from "playwright-core";

// The CDP sessions of a bridge's pages. The page talks to Node through a CDP binding
// (Runtime.addBinding: no page CSP or local-network rule applies, no port to open) and Node talks to
// the page with Runtime.evaluate on the same CDP session, which delivers in order: a clear() sent
// after a play() always lands after it.

export interface PageSessionsOptions {
  /** The binding's name (the page calls window[binding](json)). */
  binding: string;
  /** After close(): messages are dropped and nothing is evaluated. */
  closed: () => boolean;
  /** A parsed message from the page; what it throws is reported as a bad message. */
  onMessage: (cdp: CDPSession, contextId: number, message: unknown) => void;
  onError: (error: Error) => void;
}

export interface PageSessions {
  /** Opens a CDP session on the page and adds the binding (again after each navigation). */
  attach(page: Page): Promise<void>;
  /** The bot's microphone lives in this session's execution context: calls go there from now on. */
  micAt(cdp: CDPSession, contextId: number): void;
  /**
   * Evaluates `expression` where the bot's microphone is (else in the first page's main frame).
   * Errors are reported, not thrown: the page may be navigating or gone.
   */
  evaluate(expression: string, awaitPromise?: boolean): Promise<unknown>;
  detachAll(): Promise<void>;
}

export function pageSessions({ binding, closed, onMessage, onError }: PageSessionsOptions): PageSessions {
  /** Where the bot's microphone lives: the session and execution context that asked for it. */
  let mic: { cdp: CDPSession; contextId?: number } | null = null;
  const sessions = new Map<Page, CDPSession>();

  return {
    async attach(page) {
      const cdp = await page.context().newCDPSession(page);
      sessions.set(page, cdp);
      cdp.on("Runtime.bindingCalled", (e) => {
        if (closed() || e.name !== binding) return;
        try {
          onMessage(cdp, e.executionContextId, JSON.parse(e.payload));
        } catch (err) {
          onError(new Error(`bad message from the page: ${(err as Error).message}`));
        }
      });
      await cdp.send("Runtime.addBinding", { name: binding });
      // A document that was being created while the binding was added can miss it; adding it again
      // installs it in every current document (Chromium's Runtime.addBinding walks all contexts).
      // Until then the page keeps its messages (page/to-node.js).
      page.on("framenavigated", () => void cdp.send("Runtime.addBinding", { name: binding }).catch(() => {}));
      page.once("close", () => sessions.delete(page));
    },

    micAt(cdp, contextId) {
      mic = { cdp, contextId };
    },

    async evaluate(expression, awaitPromise = false) {
      if (closed()) return undefined;
      let target = mic;
      if (!target) {
        const first = sessions.values().next();
        if (first.done) return undefined;
        target = { cdp: first.value };
      }
      try {
        const { result, exceptionDetails } = await target.cdp.send("Runtime.evaluate", {
          expression,
          returnByValue: true,
          awaitPromise,
          ...(target.contextId !== undefined ? { contextId: target.contextId } : {}),
        });
        if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
        return result.value;
      } catch (err) {
        // The microphone's document went away (a navigation): fall back to the main frame next time.
        if (target === mic && /context/i.test((err as Error).message)) mic = null;
        if (!closed()) onError(new Error(`page call failed: ${(err as Error).message}`));
        return undefined;
      }
    },

    async detachAll() {
      for (const cdp of sessions.values()) await cdp.detach().catch(() => {});
      sessions.clear();
    },
  };
}
