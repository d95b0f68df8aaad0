// The failures lib/net names itself; callers turn them into their own words. Everything else a
// request can meet is Node's own error (ECONNREFUSED, ENOTFOUND, …), or PrivateAddressError.

/** No answer (or no whole answer) within the time the caller gave. */
export class RequestTimeoutError extends Error {
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = "RequestTimeoutError";
    this.timeoutMs = timeoutMs;
  }
}

/** A body larger than the caller accepts. */
export class BodyTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number, peer = "server") {
    super(`The ${peer} sent more than ${maxBytes} bytes`);
    this.name = "BodyTooLargeError";
    this.maxBytes = maxBytes;
  }
}

/** A redirect not followed: to an address the caller refuses (`problem`), or one too many (null). */
export class RedirectError extends Error {
  readonly problem: string | null;
  constructor(problem: string | null) {
    super(problem ?? "too many redirects");
    this.name = "RedirectError";
    this.problem = problem;
  }
}

/** A WebSocket upgrade the server answered with an ordinary HTTP response (e.g. 401), and its body. */
export class UpgradeRefusedError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, body: string) {
    super(`the upgrade was refused (${status})`);
    this.name = "UpgradeRefusedError";
    this.status = status;
    this.body = body;
  }
}
